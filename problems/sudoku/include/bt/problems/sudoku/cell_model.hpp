// SPDX-License-Identifier: MIT
// Sudoku as the plain CSP: a variable per cell, whose value is its symbol, and "differ" between
// cells of a unit (csp::not_equal_model). The units are also declared as all-different groups
// (csp::all_different_groups), so the CSP layer finds hidden singles itself: with forward
// checking and MRV that is the naked + hidden singles a Sudoku solver runs, on 81 variables
// instead of the channelled model's 324 (model.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <utility>
#include <vector>

#include <bt/problems/sudoku/grid.hpp>
#include <bt/problems/sudoku/units.hpp>

namespace bt::problems::sudoku {

/// The cells-only CSP of one puzzle (side <= 64 values: one word per domain); outlives its
/// solvers. Variables are the cells, row by row; values 0..side-1 (symbol a + 1); group u is
/// unit u (rows, columns, boxes).
class cell_model {
 public:
  /// Every constraint is "differ": the solver's forward check removes one bit per neighbour.
  static constexpr bool not_equal = true;

  /// The model of puzzle (a grid from parse_line: box in min_box..max_box, givens consistent).
  explicit cell_model(const grid& puzzle)
      : geo_{puzzle.box, puzzle.side()},
        cells_(geo_.side * geo_.side),
        all_(geo_.side >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << geo_.side) - 1U) {
    const int side = geo_.side;
    const std::size_t peers = static_cast<std::size_t>(3 * side - 2 * geo_.box - 1);
    peer_.reserve(static_cast<std::size_t>(cells_) * peers);
    std::vector<int> stamp(idx(cells_), -1);
    for (int x = 0; x < cells_; ++x) {
      stamp[idx(x)] = x;
      for (const int u : geo_.units_of(x)) {
        for (int k = 0; k < side; ++k) {
          const int y = geo_.cell_at(u, k);
          if (stamp[idx(y)] == x) continue;
          stamp[idx(y)] = x;
          peer_.push_back(y);
        }
      }
    }
    member_.reserve(static_cast<std::size_t>(3 * side * side));
    for (int u = 0; u < 3 * side; ++u) {
      for (int k = 0; k < side; ++k) member_.push_back(geo_.cell_at(u, k));
    }
    // A given keeps its symbol; its peers lose it.
    allowed_.assign(idx(cells_), all_);
    for (int x = 0; x < cells_; ++x) {
      const int g = puzzle.cells[idx(x)];
      if (g == 0) continue;
      const std::uint64_t b = std::uint64_t{1} << (g - 1);
      allowed_[idx(x)] = b;
      for (const int y : neighbours(x)) allowed_[idx(y)] &= ~b;
    }
  }

  [[nodiscard]] int variable_count() const { return cells_; }
  [[nodiscard]] int value_count() const { return geo_.side; }
  /// The cells sharing a row, column or box with x.
  [[nodiscard]] std::span<const int> neighbours(int x) const {
    const std::size_t n = peer_.size() / idx(cells_);
    return {peer_.data() + idx(x) * n, n};
  }
  /// Cells of a unit differ.
  [[nodiscard]] bool compatible(int, int a, int, int b) const { return a != b; }
  /// The domains the givens leave.
  [[nodiscard]] bool in_domain(int x, int a) const { return ((allowed_[idx(x)] >> a) & 1U) != 0; }

  /// The units, each holding every symbol once.
  [[nodiscard]] int group_count() const { return 3 * geo_.side; }
  [[nodiscard]] std::span<const int> group(int u) const {
    return {member_.data() + idx(u) * idx(geo_.side), idx(geo_.side)};
  }

  void name_variable(std::ostream& os, int x) const {
    os << 'r' << geo_.row(x) + 1 << 'c' << geo_.col(x) + 1;
  }
  /// "r1c3=5".
  void label_assignment(std::ostream& os, int x, int a) const {
    name_variable(os, x);
    os << '=' << symbol(a + 1);
  }
  /// The picture's (cell, symbol 1-based).
  [[nodiscard]] std::pair<long long, long long> cell(int x, int a) const { return {x, a + 1}; }
  void name_assignment(std::ostream& os, int x, int a) const {
    name_variable(os, x);
    os << " = " << symbol(a + 1);
  }
  void explain_conflict(std::ostream& os, int, int, int y, int b) const {
    os << "conflicts with ";
    name_assignment(os, y, b);
  }
  void name_group(std::ostream& os, int u) const {
    static constexpr const char* kinds[] = {"row", "column", "box"};
    os << kinds[u / geo_.side] << ' ' << u % geo_.side + 1;
  }

  /// The side of a box (3 for 9x9) and of the board.
  [[nodiscard]] int box() const { return geo_.box; }
  [[nodiscard]] int side() const { return geo_.side; }
  /// The number of cell variables (all of them).
  [[nodiscard]] int cells() const { return cells_; }

 private:
  static std::size_t idx(int x) { return static_cast<std::size_t>(x); }

  units geo_;
  int cells_;
  std::uint64_t all_;
  std::vector<int> peer_;    // cells_ runs of equal length: the neighbours of each cell
  std::vector<int> member_;  // 3 side runs of side cells: the units
  std::vector<std::uint64_t> allowed_;
};

}  // namespace bt::problems::sudoku
