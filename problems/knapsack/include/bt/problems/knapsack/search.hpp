// SPDX-License-Identifier: MIT
// The strategies' problem type: branch and bound over the items of a search order, take then
// leave, in the copy discipline (a node is k, the weight and the value taken so far). The
// engine prunes by bound() against the shared incumbent (bt/optimise.hpp); the strategies
// differ only in the order and the bound:
//   plain       input order, bound = the value so far + every value left (no real bound);
//   fractional  input order, bound = the fractional relaxation of the items left;
//   sorted      value/weight order, the textbook's fractional bound (Horowitz-Sahni's BKnap).
#pragma once

#include <cstddef>
#include <span>

#include <bt/optimise.hpp>
#include <bt/problems/knapsack/bounds.hpp>
#include <bt/problems/knapsack/instance.hpp>
#include <bt/problems/knapsack/order.hpp>

namespace bt::problems::knapsack {

/// Which bound a search computes at each node.
enum class bound_rule {
  values_left,       ///< every value left: only prunes when all of them could not beat the best
  fractional_any,    ///< the fractional relaxation of the items left, in any order
  fractional_sorted  ///< the same over a value/weight order: the textbook's Bound, O(log n)
};

/// Copy discipline: a node decides variables 0..k-1 of a search order. Complete when every
/// item is decided (as the textbook's leaves). A take that does not fit is rejected by
/// consistent(); every other test is the bound, made by the engine.
template <bound_rule Rule>
class item_search {
 public:
  using value_type = int;  ///< take (1) or leave (0) the next item

  /// The root over o, which must outlive the search (and Rule's order: sorted wants a
  /// value/weight order). No incumbent yet: share() one to prune.
  explicit item_search(const search_order& o) : o_(&o) {}
  /// The order must outlive the search: a temporary would not.
  explicit item_search(const search_order&& o) = delete;

  /// Every item decided?
  [[nodiscard]] bool complete() const { return k_ == o_->size(); }
  /// Take, then leave, the next item.
  [[nodiscard]] std::span<const int> candidates() const {
    return complete() ? std::span<const int>() : std::span<const int>(take_then_leave);
  }
  /// A take must fit in the room left; a leave always may.
  [[nodiscard]] bool consistent(int v) const { return v == leave || o_->weight[k_] <= room(); }
  /// This node with the next item taken (v = take) or left.
  [[nodiscard]] item_search child(int v) const {
    item_search c = *this;
    if (v == take) {
      c.weight_ += o_->weight[k_];
      c.value_ += o_->value[k_];
    }
    ++c.k_;
    return c;
  }

  // Branch and bound (bt/optimise.hpp).
  /// Always: the value is the objective.
  [[nodiscard]] bool optimises() const { return true; }
  /// The knapsack maximises.
  [[nodiscard]] static constexpr bt::goal direction() { return bt::goal::maximize; }
  /// The value taken (of a complete node: the packing's value).
  [[nodiscard]] amount objective() const { return value_; }
  /// No packing below this node is worth more than this.
  [[nodiscard]] amount bound() const { return value_ + gain_bound(); }
  /// The incumbent the search prunes against (null: none, every complete node is reported).
  [[nodiscard]] bt::incumbent<amount>* incumbent() const { return inc_; }
  /// Prune against inc from now on (shared by every copy made after; null: no pruning).
  void share(bt::incumbent<amount>* inc) { inc_ = inc; }

  /// What the items left could add at most, by Rule.
  [[nodiscard]] amount gain_bound() const {
    if constexpr (Rule == bound_rule::values_left) {
      return all_values_bound(*o_, k_);
    } else if constexpr (Rule == bound_rule::fractional_any) {
      return any_order_bound(*o_, k_, room());
    } else {
      return sorted_bound(*o_, k_, room());
    }
  }
  /// Variables decided so far.
  [[nodiscard]] std::size_t k() const { return k_; }
  /// Weight taken so far.
  [[nodiscard]] amount weight() const { return weight_; }
  /// Value taken so far.
  [[nodiscard]] amount value() const { return value_; }
  /// Capacity left.
  [[nodiscard]] amount room() const { return o_->capacity - weight_; }
  /// The order searched.
  [[nodiscard]] const search_order& order() const { return *o_; }

  /// Same order, decided items, sums and incumbent.
  friend bool operator==(const item_search&, const item_search&) = default;

 private:
  const search_order* o_;
  std::size_t k_ = 0;
  amount weight_ = 0;  // never above the capacity: consistent() rejects what does not fit
  amount value_ = 0;
  bt::incumbent<amount>* inc_ = nullptr;
};

/// Input order, the trivial bound (value so far + every value left).
using plain_search = item_search<bound_rule::values_left>;
/// Input order, the fractional relaxation of the items left.
using fractional_search = item_search<bound_rule::fractional_any>;
/// Value/weight order, the textbook's fractional bound.
using sorted_search = item_search<bound_rule::fractional_sorted>;

}  // namespace bt::problems::knapsack
