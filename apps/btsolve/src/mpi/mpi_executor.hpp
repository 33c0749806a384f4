// SPDX-License-Identifier: MIT
// The MPI executor of btsolve-mpi: rank 0 coordinates (hands out work units on request,
// receives the results, writes the checkpoint) from its main thread while its own threads
// count units too; every other rank asks for units, counts them on its threads and sends the
// results back. Scheduling is dynamic, so ranks of unequal speed finish together.
//
// A job always ends (docs/cluster.md, "When a rank fails"): beside the count, every rank runs a
// control thread that sends a heartbeat each second and hears the others'. A rank that leaves
// the count (a bad input, an interrupt, an I/O error) says so; rank 0 then stops every rank and
// ends the job with one line and a non-zero exit; a rank that says nothing for the timeout
// (BTSOLVE_MPI_TIMEOUT seconds, default 60) is declared lost and the job is aborted
// (MPI_Abort). No wait of any rank is without an end.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "units/unit_executor.hpp"

namespace btsolve {

/// The runner's name in the lines the MPI layer prints itself ("btsolve-mpi: error: ...").
void set_mpi_program(const std::string& name);

/// Runs unit jobs on the ranks of MPI_COMM_WORLD (MPI must be initialised with
/// MPI_THREAD_MULTIPLE: the control thread calls MPI beside the main thread).
class mpi_executor final : public unit_executor {
 public:
  /// This process's rank and the number of ranks.
  mpi_executor(int rank, int ranks);
  ~mpi_executor() override;
  mpi_executor(const mpi_executor&) = delete;
  mpi_executor& operator=(const mpi_executor&) = delete;

  [[nodiscard]] bool coordinator() const override { return rank_ == 0; }
  [[nodiscard]] bool distributed() const override { return true; }
  bool agree(bool ok, const std::string& params) override;
  bt::stop_reason run(const unit_job& job, bt::shared_limits& limits) override;
  /// Rank 0: the time its main thread spent scheduling (serving requests) and its CPU time.
  [[nodiscard]] std::string overhead() const override;

  /// Start the control thread (call once, right after MPI is initialised).
  void start();
  /// Rank 0: the failure another rank reported or a lost rank, as {exit code, one line}, if any
  /// came before the count ended.
  [[nodiscard]] std::optional<std::pair<int, std::string>> remote_failure() const;
  /// End this rank's part of the job and return the exit code every rank exits with. Rank 0:
  /// tell every other rank `code` and wait (at most the timeout) for their answer. Another
  /// rank: tell rank 0 how this rank's run ended (`code`, `error`: its one line) unless it
  /// counted to the end or was told to end, then wait for rank 0's code. Stops the control
  /// thread. Returns nothing when MPI_Finalize would wait for a lost rank: abort the job then.
  [[nodiscard]] std::optional<int> finish(int code, const std::string& error);

 private:
  using clock = std::chrono::steady_clock;
  bt::stop_reason coordinate(const unit_job& job, bt::shared_limits& limits);
  bt::stop_reason work(const unit_job& job, bt::shared_limits& limits);
  void control();
  void heard(int from);
  void fail(int code, const std::string& line, bool lost = false);
  [[nodiscard]] bool gone(int w) const;

  int rank_;
  int ranks_;
  std::chrono::milliseconds timeout_;
  std::chrono::milliseconds beat_;

  // The control thread and what it shares with the main thread.
  std::thread control_;
  std::atomic<bool> stopping_{false};
  mutable std::mutex state_;
  std::vector<clock::time_point> last_heard_;  // per rank (rank 0: the workers; else: rank 0)
  std::vector<char> gone_;                     // rank 0: left the count, or lost
  std::vector<char> answered_;                 // rank 0: answered the end
  std::optional<std::pair<int, std::string>> failure_;  // rank 0: the first failure reported
  bool lost_ = false;                       // a rank stopped answering: abort at the end
  std::atomic<bool> counting_done_{false};  // rank 0: run() returned; later failures late
  std::atomic<bool> ended_{false};          // worker: rank 0 ended the job
  std::atomic<int> end_code_{0};
  std::atomic<bool> final_sent_{false};  // worker: its results reached rank 0
  std::atomic<bool> stop_told_{false};   // worker: rank 0 knows it was interrupted

  double busy_seconds_ = 0;  // rank 0's main thread: handling messages
  double cpu_seconds_ = 0;   // rank 0's main thread: CPU time, polling included
  double run_seconds_ = 0;   // the whole of run()
  std::size_t requests_ = 0;
  std::size_t remote_units_ = 0;  // units counted by the other ranks
  double remote_seconds_ = 0;     // their time
};

}  // namespace btsolve
