// SPDX-License-Identifier: MIT
// Where a graph's picture draws each vertex: the places the input gives (a map), else a
// spring layout (Boost.Graph's Kamada-Kawai) of each connected component, the components and
// isolated vertices set apart side by side. Every picture of the same graph is the same.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <bt/problems/graph/graph.hpp>

namespace bt::problems::graph {

/// The most vertices laid out: past it a picture has no positions (the viewer's own circle),
/// as the layout's all-pairs work grows with the square of the vertices.
inline constexpr std::size_t max_layout_vertices = 2000;

/// A picture's vertex positions and the size of their discs.
struct picture_layout {
  /// Vertex v's centre, x and y in [0, 1], the longer side of the picture spanning [0, 1] (y
  /// down); empty when the graph has no vertices or more than max_layout_vertices.
  std::vector<point> positions;
  /// The radius of a vertex's disc, in the same unit: discs this size never overlap (at most
  /// 0.45 of the closest two centres' distance).
  double radius = 0;
};

/// The layout of g: `given` (one place a vertex, any unit, y down; empty for none) moved apart
/// where two places crowd, else a spring layout of each component, packed in rows of boxes.
picture_layout layout(const graph& g, std::span<const point> given = {});

}  // namespace bt::problems::graph
