// SPDX-License-Identifier: MIT
// Tiny synthetic problems for the engine tests: binary strings of length n, in both
// disciplines, with an optional ban on two adjacent ones; and chains as deep as wanted.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/ranges.hpp>

namespace toy {

/// Trail discipline: strings over {0,1} of length n; no "11" when no_adjacent.
struct strings {
  using value_type = int;
  int n = 3;
  bool no_adjacent = false;
  std::vector<int> s;

  [[nodiscard]] bool complete() const { return static_cast<int>(s.size()) == n; }
  [[nodiscard]] bt::int_range candidates() const { return {0, 2}; }
  [[nodiscard]] bool consistent(int v) const {
    return !(no_adjacent && v == 1 && !s.empty() && s.back() == 1);
  }
  void assign(int v) { s.push_back(v); }
  void unassign(int) { s.pop_back(); }
};

/// Copy discipline: the same strings, as a bit pattern and a length.
struct bits {
  using value_type = int;
  int n = 3;
  int len = 0;
  unsigned pattern = 0;

  [[nodiscard]] bool complete() const { return len == n; }
  [[nodiscard]] bt::int_range candidates() const { return {0, 2}; }
  [[nodiscard]] bits child(int v) const {
    return {n, len + 1, pattern | (static_cast<unsigned>(v) << len)};
  }
  friend bool operator==(const bits&, const bits&) = default;
};

/// Generate and test: strings of length n whose ones number exactly k (node-level test).
struct exactly_k {
  using value_type = int;
  int n = 3;
  int k = 1;
  std::vector<int> s;

  [[nodiscard]] bool complete() const { return static_cast<int>(s.size()) == n; }
  [[nodiscard]] bt::int_range candidates() const { return {0, 2}; }
  [[nodiscard]] bool promising() const {
    int ones = 0;
    for (const int v : s) ones += v;
    return ones <= k && (!complete() || ones == k);
  }
  void assign(int v) { s.push_back(v); }
  void unassign(int) { s.pop_back(); }
};

/// A chain n levels deep: values {0, 1} at every level. Above the last k levels (the stem) 1
/// fails consistent(), so each stem node has one child; the last k levels form a full binary
/// tree whose leaves all fail promising() except the one spelling `target` (k bits, the first
/// of them the highest): one solution, at depth n, after backtracking near the bottom. With
/// `skip_at` >= 0, undoing the value 0 at that depth asks for a backjump (skip_level()).
/// Trail discipline; `path` is reserved up front, so the problem allocates nothing per node.
struct chain {
  using value_type = int;
  std::size_t n = 10;
  std::size_t k = 0;
  std::uint32_t target = 0;
  long skip_at = -1;
  std::vector<int> path;
  std::uint32_t bits = 0;         // the values assigned in the bottom levels
  std::size_t bad_unassigns = 0;  // unassign(v) that did not undo the last assign
  bool skip = false;

  chain(std::size_t n_, std::size_t k_, std::uint32_t target_, long skip_at_ = -1)
      : n(n_), k(k_), target(target_), skip_at(skip_at_) {
    path.reserve(n);
  }
  [[nodiscard]] std::size_t depth() const { return path.size(); }
  [[nodiscard]] bool complete() const { return depth() == n; }
  [[nodiscard]] bt::int_range candidates() const { return {0, 2}; }
  [[nodiscard]] bool consistent(int v) const { return v == 0 || depth() + k >= n; }
  [[nodiscard]] bool promising() const { return !complete() || bits == target; }
  [[nodiscard]] bool skip_level() const { return skip; }
  void assign(int v) {
    if (depth() + k >= n) bits = bits * 2U + static_cast<std::uint32_t>(v);
    path.push_back(v);
    skip = false;
  }
  void unassign(int v) {
    if (path.empty() || path.back() != v) ++bad_unassigns;
    path.pop_back();
    if (depth() + k >= n) bits >>= 1U;
    skip = v == 0 && static_cast<long>(depth()) == skip_at;
  }
  /// Back at the root, as given.
  [[nodiscard]] bool at_root() const { return path.empty() && bits == 0 && bad_unassigns == 0; }
};

/// The same chain in the copy discipline (no backjumps: skip_level() is a trail notion).
struct chain_copy {
  using value_type = int;
  std::uint32_t n = 10;
  std::uint32_t k = 0;
  std::uint32_t target = 0;
  std::uint32_t depth = 0;
  std::uint32_t bits = 0;

  [[nodiscard]] bool complete() const { return depth == n; }
  [[nodiscard]] bt::int_range candidates() const { return {0, 2}; }
  [[nodiscard]] bool consistent(int v) const { return v == 0 || depth + k >= n; }
  [[nodiscard]] bool promising() const { return !complete() || bits == target; }
  [[nodiscard]] chain_copy child(int v) const {
    const std::uint32_t b = depth + k >= n ? bits * 2U + static_cast<std::uint32_t>(v) : bits;
    return {n, k, target, depth + 1, b};
  }
  friend bool operator==(const chain_copy&, const chain_copy&) = default;
};

}  // namespace toy
