// SPDX-License-Identifier: MIT
#include "search_run.hpp"

#include <pybind11/pybind11.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <thread>

#include <pthread.h>

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
  bt::interrupt_all();
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

/// Runs are one at a time: Ctrl-C and a failing callback stop them by bt::interrupt_all(), which
/// reaches every search of the process (each search polls its own stop source).
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

/// What the watchdog and the callbacks share (runs are one at a time). Made once and never
/// destroyed: the watchdog's thread waits on it for the process's life.
struct watch_state {
  std::atomic<bool> in_callback{false};
  std::atomic<bool> injected{false};
  std::mutex m;
  std::condition_variable cv;
  bool active = false;           // a run that calls Python is on (guarded by m)
  std::uint64_t generation = 0;  // runs begun (guarded by m): a decision is for one run
  unsigned long thread = 0;      // the run's Python thread (guarded by m)
  bool started = false;          // the watchdog's thread runs (guarded by m)
  bool asleep = false;           // it waits for a run's notice, no longer polling (m)
};

watch_state*& watch_ptr() {
  static watch_state* w = new watch_state;  // leaked on purpose: see watch_state
  return w;
}

watch_state& watch() { return *watch_ptr(); }

using watch_clock = std::chrono::steady_clock;

/// The watchdog's loop: every 20 ms, during a run, whether the run must stop while a
/// callback has been running for 100 ms more. Between runs it polls on for a second, then
/// sleeps until a run wakes it: waking it at every run cost about 15 us a run (a context
/// switch on a busy machine), which searches called in a loop no longer pay.
void watch_loop(watch_state& w) {
  std::optional<watch_clock::time_point> due_since;
  std::uint64_t seen = 0;  // the run due_since is of
  int idle = 0;            // polls since the last run ended
  std::unique_lock<std::mutex> lk(w.m);
  for (;;) {
    if (w.active) {
      idle = 0;
    } else if (++idle > 50) {
      w.asleep = true;
      w.cv.wait(lk, [&w] { return w.active; });
      w.asleep = false;
      idle = 0;
    }
    w.cv.wait_for(lk, std::chrono::milliseconds(20));
    if (!w.active) continue;
    if (w.generation != seen) {
      due_since.reset();
      seen = w.generation;
    }
    const auto now = watch_clock::now();
    // The run's time limit as its session published it (begin_reading).
    const auto deadline = reading_deadline();
    const bool due = sigint_seen().load() || (deadline && now >= *deadline);
    if (!due || !w.in_callback.load() || w.injected.load()) {
      if (!due) due_since.reset();
      continue;
    }
    if (!due_since) due_since = now;
    if (now - *due_since < std::chrono::milliseconds(100)) continue;
    const std::uint64_t run = w.generation;
    const unsigned long thread = w.thread;
    lk.unlock();
    const PyGILState_STATE st = PyGILState_Ensure();
    {
      // The run ends with the GIL held, so under the GIL it is still on, or over.
      const std::lock_guard<std::mutex> again(w.m);
      if (w.active && w.generation == run && w.in_callback.load()) {
        w.injected.store(true);
        PyThreadState_SetAsyncExc(thread, PyExc_KeyboardInterrupt);
      }
    }
    PyGILState_Release(st);
    lk.lock();
  }
}

/// Python code called by the search runs with the GIL, and a callback that loops or sleeps
/// never reaches the engine's limits. When the run must stop (Ctrl-C, the time limit) and a
/// callback has been running for 100 ms more, the watchdog raises KeyboardInterrupt in the
/// search's thread (PyThreadState_SetAsyncExc: a signal handler would reach the main thread
/// only); the callback guard takes it as the stop, not as an error (python_call.hpp). The
/// watchdog's thread is started by the first such run and then waits for the next: a thread
/// made and joined per run cost about 50 us, a quarter of a small search's time.
class callback_watchdog {
 public:
  /// With the GIL held.
  callback_watchdog() {
    watch_state& w = watch();
    const std::lock_guard<std::mutex> lk(w.m);
    if (!w.started) {
      std::thread(watch_loop, std::ref(w)).detach();
      w.started = true;
    }
    w.injected.store(false);
    w.thread = PyThread_get_thread_ident();
    ++w.generation;
    w.active = true;
    if (w.asleep) w.cv.notify_all();
  }
  callback_watchdog(const callback_watchdog&) = delete;
  callback_watchdog& operator=(const callback_watchdog&) = delete;
  /// With the GIL held: the watchdog decides to raise only under the GIL (watch_loop).
  ~callback_watchdog() {
    watch_state& w = watch();
    unsigned long thread = 0;
    {
      const std::lock_guard<std::mutex> lk(w.m);
      w.active = false;
      thread = w.thread;
    }
    // A KeyboardInterrupt raised as the callback returned is still pending: not for the caller.
    if (w.injected.load()) PyThreadState_SetAsyncExc(thread, nullptr);
  }
};

/// A child made by fork() has no watchdog thread (only the forking thread goes on): it makes
/// a state and a thread of its own at its first run.
[[maybe_unused]] const bool fork_handled = [] {
  pthread_atfork(nullptr, nullptr, [] { watch_ptr() = new watch_state; });
  return true;
}();

}  // namespace

bool stop_injected() { return watch().injected.load(); }

// Relaxed: the watchdog acts only after reading the flag again under the GIL, which this
// thread holds for the whole callback (a sequentially consistent store, an xchg, cost a small
// search 1% of its time at two per call).
callback_scope::callback_scope() { watch().in_callback.store(true, std::memory_order_relaxed); }

callback_scope::~callback_scope() { watch().in_callback.store(false, std::memory_order_relaxed); }

bool run_guarded(const std::function<void()>& body, bool catch_sigint, bool release_gil) {
  if (running()) {  // the run's lock is held by this very thread: waiting would never end
    throw std::runtime_error("a btsolve search cannot start inside a callback of another");
  }
  std::unique_lock<std::mutex> lock(run_lock(), std::try_to_lock);
  if (!lock.owns_lock()) {
    // Waiting for another thread's run must not hold the GIL that run may need (the lock is
    // tried first: releasing the GIL and taking it back costs a small search a microsecond).
    py::gil_scoped_release wait;
    lock.lock();
  }
  sigint_seen().store(false);
  bt::clear_interrupt();
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
    try {
      body();
    } catch (...) {
      bt::clear_interrupt();
      throw;
    }
  }
  const bool interrupted = sigint_seen().load();
  bt::clear_interrupt();
  return interrupted;
}

run_result run_runner(const registry& reg, const std::vector<std::string>& args, bool catch_sigint,
                      bool release_gil) {
  run_result r;
  std::ostringstream out;
  std::ostringstream err;
  r.interrupted = run_guarded(
      [&] {
        r.code = run_args(reg, args, {out, err});
      },
      catch_sigint, release_gil);
  r.out = out.str();
  r.err = err.str();
  return r;
}

}  // namespace btsolve::python
