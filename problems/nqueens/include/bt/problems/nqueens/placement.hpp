// SPDX-License-Identifier: MIT
// Pre-placed queens and the row domains they leave: validated once, shared by every strategy.
#pragma once

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

namespace bt::problems::nqueens {

/// The largest board any strategy accepts (min-conflicts: about 30 bytes per row).
inline constexpr int max_n = 10'000'000;

/// The largest board of what takes n*n memory: the matrix strategies (naive, board, attack)
/// and the row domains tabulated with pre-placed queens (a vector of up to n columns per row).
inline constexpr int max_tree_n = 4096;

/// A queen on the board: 0-based row and column.
struct queen {
  int row = 0;  ///< 0-based row
  int col = 0;  ///< 0-based column
  friend bool operator==(const queen&, const queen&) = default;
};

/// Thrown for a board size or placement that cannot be searched; what() is one line.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// The row of value v, the depth-th assigned: the strategies that fill rows top-down assign row
/// `depth` at depth `depth`; a queen value (heuristic.hpp) names its own row.
template <class V>
constexpr int row_of(const V&, std::size_t depth) {
  return static_cast<int>(depth);
}
constexpr int row_of(const queen& q, std::size_t) { return q.row; }

/// The column of a queen value.
constexpr int column_of(const queen& q) { return q.col; }

/// Do two queens attack each other (same row, column or diagonal)?
constexpr bool attacks(const queen& a, const queen& b) {
  const int dr = a.row - b.row;
  const int dc = a.col - b.col;
  return dr == 0 || dc == 0 || dr == dc || dr == -dc;
}

/// The domain of each row: the one pre-placed column, or every column that no pre-placed queen
/// of a later row attacks. With no pre-placed queens every domain is 0..n-1, as in the
/// textbook, and with the first queen placed the search is the textbook's from row 2 on.
/// The domains are tabulated only for n <= max_tree_n: a free board shares one 0..n-1 vector,
/// a board with pre-placed queens has one vector per row (up to n*n columns). Larger boards
/// are left to the strategies that need no table (arrays keeps its own 0..n-1, heuristic and
/// min-conflicts read placed() only).
class row_domains {
 public:
  /// Validate n and the placement (1-based in messages, as the user typed them).
  /// Throws invalid_input for n < 1 or n > max_n, a queen off the board, two queens on one
  /// row, or two queens attacking each other.
  row_domains(int n, const std::vector<queen>& placed) : n_(n), placed_(placed) {
    if (n < 1 || n > max_n) {
      throw invalid_input("board size " + std::to_string(n) + " is out of range 1.." +
                          std::to_string(max_n));
    }
    for (std::size_t i = 0; i < placed.size(); ++i) {
      const queen& q = placed[i];
      if (q.row < 0 || q.row >= n || q.col < 0 || q.col >= n) {
        throw invalid_input("queen at " + name(q) + " is off the " + std::to_string(n) + "x" +
                            std::to_string(n) + " board");
      }
      for (std::size_t j = 0; j < i; ++j) {
        const queen& p = placed[j];
        if (p.row == q.row) {
          throw invalid_input("queens at " + name(p) + " and " + name(q) + " share row " +
                              std::to_string(q.row + 1));
        }
        if (attacks(p, q)) {
          throw invalid_input("queens at " + name(p) + " and " + name(q) + " attack each other");
        }
      }
    }
    if (n > max_tree_n) {
      return;  // see the class comment: nothing reads a table this large
    }
    if (placed.empty()) {
      all_.resize(static_cast<std::size_t>(n));
      std::iota(all_.begin(), all_.end(), 0);
      return;
    }
    columns_.resize(static_cast<std::size_t>(n));
    for (int r = 0; r < n; ++r) {
      auto& dom = columns_[static_cast<std::size_t>(r)];
      for (int c = 0; c < n; ++c) {
        bool ok = true;
        for (const queen& p : placed) {
          // Queens above row r are seen by the consistency check when r is assigned; queens
          // below are not on the board yet, so their attacks are taken out of the domain.
          if (p.row == r ? p.col != c : p.row > r && attacks(p, queen{r, c})) {
            ok = false;
            break;
          }
        }
        if (ok) {
          dom.push_back(c);
        }
      }
    }
  }

  /// Board size.
  [[nodiscard]] int n() const { return n_; }
  /// The pre-placed queens, as given.
  [[nodiscard]] const std::vector<queen>& placed() const { return placed_; }
  /// True when no queen was pre-placed.
  [[nodiscard]] bool free() const { return placed_.empty(); }
  /// True when columns() and mask() may be called: n <= max_tree_n.
  [[nodiscard]] bool tabulated() const { return n_ <= max_tree_n; }
  /// Columns allowed in row r, ascending. Needs tabulated().
  [[nodiscard]] const std::vector<int>& columns(int r) const {
    assert(tabulated());
    return placed_.empty() ? all_ : columns_[static_cast<std::size_t>(r)];
  }
  /// Columns allowed in row r as a bit mask (bit c = column c); needs n <= 64.
  [[nodiscard]] std::uint64_t mask(int r) const {
    std::uint64_t m = 0;
    for (const int c : columns(r)) {
      m |= std::uint64_t{1} << c;
    }
    return m;
  }

  /// "(row,col)" 1-based, as the user wrote it.
  static std::string name(const queen& q) {
    return "(" + std::to_string(q.row + 1) + "," + std::to_string(q.col + 1) + ")";
  }

 private:
  int n_;
  std::vector<queen> placed_;
  std::vector<int> all_;                   // 0..n-1: every row's domain on a free board
  std::vector<std::vector<int>> columns_;  // per row, with pre-placed queens
};

/// True when cols (0-based column per row, one per row) is a full non-attacking placement.
/// O(n^2) pairs up to n = 32 (no allocation: naive calls it at every leaf), O(n) above with
/// one flag per column and diagonal.
inline bool is_solution(const std::vector<int>& cols) {
  const int n = static_cast<int>(cols.size());
  if (n > 32) {
    const auto un = static_cast<std::size_t>(n);
    std::vector<char> column(un, 0), up(2 * un, 0), down(2 * un, 0);
    for (std::size_t r = 0; r < un; ++r) {
      const int c = cols[r];
      if (c < 0 || c >= n) {
        return false;
      }
      const auto uc = static_cast<std::size_t>(c);
      char& a = column[uc];
      char& b = up[r + uc];
      char& d = down[r + un - 1 - uc];
      if (a != 0 || b != 0 || d != 0) {
        return false;
      }
      a = b = d = 1;
    }
    return true;
  }
  for (int r = 0; r < n; ++r) {
    const int c = cols[static_cast<std::size_t>(r)];
    if (c < 0 || c >= n) {
      return false;
    }
    for (int s = 0; s < r; ++s) {
      if (attacks(queen{s, cols[static_cast<std::size_t>(s)]}, queen{r, c})) {
        return false;
      }
    }
  }
  return true;
}

/// What the trail representations that fill rows top-down share (board, attack, arrays): the
/// row domains, the board size and the next row to fill, whose domain candidates() is.
class top_down_rows {
 public:
  using value_type = int;  ///< column of the queen placed in the next row

  /// True once every row holds a queen.
  [[nodiscard]] bool complete() const { return row_ == n_; }
  /// The next row's columns, from the row domains.
  [[nodiscard]] std::span<const int> candidates() const { return d_->columns(row_); }

 protected:
  /// The empty board of d, which must outlive the search.
  explicit top_down_rows(const row_domains& d) : d_(&d), n_(d.n()) {}

  /// The number of squares, n * n: the size of a matrix over the board.
  [[nodiscard]] std::size_t squares() const {
    return static_cast<std::size_t>(n_) * static_cast<std::size_t>(n_);
  }
  /// The index of square (r, c) in a row-major n x n matrix.
  [[nodiscard]] std::size_t square(int r, int c) const {
    return static_cast<std::size_t>(r) * static_cast<std::size_t>(n_) + static_cast<std::size_t>(c);
  }

  const row_domains* d_;  ///< the columns each row may take
  int n_;                 ///< the board size
  int row_ = 0;           ///< the next row to fill
};

}  // namespace bt::problems::nqueens
