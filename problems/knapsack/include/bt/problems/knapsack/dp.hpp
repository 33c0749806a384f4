// SPDX-License-Identifier: MIT
// The dynamic programme over capacities (Bellman; Levitin's section 8.2): best[c] is
// the most value within weight c using the items seen so far, O(n * C) time and one bit per
// (item, c) to read the packing back. Independent of the engine: the tests' and the runner's
// cross-check of the branch and bound.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <bt/problems/knapsack/instance.hpp>

namespace bt::problems::knapsack {

/// The most cells (items x capacities) the programme fills: 2^31, a 256 MiB table of bits
/// and a few seconds.
inline constexpr std::uint64_t max_dp_cells = std::uint64_t{1} << 31;

/// The capacity the programme works with: the capacity, or all the weights when they weigh
/// less (more room changes nothing).
inline amount dp_capacity(const instance& inst) {
  return std::min(inst.capacity(), inst.total_weight());
}

/// Whether solve_dp(inst) is within max_dp_cells.
inline bool dp_fits(const instance& inst) {
  const auto width = static_cast<std::uint64_t>(dp_capacity(inst)) + 1;
  return width <= max_dp_cells / inst.n();
}

/// An optimal packing (ties: the one the table gives back, preferring to leave later items).
/// Throws invalid_input when n * (capacity + 1) exceeds max_dp_cells (dp_fits).
inline solution solve_dp(const instance& inst) {
  if (!dp_fits(inst)) {
    throw invalid_input("the dynamic programme needs n * (capacity + 1) = " +
                        std::to_string(inst.n()) + " * " + std::to_string(dp_capacity(inst) + 1) +
                        " cells, more than the " + std::to_string(max_dp_cells) + " it may fill");
  }
  const auto cap = static_cast<std::size_t>(dp_capacity(inst));
  const std::size_t n = inst.n();
  const std::size_t width = cap + 1;
  std::vector<amount> best(width, 0);
  std::vector<std::uint64_t> took((n * width + 63) / 64, 0);  // took[i][c]: item i improved c
  for (std::size_t i = 0; i < n; ++i) {
    const item& it = inst.items()[i];
    if (it.weight > static_cast<amount>(cap)) continue;
    const auto w = static_cast<std::size_t>(it.weight);
    for (std::size_t c = cap; c >= w; --c) {
      const amount with = best[c - w] + it.value;  // below the total value: no overflow
      if (with > best[c]) {
        best[c] = with;
        const std::size_t bit = i * width + c;
        took[bit / 64] |= std::uint64_t{1} << (bit % 64);
      }
      if (c == w) break;
    }
  }
  solution s;
  s.value = best[cap];
  std::size_t c = cap;
  for (std::size_t i = n; i-- > 0;) {
    const std::size_t bit = i * width + c;
    if ((took[bit / 64] >> (bit % 64)) & 1U) {
      s.items.push_back(i + 1);
      s.weight += inst.items()[i].weight;
      c -= static_cast<std::size_t>(inst.items()[i].weight);
    }
  }
  std::reverse(s.items.begin(), s.items.end());
  return s;
}

}  // namespace bt::problems::knapsack
