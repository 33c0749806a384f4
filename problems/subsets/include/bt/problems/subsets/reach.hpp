// SPDX-License-Identifier: MIT
// The `reach` strategy: items heavier than the target dropped, the rest heaviest first, and a
// child generated only when the items after it can still make up exactly what is missing
// (reachability.hpp). With the exact table no dead node is ever entered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/node.hpp>
#include <bt/problems/subsets/order.hpp>
#include <bt/problems/subsets/reachability.hpp>

namespace bt::problems::subsets {

/// The reach strategy's order: items no heavier than the target, descending by weight (ties in
/// input order). Heavy items first make the sums approach m in few steps, so the bounds bite
/// near the root where subtrees are largest.
inline search_order reach_order(const instance& inst) {
  return make_order(inst, weight_order::descending, true);
}

/// Copy discipline: a node is (s, k); a child is generated when what it leaves missing, m - s',
/// is reachable by the items after it. Complete as soon as s = m, as in the textbook.
class reach : public sum_node<reach> {
 public:
  /// The root over o with the tests of r; both must outlive the search, r built over o.
  reach(const search_order& o, const reach_oracle& r) : sum_node(o), r_(&r) {}

  /// Take: s + w[k] <= m and m - s - w[k] reachable by the items after k.
  /// Leave: m - s reachable by the items after k. (s <= m holds at every node.)
  [[nodiscard]] bool consistent(int v) const {
    const std::uint64_t missing = o_->target - s_;
    if (v == take) {
      const std::uint64_t w = o_->weight[k_];
      return w <= missing && r_->reachable(k_ + 1, missing - w);
    }
    return r_->reachable(k_ + 1, missing);
  }

  /// Why consistent(v) is false here, with numbers (for the trace).
  [[nodiscard]] std::string explain_prune(int v) const {
    const std::uint64_t missing = o_->target - s_;
    const std::uint64_t w = o_->weight[k_];
    const auto num = [](std::uint64_t x) { return std::to_string(x); };
    if (v == take && w > missing) {
      return "s + w = " + num(s_ + w) + " > m = " + num(o_->target);
    }
    const std::uint64_t want = v == take ? missing - w : missing;
    if (k_ + 1 == o_->size()) {
      return "no item left to make up " + num(want);
    }
    return "the items after it cannot make up " + num(want);
  }

  /// Same order, same decided items, same sum.
  friend bool operator==(const reach&, const reach&) = default;

 private:
  const reach_oracle* r_;
};

}  // namespace bt::problems::subsets
