// SPDX-License-Identifier: MIT
#include "report.hpp"

#include <ostream>
#include <sstream>

namespace btsolve {

nlohmann::json to_json(const bt::stats& s) {
  return {{"nodes", s.nodes},           {"checks", s.checks},         {"assigns", s.assigns},
          {"prunes", s.prunes},         {"backtracks", s.backtracks}, {"solutions", s.solutions},
          {"max_depth", s.max_depth},   {"seconds", s.seconds}};
}

nlohmann::json stopped_json(bt::stop_reason r) {
  if (r == bt::stop_reason::none) {
    return nullptr;
  }
  return std::string(bt::to_string(r));
}

void report_stop(std::ostream& err, bt::stop_reason r) {
  if (r != bt::stop_reason::none) {
    err << "stopped: " << bt::to_string(r) << '\n';
  }
}

void report_stats(std::ostream& err, const bt::stats& s) {
  // One write: std::cerr is unbuffered, and a block written piecewise can be interleaved with
  // other output (mpirun forwards the ranks' streams in whatever pieces it reads).
  std::ostringstream block;
  block << "statistics:\n" << s;
  err << block.str();
}

}  // namespace btsolve

namespace btsolve {

namespace {
// The members of a JSON object without its braces: "" for {}.
std::string members(const nlohmann::json& obj) {
  const std::string s = obj.dump();
  return s.size() <= 2 ? std::string() : s.substr(1, s.size() - 2);
}
}  // namespace

json_stream::json_stream(std::ostream& out, const nlohmann::json& head) : out_(out) {
  const std::string m = members(head);
  out_ << '{' << m << (m.empty() ? "" : ",") << "\"solutions\":[";
}

void json_stream::solution(const nlohmann::json& s) {
  out_ << (first_ ? "" : ",") << s.dump();
  first_ = false;
}

void json_stream::finish(const nlohmann::json& tail) {
  const std::string m = members(tail);
  out_ << ']' << (m.empty() ? "" : ",") << m << "}\n";
}

}  // namespace btsolve
