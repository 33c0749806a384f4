// SPDX-License-Identifier: MIT
// What the propagators share: 128-bit arithmetic for sums of products, rounding divisions,
// and printing variables by name.
#pragma once

#include <cstddef>
#include <ostream>
#include <span>
#include <vector>

#include <bt/cp/constraints.hpp>
#include <bt/cp/propagator.hpp>
#include <bt/cp/space.hpp>

namespace bt::cp::detail {

__extension__ typedef __int128 i128;

/// a / b rounded down and up (b != 0).
constexpr i128 floor_div(i128 a, i128 b) {
  const i128 q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr i128 ceil_div(i128 a, i128 b) {
  const i128 q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}
/// v clamped into the value range, as a value.
constexpr value_t clamp(i128 v) {
  if (v < value_min) return value_min - 1;
  if (v > value_max) return value_max + 1;
  return static_cast<value_t>(v);
}

/// "name" of variable x.
inline void put(std::ostream& os, const space& s, int x) { os << s.name(x); }
/// "a, b, c".
inline void put_list(std::ostream& os, const space& s, std::span<const int> xs) {
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (i != 0) os << ", ";
    os << s.name(xs[i]);
  }
}

/// Whether every variable of xs is fixed.
inline bool all_fixed(const space& s, std::span<const int> xs) {
  for (const int x : xs) {
    if (!s.fixed(x)) return false;
  }
  return true;
}

/// Keep only the values of x in `keep` (ascending): bounds first; the values between are
/// removed when x's domain is a bitset or small (an interval domain of many values keeps its
/// bounds only, a weaker but sound filtering).
bool intersect(space& s, int x, std::span<const value_t> keep);

}  // namespace bt::cp::detail
