// SPDX-License-Identifier: MIT
// The Held-Karp bound (Held and Karp 1970, 1971; Volgenant and Jonker 1982): a node's path
// runs from city 1 to its end a; the rest of any tour below it is a Hamiltonian path from a
// through the unvisited cities U back to city 1. Such a path is a spanning tree of U plus one
// edge from a and one from city 1 (to different cities of U when |U| >= 2), and every city of U
// has degree 2 in it. So the cheapest spanning tree of U plus the two cheapest such edges is a
// lower bound (at the root, a = city 1: the 1-tree), and penalties pi on the cities (an edge
// u-v costs d(u, v) + pi_u + pi_v, and 2 * sum(pi) is subtracted) keep it a lower bound for any
// pi while pushing the tree's degrees toward 2: subgradient ascent, pi_u += t (deg_u - 2).
//
// Exactness: the distances are scaled by `precision` and the penalties rounded to whole
// numbers before a tree is costed, so every bound is a whole number computed without rounding
// error (only the ascent's steps are floating point), then divided by the precision rounding
// up. The root's ascent is long; a child starts from its parent's penalties and, when there is
// an incumbent, takes a few steps aimed at it (Polyak's step), stopping as soon as the bound
// prunes the node.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <optional>
#include <vector>

#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/tour.hpp>

namespace bt::problems::tsp {

/// How hard the subgradient ascent works (docs/problems/tsp.md measures the defaults).
struct ascent_settings {
  int root_iterations = 1000;  ///< the most trees costed at the root
  int node_iterations = 10;    ///< the most at any other node (one when there is no incumbent)
  int patience = 20;           ///< trees without a better bound before the step is halved
  double root_step = 2.0;      ///< the root's first step factor (Polyak's lambda)
  double node_step = 1.0;      ///< every other node's
};

/// The Held-Karp bound of the nodes on the current path, one level per city placed.
class one_tree_bound {
 public:
  /// Distances are scaled by this before penalties (hundredths of a distance unit) are added.
  static constexpr length precision = 100;

  /// The root's bound, after the root's ascent. in must outlive it.
  explicit one_tree_bound(const instance& in, ascent_settings s = {})
      : in_(&in),
        s_(s),
        cities_(in.n()),
        pen_(in.n()),
        key_(in.n()),
        parent_(in.n()),
        deg_(in.n()),
        in_tree_(in.n()) {
    std::vector<char> visited(in.n(), 0);
    visited[0] = 1;
    gather(visited);
    pi_.emplace_back(in.n(), 0.0);
    rest_.push_back(
        ascend(0, pi_[0], s_.root_iterations, s_.root_step, std::nullopt, root_target()));
  }

  /// A lower bound on the rest of every tour below the current node (from the path's end
  /// back to city 1), or `infeasible` when there is no such tour.
  [[nodiscard]] length rest() const { return rest_.back(); }
  /// Trees costed so far, the root's included.
  [[nodiscard]] std::uint64_t trees() const { return trees_; }
  /// The current node's penalties, by city.
  [[nodiscard]] const std::vector<double>& penalties() const { return pi_[rest_.size() - 1]; }

  /// The child whose path ends at `last` (visited must already hold it). With a budget (the
  /// incumbent less the path's length), the ascent stops once the bound reaches it.
  void push(city last, const std::vector<char>& visited, std::optional<length> budget) {
    // Each level's penalties keep their buffer when the level is left: no allocation per node.
    const std::size_t level = rest_.size();
    if (pi_.size() == level) pi_.emplace_back();
    pi_[level] = pi_[level - 1];
    if (rest_.back() == infeasible) {
      rest_.push_back(infeasible);
      return;
    }
    gather(visited);
    const int iterations = budget ? s_.node_iterations : 1;
    rest_.push_back(ascend(last, pi_[level], iterations, s_.node_step, budget, 0));
  }
  /// Leave the current node for its parent.
  void pop() { rest_.pop_back(); }

 private:
  static constexpr length none = std::numeric_limits<length>::max();

  // The unvisited cities into cities_[0, m_).
  void gather(const std::vector<char>& visited) {
    m_ = 0;
    for (city c = 0; c < in_->n(); ++c) {
      if (visited[c] == 0) cities_[m_++] = c;
    }
  }

  // The scaled bound W of the path a -> U -> city 0 under penalties pi (rounded), or none when
  // no such path exists; deg_[i] is the degree of cities_[i] in the tree.
  length cost_tree(city a, const std::vector<double>& pi) {
    ++trees_;
    const instance& in = *in_;
    const std::size_t m = m_;
    if (m == 0) return in.n() == 1 ? 0 : in.edge(a, 0) ? precision * in.d(a, 0) : none;
    if (m == 1) {
      const city u = cities_[0];
      deg_[0] = 2;
      return in.edge(a, u) && in.edge(u, 0) ? precision * (in.d(a, u) + in.d(u, 0)) : none;
    }
    length w = 0;
    for (std::size_t i = 0; i < m; ++i) {
      pen_[i] = std::llround(pi[cities_[i]]);
      w -= 2 * pen_[i];
      key_[i] = none;
      deg_[i] = 0;
      in_tree_[i] = 0;
    }
    // Prim's tree of U, O(m^2) on the matrix.
    key_[0] = 0;
    parent_[0] = 0;
    for (std::size_t step = 0; step < m; ++step) {
      std::size_t best = m;
      for (std::size_t i = 0; i < m; ++i) {
        if (in_tree_[i] == 0 && (best == m || key_[i] < key_[best])) best = i;
      }
      if (key_[best] == none) return none;  // U is not connected
      in_tree_[best] = 1;
      if (step != 0) {
        w += key_[best];
        ++deg_[best];
        ++deg_[parent_[best]];
      }
      const auto row = in.row(cities_[best]);
      for (std::size_t j = 0; j < m; ++j) {
        if (in_tree_[j] != 0 || row[cities_[j]] == no_edge) continue;
        const length c = precision * row[cities_[j]] + pen_[best] + pen_[j];
        if (c < key_[j]) {
          key_[j] = c;
          parent_[j] = best;
        }
      }
    }
    // The two end edges, to different cities: from a and from city 0 (both from city 0 at the
    // root, where a is city 0).
    const auto cheapest_two = [&](city from, std::size_t& first, std::size_t& second) {
      first = second = m;
      for (std::size_t i = 0; i < m; ++i) {
        if (!in.edge(from, cities_[i])) continue;
        const length c = end_cost(from, i);
        if (first == m || c < end_cost(from, first)) {
          second = first;
          first = i;
        } else if (second == m || c < end_cost(from, second)) {
          second = i;
        }
      }
    };
    std::size_t a1 = m, a2 = m, b1 = m, b2 = m;
    cheapest_two(a, a1, a2);
    cheapest_two(0, b1, b2);
    std::size_t x = a1;
    std::size_t y = b1;
    if (a1 == m || b1 == m) return none;
    if (x == y) {
      const length via_a2 = a2 == m ? none : end_cost(a, a2) + end_cost(0, b1);
      const length via_b2 = b2 == m ? none : end_cost(a, a1) + end_cost(0, b2);
      if (via_a2 == none && via_b2 == none) return none;
      if (via_a2 <= via_b2) {
        x = a2;
      } else {
        y = b2;
      }
    }
    w += end_cost(a, x) + end_cost(0, y);
    ++deg_[x];
    ++deg_[y];
    return w;
  }
  // The scaled, penalised cost of the edge from `from` to cities_[i].
  [[nodiscard]] length end_cost(city from, std::size_t i) const {
    return precision * in_->d(from, cities_[i]) + pen_[i];
  }

  // Subgradient ascent on pi from the path's end a; returns the best bound (unscaled) and
  // leaves the penalties that gave it in pi.
  length ascend(city a, std::vector<double>& pi, int iterations, double step,
                std::optional<length> budget, length target) {
    length best = std::numeric_limits<length>::min();
    bool moved = false;  // pi changed since it gave `best`
    int since_better = 0;
    for (int it = 0; it < iterations; ++it) {
      const length w = cost_tree(a, pi);
      if (w == none) return infeasible;
      if (w > best) {
        best = w;
        best_pi_ = pi;
        moved = false;
        since_better = 0;
      } else if (++since_better >= s_.patience) {
        step /= 2;
        since_better = 0;
        if (step < 1e-4) break;
      }
      if (budget && unscaled(best) >= *budget) break;  // the node is pruned: no need for more
      long long norm = 0;
      for (std::size_t i = 0; i < m_; ++i) {
        const long long g = deg_[i] - 2;
        norm += g * g;
      }
      if (norm == 0 || it + 1 == iterations) break;  // a path: the bound is its cost
      const double aim = static_cast<double>(budget ? precision * *budget : target);
      const double gap = std::max(aim - static_cast<double>(w), static_cast<double>(precision));
      const double t = step * gap / static_cast<double>(norm);
      for (std::size_t i = 0; i < m_; ++i) {
        pi[cities_[i]] += t * static_cast<double>(deg_[i] - 2);
      }
      moved = true;
    }
    if (moved) pi = best_pi_;
    return unscaled(best);
  }
  // ceil(w / precision), at least 0 (the rest of a tour costs no less).
  static length unscaled(length w) { return w <= 0 ? 0 : (w + precision - 1) / precision; }

  // The root's aim: a nearest-neighbour tour's length (scaled), or an estimate without one.
  length root_target() const {
    const instance& in = *in_;
    std::vector<char> seen(in.n(), 0);
    seen[0] = 1;
    city at = 0;
    length sum = 0;
    for (std::size_t k = 1; k < in.n(); ++k) {
      city next = 0;
      length d = none;
      for (city c = 0; c < in.n(); ++c) {
        if (seen[c] == 0 && in.edge(at, c) && in.d(at, c) < d) {
          d = in.d(at, c);
          next = c;
        }
      }
      if (d == none) return precision * static_cast<length>(in.n()) * max_distance;
      seen[next] = 1;
      sum += d;
      at = next;
    }
    if (in.n() > 1 && !in.edge(at, 0))
      return precision * static_cast<length>(in.n()) * max_distance;
    return precision * (sum + (in.n() > 1 ? in.d(at, 0) : 0));
  }

  const instance* in_;
  ascent_settings s_;
  std::vector<std::vector<double>> pi_;  // the penalties of each level, the root's first
  std::vector<length> rest_;             // the bound on the rest of each level on the path
  std::vector<double> best_pi_;          // scratch: the ascent's best penalties
  std::uint64_t trees_ = 0;
  // Scratch for cost_tree, by position in cities_.
  std::vector<city> cities_;
  std::size_t m_ = 0;
  std::vector<length> pen_;
  std::vector<length> key_;
  std::vector<std::size_t> parent_;
  std::vector<long long> deg_;
  std::vector<char> in_tree_;
};

}  // namespace bt::problems::tsp
