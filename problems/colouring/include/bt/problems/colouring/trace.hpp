// SPDX-License-Identifier: MIT
// The search in words for bt::trace_visitor: which vertex takes which colour, which colours are
// refused, and where the search backs up. Vertices are 1-based, as in the files.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <utility>

#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt::problems::colouring {

/// Describer for any colouring model with next_vertex(), vertex_at(depth) and label(v).
/// Lines: "  v3 = 2" (assign), "  v3 != 1" (colour refused), "  prune" (node cut by the bound
/// or with no colour left), "  back v3 = 2" (backtrack), "solution".
struct describer {
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    os << indent(e) << 'v' << e.state.label(e.state.vertex_at(e.depth)) + 1 << " = " << e.value
       << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << indent(e) << "prune\n";
    } else {
      os << indent(e) << 'v' << e.state.label(e.state.next_vertex()) + 1 << " != " << e.value
         << '\n';
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "back v" << e.state.label(e.state.next_vertex()) + 1 << " = " << e.value
       << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "solution\n";
  }
  /// For --tree and --replay: "v<vertex>=<colour>" (1-based vertex) of an assign or a refusal.
  template <class P>
  void label(std::ostream& os, const ev::assign<P>& e) const {
    os << 'v' << e.state.label(e.state.vertex_at(e.depth)) + 1 << '=' << e.value;
  }
  template <class P>
  void label(std::ostream& os, const ev::prune<P>& e) const {
    os << 'v' << e.state.label(e.state.next_vertex()) + 1 << '=' << e.value;
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
};

}  // namespace bt::problems::colouring
