// SPDX-License-Identifier: MIT
// Graphviz output of a graph, with per-vertex and per-edge attributes supplied by the caller
// (colours of a colouring, the edges of a Hamiltonian cycle).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <bt/problems/graph/graph.hpp>

namespace bt::problems::graph {

/// Write g in DOT; vertices are labelled 1..n, or names[v] when names is given. vertex_attrs(v)
/// and edge_attrs(u, v) return attribute text such as `style=filled fillcolor="/set312/3"`
/// (empty for none).
template <class VertexAttrs, class EdgeAttrs>
void write_dot(std::ostream& os, const graph& g, const std::string& name, VertexAttrs vertex_attrs,
               EdgeAttrs edge_attrs, const std::vector<std::string>* names = nullptr) {
  os << "graph \"" << name << "\" {\n";
  for (std::size_t v = 0; v < boost::num_vertices(g); ++v) {
    const std::string a = vertex_attrs(static_cast<vertex>(v));
    os << "  " << v + 1 << " [label=\"";
    if (names != nullptr) {
      for (const char c : (*names)[v]) os << (c == '"' || c == '\\' ? "\\" : "") << c;
    } else {
      os << v + 1;
    }
    os << "\"" << (a.empty() ? "" : " ") << a << "];\n";
  }
  for (auto [it, end] = boost::edges(g); it != end; ++it) {
    const auto u = static_cast<vertex>(boost::source(*it, g));
    const auto v = static_cast<vertex>(boost::target(*it, g));
    const std::string a = edge_attrs(u, v);
    os << "  " << u + 1 << " -- " << v + 1 << (a.empty() ? "" : " [" + a + "]") << ";\n";
  }
  os << "}\n";
}

}  // namespace bt::problems::graph
