// SPDX-License-Identifier: MIT
// The pruned strategy: the same path-from-vertex-0 search as the textbook, over a graph that
// shrinks as the path grows (edge_states.hpp): each step chooses the edge from the path's end
// and propagates forced edges, dead ends and short cycles to a fixed point; the usable graph
// must stay 2-connected, checked at every node up to 511 vertices, every (1 + n / 512)-th
// level on larger graphs, so that a path of n steps costs O(n (n + m) / stride) and not more.
// The next vertex is tried fewest-onward-options first (Warnsdorff), which with forced edges
// walks along the fragments. The state is one array of integers with an undo trail.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include <bt/problems/hamiltonian/cycle.hpp>
#include <bt/problems/hamiltonian/edge_states.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// Trail discipline: the path from vertex 0 plus the edge states, undone on unassign. A copy
/// is an independent state at the same node (a work unit's root, bt::split).
class pruned {
 public:
  using value_type = vertex;  ///< the vertex (0-based) at the next position of the path

  /// The empty path {0} over g (which must outlive the search), with the root's forced edges
  /// propagated; a root that already fails is reported by promising().
  explicit pruned(const instance& g)
      : g_(&g), n_(g.n), edges_(g), visited_(n_, 0), buffers_(n_ + 1) {
    path_.reserve(n_);
    if (n_ == 0) {
      failed_ = true;
      return;
    }
    path_.push_back(0);
    visited_[0] = 1;
    failed_ = n_ < 3 || !edges_.propagate() || !edges_.biconnected();
    edges_.commit();  // the root is never undone
  }

  /// Every position filled (the closing edge is then chosen, or the node failed).
  [[nodiscard]] bool complete() const { return path_.size() == n_; }
  /// False when the last step's propagation or the connectivity test failed.
  [[nodiscard]] bool promising() const { return !failed_; }

  /// The next vertex: the one forced by a chosen edge, else every usable neighbour of the
  /// path's end, fewest usable edges first (ties by number).
  [[nodiscard]] std::span<const vertex> candidates() const {
    auto& out = buffers_[path_.size()];
    out.clear();
    const vertex h = path_.back();
    if (path_.size() == 1) {
      // Second vertex: below every chosen neighbour of 0, since a chosen edge to a smaller
      // vertex would have to close the cycle, against the direction rule.
      vertex limit = static_cast<vertex>(n_);
      for (const arc& a : g_->arcs[h]) {
        if (edges_.status(a.id) == edge_states::chosen) {
          limit = std::min(limit, a.to);
        }
      }
      for (const arc& a : g_->arcs[h]) {
        if (edges_.status(a.id) != edge_states::deleted && a.to <= limit) {
          out.push_back(a.to);
        }
      }
    } else if (edges_.chosen_count(h) == 2) {
      for (const arc& a : g_->arcs[h]) {
        if (edges_.status(a.id) == edge_states::chosen && visited_[a.to] == 0) {
          out.push_back(a.to);
        }
      }
      return out;
    } else {
      for (const arc& a : g_->arcs[h]) {
        if (edges_.status(a.id) == edge_states::free && visited_[a.to] == 0) {
          out.push_back(a.to);
        }
      }
    }
    std::sort(out.begin(), out.end(), [this](vertex a, vertex b) { return before(a, b); });
    return out;
  }

  /// Extend the path by v and propagate; a failure is kept for promising().
  void assign(vertex v) {
    marks_.push_back(edges_.mark());
    const vertex h = path_.back();
    path_.push_back(v);
    visited_[v] = 1;
    bool ok = true;
    if (path_.size() == 2) {
      for (const arc& a : g_->arcs[h]) {
        if (a.to < v && !edges_.remove(a.id)) {
          ok = false;
          break;
        }
      }
    }
    ok = ok && edges_.choose(edges_.edge_id(h, v)) && edges_.propagate() &&
         (path_.size() % stride_ != 0 || edges_.biconnected());
    failed_ = !ok;
  }

  /// Undo the matching assign(v).
  void unassign(vertex v) {
    edges_.undo(marks_.back());
    marks_.pop_back();
    visited_[v] = 0;
    path_.pop_back();
    failed_ = false;
  }

  /// The path so far (0-based vertices), starting at 0.
  [[nodiscard]] const std::vector<vertex>& path() const { return path_; }
  /// The cycle of a complete path, as reported.
  [[nodiscard]] cycle solution() const { return close_path(path_); }

 private:
  // Warnsdorff: fewer usable edges first; an end of a fragment counts as more constrained.
  [[nodiscard]] bool before(vertex a, vertex b) const {
    const auto ka = 2 * edges_.avail(a) - edges_.chosen_count(a);
    const auto kb = 2 * edges_.avail(b) - edges_.chosen_count(b);
    return ka != kb ? ka < kb : a < b;
  }

  const instance* g_;
  std::size_t n_;
  edge_states edges_;
  std::vector<std::size_t> marks_;
  std::vector<vertex> path_;
  std::vector<char> visited_;
  bool failed_ = false;
  std::size_t stride_ = 1 + n_ / 512;  // levels between connectivity tests
  mutable std::vector<std::vector<vertex>> buffers_;
};

}  // namespace bt::problems::hamiltonian
