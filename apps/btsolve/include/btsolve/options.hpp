// SPDX-License-Identifier: MIT
// The options every problem shares (mode, output, limits, watching), parsed once into
// run_options, and the number parsers every option goes through.
#pragma once

#include <boost/program_options.hpp>
#include <chrono>
#include <cstdint>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <bt/names.hpp>

namespace btsolve {

/// What a run looks for.
enum class mode { first, all, count };

/// The modes a strategy or a problem answers, as bits: first solution, every solution, a count
/// (the problem layers' bt::answer_bits, so a strategy row reads the same in both).
enum mode_bits : unsigned {
  finds_first = bt::answers_first,
  finds_all = bt::answers_all,
  counts = bt::answers_count,
  every_mode = bt::answers_every
};

/// The mode's word in documents (JSON "mode", `describe`): first, all or count.
constexpr std::string_view name_of(mode m) {
  return m == mode::first ? "first" : m == mode::all ? "all" : "count";
}

/// The mode as a user asks for it in messages and --help: "the first solution", "--all",
/// "--count".
constexpr std::string_view words_of(mode m) {
  return m == mode::first ? "the first solution" : m == mode::all ? "--all" : "--count";
}

/// The bit of mode m in mode_bits.
constexpr unsigned bit_of(mode m) {
  return m == mode::first ? finds_first : m == mode::all ? finds_all : counts;
}

class unit_executor;  // units/unit_executor.hpp

/// The kind of value an option takes: what checks a value, and what a form offers for it.
enum class option_type {
  flag,     ///< no value: given or not
  count,    ///< a whole number 0..2^64-1 within the range
  integer,  ///< a signed whole number within the range
  seconds,  ///< a positive finite number of seconds
  text,     ///< any text (a file's name, a list the option reads itself)
  choice,   ///< one of `choices`
};

/// The word of an option_type in `describe`'s JSON ("flag", "count", ...).
std::string_view type_name(option_type t);

/// A pair of options that may not be given together: the option holding the rule and `option`
/// (any option's long name: a common one such as "count" or "split", or the problem's own).
struct option_conflict {
  std::string option;   ///< the other option's long name
  std::string message;  ///< the one-line error when both are given
};

/// One option as declared once: the parser's description, the checks of its value, the --help
/// line (its default generated from `default_text`) and `btsolve describe`'s JSON are all read
/// from it, in every entry point (the runner, compare, btsolve-mpi, Python, the studio).
struct option_record {
  std::string name;        ///< the long name ("time-limit"); a one-letter name is the short one
  std::string short_name;  ///< one letter ("n", "h"), or empty
  option_type type = option_type::text;
  std::int64_t min = 0;              ///< the range of count and integer (inclusive)
  std::uint64_t max = UINT64_MAX;    ///< ditto
  std::vector<std::string> choices;  ///< the values of a choice
  std::string default_text;          ///< the default as --help states it (empty: none)
  std::string help;                  ///< the --help line, without its default
  std::string group;                 ///< the --help heading ("Common options")
  bool repeatable = false;           ///< may be given more than once (every value read)
  std::string required;              ///< the message when it is missing (empty: optional)
  unsigned modes = every_mode;       ///< the modes it belongs to (mode_bits: --all, --count)
  std::string modes_message;         ///< the error when given in another mode (empty: generated)
  std::string required_unless;       ///< required() is waived when this option is given
  std::vector<option_conflict> conflicts;  ///< options it may not be given with, in order
  std::string engine_message;  ///< nonempty: refused with the engine's strategies (this error)

  /// The option as messages name it: "--time-limit", or "-n" for a one-letter name.
  [[nodiscard]] std::string shown() const;
  /// The help line with its generated default: "at most K nodes in --tree (default 1000)".
  [[nodiscard]] std::string help_line() const;
  /// Check text as this option's value; throws usage_error with the runner's one message
  /// ("--limit must be at least 1", "--repeat 0 is out of range 1..100", "--time-limit wants a
  /// number of seconds, not 'x'"); a flag or a text is any text.
  void check(const std::string& text) const;
  /// text as a count within the range (check()'s messages).
  [[nodiscard]] std::uint64_t count_of(const std::string& text) const;
  /// text as a signed number within the range.
  [[nodiscard]] std::int64_t integer_of(const std::string& text) const;
  /// text as a positive number of seconds.
  [[nodiscard]] double seconds_of(const std::string& text) const;
};

/// Add records to d as Boost.Program_options descriptions (flags without a value, repeatable
/// ones composing every value), each with its help_line().
void describe_records(boost::program_options::options_description& d,
                      const std::vector<option_record>& records);

/// The common options, declared once (options.cpp): every problem's runner takes them;
/// `compare` takes the mode and limit ones among them (add_mode_options, add_limit_options).
const std::vector<option_record>& common_option_records();

/// The common options a problem's runner offers: the mode options of `modes` only, --seed
/// when with_seed, --format as a choice of `formats` (the first the default).
std::vector<option_record> common_records_for(bool with_seed,
                                              const std::vector<std::string>& formats,
                                              unsigned modes);

/// The common options after parsing and validation.
struct run_options {
  mode what = mode::first;                 ///< --all / --count, else the first solution
  std::uint64_t limit = 0;                 ///< --limit K: stop after K solutions (0: none)
  std::string format;                      ///< --format, validated by the problem (empty: default)
  bool stats = false;                      ///< --stats: statistics block on stderr
  bool textbook_backtracks = false;        ///< --textbook-backtracks: seed 003's backtracks
  bool trace = false;                      ///< --trace: the search step by step
  std::optional<double> time_limit;        ///< --time-limit seconds
  std::uint64_t node_limit = 0;            ///< --node-limit (0: none)
  std::string tree_file;                   ///< --tree FILE.dot (empty: none)
  std::uint64_t tree_max_nodes = 1000;     ///< --tree-max-nodes K
  bool tree_rejected = true;               ///< false: --tree-hide-rejected
  std::string replay_file;                 ///< --replay FILE.html (empty: none)
  std::uint64_t replay_max_steps = 20000;  ///< --replay-max-steps K
  bool estimate = false;                   ///< --estimate: Knuth's estimate of the tree size
  std::uint64_t estimate_probes = 1000;    ///< --estimate-probes K
  std::uint64_t seed = 1;         ///< --seed S (the estimate's probes; a problem's own too)
  std::ostream* notes = nullptr;  ///< where notes (the estimate) go: the runner's stderr
  /// Where work units are counted: btsolve-mpi's ranks (run_args' executor); none: this
  /// process's threads.
  unit_executor* executor = nullptr;
  /// The run's arguments (problem first), without the program's name and --replay FILE: the
  /// replay document names the run with them.
  std::vector<std::string> argv;

  /// True when the run is watched step by step (trace, tree, replay, estimate): such runs take
  /// the plain single-threaded tree search, whatever strategy would be faster.
  [[nodiscard]] bool watched() const {
    return trace || !tree_file.empty() || !replay_file.empty() || estimate;
  }
  /// How many solutions end the run: 1 for the first, K for --limit K, 0 for all of them.
  [[nodiscard]] std::uint64_t quota() const { return what == mode::first ? 1 : limit; }
};

/// The common options' descriptions, for parsing and for --help. with_seed adds --seed (a
/// problem that has its own --seed shares it); formats are the values --help shows for --format;
/// modes (mode_bits) limits --all, --count and --limit to those a problem answers (its --help).
boost::program_options::options_description common_options(
    bool with_seed = true, const std::vector<std::string>& formats = {},
    unsigned modes = every_mode);

/// Declare --all, --count and --limit in d, those of `modes` (mode_bits) only: the one
/// declaration of what a run looks for, shared by the runner and `compare`.
void add_mode_options(boost::program_options::options_description& d, unsigned modes = every_mode);
/// Declare --time-limit and --node-limit in d: shared by the runner and `compare`.
void add_limit_options(boost::program_options::options_description& d);
/// Read and check --all, --count and --limit into o; throws usage_error.
void read_mode_options(const boost::program_options::variables_map& vm, run_options& o);
/// Read and check --time-limit and --node-limit into o; throws usage_error.
void read_limit_options(const boost::program_options::variables_map& vm, run_options& o);

/// text as a whole number 0..2^64-1 (no sign, no junk); throws usage_error naming option.
std::uint64_t parse_count(const std::string& text, std::string_view option);
/// text as a signed whole number; throws usage_error naming option.
std::int64_t parse_int(const std::string& text, std::string_view option);
/// text as a finite decimal number; throws usage_error naming option.
double parse_seconds(const std::string& text, std::string_view option);

/// The deadline of a run started at `start` under o.time_limit, or none. A limit beyond what
/// the clock can hold (centuries) is no limit.
std::optional<std::chrono::steady_clock::time_point> deadline_of(
    const run_options& o, std::chrono::steady_clock::time_point start);

/// Check the declared rules of the given options among `records` (modes, conflicts, the
/// engine's strategies), in declaration order: the first broken one throws usage_error with its
/// message. What a problem's run refuses before it reads anything, the same in the runner,
/// compare and btsolve-mpi (plugin::check). engine: the run searches with the engine's strategies.
void check_option_rules(const std::vector<option_record>& records,
                        const boost::program_options::variables_map& vm, const run_options& o,
                        bool engine);

/// Read and validate the common options; throws usage_error on conflicts or bad values.
run_options read_common_options(const boost::program_options::variables_map& vm);

}  // namespace btsolve
