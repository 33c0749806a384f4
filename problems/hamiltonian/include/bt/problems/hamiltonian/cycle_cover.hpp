// SPDX-License-Identifier: MIT
// A necessary condition beyond the degree rules: a Hamiltonian cycle, directed either way,
// gives every fragment (a path of chosen edges, or a vertex without one; it stands for its
// smaller end) one successor and one predecessor fragment among those joined to its ends by
// free edges, all different: a perfect matching of the bipartite double cover ("x out" on one
// side, "y in" on the other, an arc for each free edge between them). None: no cycle.
//
// The matching also filters (Regin's rule for all-different): an arc belongs to some perfect
// matching iff it is matched or it joins two nodes of one strongly connected component of
// the residual graph (unmatched arcs out -> in, matched ones in -> out). Collapsing each
// "y in" into its matched "pred(y) out" leaves a digraph on the fragments, x -> pred(y) for
// each neighbour y other than succ(x). A free edge with neither direction in any perfect
// matching lies on no cycle and is deleted.
//
// The matching is scratch, not trail: below a node edges only disappear, and undo only gives
// them back, so a parent's matching stays a matching once the pairs whose edge or fragment
// changed are dropped; it is repaired by augmenting paths from the unmatched fragments.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/problems/hamiltonian/edge_states.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// The perfect matching of the bipartite double cover of the usable graph, kept
/// across calls.
class cycle_cover {
 public:
  /// An empty matching over g (which must outlive this).
  explicit cycle_cover(const instance& g)
      : g_(&g),
        n_(g.n),
        succ_(n_, none()),
        succ_edge_(n_, 0),
        pred_(n_, none()),
        seen_(n_, 0),
        order_(n_, 0),
        low_(n_, 0),
        component_(n_, 0),
        next_(n_, 0) {}

  /// Repair the matching on the usable edges of s (after propagate(): no free
  /// edge at a vertex with two chosen ones), then delete from s (queued for its
  /// propagate()) every free edge in no perfect matching; false if there is no
  /// perfect matching. Sets removed().
  bool filter(edge_states& s) {
    removed_ = 0;
    std::size_t actors = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      const auto x = static_cast<vertex>(i);
      if (rep(s, x) == x) ++actors;
      pred_[i] = none();
    }
    if (actors < 2)
      return true;  // one fragment of all n vertices: only its closing edge is
                    // left
    for (std::size_t i = 0; i < n_; ++i) {
      const auto x = static_cast<vertex>(i);
      if (succ_[i] == none()) continue;
      const edge& e = g_->edges[succ_edge_[i]];
      const vertex a = rep(s, e.u);
      const vertex b = rep(s, e.v);
      const bool valid = rep(s, x) == x && s.status(succ_edge_[i]) == edge_states::free &&
                         ((a == x && b == succ_[i]) || (b == x && a == succ_[i]));
      if (valid) {
        pred_[succ_[i]] = x;
      } else {
        succ_[i] = none();
      }
    }
    for (std::size_t i = 0; i < n_; ++i) {
      const auto x = static_cast<vertex>(i);
      if (succ_[i] != none() || rep(s, x) != x) continue;
      ++stamp_;
      if (!augment(s, x)) return false;
    }
    strong_components(s);
    for (std::size_t e = 0; e < g_->m(); ++e) {
      const auto id = static_cast<std::uint32_t>(e);
      if (s.status(id) != edge_states::free) continue;
      const vertex a = rep(s, g_->edges[e].u);
      const vertex b = rep(s, g_->edges[e].v);
      if (a == none() || b == none() || a == b || supported(a, b) || supported(b, a)) continue;
      if (!s.remove(id)) return false;
      ++removed_;
    }
    return true;
  }

  /// Edges the last filter() deleted.
  [[nodiscard]] std::size_t removed() const { return removed_; }

 private:
  [[nodiscard]] vertex none() const { return static_cast<vertex>(n_); }

  // Is the arc v -> w (v's successor w) in some perfect matching?
  [[nodiscard]] bool supported(vertex v, vertex w) const {
    return succ_[v] == w || component_[v] == component_[pred_[w]];
  }

  // The vertex standing for x's fragment (its smaller end), or n inside a
  // fragment.
  [[nodiscard]] vertex rep(const edge_states& s, vertex x) const {
    return s.chosen_count(x) == 2 ? none() : std::min(x, s.other_end(x));
  }

  // The k-th arc of the fragment of representative x: the arcs of its end x,
  // then those of its other end; null past the last.
  [[nodiscard]] const arc* arc_of(const edge_states& s, vertex x, std::size_t k) const {
    const auto& first = g_->arcs[x];
    if (k < first.size()) return &first[k];
    const vertex y = s.other_end(x);
    if (y == x || k - first.size() >= g_->arcs[y].size()) return nullptr;
    return &g_->arcs[y][k - first.size()];
  }

  // The fragment a free arc leads to (n when it is no step between two
  // fragments).
  [[nodiscard]] vertex target(const edge_states& s, vertex x, const arc& a) const {
    if (s.status(a.id) != edge_states::free) return none();
    const vertex y = rep(s, a.to);
    return y == x ? none() : y;
  }

  // Kuhn's augmenting path from the unmatched "x out", depth first. The path can be n
  // long, so its frames are on path_, not on the thread's stack: each holds an "x out",
  // the next of its arcs to try, and the "y in" and edge it tries now.
  struct step {
    vertex x;
    std::size_t k;
    vertex y;
    std::uint32_t edge;
  };
  bool augment(const edge_states& s, vertex root) {
    path_.assign(1, step{root, 0, none(), 0});
    while (!path_.empty()) {
      step& top = path_.back();
      const arc* a = arc_of(s, top.x, top.k);
      if (a == nullptr) {
        path_.pop_back();  // no path from top.x: its parent tries its next arc
        continue;
      }
      ++top.k;
      const vertex y = target(s, top.x, *a);
      if (y == none() || seen_[y] == stamp_) continue;
      seen_[y] = stamp_;
      top.y = y;
      top.edge = a->id;
      if (pred_[y] != none()) {
        const vertex next = pred_[y];
        path_.push_back(step{next, 0, none(), 0});
        continue;
      }
      // y was free: flip the path, from its end back to the root.
      for (auto it = path_.rbegin(); it != path_.rend(); ++it) {
        succ_[it->x] = it->y;
        succ_edge_[it->x] = it->edge;
        pred_[it->y] = it->x;
      }
      return true;
    }
    return false;
  }

  // Tarjan's strongly connected components of v -> pred(w), iteratively;
  // component_ numbers.
  void strong_components(const edge_states& s) {
    constexpr std::uint32_t unseen = 0;
    std::fill(order_.begin(), order_.end(), unseen);
    std::uint32_t counter = 1;
    std::uint32_t components = 0;
    for (std::size_t root = 0; root < n_; ++root) {
      if (order_[root] != unseen || rep(s, static_cast<vertex>(root)) != root) continue;
      call_.assign(1, static_cast<vertex>(root));
      order_[root] = low_[root] = counter++;
      next_[root] = 0;
      open_.push_back(static_cast<vertex>(root));
      component_[root] = open_marker;
      while (!call_.empty()) {
        const vertex v = call_.back();
        if (const arc* a = arc_of(s, v, next_[v]); a != nullptr) {
          ++next_[v];
          const vertex y = target(s, v, *a);
          if (y == none() || succ_[v] == y) continue;
          const vertex w = pred_[y];
          if (order_[w] == unseen) {
            order_[w] = low_[w] = counter++;
            next_[w] = 0;
            call_.push_back(w);
            open_.push_back(w);
            component_[w] = open_marker;
          } else if (component_[w] == open_marker) {
            low_[v] = std::min(low_[v], order_[w]);
          }
          continue;
        }
        call_.pop_back();
        if (!call_.empty()) low_[call_.back()] = std::min(low_[call_.back()], low_[v]);
        if (low_[v] == order_[v]) {
          vertex w = none();
          do {
            w = open_.back();
            open_.pop_back();
            component_[w] = components;
          } while (w != v);
          ++components;
        }
      }
    }
  }

  static constexpr std::uint32_t open_marker = 0xffffffffU;

  const instance* g_;
  std::size_t n_;
  std::vector<vertex> succ_;              // "v out" matched to "succ_[v] in", or n
  std::vector<std::uint32_t> succ_edge_;  // the edge of that match
  std::vector<vertex> pred_;              // the inverse: "w in" matched to "pred_[w] out"
  std::vector<std::uint32_t> seen_;       // augment(): "w in" visited in this search
  std::uint32_t stamp_ = 0;
  std::size_t removed_ = 0;
  // Scratch of strong_components(): DFS numbers, low points, components, arc
  // cursors, stacks.
  std::vector<std::uint32_t> order_, low_, component_;
  std::vector<std::size_t> next_;
  std::vector<vertex> call_, open_;
  std::vector<step> path_;  // augment()'s path
};

}  // namespace bt::problems::hamiltonian
