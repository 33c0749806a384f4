// SPDX-License-Identifier: MIT
// The end of every run, written once for every problem: the JSON document (head, streamed
// solutions, tail), the count and result lines, the statistics block, the stop line and the
// exit code, all from the run's outcome (outcome.hpp), decided once at its end. run_report is
// the non-template half of a session (session.hpp).
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <bt/estimate.hpp>
#include <bt/limits.hpp>
#include <bt/optimise.hpp>
#include <bt/stats.hpp>
#include <btsolve/options.hpp>
#include <btsolve/outcome.hpp>
#include <btsolve/plugin.hpp>

namespace btsolve {

/// The statistics as the JSON "stats" object (keys as in docs/statistics.md).
nlohmann::json to_json(const bt::stats& s);

/// The statistics as the run reports them: with --textbook-backtracks, seed 003's count of
/// backtracks (docs/statistics.md), which leaves out the one that undoes each solution's last
/// assignment: one per solution, but for the last when the search stopped on it (its unwind is
/// no backtrack). A solution at the root, the only node of its search, undid nothing.
bt::stats as_reported(bt::stats s, const run_options& o, bool stopped_on_solution);

/// The JSON "stopped" value: null when the search was not cut short, else the reason.
nlohmann::json stopped_json(bt::stop_reason r);

/// "stopped: <reason>" on err when r is a stop the user must know of (not none).
void report_stop(std::ostream& err, bt::stop_reason r);

/// The statistics block on err, headed "statistics:", in one write.
void report_stats(std::ostream& err, const bt::stats& s);

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

/// The output formats every problem has beside its own text formats.
enum class output_kind { text, json, csv };

/// What a run's report needs to know before it starts.
struct report_setup {
  std::string problem;   ///< the problem's name, the JSON "problem"
  std::string strategy;  ///< the strategy that runs, the JSON "strategy"
  std::string format;    ///< the format's name ("json", "csv", or one of the problem's texts)
  output_kind kind = output_kind::text;
  /// What the strategy is, in words: the JSON "strategy_summary", the --stats block's first line
  std::string strategy_summary;
  /// The strategy was chosen by default, not by --strategy.
  bool strategy_default = false;
};

/// What a run finds as it builds up (counts, statistics, stop, results) and its printing.
/// Every problem's run ends through finish(), which decides the outcome once (outcome()) and
/// writes everything from it; nothing else writes a tail or an exit code.
class run_report {
 public:
  run_report(report_setup setup, const run_options& o, run_io io);
  run_report(const run_report&) = delete;
  run_report& operator=(const run_report&) = delete;
  ~run_report();

  /// The common options of the run.
  [[nodiscard]] const run_options& options() const { return o_; }
  /// The mode: first, all or count.
  [[nodiscard]] mode what() const { return o_.what; }
  /// The format's name, as the problem's printer takes it.
  [[nodiscard]] const std::string& format() const { return setup_.format; }
  [[nodiscard]] bool json() const { return setup_.kind == output_kind::json; }
  [[nodiscard]] bool csv() const { return setup_.kind == output_kind::csv; }
  /// The streams: results (write to out() only in text formats) and notes.
  [[nodiscard]] std::ostream& out() { return io_.out; }
  [[nodiscard]] std::ostream& err() { return io_.err; }
  /// The strategy that runs.
  [[nodiscard]] const std::string& strategy() const { return setup_.strategy; }
  /// The problem's name.
  [[nodiscard]] const std::string& problem() const { return setup_.problem; }

  /// A member of the JSON document's head ("n", "vertices"), before the solutions.
  void head(const std::string& key, nlohmann::json value);
  /// A result beside the count: a member of the JSON tail and, when not empty, a line of the
  /// text output after the count ("unique: 12").
  void result(const std::string& key, nlohmann::json value, std::string text_line = {});
  /// A line on stderr with --stats: before the statistics block, or after it.
  void stats_note(std::string line, bool before_block = false);
  /// The line on stderr when an exhausted search of a first or --all run found nothing
  /// (text formats only); by default "no solution". with_count: after a count of 0 too (a
  /// proof that none exists).
  void no_solution_note(std::string line, bool with_count = false) {
    no_solution_note_ = std::move(line);
    note_in_counts_ = with_count;
  }
  /// f runs after the results are printed and flushed, before the notes on stderr: a file
  /// that may be /dev/stdout (--dot) comes after the results.
  void at_end(std::function<void()> f) { at_end_.push_back(std::move(f)); }

  /// Solutions (or weighted counts) found: n more; saturates at 2^64 - 1.
  void counted(std::uint64_t n);
  /// The count so far.
  [[nodiscard]] std::uint64_t count() const { return count_; }
  /// A count that 64 bits do not hold, as it prints: the JSON "count" value (a string of
  /// digits) and the text after "count: ". count() keeps the saturated value.
  void count_as(nlohmann::json value, std::string text) {
    count_json_ = std::move(value);
    count_text_ = std::move(text);
  }
  /// The extra count a problem keeps beside the total (N-Queens' unique solutions) under
  /// `name`; nothing is counted or reported until this is called.
  void tally_as(std::string name) { tally_name_ = std::move(name); }
  [[nodiscard]] bool tallies() const { return !tally_name_.empty(); }
  [[nodiscard]] const std::string& tally_name() const { return tally_name_; }
  void tallied(std::uint64_t n) { tally_ += n; }
  /// The tally is unknown (a stopped run whose extra count needs the whole search).
  void tally_unknown() { tally_known_ = false; }
  /// The run's items are not solutions of one search (a batch of puzzles, each reporting its
  /// own count): the text output has no "count:" line.
  void no_count_line() { count_line_ = false; }
  /// Whether the run found what makes it a success (exit 0 rather than 1); by default
  /// count() > 0.
  void solved(bool s) { facts_.success = s; }

  /// Statistics of a search or of work outside the engine, added to the run's.
  void add_stats(const bt::stats& s) { stats_ += s; }
  [[nodiscard]] const bt::stats& stats() const { return stats_; }
  /// A stop by a limit or an interrupt (the first one is kept).
  void stop(bt::stop_reason r);
  [[nodiscard]] bt::stop_reason stop_reason() const { return facts_.stop; }
  /// Whether the whole tree was explored (JSON "exhausted"); by default: no stop and no met
  /// quota.
  void exhausted(bool e) { facts_.exhausted = e; }
  [[nodiscard]] bool quota_met() const { return quota_ != 0 && count_ >= quota_; }
  /// The solutions that end the run (options().quota(), unless a problem counts otherwise).
  void quota(std::uint64_t q) { quota_ = q; }
  [[nodiscard]] std::uint64_t quota() const { return quota_; }
  /// Knuth's estimate, printed beside the search's node count and in the JSON tail.
  void estimate(const bt::tree_estimate& e);

  /// The run optimises an objective by branch and bound (bt/optimise.hpp): its solutions are
  /// improvements, each better than the one before. The report then says the objective's
  /// `value`, whether it is `optimal` (proven: the search was exhausted) and every improvement
  /// with its time and nodes; --limit K counts improvements.
  void optimising(bt::goal g);
  /// Whether the run optimises.
  [[nodiscard]] bool optimises() const { return goal_.has_value(); }
  /// Whether an optimisation's best value is proven optimal (its search was exhausted).
  [[nodiscard]] bool proven() const { return optimises() && facts_.exhausted.value_or(false); }
  /// One improvement: its objective value, the seconds since its search began and the nodes
  /// searched so far. In text formats its line is printed at once (progress on a long run).
  void improved(nlohmann::json value, double seconds, std::uint64_t nodes);

  /// Where --trace writes: stdout in text, a buffer that becomes the JSON "trace" lines,
  /// stderr beside CSV. The JSON document stays valid.
  [[nodiscard]] std::ostream& trace_stream();

  /// The run printed its output another way (the lines of work units), which ended as
  /// `status`: finish() prints nothing and returns its exit code.
  void printed_elsewhere(run_status status) { elsewhere_ = status; }

  /// Write the JSON head once (before the first solution).
  void begin_solutions();
  /// How the run ended, decided from what it found so far (decide()): finish() writes it.
  [[nodiscard]] run_outcome outcome() const;
  /// Print the tail, the count and results, run at_end, print the notes; the exit code.
  int finish();

 protected:
  json_stream* stream() { return js_.get(); }
  /// The index of the next solution printed (0 for the first).
  std::size_t printed_ = 0;

 private:
  // The objective's members of the JSON tail, its text lines and its --stats note.
  void report_objective(const run_outcome& end);

  report_setup setup_;
  run_options o_;
  run_io io_;
  nlohmann::json head_ = nlohmann::json::object();
  nlohmann::json results_ = nlohmann::json::object();
  std::vector<std::string> result_lines_;
  std::vector<std::string> notes_before_;
  std::vector<std::string> notes_after_;
  std::string no_solution_note_ = "no solution";
  bool note_in_counts_ = false;
  std::vector<std::function<void()>> at_end_;
  std::unique_ptr<json_stream> js_;
  std::unique_ptr<std::ostringstream> trace_buffer_;
  std::optional<bt::tree_estimate> estimate_;
  std::uint64_t count_ = 0;
  std::optional<nlohmann::json> count_json_;
  std::string count_text_;
  std::uint64_t quota_ = 0;
  std::string tally_name_;
  std::uint64_t tally_ = 0;
  bool tally_known_ = true;
  bool count_line_ = true;
  // What the problem said of its end (its verdict, exhaustion, the first stop); the count,
  // quota and objective are added when the outcome is decided.
  run_facts facts_;
  std::optional<run_status> elsewhere_;
  bt::stats stats_;
  std::optional<bt::goal> goal_;
  nlohmann::json improvements_ = nlohmann::json::array();
};

}  // namespace btsolve
