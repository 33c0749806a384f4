// SPDX-License-Identifier: MIT
// The chromatic number as a set cover: the fewest maximal independent sets that cover every
// vertex (Mehrotra and Trick's formulation, here over all of them when they are few). The linear
// relaxation's value is the fractional chromatic number; its bound is certified in integers, the
// integer program is solved by GLPK's branch and cut (cover.cpp keeps GLPK out of the headers).
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <span>
#include <vector>

#include <bt/problems/colouring/vertex_set.hpp>

namespace bt::problems::colouring {

/// The integer weight of a dual value 1 (2^32): duals become integers scaled by it and rounded
/// down, so sums of up to 2^31 weights fit 64 bits and a bound drawn from them is exact.
inline constexpr std::uint64_t unit_weight = std::uint64_t{1} << 32U;

/// Each vertex's dual, clamped to [0, 1], as an integer weight (rounded down: never above the
/// dual); returns their sum.
std::uint64_t integer_weights(std::span<const double> duals, std::vector<std::uint64_t>& weights);

/// The colours (covering columns) needed when the vertices weigh `total` in all and no
/// independent set (column) weighs more than `heaviest`: ceil(total / heaviest), 0 when
/// heaviest is 0. This is how a dual solution proves a lower bound.
inline int columns_needed(std::uint64_t total, std::uint64_t heaviest) {
  return heaviest == 0 ? 0 : static_cast<int>((total + heaviest - 1) / heaviest);
}

/// How minimum_cover ended.
enum class cover_status {
  found,       ///< `chosen` is a minimum cover, smaller than `below`
  none_below,  ///< no cover has fewer than `below` columns
  stopped,     ///< stop() said so first; `lower` still holds
};

/// What minimum_cover proved.
struct cover_result {
  cover_status status = cover_status::stopped;
  std::vector<std::size_t> chosen;  ///< indices of the columns of a minimum cover (found)
  int lower = 0;                    ///< proven: every cover has at least `lower` columns
  double relaxation = 0;    ///< the linear relaxation's optimum (the fractional chromatic number)
  std::uint64_t nodes = 0;  ///< branch-and-bound nodes GLPK took
};

/// The fewest `columns` (subsets of 0..n-1) whose union is 0..n-1, when fewer than `below` do;
/// every vertex must be in some column. `lower` is the relaxation's bound rounded up, checked
/// with integer weights against every column (a rounding error can only weaken it), raised to
/// the branch and bound's own bound when stopped. stop() is asked at each step of the branch
/// and bound. Throws std::invalid_argument when a vertex is in no column.
cover_result minimum_cover(std::size_t n, std::span<const vertex_set> columns, int below,
                           const std::function<bool()>& stop);

/// The set cover's linear relaxation over columns added one at a time (column generation):
/// minimise the columns' total weight, each vertex covered at least once.
class cover_relaxation {
 public:
  /// No columns yet, over the vertices 0..n-1.
  explicit cover_relaxation(std::size_t n);
  ~cover_relaxation();
  cover_relaxation(const cover_relaxation&) = delete;
  cover_relaxation& operator=(const cover_relaxation&) = delete;

  /// Add a column (a subset of 0..n-1).
  void add(const vertex_set& column);
  /// The optimum over the columns so far (the simplex starts from the last basis). Throws
  /// std::runtime_error when a vertex is in no column.
  double solve();
  /// Each vertex's dual value in the last solve().
  [[nodiscard]] std::vector<double> duals() const;
  /// Columns added.
  [[nodiscard]] std::size_t columns() const;

 private:
  struct impl;
  std::unique_ptr<impl> impl_;
};

}  // namespace bt::problems::colouring
