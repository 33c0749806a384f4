// SPDX-License-Identifier: MIT
#include "search_run.hpp"

#include <pybind11/pybind11.h>

#include <csignal>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>

#include <bt/limits.hpp>
#include <btsolve/cli.hpp>

namespace btsolve::python {

namespace py = pybind11;

namespace {

/// SIGINT arrived during the current run (set by the handler only).
std::atomic<bool>& sigint_seen() {
  static std::atomic<bool> seen{false};
  return seen;
}

extern "C" void on_sigint(int) {
  sigint_seen().store(true, std::memory_order_relaxed);
  bt::interrupt_flag().store(true, std::memory_order_relaxed);
}

/// SIGINT goes to the runner's flag for the scope's life, then back to Python's handler.
class sigint_scope {
 public:
  explicit sigint_scope(bool on) : on_(on) {
    if (on_) previous_ = std::signal(SIGINT, on_sigint);
  }
  sigint_scope(const sigint_scope&) = delete;
  sigint_scope& operator=(const sigint_scope&) = delete;
  ~sigint_scope() {
    if (on_ && previous_ != SIG_ERR) std::signal(SIGINT, previous_);
  }

 private:
  bool on_;
  void (*previous_)(int) = SIG_ERR;
};

/// Runs are one at a time: the interrupt flag they stop by is process-wide.
std::mutex& run_lock() {
  static std::mutex m;
  return m;
}

/// This thread is inside a run (in a callback of its search).
bool& running() {
  thread_local bool inside = false;
  return inside;
}

struct running_scope {
  running_scope() { running() = true; }
  running_scope(const running_scope&) = delete;
  running_scope& operator=(const running_scope&) = delete;
  running_scope(running_scope&&) = delete;
  running_scope& operator=(running_scope&&) = delete;
  ~running_scope() { running() = false; }
};

}  // namespace

run_result run_runner(const registry& reg, const std::vector<std::string>& args, bool catch_sigint,
                      bool release_gil) {
  if (running()) {  // the run's lock is held by this very thread: waiting would never end
    throw std::runtime_error("a btsolve search cannot start inside a callback of another");
  }
  std::unique_lock<std::mutex> lock(run_lock(), std::defer_lock);
  {
    // Waiting for another thread's run must not hold the GIL that run may need.
    py::gil_scoped_release wait;
    lock.lock();
  }
  run_result r;
  std::ostringstream out;
  std::ostringstream err;
  sigint_seen().store(false);
  bt::interrupt_flag().store(false);
  {
    const sigint_scope sig(catch_sigint);
    std::optional<py::gil_scoped_release> nogil;
    if (release_gil) nogil.emplace();
    const running_scope inside;
    r.code = run_args(reg, args, {out, err});
  }
  r.interrupted = sigint_seen().load();
  bt::interrupt_flag().store(false);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace btsolve::python
