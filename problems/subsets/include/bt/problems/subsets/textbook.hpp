// SPDX-License-Identifier: MIT
// The textbook's SumOfSub (Horowitz and Sahni, "Fundamentals of Computer Algorithms", sum of
// subsets by backtracking): weights ascending, a node is (s, k, r), and its bounding function
// B_k asks s + w[k+1] <= m and s + r >= m before a child is generated.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/node.hpp>
#include <bt/problems/subsets/order.hpp>

namespace bt::problems::subsets {

/// The textbook's search order: every item, ascending by weight (ties in input order).
inline search_order textbook_order(const instance& inst) {
  return make_order(inst, weight_order::ascending, false);
}

/// Copy discipline: a node is the textbook's (s, k, r), with r read from the order. A node is
/// complete as soon as s = m: the items after it are 0, as where SumOfSub writes x[1:k].
class textbook : public sum_node<textbook> {
 public:
  /// The root (s = 0, k = 0) over o, which must be ascending and outlive the search. k() is
  /// the textbook's k - 1.
  explicit textbook(const search_order& o) : sum_node(o) {}

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
};

}  // namespace bt::problems::subsets
