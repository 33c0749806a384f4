// SPDX-License-Identifier: MIT
// The --replay picture of a Boost.Graph graph, for the graph plugins.
#pragma once

#include <boost/graph/graph_traits.hpp>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "common_options.hpp"
#include "watch.hpp"

namespace btsolve {

/// graph_view_json of g when o asks for --replay, else "{}" (a big graph's edge list is only
/// copied when a page will show it).
template <class Graph>
std::string replay_graph(const Graph& g, const run_options& o, const std::string& mode,
                         std::size_t start, const std::string& title) {
  if (o.replay_file.empty()) return "{}";
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  auto [e, end] = boost::edges(g);
  for (; e != end; ++e) {
    edges.emplace_back(static_cast<std::size_t>(boost::source(*e, g)),
                       static_cast<std::size_t>(boost::target(*e, g)));
  }
  return graph_view_json(static_cast<std::size_t>(boost::num_vertices(g)), edges, mode, start,
                         title);
}

}  // namespace btsolve
