// SPDX-License-Identifier: MIT
// A 0/1 knapsack instance (items with a weight and a value, and a capacity), validated once and
// shared by every strategy and the dynamic programme; what a solution is, and how it is checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bt::problems::knapsack {

/// Weights, values, the capacity and every sum of them: whole numbers below 2^63.
using amount = std::int64_t;

/// The most items an instance may have. The engine's depth is bounded by memory, not the
/// stack; what bounds n is the file (a line an item) and the O(n) bound of `fractional`.
inline constexpr std::size_t max_items = 1'000'000;

/// The largest amount: 2^63 - 1.
inline constexpr amount max_amount = std::numeric_limits<amount>::max();

/// Thrown for an instance that cannot be searched; what() is one line.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// One item: both positive.
struct item {
  amount weight = 0;  ///< what it takes of the capacity
  amount value = 0;   ///< what it is worth
  friend bool operator==(const item&, const item&) = default;
};

/// n items in input order and a capacity. Items heavier than the capacity are kept (they are
/// never taken). The weights sum below 2^63 and so do the values, so no partial sum and no
/// bound overflows.
class instance {
 public:
  /// Validate and keep the items. Throws invalid_input for no items, more than max_items, a
  /// weight or value below 1, a capacity below 1, or weights (values) summing past 2^63 - 1;
  /// the message names the item, 1-based.
  instance(std::vector<item> items, amount capacity)
      : items_(std::move(items)), capacity_(capacity) {
    if (items_.empty()) throw invalid_input("there are no items");
    if (items_.size() > max_items) {
      throw invalid_input(std::to_string(items_.size()) + " items are more than the " +
                          std::to_string(max_items) + " supported");
    }
    if (capacity_ < 1) {
      throw invalid_input("the capacity is " + std::to_string(capacity_) + "; it must be positive");
    }
    for (std::size_t i = 0; i < items_.size(); ++i) {
      const item& it = items_[i];
      const std::string which = "item " + std::to_string(i + 1);
      if (it.weight < 1) {
        throw invalid_input(which + ": the weight is " + std::to_string(it.weight) +
                            "; weights must be positive");
      }
      if (it.value < 1) {
        throw invalid_input(which + ": the value is " + std::to_string(it.value) +
                            "; values must be positive");
      }
      if (it.weight > max_amount - total_weight_) {
        throw invalid_input(which + ": the weights sum past 2^63 - 1");
      }
      if (it.value > max_amount - total_value_) {
        throw invalid_input(which + ": the values sum past 2^63 - 1");
      }
      total_weight_ += it.weight;
      total_value_ += it.value;
    }
  }

  /// Number of items.
  [[nodiscard]] std::size_t n() const { return items_.size(); }
  /// The items in input order.
  [[nodiscard]] const std::vector<item>& items() const { return items_; }
  /// The capacity.
  [[nodiscard]] amount capacity() const { return capacity_; }
  /// The sum of all weights (below 2^63 by construction).
  [[nodiscard]] amount total_weight() const { return total_weight_; }
  /// The sum of all values (below 2^63 by construction).
  [[nodiscard]] amount total_value() const { return total_value_; }

 private:
  std::vector<item> items_;
  amount capacity_;
  amount total_weight_ = 0;
  amount total_value_ = 0;
};

/// A choice as the textbook writes it: x[i] is 1 when item i (input order) is taken, else 0.
using selection = std::vector<int>;

/// A packing as it is reported.
struct solution {
  amount value = 0;                ///< the values taken, summed
  amount weight = 0;               ///< the weights taken, summed (at most the capacity)
  std::vector<std::size_t> items;  ///< the items taken, 1-based, ascending
  friend bool operator==(const solution&, const solution&) = default;
};

/// The packing x stands for, or nothing when x is not one 0/1 entry per item or its weight
/// exceeds the capacity.
inline std::optional<solution> evaluate(const instance& inst, const selection& x) {
  if (x.size() != inst.n()) return std::nullopt;
  solution s;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] != 0 && x[i] != 1) return std::nullopt;
    if (x[i] == 0) continue;
    s.weight += inst.items()[i].weight;  // cannot overflow: all weights sum below 2^63
    s.value += inst.items()[i].value;
    s.items.push_back(i + 1);
  }
  if (s.weight > inst.capacity()) return std::nullopt;
  return s;
}

}  // namespace bt::problems::knapsack
