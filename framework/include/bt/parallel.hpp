// SPDX-License-Identifier: MIT
// Running independent tasks (subproblems) on several threads with oneTBB, and a limit visitor
// shared by all of them. Results are stored per task, so a caller that adds them in task order
// gets the same totals whatever the number of threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <thread>

#include <oneapi/tbb/blocked_range.h>
#include <oneapi/tbb/info.h>
#include <oneapi/tbb/parallel_for.h>
#include <oneapi/tbb/task_arena.h>

#include <bt/events.hpp>
#include <bt/limits.hpp>

namespace bt {

/// Limits shared by every thread of a run: a node budget, a deadline, Ctrl-C, and a stop flag
/// that the first thread to hit a limit raises for all.
class shared_limits {
 public:
  using clock = std::chrono::steady_clock;

  /// max_nodes 0: no node limit; no deadline: no time limit.
  shared_limits(std::uint64_t max_nodes, std::optional<clock::time_point> deadline)
      : max_nodes_(max_nodes), deadline_(deadline) {}

  /// Add `nodes` to the run's count and check every limit; false when the run must stop.
  bool charge(std::uint64_t nodes) {
    const std::uint64_t total = nodes_.fetch_add(nodes, std::memory_order_relaxed) + nodes;
    if (max_nodes_ != 0 && total > max_nodes_) {
      stop(stop_reason::node_limit);
    } else if (interrupt_flag().load(std::memory_order_relaxed)) {
      stop(stop_reason::interrupted);
    } else if (deadline_ && clock::now() >= *deadline_) {
      stop(stop_reason::time_limit);
    }
    return !stopped();
  }
  /// True once any thread hit a limit.
  [[nodiscard]] bool stopped() const { return reason_.load(std::memory_order_relaxed) != 0; }
  /// The first limit hit, or none.
  [[nodiscard]] stop_reason reason() const {
    return static_cast<stop_reason>(reason_.load(std::memory_order_relaxed));
  }

 private:
  void stop(stop_reason r) {
    int expected = 0;
    reason_.compare_exchange_strong(expected, static_cast<int>(r));
  }

  std::uint64_t max_nodes_;
  std::optional<clock::time_point> deadline_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<int> reason_{0};
};

/// One thread's view of shared_limits: counts nodes locally and charges them every 4096.
class shared_limit_visitor {
 public:
  /// Charge to `limits`, which must outlive the visitor.
  explicit shared_limit_visitor(shared_limits& limits) : limits_(limits) {}
  shared_limit_visitor(const shared_limit_visitor&) = delete;
  shared_limit_visitor& operator=(const shared_limit_visitor&) = delete;
  /// Charge what is left at the end of a task.
  ~shared_limit_visitor() { limits_.charge(pending_); }

  template <class P>
  flow on(const ev::node<P>&) {
    if (++pending_ == 4096) {
      pending_ = 0;
      return limits_.charge(4096) ? flow::go_on : flow::stop;
    }
    return flow::go_on;
  }

 private:
  shared_limits& limits_;
  std::uint64_t pending_ = 0;
};

namespace detail {
#if defined(__SANITIZE_THREAD__)
inline constexpr bool under_tsan = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool under_tsan = true;
#else
inline constexpr bool under_tsan = false;
#endif
#else
inline constexpr bool under_tsan = false;
#endif
}  // namespace detail

/// Call task(i) for every i in [0, count) on `threads` threads (0: all cores), one task at a
/// time per thread; tasks not yet started when limits.stopped() is set are skipped.
/// What the caller wrote before the call happens-before every task, and every task
/// happens-before the return, through an atomic of our own as well as through oneTBB: libtbb.so
/// is not built with ThreadSanitizer, which would not see its synchronisation (one atomic
/// operation per task costs nothing next to a subproblem's search).
template <class Task>
void parallel_tasks(std::size_t count, int threads, const shared_limits& limits, Task&& task) {
  std::atomic<std::size_t> handed{0};
  handed.store(0, std::memory_order_release);
  // More threads than cores run no faster, and oneTBB, which would not start them anyway,
  // printed a warning for them: the count is clamped to the cores (the totals do not depend
  // on it).
  const int cores = oneapi::tbb::info::default_concurrency();
  oneapi::tbb::task_arena arena(threads > 0 ? std::min(threads, cores)
                                            : oneapi::tbb::task_arena::automatic);
  const auto run = [&] {
    arena.execute([&] {
      oneapi::tbb::parallel_for(
          oneapi::tbb::blocked_range<std::size_t>(0, count, 1),
          [&](const oneapi::tbb::blocked_range<std::size_t>& r) {
            (void)handed.load(std::memory_order_acquire);
            for (std::size_t i = r.begin(); i != r.end(); ++i) {
              if (!limits.stopped()) {
                task(i);
              }
            }
            handed.fetch_add(1, std::memory_order_release);
          },
          oneapi::tbb::simple_partitioner());
    });
  };
  if constexpr (detail::under_tsan) {
    // parallel_for keeps its wait context on the waiting thread's stack, and a worker's last
    // write to it is synchronised inside libtbb.so, which TSan does not see: once the caller
    // reused that stack, TSan reported a race with the worker. Under TSan the wait runs on a
    // thread of its own, whose stack TSan forgets when it ends (the join orders the rest).
    std::thread waiter(run);
    waiter.join();
  } else {
    run();
  }
  (void)handed.load(std::memory_order_acquire);
}

}  // namespace bt
