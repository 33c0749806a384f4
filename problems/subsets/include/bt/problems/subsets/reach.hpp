// SPDX-License-Identifier: MIT
// The `reach` strategy: items heavier than the target dropped, the rest heaviest first, and a
// child generated only when the items after it can still make up exactly what is missing
// (reachability.hpp). With the exact table no dead node is ever entered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include <bt/problems/subsets/instance.hpp>
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
class reach {
 public:
  using value_type = int;  ///< take (1) or leave (0) the next item

  /// The root over o with the tests of r; both must outlive the search, r built over o.
  reach(const search_order& o, const reach_oracle& r) : o_(&o), r_(&r) {}

  /// True once the items taken sum to m (the items not decided yet are left out).
  [[nodiscard]] bool complete() const { return s_ == o_->target; }
  /// Take, then leave, the next item; nothing once every item is decided.
  [[nodiscard]] std::span<const int> candidates() const {
    return k_ < o_->size() ? std::span<const int>(take_then_leave) : std::span<const int>();
  }

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

  /// This node with the next item taken (v = take) or left (v = leave).
  [[nodiscard]] reach child(int v) const {
    reach c = *this;
    c.s_ += v == take ? o_->weight[k_] : 0;
    ++c.k_;
    return c;
  }

  /// Variables decided so far.
  [[nodiscard]] std::size_t k() const { return k_; }
  /// Sum of the items taken so far.
  [[nodiscard]] std::uint64_t s() const { return s_; }
  /// Sum of the weights still undecided.
  [[nodiscard]] std::uint64_t r() const { return o_->rest[k_]; }

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
  const search_order* o_;
  const reach_oracle* r_;
  std::size_t k_ = 0;
  std::uint64_t s_ = 0;
};

}  // namespace bt::problems::subsets
