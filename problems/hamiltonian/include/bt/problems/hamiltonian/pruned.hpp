// SPDX-License-Identifier: MIT
// The pruned strategy: the same path-from-vertex-0 search as the textbook, over a graph that
// shrinks as the path grows. Every edge is free, chosen (on the cycle) or deleted (off it),
// and after each step the consequences are propagated to a fixed point:
//   * a vertex with two chosen edges loses its other edges (interior path vertices included);
//   * a vertex with exactly two usable edges must use both (forced edges, anywhere in the
//     graph: chosen edges form path fragments, not only the path from vertex 0);
//   * a vertex with fewer than two usable edges is a dead end: the node fails;
//   * the edge joining the two ends of a fragment shorter than n would close a short cycle,
//     so it is deleted (and the path's own closing edge waits until the path is full);
//   * the usable graph must stay 2-connected (no cut vertex), checked with Tarjan's low
//     points in O(n + m): at every node up to 511 vertices, every (1 + n / 512)-th level on
//     larger graphs, so that a path of n steps costs O(n (n + m) / stride) and not more.
// The next vertex is tried fewest-onward-options first (Warnsdorff), which with forced edges
// walks along the fragments. The state is one array of integers with an undo trail.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <span>
#include <utility>
#include <vector>

#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// Trail discipline: the path from vertex 0 plus the edge states, undone on unassign.
class pruned {
 public:
  using value_type = vertex;  ///< the vertex (0-based) at the next position of the path

  /// The empty path {0} over g (which must outlive the search), with the root's forced edges
  /// propagated; a root that already fails is reported by promising().
  explicit pruned(const instance& g)
      : g_(&g),
        n_(g.n),
        m_(g.m()),
        state_(m_ + 4 * n_, 0),
        visited_(n_, 0),
        buffers_(n_ + 1),
        order_(n_, 0),
        low_(n_, 0),
        parent_(n_, 0),
        next_(n_, 0) {
    for (std::size_t v = 0; v < n_; ++v) {
      state_[avail_at(static_cast<vertex>(v))] = static_cast<std::int32_t>(g.degree(static_cast<vertex>(v)));
      state_[end_at(static_cast<vertex>(v))] = static_cast<std::int32_t>(v);
      state_[len_at(static_cast<vertex>(v))] = 1;
    }
    path_.reserve(n_);
    if (n_ == 0) {
      failed_ = true;
      return;
    }
    path_.push_back(0);
    visited_[0] = 1;
    for (std::size_t v = 0; v < n_; ++v) {
      queue_.push_back(static_cast<vertex>(v));
    }
    failed_ = n_ < 3 || !propagate() || !biconnected();
    trail_.clear();  // the root is never undone
  }

  pruned(const pruned&) = delete;
  pruned& operator=(const pruned&) = delete;
  pruned(pruned&&) = default;
  pruned& operator=(pruned&&) = default;
  ~pruned() = default;

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
        if (status(a.id) == chosen) {
          limit = std::min(limit, a.to);
        }
      }
      for (const arc& a : g_->arcs[h]) {
        if (status(a.id) != deleted && a.to <= limit) {
          out.push_back(a.to);
        }
      }
    } else if (chosen_count(h) == 2) {
      for (const arc& a : g_->arcs[h]) {
        if (status(a.id) == chosen && visited_[a.to] == 0) {
          out.push_back(a.to);
        }
      }
      return out;
    } else {
      for (const arc& a : g_->arcs[h]) {
        if (status(a.id) == free && visited_[a.to] == 0) {
          out.push_back(a.to);
        }
      }
    }
    // Insertion sort: the lists are as short as the degree.
    for (std::size_t i = 1; i < out.size(); ++i) {
      const vertex x = out[i];
      std::size_t j = i;
      while (j > 0 && before(x, out[j - 1])) {
        out[j] = out[j - 1];
        --j;
      }
      out[j] = x;
    }
    return out;
  }

  /// Extend the path by v and propagate; a failure is kept for promising().
  void assign(vertex v) {
    marks_.push_back(trail_.size());
    const vertex h = path_.back();
    path_.push_back(v);
    visited_[v] = 1;
    bool ok = true;
    if (path_.size() == 2) {
      for (const arc& a : g_->arcs[h]) {
        if (a.to < v && !remove(a.id)) {
          ok = false;
          break;
        }
      }
    }
    ok = ok && choose(edge_id(h, v)) && propagate() &&
         (path_.size() % stride_ != 0 || biconnected());
    failed_ = !ok;
  }

  /// Undo the matching assign(v).
  void unassign(vertex v) {
    const std::size_t mark = marks_.back();
    marks_.pop_back();
    while (trail_.size() > mark) {
      state_[trail_.back().first] = trail_.back().second;
      trail_.pop_back();
    }
    visited_[v] = 0;
    path_.pop_back();
    failed_ = false;
  }

  /// The path so far (0-based vertices), starting at 0.
  [[nodiscard]] const std::vector<vertex>& path() const { return path_; }

 private:
  enum : std::int32_t { free = 0, chosen = 1, deleted = 2 };

  // Layout of state_: edge states, then per vertex: chosen edges, usable (free or chosen)
  // edges, the other end of its fragment and the fragment's vertex count (both valid at ends).
  [[nodiscard]] std::size_t avail_at(vertex v) const { return m_ + v; }
  [[nodiscard]] std::size_t chosen_at(vertex v) const { return m_ + n_ + v; }
  [[nodiscard]] std::size_t end_at(vertex v) const { return m_ + 2 * n_ + v; }
  [[nodiscard]] std::size_t len_at(vertex v) const { return m_ + 3 * n_ + v; }
  [[nodiscard]] std::int32_t status(std::uint32_t e) const { return state_[e]; }
  [[nodiscard]] std::int32_t avail(vertex v) const { return state_[avail_at(v)]; }
  [[nodiscard]] std::int32_t chosen_count(vertex v) const { return state_[chosen_at(v)]; }
  [[nodiscard]] vertex other_end(vertex v) const { return static_cast<vertex>(state_[end_at(v)]); }
  [[nodiscard]] std::size_t length(vertex v) const {
    return static_cast<std::size_t>(state_[len_at(v)]);
  }

  void set(std::size_t at, std::int32_t value) {
    trail_.emplace_back(static_cast<std::uint32_t>(at), state_[at]);
    state_[at] = value;
  }

  // Warnsdorff: fewer usable edges first; an end of a fragment counts as more constrained.
  [[nodiscard]] bool before(vertex a, vertex b) const {
    const auto ka = 2 * avail(a) - chosen_count(a);
    const auto kb = 2 * avail(b) - chosen_count(b);
    return ka != kb ? ka < kb : a < b;
  }

  [[nodiscard]] std::uint32_t edge_id(vertex a, vertex b) const {
    for (const arc& x : g_->arcs[a]) {
      if (x.to == b) return x.id;
    }
    return static_cast<std::uint32_t>(m_);  // not an edge: only a broken caller gets here
  }

  // Delete edge e; false if it was chosen.
  bool remove(std::uint32_t e) {
    if (status(e) == deleted) return true;
    if (status(e) == chosen) return false;
    const edge& x = g_->edges[e];
    set(e, deleted);
    set(avail_at(x.u), avail(x.u) - 1);
    set(avail_at(x.v), avail(x.v) - 1);
    queue_.push_back(x.u);
    queue_.push_back(x.v);
    return true;
  }

  // Choose edge e: join the fragments of its ends; false if that is impossible.
  bool choose(std::uint32_t e) {
    if (e >= m_ || status(e) == deleted) return false;
    if (status(e) == chosen) return true;
    const vertex a = g_->edges[e].u;
    const vertex b = g_->edges[e].v;
    if (chosen_count(a) >= 2 || chosen_count(b) >= 2) return false;
    const vertex ea = other_end(a);
    const vertex eb = other_end(b);
    set(e, chosen);
    set(chosen_at(a), chosen_count(a) + 1);
    set(chosen_at(b), chosen_count(b) + 1);
    queue_.push_back(a);
    queue_.push_back(b);
    if (ea == b) {
      return length(a) == n_;  // closes the fragment: only the full path may close
    }
    const std::size_t len = length(a) + length(b);
    set(end_at(ea), static_cast<std::int32_t>(eb));
    set(end_at(eb), static_cast<std::int32_t>(ea));
    set(len_at(ea), static_cast<std::int32_t>(len));
    set(len_at(eb), static_cast<std::int32_t>(len));
    if (len > 2 && len < n_) {  // with two vertices the closing edge is e itself
      const std::uint32_t closing = edge_id(ea, eb);
      if (closing < m_ && !remove(closing)) return false;
    }
    return true;
  }

  // Apply the degree rules to every queued vertex until nothing changes.
  bool propagate() {
    bool ok = true;
    for (std::size_t i = 0; i < queue_.size() && ok; ++i) {
      const vertex u = queue_[i];
      const auto a = avail(u);
      const auto c = chosen_count(u);
      if (a < 2) {
        ok = false;
      } else if (c == 2 && a > 2) {
        for (const arc& x : g_->arcs[u]) {
          if (status(x.id) == free && !remove(x.id)) {
            ok = false;
            break;
          }
        }
      } else if (c < 2 && a == 2) {
        for (const arc& x : g_->arcs[u]) {
          if (status(x.id) == free && !choose(x.id)) {
            ok = false;
            break;
          }
        }
      }
    }
    queue_.clear();
    return ok;
  }

  // Is the graph of usable edges connected and free of cut vertices? Tarjan's low points
  // by an iterative depth-first search from vertex 0.
  bool biconnected() {
    constexpr std::uint32_t unseen = 0;
    std::fill(order_.begin(), order_.end(), unseen);
    std::uint32_t counter = 1;
    std::size_t root_children = 0;
    stack_.clear();
    stack_.push_back(0);
    order_[0] = low_[0] = counter++;
    parent_[0] = static_cast<vertex>(n_);
    next_[0] = 0;
    while (!stack_.empty()) {
      const vertex u = stack_.back();
      const auto& arcs = g_->arcs[u];
      if (next_[u] < arcs.size()) {
        const arc& a = arcs[next_[u]++];
        if (status(a.id) == deleted) continue;
        const vertex w = a.to;
        if (order_[w] == unseen) {
          parent_[w] = u;
          order_[w] = low_[w] = counter++;
          next_[w] = 0;
          stack_.push_back(w);
          if (u == 0) ++root_children;
        } else if (w != parent_[u]) {
          low_[u] = std::min(low_[u], order_[w]);
        }
        continue;
      }
      stack_.pop_back();
      if (u != 0) {
        const vertex p = parent_[u];
        low_[p] = std::min(low_[p], low_[u]);
        if (p != 0 && low_[u] >= order_[p]) return false;  // p is a cut vertex
      }
    }
    return counter == n_ + 1 && root_children == 1;
  }

  const instance* g_;
  std::size_t n_;
  std::size_t m_;
  std::vector<std::int32_t> state_;
  std::vector<std::pair<std::uint32_t, std::int32_t>> trail_;
  std::vector<std::size_t> marks_;
  std::vector<vertex> path_;
  std::vector<char> visited_;
  std::vector<vertex> queue_;
  bool failed_ = false;
  std::size_t stride_ = 1 + n_ / 512;  // levels between connectivity tests
  mutable std::vector<std::vector<vertex>> buffers_;
  // Scratch of biconnected(): DFS numbers (0 = unseen), low points, tree parents, arc cursors.
  std::vector<std::uint32_t> order_, low_;
  std::vector<vertex> parent_;
  std::vector<std::size_t> next_;
  std::vector<vertex> stack_;
};

}  // namespace bt::problems::hamiltonian
