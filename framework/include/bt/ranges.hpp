// SPDX-License-Identifier: MIT
// Tiny domain types for candidates(): integer intervals and the set bits of a mask.
// They model std::ranges::input_range without std::views (Clang 14 cannot compile
// libstdc++ 12's <ranges> views).
#pragma once

#include <bit>
#include <concepts>
#include <cstddef>
#include <iterator>
#include <ranges>

namespace bt {

/// The integers lo, lo+1, ..., hi-1, ascending.
struct int_range {
  int lo = 0;  ///< first value
  int hi = 0;  ///< one past the last value

  struct iterator {
    using value_type = int;
    using difference_type = std::ptrdiff_t;
    int i = 0;
    int operator*() const { return i; }
    iterator& operator++() {
      ++i;
      return *this;
    }
    iterator operator++(int) {
      iterator t = *this;
      ++i;
      return t;
    }
    friend bool operator==(const iterator&, const iterator&) = default;
  };
  [[nodiscard]] iterator begin() const { return {lo}; }
  [[nodiscard]] iterator end() const { return {hi < lo ? lo : hi}; }
  [[nodiscard]] std::size_t size() const { return hi > lo ? static_cast<std::size_t>(hi - lo) : 0; }
};

/// The set bits of a mask, lowest first, each as a one-bit mask.
template <std::unsigned_integral Mask>
struct bit_range {
  Mask bits = 0;  ///< the set to walk

  struct iterator {
    using value_type = Mask;
    using difference_type = std::ptrdiff_t;
    Mask rest = 0;
    // rest & -rest isolates the lowest set bit (two's complement).
    Mask operator*() const { return static_cast<Mask>(rest & (~rest + 1U)); }
    iterator& operator++() {
      rest = static_cast<Mask>(rest & (rest - 1U));  // clear the lowest set bit
      return *this;
    }
    iterator operator++(int) {
      iterator t = *this;
      ++*this;
      return t;
    }
    bool operator==(std::default_sentinel_t) const { return rest == 0; }
  };
  [[nodiscard]] iterator begin() const { return {bits}; }
  [[nodiscard]] std::default_sentinel_t end() const { return {}; }
};

}  // namespace bt

// Both are a few words that their iterators copy: an iterator outlives its range, so the
// engine need not keep the range (engine.hpp, keeps_range).
template <>
inline constexpr bool std::ranges::enable_borrowed_range<bt::int_range> = true;
template <std::unsigned_integral Mask>
inline constexpr bool std::ranges::enable_borrowed_range<bt::bit_range<Mask>> = true;
