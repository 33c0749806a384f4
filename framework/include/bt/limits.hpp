// SPDX-License-Identifier: MIT
// Limits as a visitor: node count, wall-clock deadline and the search's stop source (Ctrl-C, or
// another thread's request_stop). Each stop records its reason, so a stopped search is told
// apart from an exhausted one.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string_view>

#include <bt/events.hpp>
#include <bt/stop.hpp>

namespace bt {

/// Why a search stopped before exhausting its tree.
enum class stop_reason { none, node_limit, time_limit, interrupted };

/// The words the runner prints and the JSON `stopped` field holds.
constexpr std::string_view to_string(stop_reason r) {
  switch (r) {
    case stop_reason::none: return "none";
    case stop_reason::node_limit: return "node limit reached";
    case stop_reason::time_limit: return "time limit reached";
    case stop_reason::interrupted: return "interrupted";
  }
  return "none";
}

/// Stops the search at a node when a limit is reached; remembers the first reason.
class limit_visitor {
 public:
  using clock = std::chrono::steady_clock;

  /// max_nodes 0 means no node limit; no deadline means no time limit. The search stops when
  /// `source` is asked to (it must outlive the visitor).
  limit_visitor(std::uint64_t max_nodes, std::optional<clock::time_point> deadline,
                bt::stop_source& source)
      : cap_(cap_of(max_nodes)), deadline_(deadline), stop_(&source) {}
  /// The same with a stop source of its own, which Ctrl-C reaches (source()).
  limit_visitor(std::uint64_t max_nodes, std::optional<clock::time_point> deadline)
      : cap_(cap_of(max_nodes)),
        deadline_(deadline),
        own_(std::make_unique<bt::stop_source>()),
        stop_(own_.get()) {}

  /// The source this visitor polls: request_stop() on it stops the search (from any thread).
  [[nodiscard]] bt::stop_source& source() const { return *stop_; }

  /// Check the node limit at every node; the clock and the stop source every `interval` nodes, an
  /// interval that adapts so that polls are about a millisecond apart whatever a node costs
  /// (1024 nodes of N-Queens take microseconds, of a large graph search seconds). Once stopped,
  /// every node stops: a stop found by a poll() inside a node (a long propagation's) ends the
  /// search at the next node, whatever the interval.
  template <class P>
  flow on(const ev::node<P>&) {
    ++nodes_;
    if (nodes_ > cap_) {
      return stop(stop_reason::node_limit);  // the first reason is kept
    }
    if ((nodes_ & interval_) == 0) {
      return poll();
    }
    return flow::go_on;
  }

  /// Check the clock and the stop source now (also for callers outside the engine).
  flow poll() {
    if (stop_->stop_requested()) {
      return stop(stop_reason::interrupted);
    }
    const auto now = clock::now();
    const auto gap = now - last_poll_;
    last_poll_ = now;
    if (gap > std::chrono::milliseconds(2) && interval_ > 0) {
      interval_ >>= 1U;
    } else if (gap < std::chrono::microseconds(250) && interval_ < 1023U) {
      interval_ = interval_ * 2U + 1U;
    }
    if (deadline_ && now >= *deadline_) {
      return stop(stop_reason::time_limit);
    }
    return flow::go_on;
  }

  /// The reason of the first stop, or none.
  [[nodiscard]] stop_reason reason() const { return reason_; }

 private:
  flow stop(stop_reason r) {
    if (reason_ == stop_reason::none) {
      reason_ = r;
    }
    cap_ = 0;
    return flow::stop;
  }
  static constexpr std::uint64_t cap_of(std::uint64_t max_nodes) {
    return max_nodes != 0 ? max_nodes : ~std::uint64_t{0};
  }

  std::uint64_t cap_;  // the node limit (none: the largest count); 0 once stopped
  std::optional<clock::time_point> deadline_;
  std::unique_ptr<bt::stop_source> own_;  // when no source was given
  bt::stop_source* stop_;
  std::uint64_t nodes_ = 0;
  std::uint64_t interval_ = 0;  // poll when (nodes_ & interval_) == 0; 2^k - 1, grows from 0
  clock::time_point last_poll_ = clock::now();
  stop_reason reason_ = stop_reason::none;
};

/// A problem whose node may run long (propagation) and which polls limits of type L inside it:
/// p.poll_limits(&limits) while it is searched under them, p.poll_limits((L*)nullptr) after.
template <class P, class L = limit_visitor>
concept polls_limits = requires(P& p, L* limits) {
  p.poll_limits(limits);
};

/// Makes p poll `limits` (a limit_visitor, or a run's bt::shared_limits) inside its nodes for
/// the scope's lifetime; nothing for a problem that does not poll them (polls_limits).
template <class P, class L = limit_visitor>
class polling_scope {
 public:
  polling_scope(P& p, L& limits) : p_(p) {
    if constexpr (polls_limits<P, L>) p_.poll_limits(&limits);
  }
  polling_scope(const polling_scope&) = delete;
  polling_scope& operator=(const polling_scope&) = delete;
  ~polling_scope() {
    if constexpr (polls_limits<P, L>) p_.poll_limits(static_cast<L*>(nullptr));
  }

 private:
  P& p_;
};

}  // namespace bt
