// SPDX-License-Identifier: MIT
// --output FILE: what a run prints on stdout goes to FILE instead, checked and whole. Under
// mpirun, stdout is a pipe to Open MPI's forwarding, which drops a failed write and still exits
// 0 (`mpirun ... btsolve-mpi ... > /dev/full`): the rank that prints cannot see the failure, so
// a result that must not be lost is written by that rank to a file.
#pragma once

#include <fstream>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

namespace btsolve {

/// Held while a file that may be a FIFO is opened for writing: a FIFO without a reader would
/// block open() where no signal ends the wait (signals restart it), so this waits for a
/// reader in short polls and keeps a write end open until the stream has its own (closing it
/// first would show the reader an end of file).
class reader_wait {
 public:
  /// Nothing for a path that is no FIFO; else wait for a reader. Throws input_interrupted
  /// ("interrupted while waiting for a reader of PATH") at Ctrl-C, SIGTERM or SIGHUP.
  explicit reader_wait(const std::string& path);
  ~reader_wait();
  reader_wait(const reader_wait&) = delete;
  reader_wait& operator=(const reader_wait&) = delete;

 private:
  int fd_ = -1;
};

/// Takes `--output FILE` (or `--output=FILE`) out of args and returns FILE, if given. Throws
/// usage_error when FILE is missing or empty, or the option is given twice.
std::optional<std::string> take_output_option(std::vector<std::string>& args);

/// The output of one run, written to FILE.tmp.PID beside FILE and renamed over FILE once
/// whole and on disk: FILE holds a complete result (also the partial one of a stopped run) or
/// its previous content, never half of one. A FILE that exists and is no regular file (a
/// device, a FIFO) is written in place.
class output_file {
 public:
  /// Create the temporary file; throws usage_error naming FILE when it cannot.
  explicit output_file(std::string path);
  output_file(const output_file&) = delete;
  output_file& operator=(const output_file&) = delete;
  /// Removes the temporary file unless committed.
  ~output_file();

  /// Where the run writes.
  std::ostream& stream() { return out_; }
  /// Flush, sync to disk and rename over FILE; throws usage_error naming FILE when any write
  /// failed.
  void commit();

 private:
  [[nodiscard]] bool in_place() const { return temp_ == path_; }

  std::string path_;
  std::string temp_;
  std::ofstream out_;
  bool committed_ = false;
};

}  // namespace btsolve
