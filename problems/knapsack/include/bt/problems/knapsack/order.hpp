// SPDX-License-Identifier: MIT
// The search order: which item is variable k, its weight and value, and the sums the bounds
// read (prefix sums of weights and values, the variables by value/weight). Every strategy
// searches over one of these; the order in which items are decided is the strategy's.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <numeric>
#include <vector>

#include <bt/problems/knapsack/instance.hpp>

namespace bt::problems::knapsack {

/// The value of a variable: take the item (1) or leave it (0), as in the textbook's x[k].
inline constexpr int take = 1;
/// See take.
inline constexpr int leave = 0;
/// Every variable's domain in try order: take first, the textbook's left child.
inline constexpr std::array<int, 2> take_then_leave = {take, leave};

namespace detail {
// 128-bit products: v_a * w_b of two amounts below 2^63 fits, so ratios compare exactly.
__extension__ using wide = unsigned __int128;
}  // namespace detail

/// v_a / w_a > v_b / w_b, exactly (no division, no rounding).
inline bool denser(const item& a, const item& b) {
  return detail::wide(static_cast<unsigned long long>(a.value)) *
             static_cast<unsigned long long>(b.weight) >
         detail::wide(static_cast<unsigned long long>(b.value)) *
             static_cast<unsigned long long>(a.weight);
}

/// Variables in search order: variable k is input item index[k].
struct search_order {
  std::vector<std::size_t> index;     ///< input index (0-based) of variable k
  std::vector<amount> weight;         ///< weight of variable k
  std::vector<amount> value;          ///< value of variable k
  std::vector<amount> weight_before;  ///< weight_before[k] = weight[0] + ... + weight[k-1]
  std::vector<amount> value_before;   ///< value_before[k] = value[0] + ... + value[k-1]
  std::vector<std::size_t> by_ratio;  ///< the variables by value/weight, densest first
  amount capacity = 0;                ///< the knapsack's capacity

  /// Number of variables.
  [[nodiscard]] std::size_t size() const { return weight.size(); }
  /// The values of variables k.. summed.
  [[nodiscard]] amount value_from(std::size_t k) const {
    return value_before.back() - value_before[k];
  }
  /// The weights of variables k..j-1 summed.
  [[nodiscard]] amount weight_between(std::size_t k, std::size_t j) const {
    return weight_before[j] - weight_before[k];
  }
};

/// How the items are ordered as variables.
enum class item_order {
  input,  ///< as in the file
  ratio   ///< by value/weight, densest first (ties in input order): the textbook's order
};

/// The items of inst as variables in the order o names.
inline search_order make_order(const instance& inst, item_order o) {
  search_order s;
  s.capacity = inst.capacity();
  const auto& items = inst.items();
  s.index.resize(inst.n());
  std::iota(s.index.begin(), s.index.end(), std::size_t{0});
  if (o == item_order::ratio) {
    std::stable_sort(s.index.begin(), s.index.end(),
                     [&](std::size_t a, std::size_t b) { return denser(items[a], items[b]); });
  }
  s.weight_before.assign(1, 0);
  s.value_before.assign(1, 0);
  for (const std::size_t i : s.index) {
    s.weight.push_back(items[i].weight);
    s.value.push_back(items[i].value);
    // Bounded by the instance's totals, which are below 2^63.
    s.weight_before.push_back(s.weight_before.back() + items[i].weight);
    s.value_before.push_back(s.value_before.back() + items[i].value);
  }
  s.by_ratio.resize(inst.n());
  std::iota(s.by_ratio.begin(), s.by_ratio.end(), std::size_t{0});
  std::stable_sort(s.by_ratio.begin(), s.by_ratio.end(), [&](std::size_t a, std::size_t b) {
    return denser(items[s.index[a]], items[s.index[b]]);
  });
  return s;
}

/// The 0/1 vector over the input items of a path of values (1 = take) over o's first
/// variables; variables past the path are 0.
template <class Values>
selection to_selection(const search_order& o, const Values& path) {
  selection x(o.size(), 0);
  std::size_t k = 0;
  for (const auto v : path) {
    x[o.index[k++]] = v == take ? 1 : 0;
  }
  return x;
}

}  // namespace bt::problems::knapsack
