// SPDX-License-Identifier: MIT
// A progress line on stderr for long runs split into units (subproblems): units done, rate,
// ETA. Shown only when stderr is a terminal and the run has lasted a second.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstddef>
#include <mutex>
#include <thread>

namespace btsolve {

/// Watches two counters from its own thread while a run goes on; stop() (or the destructor)
/// ends it and clears the line.
class progress_bar {
 public:
  /// Watch `units` (total, set when known) and `done`; both must outlive this object.
  progress_bar(const std::atomic<std::size_t>& units, const std::atomic<std::size_t>& done);
  progress_bar(const progress_bar&) = delete;
  progress_bar& operator=(const progress_bar&) = delete;
  ~progress_bar();
  /// End the display (idempotent).
  void stop();

 private:
  void run();

  const std::atomic<std::size_t>& units_;
  const std::atomic<std::size_t>& done_;
  std::mutex m_;
  std::condition_variable cv_;
  bool stopping_ = false;
  bool drawn_ = false;
  std::thread thread_;
};

}  // namespace btsolve
