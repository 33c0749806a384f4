// SPDX-License-Identifier: MIT
// What both strategies' nodes are: a position k in a search order and the sum s of the items
// taken before it, with the take-then-leave domain and the step to a child. Each strategy adds
// its own tests (consistent) and their explanation (explain_prune).
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>

#include <bt/problems/subsets/order.hpp>

namespace bt::problems::subsets {

/// Copy discipline over a search order: a node is (s, k). D is the strategy deriving from it
/// (child() returns a D); it reads o_, k_ and s_ in its tests.
template <class D>
class sum_node {
 public:
  using value_type = int;  ///< take (1) or leave (0) the next item

  /// True once the items taken sum to m (the items not decided yet are left out).
  [[nodiscard]] bool complete() const { return s_ == o_->target; }
  /// Take, then leave, the next item; nothing once every item is decided.
  [[nodiscard]] std::span<const int> candidates() const {
    return k_ < o_->size() ? std::span<const int>(take_then_leave) : std::span<const int>();
  }

  /// This node with the next item taken (v = take) or left (v = leave).
  [[nodiscard]] D child(int v) const {
    D c = static_cast<const D&>(*this);
    sum_node& n = c;
    n.s_ += v == take ? o_->weight[k_] : 0;
    ++n.k_;
    return c;
  }

  /// Variables decided so far.
  [[nodiscard]] std::size_t k() const { return k_; }
  /// Sum of the items taken so far.
  [[nodiscard]] std::uint64_t s() const { return s_; }
  /// Sum of the weights still undecided.
  [[nodiscard]] std::uint64_t r() const { return o_->rest[k_]; }

  /// Same order, same decided items, same sum.
  friend bool operator==(const sum_node&, const sum_node&) = default;

 protected:
  /// The root (s = 0, k = 0) over o, which must outlive the search.
  explicit sum_node(const search_order& o) : o_(&o) {}

  const search_order* o_;  ///< the variables, their weights and the target m
  std::size_t k_ = 0;      ///< the next variable
  std::uint64_t s_ = 0;    ///< the sum of the items taken
};

}  // namespace bt::problems::subsets
