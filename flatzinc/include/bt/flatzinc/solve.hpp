// SPDX-License-Identifier: MIT
// A FlatZinc run: MiniZinc's standard solver flags (-a -n -s -t -f -r -p) and the engine's
// switches (--strategy, --inference, --var-order, --val-order, --jump, --trace), the search of
// an instance (translate.hpp) under them, and its output exactly as the FlatZinc
// specification says: `x = 3;` lines, `----------`, `==========`, `=====UNSATISFIABLE=====`,
// `=====UNKNOWN=====`, and `%%%mzn-stat:` lines. fzn-btsolve is run_cli over argv; the runner
// can call the same pieces.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>

#include <bt/cp/strategy.hpp>
#include <bt/flatzinc/translate.hpp>

namespace bt::flatzinc {

/// A command line that cannot be followed (exit 2); what() is one line.
class usage_error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// The switches of one run.
struct options {
  std::string file;         ///< the .fzn file ("-": standard input)
  bool all = false;         ///< -a: every solution, or every improving one
  std::uint64_t count = 0;  ///< -n: stop after this many solutions (0: as -a says)
  bool statistics = false;  ///< -s: %%%mzn-stat lines after the search
  std::optional<std::chrono::milliseconds> time_limit;  ///< -t, from the start of the run
  std::uint64_t node_limit = 0;                         ///< --node-limit (0: none)
  bool free_search = false;                             ///< -f: ignore the search annotations
  std::uint64_t seed = 1;                               ///< -r: indomain_random's seed
  int threads = 1;  ///< -p: accepted; the search runs on one thread
  /// The engine's switches: mac with binary branching (Gecode's semantics) unless said, and
  /// for the variables no search annotation covers dom/wdeg, smallest value first (Gecode
  /// branches on AFC/size there, of the same family: both learn from failures).
  cp::strategy strategy{cp::var_select::dom_wdeg, cp::val_select::min,
                        csp::inference::mac,      csp::jump::bt,
                        cp::branching::binary,    1};
  /// A variable or value order was given on the command line: it applies to every variable,
  /// as with free search.
  bool orders_given = false;
  bool trace = false;  ///< --trace: decisions and failures on the error stream
  std::optional<std::string> solution_file;  ///< --check-solution: fix the outputs to it
  std::optional<double> flat_time;           ///< --flat-time: reported as flatTime
  bool help = false;                         ///< -h, --help: print the usage only
  bool version = false;                      ///< --version: print the version only
};

/// Parse fzn-btsolve's arguments (without the program's name). Throws usage_error.
options parse_options(std::span<const std::string> args);

/// The usage text of fzn-btsolve.
std::string usage();

/// What a run found, for callers that read more than the text.
struct result {
  std::uint64_t solutions = 0;  ///< solutions printed (improving ones when optimising)
  bool exhausted = false;       ///< the search space was explored (optimum or all solutions)
  bool stopped = false;         ///< a limit (time, nodes, interrupt) stopped the search
};

/// A solution of inst (every output variable fixed in s) as the FlatZinc specification
/// prints it: `x = 3;` and `a = array1d(1..2, [1, 2]);` lines, without the separator.
std::string solution_text(const instance& inst, const cp::space& s);

/// The model a run searches: inst's, and when `follow`, its search annotations as phases
/// (under d-way branching a domain split reads as its first half first, value by value).
std::shared_ptr<cp::model> searched_model(const instance& inst, bool follow, cp::branching branch);

/// Search `inst` as `opts` say, printing solutions and status lines to out (statistics too)
/// and the trace to err. Throws error for a search annotation the solver cannot follow (unless
/// free search) and for switches the model cannot take (e.g. split with fc).
result solve(const instance& inst, const options& opts, std::ostream& out, std::ostream& err,
             std::chrono::steady_clock::time_point start = std::chrono::steady_clock::now());

/// The whole command: parse args, read and translate the file, solve. Every error is one line
/// on err ("fzn-btsolve: error: ..." or "FILE:LINE:COL: ...") and exit code 2; a run that
/// completes returns 0, whatever it found (MiniZinc reads the status from the output).
int run_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err);

}  // namespace bt::flatzinc
