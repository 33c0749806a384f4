// SPDX-License-Identifier: MIT
// Tiny synthetic problems for the engine tests: binary strings of length n, in both
// disciplines, with an optional ban on two adjacent ones.
#pragma once

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

}  // namespace toy
