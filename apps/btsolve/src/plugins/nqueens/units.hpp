// SPDX-License-Identifier: MIT
// The work units of N-Queens' own counters (bt/problems/nqueens/units.hpp: the symmetric
// counter's classes split below their fixed rows, or the bitboard counter's subproblems), as a
// unit_source for the runner's units layer (--split, --unit, --checkpoint, merge,
// btsolve-mpi). Counts are exactly those of the threaded counters.
#pragma once

#include <cstddef>
#include <optional>
#include <string>

#include <btsolve/units.hpp>
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

}  // namespace btsolve
