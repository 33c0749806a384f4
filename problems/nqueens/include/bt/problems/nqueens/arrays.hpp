// SPDX-License-Identifier: MIT
// The O(n) representation of seeds 002 and 003: one flag per column and per diagonal
// (row + col for "/", row - col + n - 1 for "\"), and the queen's column per row.
#pragma once

#include <cassert>
#include <numeric>
#include <span>
#include <vector>

#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Trail discipline: a square is safe when its column and both diagonals are free. O(n)
/// memory: on a free board larger than row_domains tabulates (max_tree_n), the domain 0..n-1
/// shared by every row is its own; with pre-placed queens it needs d.tabulated().
class arrays : public top_down_rows {
 public:
  /// Empty arrays for an n x n board whose row domains come from d.
  explicit arrays(const row_domains& d)
      : top_down_rows(d),
        column_(static_cast<std::size_t>(n_), 0),
        up_(static_cast<std::size_t>(2 * n_ - 1), 0),
        down_(static_cast<std::size_t>(2 * n_ - 1), 0),
        position_(static_cast<std::size_t>(n_), -1) {
    if (!d.tabulated()) {
      assert(d.free());
      all_.resize(static_cast<std::size_t>(n_));
      std::iota(all_.begin(), all_.end(), 0);
    }
  }

  /// The next row's columns: the row domains', or 0..n-1 beyond what they tabulate.
  [[nodiscard]] std::span<const int> candidates() const {
    if (all_.empty()) [[likely]] {
      return d_->columns(row_);
    }
    return all_;
  }
  [[nodiscard]] bool consistent(int col) const {
    return column_[u(col)] == 0 && up_[u(row_ + col)] == 0 && down_[u(row_ - col + n_ - 1)] == 0;
  }
  void assign(int col) {
    set(col, 1);
    position_[u(row_)] = col;
    ++row_;
  }
  void unassign(int col) {
    --row_;
    position_[u(row_)] = -1;
    set(col, 0);
  }

  /// Column of the queen in row r, or -1.
  [[nodiscard]] int position(int r) const { return position_[u(r)]; }

 private:
  static std::size_t u(int i) { return static_cast<std::size_t>(i); }
  void set(int col, char v) {
    column_[u(col)] = v;
    up_[u(row_ + col)] = v;
    down_[u(row_ - col + n_ - 1)] = v;
  }

  std::vector<char> column_, up_, down_;
  std::vector<int> position_;
  std::vector<int> all_;  // 0..n-1 when d does not tabulate the free board's domain
};

}  // namespace bt::problems::nqueens
