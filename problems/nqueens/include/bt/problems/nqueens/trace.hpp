// SPDX-License-Identifier: MIT
// The textbook trace (seed 004): "Current Play:" with the board after each placement and
// "Backtrack:" with the board after each removal, for any strategy (values are column numbers
// or one-bit masks; the describer keeps the path itself).
#pragma once

#include <cstddef>
#include <ostream>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/nqueens/bitboard.hpp>

namespace bt::problems::nqueens {

/// Write the 0/1 matrix of the first `rows` queens of cols (0-based), one row per line.
inline void print_matrix(std::ostream& os, int n, const std::vector<int>& cols, std::size_t rows) {
  for (int r = 0; r < n; ++r) {
    for (int c = 0; c < n; ++c) {
      const auto ur = static_cast<std::size_t>(r);
      os << (c ? " " : "") << (ur < rows && cols[ur] == c ? '1' : '0');
    }
    os << '\n';
  }
}

/// Describer for bt::trace_visitor: placements, backtracks, rejections and solutions of the
/// row-by-row search, with the board drawn after each placement and backtrack.
class textbook_describer {
 public:
  /// n is the board size.
  explicit textbook_describer(int n) : n_(n), cols_(static_cast<std::size_t>(n), -1) {}

  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    cols_[e.depth] = column_of(e.value);
    os << "Current Play: queen " << e.depth + 1 << " at (" << e.depth + 1 << ','
       << cols_[e.depth] + 1 << ")\n";
    print_matrix(os, n_, cols_, e.depth + 1);
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << "Backtrack: queen " << e.depth + 1 << " from (" << e.depth + 1 << ','
       << column_of(e.value) + 1 << ")\n";
    print_matrix(os, n_, cols_, e.depth);
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << "Rejected: the placement is not a solution\n";
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << "Solution:\n";
    print_matrix(os, n_, cols_, e.depth);
  }

 private:
  int n_;
  std::vector<int> cols_;
};

}  // namespace bt::problems::nqueens
