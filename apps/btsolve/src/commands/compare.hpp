// SPDX-License-Identifier: MIT
// `btsolve compare PROBLEM ...`: run a problem once per (strategy, size or input) and
// tabulate the statistics. Each run is the problem's own run() with the argv a user would
// give it, read back through its JSON, so every problem and every strategy it accepts works.
#pragma once

#include <cstdint>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include <btsolve/plugin.hpp>

namespace btsolve {

/// One cell of the comparison: one strategy on one size or input.
struct compare_cell {
  std::string strategy;     ///< as given in --strategies
  std::string instance;     ///< the size ("8") or the input file
  std::size_t column = 0;   ///< the instance's index (compare_report::columns)
  std::uint64_t nodes = 0;  ///< statistics read from the run's JSON
  std::uint64_t checks = 0;
  std::uint64_t backtracks = 0;
  std::uint64_t solutions = 0;      ///< the run's count (its "count", else stats.solutions)
  double seconds = 0.0;             ///< the median of seconds_all
  std::vector<double> seconds_all;  ///< each repeat's seconds, in run order
  nlohmann::json stats = nlohmann::json::object();  ///< the run's whole "stats" object
  std::string stopped;  ///< empty, or the stop reason ("time limit reached")
  std::string refused;  ///< empty, or why the problem refused this run
  int exit = 0;         ///< the run's exit code
};

/// One column of the comparison: a size or an input file, with the colours its runs were given.
struct compare_column {
  std::string instance;        ///< "8", or the file as given
  std::string label;           ///< the pivot's header: "n=8", "myciel3.col (m=4)"
  std::optional<int> colours;  ///< --colours for this column's runs, when compare chose it
  std::string colours_from;    ///< "given", "answers.csv" or "computed" (with colours)
};

/// Everything a comparison prints: what was asked and the cells made so far.
struct compare_report {
  std::string problem;
  bool sizes = false;  ///< columns are -n values, not --input files
  bool own = false;    ///< one column: the instance the problem's own options give
  std::vector<std::string> strategies;
  std::vector<compare_column> columns;
  mode what = mode::first;                  ///< what each run looks for
  std::optional<std::uint64_t> limit;       ///< --limit K
  std::optional<double> time_limit;         ///< per run
  std::optional<std::uint64_t> node_limit;  ///< per run
  int repeat = 1;                           ///< runs per cell; seconds is their median
  std::string measure = "work";             ///< the pivot's, the ratios' and the plot's
  bool measure_given = false;               ///< --measure was given (the plot draws only it)
  std::optional<std::string> baseline;      ///< --baseline S: ratios to S's cell in each column
  std::vector<compare_cell> cells;          ///< strategy-major, as run
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
