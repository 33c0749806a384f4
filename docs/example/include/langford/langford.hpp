// SPDX-License-Identifier: MIT
// Langford pairs L(2, n): the numbers 1, 1, 2, 2, ..., n, n in a row of 2n places so that the
// two k's have exactly k numbers between them (Knuth, TAOCP 7.2.2). The example problem of
// docs/adding-a-problem.md: a bt::problem in the trail discipline, with its verifier.
#pragma once

#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <bt/ranges.hpp>

namespace langford {

/// The order the numbers are placed in: the largest first has the fewest places left, so it
/// fails sooner; both find the same arrangements.
enum class order { largest_first, smallest_first };

/// A row of places: 0 is empty, k is a number. Variables are the numbers, the value of number
/// k is the place (0-based) of its first copy; the second copy goes k + 1 places further.
class problem {
 public:
  using value_type = int;  ///< the place of the first copy of the next number
  static constexpr int max_n = 32;

  /// Throws std::invalid_argument unless 1 <= n <= max_n.
  explicit problem(int n, order o = order::largest_first)
      : n_(n), order_(o), row_(n < 1 || n > max_n ? 0U : 2U * static_cast<unsigned>(n), 0) {
    if (n < 1 || n > max_n) {
      throw std::invalid_argument("n must be in 1.." + std::to_string(max_n));
    }
  }

  /// Every number placed.
  [[nodiscard]] bool complete() const { return placed_ == n_; }
  /// The places the first copy of the next number may take: both copies inside the row.
  [[nodiscard]] bt::int_range candidates() const { return {0, 2 * n_ - next() - 1}; }
  /// Both places free.
  [[nodiscard]] bool consistent(int p) const { return at(p) == 0 && at(p + next() + 1) == 0; }
  /// Place both copies of the next number.
  void assign(int p) {
    const int k = next();
    at(p) = k;
    at(p + k + 1) = k;
    ++placed_;
  }
  /// Take back the copies the matching assign(p) placed.
  void unassign(int p) {
    --placed_;
    const int k = next();
    at(p) = 0;
    at(p + k + 1) = 0;
  }

  /// The number placed next (valid when not complete()).
  [[nodiscard]] int next() const {
    return order_ == order::largest_first ? n_ - placed_ : placed_ + 1;
  }
  /// The row: 0 for an empty place.
  [[nodiscard]] const std::vector<int>& row() const { return row_; }
  [[nodiscard]] int n() const { return n_; }

 private:
  [[nodiscard]] int at(int p) const { return row_[static_cast<std::size_t>(p)]; }
  int& at(int p) { return row_[static_cast<std::size_t>(p)]; }

  int n_;
  order order_;
  int placed_ = 0;
  std::vector<int> row_;
};

/// True when row is a Langford arrangement of 1..n: each k twice, k numbers apart.
inline bool is_langford(std::span<const int> row, int n) {
  if (row.size() != 2 * static_cast<std::size_t>(n)) return false;
  std::vector<int> first(static_cast<std::size_t>(n) + 1, -1);
  std::vector<int> seen(static_cast<std::size_t>(n) + 1, 0);
  for (std::size_t i = 0; i < row.size(); ++i) {
    const int k = row[i];
    if (k < 1 || k > n) return false;
    const auto ks = static_cast<std::size_t>(k);
    if (++seen[ks] == 1) {
      first[ks] = static_cast<int>(i);
    } else if (seen[ks] > 2 || static_cast<int>(i) - first[ks] != k + 1) {
      return false;
    }
  }
  return true;
}

}  // namespace langford
