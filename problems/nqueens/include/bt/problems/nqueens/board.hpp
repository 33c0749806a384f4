// SPDX-License-Identifier: MIT
// The textbook representation: the 0/1 n x n matrix, rows filled top-down, isSafe scanning
// the rows above for a queen on the same column or diagonal (seed 004's Solve/isSafe).
#pragma once

#include <span>
#include <vector>

#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Trail discipline: the matrix is mutated in place and the engine undoes each queen.
class board {
 public:
  using value_type = int;  ///< column of the queen placed in the next row

  /// An empty n x n matrix whose row domains come from d.
  explicit board(const row_domains& d)
      : d_(&d), n_(d.n()), cell_(static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_)) {}

  [[nodiscard]] bool complete() const { return row_ == n_; }
  [[nodiscard]] std::span<const int> candidates() const { return d_->columns(row_); }

  /// isSafe: no queen above on this column or on either diagonal through (row_, col).
  /// Scans the rows above cell by cell, as the textbook does.
  [[nodiscard]] bool consistent(int col) const {
    for (int i = 0; i < row_; ++i) {
      for (int j = 0; j < n_; ++j) {
        if ((j == col || i - j == row_ - col || i + j == row_ + col) && at(i, j) == 1) {
          return false;
        }
      }
    }
    return true;
  }
  void assign(int col) { cell(row_++, col) = 1; }
  void unassign(int col) { cell(--row_, col) = 0; }

  /// Cell (r, c): 1 when a queen stands there.
  [[nodiscard]] char at(int r, int c) const {
    return cell_[static_cast<std::size_t>(r) * static_cast<std::size_t>(n_) +
                 static_cast<std::size_t>(c)];
  }

 private:
  char& cell(int r, int c) {
    return cell_[static_cast<std::size_t>(r) * static_cast<std::size_t>(n_) +
                 static_cast<std::size_t>(c)];
  }

  const row_domains* d_;
  int n_;
  int row_ = 0;
  std::vector<char> cell_;
};

}  // namespace bt::problems::nqueens
