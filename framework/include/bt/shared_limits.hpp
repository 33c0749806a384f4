// SPDX-License-Identifier: MIT
// Limits shared by the threads of one run (a node budget, a deadline, Ctrl-C) and each
// thread's visitor of them. Apart from parallel.hpp so that code handing its tasks to threads
// elsewhere (the runner's threaded branch and bound) includes no oneTBB header.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>

#include <bt/events.hpp>
#include <bt/limits.hpp>
#include <bt/stop.hpp>

namespace bt {

/// Limits shared by every thread of a run: a node budget, a deadline, the run's stop source
/// (Ctrl-C, or request_stop from elsewhere), and a stop flag that the first thread to hit a
/// limit raises for all.
class shared_limits {
 public:
  using clock = std::chrono::steady_clock;

  /// max_nodes 0: no node limit; no deadline: no time limit; the run stops when `source` is
  /// asked to (it must outlive the limits).
  shared_limits(std::uint64_t max_nodes, std::optional<clock::time_point> deadline,
                bt::stop_source& source)
      : max_nodes_(max_nodes), deadline_(deadline), stop_(&source) {}
  /// The same with a stop source of its own, which Ctrl-C reaches (source()).
  shared_limits(std::uint64_t max_nodes, std::optional<clock::time_point> deadline)
      : max_nodes_(max_nodes),
        deadline_(deadline),
        own_(std::make_unique<bt::stop_source>()),
        stop_(own_.get()) {}

  /// The run's stop source: request_stop() on it stops every thread of the run.
  [[nodiscard]] bt::stop_source& source() const { return *stop_; }

  /// Add `nodes` to the run's count and check every limit; false when the run must stop.
  bool charge(std::uint64_t nodes) {
    const std::uint64_t total = nodes_.fetch_add(nodes, std::memory_order_relaxed) + nodes;
    if (max_nodes_ != 0 && total > max_nodes_) {
      stop(stop_reason::node_limit);
    } else if (stop_->stop_requested()) {
      stop(stop_reason::interrupted);
    } else if (deadline_ && clock::now() >= *deadline_) {
      stop(stop_reason::time_limit);
    }
    return !stopped();
  }
  /// Nodes charged so far by every thread.
  [[nodiscard]] std::uint64_t nodes() const { return nodes_.load(std::memory_order_relaxed); }
  /// Stop every thread as if a limit had been hit (a quota met): reason() stays none.
  void halt() { halted_.store(true, std::memory_order_relaxed); }
  /// True once any thread hit a limit, or halt() was called.
  [[nodiscard]] bool stopped() const {
    return reason_.load(std::memory_order_relaxed) != 0 || halted_.load(std::memory_order_relaxed);
  }
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
  std::unique_ptr<bt::stop_source> own_;  // when no source was given
  bt::stop_source* stop_;
  std::atomic<std::uint64_t> nodes_{0};
  std::atomic<int> reason_{0};
  std::atomic<bool> halted_{false};
};

/// One thread's view of shared_limits: counts nodes locally and charges them every `period`
/// nodes (4096 by default; fewer for heavy nodes, so that a limit is seen soon).
class shared_limit_visitor {
 public:
  /// Charge to `limits`, which must outlive the visitor.
  explicit shared_limit_visitor(shared_limits& limits, std::uint64_t period = 4096)
      : limits_(limits), period_(period == 0 ? 1 : period) {}
  shared_limit_visitor(const shared_limit_visitor&) = delete;
  shared_limit_visitor& operator=(const shared_limit_visitor&) = delete;
  /// Charge what is left at the end of a task.
  ~shared_limit_visitor() { limits_.charge(pending_); }

  template <class P>
  flow on(const ev::node<P>&) {
    if (++pending_ == period_) {
      pending_ = 0;
      return limits_.charge(period_) ? flow::go_on : flow::stop;
    }
    return flow::go_on;
  }
  /// Nodes counted here and not yet charged.
  [[nodiscard]] std::uint64_t pending() const { return pending_; }

 private:
  shared_limits& limits_;
  std::uint64_t period_;
  std::uint64_t pending_ = 0;
};

}  // namespace bt
