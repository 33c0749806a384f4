// SPDX-License-Identifier: MIT
// Running independent tasks (subproblems) on several threads with oneTBB (their limits:
// shared_limits.hpp). Results are stored per task, so a caller that adds them in task order
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

#include <bt/shared_limits.hpp>

namespace bt {

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
