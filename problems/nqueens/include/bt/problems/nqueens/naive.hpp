// SPDX-License-Identifier: MIT
// Generate and test (seed 001's naive algorithm): every complete placement of one queen per row
// is generated, and tested only once complete.
#pragma once

#include <span>
#include <vector>

#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Trail discipline with no consistency check; promising() is the final test of a complete
/// placement, so the tree has n^n leaves.
class naive {
 public:
  using value_type = int;  ///< column of the queen placed in the next row

  /// An empty placement on a board whose row domains come from d.
  explicit naive(const row_domains& d) : d_(&d), n_(d.n()) {
    cols_.reserve(static_cast<std::size_t>(n_));
  }

  [[nodiscard]] bool complete() const { return static_cast<int>(cols_.size()) == n_; }
  [[nodiscard]] std::span<const int> candidates() const {
    return d_->columns(static_cast<int>(cols_.size()));
  }
  /// Incomplete placements are not tested; a complete one must be non-attacking.
  [[nodiscard]] bool promising() const { return !complete() || is_solution(cols_); }
  void assign(int col) { cols_.push_back(col); }
  void unassign(int) { cols_.pop_back(); }

 private:
  const row_domains* d_;
  int n_;
  std::vector<int> cols_;
};

}  // namespace bt::problems::nqueens
