// SPDX-License-Identifier: MIT
// The MPI executor of btsolve-mpi: rank 0 coordinates (hands out work units on request,
// receives the results, writes the checkpoint) from its main thread while its own threads
// count units too; every other rank asks for units, counts them on its threads and sends the
// results back. Scheduling is dynamic, so ranks of unequal speed finish together.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

#include "units/unit_executor.hpp"

namespace btsolve {

/// Runs unit jobs on the ranks of MPI_COMM_WORLD (MPI must be initialised, with at least
/// MPI_THREAD_FUNNELED: only the main thread calls MPI).
class mpi_executor final : public unit_executor {
 public:
  /// This process's rank and the number of ranks.
  mpi_executor(int rank, int ranks) : rank_(rank), ranks_(ranks) {}
  [[nodiscard]] bool coordinator() const override { return rank_ == 0; }
  [[nodiscard]] bool distributed() const override { return true; }
  bool agree(bool ok, const std::string& params) override;
  bt::stop_reason run(const unit_job& job, bt::shared_limits& limits) override;
  /// Rank 0: the time its main thread spent scheduling (serving requests) and its CPU time.
  [[nodiscard]] std::string overhead() const override;
  /// True between the start and the end of run(): a failure then must abort the whole job.
  [[nodiscard]] bool running() const { return running_; }

 private:
  bt::stop_reason coordinate(const unit_job& job, bt::shared_limits& limits);
  bt::stop_reason work(const unit_job& job, bt::shared_limits& limits);

  int rank_;
  int ranks_;
  bool running_ = false;
  double busy_seconds_ = 0;  // rank 0's main thread: handling messages
  double cpu_seconds_ = 0;   // rank 0's main thread: CPU time, polling included
  double run_seconds_ = 0;   // the whole of run()
  std::size_t requests_ = 0;
  std::size_t remote_units_ = 0;  // units counted by the other ranks
  double remote_seconds_ = 0;     // their time
};

}  // namespace btsolve
