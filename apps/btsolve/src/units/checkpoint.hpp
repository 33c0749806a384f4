// SPDX-License-Identifier: MIT
// --checkpoint FILE: a durable log of the finished work units of a long count, so that a run
// killed at any moment (SIGKILL, a lost node) resumes without recounting them. One line per
// record: a JSON object, a space, and its seal (key.hpp: a checksum, or a MAC under a key).
// The first record names the count (its bound parameters and their digest, binding.hpp);
// each next one is a finished unit and carries the same digest, so that records of two counts
// mixed in one file are refused, not added up. A new file is written whole beside FILE and
// linked into place; an existing file that is not a checkpoint of this format is refused,
// never written over.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <btsolve/errors.hpp>
#include <btsolve/input.hpp>

#include "units/key.hpp"
#include "units/unit_executor.hpp"

namespace btsolve {

/// An open checkpoint file for one count.
class checkpoint {
 public:
  /// Open `path` for the count of bound parameters `params` (binding.hpp) of `units` units,
  /// creating it if missing (or empty), and lock it for this process until the destructor.
  /// Records are sealed with `key` when given. The units it records are read; a torn or
  /// garbled last line (a write cut by a kill) is cut off and its unit will be counted again.
  /// Throws usage_error, one line naming the file (and line), when FILE is no regular file, is
  /// one of `inputs` or the key's file, is not a checkpoint of this format, another process
  /// holds it (naming it), it belongs to another count (naming what differs), its seals do
  /// not match (or need the key), it is corrupted before its last line, records a unit twice
  /// or out of range, or cannot be read or written; input_interrupted when Ctrl-C stops the
  /// reading of a large file.
  checkpoint(std::string path, std::string params, std::size_t units, std::optional<record_key> key,
             const std::vector<input_read>& inputs);
  checkpoint(const checkpoint&) = delete;
  checkpoint& operator=(const checkpoint&) = delete;
  /// Flushes to disk (fsync) and closes.
  ~checkpoint();

  /// The finished units recorded so far, indexed by unit.
  [[nodiscard]] const std::vector<std::optional<unit_result>>& units() const { return units_; }
  /// How many units the file recorded when opened.
  [[nodiscard]] std::size_t resumed() const { return resumed_; }
  /// Record finished unit k: one write(2) of its whole line at once, so a killed process
  /// loses nothing written; fsync(2) at most once a second (each costs about a millisecond),
  /// and at close: a machine crash loses at most the last second's units, counted again.
  /// Throws usage_error naming the file when the write fails (a full disk).
  void append(std::size_t k, const unit_result& r);

 private:
  [[nodiscard]] usage_error fail(const std::string& why) const;
  void create();
  void open_existing();
  void lock();
  std::size_t read_records();
  void check_header(const nlohmann::json& head);
  void record_unit(const nlohmann::json& rec, std::size_t line_no);
  void write_line(const std::string& json);
  void sync();

  std::string path_;
  std::string params_;
  std::string digest_;
  std::optional<record_key> key_;
  int fd_ = -1;
  std::vector<std::optional<unit_result>> units_;
  std::size_t resumed_ = 0;
  std::chrono::steady_clock::time_point last_sync_;
};

}  // namespace btsolve
