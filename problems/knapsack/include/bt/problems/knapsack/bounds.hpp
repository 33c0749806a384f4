// SPDX-License-Identifier: MIT
// Upper bounds on what the items not decided yet can add: all their values (the trivial
// bound), and the fractional relaxation (Dantzig 1957; the textbook's Bound(cp, cw, k),
// Horowitz-Sahni): fill the room with the densest items whole, then the fraction of the first
// that does not fit. Values are whole, so the fraction is rounded down: no packing below a
// node is worth more than the node's value plus the bound.
#pragma once

#include <algorithm>
#include <cstddef>

#include <bt/problems/knapsack/instance.hpp>
#include <bt/problems/knapsack/order.hpp>

namespace bt::problems::knapsack {

/// floor(room * value / weight) for 0 <= room < weight, computed exactly (the product needs
/// up to 126 bits); below `value`, so it fits.
inline amount fraction(amount room, amount value, amount weight) {
  const detail::wide p =
      detail::wide(static_cast<unsigned long long>(room)) * static_cast<unsigned long long>(value);
  return static_cast<amount>(p / static_cast<unsigned long long>(weight));
}

/// The trivial bound: every value from variable k on.
inline amount all_values_bound(const search_order& o, std::size_t k) { return o.value_from(k); }

/// The fractional bound of variables k.. of an order sorted by value/weight (densest first)
/// with `room` left: the textbook's Bound loop, here a binary search for the first variable
/// that does not fit (the same number in O(log n)).
inline amount sorted_bound(const search_order& o, std::size_t k, amount room) {
  // The first j > k whose prefix k..j-1 outweighs room; the items k..j-2 fit whole.
  const auto first = o.weight_before.begin() + static_cast<std::ptrdiff_t>(k);
  const auto over = std::partition_point(first, o.weight_before.end(),
                                         [&](amount wb) { return wb - *first <= room; });
  const std::size_t j = static_cast<std::size_t>(over - o.weight_before.begin()) - 1;
  amount b = o.value_before[j] - o.value_before[k];
  if (j < o.size()) {
    b += fraction(room - o.weight_between(k, j), o.value[j], o.weight[j]);
  }
  return b;
}

/// The fractional bound of variables k.. of any order with `room` left: the relaxation of
/// what is left, its items taken by value/weight (o.by_ratio), so the bound holds whatever
/// order the search decides them in. O(n): the decided variables are skipped.
inline amount any_order_bound(const search_order& o, std::size_t k, amount room) {
  amount b = 0;
  for (const std::size_t v : o.by_ratio) {
    if (v < k) continue;
    if (o.weight[v] > room) return b + fraction(room, o.value[v], o.weight[v]);
    room -= o.weight[v];
    b += o.value[v];
  }
  return b;
}

}  // namespace bt::problems::knapsack
