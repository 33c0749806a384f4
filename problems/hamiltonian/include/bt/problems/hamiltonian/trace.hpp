// SPDX-License-Identifier: MIT
// The --trace describer: each step of the path search in words, 1-based vertices, indented
// by depth, e.g. "  x3 = 4" (position 3 of the path is vertex 4).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <utility>

#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt::problems::hamiltonian {

/// Describer for bt::trace_visitor. Position k of the path is variable xk (x1 is vertex 1).
struct path_describer {
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    os << indent(e) << "x" << e.depth + 2 << " = " << e.value + 1 << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << indent(e) << "dead end after x" << e.depth + 1 << " = " << e.value + 1 << '\n';
    } else {
      os << indent(e) << "reject x" << e.depth + 2 << " = " << e.value + 1 << '\n';
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack x" << e.depth + 2 << " = " << e.value + 1 << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "cycle\n";
  }
  /// For --tree and --replay: "x<position>=<vertex>" (1-based) of an assign or a rejection.
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << 'x' << e.depth + 2 << '=' << e.value + 1;
  }
  /// For --replay: (position, vertex), 0-based; position 0 is the start vertex.
  template <class E>
  std::pair<long long, long long> cell(const E& e) const {
    return {static_cast<long long>(e.depth) + 1, e.value};
  }
};

/// Describer for the propagate strategy: each decision is the edge chosen, 1-based, e.g.
/// "  choose {3, 4}"; with restarts the root's decision is "run r".
struct edge_describer {
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    os << indent(e) << "choose " << e.state.describe(e.depth, e.value) << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    os << indent(e) << "dead end "
       << (e.depth == 0 ? "at the root" : "after " + e.state.describe(e.depth - 1, e.value))
       << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack " << e.state.describe(e.depth, e.value) << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "cycle\n";
  }
};

}  // namespace bt::problems::hamiltonian
