// SPDX-License-Identifier: MIT
// Counting by work units, for every problem that counts: a count is split into units (the
// subtrees below a depth of the search tree), listed in a fixed order, so that unit k can be
// counted by any thread, batch job (--split, --unit, `merge`) or MPI rank (btsolve-mpi), and
// resumed from a --checkpoint; the results added in unit order are exactly the single run's.
// unit_source is what the units layer needs of a count; engine_units makes one from any
// problem the engine searches. Per-unit calls only: nothing here is in the search loop.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <bt/engine.hpp>
#include <bt/shared_limits.hpp>
#include <bt/split.hpp>
#include <bt/stats.hpp>
#include <bt/visitors.hpp>
#include <btsolve/options.hpp>
#include <btsolve/outcome.hpp>

namespace btsolve {

/// What one work unit's search found, as it travels between threads, processes and files.
struct unit_result {
  std::uint64_t total = 0;  ///< solutions (weighted, as the problem counts them)
  std::uint64_t tally = 0;  ///< the problem's extra count (N-Queens' unique solutions), or 0
  bt::stats stats;          ///< the unit's statistics; stats.seconds is its wall time
  bool done = false;        ///< searched to the end (false: stopped by a limit)
};

/// The work units of one count.
class unit_source {
 public:
  virtual ~unit_source() = default;
  /// The number of units.
  [[nodiscard]] virtual std::size_t size() const = 0;
  /// What decides the units and their counts, as one line: two counts with the same
  /// parameters have the same units (their digest guards checkpoints and merges).
  [[nodiscard]] virtual std::string params() const = 0;
  /// Unit k's members in the listing (where it is in the tree: {"path":[...]}).
  [[nodiscard]] virtual nlohmann::ordered_json describe(std::size_t k) const = 0;
  /// Search unit k under `limits`, with statistics when want_stats (a source may always
  /// count them); called concurrently for different units.
  [[nodiscard]] virtual unit_result count(std::size_t k, bt::shared_limits& limits,
                                          bool want_stats) const = 0;
  /// The statistics of the split itself (the tree above the units).
  [[nodiscard]] virtual bt::stats top() const = 0;
  /// The depth of unit k's root (its statistics' max_depth is counted from there).
  [[nodiscard]] virtual std::size_t depth(std::size_t k) const = 0;
  /// The extra count is the sum of the units' tallies divided by this: 1 when each unit's
  /// tally is its own part of the count; more when a unit only holds a share of a multiple of
  /// it (N-Queens' meet in the middle: 8 x unique = the total + two Burnside terms), so that
  /// the extra count of a count stopped before its end is unknown.
  [[nodiscard]] virtual std::uint64_t tally_divisor() const { return 1; }
  /// Add unit k's statistics to the count's: by default as the subtree below the unit's root
  /// at depth(k), whose root the top part already entered (bt::add_subproblem_stats).
  virtual void add_unit_stats(bt::stats& total, std::size_t k, const bt::stats& unit) const {
    bt::add_subproblem_stats(total, unit, depth(k));
  }
};

/// The unit options a count was given.
struct unit_options {
  std::optional<std::string> split;       ///< --split DEPTH or auto
  std::optional<std::size_t> depth;       ///< --split's depth (nothing for auto)
  std::optional<std::string> unit;        ///< --unit K or A..B
  std::optional<std::string> checkpoint;  ///< --checkpoint FILE
  std::optional<std::string> key_file;    ///< --key-file FILE (the key that seals the records)
  int threads = 0;                        ///< --threads (0: all cores)
  std::string tally;                      ///< the name of the problem's extra count, if kept
  unit_executor* executor = nullptr;      ///< run_options::executor (none: this process's threads)

  /// True when the count goes by units: asked for, or a distributed executor (btsolve-mpi).
  [[nodiscard]] bool wanted() const;
};

/// The options --split, --unit, --checkpoint and --threads, for the --help of a problem that
/// counts.
boost::program_options::options_description unit_option_descriptions();
/// --threads alone, for the --help of a problem that optimises and does not count (its branch
/// and bound on the threads: optimise_threads.hpp).
boost::program_options::options_description thread_option_description();
/// Read --threads alone (usage_error out of 1..1024).
unit_options read_thread_option(const boost::program_options::variables_map& vm);
/// Read them; throws usage_error for bad values or options that do not go together with o.
unit_options read_unit_options(const boost::program_options::variables_map& vm,
                               const run_options& o);

/// A count by units as it ended: totals as the single run's, and how it stopped.
struct unit_count {
  std::uint64_t total = 0;
  std::uint64_t tally = 0;
  bt::stats stats;  ///< top part + every unit searched (docs/statistics.md)
  std::size_t units = 0;
  std::size_t units_done = 0;
  bt::stop_reason reason = bt::stop_reason::none;
  /// False when the tally cannot be given: a divided tally (tally_divisor) of a count whose
  /// units did not all finish.
  bool tally_known = true;
};

/// What run_units did: the whole count's totals, or lines of its own and how that ended.
struct unit_run {
  std::optional<unit_count> totals;  ///< the whole count, for the run's report
  /// When the units' own lines were printed: solved, or the stop that cut them short.
  run_status status = run_status::solved;
};

/// How unit r's search ended, for its result line: no_solution or solved when it was searched
/// to its end (as a single run of its subtree), else the stop `reason` (interrupted when the
/// limits name none).
run_outcome unit_outcome(const unit_result& r, bt::stop_reason reason);

/// Run a count by units as `u` asks: --split alone lists the units (one JSON line each),
/// --unit counts some and prints a result line each (both print the lines themselves).
/// Otherwise the whole count, on the active executor (this process's threads, or MPI ranks),
/// resuming from and recording to --checkpoint, and its totals for the run's report.
unit_run run_units(const unit_source& source, const unit_options& u, const run_options& o,
                   std::ostream& out, std::ostream& err);

/// Call task(i) for every i < count on `threads` threads (0: every core), skipping the tasks
/// not yet started when `limits` stop (bt::parallel_tasks, compiled once in the runner, so
/// that oneTBB's headers stay out of the problems' code).
void run_tasks(std::size_t count, int threads, const bt::shared_limits& limits,
               const std::function<void(std::size_t)>& task);

/// The most units of a count by engine_units: a unit holds a copy of the problem's state,
/// which for a graph problem is kilobytes (a colouring of the 8x8 queen graph: 5 KB), so
/// 2^18 of them already take a gigabyte or more.
inline constexpr std::size_t max_engine_units = std::size_t{1} << 18;

/// The depth at which to split root when --split says auto: the first depth with at least
/// 256 nodes, at most 12 (a search's top levels are cheap to enumerate twice).
template <bt::problem P>
std::size_t auto_cut(const P& root) {
  constexpr std::uint64_t wanted = 256;
  constexpr std::size_t deepest = 12;
  for (std::size_t cut = 1;; ++cut) {
    bt::stats s;
    P top = root;
    bt::split_guard guard(max_engine_units);
    // The probe counts the units without copying a state for each (a TSP's is its matrix),
    // through the split's own instantiation of the search (engine_units).
    bt::probe_split(top, cut, s, guard);
    guard.check("the automatic split");
    const std::size_t units = guard.found();
    if (units >= wanted || cut == deepest || s.max_depth < cut) return cut;
  }
}

/// Units of any problem the engine searches: the subtrees below depth `cut` (bt::split),
/// each counted by `search(root, prefix, limits)`, which searches a copy of the unit's root
/// (the values above it in `prefix`) under the count's shared limits and returns the unit's
/// result with statistics. The session passes its own statistics search (session.hpp,
/// by_units), so that the units compile no search of P of their own. A trail problem's unit
/// root is a copy of the state at the cut, so P must be copy-constructible.
template <bt::problem P, class Search>
class engine_units final : public unit_source {
 public:
  using value_type = typename P::value_type;

  /// Split root at `cut`; `params` names the count (problem, options, strategy). Throws
  /// bt::split_stopped past max_engine_units units, or at Ctrl-C.
  engine_units(const P& root, std::size_t cut, std::string params, Search search)
      : params_(std::move(params) + " split=" + std::to_string(cut) + " units=v2"),
        search_(std::move(search)) {
    const std::string what = "--split " + std::to_string(cut);
    P top = root;
    bt::split_guard probe(max_engine_units);  // refuse a split too large before holding it
    bt::stats probed;
    bt::probe_split(top, cut, probed, probe);
    probe.check(what);
    bt::split_guard guard(max_engine_units);
    subs_ = bt::split(top, cut, top_, guard);
    guard.check(what);
    top_.solutions = 0;  // the split's leaves are unit roots, not solutions
  }

  [[nodiscard]] std::size_t size() const override { return subs_.size(); }
  [[nodiscard]] std::string params() const override { return params_; }
  [[nodiscard]] nlohmann::ordered_json describe(std::size_t k) const override {
    nlohmann::ordered_json j;
    if constexpr (requires { nlohmann::json(subs_[k].prefix); }) {
      j["path"] = subs_[k].prefix;
    } else {
      j["depth"] = subs_[k].prefix.size();
    }
    return j;
  }
  [[nodiscard]] unit_result count(std::size_t k, bt::shared_limits& limits, bool) const override {
    P p = subs_[k].state;
    return search_(p, std::span<const value_type>(subs_[k].prefix), limits);
  }
  [[nodiscard]] bt::stats top() const override { return top_; }
  [[nodiscard]] std::size_t depth(std::size_t k) const override { return subs_[k].prefix.size(); }

 private:
  std::string params_;
  Search search_;
  bt::stats top_;
  std::vector<bt::subproblem<P>> subs_;
};

}  // namespace btsolve
