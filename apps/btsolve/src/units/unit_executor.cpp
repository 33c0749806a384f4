// SPDX-License-Identifier: MIT
#include "units/unit_executor.hpp"

#include <atomic>
#include <chrono>

#include <bt/parallel.hpp>
#include <btsolve/report.hpp>

namespace btsolve {

void run_tasks(std::size_t count, int threads, const bt::shared_limits& limits,
               const std::function<void(std::size_t)>& task) {
  bt::parallel_tasks(count, threads, limits, task);
}

nlohmann::json to_json(const unit_result& r) {
  return {{"total", r.total}, {"tally", r.tally}, {"done", r.done}, {"stats", to_json(r.stats)}};
}

unit_result unit_result_from_json(const nlohmann::json& j) {
  unit_result r;
  r.total = j.at("total").get<std::uint64_t>();
  // "unique": the key of checkpoints written before counts by units were generic.
  r.tally = (j.contains("tally") ? j.at("tally") : j.at("unique")).get<std::uint64_t>();
  r.done = j.at("done").get<bool>();
  const auto& s = j.at("stats");
  r.stats.nodes = s.at("nodes").get<std::uint64_t>();
  r.stats.checks = s.at("checks").get<std::uint64_t>();
  r.stats.assigns = s.at("assigns").get<std::uint64_t>();
  r.stats.prunes = s.at("prunes").get<std::uint64_t>();
  r.stats.backtracks = s.at("backtracks").get<std::uint64_t>();
  r.stats.solutions = s.at("solutions").get<std::uint64_t>();
  r.stats.max_depth = s.at("max_depth").get<std::size_t>();
  r.stats.seconds = s.at("seconds").get<double>();
  if (s.contains("propagation_checks")) {
    r.stats.infers = true;
    r.stats.propagation_checks = s.at("propagation_checks").get<std::uint64_t>();
    r.stats.removals = s.at("removals").get<std::uint64_t>();
    r.stats.wipeouts = s.at("wipeouts").get<std::uint64_t>();
  }
  return r;
}

unit_executor& executor_or_threads(unit_executor* given) {
  if (given != nullptr) return *given;
  static thread_executor threads;  // no state: every run may share it
  return threads;
}

void count_locally(const unit_job& job, bt::shared_limits& limits,
                   const std::function<std::size_t()>& next, std::mutex& lock) {
  // One task per pending unit at most; a task whose unit another process took does nothing.
  bt::parallel_tasks(job.pending.size(), job.threads, limits, [&](std::size_t) {
    const std::size_t i = next();
    if (i >= job.pending.size()) return;
    const std::size_t k = job.pending[i];
    const auto start = std::chrono::steady_clock::now();
    unit_result r = job.count(k);
    r.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::lock_guard hold(lock);
    job.finished(k, r);
  });
}

bt::stop_reason thread_executor::run(const unit_job& job, bt::shared_limits& limits) {
  std::atomic<std::size_t> cursor{0};
  std::mutex lock;
  count_locally(
      job, limits, [&] { return cursor.fetch_add(1, std::memory_order_relaxed); }, lock);
  return limits.reason();
}

}  // namespace btsolve
