// SPDX-License-Identifier: MIT
// The graph type of the graph problems (a Boost.Graph adjacency_list) and how to build one
// from an edge list: simple, undirected, vertices 0..n-1 (1-based only in files and output).
#pragma once

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace bt::problems::graph {

/// Undirected simple graph, vertices 0..n-1 in a vector, adjacency in vectors.
using graph = boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS>;

/// A vertex number, 0-based.
using vertex = std::uint32_t;

/// An edge list as read from a file, before it becomes a graph.
struct edge_list {
  std::size_t n = 0;                             ///< vertices 0..n-1
  std::vector<std::pair<vertex, vertex>> edges;  ///< as given: may repeat, may hold loops
};

/// What make_graph dropped from an edge list: the published files repeat edges and hold loops.
struct cleanup {
  std::size_t duplicates = 0;  ///< edges given more than once (either direction)
  std::size_t loops = 0;       ///< self-loops
};

/// The simple graph of e: each edge once, self-loops dropped (counted in `dropped`).
inline graph make_graph(edge_list e, cleanup* dropped = nullptr) {
  cleanup c;
  std::vector<std::pair<vertex, vertex>> es;
  es.reserve(e.edges.size());
  for (auto [u, v] : e.edges) {
    if (u == v) {
      ++c.loops;
      continue;
    }
    es.emplace_back(std::min(u, v), std::max(u, v));
  }
  std::sort(es.begin(), es.end());
  const auto last = std::unique(es.begin(), es.end());
  c.duplicates = static_cast<std::size_t>(es.end() - last);
  es.erase(last, es.end());
  graph g(e.n);
  for (const auto& [u, v] : es) {
    boost::add_edge(u, v, g);
  }
  if (dropped) {
    *dropped = c;
  }
  return g;
}

/// Adjacency as sorted vectors of neighbours, for searches that index it in a hot loop.
inline std::vector<std::vector<vertex>> neighbour_lists(const graph& g) {
  std::vector<std::vector<vertex>> adj(boost::num_vertices(g));
  for (std::size_t v = 0; v < adj.size(); ++v) {
    for (auto [it, end] = boost::adjacent_vertices(v, g); it != end; ++it) {
      adj[v].push_back(static_cast<vertex>(*it));
    }
    std::sort(adj[v].begin(), adj[v].end());
  }
  return adj;
}

}  // namespace bt::problems::graph
