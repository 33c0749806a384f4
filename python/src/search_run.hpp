// SPDX-License-Identifier: MIT
// One run of the runner from Python: its words, what it printed, its exit code, and the
// callbacks it made into Python. The three searches of the module (a built-in problem, a CSP,
// an object with the engine's methods) all end in one of these.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include <btsolve/registry.hpp>

namespace btsolve::python {

/// What a run printed and returned.
struct run_result {
  int code = 0;              ///< the runner's exit code (docs/cli.md)
  std::string out;           ///< the results: the JSON document with --format json
  std::string err;           ///< statistics, the stop line, errors
  std::uint64_t calls = 0;   ///< callbacks into Python (constraint or method calls)
  bool interrupted = false;  ///< SIGINT arrived during the run
  bool halted = false;       ///< a callback that would not return was stopped (search_run.cpp)
};

/// Run args over reg with SIGINT caught for the run (when catch_sigint: the caller is the
/// main thread): Ctrl-C stops the search and the partial result is printed. Runs are one at a
/// time (they are stopped by bt::interrupt_all, process-wide). release_gil: no Python is called
/// during the run.
run_result run_runner(const registry& reg, const std::vector<std::string>& args, bool catch_sigint,
                      bool release_gil);

/// Run body under run_runner's rules (one run at a time, SIGINT caught when catch_sigint, the
/// watchdog while Python may be called, the GIL released when release_gil); returns whether
/// SIGINT arrived.
bool run_guarded(const std::function<void()>& body, bool catch_sigint, bool release_gil);

}  // namespace btsolve::python
