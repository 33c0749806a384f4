// SPDX-License-Identifier: MIT
// The search in words for bt::trace_visitor: which vertex takes which colour, which colours are
// refused, and where the search backs up. Vertices are 1-based, as in the files.
#pragma once

#include <cstddef>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/graph/names.hpp>

namespace bt::problems::colouring {

/// Describer for any colouring model with next_vertex(), vertex_at(depth) and label(v).
/// Lines: "  v3 = 2" (assign), "  v3 != 1" (colour refused), "  prune" (node cut by the bound
/// or with no colour left), "  back v3 = 2" (backtrack), "solution"; a named graph's vertices
/// by their names ("  SA = 2").
struct describer {
  /// The graph, for why(): which neighbour on the path holds a refused colour (none: no edges
  /// are named).
  const adjacency* graph = nullptr;
  /// The vertices' names (a map), or nullptr: "v3".
  const std::vector<std::string>* names = nullptr;

  /// Vertex v (0-based) as the trace names it.
  [[nodiscard]] graph::vertex_name name(std::size_t v) const { return {names, v}; }

  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    os << indent(e) << name(e.state.label(e.state.vertex_at(e.depth))) << " = " << e.value << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << indent(e) << "prune\n";
    } else {
      os << indent(e) << name(e.state.label(e.state.next_vertex())) << " != " << e.value << '\n';
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "back " << name(e.state.label(e.state.next_vertex())) << " = " << e.value
       << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "solution\n";
  }
  /// For --tree and --replay: "v<vertex>=<colour>" (1-based vertex) of an assign or a refusal.
  template <class P>
  void label(std::ostream& os, const ev::assign<P>& e) const {
    os << name(e.state.label(e.state.vertex_at(e.depth))) << '=' << e.value;
  }
  template <class P>
  void label(std::ostream& os, const ev::prune<P>& e) const {
    os << name(e.state.label(e.state.next_vertex())) << '=' << e.value;
  }
  /// For --replay: (vertex, colour), the vertex 0-based as in the graph.
  template <class P>
  std::pair<long long, long long> cell(const ev::assign<P>& e) const {
    return {static_cast<long long>(e.state.label(e.state.vertex_at(e.depth))), e.value};
  }
  template <class P>
  std::pair<long long, long long> cell(const ev::prune<P>& e) const {
    return {static_cast<long long>(e.state.label(e.state.next_vertex())), e.value};
  }
  /// For --replay: the coloured neighbour (on the path, or precoloured) that holds a refused
  /// colour and their edge; a node cut by the bound or left with no colour.
  template <class P>
  why_info why(const ev::prune<P>& e, std::span<const bt::cell>) const {
    why_info w;
    if (e.node_level) {
      w.text = "no colour left for the next vertex within the bound";
      return w;
    }
    const P& s = e.state;
    const std::size_t vi = s.next_vertex();
    const auto v = s.label(vi);
    std::ostringstream os;
    os << name(v) << '=' << e.value << " refused: ";
    const auto colours = s.colours();
    for (std::size_t ui = 0; ui < colours.size() && graph != nullptr; ++ui) {
      const auto u = s.label(ui);
      if (colours[ui] != e.value || ui == vi || u >= graph->size() || v >= graph->size() ||
          !graph->adjacent(u, v)) {
        continue;
      }
      w.by.push_back({static_cast<long long>(u), e.value});
      w.edge = bt::cell{static_cast<long long>(u), static_cast<long long>(v)};
      os << "neighbour " << name(u) << " has colour " << e.value;
      w.text = os.str();
      return w;
    }
    os << "colour " << e.value << " is past the bound on colours";
    w.text = os.str();
    return w;
  }
};

}  // namespace bt::problems::colouring
