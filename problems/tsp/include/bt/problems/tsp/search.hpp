// SPDX-License-Identifier: MIT
// The strategies' problem types: depth-first branch and bound over the path tree (tour.hpp),
// the engine pruning by bound() against the shared incumbent (bt/optimise.hpp). They differ
// only in the bound:
//   plain_search      the path's own length (no real bound);
//   reduced_search    the textbook's reduced cost matrix (reduced.hpp);
//   held_karp_search  the path's length + the Held-Karp bound of the rest (one_tree.hpp).
// A bound that finds no tour below a node (a city left unreachable) fails promising().
#pragma once

#include <cmath>
#include <span>

#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/one_tree.hpp>
#include <bt/problems/tsp/reduced.hpp>
#include <bt/problems/tsp/tour.hpp>

namespace bt::problems::tsp {

/// Trail discipline, bound = the length of the path (distances are not negative).
class plain_search : public tour_base {
 public:
  /// The root over in, which must outlive the search.
  explicit plain_search(const instance& in, child_order order = child_order::index)
      : tour_base(in, order) {}
  /// The instance must outlive the search: a temporary would not.
  explicit plain_search(const instance&& in, child_order order = child_order::index) = delete;
  /// The cities not on the path, the nearest first when cheapest.
  [[nodiscard]] std::span<const city> candidates() const {
    return children([&](city c) { return graph().d(last(), c); });
  }
  /// Put v at the end of the path.
  void assign(city v) { extend(v); }
  /// Undo assign(v).
  void unassign(city v) { retract(v); }
  /// No tour below this node is shorter than its path.
  [[nodiscard]] length bound() const { return path_length(); }
};

/// Trail discipline, bound = the reduced matrix's (the textbook's c^).
class reduced_search : public tour_base {
 public:
  /// The root over in (its matrix reduced), which must outlive the search.
  explicit reduced_search(const instance& in, child_order order = child_order::index)
      : tour_base(in, order), m_(in) {}
  /// The instance must outlive the search: a temporary would not.
  explicit reduced_search(const instance&& in, child_order order = child_order::index) = delete;
  /// The cities not on the path, the least reduced cost first when cheapest (Little et al.'s
  /// choice of the edge to branch on).
  [[nodiscard]] std::span<const city> candidates() const {
    return children([&](city c) { return m_.reduced(last(), c); });
  }
  /// Put v at the end of the path and reduce the child's matrix.
  void assign(city v) {
    const city from = last();
    extend(v);
    m_.push(from, v, visited_flags());
  }
  /// Undo assign(v).
  void unassign(city v) {
    m_.pop();
    retract(v);
  }
  /// No tour below this node is shorter (infeasible when there is none).
  [[nodiscard]] length bound() const { return m_.cost(); }
  /// Some tour may pass through this node: no row or column of its matrix is empty.
  [[nodiscard]] bool promising() const { return m_.cost() != infeasible; }
  /// The reduced matrix, for the describer.
  [[nodiscard]] const reduced_matrix& matrix() const { return m_; }

 private:
  reduced_matrix m_;
};

/// Trail discipline, bound = the path's length + the Held-Karp bound of the rest.
class held_karp_search : public tour_base {
 public:
  /// The root over in (its ascent done), which must outlive the search.
  explicit held_karp_search(const instance& in, child_order order = child_order::cheapest,
                            ascent_settings s = {})
      : tour_base(in, order), t_(in, s) {}
  /// The instance must outlive the search: a temporary would not.
  explicit held_karp_search(const instance&& in, child_order order = child_order::cheapest,
                            ascent_settings s = {}) = delete;
  /// The cities not on the path, the least penalised distance first when cheapest (the
  /// edges the 1-tree prefers).
  [[nodiscard]] std::span<const city> candidates() const {
    const auto& pi = t_.penalties();
    return children([&](city c) {
      return one_tree_bound::precision * graph().d(last(), c) +
             static_cast<length>(std::llround(pi[c]));
    });
  }
  /// Put v at the end of the path and bound the rest, aiming at the incumbent.
  void assign(city v) {
    extend(v);
    t_.push(v, visited_flags(), budget());
  }
  /// Undo assign(v).
  void unassign(city v) {
    t_.pop();
    retract(v);
  }
  /// No tour below this node is shorter (infeasible when there is none).
  [[nodiscard]] length bound() const {
    return t_.rest() == infeasible ? infeasible : path_length() + t_.rest();
  }
  /// Some tour may pass through this node.
  [[nodiscard]] bool promising() const { return t_.rest() != infeasible; }
  /// The bound's state, for the describer and the benchmarks.
  [[nodiscard]] const one_tree_bound& trees() const { return t_; }

 private:
  one_tree_bound t_;
};

}  // namespace bt::problems::tsp
