// SPDX-License-Identifier: MIT
// N-Queens as a binary CSP for the engine's strategies (bt/csp): rows are the variables,
// columns the values; every two rows constrain each other (no shared column or diagonal).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

#include <bt/csp/bitset.hpp>
#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// The CSP model of an n x n board with its pre-placed queens (row_domains), n <= 64.
class csp_model {
 public:
  static constexpr int max_n = 64;  ///< one word per domain

  /// Throws invalid_input when d.n() > max_n.
  explicit csp_model(const row_domains& d) : n_(d.n()) {
    if (n_ > max_n) {
      throw invalid_input("the CSP strategies support n up to 64, not " + std::to_string(n_));
    }
    rows_.resize(static_cast<std::size_t>(n_));
    masks_.resize(static_cast<std::size_t>(n_));
    for (int r = 0; r < n_; ++r) {
      for (int s = 0; s < n_; ++s) {
        if (s != r) rows_[static_cast<std::size_t>(r)].push_back(s);
      }
      masks_[static_cast<std::size_t>(r)] = d.mask(r);
    }
  }

  [[nodiscard]] int variable_count() const { return n_; }
  [[nodiscard]] int value_count() const { return n_; }
  /// Every other row.
  [[nodiscard]] const std::vector<int>& neighbours(int r) const {
    return rows_[static_cast<std::size_t>(r)];
  }
  /// Queens (r, a) and (s, b) share no column and no diagonal.
  [[nodiscard]] bool compatible(int r, int a, int s, int b) const {
    return a != b && std::abs(a - b) != std::abs(r - s);
  }
  /// The columns of row s that a queen at (r, a) attacks: its column and two diagonals.
  [[nodiscard]] csp::domain<1> conflicts(int r, int a, int s) const {
    const int d = std::abs(r - s);
    std::uint64_t m = std::uint64_t{1} << a;
    if (a + d < n_) m |= std::uint64_t{1} << (a + d);
    if (a - d >= 0) m |= std::uint64_t{1} << (a - d);
    return csp::domain<1>{{m}};
  }
  /// Pre-placed queens fix their row and rule out what they attack above them.
  [[nodiscard]] bool in_domain(int r, int a) const {
    return ((masks_[static_cast<std::size_t>(r)] >> a) & 1U) != 0;
  }
  void name_variable(std::ostream& os, int r) const { os << 'Q' << r + 1; }
  /// "Q4=2", as the textbook strategies label a queen (trace.hpp).
  void label_assignment(std::ostream& os, int r, int a) const {
    os << 'Q' << r + 1 << '=' << a + 1;
  }
  void name_assignment(std::ostream& os, int r, int a) const {
    os << 'Q' << r + 1 << " at column " << a + 1;
  }
  /// "column with Q1" or "diagonal with Q1".
  void explain_conflict(std::ostream& os, int, int a, int s, int b) const {
    os << (a == b ? "column" : "diagonal") << " with Q" << s + 1;
  }

 private:
  int n_;
  std::vector<std::vector<int>> rows_;
  std::vector<std::uint64_t> masks_;
};

}  // namespace bt::problems::nqueens
