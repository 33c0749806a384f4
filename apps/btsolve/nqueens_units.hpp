// SPDX-License-Identifier: MIT
// The N-Queens count by work units (bt/problems/nqueens/units.hpp) on the command line:
// --split lists the units, --unit counts some of them (a batch job's share, merged later by
// `btsolve merge`), --checkpoint makes a whole count resumable, and btsolve-mpi spreads the
// units over MPI ranks. Counts are exactly those of the threaded counter.
#pragma once

#include <atomic>
#include <cstddef>
#include <iosfwd>
#include <optional>

#include <bt/parallel.hpp>
#include <bt/problems/nqueens/count.hpp>
#include <bt/problems/nqueens/placement.hpp>
#include <bt/problems/nqueens/strategy.hpp>

#include "plugin.hpp"

namespace btsolve {

/// Add --split, --unit and --checkpoint to the nqueens options.
void add_unit_options(po::options_description& desc);

/// What a count needs to be run by units.
struct unit_count_request {
  const bt::problems::nqueens::row_domains& domains;  ///< the board and pre-placed queens
  bt::problems::nqueens::strategy strategy;           ///< symmetry or bitboard
  bool unique = false;                                ///< --unique
  int threads = 0;                                    ///< --threads (0: all cores)
};

/// --split without --unit: print the units, one JSON line each; --unit K or A..B: count those
/// units and print one JSON result line each. Returns the exit code, or nothing when vm asks
/// for neither. Throws usage_error for bad values or options that do not go together.
std::optional<int> run_unit_mode(const po::variables_map& vm, const unit_count_request& q,
                                 const run_options& o, std::ostream& out, std::ostream& err);

/// True when the count must go by units: --checkpoint, or a distributed executor.
bool counts_by_units(const po::variables_map& vm);

/// The whole count, by units, on the active executor, resuming from and recording to
/// --checkpoint. `units` and `done` receive progress. Counts and statistics (when
/// want_stats) are the threaded counter's. Notes on resuming go to err.
struct unit_count_outcome {
  bt::problems::nqueens::count_result result;  ///< as count_symmetric / count_parallel
  bt::stop_reason reason = bt::stop_reason::none;  ///< why it stopped, or none
};
unit_count_outcome count_by_units(const po::variables_map& vm, const unit_count_request& q,
                                  bool want_stats, bt::shared_limits& limits,
                                  std::atomic<std::size_t>& units, std::atomic<std::size_t>& done,
                                  std::ostream& err);

}  // namespace btsolve
