// SPDX-License-Identifier: MIT
// The 8 symmetries of the square (dihedral group D4) acting on a solution written as one
// 0-based column per row; a fundamental solution is the least of its class.
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <vector>

namespace bt::problems::nqueens {

/// The 8 images of cols under rotations and reflections; index 0 is cols itself.
inline std::array<std::vector<int>, 8> symmetries(const std::vector<int>& cols) {
  const std::size_t n = cols.size();
  const int last = static_cast<int>(n) - 1;
  std::array<std::vector<int>, 8> out;
  for (auto& v : out) {
    v.assign(n, 0);
  }
  for (std::size_t r = 0; r < n; ++r) {
    const int c = cols[r];
    const int ri = static_cast<int>(r);
    const auto uc = static_cast<std::size_t>(c);
    const auto mc = static_cast<std::size_t>(last - c);
    const auto mr = n - 1 - r;
    out[0][r] = c;           // identity
    out[1][uc] = last - ri;  // rotate 90: (r, c) -> (c, n-1-r)
    out[2][mr] = last - c;   // rotate 180
    out[3][mc] = ri;         // rotate 270: (r, c) -> (n-1-c, r)
    out[4][r] = last - c;    // mirror left-right
    out[5][mr] = c;          // mirror top-bottom
    out[6][uc] = ri;         // transpose (main diagonal)
    out[7][mc] = last - ri;  // anti-transpose
  }
  return out;
}

/// True when cols is the lexicographically least of its 8 images: exactly one solution of each
/// class passes, so counting those counts the fundamental solutions (OEIS A002562).
inline bool is_canonical(const std::vector<int>& cols) {
  const auto images = symmetries(cols);
  return std::all_of(images.begin() + 1, images.end(),
                     [&](const std::vector<int>& v) { return !(v < cols); });
}

/// The number of distinct images of cols (1, 2, 4 or 8 for a solution).
inline int orbit_size(const std::vector<int>& cols) {
  auto images = symmetries(cols);
  std::sort(images.begin(), images.end());
  return static_cast<int>(std::unique(images.begin(), images.end()) - images.begin());
}

}  // namespace bt::problems::nqueens
