// SPDX-License-Identifier: MIT
// The final word on a colouring, checked against the Boost graph itself (not the search's own
// structures), so a bug in a search cannot vouch for its own answer.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include <bt/problems/graph/graph.hpp>

namespace bt::problems::colouring {

/// The number of distinct colours in c (0 counts as a colour only if present).
inline int colours_used(std::span<const int> c) {
  std::vector<int> s(c.begin(), c.end());
  std::sort(s.begin(), s.end());
  return static_cast<int>(std::unique(s.begin(), s.end()) - s.begin());
}

/// True when c gives every vertex of g a colour in 1..max_colours and no edge joins two
/// vertices of one colour.
inline bool is_proper(const graph::graph& g, std::span<const int> c, int max_colours) {
  if (c.size() != boost::num_vertices(g)) return false;
  for (const int x : c) {
    if (x < 1 || x > max_colours) return false;
  }
  for (auto [it, end] = boost::edges(g); it != end; ++it) {
    if (c[boost::source(*it, g)] == c[boost::target(*it, g)]) return false;
  }
  return true;
}

}  // namespace bt::problems::colouring
