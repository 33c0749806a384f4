// SPDX-License-Identifier: MIT
// Branch and bound in the engine: a problem that optimises says so (optimising), gives the
// objective of a complete assignment and an optimistic bound of a node's subtree, and points
// at an incumbent. bt::search then prunes every node whose bound cannot beat the incumbent and
// reports a complete assignment as a solution only when it improves on it, so the solutions of
// a search are its improvements and the last is an optimum when the search is exhausted.
#pragma once

#include <atomic>
#include <concepts>
#include <cstdint>

namespace bt {

/// The direction of an objective.
enum class goal { minimize, maximize };

/// The best objective value found so far, shared by every search of one optimisation (the
/// threads of a count, the work units of a run): lock-free.
template <class T>
class incumbent {
 public:
  explicit incumbent(goal g) : goal_(g) {}
  incumbent(const incumbent&) = delete;
  incumbent& operator=(const incumbent&) = delete;

  [[nodiscard]] goal direction() const { return goal_; }
  /// Whether some solution was recorded.
  [[nodiscard]] bool has() const { return has_.load(std::memory_order_acquire); }
  /// The recorded value (valid when has()).
  [[nodiscard]] T value() const { return best_.load(std::memory_order_acquire); }
  /// Whether v is strictly better than the incumbent (always, when there is none).
  [[nodiscard]] bool beaten_by(T v) const {
    if (!has()) return true;
    const T b = value();
    return goal_ == goal::minimize ? v < b : v > b;
  }
  /// Record v when it is strictly better; true when it became the incumbent.
  bool offer(T v) {
    if (!has_.load(std::memory_order_acquire)) {
      bool expected = false;
      if (claimed_.compare_exchange_strong(expected, true)) {
        best_.store(v, std::memory_order_release);
        has_.store(true, std::memory_order_release);
        improvements_.fetch_add(1, std::memory_order_relaxed);
        return true;
      }
      while (!has_.load(std::memory_order_acquire)) {
      }
    }
    T b = best_.load(std::memory_order_acquire);
    while (goal_ == goal::minimize ? v < b : v > b) {
      if (best_.compare_exchange_weak(b, v, std::memory_order_acq_rel)) {
        improvements_.fetch_add(1, std::memory_order_relaxed);
        return true;
      }
    }
    return false;
  }
  /// Start with a known value (a bound from outside: nothing worse or equal is reported).
  void seed(T v) {
    best_.store(v, std::memory_order_release);
    claimed_.store(true, std::memory_order_release);
    has_.store(true, std::memory_order_release);
  }
  /// The solutions recorded (each better than the one before).
  [[nodiscard]] std::uint64_t improvements() const {
    return improvements_.load(std::memory_order_relaxed);
  }

 private:
  goal goal_;
  std::atomic<T> best_{};
  std::atomic<bool> has_{false};
  std::atomic<bool> claimed_{false};
  std::atomic<std::uint64_t> improvements_{0};
};

/// A problem searched by branch and bound: optimises() (it may say no at run time: a model
/// without an objective), objective() of a complete assignment, bound() an optimistic value
/// of the node's subtree (never worse than any solution below it), and incumbent(), the
/// shared incumbent (null: no pruning, every solution reported).
template <class P>
concept optimising = requires(const P& p) {
  { p.optimises() } -> std::convertible_to<bool>;
  p.objective();
  p.bound();
  {p.incumbent()};
  requires std::same_as < decltype(p.incumbent()),
      incumbent<std::remove_cvref_t<decltype(p.objective())>>
  * > ;
};

}  // namespace bt
