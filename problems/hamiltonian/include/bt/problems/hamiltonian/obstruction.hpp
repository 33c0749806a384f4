// SPDX-License-Identifier: MIT
// Quick proofs that no Hamiltonian cycle exists, tried before any search: each is a necessary
// condition that linear time can refute (every Hamiltonian graph on n >= 3 vertices is
// 2-connected, and a bipartite one has equal sides).
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// The first necessary condition g fails, as one sentence (1-based vertices, or their `names`
/// when given: "T has degree 0"), or nothing. Tried in order: at least 3 vertices, every
/// degree >= 2, connected, no cut vertex, not bipartite with unequal sides.
inline std::optional<std::string> find_obstruction(
    const instance& g, const std::vector<std::string>* names = nullptr) {
  const auto who = [names](std::size_t v) {
    return names != nullptr ? (*names)[v] : "vertex " + std::to_string(v + 1);
  };
  const std::size_t n = g.n;
  if (n < 3) {
    return "a Hamiltonian cycle needs at least 3 vertices, the graph has " + std::to_string(n);
  }
  for (std::size_t v = 0; v < n; ++v) {
    if (g.adj[v].size() < 2) {
      return who(v) + " has degree " + std::to_string(g.adj[v].size()) + " (a cycle needs 2)";
    }
  }
  // One iterative depth-first search from 0 gives reachability and Tarjan's low points.
  constexpr std::size_t unseen = static_cast<std::size_t>(-1);
  std::vector<std::size_t> order(n, unseen), low(n, 0), parent(n, unseen), next(n, 0);
  std::vector<vertex> stack{0};
  std::size_t counter = 0;
  std::size_t root_children = 0;
  std::optional<vertex> cut;
  order[0] = low[0] = counter++;
  while (!stack.empty()) {
    const vertex u = stack.back();
    if (next[u] < g.adj[u].size()) {
      const vertex w = g.adj[u][next[u]++];
      if (order[w] == unseen) {
        parent[w] = u;
        order[w] = low[w] = counter++;
        stack.push_back(w);
        if (u == 0) ++root_children;
      } else if (w != parent[u]) {
        low[u] = std::min(low[u], order[w]);
      }
      continue;
    }
    stack.pop_back();
    if (parent[u] != unseen) {
      const vertex p = static_cast<vertex>(parent[u]);
      low[p] = std::min(low[p], low[u]);
      if (p != 0 && low[u] >= order[p] && !cut) cut = p;
    }
  }
  for (std::size_t v = 0; v < n; ++v) {
    if (order[v] == unseen) {
      return "the graph is disconnected: " + who(v) + " cannot be reached from " + who(0);
    }
  }
  if (root_children > 1) cut = 0;
  if (cut) {
    return who(*cut) + " is a cut vertex: removing it disconnects the graph";
  }
  // Two-colour by breadth-first search; a cycle alternates sides, so they must be equal.
  std::vector<int> side(n, -1);
  std::vector<vertex> queue{0};
  side[0] = 0;
  bool bipartite = true;
  for (std::size_t i = 0; i < queue.size() && bipartite; ++i) {
    const vertex u = queue[i];
    for (const vertex w : g.adj[u]) {
      if (side[w] < 0) {
        side[w] = 1 - side[u];
        queue.push_back(w);
      } else if (side[w] == side[u]) {
        bipartite = false;
        break;
      }
    }
  }
  if (bipartite) {
    const auto ones = static_cast<std::size_t>(std::count(side.begin(), side.end(), 1));
    if (2 * ones != n) {
      return "the graph is bipartite with sides of " + std::to_string(std::min(ones, n - ones)) +
             " and " + std::to_string(std::max(ones, n - ones)) +
             " vertices (a cycle alternates sides)";
    }
  }
  return std::nullopt;
}

}  // namespace bt::problems::hamiltonian
