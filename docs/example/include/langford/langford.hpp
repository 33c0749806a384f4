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

/// The same problem as a binary constraint network, for the engine's CSP strategies
/// (bt/csp/model.hpp): variable k-1 is number k, its value the place of its first copy; two
/// numbers are compatible when their four places differ.
class csp_model {
 public:
  /// Throws std::invalid_argument unless 1 <= n <= 32 (the 2n places fit one 64-value domain).
  explicit csp_model(int n) : n_(n) {
    if (n < 1 || n > 32) throw std::invalid_argument("n must be in 1..32");
    for (int x = 0; x < n; ++x) {
      for (int y = 0; y < n; ++y) {
        if (y != x) others_[static_cast<std::size_t>(x)].push_back(y);
      }
    }
  }
  [[nodiscard]] int variable_count() const { return n_; }
  [[nodiscard]] int value_count() const { return 2 * n_; }
  [[nodiscard]] const std::vector<int>& neighbours(int x) const {
    return others_[static_cast<std::size_t>(x)];
  }
  /// Both copies of number x + 1 inside the row.
  [[nodiscard]] bool in_domain(int x, int a) const { return a + x + 2 < 2 * n_; }
  [[nodiscard]] static bool compatible(int x, int a, int y, int b) {
    const int a2 = a + x + 2;
    const int b2 = b + y + 2;
    return a != b && a != b2 && a2 != b && a2 != b2;
  }
  /// The row of the assignment values[x] = place of number x + 1.
  [[nodiscard]] static std::vector<int> row(std::span<const int> values) {
    std::vector<int> r(2 * values.size(), 0);
    for (std::size_t x = 0; x < values.size(); ++x) {
      const auto at = static_cast<std::size_t>(values[x]);
      r[at] = r[at + x + 2] = static_cast<int>(x) + 1;
    }
    return r;
  }

 private:
  int n_;
  std::vector<std::vector<int>> others_ =
      std::vector<std::vector<int>>(static_cast<std::size_t>(n_));
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
