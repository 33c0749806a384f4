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

/// Partial placement as attack masks; bit c is column c, rows are filled top-down.
template <std::unsigned_integral Mask>
struct bitboard {
  using value_type = Mask;  ///< a one-bit mask: the column of the next queen

  /// The widest board this mask type holds.
  static constexpr int max_n = std::numeric_limits<Mask>::digits;

  Mask all = 0;               ///< one bit per column of the board
  Mask cols = 0;              ///< occupied columns
  Mask ld = 0;                ///< squares of the next row attacked along "\" (moving up a bit)
  Mask rd = 0;                ///< squares of the next row attacked along "/" (moving down)
  const Mask* allowed = nullptr;  ///< this row's domain mask (pre-placed queens), or null

  [[nodiscard]] bool complete() const { return cols == all; }
  [[nodiscard]] bt::bit_range<Mask> candidates() const {
    const Mask free = static_cast<Mask>(all & ~(cols | ld | rd));
    return {allowed ? static_cast<Mask>(free & *allowed) : free};
  }
  // The queen's diagonal attacks move one column per row: "\" shifts up, "/" shifts down.
  [[nodiscard]] bitboard child(Mask q) const {
    return {all, static_cast<Mask>(cols | q), static_cast<Mask>((ld | q) << 1U),
            static_cast<Mask>((rd | q) >> 1U), allowed ? allowed + 1 : nullptr};
  }
  friend bool operator==(const bitboard&, const bitboard&) = default;
};

/// The 0-based column of a one-bit mask (or an int column, unchanged).
template <std::unsigned_integral Mask>
constexpr int column_of(Mask q) {
  return std::countr_zero(q);
}
constexpr int column_of(int c) { return c; }

/// Root bitboard for d; `masks` receives the per-row domain masks when queens are pre-placed
/// and must outlive the search. Needs d.n() <= bitboard<Mask>::max_n.
template <std::unsigned_integral Mask>
bitboard<Mask> make_bitboard(const row_domains& d, std::vector<Mask>& masks) {
  const int n = d.n();
  const Mask all = n == bitboard<Mask>::max_n ? static_cast<Mask>(~Mask{0})
                                                : static_cast<Mask>((Mask{1} << n) - 1U);
  if (d.free()) {
    return {all, 0, 0, 0, nullptr};
  }
  masks.clear();
  for (int r = 0; r < n; ++r) {
    masks.push_back(static_cast<Mask>(d.mask(r)));
  }
  return {all, 0, 0, 0, masks.data()};
}

}  // namespace bt::problems::nqueens
