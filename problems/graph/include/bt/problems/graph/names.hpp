// SPDX-License-Identifier: MIT
// A vertex as traces and labels name it: its name when the graph has names (a map), else "v"
// and its 1-based number.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

namespace bt::problems::graph {

/// Vertex v (0-based) of a graph with `names` (nullptr: none), for an ostream: "SA" or "v3".
struct vertex_name {
  const std::vector<std::string>* names = nullptr;  ///< the graph's names, or nullptr
  std::size_t v = 0;                                ///< the vertex, 0-based

  /// Writes the name, or "v" and v + 1.
  friend std::ostream& operator<<(std::ostream& os, const vertex_name& n) {
    if (n.names != nullptr) return os << (*n.names)[n.v];
    return os << 'v' << n.v + 1;
  }
};

}  // namespace bt::problems::graph
