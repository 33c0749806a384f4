// SPDX-License-Identifier: MIT
// The work units of N-Queens' own counters (bt/problems/nqueens/units.hpp: the symmetric
// counter's classes split below their fixed rows, or the bitboard counter's subproblems;
// halves_units.hpp: the meet-in-the-middle count's joins and Burnside terms), as unit_sources
// for the runner's units layer (--split, --unit, --checkpoint, merge, btsolve-mpi). Counts are
// exactly those of the threaded counters.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

#include <btsolve/units.hpp>
#include <bt/problems/nqueens/halves_units.hpp>
#include <bt/problems/nqueens/placement.hpp>
#include <bt/problems/nqueens/strategy.hpp>
#include <bt/problems/nqueens/units.hpp>

namespace btsolve {

/// The units of an N-Queens count by strategy symmetry (empty board, total and unique) or
/// bitboard (total, pre-placed queens allowed).
class nqueens_units final : public unit_source {
 public:
  /// The units of d's count; `depth`: rows added below each root (nothing: the threaded
  /// counter's choice). unique: the fundamental solutions are reported (symmetry).
  nqueens_units(const bt::problems::nqueens::row_domains& d, bt::problems::nqueens::strategy s,
                bool unique, std::optional<std::size_t> depth);

  [[nodiscard]] std::size_t size() const override { return units_.size(); }
  [[nodiscard]] std::string params() const override { return params_; }
  [[nodiscard]] nlohmann::ordered_json describe(std::size_t k) const override;
  [[nodiscard]] unit_result count(std::size_t k, bt::shared_limits& limits,
                                  bool want_stats) const override;
  [[nodiscard]] bt::stats top() const override { return units_.start().stats; }
  [[nodiscard]] std::size_t depth(std::size_t k) const override { return units_.columns(k).size(); }

 private:
  bt::problems::nqueens::work_units units_;
  std::string params_;
};

/// The units of the default count of the empty board, strategy halves: the joins, then with
/// unique the two Burnside terms. A unit's tally is its share of 8 x unique (tally_divisor).
class nqueens_halves_units final : public unit_source {
 public:
  /// The units of the n x n board's count; unique: the fundamental solutions are reported.
  /// Throws bt::split_stopped when Ctrl-C comes while the joins are listed.
  nqueens_halves_units(int n, bool unique);

  [[nodiscard]] std::size_t size() const override { return units_.size(); }
  [[nodiscard]] std::string params() const override { return params_; }
  /// A join: {"top": its top half's columns (1-based), "middle": the middle row's column
  /// (odd n) or null, "weight": the solutions each pair stands for}; a Burnside unit:
  /// {"burnside": "quarter turn" or "half turn"}.
  [[nodiscard]] nlohmann::ordered_json describe(std::size_t k) const override;
  [[nodiscard]] unit_result count(std::size_t k, bt::shared_limits& limits,
                                  bool want_stats) const override;
  [[nodiscard]] bt::stats top() const override { return units_.top(); }
  [[nodiscard]] std::size_t depth(std::size_t) const override { return 0; }
  [[nodiscard]] std::uint64_t tally_divisor() const override {
    return bt::problems::nqueens::halves_units::unique_divisor;
  }
  /// A join is no subtree below the top part: its statistics add up as they are.
  void add_unit_stats(bt::stats& total, std::size_t, const bt::stats& unit) const override {
    total += unit;
  }

 private:
  bt::problems::nqueens::halves_units units_;
  std::string params_;
};

}  // namespace btsolve
