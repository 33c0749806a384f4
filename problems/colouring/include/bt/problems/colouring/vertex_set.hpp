// SPDX-License-Identifier: MIT
// vertex_set: a fixed-size bitset of vertices. The clique, bound and reduction algorithms work
// on whole neighbourhoods at once, 64 vertices per instruction.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

namespace bt::problems::colouring {

/// std::popcount, but inline where the target lacks a POPCNT instruction (the x86-64 baseline
/// the project builds for), instead of a call into libgcc on every word.
constexpr int popcount64(std::uint64_t x) {
#if defined(__POPCNT__)
  return std::popcount(x);
#else
  x = x - ((x >> 1U) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2U) & 0x3333333333333333ULL);
  x = (x + (x >> 4U)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56U);
#endif
}

/// A subset of the vertices 0..n-1, one bit each.
class vertex_set {
 public:
  using word = std::uint64_t;
  /// The value first() and next() return when there is no such vertex.
  static constexpr std::size_t npos = static_cast<std::size_t>(-1);

  vertex_set() = default;
  /// The empty subset of 0..n-1.
  explicit vertex_set(std::size_t n) : n_(n), w_((n + 63) / 64, 0) {}

  /// The n the set was made for.
  [[nodiscard]] std::size_t universe() const { return n_; }
  void set(std::size_t v) { w_[v >> 6U] |= bit(v); }
  void reset(std::size_t v) { w_[v >> 6U] &= ~bit(v); }
  [[nodiscard]] bool test(std::size_t v) const { return (w_[v >> 6U] & bit(v)) != 0; }
  /// Every vertex of 0..n-1.
  void fill() {
    for (auto& x : w_) x = ~word{0};
    if ((n_ & 63U) != 0 && !w_.empty()) w_.back() = (word{1} << (n_ & 63U)) - 1U;
  }
  void clear() {
    for (auto& x : w_) x = 0;
  }
  [[nodiscard]] std::size_t count() const {
    std::size_t c = 0;
    for (const word x : w_) c += static_cast<std::size_t>(popcount64(x));
    return c;
  }
  [[nodiscard]] bool none() const {
    for (const word x : w_) {
      if (x != 0) return false;
    }
    return true;
  }
  [[nodiscard]] bool any() const { return !none(); }
  /// The lowest vertex in the set, or npos.
  [[nodiscard]] std::size_t first() const { return scan(0); }
  /// The lowest vertex above v, or npos.
  [[nodiscard]] std::size_t next(std::size_t v) const { return v + 1 >= n_ ? npos : scan(v + 1); }

  vertex_set& operator&=(const vertex_set& o) {
    for (std::size_t i = 0; i < w_.size(); ++i) w_[i] &= o.w_[i];
    return *this;
  }
  vertex_set& operator|=(const vertex_set& o) {
    for (std::size_t i = 0; i < w_.size(); ++i) w_[i] |= o.w_[i];
    return *this;
  }
  /// Remove the vertices of o (set difference).
  vertex_set& subtract(const vertex_set& o) {
    for (std::size_t i = 0; i < w_.size(); ++i) w_[i] &= ~o.w_[i];
    return *this;
  }
  /// Is every vertex of this set in o?
  [[nodiscard]] bool subset_of(const vertex_set& o) const {
    for (std::size_t i = 0; i < w_.size(); ++i) {
      if ((w_[i] & ~o.w_[i]) != 0) return false;
    }
    return true;
  }
  /// |this ∩ o| without building the intersection.
  [[nodiscard]] std::size_t count_common(const vertex_set& o) const {
    std::size_t c = 0;
    for (std::size_t i = 0; i < w_.size(); ++i) {
      c += static_cast<std::size_t>(popcount64(w_[i] & o.w_[i]));
    }
    return c;
  }
  /// Do this and o share a vertex?
  [[nodiscard]] bool intersects(const vertex_set& o) const {
    for (std::size_t i = 0; i < w_.size(); ++i) {
      if ((w_[i] & o.w_[i]) != 0) return true;
    }
    return false;
  }
  /// Call f(v) for each vertex, ascending.
  template <class F>
  void for_each(F f) const {
    for (std::size_t i = 0; i < w_.size(); ++i) {
      for (word x = w_[i]; x != 0; x &= x - 1U) {
        f((i << 6U) + static_cast<std::size_t>(std::countr_zero(x)));
      }
    }
  }
  friend bool operator==(const vertex_set&, const vertex_set&) = default;

 private:
  static word bit(std::size_t v) { return word{1} << (v & 63U); }
  [[nodiscard]] std::size_t scan(std::size_t from) const {
    std::size_t i = from >> 6U;
    if (i >= w_.size()) return npos;
    word x = w_[i] & (~word{0} << (from & 63U));
    while (x == 0) {
      if (++i == w_.size()) return npos;
      x = w_[i];
    }
    return (i << 6U) + static_cast<std::size_t>(std::countr_zero(x));
  }

  std::size_t n_ = 0;
  std::vector<word> w_;
};

}  // namespace bt::problems::colouring
