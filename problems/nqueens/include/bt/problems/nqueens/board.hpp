// SPDX-License-Identifier: MIT
// The textbook representation: the 0/1 n x n matrix, rows filled top-down, isSafe scanning
// the rows above for a queen on the same column or diagonal (seed 004's Solve/isSafe).
#pragma once

#include <vector>

#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Trail discipline: the matrix is mutated in place and the engine undoes each queen.
class board : public top_down_rows {
 public:
  /// An empty n x n matrix whose row domains come from d.
  explicit board(const row_domains& d) : top_down_rows(d), cell_(squares()) {}

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
  [[nodiscard]] char at(int r, int c) const { return cell_[square(r, c)]; }

 private:
  char& cell(int r, int c) { return cell_[square(r, c)]; }

  std::vector<char> cell_;
};

}  // namespace bt::problems::nqueens
