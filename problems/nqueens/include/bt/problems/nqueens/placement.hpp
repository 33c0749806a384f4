// SPDX-License-Identifier: MIT
// Pre-placed queens and the row domains they leave: validated once, shared by every strategy.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace bt::problems::nqueens {

/// The largest board any strategy accepts (the matrix strategies use n*n cells).
inline constexpr int max_n = 4096;

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

/// Do two queens attack each other (same row, column or diagonal)?
constexpr bool attacks(const queen& a, const queen& b) {
  const int dr = a.row - b.row;
  const int dc = a.col - b.col;
  return dr == 0 || dc == 0 || dr == dc || dr == -dc;
}

/// The domain of each row: the one pre-placed column, or every column that no pre-placed queen
/// of a later row attacks. With no pre-placed queens every domain is 0..n-1, as in the
/// textbook, and with the first queen placed the search is the textbook's from row 2 on.
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
          throw invalid_input("queens at " + name(p) + " and " + name(q) +
                              " attack each other");
        }
      }
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
  /// Columns allowed in row r, ascending.
  [[nodiscard]] const std::vector<int>& columns(int r) const {
    return columns_[static_cast<std::size_t>(r)];
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
  std::vector<std::vector<int>> columns_;
};

/// True when cols (0-based column per row, one per row) is a full non-attacking placement.
inline bool is_solution(const std::vector<int>& cols) {
  const int n = static_cast<int>(cols.size());
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

}  // namespace bt::problems::nqueens
