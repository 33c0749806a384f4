// SPDX-License-Identifier: MIT
// The searched graph in the shape the strategies index in their hot loops: sorted neighbour
// lists and numbered edges. Vertex 0 (1 in files and output) is where every path starts.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <bt/problems/graph/graph.hpp>
#include <bt/problems/graph/io.hpp>

namespace bt::problems::hamiltonian {

using graph::vertex;

/// The largest graph searched: the graph readers' and generators' limit. The engine's depth
/// is bounded by memory, not the stack; what a search needs is linear in the size of the
/// graph (docs/problems/hamiltonian.md measures it).
inline constexpr std::size_t max_vertices = graph::max_vertices;

/// A graph that cannot be searched; what() is one line.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// An undirected edge, u < v, numbered by its index in instance::edges.
struct edge {
  vertex u = 0;  ///< smaller end
  vertex v = 0;  ///< larger end
};

/// A neighbour seen from a vertex: who, and through which edge.
struct arc {
  vertex to = 0;         ///< the neighbour
  std::uint32_t id = 0;  ///< index of the edge in instance::edges
};

/// The graph as the searches read it; built once, shared (const) by every strategy.
struct instance {
  std::size_t n = 0;                     ///< vertices 0..n-1
  std::vector<std::vector<vertex>> adj;  ///< neighbours, ascending
  std::vector<std::vector<arc>> arcs;    ///< the same neighbours with their edge numbers
  std::vector<edge> edges;               ///< each edge once, ascending (u, v)

  /// Number of edges.
  [[nodiscard]] std::size_t m() const { return edges.size(); }
  /// Degree of v.
  [[nodiscard]] std::size_t degree(vertex v) const { return adj[v].size(); }
  /// Is {u, v} an edge? Binary search in the shorter list.
  [[nodiscard]] bool adjacent(vertex u, vertex v) const {
    const auto& a = adj[u].size() <= adj[v].size() ? adj[u] : adj[v];
    const vertex w = adj[u].size() <= adj[v].size() ? v : u;
    return std::binary_search(a.begin(), a.end(), w);
  }
};

namespace detail {
inline void check_vertex_count(std::size_t n) {
  if (n > max_vertices) {
    throw invalid_input("the graph has " + std::to_string(n) + " vertices; at most " +
                        std::to_string(max_vertices) + " can be searched");
  }
}
}  // namespace detail

/// The instance of g. Throws invalid_input when g has more than max_vertices vertices.
inline instance make_instance(const graph::graph& g) {
  instance in;
  in.n = boost::num_vertices(g);
  detail::check_vertex_count(in.n);
  in.adj = graph::neighbour_lists(g);
  in.arcs.resize(in.n);
  for (std::size_t u = 0; u < in.n; ++u) {
    for (const vertex v : in.adj[u]) {
      if (u < v) {
        in.edges.push_back({static_cast<vertex>(u), v});
      }
    }
  }
  // Edges come out sorted by (u, v), so both arc lists stay sorted by neighbour.
  for (std::size_t i = 0; i < in.edges.size(); ++i) {
    const auto id = static_cast<std::uint32_t>(i);
    in.arcs[in.edges[i].u].push_back({in.edges[i].v, id});
  }
  for (std::size_t i = 0; i < in.edges.size(); ++i) {
    const auto id = static_cast<std::uint32_t>(i);
    in.arcs[in.edges[i].v].push_back({in.edges[i].u, id});
  }
  for (auto& a : in.arcs) {
    std::sort(a.begin(), a.end(), [](const arc& x, const arc& y) { return x.to < y.to; });
  }
  return in;
}

/// The instance of an edge list (see graph::make_graph for what is dropped); the vertex count
/// is checked before the graph is built.
inline instance make_instance(const graph::edge_list& e) {
  detail::check_vertex_count(e.n);
  return make_instance(graph::make_graph(e));
}

}  // namespace bt::problems::hamiltonian
