// SPDX-License-Identifier: MIT
// The textbook trace (seed 004): "Current Play:" with the board after each placement and
// "Backtrack:" with the board after each removal, for any strategy (values are column numbers
// one-bit masks or squares; the describer keeps the path itself).
#pragma once

#include <cstddef>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/problems/nqueens/bitboard.hpp>

namespace bt::problems::nqueens {

/// Write the 0/1 matrix of the first `rows` queens of cols (0-based; -1: no queen), one row
/// per line.
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
/// search, with the board drawn after each placement and backtrack. Queen k is the k-th
/// placed; its row is k for the strategies that fill rows top-down (row_of).
class textbook_describer {
 public:
  /// n is the board size.
  explicit textbook_describer(int n)
      : n_(n), cols_(static_cast<std::size_t>(n), -1), rows_(static_cast<std::size_t>(n), -1) {}

  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    keep(e.depth);
    const int r = row_of(e.value, e.depth);
    rows_[e.depth] = r;
    cols_[static_cast<std::size_t>(r)] = column_of(e.value);
    os << "Current Play: queen " << e.depth + 1 << " at (" << r + 1 << ',' << column_of(e.value) + 1
       << ")\n";
    print_matrix(os, n_, cols_, cols_.size());
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    keep(e.depth);
    os << "Backtrack: queen " << e.depth + 1 << " from (" << row_of(e.value, e.depth) + 1 << ','
       << column_of(e.value) + 1 << ")\n";
    print_matrix(os, n_, cols_, cols_.size());
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      // naive tests complete placements; the heuristic prunes a node whose line has no room.
      os << (e.state.complete() ? "Rejected: the placement is not a solution\n"
                                : "Dead end: a row or column has no free square left\n");
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    keep(e.depth);
    os << "Solution:\n";
    print_matrix(os, n_, cols_, cols_.size());
  }

  /// For --tree and --replay: "Q<row>=<column>" (1-based) of an assign or prune event.
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << 'Q' << row_of(e.value, e.depth) + 1 << '=' << column_of(e.value) + 1;
  }
  /// For --replay: the (row, column) square, 0-based, of an assign or prune event.
  template <class E>
  std::pair<long long, long long> cell(const E& e) const {
    return {row_of(e.value, e.depth), column_of(e.value)};
  }
  /// For --replay: the picture is an n x n board.
  void picture(std::ostream& os) const {
    os << "{\"kind\":\"board\",\"n\":" << n_ << ",\"title\":\"" << n_ << "-queens\"}";
  }
  /// For --replay: the queens on the path that attack a rejected square, or why a node failed.
  template <class P>
  why_info why(const ev::prune<P>& e, std::span<const bt::cell> path) const {
    why_info w;
    if (e.node_level) {
      // naive tests complete placements; the heuristic prunes a line with no open square.
      if (!e.state.complete()) {
        w.text = "dead end: a row or column has no free square left";
        return w;
      }
      w.text = "the placement is not a solution";
      for (std::size_t i = 0; i < path.size() && w.by.empty(); ++i) {
        for (std::size_t j = i + 1; j < path.size(); ++j) {
          if (attacks(path[i], path[j])) {
            w.by = {path[i], path[j]};
            w.text += ": Q" + std::to_string(path[i].first + 1) + '=' +
                      std::to_string(path[i].second + 1) + " attacks Q" +
                      std::to_string(path[j].first + 1) + '=' + std::to_string(path[j].second + 1);
            break;
          }
        }
      }
      return w;
    }
    const bt::cell here = this->cell(e);
    std::ostringstream os;
    label(os, e);
    os << " rejected:";
    for (const bt::cell& q : path) {
      if (!attacks(q, here)) continue;
      w.by.push_back(q);
      const char* line = q.second == here.second ? "column"
                         : q.first == here.first ? "row"
                                                 : "diagonal";
      os << (w.by.size() > 1 ? "," : "") << " attacked by Q" << q.first + 1 << '=' << q.second + 1
         << " on its " << line;
    }
    if (w.by.empty()) os << " not a free square";
    w.text = os.str();
    return w;
  }

 private:
  // Take off the board the queens placed at depth `depth` and below (undone since).
  void keep(std::size_t depth) {
    for (std::size_t d = depth; d < rows_.size() && rows_[d] >= 0; ++d) {
      cols_[static_cast<std::size_t>(rows_[d])] = -1;
      rows_[d] = -1;
    }
  }

  static bool attacks(const bt::cell& a, const bt::cell& b) {
    const long long dr = a.first - b.first;
    const long long dc = a.second - b.second;
    return dr == 0 || dc == 0 || dr == dc || dr == -dc;
  }

  int n_;
  std::vector<int> cols_;  // column per row, -1 without a queen
  std::vector<int> rows_;  // row of the queen placed at each depth, -1 past the path
};

}  // namespace bt::problems::nqueens
