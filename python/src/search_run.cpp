// SPDX-License-Identifier: MIT
#include "search_run.hpp"

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <bt/limits.hpp>
#include <btsolve/cli.hpp>
#include <btsolve/input.hpp>

#include "python_call.hpp"

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

/// What the watchdog and the callbacks share (runs are one at a time).
struct watch_state {
  std::atomic<bool> in_callback{false};
  std::atomic<bool> injected{false};
};

watch_state& watch() {
  static watch_state w;
  return w;
}

/// Python code called by the search runs with the GIL, and a callback that loops or sleeps
/// never reaches the engine's limits. When the run must stop (Ctrl-C, the time limit) and a
/// callback has been running for 100 ms more, the watchdog raises KeyboardInterrupt in the
/// search's thread (PyThreadState_SetAsyncExc: a signal handler would reach the main thread
/// only); the callback guard takes it as the stop, not as an error (python_call.hpp).
class callback_watchdog {
 public:
  callback_watchdog() : thread_(PyThread_get_thread_ident()) {
    watch().injected.store(false);
    worker_ = std::thread([this] { loop(); });
  }
  callback_watchdog(const callback_watchdog&) = delete;
  callback_watchdog& operator=(const callback_watchdog&) = delete;
  /// With the GIL held: the watchdog may be waiting for it.
  ~callback_watchdog() {
    {
      const std::lock_guard<std::mutex> lk(m_);
      done_.store(true);
    }
    cv_.notify_all();
    {
      const py::gil_scoped_release nogil;
      worker_.join();
    }
    // A KeyboardInterrupt raised as the callback returned is still pending: not for the caller.
    if (watch().injected.load()) PyThreadState_SetAsyncExc(thread_, nullptr);
  }

 private:
  using clock = std::chrono::steady_clock;

  void loop() {
    std::optional<clock::time_point> due_since;
    std::unique_lock<std::mutex> lk(m_);
    while (!done_.load()) {
      cv_.wait_for(lk, std::chrono::milliseconds(20));
      if (done_.load()) break;
      const auto now = clock::now();
      // The run's time limit as its session published it (begin_reading).
      const auto deadline = reading_deadline();
      const bool due = sigint_seen().load() || (deadline && now >= *deadline);
      if (!due || !watch().in_callback.load() || watch().injected.load()) {
        if (!due) due_since.reset();
        continue;
      }
      if (!due_since) due_since = now;
      if (now - *due_since < std::chrono::milliseconds(100)) continue;
      lk.unlock();
      const PyGILState_STATE st = PyGILState_Ensure();
      if (!done_.load() && watch().in_callback.load()) {
        watch().injected.store(true);
        PyThreadState_SetAsyncExc(thread_, PyExc_KeyboardInterrupt);
      }
      PyGILState_Release(st);
      lk.lock();
    }
  }

  unsigned long thread_;
  std::atomic<bool> done_{false};
  std::mutex m_;
  std::condition_variable cv_;
  std::thread worker_;
};

}  // namespace

bool stop_injected() { return watch().injected.load(); }

callback_scope::callback_scope() { watch().in_callback.store(true); }

callback_scope::~callback_scope() { watch().in_callback.store(false); }

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
    // Declared before nogil: made and ended with the GIL held.
    std::optional<callback_watchdog> watchdog;
    // The last run's deadline must not stop this one before its session sets its own.
    begin_reading(std::nullopt);
    if (!release_gil) watchdog.emplace();
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
