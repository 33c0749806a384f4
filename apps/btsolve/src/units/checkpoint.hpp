// SPDX-License-Identifier: MIT
// --checkpoint FILE: a durable log of the finished work units of a long count, so that a run
// killed at any moment (SIGKILL, a lost node) resumes without recounting them. One line per
// record: a JSON object, a space, and the 16-hex-digit checksum of the JSON text. The first
// record names the count (its parameters and their digest); each next one is a finished unit.
#pragma once

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include <btsolve/errors.hpp>

#include "units/unit_executor.hpp"

namespace btsolve {

/// FNV-1a 64 of text, as 16 lowercase hex digits: the records' checksum and the parameters'
/// digest (it detects accidents, not forgery).
std::string checksum(std::string_view text);

/// An open checkpoint file for one count.
class checkpoint {
 public:
  /// Open `path` for the count `params` of `units` units, creating it if missing or empty,
  /// and lock it for this process until the destructor. The units it records are read; a torn
  /// or garbled last line (a write cut by a kill) is cut off and its unit will be counted
  /// again. Throws usage_error, one line naming the file (and line), when another process
  /// holds the file (naming it), the file belongs to other parameters, is corrupted before its
  /// last line, records a unit twice or out of range, or cannot be read or written.
  checkpoint(std::string path, const std::string& params, std::size_t units);
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
  void append(std::size_t k, const unit_result& r);

 private:
  [[nodiscard]] usage_error fail(const std::string& why) const;
  void lock();
  std::size_t read_records(const std::string& params, std::size_t units);
  void record_unit(const nlohmann::json& rec, std::size_t line_no, std::size_t units);
  void write_line(const std::string& json);
  void sync();

  std::string path_;
  int fd_ = -1;
  std::vector<std::optional<unit_result>> units_;
  std::size_t resumed_ = 0;
  std::chrono::steady_clock::time_point last_sync_;
};

}  // namespace btsolve
