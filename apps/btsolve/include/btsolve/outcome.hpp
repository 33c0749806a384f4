// SPDX-License-Identifier: MIT
// How a run ended, decided once (issue 30, item 4): one status and one statistics record, from
// which every consumer writes its part: the report its text lines and JSON tail ("status",
// "stopped", "exhausted", "optimal"), the command its exit code, work units and merge their
// lines. As in OR-Tools CP-SAT's single solver status, no consumer re-derives the verdict from
// counts and flags of its own.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <bt/limits.hpp>
#include <bt/stats.hpp>

namespace btsolve {

/// How a run ended. A run that met its solution quota (a first solution, --limit K) is solved:
/// it has what it asked for. The three stops are bt::stop_reason's, whatever was found before.
enum class run_status : std::uint8_t {
  solved,       ///< what was asked was found (a solution, K of them, a count of at least one)
  optimal,      ///< an optimisation's best value, proven by an exhausted search
  no_solution,  ///< the search was exhausted and found none (or the problem's own test failed)
  node_limit,   ///< stopped by --node-limit
  time_limit,   ///< stopped by --time-limit
  interrupted,  ///< stopped by Ctrl-C or SIGTERM
  error,        ///< bad usage, bad input or unwritable output: no result, one line on stderr
};

/// Every status, in declaration order.
inline constexpr std::array all_statuses{run_status::solved,      run_status::optimal,
                                         run_status::no_solution, run_status::node_limit,
                                         run_status::time_limit,  run_status::interrupted,
                                         run_status::error};

/// The status as the JSON "status" member and Python's Result.status spell it: "solved",
/// "optimal", "no_solution", "node_limit", "time_limit", "interrupted", "error".
std::string_view to_string(run_status s);

/// The status a word names (to_string's inverse), or nothing.
std::optional<run_status> status_named(std::string_view word);

/// The exit code of a run that ended so (docs/cli.md): 0 solved or optimal, 1 no solution,
/// 3 stopped, 2 error.
int exit_code_of(run_status s);

/// Whether a limit or an interrupt cut the run short.
bool is_stop(run_status s);

/// The stop a status stands for (none unless is_stop), for the "stopped: <reason>" line and
/// the JSON "stopped" member.
bt::stop_reason stop_reason_of(run_status s);

/// The status of a stop by r; r must not be none.
run_status stop_status(bt::stop_reason r);

/// What a run observed by its end: the inputs of decide().
struct run_facts {
  std::uint64_t found = 0;                       ///< solutions (or improvements) counted
  bt::stop_reason stop = bt::stop_reason::none;  ///< the first stop by a limit or interrupt
  bool quota_met = false;  ///< the run found the solutions it asked for, and stopped there
  /// The problem's word on whether the whole tree was explored; by default: no stop and no
  /// quota met.
  std::optional<bool> exhausted;
  /// The problem's own verdict on success (a batch of puzzles: every one solved); by
  /// default: found > 0.
  std::optional<bool> success;
  bool optimising = false;  ///< the solutions are improvements of an objective
};

/// How a run ended: the status and the record the report prints.
struct run_outcome {
  run_status status = run_status::error;
  bool exhausted = false;   ///< the whole tree was explored (JSON "exhausted")
  std::uint64_t count = 0;  ///< solutions (or improvements) found
  bt::stats stats;          ///< the run's statistics, as reported

  /// The exit code: exit_code_of(status).
  [[nodiscard]] int exit_code() const { return exit_code_of(status); }
  /// The stop, or none: stop_reason_of(status).
  [[nodiscard]] bt::stop_reason stop() const { return stop_reason_of(status); }
  /// An optimisation's value is proven optimal (JSON "optimal").
  [[nodiscard]] bool optimal() const { return status == run_status::optimal; }
};

/// The outcome of a run from what it observed: a stop decides first (its limit is the status,
/// whatever was found before it); then a failed run is no_solution; then an optimisation whose
/// search was exhausted is optimal; anything else that succeeded is solved.
run_outcome decide(const run_facts& f, const bt::stats& stats = {});

}  // namespace btsolve
