// SPDX-License-Identifier: MIT
// `btsolve compare PROBLEM ...`: run a problem once per (strategy, size or input) and
// tabulate the statistics. Each run is the problem's own run() with the argv a user would
// give it, read back through its JSON, so every problem and every strategy it accepts works.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <string>
#include <vector>

#include <btsolve/plugin.hpp>

namespace btsolve {

/// One cell of the comparison: one strategy on one size or input.
struct compare_cell {
  std::string strategy;     ///< as given in --strategies
  std::string instance;     ///< the size ("8") or the input file
  std::uint64_t nodes = 0;  ///< statistics read from the run's JSON
  std::uint64_t checks = 0;
  std::uint64_t backtracks = 0;
  std::uint64_t solutions = 0;
  double seconds = 0.0;
  std::string stopped;  ///< empty, or the stop reason ("time limit reached")
  std::string refused;  ///< empty, or why the problem refused this run
  int exit = 0;         ///< the run's exit code
};

/// Parse "4..12", "4,6,8" or a mix ("4..6,10") into sizes; throws usage_error naming option.
std::vector<std::int64_t> parse_sizes(const std::string& text, const std::string& option);

/// Split "a,b,c" on commas, dropping empty items.
std::vector<std::string> split_list(const std::string& text);

/// `compare`: args are everything after "compare". Returns the exit code (0 done, 2 bad
/// usage or a strategy the problem refuses, 3 interrupted).
class compare_command final : public command {
 public:
  int run(const registry& reg, const std::vector<std::string>& args, run_io io) override;
};

}  // namespace btsolve
