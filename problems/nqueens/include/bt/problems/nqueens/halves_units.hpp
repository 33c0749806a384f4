// SPDX-License-Identifier: MIT
// The work units of the meet-in-the-middle count (halves.hpp), so that a cluster run (work
// units, checkpoints, merge, MPI ranks) counts with the default counter. Units 0..J-1 are the
// plan's joins, in the plan's order; with unique, units J and J+1 are the two Burnside terms
// (the quarter turn, then the half turn). The fundamental count is no sum of per-unit integers:
// each unit reports a share (a join: its weighted count; a Burnside unit: its term) and
// unique = (sum of all shares) / unique_divisor, which only a finished count can give.
#pragma once

#include <cstddef>
#include <cstdint>

#include <oneapi/tbb/enumerable_thread_specific.h>

#include <bt/parallel.hpp>
#include <bt/stats.hpp>
#include <bt/problems/nqueens/halves.hpp>
#include <bt/problems/nqueens/units.hpp>

namespace bt::problems::nqueens {

/// The units of count_halves: its joins and, with unique, its two Burnside terms. Counted one
/// by one in any order and on any thread, their totals, statistics and shares add up to
/// exactly count_halves' result. Not copyable (it owns the plan's quarter lists).
class halves_units {
 public:
  /// The sum of all units' shares (unit_count::unique) is this times the fundamental count.
  static constexpr std::uint64_t unique_divisor = 8;

  /// The units of the empty n x n board, halves_min_n <= n <= halves_max_n. Listing the
  /// joins asks `stop()` now and then; when it says true the units are incomplete
  /// (complete() is false) and must not be counted.
  template <class Stop>
  halves_units(int n, bool unique, Stop&& stop) : plan_(n, stop), unique_(unique) {}
  halves_units(const halves_units&) = delete;
  halves_units& operator=(const halves_units&) = delete;

  /// True when every join was listed.
  [[nodiscard]] bool complete() const { return plan_.complete(); }
  /// The number of units: the joins, plus the two Burnside terms with unique.
  [[nodiscard]] std::size_t size() const { return plan_.joins() + (unique_ ? 2U : 0U); }
  /// The plan the joins come from (join k of the plan is unit k).
  [[nodiscard]] const halves_plan& plan() const { return plan_; }
  /// 0 when unit k is a join; else the quarter turns (1 or 2) of its Burnside term.
  [[nodiscard]] int turns(std::size_t k) const {
    return k < plan_.joins() ? 0 : static_cast<int>(k - plan_.joins()) + 1;
  }

  /// Count unit k under `limits` (the deadline, Ctrl-C, and the nodes a join made). total:
  /// the solutions of a join (0 for a Burnside unit); unique: the unit's share (see
  /// unique_divisor). Statistics: a join's `nodes` are the halves it made, its `checks` the
  /// pairs it compared and its `solutions` its count; a Burnside unit's are its search's,
  /// with no solutions. Counted when want_stats is false too (they cost nothing). Called
  /// concurrently.
  [[nodiscard]] unit_count count(std::size_t k, shared_limits& limits, bool /*want_stats*/) const {
    unit_count r;
    if (turns(k) != 0) {
      // A few milliseconds even at n = 23 (turn_symmetric.hpp), so it runs without stops.
      r.unique = halves_plan::burnside_term(plan_.n(), turns(k), &r.stats);
      r.done = true;
      return r;
    }
    const auto stop = [&] { return !limits.charge(0); };
    std::uint64_t count = 0;
    std::uint64_t tests = 0;
    halves_plan::scratch& space = scratch_.local();
    r.done = plan_.count_join(k, space, stop, count, tests);
    if (r.done) {
      r.total = count;
      r.unique = count;
      // The halves made are the join's nodes, as count_halves counts them: --node-limit
      // stops the units after this one.
      r.stats.nodes = space.halves;
      (void)limits.charge(space.halves);
    }
    r.stats.checks = tests;
    r.stats.solutions = r.total;
    return r;
  }

  /// The statistics of the plan's quarter searches, done once before any unit; no solutions
  /// (the joins report those).
  [[nodiscard]] bt::stats top() const {
    bt::stats s = plan_.top();
    s.solutions = 0;
    return s;
  }

 private:
  halves_plan plan_;
  bool unique_;
  // A join's halves and pair counter, reused by every join a thread counts.
  mutable oneapi::tbb::enumerable_thread_specific<halves_plan::scratch> scratch_;
};

}  // namespace bt::problems::nqueens
