// SPDX-License-Identifier: MIT
// One half of an N-Queens board as a problem of its own: queens on the first `rows` rows, on a
// given set of columns (one each), no two attacking, with the diagonals they occupy recorded
// for the meet-in-the-middle count (halves.hpp). The other half is the top half of the board
// turned upside down, so this one problem enumerates both sides.
#pragma once

#include <bit>
#include <cstdint>

#include <bt/ranges.hpp>

namespace bt::problems::nqueens {

/// The window of a half: the diagonals that its queens (rows 0..rows-1) can share with queens
/// of the other side (rows `rows`..n-1). With d1 = row + col and d2 = row - col + n - 1, both
/// shared ranges start at d = rows and hold width() diagonals. Turned upside down, a diagonal d
/// becomes 2n - 2 - d, which maps one side's window onto the other's in reverse: flip() turns
/// a bottom half's bits (enumerated as a top half) into the top's frame.
struct diagonal_window {
  int n = 0;     ///< board size
  int rows = 0;  ///< the rows of this half; the window starts at diagonal `rows`

  /// Window width in each direction: n - 1 diagonals, or n when n is odd and both halves have
  /// n / 2 rows (the middle row between them widens the window by one).
  [[nodiscard]] constexpr int width() const { return 2 * rows == n - 1 ? n : n - 1; }
  /// The window bits of a queen at (row, col) of the half: d1 in bits 0..30, d2 in 32..62.
  [[nodiscard]] constexpr std::uint64_t bits(int row, int col) const {
    std::uint64_t b = 0;
    const int d1 = row + col - rows;
    const int d2 = row - col + n - 1 - rows;
    if (d1 >= 0) b |= std::uint64_t{1} << d1;  // both are below n - 1 for row < rows
    if (d2 >= 0) b |= std::uint64_t{1} << (32 + d2);
    return b;
  }
  /// The window bits of the middle row's queen at column m (odd n, `rows` = n / 2), which both
  /// halves must stay off; 0 for m < 0 (even n: no middle row).
  [[nodiscard]] constexpr std::uint64_t middle(int m) const { return m < 0 ? 0U : bits(rows, m); }
  /// The bits of the same queens seen from the other side (the board turned upside down).
  [[nodiscard]] constexpr std::uint64_t flip(std::uint64_t b) const {
    const auto d1 = static_cast<std::uint32_t>(b);
    const auto d2 = static_cast<std::uint32_t>(b >> 32U);
    return std::uint64_t{reverse(d2)} | std::uint64_t{reverse(d1)} << 32U;
  }

 private:
  [[nodiscard]] constexpr std::uint32_t reverse(std::uint32_t x) const {
    x = (x >> 1U & 0x55555555U) | (x & 0x55555555U) << 1U;
    x = (x >> 2U & 0x33333333U) | (x & 0x33333333U) << 2U;
    x = (x >> 4U & 0x0F0F0F0FU) | (x & 0x0F0F0F0FU) << 4U;
    x = (x >> 8U & 0x00FF00FFU) | (x & 0x00FF00FFU) << 8U;
    x = x >> 16U | x << 16U;
    return x >> (32 - width());
  }
};

namespace detail {

/// The next larger set with as many elements as `set` (Gosper's hack), which walks the k-sets
/// in colex order; 0 when there is none in 32 bits. `set` must not be empty.
constexpr std::uint32_t next_same_size(std::uint32_t set) {
  const std::uint32_t low = set & (~set + 1U);
  const std::uint32_t up = set + low;
  return up == 0 ? 0U : (((up ^ set) >> 2U) / low) | up;
}

}  // namespace detail

/// A partial half, rows filled top-down (copy discipline). Like symmetric_bitboard it is four
/// 32-bit words, so it travels in two registers: Somers' masks with the columns outside the
/// half (and beyond the board) preset as occupied, so the half is complete when every bit is
/// set, and one word with the rows left and the column of a queen on the row below the half,
/// whose diagonals reach up into it. The window bits of the queens are not part of the state:
/// a visitor adds them up from the assign events (detail::half_collector, halves.hpp).
struct half_board {
  using mask = std::uint32_t;
  using value_type = mask;  ///< a one-bit mask: the column of the next queen

  mask cols = 0;           ///< occupied columns, and every column outside the half
  mask ld = 0;             ///< next row's squares attacked down-right
  mask rd = 0;             ///< next row's squares attacked down-left
  std::uint32_t info = 0;  ///< rows left (to the queen below) | (its column + 1, or 0) << 8

  [[nodiscard]] bool complete() const { return cols == ~mask{0}; }
  [[nodiscard]] bt::bit_range<mask> candidates() const {
    return {static_cast<mask>(~(cols | ld | rd | below_attacks(distance())))};
  }
  /// Look-ahead: after q, every later row of the half still has a free column and every free
  /// column a free row. Most nodes of a half restricted to few columns die near the leaves,
  /// where this test is cheap.
  [[nodiscard]] bool consistent(mask q) const {
    const mask left = static_cast<mask>(~(cols | q));
    mask l = static_cast<mask>((ld | q) << 1U);
    mask r = static_cast<mask>((rd | q) >> 1U);
    mask reach = 0;
    for (int d = distance() - 1; d > 0; --d) {
      const mask free = left & ~(l | r | below_attacks(d));
      if (free == 0) return false;
      reach |= free;
      l = static_cast<mask>(l << 1U);
      r >>= 1U;
    }
    return reach == left;
  }
  [[nodiscard]] half_board child(mask q) const {
    return {static_cast<mask>(cols | q), static_cast<mask>((ld | q) << 1U),
            static_cast<mask>((rd | q) >> 1U), info - 1U};
  }

  /// The empty half of the n x n board (n <= 32) made of its first `rows` rows, its queens on
  /// the columns of `columns` (which must hold `rows` columns) and off the diagonals of a
  /// queen at column `below` of the next row (-1: none).
  static half_board root(int n, int rows, mask columns, int below = -1) {
    const mask board = n == 32 ? ~mask{0} : (mask{1} << n) - 1U;
    return {static_cast<mask>(~(board & columns)), 0, 0,
            static_cast<std::uint32_t>(rows) | static_cast<std::uint32_t>(below + 1) << 8U};
  }

 private:
  [[nodiscard]] int distance() const { return static_cast<int>(info & 255U); }
  // The squares d rows above the queen below that it attacks (none without it).
  [[nodiscard]] mask below_attacks(int d) const {
    const std::uint64_t m = (std::uint64_t{1} << (info >> 8U)) >> 1U;
    return static_cast<mask>((m << d) | (m >> d));
  }
};

}  // namespace bt::problems::nqueens
