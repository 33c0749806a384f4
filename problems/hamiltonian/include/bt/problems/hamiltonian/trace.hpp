// SPDX-License-Identifier: MIT
// The --trace describer: each step of the path search in words, 1-based vertices (or their
// names), indented by depth, e.g. "  x3 = 4" (position 3 of the path is vertex 4), "  x3 = SA".
#pragma once

#include <algorithm>
#include <cstddef>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// Describer for bt::trace_visitor. Position k of the path is variable xk (x1 is vertex 1).
struct path_describer {
  /// The graph, for why(): a missing edge is named only with it.
  const instance* graph = nullptr;
  /// The vertices' names (a map, neighbour lists), or nullptr: 1-based numbers.
  const std::vector<std::string>* names = nullptr;

  /// Vertex v (0-based) in words: its name, else its number ("vertex 4" when `word`).
  [[nodiscard]] std::string vertex_text(long long v, bool word = false) const {
    if (names != nullptr) return (*names)[static_cast<std::size_t>(v)];
    return (word ? "vertex " : "") + std::to_string(v + 1);
  }

  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    os << indent(e) << "x" << e.depth + 2 << " = " << vertex_text(e.value) << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << indent(e) << "dead end after x" << e.depth + 1 << " = " << vertex_text(e.value) << '\n';
    } else {
      os << indent(e) << "reject x" << e.depth + 2 << " = " << vertex_text(e.value) << '\n';
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack x" << e.depth + 2 << " = " << vertex_text(e.value) << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "cycle\n";
  }
  /// For --tree and --replay: "x<position>=<vertex>" (1-based) of an assign or a rejection.
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << 'x' << e.depth + 2 << '=' << vertex_text(e.value);
  }
  /// For --replay: (position, vertex), 0-based; position 0 is the start vertex.
  template <class E>
  std::pair<long long, long long> cell(const E& e) const {
    return {static_cast<long long>(e.depth) + 1, e.value};
  }
  /// For --replay: a rejected vertex is on the path already, or has no edge from the vertex
  /// before it (or, last, none back to the start); a dead end has no way on.
  template <class P>
  why_info why(const ev::prune<P>& e, std::span<const bt::cell> path) const {
    why_info w;
    if (e.node_level) {
      w.text = "dead end after x" + std::to_string(e.depth + 1) + " = " + vertex_text(e.value) +
               ": no way on closes a cycle";
      return w;
    }
    const long long v = e.value;
    const long long prev = path.empty() ? 0 : path.back().second;
    std::ostringstream os;
    os << 'x' << e.depth + 2 << '=' << vertex_text(v) << " rejected: ";
    if (v == 0) {
      w.by.push_back({0, 0});
      os << vertex_text(0, true) << " is the start";
    } else if (const auto on = std::find_if(path.begin(), path.end(),
                                            [v](const bt::cell& c) { return c.second == v; });
               on != path.end()) {
      w.by.push_back(*on);
      os << vertex_text(v, true) << " is already x" << on->first + 1;
    } else if (graph != nullptr &&
               !graph->adjacent(static_cast<vertex>(prev), static_cast<vertex>(v))) {
      w.edge = bt::cell{prev, v};
      os << "no edge " << vertex_text(prev) << "-" << vertex_text(v);
    } else if (graph != nullptr && e.depth + 2 == graph->n &&
               !graph->adjacent(static_cast<vertex>(v), 0)) {
      w.edge = bt::cell{v, 0};
      os << "last vertex, no edge " << vertex_text(v) << "-" << vertex_text(0)
         << " back to the start";
    } else if (graph != nullptr && e.depth + 2 == graph->n && !path.empty() &&
               v < path.front().second) {
      w.by.push_back(path.front());
      os << "each cycle once: the last vertex must be larger than x2 = "
         << vertex_text(path.front().second) << " (the other direction is listed)";
    } else {
      os << "it cannot continue the path";
    }
    w.text = os.str();
    return w;
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
  /// For --tree and --replay: the edge chosen, "{3, 4}" (1-based), or "run 2".
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << e.state.describe(e.depth, e.value);
  }
  /// For --replay: the edge chosen, (u, v) 0-based (the picture's "edges" mode); none for the
  /// run number of a restart.
  template <class E>
  [[nodiscard]] std::optional<std::pair<long long, long long>> cell(const E& e) const {
    const auto x = e.state.decision_edge(e.depth, e.value);
    if (!x) return std::nullopt;
    return std::pair<long long, long long>{x->u, x->v};
  }
};

}  // namespace bt::problems::hamiltonian
