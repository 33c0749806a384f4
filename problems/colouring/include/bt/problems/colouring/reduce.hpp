// SPDX-License-Identifier: MIT
// Vertices the exact search can leave out, and how to colour them afterwards:
// - low degree: with a lower bound lb <= chi(G), a vertex with fewer than lb neighbours always
//   finds a free colour among the first lb, so it never decides whether chi(G) > lb;
// - dominated: if u and v are not adjacent and N(u) is inside N(v), u can take v's colour.
// Both are applied until nothing changes; the clique that certifies lb is kept whole.
#pragma once

#include <algorithm>
#include <cstddef>
#include <span>
#include <vector>

#include <bt/problems/colouring/adjacency.hpp>

namespace bt::problems::colouring {

/// A graph with vertices removed, and the way back to a colouring of the whole graph.
class reduction {
 public:
  /// Reduce g with lower bound lb (0: no low-degree rule) and, if `dominance`, the dominance
  /// rule; the vertices of `keep_always` (the clique) stay.
  reduction(const adjacency& g, int lb, std::span<const vertex> keep_always, bool dominance = true)
      : g_(&g) {
    const std::size_t n = g.size();
    std::vector<char> gone(n, 0), pinned(n, 0);
    for (const vertex v : keep_always) pinned[v] = 1;
    std::vector<std::size_t> deg(n);
    for (std::size_t v = 0; v < n; ++v) deg[v] = g.degree(v);
    const auto drop = [&](std::size_t v, vertex by) {
      gone[v] = 1;
      removed_.push_back({static_cast<vertex>(v), by});
      for (const vertex w : g.neighbours(v)) --deg[w];
    };
    vertex_set alive(g.has_bits() ? n : 0);
    if (g.has_bits()) alive.fill();
    bool changed = true;
    while (changed) {
      changed = false;
      for (std::size_t v = 0; v < n; ++v) {
        if (!gone[v] && !pinned[v] && deg[v] < static_cast<std::size_t>(std::max(lb, 0))) {
          drop(v, none);
          if (g.has_bits()) alive.reset(v);
          changed = true;
        }
      }
      if (!g.has_bits() || !dominance) break;
      for (std::size_t u = 0; u < n; ++u) {
        if (gone[u] || pinned[u]) continue;
        vertex_set nu = g.bits(u);
        nu &= alive;
        // A dominator is adjacent to every live neighbour of u, so to the first one.
        const std::size_t z = nu.first();
        if (z == vertex_set::npos) continue;
        for (const vertex v : g.neighbours(z)) {
          if (v == u || gone[v] || g.adjacent(u, v) || deg[v] < deg[u]) continue;
          if (nu.subset_of(g.bits(v))) {
            drop(u, v);
            alive.reset(u);
            changed = true;
            break;
          }
        }
      }
    }
    for (std::size_t v = 0; v < n; ++v) {
      if (!gone[v]) kept_.push_back(static_cast<vertex>(v));
    }
    std::vector<vertex> id(n, none);
    for (std::size_t i = 0; i < kept_.size(); ++i) id[kept_[i]] = static_cast<vertex>(i);
    for (const vertex v : keep_always) clique_.push_back(id[v]);
    graph_ = g.induced(kept_);
  }

  /// The reduced graph (vertices renumbered in ascending order of the originals).
  [[nodiscard]] const adjacency& graph() const { return graph_; }
  /// The kept clique in the reduced graph's numbering.
  [[nodiscard]] const std::vector<vertex>& clique() const { return clique_; }
  /// The original number of each reduced vertex.
  [[nodiscard]] const std::vector<vertex>& kept() const { return kept_; }
  /// Vertices removed.
  [[nodiscard]] std::size_t removed() const { return removed_.size(); }

  /// A colouring of the whole graph from a proper colouring of the reduced one: removed
  /// vertices are put back last-removed first, a dominated one with its dominator's colour,
  /// a low-degree one with its smallest free colour (so at most max(colours, lb) colours).
  [[nodiscard]] std::vector<int> extend(std::span<const int> reduced) const {
    std::vector<int> colour(g_->size(), 0);
    for (std::size_t i = 0; i < kept_.size(); ++i) colour[kept_[i]] = reduced[i];
    std::vector<char> mark;
    for (auto it = removed_.rbegin(); it != removed_.rend(); ++it) {
      if (it->by != none) {
        colour[it->v] = colour[it->by];
        continue;
      }
      const std::size_t d = g_->degree(it->v);
      mark.assign(d + 2, 0);
      for (const vertex w : g_->neighbours(it->v)) {
        const auto c = static_cast<std::size_t>(colour[w]);
        if (c != 0 && c <= d + 1) mark[c] = 1;
      }
      std::size_t c = 1;
      while (mark[c] != 0) ++c;
      colour[it->v] = static_cast<int>(c);
    }
    return colour;
  }

 private:
  static constexpr vertex none = static_cast<vertex>(-1);
  struct removal {
    vertex v;   // the removed vertex
    vertex by;  // its dominator, or none for a low-degree removal
  };
  const adjacency* g_;
  std::vector<removal> removed_;
  std::vector<vertex> kept_;
  std::vector<vertex> clique_;
  adjacency graph_;
};

}  // namespace bt::problems::colouring
