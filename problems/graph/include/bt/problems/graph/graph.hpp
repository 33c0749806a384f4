// SPDX-License-Identifier: MIT
// The graph type of the graph problems (a Boost.Graph adjacency_list) and how to build one
// from an edge list: simple, undirected, vertices 0..n-1 (1-based only in files and output).
#pragma once

#include <algorithm>
#include <boost/graph/adjacency_list.hpp>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <utility>
#include <vector>

namespace bt::problems::graph {

/// Undirected simple graph, vertices 0..n-1 in a vector, adjacency in vectors, and the edges
/// themselves in one vector too: Boost's default list of edges costs a heap node an edge, so
/// 2 * 10^7 edges took seconds to free (minutes under ASan).
using graph =
    boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                          boost::no_property, boost::no_property, boost::vecS>;

/// A vertex number, 0-based.
using vertex = std::uint32_t;

/// A vertex's place on a picture: x to the right, y down, in any unit.
struct point {
  double x = 0;  ///< to the right
  double y = 0;  ///< down
};

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

/// Thrown by make_graph when its `stop` said true: the graph was not built.
struct build_stopped : std::runtime_error {
  build_stopped() : std::runtime_error("the graph's build was stopped") {}
};

/// A stop test that never stops: the default of make_graph and the generators.
struct never_stop {
  constexpr bool operator()() const noexcept { return false; }
};

/// The simple graph of e: each edge once, self-loops dropped (counted in `dropped`), edges
/// added in (smaller end, larger end) order. `stop()` is asked every 65,536 steps (an edge or a
/// vertex: Ctrl-C and the time limit on a build of millions); when it says true, build_stopped is
/// thrown. Edges are bucketed by their smaller end (a counting sort) so the work is linear and the
/// buckets are small.
template <class Stop = never_stop>
graph make_graph(edge_list e, cleanup* dropped = nullptr, Stop stop = {}) {
  cleanup c;
  std::size_t work = 0;  // steps since stop() was last asked: an edge, a vertex, a page
  const auto ask = [&](std::size_t steps) {
    work += steps;
    if (work >= 0x10000U) {
      work = 0;
      if (stop()) throw build_stopped();
    }
  };
  std::vector<std::size_t> start(e.n + 1, 0);  // bucket u holds the larger ends of u's edges
  for (std::size_t i = 0; i < e.edges.size(); ++i) {
    ask(1);
    const auto [u, v] = e.edges[i];
    if (u == v) {
      ++c.loops;
    } else {
      ++start[std::min(u, v) + std::size_t{1}];
    }
  }
  for (std::size_t u = 0; u < e.n; ++u) start[u + 1] += start[u];
  // Not zeroed: the faults of 10^7 fresh pages fall in the loop below, which asks stop().
  // (new[] rather than make_unique_for_overwrite, which the WebAssembly build's libc++ lacks.)
  const std::unique_ptr<vertex[]> larger(new vertex[start[e.n]]);
  {
    std::vector<std::size_t> fill(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < e.edges.size(); ++i) {
      ask(1);
      const auto [u, v] = e.edges[i];
      if (u != v) larger[fill[std::min(u, v)]++] = std::max(u, v);
    }
  }
  std::vector<std::pair<vertex, vertex>>().swap(e.edges);
  std::size_t kept = 0;
  for (std::size_t u = 0; u < e.n; ++u) {
    ask(1 + start[u + 1] - start[u]);
    vertex* const first = larger.get() + start[u];
    vertex* const last = larger.get() + start[u + 1];
    std::sort(first, last);
    vertex* const end = std::unique(first, last);
    c.duplicates += static_cast<std::size_t>(last - end);
    start[u] = kept;  // the bucket, deduplicated, moves down to [kept, kept + size)
    kept = static_cast<std::size_t>(std::copy(first, end, larger.get() + kept) - larger.get());
  }
  start[e.n] = kept;
  graph g(e.n);
  // Room for every edge and adjacency up front (the containers are public members of Boost's
  // vec_adj_list_impl): growing them by doubling made --queen-graph 200x200 (1.6 * 10^7 edges) a
  // third slower.
  {
    std::vector<std::size_t> degree(e.n, 0);
    for (std::size_t u = 0; u < e.n; ++u) {
      ask(1 + start[u + 1] - start[u]);
      degree[u] += start[u + 1] - start[u];
      for (std::size_t i = start[u]; i < start[u + 1]; ++i) ++degree[larger[i]];
    }
    g.m_edges.reserve(kept);
    for (std::size_t v = 0; v < e.n; ++v) {
      ask(1 + degree[v]);  // each reservation faults a page in: 0.5 s at 40,000 vertices
      g.m_vertices[v].m_out_edges.reserve(degree[v]);
    }
  }
  for (std::size_t u = 0; u < e.n; ++u) {
    for (std::size_t i = start[u]; i < start[u + 1]; ++i) {
      ask(1);
      boost::add_edge(u, larger[i], g);
    }
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
