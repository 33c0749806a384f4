// SPDX-License-Identifier: MIT
// session<Desc>: one run of a described problem (problem.hpp). Its search(p, naming, reader)
// is the whole engine side of a run for any problem type: limits, the solution quota,
// statistics, the watchers, counting by work units, and each solution printed in the run's
// format. Work outside the engine (a local search, a SAT call, a counter of its own) reports
// through found(), counted(), add_stats() and stop(). The report (report.hpp) ends the run.
//
// A problem type costs three instantiations of the engine, whatever the options: a plain
// search, one with statistics, and one with the watchers, whose parts are switched at run
// time (watch.hpp). A propagating solver or an optimising problem costs two: its plain search
// is the one with the statistics (detail::always_counted). Counting by work units adds no
// search of the problem type (a unit is searched by the statistics search), only one walk of
// the tree above the cut (bt::split's, on its cut wrapper).
#pragma once

#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/csp.hpp>
#include <bt/engine.hpp>
#include <bt/estimate.hpp>
#include <bt/limits.hpp>
#include <bt/optimise.hpp>
#include <bt/shared_limits.hpp>
#include <bt/stats.hpp>
#include <bt/trace.hpp>
#include <bt/visitors.hpp>
#include <btsolve/input.hpp>
#include <btsolve/print.hpp>
#include <btsolve/report.hpp>
#include <btsolve/units.hpp>
#include <btsolve/watch.hpp>

namespace btsolve {

/// Limits of one search within a run.
struct search_options {
  /// Nodes this search may take before it gives up (0: no budget). Spending it is not a stop
  /// of the run: the problem goes on another way (hamiltonian's auto: propagate, then SAT).
  std::uint64_t budget = 0;
  /// Solutions that end this search (default: the run's quota).
  std::optional<std::uint64_t> quota;
  /// false: the reader consumes the solutions (a batch of puzzles collects each one's), they
  /// are neither printed nor counted as the run's.
  bool emit = true;
  /// Count the statistics even when the run does not report them (a proof quotes them).
  bool stats = false;
};

/// What work outside the engine (a counter of its own, a local search, a SAT call, a dynamic
/// programme) tells session::outside when it returns.
struct outside_work {
  bt::stats stats;       ///< its statistics; outside() sets their seconds
  bool stopped = false;  ///< a limit or Ctrl-C cut it short
  /// Which, when the work knows (a node limit it counted itself); else the run's limits say.
  bt::stop_reason reason = bt::stop_reason::none;
};

/// How one search ended.
struct search_outcome {
  bt::outcome outcome = bt::outcome::exhausted;  ///< exhausted, or stopped
  bool budget_spent = false;                     ///< stopped by search_options::budget
  bool met = false;                              ///< stopped because its quota was met
  std::uint64_t solutions = 0;                   ///< solutions it reported or consumed
  bt::stats stats;                               ///< its statistics (when counted)
};

namespace detail {

/// The run's limits (node limit, deadline, Ctrl-C), and a search's own node budget; or, in a
/// work unit's search, the count's shared limits. One type for both, so that a unit's search
/// is the run's statistics search (one instantiation of the engine, not two): the per-node
/// test is the budget's, which a unit spends in periods charged to the shared limits.
class run_limits {
 public:
  /// A search of the run: `base` is the run's limits, `budget` its own nodes (0: no budget).
  run_limits(bt::limit_visitor& base, std::uint64_t budget) : base_(base), budget_(budget) {}
  /// A work unit's search, on any thread: its nodes charged to `shared` every 4,096 (as
  /// bt::shared_limit_visitor charges them), `base` polling the shared stop source between.
  run_limits(bt::limit_visitor& base, bt::shared_limits& shared)
      : base_(base), budget_(unit_period - 1), shared_(&shared) {}
  run_limits(const run_limits&) = delete;
  run_limits& operator=(const run_limits&) = delete;
  /// A unit's nodes not yet charged are charged at its end.
  ~run_limits() {
    if (shared_ != nullptr) shared_->charge(spent_);
  }

  template <class P>
  bt::flow on(const bt::ev::node<P>& e) {
    if (budget_ != 0 && ++spent_ > budget_ && spent() == bt::flow::stop) return bt::flow::stop;
    return base_.on(e);
  }
  /// True when the search's own budget stopped it.
  [[nodiscard]] bool spent_all() const { return spent_all_; }

 private:
  // The budget is spent: a search of the run gives up; a unit charges its period. Out of the
  // search loop, which keeps the single run's code as it was.
  [[gnu::cold, gnu::noinline]] bt::flow spent() {
    if (shared_ == nullptr) {
      spent_all_ = true;
      return bt::flow::stop;
    }
    // A unit's budget is its period less one: the charge comes at the period's last node, as
    // shared_limit_visitor's does, so that a unit stops at the same node as it did.
    const bool go_on = shared_->charge(spent_);
    spent_ = 0;
    return go_on ? bt::flow::go_on : bt::flow::stop;
  }

  static constexpr std::uint64_t unit_period = 4096;

  bt::limit_visitor& base_;
  std::uint64_t budget_;
  bt::shared_limits* shared_ = nullptr;
  std::uint64_t spent_ = 0;
  bool spent_all_ = false;
};

/// The reader gives several solutions per search solution: reader(state, values, emit).
template <class Reader, class P, class Solution>
concept reads_several = requires(Reader& r, const P& p, std::span<const typename P::value_type> v,
                                 bt::flow (*emit)(const Solution&)) {
  r(p, v, emit);
};

}  // namespace detail

/// A run of the problem described by Desc (problem.hpp). Desc::solution_type is what the
/// problem reports for one solution; Desc's print members say how it prints (print.hpp).
template <class Desc>
class session : public run_report {
 public:
  using request_type = typename Desc::request;
  using solution_type = typename Desc::solution_type;

  /// What the runner resolved for this run: the request, the units, the engine switches.
  session(const request_type& r, report_setup setup, const run_options& o, run_io io,
          unit_options units, std::string params, std::optional<bt::csp::config> engine)
      : run_report(std::move(setup), o, io),
        request_(r),
        units_(std::move(units)),
        params_(std::move(params)),
        engine_(engine),
        limits_(o.node_limit, deadline_of(o, std::chrono::steady_clock::now())) {
    // The inputs this run reads are bound into its work units' parameters (input.hpp), and
    // a wait on one of them ends at the run's time limit.
    begin_reading(deadline_of(o, std::chrono::steady_clock::now()));
  }

  /// The problem's typed options.
  [[nodiscard]] const request_type& request() const { return request_; }
  /// The strategy that runs as its value in Desc::strategies, the problem layer's table the
  /// runner resolved --strategy against (so the name is always there). A run of the engine's
  /// strategies (engine() set) has none: asking is a fault of the runner, std::logic_error.
  [[nodiscard]] auto strategy_value() const requires requires { Desc::strategies[0].value; }
  {
    for (const auto& row : Desc::strategies) {
      if (row.name == strategy()) return row.value;
    }
    throw std::logic_error("strategy '" + strategy() + "' is not in " + problem() +
                           "'s strategy table");
  }
  /// The engine's switches when --strategy named them (mrv+fc), else nothing.
  [[nodiscard]] const std::optional<bt::csp::config>& engine() const { return engine_; }
  /// --threads (0: all cores), for a problem's own parallel counters.
  [[nodiscard]] int threads() const { return units_.threads; }
  /// The unit options, for a problem that splits its count itself (N-Queens' counters).
  [[nodiscard]] const unit_options& units() const { return units_; }
  /// The parameters of this count, for a problem's own work units.
  [[nodiscard]] const std::string& params() const { return params_; }
  /// The run's clock and interrupt checks, for work outside the engine (limits().poll()).
  [[nodiscard]] bt::limit_visitor& limits() { return limits_; }

  /// Search p: every event the run asks for, every solution through `reader`, a count by
  /// units when asked. naming is p's Describer (bt/describer.hpp). reader(state, values)
  /// returns the solution_type of a solution (state: the search's state at it; values: the
  /// values assigned on its path); or reader(state, values, emit) calls emit(solution) for
  /// each of several. Optional members: reader.weight(state), the solutions a search
  /// solution stands for in a count (colourings up to renaming); reader.tally(solution),
  /// whether it counts toward the tally (tally_as). In a count by units the reader is called
  /// from several threads at once.
  template <bt::problem P, class Naming, class Reader>
  search_outcome search(P& p, Naming& naming, Reader reader, const search_options& so = {});

  /// Count by the work units of `source` (a problem's own split of its count): the units
  /// listed, some counted, or the whole count added to this run's. True when a limit stopped it.
  bool count_units(const unit_source& source);

  /// Run work outside the engine: work() polls limits() (or counts its own steps against
  /// --node-limit) and returns an outside_work. outside() times it, adds its statistics to the
  /// run's and, when it stopped, records the stop: the work's own reason, else the run's limit
  /// that fired, else an interrupt. The one place such work is timed and its stop told.
  template <class Work>
  outside_work outside(Work&& work) {
    const auto start = std::chrono::steady_clock::now();
    outside_work w = std::forward<Work>(work)();
    w.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    add_stats(w.stats);
    if (w.stopped) {
      if (w.reason == bt::stop_reason::none) w.reason = limits_.reason();
      if (w.reason == bt::stop_reason::none) w.reason = bt::stop_reason::interrupted;
      stop(w.reason);
    }
    return w;
  }

  /// A solution found outside the engine: printed, counted, checked against the quota.
  /// Returns stop when the run has what it asked for.
  bt::flow found(const solution_type& s) {
    if (what() != mode::count) emit(s);
    counted(1);
    return quota_met() ? bt::flow::stop : bt::flow::go_on;
  }

  /// An improving solution of an optimisation (search() reports them): printed at once with
  /// --all, else kept, and the best printed when the run ends.
  void improvement(const solution_type& x, nlohmann::json value, double seconds,
                   std::uint64_t nodes) {
    improved(std::move(value), seconds, nodes);
    best_.reset();
    best_.emplace(x);
    if (what() == mode::all) {
      emit(x);
      counted(1);
    }
  }
  /// The best solution of an optimisation so far (the last improvement), if any.
  [[nodiscard]] const std::optional<solution_type>& best() const { return best_; }

  /// End the run: the best solution of an optimisation is printed (with --all it was, as
  /// each improvement), then the report.
  int finish() {
    if (best_ && what() != mode::all) {
      emit(*best_);
      counted(1);
    }
    return run_report::finish();
  }

  /// Print s as the next member of the results (the JSON "solutions" array) whatever the
  /// mode, counting nothing: the items of a run whose results are not one search's solutions
  /// (a batch of puzzles).
  void emit(const solution_type& s) {
    begin_solutions();
    if (json()) {
      stream()->solution(to_json_of<Desc>(s));
    } else if (csv()) {
      print_csv_of<Desc>(out(), s, printed_);
    } else {
      print_of<Desc>(out(), s, format(), printed_);
    }
    ++printed_;
  }

 private:
  template <class P, class Reader>
  class sink;

  // An optimising search: what does not apply is refused, the report told of the objective.
  template <class P>
  void begin_optimising(const P& p) {
    if (p.incumbent() == nullptr) {
      throw std::logic_error("an optimising search needs an incumbent (bt/optimise.hpp)");
    }
    if (what() == mode::count || units_.wanted()) {
      throw usage_error(problem() +
                        " optimises an objective (branch and bound): --count, --split, --unit "
                        "and --checkpoint count solutions and do not apply");
    }
    if (!optimises()) optimising(p.incumbent()->direction());
  }

  template <bt::problem P, class Reader>
  bool by_units(P& p, const Reader& reader);

  // An optimisation on --threads N (optimise_threads.hpp).
  template <bt::problem P, class Reader>
  search_outcome optimise_on_threads(P& p, Reader& reader);

  const request_type& request_;
  unit_options units_;
  std::string params_;
  std::optional<bt::csp::config> engine_;
  bt::limit_visitor limits_;
  std::optional<solution_type> best_;  // an optimisation's incumbent solution
};

/// The solutions of one search: counted or printed, the values of the path kept for readers.
template <class Desc>
template <class P, class Reader>
class session<Desc>::sink {
 public:
  using value_type = typename P::value_type;
  /// The reader takes the solutions itself (it returns nothing): search_options::emit is false.
  static constexpr bool consumes = [] {
    if constexpr (std::invocable<Reader&, const P&, std::span<const value_type>>) {
      return std::is_void_v<std::invoke_result_t<Reader&, const P&, std::span<const value_type>>>;
    } else {
      return false;
    }
  }();

  /// optimising: p optimises (its solutions are improvements); nodes: the search's node
  /// count, read at each improvement; start: when the search began.
  sink(session& s, Reader& reader, const search_options& so, bool optimising,
       const std::uint64_t& nodes, std::chrono::steady_clock::time_point start)
      : s_(s),
        reader_(reader),
        counting_(so.emit && s.what() == mode::count),
        keep_values_(!counting_ || tallying()),
        optimising_(optimising),
        quota_(optimising ? s.options().limit : so.quota.value_or(s.quota())),
        nodes_(nodes),
        start_(start) {}

  /// A work unit's, in a count by units (on any thread): its count and tally kept here, not
  /// in the run's; its path begins with `prefix`, the values above the unit's root.
  sink(session& s, Reader& reader, std::span<const value_type> prefix, const std::uint64_t& nodes)
      : s_(s),
        reader_(reader),
        counting_(true),
        unit_(true),
        keep_values_(tallying()),
        optimising_(false),
        quota_(0),
        nodes_(nodes),
        offset_(prefix.size()),
        values_(prefix.begin(), prefix.end()) {}

  void on(const bt::ev::assign<P>& e) {
    if (!keep_values_) return;
    values_.resize(offset_ + e.depth);
    values_.push_back(e.value);
  }
  bt::flow on(const bt::ev::solution<P>& e) {
    const std::span<const value_type> values(values_.data(), keep_values_ ? offset_ + e.depth : 0);
    if constexpr (bt::optimising<P> && !consumes &&
                  !detail::reads_several<Reader, P, solution_type>) {
      if (optimising_) {
        // The engine reports a complete assignment only when it beat the incumbent.
        const double seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
        s_.improvement(reader_(e.state, values), nlohmann::json(e.state.objective()), seconds,
                       nodes_);
        return ++found_ >= quota_ && quota_ != 0 ? stop_met() : bt::flow::go_on;
      }
    }
    if constexpr (consumes) {
      reader_(e.state, values);
      return ++found_ >= quota_ && quota_ != 0 ? stop_met() : bt::flow::go_on;
    } else {
      if (counting_) {
        std::uint64_t w = 1;
        if constexpr (requires { reader_.weight(e.state); }) w = reader_.weight(e.state);
        std::uint64_t t = 0;
        if constexpr (requires(solution_type x) { reader_.tally(x); }) {
          if (s_.tallies() && reader_.tally(reader_(e.state, values))) t = 1;
        }
        found_ += w;
        if (unit_) {
          tally_ += t;
          return bt::flow::go_on;
        }
        if (t != 0) s_.tallied(t);
        s_.counted(w);
        return quota_ != 0 && s_.count() >= quota_ ? stop_met() : bt::flow::go_on;
      }
      if constexpr (detail::reads_several<Reader, P, solution_type>) {
        bt::flow f = bt::flow::go_on;
        reader_(e.state, values, [&](const solution_type& x) {
          ++found_;
          f = s_.found(x);
          return f;
        });
        return f == bt::flow::stop ? stop_met() : f;
      } else {
        ++found_;
        return s_.found(reader_(e.state, values)) == bt::flow::stop ? stop_met() : bt::flow::go_on;
      }
    }
  }

  [[nodiscard]] bool met() const { return met_; }
  [[nodiscard]] std::uint64_t found() const { return found_; }
  /// A work unit's tally (the run's are counted in the run).
  [[nodiscard]] std::uint64_t tally() const { return tally_; }

 private:
  [[nodiscard]] bool tallying() const {
    if constexpr (requires(solution_type x) { reader_.tally(x); }) {
      return s_.tallies();
    } else {
      return false;
    }
  }
  bt::flow stop_met() {
    met_ = true;
    return bt::flow::stop;
  }

  session& s_;
  Reader& reader_;
  bool counting_;
  bool unit_ = false;  // a work unit's: nothing of the run's is written (several threads)
  bool keep_values_;
  bool optimising_;
  std::uint64_t quota_;
  const std::uint64_t& nodes_;
  std::chrono::steady_clock::time_point start_;
  std::uint64_t found_ = 0;
  std::uint64_t tally_ = 0;
  bool met_ = false;
  std::size_t offset_ = 0;  // the values above a unit's root
  std::vector<value_type> values_;
};

namespace detail {
/// Searches of P always count statistics, so no plain search of P is compiled: the
/// propagating solvers (both constraint layers), whose nodes are heavy enough that counting is
/// lost in them, and the optimising problems, whose improvements report their node counts.
template <class P>
inline constexpr bool always_counted = bt::propagating<P> || bt::optimising<P>;
}  // namespace detail

template <class Desc>
template <bt::problem P, class Naming, class Reader>
search_outcome session<Desc>::search(P& p, Naming& naming, Reader reader,
                                     const search_options& so) {
  search_outcome r;
  const bool watched =
      options().trace || !options().tree_file.empty() || !options().replay_file.empty();
  bool optimising = false;
  if constexpr (bt::optimising<P>) {
    optimising = so.emit && p.optimises();
    if (optimising) begin_optimising(p);
  }
  if constexpr (bt::optimising<P> && !sink<P, Reader>::consumes &&
                !detail::reads_several<Reader, P, solution_type>) {
    if (optimising && units_.threads > 1) {
      if (watched) {
        throw usage_error(
            "--trace, --tree and --replay follow one search: --threads splits "
            "an optimisation into several; drop one of them");
      }
      return optimise_on_threads(p, reader);
    }
  }
  // Something reports this search's statistics: --stats, JSON, the estimate, the caller, an
  // optimisation's improvements (their node counts).
  const bool reported = so.stats || options().stats || json() || options().estimate || optimising;
  if constexpr (bt::propagating<P>) {
    // The inference counters cost a popcount per revision: counted when anything reports
    // statistics (a work unit's line does), else left off.
    p.count_inference(reported || watched || units_.wanted());
  }
  if constexpr (!sink<P, Reader>::consumes) {
    // --threads splits a count into work units counted on the threads (a count --limit K
    // stops at the first K, which is one search's notion).
    const bool threaded = units_.threads != 0 && options().limit == 0;
    if (so.emit && what() == mode::count && (units_.wanted() || threaded)) {
      if (by_units(p, reader)) r.outcome = bt::outcome::stopped;
      return r;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  const bt::polling_scope<P> polled(p, limits_);  // a long propagation ends at a limit
  if (options().estimate) {
    const bt::tree_estimate e =
        bt::estimate_tree_size(p, options().estimate_probes, options().seed,
                               [&] { return limits_.poll() == bt::flow::stop; });
    report_estimate(options().notes, e, options().seed);
    estimate(e);
  }
  detail::run_limits lim(limits_, so.budget);
  // An improvement's time is the search's, the estimate's probes left out.
  sink<P, Reader> out(*this, reader, so, optimising, r.stats.nodes,
                      std::chrono::steady_clock::now());
  bt::stats_visitor sv{r.stats};
  if (watched) {
    watch_visitor<Naming> w(options(), naming, trace_stream());
    if constexpr (bt::propagating<P>) p.keep_log(w.replaying());
    r.outcome = bt::search(p, bt::visitors(lim, sv, w, out));
    if constexpr (bt::propagating<P>) p.keep_log(false);
    r.stats.seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    w.write_files(
        options(), naming,
        {problem(), strategy(), options().argv, to_json(as_reported(r.stats, options(), out.met())),
         options().textbook_backtracks});
  } else if (detail::always_counted<P> || reported) {
    r.outcome = bt::search(p, bt::visitors(lim, sv, out));
  } else if constexpr (!detail::always_counted<P>) {
    r.outcome = bt::search(p, bt::visitors(lim, out));
  }
  r.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  r.budget_spent = lim.spent_all();
  r.met = out.met();
  r.solutions = out.found();
  add_stats(r.stats);
  if (optimising) exhausted(r.outcome == bt::outcome::exhausted && !r.met);
  if (r.outcome == bt::outcome::stopped && !r.met && !r.budget_spent) {
    stop(limits_.reason() == bt::stop_reason::none ? bt::stop_reason::interrupted
                                                   : limits_.reason());
  }
  return r;
}

template <class Desc>
template <bt::problem P, class Reader>
bool session<Desc>::by_units(P& p, const Reader& reader) {
  if constexpr (!std::copy_constructible<P> || !std::copy_constructible<Reader>) {
    throw usage_error("strategy " + strategy() + " cannot be split into work units");
  } else {
    // A unit is searched with the visitors of the run's statistics search (search() above),
    // so the units add no instantiation of the engine on P: only the split's, on the cut.
    const auto search_unit = [this, reader](P& root, std::span<const typename P::value_type> prefix,
                                            bt::shared_limits& limits) {
      unit_result r;
      bt::limit_visitor polls(0, std::nullopt, limits.source());
      Reader own = reader;  // a thread's own copy
      {
        const bt::polling_scope<P> polled(root, polls);
        detail::run_limits lim(polls, limits);
        sink<P, Reader> out(*this, own, prefix, r.stats.nodes);
        bt::stats_visitor sv{r.stats};
        r.done = bt::search(root, bt::visitors(lim, sv, out)) == bt::outcome::exhausted;
        r.total = out.found();
        r.tally = out.tally();
      }  // the unit's last nodes charged
      return r;
    };
    const std::size_t cut = units_.depth ? *units_.depth : auto_cut(p);
    const engine_units<P, decltype(search_unit)> source(p, cut, params_ + " strategy=" + strategy(),
                                                        search_unit);
    return count_units(source);
  }
}

template <class Desc>
bool session<Desc>::count_units(const unit_source& source) {
  unit_options u = units_;
  if (tallies()) u.tally = tally_name();
  const unit_run run = run_units(source, u, options(), out(), err());
  if (!run.totals) {
    printed_elsewhere(run.status);  // the units' own lines are the output
    return is_stop(run.status);
  }
  const unit_count& c = *run.totals;
  counted(c.total);
  tallied(c.tally);
  if (!c.tally_known) tally_unknown();
  add_stats(c.stats);
  stop(c.reason);
  result("units", c.units);
  result("units_done", c.units_done);
  return c.reason != bt::stop_reason::none;
}

}  // namespace btsolve

#include <btsolve/optimise_threads.hpp>
