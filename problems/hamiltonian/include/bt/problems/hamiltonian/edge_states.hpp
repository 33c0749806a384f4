// SPDX-License-Identifier: MIT
// The edge bookkeeping shared by the pruned and propagate strategies. Every edge is free,
// chosen (on the cycle) or deleted (off it); the chosen edges form vertex-disjoint path
// fragments. After each decision the consequences are propagated to a fixed point:
//   * a vertex with two chosen edges loses its other edges;
//   * a vertex with exactly two usable (free or chosen) edges must use both (forced edges);
//   * a vertex with fewer than two usable edges is a dead end;
//   * the edge joining the two ends of a fragment shorter than n would close a short cycle,
//     so it is deleted, and only a fragment of all n vertices may close;
// and the graph of usable edges must stay 2-connected (Tarjan's low points, O(n + m)).
// Every change goes on an undo trail, so a decision is taken back by undo(mark).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// Free / chosen / deleted edges with fragment ends, forced-edge propagation and an undo trail.
class edge_states {
 public:
  /// The state of an edge.
  enum : std::int32_t { free = 0, chosen = 1, deleted = 2 };

  /// Every edge of g free (g must outlive this); every vertex queued for the first propagate().
  explicit edge_states(const instance& g)
      : g_(&g),
        n_(g.n),
        m_(g.m()),
        state_(m_ + 4 * n_, 0),
        order_(n_, 0),
        low_(n_, 0),
        parent_(n_, 0),
        next_(n_, 0) {
    for (std::size_t i = 0; i < n_; ++i) {
      const auto v = static_cast<vertex>(i);
      state_[avail_at(v)] = static_cast<std::int32_t>(g.degree(v));
      state_[end_at(v)] = static_cast<std::int32_t>(v);
      state_[len_at(v)] = 1;
      queue_.push_back(v);
    }
  }

  /// The searched graph.
  [[nodiscard]] const instance& graph() const { return *g_; }
  /// free, chosen or deleted.
  [[nodiscard]] std::int32_t status(std::uint32_t e) const { return state_[e]; }
  /// Usable (free or chosen) edges at v.
  [[nodiscard]] std::int32_t avail(vertex v) const { return state_[avail_at(v)]; }
  /// Chosen edges at v (0, 1 or 2).
  [[nodiscard]] std::int32_t chosen_count(vertex v) const { return state_[chosen_at(v)]; }
  /// Chosen edges in all.
  [[nodiscard]] std::size_t chosen_edges() const { return static_cast<std::size_t>(state_chosen_); }
  /// The other end of v's fragment (v itself when v has no chosen edge); valid at ends.
  [[nodiscard]] vertex other_end(vertex v) const { return static_cast<vertex>(state_[end_at(v)]); }
  /// Vertices in v's fragment; valid at ends.
  [[nodiscard]] std::size_t length(vertex v) const {
    return static_cast<std::size_t>(state_[len_at(v)]);
  }

  /// A point to come back to with undo().
  [[nodiscard]] std::size_t mark() const { return trail_.size(); }
  /// Take back every change since mark m.
  void undo(std::size_t m) {
    while (trail_.size() > m) {
      const auto [at, old] = trail_.back();
      if (at == chosen_total_at) {
        state_chosen_ = old;
      } else {
        state_[at] = old;
      }
      trail_.pop_back();
    }
    queue_.clear();
  }
  /// Forget the trail: the current state becomes the one that is never undone.
  void commit() { trail_.clear(); }

  /// The edge {a, b}, or m() when there is none.
  [[nodiscard]] std::uint32_t edge_id(vertex a, vertex b) const {
    for (const arc& x : g_->arcs[a]) {
      if (x.to == b) return x.id;
    }
    return static_cast<std::uint32_t>(m_);
  }

  /// Delete edge e (queued for propagation); false if it was chosen.
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

  /// Choose edge e: join the fragments of its ends; false if that is impossible (deleted, a
  /// third edge at a vertex, or a cycle of fewer than n vertices).
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
    trail_.emplace_back(chosen_total_at, state_chosen_);
    ++state_chosen_;
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

  /// Apply the degree rules to every queued vertex until nothing changes; false on a dead end.
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

  /// Is the graph of usable edges connected and free of cut vertices? Tarjan's low points by
  /// an iterative depth-first search from vertex 0.
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

 private:
  // Layout of state_: edge states, then per vertex: usable edges, chosen edges, the other
  // end of its fragment and the fragment's vertex count (both valid at ends).
  [[nodiscard]] std::size_t avail_at(vertex v) const { return m_ + v; }
  [[nodiscard]] std::size_t chosen_at(vertex v) const { return m_ + n_ + v; }
  [[nodiscard]] std::size_t end_at(vertex v) const { return m_ + 2 * n_ + v; }
  [[nodiscard]] std::size_t len_at(vertex v) const { return m_ + 3 * n_ + v; }
  // The trail entry that restores the chosen-edge total rather than a slot of state_.
  static constexpr std::uint32_t chosen_total_at = 0xffffffffU;

  void set(std::size_t at, std::int32_t value) {
    trail_.emplace_back(static_cast<std::uint32_t>(at), state_[at]);
    state_[at] = value;
  }

  const instance* g_;
  std::size_t n_;
  std::size_t m_;
  std::vector<std::int32_t> state_;
  std::int32_t state_chosen_ = 0;
  std::vector<std::pair<std::uint32_t, std::int32_t>> trail_;
  std::vector<vertex> queue_;
  // Scratch of biconnected(): DFS numbers (0 = unseen), low points, tree parents, arc cursors.
  std::vector<std::uint32_t> order_, low_;
  std::vector<vertex> parent_;
  std::vector<std::size_t> next_;
  std::vector<vertex> stack_;
};

}  // namespace bt::problems::hamiltonian
