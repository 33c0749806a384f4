// SPDX-License-Identifier: MIT
// The geometry of an n^2 x n^2 board: cells row by row, and its 3 n^2 units (rows, columns,
// boxes), each holding every symbol once. Shared by the Sudoku models (model.hpp,
// cell_model.hpp).
#pragma once

#include <array>

namespace bt::problems::sudoku {

/// Cells 0..side^2-1 row by row; units 0..side-1 are the rows, then the columns, then the
/// boxes (row by row); index k of a unit counts left to right, top to bottom.
struct units {
  int box = 3;   ///< the side of a box
  int side = 9;  ///< box^2: cells per unit, symbols

  [[nodiscard]] int row(int x) const { return x / side; }
  [[nodiscard]] int col(int x) const { return x % side; }
  [[nodiscard]] int box_of(int x) const { return row(x) / box * box + col(x) / box; }
  /// The row, column and box of cell x, as unit numbers.
  [[nodiscard]] std::array<int, 3> units_of(int x) const {
    return {row(x), side + col(x), 2 * side + box_of(x)};
  }
  /// Do distinct cells x and y share a unit (must they differ)?
  [[nodiscard]] bool share_unit(int x, int y) const {
    return row(x) == row(y) || col(x) == col(y) || box_of(x) == box_of(y);
  }
  /// The cell at index k of unit u.
  [[nodiscard]] int cell_at(int u, int k) const {
    if (u < side) return u * side + k;
    if (u < 2 * side) return k * side + (u - side);
    const int b = u - 2 * side;
    return (b / box * box + k / box) * side + b % box * box + k % box;
  }
  /// The index of cell x in its unit u.
  [[nodiscard]] int index_in(int u, int x) const {
    if (u < side) return col(x);
    if (u < 2 * side) return row(x);
    return row(x) % box * box + col(x) % box;
  }
};

}  // namespace bt::problems::sudoku
