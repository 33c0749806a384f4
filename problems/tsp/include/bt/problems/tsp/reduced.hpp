// SPDX-License-Identifier: MIT
// The textbook's bound (Little, Murty, Sweeney and Karel 1963; Horowitz-Sahni's LCBB for the
// TSP): reduce the cost matrix, every row and then every column by its least entry; the
// reductions sum to a lower bound on every tour. Going from city i to city j, the child's
// matrix is the parent's with row i and column j struck out and (j, 1) forbidden, reduced
// again: c^(child) = c^(parent) + A(i, j) + r.
//
// The matrices are not stored per node: every reduction subtracts a constant from a whole
// row or column, so a node's reduced entry is d(r, c) - u[r] - v[c] with u, v the row and
// column reductions made so far. A child adds to u and v, and the changes are kept on a
// trail, undone when the child is left: O(n) memory per level instead of O(n^2), the same
// numbers as the textbook's matrices.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <vector>

#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/tour.hpp>

namespace bt::problems::tsp {

/// The reduced cost matrix of the nodes on the current path, one level per city placed.
class reduced_matrix {
 public:
  /// The root's matrix (the path {0}), reduced. in must outlive it.
  explicit reduced_matrix(const instance& in)
      : in_(&in), u_(in.n(), 0), v_(in.n(), 0), rows_(in.n()), cols_(in.n()) {
    std::vector<char> visited(in.n(), 0);
    visited[0] = 1;
    costs_.push_back(reduce(0, visited));
  }

  /// The lower bound of the current node, or `infeasible` when no tour extends its path.
  [[nodiscard]] length cost() const { return costs_.back(); }
  /// The reduced entry (r, c) of the current node's matrix (r, c joined by an edge).
  [[nodiscard]] length reduced(city r, city c) const { return in_->d(r, c) - u_[r] - v_[c]; }

  /// The child reached from `from` by the edge to `to`: visited must already hold `to`.
  void push(city from, city to, const std::vector<char>& visited) {
    marks_.push_back(trail_.size());
    const length parent = costs_.back();
    if (parent == infeasible) {
      costs_.push_back(infeasible);
      return;
    }
    const length a = reduced(from, to);  // the edge's entry in the parent's matrix
    const length r = reduce(to, visited);
    costs_.push_back(r == infeasible ? infeasible : parent + a + r);
  }
  /// Leave the current node for its parent.
  void pop() {
    const std::size_t mark = marks_.back();
    while (trail_.size() > mark) {
      const change& c = trail_.back();
      (c.column ? v_ : u_)[c.index] -= c.amount;
      trail_.pop_back();
    }
    marks_.pop_back();
    costs_.pop_back();
  }

 private:
  struct change {
    city index;     // the row or column
    bool column;    // which of the two
    length amount;  // what was subtracted from it
  };

  // Reduce the current node's matrix, whose path ends at `last`: rows {last} and the unvisited
  // cities, columns {0} and the unvisited cities, (last, 0) forbidden until the path holds
  // every city. Returns the reductions' sum, or infeasible for a row or column left empty.
  length reduce(city last, const std::vector<char>& visited) {
    const std::size_t n = in_->n();
    std::size_t nr = 0;
    std::size_t nc = 0;
    rows_[nr++] = last;
    cols_[nc++] = 0;
    for (city c = 1; c < n; ++c) {
      if (visited[c] == 0) {
        rows_[nr++] = c;
        cols_[nc++] = c;
      }
    }
    if (n == 1) return 0;
    const bool closing = nr == 1;  // every city placed: the only entry left is (last, 0)
    const auto allowed = [&](city r, city c) {
      return in_->edge(r, c) && (closing || r != last || c != 0);
    };
    constexpr length none = std::numeric_limits<length>::max();
    length sum = 0;
    for (std::size_t i = 0; i < nr; ++i) {
      const city r = rows_[i];
      length least = none;
      for (std::size_t j = 0; j < nc; ++j) {
        const city c = cols_[j];
        if (allowed(r, c)) least = std::min(least, reduced(r, c));
      }
      if (least == none) return infeasible;
      if (least > 0) record(r, false, least);
      sum += least;
    }
    for (std::size_t j = 0; j < nc; ++j) {
      const city c = cols_[j];
      length least = none;
      for (std::size_t i = 0; i < nr; ++i) {
        const city r = rows_[i];
        if (allowed(r, c)) least = std::min(least, reduced(r, c));
      }
      if (least == none) return infeasible;
      if (least > 0) record(c, true, least);
      sum += least;
    }
    return sum;
  }
  void record(city index, bool column, length amount) {
    (column ? v_ : u_)[index] += amount;
    trail_.push_back({index, column, amount});
  }

  const instance* in_;
  std::vector<length> u_;  // row reductions
  std::vector<length> v_;  // column reductions
  std::vector<change> trail_;
  std::vector<std::size_t> marks_;  // trail size when each level was entered
  std::vector<length> costs_;       // the bound of each level, the root's first
  std::vector<city> rows_;          // scratch: the current node's rows
  std::vector<city> cols_;          // and columns
};

}  // namespace bt::problems::tsp
