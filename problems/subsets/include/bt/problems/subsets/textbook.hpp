// SPDX-License-Identifier: MIT
// The textbook's SumOfSub (Horowitz and Sahni, "Fundamentals of Computer Algorithms", sum of
// subsets by backtracking): weights ascending, a node is (s, k, r), and its bounding function
// B_k asks s + w[k+1] <= m and s + r >= m before a child is generated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/order.hpp>

namespace bt::problems::subsets {

/// The textbook's search order: every item, ascending by weight (ties in input order).
inline search_order textbook_order(const instance& inst) {
  return make_order(inst, weight_order::ascending, false);
}

/// Copy discipline: a node is the textbook's (s, k, r), with r read from the order. A node is
/// complete as soon as s = m: the items after it are 0, as where SumOfSub writes x[1:k].
class textbook {
 public:
  using value_type = int;  ///< take (1) or leave (0) the next item

  /// The root (s = 0, k = 0) over o, which must be ascending and outlive the search.
  explicit textbook(const search_order& o) : o_(&o) {}

  /// True once the items taken sum to m (the items not decided yet are left out).
  [[nodiscard]] bool complete() const { return s_ == o_->target; }
  /// Take, then leave, the next item; nothing once every item is decided.
  [[nodiscard]] std::span<const int> candidates() const {
    return k_ < o_->size() ? std::span<const int>(take_then_leave) : std::span<const int>();
  }

  /// The textbook's tests for generating the left (take) and right (leave) child of (s, k, r).
  /// Take: s + w[k] = m (a solution), or s + w[k] + w[k+1] <= m. SumOfSub knows s + w[k] <= m
  /// and s + r >= m from the parent's test; both are checked here too because the root has no
  /// parent (they are the textbook's preconditions w[1] <= m and the sum of weights >= m).
  /// Leave: s + r - w[k] >= m and s + w[k+1] <= m.
  [[nodiscard]] bool consistent(int v) const {
    const std::uint64_t m = o_->target;
    const std::uint64_t w = o_->weight[k_];
    const bool has_next = k_ + 1 < o_->size();
    // No sum here overflows: each adds distinct items, and all of them fit 64 bits.
    if (v == take) {
      const std::uint64_t s1 = s_ + w;
      return s1 <= m && s_ + o_->rest[k_] >= m &&
             (s1 == m || (has_next && s1 + o_->weight[k_ + 1] <= m));
    }
    return s_ + o_->rest[k_ + 1] >= m && has_next && s_ + o_->weight[k_ + 1] <= m;
  }

  /// This node with the next item taken (v = take) or left (v = leave).
  [[nodiscard]] textbook child(int v) const {
    textbook c = *this;
    c.s_ += v == take ? o_->weight[k_] : 0;
    ++c.k_;
    return c;
  }

  /// Variables decided so far (the textbook's k - 1).
  [[nodiscard]] std::size_t k() const { return k_; }
  /// Sum of the items taken so far.
  [[nodiscard]] std::uint64_t s() const { return s_; }
  /// Sum of the weights still undecided.
  [[nodiscard]] std::uint64_t r() const { return o_->rest[k_]; }

  /// Why consistent(v) is false here, in the textbook's terms with numbers (for the trace).
  [[nodiscard]] std::string explain_prune(int v) const {
    const std::uint64_t m = o_->target;
    const std::uint64_t w = o_->weight[k_];
    const bool has_next = k_ + 1 < o_->size();
    const auto num = [](std::uint64_t x) { return std::to_string(x); };
    if (v == take) {
      if (s_ + w > m) {
        return "s + w = " + num(s_ + w) + " > m = " + num(m);
      }
      if (s_ + o_->rest[k_] < m) {
        return "s + r = " + num(s_ + o_->rest[k_]) + " < m = " + num(m);
      }
      if (!has_next) {
        return "s + w = " + num(s_ + w) + " < m = " + num(m) + " with no item left";
      }
      return "s + w + w(next) = " + num(s_ + w + o_->weight[k_ + 1]) + " > m = " + num(m);
    }
    if (s_ + o_->rest[k_ + 1] < m) {
      return "s + r - w = " + num(s_ + o_->rest[k_ + 1]) + " < m = " + num(m);
    }
    if (!has_next) {
      return "no item left";
    }
    return "s + w(next) = " + num(s_ + o_->weight[k_ + 1]) + " > m = " + num(m);
  }

  /// Same order, same decided items, same sum.
  friend bool operator==(const textbook&, const textbook&) = default;

 private:
  const search_order* o_;
  std::size_t k_ = 0;
  std::uint64_t s_ = 0;
};

}  // namespace bt::problems::subsets
