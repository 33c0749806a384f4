// SPDX-License-Identifier: MIT
#include <btsolve/report.hpp>

#include <algorithm>
#include <cmath>
#include <iomanip>
#include <limits>
#include <ostream>
#include <sstream>

namespace btsolve {

nlohmann::json to_json(const bt::stats& s) {
  nlohmann::json j = {{"nodes", s.nodes},           {"checks", s.checks},
                      {"assigns", s.assigns},       {"prunes", s.prunes},
                      {"backtracks", s.backtracks}, {"solutions", s.solutions},
                      {"max_depth", s.max_depth},   {"seconds", s.seconds}};
  if (s.infers) {
    j["propagation_checks"] = s.propagation_checks;
    j["removals"] = s.removals;
    j["wipeouts"] = s.wipeouts;
  }
  return j;
}

bt::stats as_reported(bt::stats s, const run_options& o, bool stopped_on_solution) {
  if (!o.textbook_backtracks) return s;
  const std::uint64_t undone = s.solutions - (stopped_on_solution && s.solutions > 0 ? 1U : 0U);
  s.backtracks -= std::min(s.backtracks, undone);
  return s;
}

nlohmann::json stopped_json(bt::stop_reason r) {
  if (r == bt::stop_reason::none) return nullptr;
  return std::string(bt::to_string(r));
}

void report_stop(std::ostream& err, bt::stop_reason r) {
  if (r != bt::stop_reason::none) err << "stopped: " << bt::to_string(r) << '\n';
}

void report_stats(std::ostream& err, const bt::stats& s) {
  // One write: std::cerr is unbuffered, and a block written piecewise can be interleaved with
  // other output (mpirun forwards the ranks' streams in whatever pieces it reads).
  std::ostringstream block;
  block << "statistics:\n" << s;
  err << block.str();
}

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

run_report::run_report(report_setup setup, const run_options& o, run_io io)
    : setup_(std::move(setup)), o_(o), io_(io), quota_(o.quota()) {}

run_report::~run_report() = default;

void run_report::head(const std::string& key, nlohmann::json value) {
  head_[key] = std::move(value);
}

void run_report::result(const std::string& key, nlohmann::json value, std::string text_line) {
  results_[key] = std::move(value);
  if (!text_line.empty()) result_lines_.push_back(std::move(text_line));
}

void run_report::stats_note(std::string line, bool before_block) {
  (before_block ? notes_before_ : notes_after_).push_back(std::move(line));
}

void run_report::counted(std::uint64_t n) {
  count_ = n > std::numeric_limits<std::uint64_t>::max() - count_
               ? std::numeric_limits<std::uint64_t>::max()
               : count_ + n;
  // --limit K: the first K solutions, whether they come one by one or K at a time.
  if (quota_ != 0 && count_ > quota_) count_ = quota_;
}

void run_report::stop(bt::stop_reason r) {
  if (facts_.stop == bt::stop_reason::none) facts_.stop = r;
}

void run_report::estimate(const bt::tree_estimate& e) { estimate_ = e; }

void run_report::optimising(bt::goal g) {
  goal_ = g;
  // --limit K: K improvements; otherwise the search goes on to the optimum.
  quota_ = o_.limit;
}

void run_report::improved(nlohmann::json value, double seconds, std::uint64_t nodes) {
  if (!json()) {
    // Beside CSV rows the line goes to stderr, so the rows stay a table.
    std::ostream& os = csv() ? io_.err : io_.out;
    std::ostringstream line;
    line << std::fixed << std::setprecision(6) << "improvement " << improvements_.size() + 1
         << ": value " << value.dump() << " after " << seconds << " s, " << nodes << " nodes\n";
    os << line.str() << std::flush;
  }
  improvements_.push_back({{"value", std::move(value)}, {"seconds", seconds}, {"nodes", nodes}});
}

void run_report::report_objective(const run_outcome& end) {
  const bool found = !improvements_.empty();
  const bool optimal = end.optimal();
  results_["objective"] = *goal_ == bt::goal::minimize ? "minimize" : "maximize";
  results_["value"] = found ? improvements_.back()["value"] : nlohmann::json(nullptr);
  results_["optimal"] = optimal;
  results_["improvements"] = improvements_;
  if (found) {
    result_lines_.push_back("value: " + improvements_.back()["value"].dump());
    result_lines_.emplace_back(optimal ? "optimal: yes" : "optimal: not proven");
  }
  notes_before_.push_back("improvements: " + std::to_string(improvements_.size()) +
                          (optimal ? " (the last is optimal)" : ""));
}

std::ostream& run_report::trace_stream() {
  if (json()) {
    if (!trace_buffer_) trace_buffer_ = std::make_unique<std::ostringstream>();
    return *trace_buffer_;
  }
  return csv() ? io_.err : io_.out;
}

void run_report::begin_solutions() {
  if (!json() || js_) return;
  nlohmann::json h = head_;
  h["problem"] = setup_.problem;
  h["strategy"] = setup_.strategy;
  h["strategy_summary"] = setup_.strategy_summary;
  js_ = std::make_unique<json_stream>(io_.out, h);
}

run_outcome run_report::outcome() const {
  run_facts f = facts_;
  f.found = count_;
  f.quota_met = quota_met();
  f.optimising = optimises();
  return decide(f, as_reported(stats_, o_, f.quota_met));
}

int run_report::finish() {
  if (elsewhere_) return exit_code_of(*elsewhere_);
  const run_outcome end = outcome();
  if (optimises()) report_objective(end);
  if (json()) {
    begin_solutions();
    nlohmann::json tail = results_;
    tail["count"] = count_json_ ? *count_json_ : nlohmann::json(count_);
    if (tallies())
      tail[tally_name_] = tally_known_ ? nlohmann::json(tally_) : nlohmann::json(nullptr);
    tail["status"] = to_string(end.status);
    tail["stats"] = to_json(end.stats);
    tail["stopped"] = stopped_json(end.stop());
    tail["exhausted"] = end.exhausted;
    if (estimate_) {
      tail["estimate"] = {{"nodes", std::llround(estimate_->nodes)},
                          {"std_error", std::llround(estimate_->std_error)},
                          {"probes", estimate_->probes},
                          {"seed", o_.seed}};
    }
    if (trace_buffer_) {
      nlohmann::json lines = nlohmann::json::array();
      std::istringstream in(trace_buffer_->str());
      for (std::string line; std::getline(in, line);) lines.push_back(line);
      tail["trace"] = std::move(lines);
    }
    js_->finish(tail);
  } else if (o_.what == mode::count && count_line_) {
    if (csv()) {
      io_.out << "count" << (tallies() && tally_known_ ? "," + tally_name_ : "") << '\n'
              << count_ << (tallies() && tally_known_ ? "," + std::to_string(tally_) : "") << '\n';
    } else {
      io_.out << "count: " << (count_json_ ? count_text_ : std::to_string(count_)) << '\n';
      if (tallies() && tally_known_) io_.out << tally_name_ << ": " << tally_ << '\n';
    }
  }
  if (!json()) {
    for (const auto& line : result_lines_) io_.out << line << '\n';
  }
  io_.out.flush();
  for (const auto& f : at_end_) f();
  if (estimate_ && o_.notes) {
    *o_.notes << "estimate: ~" << std::llround(estimate_->nodes)
              << " nodes, searched: " << stats_.nodes << " nodes\n";
  }
  if (o_.stats) {
    std::ostringstream block;
    // Which strategy ran comes first: a default (DSATUR, a meet-in-the-middle counter) is
    // otherwise invisible.
    block << "strategy: " << setup_.strategy;
    if (!setup_.strategy_summary.empty()) {
      block << " (" << setup_.strategy_summary << (setup_.strategy_default ? "; the default" : "")
            << ')';
    }
    block << '\n';
    for (const auto& n : notes_before_) block << n << '\n';
    block << "statistics:\n" << end.stats;
    for (const auto& n : notes_after_) block << n << '\n';
    io_.err << block.str();
  }
  report_stop(io_.err, end.stop());
  if (end.status == run_status::no_solution && !json() &&
      (o_.what != mode::count || note_in_counts_) && !no_solution_note_.empty()) {
    io_.err << no_solution_note_ << '\n';
  }
  return end.exit_code();
}

}  // namespace btsolve
