// SPDX-License-Identifier: MIT
// adjacency: the graph as the colouring searches read it in their hot loops: sorted neighbour
// lists always, neighbourhood bitsets while they fit in memory. Built once from the Boost graph.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <utility>
#include <vector>

#include <bt/problems/colouring/vertex_set.hpp>
#include <bt/problems/graph/graph.hpp>

namespace bt::problems::colouring {

using graph::vertex;

/// Bitsets cost n^2 / 8 bytes: above this many vertices (32 MiB of bits) only lists are kept and
/// the bitset-only algorithms (exact clique, Mycielskian bound, dominance) are skipped.
inline constexpr std::size_t max_bitset_vertices = 16384;

/// A simple undirected graph on vertices 0..n-1.
class adjacency {
 public:
  adjacency() = default;
  /// The graph of g (already simple: make_graph dropped loops and repeated edges).
  explicit adjacency(const graph::graph& g) : adjacency(graph::neighbour_lists(g)) {}
  /// The graph of these lists; each must be sorted, loop-free, and symmetric with the others.
  explicit adjacency(std::vector<std::vector<vertex>> lists) : nbrs_(std::move(lists)) {
    for (const auto& l : nbrs_) edges_ += l.size();
    edges_ /= 2;
    if (nbrs_.size() <= max_bitset_vertices) {
      bits_.assign(nbrs_.size(), vertex_set(nbrs_.size()));
      for (std::size_t v = 0; v < nbrs_.size(); ++v) {
        for (const vertex w : nbrs_[v]) bits_[v].set(w);
      }
    }
  }

  /// Number of vertices.
  [[nodiscard]] std::size_t size() const { return nbrs_.size(); }
  /// Number of edges.
  [[nodiscard]] std::size_t edges() const { return edges_; }
  /// The neighbours of v, ascending.
  [[nodiscard]] std::span<const vertex> neighbours(std::size_t v) const { return nbrs_[v]; }
  [[nodiscard]] std::size_t degree(std::size_t v) const { return nbrs_[v].size(); }
  /// True when neighbourhood bitsets exist (size() <= max_bitset_vertices).
  [[nodiscard]] bool has_bits() const { return !bits_.empty() || nbrs_.empty(); }
  /// The neighbourhood of v as a set; needs has_bits().
  [[nodiscard]] const vertex_set& bits(std::size_t v) const { return bits_[v]; }
  /// Is uv an edge?
  [[nodiscard]] bool adjacent(std::size_t u, std::size_t v) const {
    if (!bits_.empty()) return bits_[u].test(v);
    return std::binary_search(nbrs_[u].begin(), nbrs_[u].end(), static_cast<vertex>(v));
  }
  /// The subgraph induced by `keep` (ascending), renumbered 0..keep.size()-1 in that order.
  [[nodiscard]] adjacency induced(std::span<const vertex> keep) const {
    std::vector<vertex> id(size(), static_cast<vertex>(-1));
    for (std::size_t i = 0; i < keep.size(); ++i) id[keep[i]] = static_cast<vertex>(i);
    std::vector<std::vector<vertex>> lists(keep.size());
    for (std::size_t i = 0; i < keep.size(); ++i) {
      for (const vertex w : nbrs_[keep[i]]) {
        if (id[w] != static_cast<vertex>(-1)) lists[i].push_back(id[w]);
      }
    }
    return adjacency(std::move(lists));
  }

 private:
  std::vector<std::vector<vertex>> nbrs_;
  std::vector<vertex_set> bits_;
  std::size_t edges_ = 0;
};

}  // namespace bt::problems::colouring
