// SPDX-License-Identifier: MIT
// Who counts the work units of a long count: the threads of this process (the default), or
// the ranks of an MPI job (btsolve-mpi). The runner picks one executor per process before a
// plugin runs; a plugin hands it the units still to count and gets each finished unit back
// in the coordinating process. Per-unit calls only: nothing here is in the search loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <mutex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <bt/limits.hpp>
#include <bt/parallel.hpp>
#include <bt/stats.hpp>
#include <btsolve/units.hpp>

namespace btsolve {

/// A unit result as one JSON object (keys total, tally, done, stats).
nlohmann::json to_json(const unit_result& r);
/// The inverse of to_json; throws std::exception (nlohmann's) when a key is missing or wrong.
unit_result unit_result_from_json(const nlohmann::json& j);

/// The units a count hands to an executor, and how to count one.
struct unit_job {
  std::vector<std::size_t> pending;  ///< units to count, ascending (finished ones left out)
  int threads = 0;                   ///< threads per process (0: all cores)
  /// Count unit k; called concurrently from several threads.
  std::function<unit_result(std::size_t k)> count;
  /// Unit k is back (done or stopped); called one at a time, in the coordinating process only.
  std::function<void(std::size_t k, const unit_result&)> finished;
};

/// Runs a unit_job: counts the pending units, somewhere, until all are back or a limit stops.
class unit_executor {
 public:
  virtual ~unit_executor() = default;
  /// True in the process that receives the results and prints them (MPI rank 0).
  [[nodiscard]] virtual bool coordinator() const = 0;
  /// True when units may go to other processes (only counting by units is possible then).
  [[nodiscard]] virtual bool distributed() const = 0;
  /// Every process learns the coordinator's verdict `ok` (e.g. that its checkpoint was
  /// accepted) before run(); returns it. `params` are this process's bound parameters of the
  /// count (binding.hpp): a process whose count is not the coordinator's (another input's
  /// content, another version) throws usage_error naming what differs.
  virtual bool agree(bool ok, const std::string& params) = 0;
  /// Count job's units under `limits`; returns the first stop reason of any process (none
  /// when every handed-out unit finished). Workers return once the coordinator says so.
  virtual bt::stop_reason run(const unit_job& job, bt::shared_limits& limits) = 0;
  /// A line about the coordination's own cost (empty when there is none), for --stats.
  [[nodiscard]] virtual std::string overhead() const { return {}; }
};

/// The executor a run counts its units on: `given` (btsolve-mpi's, through run_args), or this
/// process's threads.
unit_executor& executor_or_threads(unit_executor* given);

/// Counts on this process's threads, taking units in order from a shared cursor.
class thread_executor final : public unit_executor {
 public:
  [[nodiscard]] bool coordinator() const override { return true; }
  [[nodiscard]] bool distributed() const override { return false; }
  bool agree(bool ok, const std::string&) override { return ok; }
  bt::stop_reason run(const unit_job& job, bt::shared_limits& limits) override;
};

/// Count job.pending[i] for the i that `next()` hands out (i >= size: none left) on `threads`
/// threads; finished(k, r) is called holding `lock`. Shared by the executors: the MPI
/// coordinator counts on its own threads with it while its main thread serves the workers.
void count_locally(const unit_job& job, bt::shared_limits& limits,
                   const std::function<std::size_t()>& next, std::mutex& lock);

}  // namespace btsolve
