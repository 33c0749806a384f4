// SPDX-License-Identifier: MIT
// tree_visitor: the search tree as a Graphviz DOT graph, for --tree. Each node is labelled with
// its number in visiting order (the root is 1, as the nodes counter of --stats counts) and its
// assignment; a failed branch says why it failed. Rejected candidates (never assigned, so not
// nodes) are drawn unnumbered, or left out. At most max_nodes boxes are kept.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/stats.hpp>

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
  /// Keep at most max_nodes boxes (rejected candidates included when drawn); d names the
  /// assignments; rejected: draw the candidates consistent() rejected.
  tree_visitor(Describer& d, std::size_t max_nodes, bool rejected = true)
      : d_(d), max_(max_nodes), rejected_(rejected) {
    add(std::string("root"), tree_mark::open, npos, 0);
    nodes_.back().number = 1;
    path_.push_back(0);
  }

  template <class P>
  void on(const ev::node<P>& e) {
    count(e);
  }
  template <class P>
  void on(const ev::assign<P>& e) {
    count(e);
    const std::size_t parent = at(e.depth);
    const std::size_t id =
        room(parent) ? add(label_of(d_, e), tree_mark::open, parent, e.depth + 1) : drop();
    // Every assignment enters one node, next: the number it will have.
    if (id != npos) nodes_[id].number = counts_.nodes + 1;
    path_.resize(e.depth + 1);
    path_.push_back(id);
  }
  template <class P>
  void on(const ev::prune<P>& e) {
    count(e);
    if (e.node_level) {
      mark(at(e.depth), tree_mark::pruned);
      return;
    }
    if (!rejected_) return;
    if (room(at(e.depth))) {
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
    count(e);
  }
  template <class P>
  void on(const ev::solution<P>& e) {
    count(e);
    mark(at(e.depth), tree_mark::solution);
    for (std::size_t d = 0; d <= e.depth && d < path_.size(); ++d) {
      if (path_[d] != npos) nodes_[path_[d]].below = true;
    }
  }

  /// Boxes the search made that were not kept (past max_nodes).
  [[nodiscard]] std::size_t dropped() const { return dropped_; }

  /// The tree as a DOT digraph. Its title counts as --stats does: nodes (the root included),
  /// rejected candidates, pruned nodes, backtracks, solutions; a cut tree says how many boxes
  /// it left out.
  void write_dot(std::ostream& os) const {
    os << "digraph search_tree {\n"
          "  graph [label=\"search tree: "
       << std::max<std::uint64_t>(counts_.nodes, 1) << " nodes, " << rejections()
       << " rejected candidates" << (rejected_ ? "" : " (not drawn)") << ", "
       << counts_.prunes - rejections() << " pruned, " << counts_.backtracks << " backtracks, "
       << counts_.solutions << " solutions"
       << (dropped_ ? "\\ntruncated: " + std::to_string(nodes_.size()) + " boxes drawn, " +
                          std::to_string(dropped_) + " more not drawn"
                    : "")
       << "\", labelloc=t];\n"
          "  node [shape=box, fontname=\"monospace\", fontsize=10];\n";
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
      const auto& n = nodes_[i];
      os << "  n" << i << " [label=\"";
      if (n.number != 0) os << '#' << n.number << ' ';
      os << escaped(n.label) << why(n.mark) << '"' << style(n.mark) << "];\n";
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
    bool below = false;        // a solution in the subtree
    std::uint64_t number = 0;  // visiting order (0: a rejected candidate, not a node)
  };

  template <class E>
  void count(const E& e) {
    stats_visitor{counts_}.on(e);
  }
  // Candidates consistent() rejected: each is a check and a prune, never an assignment.
  [[nodiscard]] std::uint64_t rejections() const { return counts_.checks - counts_.assigns; }

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
  bool rejected_;
  std::size_t dropped_ = 0;
  // What the search did, drawn or not, counted as --stats counts it: the title's figures.
  stats counts_{};
  std::vector<tree_node> nodes_;
  std::vector<std::size_t> path_;  // node id at each depth of the current path (npos: not kept)
};

}  // namespace bt
