// SPDX-License-Identifier: MIT
// The Held-Karp dynamic programme (Held and Karp 1962; Bellman 1962): best[S][j] is the
// shortest path from city 1 through the set S of other cities ending at j in S; the tour is the
// best best[all][j] + d(j, 1). O(2^n n^2) time and O(2^n n) memory. Independent of the engine:
// the tests' cross-check of the branch and bound.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include <bt/problems/tsp/instance.hpp>

namespace bt::problems::tsp {

/// The most cities the programme takes: 2^19 * 19 lengths and as many bytes, about 90 MB.
inline constexpr std::size_t max_dp_cities = 20;

/// A shortest tour, or nothing when the graph has none. Throws invalid_input past
/// max_dp_cities.
inline std::optional<solution> solve_held_karp(const instance& in) {
  const std::size_t n = in.n();
  if (n > max_dp_cities) {
    throw invalid_input("the Held-Karp programme takes at most " + std::to_string(max_dp_cities) +
                        " cities, not " + std::to_string(n));
  }
  if (n == 1) return solution{0, {1}};
  constexpr length none = std::numeric_limits<length>::max();
  const std::size_t k = n - 1;  // cities 1..n-1 are bit i - 1 of a set
  const std::size_t sets = std::size_t{1} << k;
  std::vector<length> best(sets * k, none);
  std::vector<std::uint8_t> from(sets * k, 0);  // the city before j, bit number
  for (std::size_t j = 0; j < k; ++j) {
    if (in.edge(0, j + 1)) best[(std::size_t{1} << j) * k + j] = in.d(0, j + 1);
  }
  for (std::size_t s = 1; s < sets; ++s) {
    for (std::size_t j = 0; j < k; ++j) {
      const length here = best[s * k + j];
      if (here == none) continue;
      for (std::size_t x = 0; x < k; ++x) {
        if ((s >> x) & 1U || !in.edge(j + 1, x + 1)) continue;
        const std::size_t t = s | (std::size_t{1} << x);
        const length via = here + in.d(j + 1, x + 1);
        if (via < best[t * k + x]) {
          best[t * k + x] = via;
          from[t * k + x] = static_cast<std::uint8_t>(j);
        }
      }
    }
  }
  const std::size_t all = sets - 1;
  length shortest = none;
  std::size_t end = k;
  for (std::size_t j = 0; j < k; ++j) {
    if (best[all * k + j] == none || !in.edge(j + 1, 0)) continue;
    const length tour = best[all * k + j] + in.d(j + 1, 0);
    if (tour < shortest) {
      shortest = tour;
      end = j;
    }
  }
  if (end == k) return std::nullopt;
  solution out;
  out.length = shortest;
  std::vector<std::size_t> back;
  for (std::size_t s = all, j = end;;) {
    back.push_back(j + 2);  // 1-based city j + 1
    const std::size_t prev = from[s * k + j];
    const std::size_t t = s & ~(std::size_t{1} << j);
    if (t == 0) break;
    s = t;
    j = prev;
  }
  out.tour.push_back(1);
  out.tour.insert(out.tour.end(), back.rbegin(), back.rend());
  return out;
}

}  // namespace bt::problems::tsp
