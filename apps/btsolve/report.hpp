// SPDX-License-Identifier: MIT
// Reporting shared by every plugin: the statistics block, the stop line, JSON pieces.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <string_view>

#include <bt/limits.hpp>
#include <bt/stats.hpp>

namespace btsolve {

/// The statistics as the JSON "stats" object (keys as in docs/statistics.md).
nlohmann::json to_json(const bt::stats& s);

/// The JSON "stopped" value: null when the search was not cut short, else the reason.
nlohmann::json stopped_json(bt::stop_reason r);

/// "stopped: <reason>" on err when r is a stop the user must know of (not none).
void report_stop(std::ostream& err, bt::stop_reason r);

/// The statistics block on err, headed "statistics:".
void report_stats(std::ostream& err, const bt::stats& s);

}  // namespace btsolve

namespace btsolve {

/// One JSON document whose "solutions" array is written as solutions are found, so --all
/// never holds them in memory: head's members, then "solutions", then tail's members.
class json_stream {
 public:
  /// Write `{`, head's members and `"solutions":[` to out.
  json_stream(std::ostream& out, const nlohmann::json& head);
  /// Append one solution to the array.
  void solution(const nlohmann::json& s);
  /// Close the array, write tail's members and the closing brace and a newline.
  void finish(const nlohmann::json& tail);

 private:
  std::ostream& out_;
  bool first_ = true;
};

}  // namespace btsolve
