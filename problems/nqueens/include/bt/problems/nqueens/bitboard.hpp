// SPDX-License-Identifier: MIT
// Somers' representation: three bit masks of attacked columns for the next row. A state is a
// few machine words, so it uses the copy discipline and travels in registers.
#pragma once

#include <bit>
#include <concepts>
#include <cstdint>
#include <limits>
#include <vector>

#include <bt/ranges.hpp>
#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Partial placement as attack masks; bit c is column c, rows are filled top-down. Without
/// pre-placed queens (Restricted = false) the state is four masks and nothing else, so it
/// travels in registers like the hand-written loop's arguments.
template <std::unsigned_integral Mask, bool Restricted = false>
struct bitboard {
  using value_type = Mask;  ///< a one-bit mask: the column of the next queen

  /// The widest board this mask type holds.
  static constexpr int max_n = std::numeric_limits<Mask>::digits;

  Mask all = 0;   ///< one bit per column of the board
  Mask cols = 0;  ///< occupied columns
  Mask ld = 0;    ///< next row's squares attacked down-right (bit c + 1 per row)
  Mask rd = 0;    ///< next row's squares attacked down-left (bit c - 1 per row)

  [[nodiscard]] bool complete() const { return cols == all; }
  [[nodiscard]] bt::bit_range<Mask> candidates() const {
    return {static_cast<Mask>(all & ~(cols | ld | rd))};
  }
  // The queen's diagonal attacks move one column per row: down-right attacks shift up a bit,
  // down-left attacks shift down.
  [[nodiscard]] bitboard child(Mask q) const {
    return {all, static_cast<Mask>(cols | q), static_cast<Mask>((ld | q) << 1U),
            static_cast<Mask>((rd | q) >> 1U)};
  }
  friend bool operator==(const bitboard&, const bitboard&) = default;
};

/// With pre-placed queens: the same masks, and each row's domain mask from row_domains.
template <std::unsigned_integral Mask>
struct bitboard<Mask, true> {
  using value_type = Mask;  ///< a one-bit mask: the column of the next queen

  /// The widest board this mask type holds.
  static constexpr int max_n = std::numeric_limits<Mask>::digits;

  Mask all = 0;                   ///< one bit per column of the board
  Mask cols = 0;                  ///< occupied columns
  Mask ld = 0;                    ///< down-right diagonal attacks on the next row
  Mask rd = 0;                    ///< down-left diagonal attacks on the next row
  const Mask* allowed = nullptr;  ///< the next row's domain mask; advances one row per child

  [[nodiscard]] bool complete() const { return cols == all; }
  [[nodiscard]] bt::bit_range<Mask> candidates() const {
    return {static_cast<Mask>(all & ~(cols | ld | rd) & *allowed)};
  }
  [[nodiscard]] bitboard child(Mask q) const {
    return {all, static_cast<Mask>(cols | q), static_cast<Mask>((ld | q) << 1U),
            static_cast<Mask>((rd | q) >> 1U), allowed + 1};
  }
  friend bool operator==(const bitboard&, const bitboard&) = default;
};

/// The 0-based column of a one-bit mask (or an int column, unchanged).
template <std::unsigned_integral Mask>
constexpr int column_of(Mask q) {
  return std::countr_zero(q);
}
constexpr int column_of(int c) { return c; }

/// The mask with one bit per column of an n-column board.
template <std::unsigned_integral Mask>
constexpr Mask full_mask(int n) {
  return n == std::numeric_limits<Mask>::digits ? static_cast<Mask>(~Mask{0})
                                                : static_cast<Mask>((Mask{1} << n) - 1U);
}

/// Root bitboard of an empty n x n board. Needs n <= bitboard<Mask>::max_n.
template <std::unsigned_integral Mask>
bitboard<Mask> make_bitboard(int n) {
  return {full_mask<Mask>(n), 0, 0, 0};
}

/// Root bitboard for d with its pre-placed queens; `masks` receives the per-row domain masks
/// and must outlive the search. Needs d.n() <= bitboard<Mask>::max_n.
template <std::unsigned_integral Mask>
bitboard<Mask, true> make_bitboard(const row_domains& d, std::vector<Mask>& masks) {
  masks.clear();
  for (int r = 0; r < d.n(); ++r) {
    masks.push_back(static_cast<Mask>(d.mask(r)));
  }
  return {full_mask<Mask>(d.n()), 0, 0, 0, masks.data()};
}

}  // namespace bt::problems::nqueens
