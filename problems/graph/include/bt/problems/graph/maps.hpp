// SPDX-License-Identifier: MIT
// The built-in maps (--map): AIMA's map-colouring graphs of Australia, the USA and France with
// their regions' names and places, for colouring and pictures that speak of regions.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <bt/problems/graph/graph.hpp>

namespace bt::problems::graph {

/// A graph whose vertices have names and, for a map, places.
struct named_graph {
  edge_list edges;                 ///< the graph, vertices numbered as in names
  std::vector<std::string> names;  ///< vertex v's name
  /// vertex v's place (the region's centre: x east, y south, in degrees of the equator), or
  /// empty when the graph has none.
  std::vector<point> positions;
};

/// The names --map accepts: "australia", "usa", "france".
std::span<const std::string_view> map_names();

/// The built-in map called name (one of map_names()), or nullopt. Its vertices come in the
/// order of AIMA's neighbour lists.
std::optional<named_graph> builtin_map(std::string_view name);

}  // namespace bt::problems::graph
