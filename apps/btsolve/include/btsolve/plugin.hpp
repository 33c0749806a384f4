// SPDX-License-Identifier: MIT
// What the registry holds: a command (compare, merge) or a problem. Both are virtual
// interfaces called once per run, above the templated engine; a problem is normally not
// written against this interface but described (problem.hpp), which implements it.
#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <string>
#include <string_view>
#include <vector>

#include <btsolve/errors.hpp>
#include <btsolve/options.hpp>

namespace btsolve {

namespace po = boost::program_options;

class registry;

/// A strategy as a problem declares it (`--strategy NAME`, `compare`, `--help`).
struct strategy_info {
  std::string_view name;        ///< as typed after --strategy
  std::string_view summary;     ///< what it is: the --stats block and JSON "strategy_summary"
  unsigned modes = every_mode;  ///< the modes it answers (mode_bits)
  bool tree = true;             ///< a tree search: --trace, --tree, --replay, --estimate apply
  /// It optimises an objective (branch and bound): its solutions are improvements, and
  /// counting them means nothing (docs/cli.md, "Optimisation").
  bool optimises = false;
};

/// Where the streams of one run go.
struct run_io {
  std::ostream& out;  ///< results
  std::ostream& err;  ///< statistics, stop line, warnings
};

/// A problem as the runner sees it: its options, its strategies and a run.
class plugin {
 public:
  virtual ~plugin() = default;
  /// Add this problem's own options (the common ones are added by the runner).
  virtual void add_options(po::options_description& desc) const = 0;
  /// The strategies it declares, in the order `compare` runs them.
  [[nodiscard]] virtual std::vector<strategy_info> strategies() const = 0;
  /// The values --format takes, the default first.
  [[nodiscard]] virtual std::vector<std::string> formats() const = 0;
  /// Search as vm and `common` say, print the results; return an exit_code. Throws
  /// usage_error for bad input.
  virtual int run(const po::variables_map& vm, const run_options& common, run_io io) = 0;
  /// The modes some strategy answers (mode_bits): --help lists only their options.
  [[nodiscard]] virtual unsigned modes() const { return every_mode; }
  /// Its own options as declared (option_record), without the common ones: `btsolve
  /// describe`'s JSON. By default read from add_options(), each a flag or a text; a described
  /// problem gives its option_set's typed records (problem.hpp).
  [[nodiscard]] virtual std::vector<option_record> option_records() const;
  /// Check, as run() would and without searching, the options that do not depend on the
  /// instance (threads and units, a named strategy and the engine's switches): `compare` calls
  /// it once before any run, so that a bad option is the runner's one-line error there too.
  /// Throws usage_error.
  virtual void check(const po::variables_map& /*vm*/, const run_options& /*common*/) const {}
};

/// A command beside the problems (`compare`, `merge`): the words after its name, the
/// registry of problems it may run, the streams. Returns an exit_code; throws usage_error.
class command {
 public:
  virtual ~command() = default;
  virtual int run(const registry& reg, const std::vector<std::string>& args, run_io io) = 0;
};

}  // namespace btsolve
