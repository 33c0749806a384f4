// SPDX-License-Identifier: MIT
// Sudoku as a binary CSP for the engine's strategies (bt/csp), in two channelled viewpoints
// (Dotu, del Val and Cebrian 2003): a cell variable per cell, whose value is its symbol, and a
// place variable per (unit, symbol), whose value is where in the row, column or box the symbol
// goes. Cells of a unit differ; places of a unit differ; cell x = a holds exactly when the place
// of a in each unit of x is x. With only the cells, forward checking sees naked singles alone
// and a hard puzzle takes 10^5 nodes; the places turn hidden singles into domains of one value,
// which MRV assigns at once, and the same puzzle takes a few hundred.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <utility>
#include <vector>

#include <bt/csp/bitset.hpp>
#include <bt/problems/sudoku/grid.hpp>
#include <bt/problems/sudoku/units.hpp>

namespace bt::problems::sudoku {

/// The CSP of one puzzle (side <= 64 values: one word per domain); outlives its solvers.
/// Variables 0..side^2-1 are the cells, row by row; then the places, unit by unit (rows,
/// columns, boxes), side symbols each. Values are 0..side-1 (symbol a + 1; place index).
class csp_model {
 public:
  /// The model of puzzle (a grid from parse_line: box in min_box..max_box, givens consistent).
  explicit csp_model(const grid& puzzle)
      : box_(puzzle.box),
        side_(puzzle.side()),
        cells_(side_ * side_),
        vars_(cells_ + 3 * side_ * side_),
        all_(mask_below(side_)),
        neighbours_(idx(vars_)),
        allowed_(idx(vars_), all_) {
    for (int x = 0; x < cells_; ++x) {
      auto& n = neighbours_[idx(x)];
      for (int y = 0; y < cells_; ++y) {
        if (x != y && share_unit(x, y)) n.push_back(y);
      }
      for (const int u : units_of(x)) {
        for (int a = 0; a < side_; ++a) n.push_back(place(u, a));
      }
    }
    for (int u = 0; u < 3 * side_; ++u) {
      for (int a = 0; a < side_; ++a) {
        auto& n = neighbours_[idx(place(u, a))];
        for (int k = 0; k < side_; ++k) n.push_back(cell_at(u, k));
        for (int b = 0; b < side_; ++b) {
          if (b != a) n.push_back(place(u, b));
        }
      }
    }
    // The givens: a given cell keeps its symbol, its peers lose it; then each place keeps the
    // positions whose cell still allows its symbol.
    for (int x = 0; x < cells_; ++x) {
      const int g = puzzle.cells[idx(x)];
      if (g == 0) continue;
      allowed_[idx(x)] = bit(g - 1);
      for (int y = 0; y < cells_; ++y) {
        if (y != x && share_unit(x, y)) allowed_[idx(y)] &= ~bit(g - 1);
      }
    }
    for (int u = 0; u < 3 * side_; ++u) {
      for (int a = 0; a < side_; ++a) {
        std::uint64_t m = 0;
        for (int k = 0; k < side_; ++k) {
          if ((allowed_[idx(cell_at(u, k))] & bit(a)) != 0) m |= bit(k);
        }
        allowed_[idx(place(u, a))] = m;
      }
    }
  }

  [[nodiscard]] int variable_count() const { return vars_; }
  [[nodiscard]] int value_count() const { return side_; }
  [[nodiscard]] const std::vector<int>& neighbours(int x) const { return neighbours_[idx(x)]; }

  /// x = a and y = b agree: two cells or two places of a unit differ; a cell and a place of one
  /// of its units agree on whether the cell holds the place's symbol.
  [[nodiscard]] bool compatible(int x, int a, int y, int b) const {
    if (is_cell(x) == is_cell(y)) return a != b;
    if (!is_cell(x)) return compatible(y, b, x, a);
    const int u = (y - cells_) / side_;
    const int s = (y - cells_) % side_;
    return (a == s) == (b == index_in(u, x));
  }

  /// The values of neighbour y that x = a rules out (agrees with compatible()).
  [[nodiscard]] csp::domain<1> conflicts(int x, int a, int y) const {
    if (is_cell(x) == is_cell(y)) return one(bit(a));
    if (is_cell(x)) {  // y is the place of symbol s in a unit u of x
      const int u = (y - cells_) / side_;
      const int s = (y - cells_) % side_;
      const std::uint64_t here = bit(index_in(u, x));
      return one(a == s ? all_ & ~here : here);
    }
    // x is the place of symbol s in unit u, at index a; y is a cell of u.
    const int u = (x - cells_) / side_;
    const int s = (x - cells_) % side_;
    return one(index_in(u, y) == a ? all_ & ~bit(s) : bit(s));
  }

  /// The domains the givens leave.
  [[nodiscard]] bool in_domain(int x, int a) const { return ((allowed_[idx(x)] >> a) & 1U) != 0; }

  void name_variable(std::ostream& os, int x) const {
    if (is_cell(x)) {
      os << 'r' << x / side_ + 1 << 'c' << x % side_ + 1;
    } else {
      const int u = (x - cells_) / side_;
      static constexpr const char* kinds[] = {"row", "column", "box"};
      os << symbol((x - cells_) % side_ + 1) << " in " << kinds[u / side_] << ' ' << u % side_ + 1;
    }
  }
  /// "r1c3=5" for a cell, "5 in row 1 at r1c3" for a place.
  void label_assignment(std::ostream& os, int x, int a) const {
    if (is_cell(x)) {
      name_variable(os, x);
      os << '=' << symbol(a + 1);
    } else {
      name_assignment(os, x, a);
    }
  }
  /// The picture's (cell, symbol 1-based): a place's value puts its symbol in that cell.
  [[nodiscard]] std::pair<long long, long long> cell(int x, int a) const {
    if (is_cell(x)) return {x, a + 1};
    return {cell_at((x - cells_) / side_, a), (x - cells_) % side_ + 1};
  }
  void name_assignment(std::ostream& os, int x, int a) const {
    if (is_cell(x)) {
      name_variable(os, x);
      os << " = " << symbol(a + 1);
    } else {
      name_variable(os, x);
      os << " at ";
      name_variable(os, cell_at((x - cells_) / side_, a));
    }
  }
  void explain_conflict(std::ostream& os, int, int, int y, int b) const {
    os << "conflicts with ";
    name_assignment(os, y, b);
  }

  /// The side of a box (3 for 9x9) and of the board.
  [[nodiscard]] int box() const { return box_; }
  [[nodiscard]] int side() const { return side_; }
  /// The number of cell variables, which come first.
  [[nodiscard]] int cells() const { return cells_; }

 private:
  static std::size_t idx(int x) { return static_cast<std::size_t>(x); }
  static std::uint64_t bit(int a) { return std::uint64_t{1} << a; }
  static std::uint64_t mask_below(int n) { return n >= 64 ? ~std::uint64_t{0} : bit(n) - 1; }
  static csp::domain<1> one(std::uint64_t m) { return csp::domain<1>{{m}}; }

  [[nodiscard]] bool is_cell(int x) const { return x < cells_; }
  [[nodiscard]] int place(int unit, int a) const { return cells_ + unit * side_ + a; }
  [[nodiscard]] std::array<int, 3> units_of(int x) const { return geo_.units_of(x); }
  [[nodiscard]] bool share_unit(int x, int y) const { return geo_.share_unit(x, y); }
  [[nodiscard]] int cell_at(int u, int k) const { return geo_.cell_at(u, k); }
  [[nodiscard]] int index_in(int u, int x) const { return geo_.index_in(u, x); }

  int box_;
  int side_;
  units geo_{box_, side_};
  int cells_;
  int vars_;
  std::uint64_t all_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<std::uint64_t> allowed_;
};

/// The solved grid of a complete solver state (any csp::solver over a csp_model or a
/// cell_model: the cells are the first variables).
template <class Solver>
grid solution_of(const Solver& s) {
  const auto& m = s.model();
  grid g{m.box(), std::vector<int>(static_cast<std::size_t>(m.cells()), 0)};
  for (int x = 0; x < m.cells(); ++x) {
    g.cells[static_cast<std::size_t>(x)] = s.value_of(x) + 1;
  }
  return g;
}

}  // namespace bt::problems::sudoku
