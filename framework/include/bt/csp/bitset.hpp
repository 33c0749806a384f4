// SPDX-License-Identifier: MIT
// bt::csp::domain<W>: a variable's domain as a fixed-size bitset of W 64-bit words, so a
// copy is a register (W = 1: N-Queens up to 64, colouring, Sudoku) or a few of them, and the
// trail saves a whole domain in one store. No allocation, no virtual call.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>

namespace bt::csp {

/// The value of a bit position when the bits are the values themselves (bit_iterator's map).
struct unmapped {
  /// Position b is value b.
  constexpr int operator[](int b) const { return b; }
};

/// Walks the set bits of W words, lowest first, yielding map[position]; holds its own copy
/// of the words, so their source may change meanwhile. With one word it is that word and
/// map: the engine keeps the iterator across the recursive call, where every register counts.
template <int W, class Map>
struct bit_iterator {
  using value_type = int;                                         ///< what * yields
  using difference_type = std::ptrdiff_t;                         ///< for std::input_iterator
  std::array<std::uint64_t, static_cast<std::size_t>(W)> rest{};  ///< the bits not walked yet
  [[no_unique_address]] Map map{};                                ///< the value at each position
  int word = 0;  ///< the word being walked (several words only)

  /// Move to the first word with a bit left (several words only).
  constexpr void skip() {
    if constexpr (W > 1) {
      while (word < W && rest[static_cast<std::size_t>(word)] == 0) ++word;
    }
  }
  constexpr int operator*() const {
    if constexpr (W == 1) {
      return map[std::countr_zero(rest[0])];
    } else {
      return map[64 * word + std::countr_zero(rest[static_cast<std::size_t>(word)])];
    }
  }
  constexpr bit_iterator& operator++() {
    if constexpr (W == 1) {
      rest[0] &= rest[0] - 1U;
    } else {
      auto& r = rest[static_cast<std::size_t>(word)];
      r &= r - 1U;
      if (r == 0) {
        ++word;
        skip();
      }
    }
    return *this;
  }
  constexpr bit_iterator operator++(int) {
    bit_iterator t = *this;
    ++*this;
    return t;
  }
  constexpr bool operator==(std::default_sentinel_t) const {
    if constexpr (W == 1) {
      return rest[0] == 0;
    } else {
      return word >= W;
    }
  }
};

/// The values 0 .. 64*W-1 a variable may still take; value a is bit a.
template <int W>
struct domain {
  static_assert(W >= 1);
  static constexpr int capacity = 64 * W;  ///< the largest value count a domain can hold
  std::array<std::uint64_t, static_cast<std::size_t>(W)>
      w{};  ///< the words, value a in word a / 64

  /// The domain {0, ..., count-1}.
  static constexpr domain first(int count) {
    domain d;
    for (int i = 0; i < W; ++i) {
      const int lo = 64 * i;
      const int k = count - lo;
      d.w[static_cast<std::size_t>(i)] = k >= 64 ? ~std::uint64_t{0}
                                         : k > 0 ? (std::uint64_t{1} << k) - 1U
                                                 : 0U;
    }
    return d;
  }
  /// The domain {a}.
  static constexpr domain single(int a) {
    domain d;
    d.set(a);
    return d;
  }
  [[nodiscard]] constexpr bool test(int a) const { return ((w[word(a)] >> bit(a)) & 1U) != 0; }
  constexpr void set(int a) { w[word(a)] |= std::uint64_t{1} << bit(a); }
  constexpr void reset(int a) { w[word(a)] &= ~(std::uint64_t{1} << bit(a)); }
  /// Number of values.
  [[nodiscard]] constexpr int count() const {
    int c = 0;
    for (const auto x : w) c += std::popcount(x);
    return c;
  }
  /// count() in a few inline instructions: where the CPU's popcount instruction is not assumed
  /// (the default build), std::popcount is a call into libgcc, and the inference counters
  /// (solver.hpp) count a domain at every revision.
  [[nodiscard]] constexpr int tally() const {
    std::uint64_t c = 0;
    for (std::uint64_t x : w) {
      x -= (x >> 1U) & 0x5555555555555555U;
      x = (x & 0x3333333333333333U) + ((x >> 2U) & 0x3333333333333333U);
      x = (x + (x >> 4U)) & 0x0f0f0f0f0f0f0f0fU;
      c += (x * 0x0101010101010101U) >> 56U;
    }
    return static_cast<int>(c);
  }
  [[nodiscard]] constexpr bool empty() const {
    std::uint64_t o = 0;
    for (const auto x : w) o |= x;
    return o == 0;
  }
  /// Exactly one value?
  [[nodiscard]] constexpr bool singleton() const {
    if constexpr (W == 1) {
      return w[0] != 0 && (w[0] & (w[0] - 1U)) == 0;
    } else {
      return count() == 1;
    }
  }
  /// The lowest value, or -1 when empty.
  [[nodiscard]] constexpr int lowest() const {
    for (int i = 0; i < W; ++i) {
      if (w[static_cast<std::size_t>(i)] != 0) {
        return 64 * i + std::countr_zero(w[static_cast<std::size_t>(i)]);
      }
    }
    return -1;
  }
  /// The highest value, or -1 when empty.
  [[nodiscard]] constexpr int highest() const {
    for (int i = W - 1; i >= 0; --i) {
      if (w[static_cast<std::size_t>(i)] != 0) {
        return 64 * i + 63 - std::countl_zero(w[static_cast<std::size_t>(i)]);
      }
    }
    return -1;
  }
  /// Any value in common with o?
  [[nodiscard]] constexpr bool intersects(const domain& o) const {
    std::uint64_t r = 0;
    for (std::size_t i = 0; i < W; ++i) r |= w[i] & o.w[i];
    return r != 0;
  }
  /// Any value of this domain outside o?
  [[nodiscard]] constexpr bool exceeds(const domain& o) const {
    std::uint64_t r = 0;
    for (std::size_t i = 0; i < W; ++i) r |= w[i] & ~o.w[i];
    return r != 0;
  }
  constexpr domain& operator&=(const domain& o) {
    for (std::size_t i = 0; i < W; ++i) w[i] &= o.w[i];
    return *this;
  }
  constexpr domain& operator|=(const domain& o) {
    for (std::size_t i = 0; i < W; ++i) w[i] |= o.w[i];
    return *this;
  }
  /// Remove the values of o.
  constexpr domain& remove(const domain& o) {
    for (std::size_t i = 0; i < W; ++i) w[i] &= ~o.w[i];
    return *this;
  }
  friend constexpr domain operator&(domain a, const domain& b) { return a &= b; }
  friend constexpr domain operator|(domain a, const domain& b) { return a |= b; }
  friend constexpr bool operator==(const domain&, const domain&) = default;

  /// Walks the values, lowest first; holds its own copy, so the domain may change meanwhile.
  using iterator = bit_iterator<W, unmapped>;
  [[nodiscard]] constexpr iterator begin() const {
    iterator it{w, {}, 0};
    it.skip();
    return it;
  }
  [[nodiscard]] constexpr std::default_sentinel_t end() const { return {}; }

 private:
  static constexpr std::size_t word(int a) { return static_cast<std::size_t>(a >> 6); }
  static constexpr unsigned bit(int a) { return static_cast<unsigned>(a & 63); }
};

/// The number of words needed for `values` values.
constexpr int words_for(int values) { return values <= 64 ? 1 : (values + 63) / 64; }

}  // namespace bt::csp
