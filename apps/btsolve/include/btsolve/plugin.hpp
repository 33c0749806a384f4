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

/// The modes a strategy answers, as bits: first solution, every solution, a count.
enum mode_bits : unsigned { finds_first = 1U, finds_all = 2U, counts = 4U, every_mode = 7U };

/// The bit of mode m in mode_bits.
constexpr unsigned bit_of(mode m) {
  return m == mode::first ? finds_first : m == mode::all ? finds_all : counts;
}

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
};

/// A command beside the problems (`compare`, `merge`): the words after its name, the
/// registry of problems it may run, the streams. Returns an exit_code; throws usage_error.
class command {
 public:
  virtual ~command() = default;
  virtual int run(const registry& reg, const std::vector<std::string>& args, run_io io) = 0;
};

}  // namespace btsolve
