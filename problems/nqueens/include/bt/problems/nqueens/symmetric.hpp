// SPDX-License-Identifier: MIT
// Counting total and unique solutions in one pass over one board per symmetry class, on bit
// masks (the classification of T. Takaken, as described with J. Somers' bitboards):
//  - corner class: a queen in the top-left corner. Such a solution has no symmetry, so its
//    orbit has 8 boards; of the corner queen's two images (the board and its transpose) the
//    one whose row-1 queen is left of column 1's queen is searched, weight 8.
//  - inner classes, one per b1 = 1 .. (n-3)/2 or so: no queen in a corner, the top-row queen
//    at column b1 is the edge queen closest to a corner (every edge queen is >= b1 from its
//    nearest corner). Rows above b1 keep off the side columns, the bottom row keeps off the
//    b1 squares next to each corner, and by row n-1-b1 both side columns must be taken or be
//    taken there. The finished board is compared with the rotations that keep the top queen
//    where it is: smaller than all, it is counted with its orbit size (8, or 4 when it equals
//    its 180-degree rotation, 2 when it equals its 90-degree rotation); else it is skipped.
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <bt/ranges.hpp>

namespace bt::problems::nqueens {

/// One symmetry class: its kind, b1, and the queens of its fixed top rows (columns).
struct symmetry_class {
  bool corner = false;      ///< top-left corner queen (else an inner class)
  int b1 = 0;               ///< corner: row 1's column; inner: row 0's column
  std::vector<int> prefix;  ///< the columns of the fixed top rows
};

/// A partial board of one class, rows filled top-down (copy discipline). The state is four
/// 32-bit words, so it travels in two registers: the masks, with the columns beyond the board
/// preset as occupied (the board is complete when every bit is set), and one word packing the
/// next row, n, b1 and the class kind, from which the class's row rules are computed.
struct symmetric_bitboard {
  using mask = std::uint32_t;
  using value_type = mask;  ///< a one-bit mask: the column of the next queen

  /// The widest board (columns are the bits of a 32-bit mask).
  static constexpr int max_n = 32;

  mask cols = 0;           ///< occupied columns, and every bit beyond the board
  mask ld = 0;             ///< next row's squares attacked down-right
  mask rd = 0;             ///< next row's squares attacked down-left
  std::uint32_t info = 0;  ///< row | n << 6 | b1 << 12 | corner << 18

  [[nodiscard]] int row() const { return static_cast<int>(info & 63U); }
  [[nodiscard]] int n() const { return static_cast<int>((info >> 6U) & 63U); }
  [[nodiscard]] int b1() const { return static_cast<int>((info >> 12U) & 63U); }
  [[nodiscard]] bool corner() const { return (info >> 18U) != 0; }

  [[nodiscard]] bool complete() const { return cols == ~mask{0}; }
  [[nodiscard]] bt::bit_range<mask> candidates() const {
    mask free = static_cast<mask>(~(cols | ld | rd));
    const int r = row();
    const int b = b1();
    if (r < b) {
      // Rows above b1 keep off column 1 (corner: the transpose is the one searched) or off
      // both side columns (inner: no edge queen nearer a corner than the top one).
      free &= corner() ? ~mask{2} : ~side(n());
    } else if (!corner()) {
      const int last = n() - 1;
      if (r == last - b) {
        // Rows below n-1-b1 may not use a side column: both must be taken by this row.
        const mask sides = side(n());
        const mask taken = cols & sides;
        free = taken == 0 ? 0 : taken == sides ? free : free & sides;
      }
      if (r == last) {
        free &= ~near_corners(n(), b);  // the bottom queen is no nearer a corner than b1
      }
    }
    return {free};
  }
  /// Look-ahead: q is refused when it leaves the next row no square free of attacks, which
  /// saves entering (and returning from) a node that has no candidate.
  [[nodiscard]] bool consistent(mask q) const {
    const mask c = cols | q;
    return c == ~mask{0} || (c | (ld | q) << 1U | (rd | q) >> 1U) != ~mask{0};
  }
  [[nodiscard]] symmetric_bitboard child(mask q) const {
    return {cols | q, (ld | q) << 1U, (rd | q) >> 1U, info + 1U};
  }
  friend bool operator==(const symmetric_bitboard&, const symmetric_bitboard&) = default;

  /// The two side columns of an n-column board.
  static constexpr mask side(int n) { return 1U | mask{1} << (n - 1); }
  /// The squares of a row closer than b to a corner.
  static constexpr mask near_corners(int n, int b) {
    const mask low = (mask{1} << b) - 1U;
    return low | low << (n - b);
  }
};

/// The classes of an n x n board, 4 <= n <= 32: the corner classes (b1 = 2 .. n-2), then the
/// inner ones (b1 = 1 while b1 < n-2-b1+1). Every solution's orbit has exactly one board that
/// the classes' searches reach and orbit_weight accepts.
inline std::vector<symmetry_class> symmetry_classes(int n) {
  std::vector<symmetry_class> out;
  for (int b1 = 2; b1 < n - 1; ++b1) {
    out.push_back({true, b1, {0, b1}});
  }
  for (int b1 = 1, b2 = n - 2; b1 < b2; ++b1, --b2) {
    out.push_back({false, b1, {b1}});
  }
  return out;
}

/// The root of class c's search on an n x n board, with its fixed top rows placed.
inline symmetric_bitboard class_root(const symmetry_class& c, int n) {
  using mask = symmetric_bitboard::mask;
  const mask beyond = n == 32 ? 0 : ~((mask{1} << n) - 1U);
  symmetric_bitboard s{beyond, 0, 0,
                       static_cast<std::uint32_t>(n) << 6U |
                           static_cast<std::uint32_t>(c.b1) << 12U | (c.corner ? 1U : 0U) << 18U};
  for (const int col : c.prefix) {
    s = s.child(mask{1} << col);
  }
  return s;
}

/// How many solutions a finished board of class c stands for: its orbit size (8, 4 or 2), or
/// 0 when another board of its orbit is the one counted. `cols` holds one column per row.
inline int orbit_weight(bool corner, int b1, const int* cols, int* pos, int n) {
  if (corner) {
    return 8;
  }
  const int last = n - 1;
  const int b2 = last - b1;
  // Compare rows 1.. with a rotation's rows; -1: board smaller, 0: equal, 1: board larger.
  const auto compare = [&](auto rotated) {
    for (int i = 1; i < n; ++i) {
      const int r = rotated(i);
      if (cols[i] != r) return cols[i] < r ? -1 : 1;
    }
    return 0;
  };
  bool inverse = false;
  const auto fill_inverse = [&] {
    if (!inverse) {
      for (int r = 0; r < n; ++r) pos[cols[r]] = r;
      inverse = true;
    }
  };
  if (cols[b2] == 0) {  // the 90-degree rotation also has its top queen at b1
    fill_inverse();
    const int c = compare([&](int i) { return last - pos[i]; });
    if (c > 0) return 0;
    if (c == 0) return 2;
  }
  if (cols[last] == b2) {  // the 180-degree rotation also has its top queen at b1
    const int c = compare([&](int i) { return last - cols[last - i]; });
    if (c > 0) return 0;
    if (c == 0) return 4;
  }
  if (cols[b1] == last) {  // the 270-degree rotation also has its top queen at b1
    fill_inverse();
    if (compare([&](int i) { return pos[last - i]; }) > 0) return 0;
  }
  return 8;
}

}  // namespace bt::problems::nqueens
