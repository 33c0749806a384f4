// SPDX-License-Identifier: MIT
// The search order: which item is variable k, its weight, and the weight still undecided from
// k on (the textbook's r). Both strategies search over one of these.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <vector>

#include <bt/problems/subsets/instance.hpp>

namespace bt::problems::subsets {

/// The value of a variable: take the item (1) or leave it (0), as in the textbook's x[k].
inline constexpr int take = 1;
/// See take.
inline constexpr int leave = 0;
/// Every variable's domain in try order: take first, so the first solutions are found deep.
inline constexpr std::array<int, 2> take_then_leave = {take, leave};

/// How the variables are ordered by weight; equal weights keep their input order.
enum class weight_order { ascending, descending };

/// Variables in search order: variable k is input item index[k] of weight weight[k].
struct search_order {
  std::vector<std::size_t> index;     ///< input index (0-based) of variable k
  std::vector<std::uint64_t> weight;  ///< weight of variable k
  std::vector<std::uint64_t> rest;    ///< rest[k] = weight[k] + ... + weight[n-1]; rest[n] = 0
  std::uint64_t target = 0;           ///< the sum to reach

  /// Number of variables (items that may be chosen).
  [[nodiscard]] std::size_t size() const { return weight.size(); }
};

/// The items of inst sorted by weight as `order` says (stable, so ties keep input order).
/// With drop_heavier, items heavier than the target are left out: they can never be chosen,
/// so they are not variables and stay 0 in every solution.
inline search_order make_order(const instance& inst, weight_order order, bool drop_heavier) {
  search_order o;
  o.target = inst.target();
  std::vector<std::size_t> idx(inst.n());
  std::iota(idx.begin(), idx.end(), std::size_t{0});
  const auto& w = inst.weights();
  if (order == weight_order::ascending) {
    std::stable_sort(idx.begin(), idx.end(),
                     [&](std::size_t a, std::size_t b) { return w[a] < w[b]; });
  } else {
    std::stable_sort(idx.begin(), idx.end(),
                     [&](std::size_t a, std::size_t b) { return w[a] > w[b]; });
  }
  for (const std::size_t i : idx) {
    if (!drop_heavier || w[i] <= inst.target()) {
      o.index.push_back(i);
      o.weight.push_back(w[i]);
    }
  }
  o.rest.assign(o.weight.size() + 1, 0);
  for (std::size_t k = o.weight.size(); k-- > 0;) {
    o.rest[k] = o.rest[k + 1] + o.weight[k];  // bounded by the instance total
  }
  return o;
}

/// The 0/1 vector over the input items of a path of values (1 = take) over o's first
/// variables; variables past the path and items not in o are 0.
template <class Values>
selection to_selection(const search_order& o, std::size_t n_items, const Values& path) {
  selection x(n_items, 0);
  std::size_t k = 0;
  for (const auto v : path) {
    x[o.index[k++]] = v == take ? 1 : 0;
  }
  return x;
}

}  // namespace bt::problems::subsets
