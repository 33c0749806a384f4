// SPDX-License-Identifier: MIT
// Greedy colourings: first fit in a given order, and Brélaz's DSATUR heuristic. They give the
// first upper bound of the chromatic number in O((n + m) log n).
#pragma once

#include <algorithm>
#include <cstddef>
#include <set>
#include <span>
#include <tuple>
#include <vector>

#include <bt/problems/colouring/adjacency.hpp>

namespace bt::problems::colouring {

namespace detail {
// The smallest colour (1-based) that no coloured neighbour of v holds; `mark` is scratch space.
inline int smallest_free(const adjacency& g, std::size_t v, std::span<const int> colour,
                         std::vector<char>& mark) {
  const std::size_t d = g.degree(v);
  mark.assign(d + 2, 0);
  for (const vertex w : g.neighbours(v)) {
    const auto c = static_cast<std::size_t>(colour[w]);
    if (c != 0 && c <= d + 1) mark[c] = 1;
  }
  std::size_t c = 1;
  while (mark[c] != 0) ++c;
  return static_cast<int>(c);
}
}  // namespace detail

/// Colour the vertices in `order` (a permutation of 0..n-1), each with its smallest free colour.
inline std::vector<int> first_fit(const adjacency& g, std::span<const vertex> order) {
  std::vector<int> colour(g.size(), 0);
  std::vector<char> mark;
  for (const vertex v : order) colour[v] = detail::smallest_free(g, v, colour, mark);
  return colour;
}

/// First fit in the order 0, 1, ..., n-1.
inline std::vector<int> first_fit(const adjacency& g) {
  std::vector<vertex> order(g.size());
  for (std::size_t v = 0; v < order.size(); ++v) order[v] = static_cast<vertex>(v);
  return first_fit(g, order);
}

/// Brélaz's DSATUR: repeatedly colour the vertex with the most distinct neighbour colours (ties:
/// most uncoloured neighbours, then the lowest number) with its smallest free colour.
inline std::vector<int> dsatur_colouring(const adjacency& g) {
  const std::size_t n = g.size();
  std::vector<int> colour(n, 0);
  std::vector<std::vector<int>> seen(n);  // distinct neighbour colours, sorted
  std::vector<int> udeg(n);
  // Key (-saturation, -uncoloured degree, v): begin() is the next vertex.
  std::set<std::tuple<int, int, vertex>> queue;
  for (std::size_t v = 0; v < n; ++v) {
    udeg[v] = static_cast<int>(g.degree(v));
    queue.emplace(0, -udeg[v], static_cast<vertex>(v));
  }
  std::vector<char> mark;
  while (!queue.empty()) {
    const vertex v = std::get<2>(*queue.begin());
    queue.erase(queue.begin());
    const int c = detail::smallest_free(g, v, colour, mark);
    colour[v] = c;
    for (const vertex w : g.neighbours(v)) {
      if (colour[w] != 0) continue;
      auto& s = seen[w];
      queue.erase({-static_cast<int>(s.size()), -udeg[w], w});
      const auto at = std::lower_bound(s.begin(), s.end(), c);
      if (at == s.end() || *at != c) s.insert(at, c);
      --udeg[w];
      queue.emplace(-static_cast<int>(s.size()), -udeg[w], w);
    }
  }
  return colour;
}

}  // namespace bt::problems::colouring
