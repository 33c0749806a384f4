// SPDX-License-Identifier: MIT
// tree_visitor: the search tree as a Graphviz DOT graph, for --tree. Each node is labelled with
// its assignment; a failed branch says why it failed. At most max_nodes nodes are kept.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt {

/// Why a node of the drawn tree ended as it did.
enum class tree_mark {
  open,         ///< still on the path when the search stopped (or met its quota)
  solution,     ///< a solution
  rejected,     ///< candidate refused by consistent(): never assigned
  pruned,       ///< node refused by promising() (a bound, the final test)
  backtracked,  ///< explored, no solution below: the search backtracked from it
  explored      ///< explored, with a solution below
};

/// Records the tree through the engine's events and writes it with write_dot(). The
/// Describer names assignments (bt::label_of); it must outlive the visitor.
template <class Describer>
class tree_visitor {
 public:
  /// Keep at most max_nodes nodes (rejected candidates included); d names the assignments.
  tree_visitor(Describer& d, std::size_t max_nodes) : d_(d), max_(max_nodes) {
    add(std::string("root"), tree_mark::open, npos, 0);
    path_.push_back(0);
  }

  template <class P>
  void on(const ev::assign<P>& e) {
    const std::size_t parent = at(e.depth);
    const std::size_t id =
        room(parent) ? add(label_of(d_, e), tree_mark::open, parent, e.depth + 1) : drop();
    path_.resize(e.depth + 1);
    path_.push_back(id);
  }
  template <class P>
  void on(const ev::prune<P>& e) {
    if (e.node_level) {
      mark(at(e.depth), tree_mark::pruned);
    } else if (room(at(e.depth))) {
      add(label_of(d_, e), tree_mark::rejected, at(e.depth), e.depth + 1);
    } else {
      drop();
    }
  }
  template <class P>
  void on(const ev::backtrack<P>& e) {
    const std::size_t id = at(e.depth + 1);
    if (id != npos && nodes_[id].mark == tree_mark::open) {
      nodes_[id].mark = nodes_[id].below ? tree_mark::explored : tree_mark::backtracked;
    }
    path_.resize(e.depth + 1);
  }
  template <class P>
  void on(const ev::solution<P>& e) {
    mark(at(e.depth), tree_mark::solution);
    for (std::size_t d = 0; d <= e.depth && d < path_.size(); ++d) {
      if (path_[d] != npos) nodes_[path_[d]].below = true;
    }
  }

  /// Nodes the search made that were not kept (past max_nodes).
  [[nodiscard]] std::size_t dropped() const { return dropped_; }

  /// The tree as a DOT digraph; a cut tree says "truncated" in its label.
  void write_dot(std::ostream& os) const {
    os << "digraph search_tree {\n"
          "  graph [label=\"search tree: "
       << nodes_.size() << " nodes"
       << (dropped_ ? ", truncated (" + std::to_string(dropped_) + " more not drawn)" : "")
       << "\", labelloc=t];\n"
          "  node [shape=box, fontname=\"monospace\", fontsize=10];\n";
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const auto& n = nodes_[i];
      os << "  n" << i << " [label=\"" << escaped(n.label) << why(n.mark) << '"' << style(n.mark)
         << "];\n";
      if (i != 0) os << "  n" << n.parent << " -> n" << i << ";\n";
    }
    os << "}\n";
  }

 private:
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);
  struct tree_node {
    std::string label;
    tree_mark mark;
    std::size_t parent;
    std::size_t depth;
    bool below = false;  // a solution in the subtree
  };

  std::size_t at(std::size_t depth) const { return depth < path_.size() ? path_[depth] : npos; }

  // Labels are made only for nodes that are kept: past the cap a node costs a counter.
  bool room(std::size_t parent) const { return parent != npos && nodes_.size() < max_; }
  std::size_t drop() {
    ++dropped_;
    return npos;
  }
  std::size_t add(std::string label, tree_mark m, std::size_t parent, std::size_t depth) {
    if (parent == npos ? !nodes_.empty() : !room(parent)) return drop();
    nodes_.push_back({std::move(label), m, parent, depth});
    return nodes_.size() - 1;
  }
  void mark(std::size_t id, tree_mark m) {
    if (id != npos) nodes_[id].mark = m;
  }
  static std::string escaped(const std::string& s) {
    std::string out;
    for (const char c : s) {
      if (c == '"' || c == '\\') out += '\\';
      out += c == '\n' ? ' ' : c;
    }
    return out;
  }
  static const char* why(tree_mark m) {
    switch (m) {
      case tree_mark::rejected: return "\\nrejected: not consistent";
      case tree_mark::pruned: return "\\npruned: not promising";
      case tree_mark::backtracked: return "\\nbacktracked";
      case tree_mark::solution: return "\\nsolution";
      default: return "";
    }
  }
  static const char* style(tree_mark m) {
    switch (m) {
      case tree_mark::rejected: return ", color=red, fontcolor=red, style=dashed";
      case tree_mark::pruned: return ", color=orange, fontcolor=darkorange, style=dashed";
      case tree_mark::backtracked: return ", color=gray50, fontcolor=gray40";
      case tree_mark::solution:
        return ", color=darkgreen, penwidth=2, style=filled, fillcolor=palegreen";
      default: return "";
    }
  }

  Describer& d_;
  std::size_t max_;
  std::size_t dropped_ = 0;
  std::vector<tree_node> nodes_;
  std::vector<std::size_t> path_;  // node id at each depth of the current path (npos: not kept)
};

}  // namespace bt
