// SPDX-License-Identifier: MIT
// The attack matrix of seed 002 (Mukund): attack[i][j] holds the earliest queen that attacks
// square (i, j), or -1; removing queen k frees exactly the squares marked k.
#pragma once

#include <vector>

#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Trail discipline: placing queen k marks the still-free squares it attacks below its row.
class attack : public top_down_rows {
 public:
  /// A free n x n attack matrix whose row domains come from d.
  explicit attack(const row_domains& d) : top_down_rows(d), attack_(squares(), -1) {}

  /// A square is safe when no earlier queen attacks it.
  [[nodiscard]] bool consistent(int col) const { return at(row_, col) == -1; }

  /// Queen k = row_ at col: mark free squares on its column and diagonals in later rows.
  void assign(int col) {
    mark(col, -1, row_);
    ++row_;
  }
  /// Remove the last queen: squares marked with its number become free again.
  void unassign(int col) {
    --row_;
    mark(col, row_, -1);
  }

  /// The earliest queen (0-based row) attacking (r, c), or -1.
  [[nodiscard]] int at(int r, int c) const { return attack_[square(r, c)]; }

 private:
  // Below row_, on the column and both diagonals of col: every square holding `from` gets `to`.
  void mark(int col, int from, int to) {
    for (int i = row_ + 1; i < n_; ++i) {
      const int dist = i - row_;
      for (const int c : {col - dist, col, col + dist}) {
        if (c >= 0 && c < n_ && attack_[square(i, c)] == from) {
          attack_[square(i, c)] = to;
        }
      }
    }
  }

  std::vector<int> attack_;
};

}  // namespace bt::problems::nqueens
