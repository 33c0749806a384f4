// SPDX-License-Identifier: MIT
// The plugin interface: one per problem, the only virtual layer, above the templated engine.
#pragma once

#include <boost/program_options.hpp>
#include <iosfwd>
#include <stdexcept>
#include <string_view>

#include "common_options.hpp"

namespace btsolve {

namespace po = boost::program_options;

/// A bad command line or bad input: what() is the one line printed before exit code 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The exit codes of every subcommand (docs/cli.md).
enum exit_code : int { solved = 0, no_solution = 1, bad_input = 2, stopped = 3 };

/// A problem as the runner sees it.
class plugin {
 public:
  virtual ~plugin() = default;
  /// Add this problem's own options (the common ones are added by the runner).
  virtual void add_options(po::options_description& desc) const = 0;
  /// Build the problem from vm, search as `common` says, print to out (results) and err
  /// (statistics, stop reason); return an exit_code. Throws usage_error for bad input.
  virtual int run(const po::variables_map& vm, const run_options& common, std::ostream& out,
                  std::ostream& err) = 0;
};

}  // namespace btsolve
