// SPDX-License-Identifier: MIT
// A problem described once buys the whole runner (docs/adding-a-problem.md): first / all /
// count / --limit, text, JSON and CSV, statistics, stop reasons and exit codes, --trace /
// --tree / --replay / --estimate, `compare`, and counting by work units (--split, --unit,
// --checkpoint, `merge`, btsolve-mpi). A description is a struct of static members:
//
//   name, summary                     std::string_view: the command and its line in `list`
//   using request = R;                the typed options (aggregate, default values in it)
//   using solution_type = S;          what one solution reports (a vector of numbers prints
//                                     by default; else print / to_json, print.hpp)
//   options(option_set<R>&)           the options, each into a field of R, with the rules
//                                     checked before the run (only_in, conflicts_with,
//                                     required_unless, not_with_engine)           (optional)
//   strategies                        the strategy table (optional: one strategy, "default"):
//                                     a reference to the problem layer's std::array of
//                                     bt::strategy_row (names.hpp), whose values run() reads
//                                     as session::strategy_value(); or strategy_info rows
//                                     when the problem has no table of its own
//   make(const R&, std::string_view strategy) -> P, and solution(const P&[, values]) -> S:
//                                     the search of a strategy and how a solution reads;
//   or instance(const R&, run_report& or session&) -> I, the instance read and checked once (a
//      limit that stops the reading: s.stop(reason), and the run ends there), with
//      search(const R&, const I&, strategy, k): k(p, naming, reader[, search_options]) searches
//                                     p, a problem type of the chosen strategy (its value in
//                                     the table, or its name), and returns the search_outcome
//                                     the phase may return; engine_search(const R&, const I&,
//                                     const bt::csp::config&, k) the same for the engine's
//                                     strategies; or items(const R&, const I&) -> a range, each
//                                     item searched by solve_item(r, inst, item, session&) -> S
//                                     (with item_solved(S), item_stopped(S), item_noun): a
//                                     batch, one result per item. Optionally
//                                     head(const R&, const I&) -> JSON members,
//                                     answer(const R&, const I&, session&) -> bool: work
//                                     outside the engine that answers the run (a counter of
//                                     its own, through session::outside), no_solution(const
//                                     R&, const I&) and results(const R&, const I&[, const
//                                     search_outcome&], session&): the lines after the search
//                                     (the best's members, a check, a second phase).
//
// Optional: aliases[], formats[] (text formats; default "text"), default_format(const R&),
// default_strategy(const R&, const run_options&[, const unit_options&]) with, when it depends on
// more than the mode, default_strategy_help() (the words --help gives), noun ("cycle"), head(const
// R&) -> JSON members, no_solution(const R&) -> the line when none exists, naming(const R&, const
// P&) -> the Describer (bt/describer.hpp), and for the engine's CSP strategies csp_model(const R&)
// with csp_solution(const R&, values by variable) -> S (or engine_strategies = true when
// engine_search, or the instance read, searches with them: session::engine()).
#pragma once

#include <array>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <memory>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/csp.hpp>
#include <bt/names.hpp>
#include <bt/trace.hpp>
#include <btsolve/csp.hpp>
#include <btsolve/describe.hpp>
#include <btsolve/plugin.hpp>
#include <btsolve/print.hpp>
#include <btsolve/registry.hpp>
#include <btsolve/request.hpp>
#include <btsolve/session.hpp>
#include <btsolve/units.hpp>

namespace btsolve {

namespace detail {

/// Desc reads its instance once, instance(request, run_report&) (or session<Desc>&, when the
/// checks need the run's units or engine), and runs in declared phases
/// (described::run_instance): head, answer, no_solution, search, results.
template <class Desc>
concept reads_instance = requires(const typename Desc::request& r, session<Desc>& s) {
  Desc::instance(r, s);
};

// (clang-format 14 breaks the layout of this requires-clause)
// clang-format off
template <class Desc>
concept has_csp_model = requires(const typename Desc::request& r) { Desc::csp_model(r); } ||
                        requires { requires Desc::engine_strategies; };
// clang-format on

/// The runner's row of a problem layer's strategy row (bt::strategy_row), or of a row the
/// description declares itself (strategy_info).
template <class Row>
constexpr strategy_info info_of(const Row& row) {
  if constexpr (std::same_as<Row, strategy_info>) {
    return row;
  } else {
    return {row.name, row.summary, row.answers, row.tree, row.optimises};
  }
}

/// The strategies Desc declares, or the one "default" strategy.
template <class Desc>
std::vector<strategy_info> strategies_of() {
  if constexpr (requires { Desc::strategies; }) {
    std::vector<strategy_info> out;
    for (const auto& row : Desc::strategies) out.push_back(info_of(row));
    return out;
  } else {
    return {strategy_info{"default", "the problem's search"}};
  }
}

/// The text formats Desc declares ({"text"} by default).
template <class Desc>
std::vector<std::string_view> formats_of() {
  if constexpr (requires { Desc::formats; }) {
    return {std::begin(Desc::formats), std::end(Desc::formats)};
  } else {
    return {"text"};
  }
}

/// The word for one solution in messages ("solution", "cycle").
template <class Desc>
std::string noun_of() {
  if constexpr (requires { Desc::noun; }) {
    return std::string(Desc::noun);
  } else {
    return "solution";
  }
}

/// The Describer of p: Desc::naming(r, p), the engine's words for a CSP solver, or words for
/// any problem whose values print.
template <class Desc, class P>
auto naming_of(const typename Desc::request& r, const P& p) {
  if constexpr (requires { Desc::naming(r, p); }) {
    return Desc::naming(r, p);
  } else if constexpr (bt::csp::solver_state<P>) {
    return bt::csp::describer{};
  } else {
    return bt::word_describer{};
  }
}

/// The non-template half of a described problem's run: strategy, format and unit checks.
struct run_plan {
  std::string strategy;                   ///< the strategy that runs
  std::optional<bt::csp::config> engine;  ///< the engine's switches, when it is theirs
  report_setup setup;
  unit_options units;
};

/// The strategy a run names (--strategy, or the engine's switches), found and checked against
/// the run's mode: what plan_run and a check before the run (plugin::check) share.
struct named_strategy {
  std::optional<std::string> named;       ///< --strategy as given
  const strategy_info* own = nullptr;     ///< its row in the problem's strategies, if it is one
  std::optional<bt::csp::config> engine;  ///< the engine's switches, when they are the strategy
};

/// Find the strategy vm names among `strategies` (or the engine's, when has_csp) and check it
/// answers o's mode; throws usage_error. `own` points into `strategies`.
named_strategy resolve_strategy(const std::vector<strategy_info>& strategies, bool has_csp,
                                const std::string& noun, const po::variables_map& vm,
                                const run_options& o);

/// Resolve the run's strategy and format and check they fit the options (usage_error).
run_plan plan_run(std::string_view problem, const std::vector<strategy_info>& strategies,
                  const std::string& default_strategy, bool has_csp,
                  const std::vector<std::string_view>& formats, const std::string& default_format,
                  bool csv, const std::string& noun, unit_options units,
                  const po::variables_map& vm, const run_options& o);

/// Every value --format takes: the text formats (the first is the default), json, and csv
/// when the solution prints as a row.
std::vector<std::string> every_format(const std::vector<std::string_view>& text, bool csv);

/// The --strategy option's help line: the strategies, the engine's when has_csp, and the
/// default in words.
std::string strategy_help(const std::vector<strategy_info>& strategies, bool has_csp,
                          const std::string& default_strategy);

/// f(n) over n = lo..hi as runs of equal values, "a (n = 1..29), b (30..4096)": the words of a
/// default that depends on a size. Each run's end is found by doubling steps, then bisection,
/// so a value must not come back after a run of another value shorter than the step that
/// skipped it (true of thresholds on n).
template <class F>
std::string by_size(int lo, int hi, F f) {
  std::string out;
  for (int from = lo; from <= hi;) {
    const auto value = f(from);
    int same = from;  // f is value on from..same
    int step = 1;
    while (step <= hi - same && f(same + step) == value) {
      same += step;
      step *= 2;
    }
    for (int other = step <= hi - same ? same + step : hi + 1; other - same > 1;) {
      const int mid = same + (other - same) / 2;
      (f(mid) == value ? same : other) = mid;
    }
    out += (out.empty() ? "" : ", ") + std::string(value) + " (" + (out.empty() ? "n = " : "") +
           std::to_string(from) + ".." + std::to_string(same) + ")";
    from = same + 1;
  }
  return out;
}

}  // namespace detail

/// The runner's face of the problem described by Desc (the virtual layer above its
/// templates): register it with add_problem<Desc>(registry).
template <class Desc>
class described final : public plugin {
 public:
  using request = typename Desc::request;

  void add_options(po::options_description& d) const override {
    d.add(option_set_of().describe());
    po::options_description strategy("Strategy");
    const std::string help =
        detail::strategy_help(strategies(), detail::has_csp_model<Desc>, default_strategy_help());
    strategy.add_options()("strategy", po::value<std::string>(), help.c_str());
    if constexpr (detail::has_csp_model<Desc>) add_csp_options(strategy);
    d.add(strategy);
    if (counts()) {
      d.add(unit_option_descriptions());
    } else if (optimises()) {
      d.add(thread_option_description());
    }
  }

  [[nodiscard]] std::vector<strategy_info> strategies() const override {
    return detail::strategies_of<Desc>();
  }

  // The option_set's typed records, then --strategy, the engine's switches and the units'.
  [[nodiscard]] std::vector<option_record> option_records() const override {
    std::vector<option_record> out = option_set_of().records();
    const std::string def = default_strategy_help();
    const auto more =
        strategy_records(strategies(), detail::has_csp_model<Desc>, def,
                         detail::strategy_help(strategies(), detail::has_csp_model<Desc>, def),
                         counts()      ? unit_option_descriptions()
                         : optimises() ? thread_option_description()
                                       : po::options_description(),
                         counts() ? "Counting by work units" : "Threads");
    out.insert(out.end(), more.begin(), more.end());
    return out;
  }

  [[nodiscard]] std::vector<std::string> formats() const override {
    return detail::every_format(detail::formats_of<Desc>(),
                                prints_csv<Desc, typename Desc::solution_type>);
  }

  [[nodiscard]] unsigned modes() const override { return answered_modes(); }

  void check(const po::variables_map& vm, const run_options& o) const override {
    (void)units_of(vm, o);
    const detail::named_strategy named = detail::resolve_strategy(
        strategies(), detail::has_csp_model<Desc>, detail::noun_of<Desc>(), vm, o);
    check_option_rules(option_set_of().records(), vm, o, named.engine.has_value());
  }

  int run(const po::variables_map& vm, const run_options& o, run_io io) override {
    request r{};
    const option_set<request> set = option_set_of();
    set.read(vm, r);
    const unit_options units = units_of(vm, o);
    const detail::run_plan plan = detail::plan_run(
        Desc::name, strategies(), default_strategy(r, o, units), detail::has_csp_model<Desc>,
        detail::formats_of<Desc>(), default_format(r),
        prints_csv<Desc, typename Desc::solution_type>, detail::noun_of<Desc>(), units, vm, o);
    check_option_rules(set.records(), vm, o, plan.engine.has_value());
    session<Desc> s(r, plan.setup, o, io, plan.units,
                    std::string(Desc::name) + " " + set.canonical(vm), plan.engine);
    if constexpr (requires { Desc::head(r); }) {
      const nlohmann::json head = Desc::head(r);
      for (const auto& [key, value] : head.items()) s.head(key, value);
    }
    if constexpr (requires { Desc::no_solution(r); }) s.no_solution_note(Desc::no_solution(r));
    if constexpr (detail::reads_instance<Desc>) {
      run_instance(r, s);
    } else {
      run_default(r, s);
    }
    return s.finish();
  }

 private:
  static option_set<request> option_set_of() {
    option_set<request> set(std::string(Desc::name) + " options");
    if constexpr (requires { Desc::options(set); }) Desc::options(set);
    return set;
  }
  static unit_options units_of(const po::variables_map& vm, const run_options& o) {
    unit_options u = counts()      ? read_unit_options(vm, o)
                     : optimises() ? read_thread_option(vm)
                                   : unit_options{};
    u.executor = o.executor;
    return u;
  }
  // The default --help states: the problem's words, else its default_strategy for each mode it
  // answers (on a request of default values), else the first strategy.
  static std::string default_strategy_help() {
    if constexpr (requires { Desc::default_strategy_help(); }) {
      return std::string(Desc::default_strategy_help());
    } else if constexpr (
        requires(const request& r, const run_options& o) { Desc::default_strategy(r, o); } ||
        requires(const request& r, const run_options& o, const unit_options& u) {
          Desc::default_strategy(r, o, u);
        }) {
      const unsigned answered = answered_modes();
      std::vector<std::pair<std::string, std::string>> by_mode;  // (default, mode's words)
      for (const mode m : {mode::first, mode::all, mode::count}) {
        if ((answered & bit_of(m)) == 0) continue;
        run_options o;
        o.what = m;
        by_mode.emplace_back(default_strategy(request{}, o, unit_options{}), words_of(m));
      }
      bool one = true;
      for (const auto& [name, words] : by_mode) one = one && name == by_mode.front().first;
      if (one && !by_mode.empty()) return by_mode.front().first;
      std::string text;
      for (const auto& [name, words] : by_mode) {
        text += (text.empty() ? "" : ", ") + name + " for " + words;
      }
      return text;
    } else {
      return std::string(detail::strategies_of<Desc>().front().name);
    }
  }
  // An optimising strategy's modes are not counts (check_fit refuses --count for it).
  static unsigned answered_modes() {
    unsigned m = detail::has_csp_model<Desc> ? unsigned{every_mode} : 0U;
    for (const auto& s : detail::strategies_of<Desc>()) {
      m |= s.optimises ? s.modes & ~unsigned{mode_bits::counts} : s.modes;
    }
    return m;
  }
  static bool counts() {
    for (const auto& s : detail::strategies_of<Desc>()) {
      if ((s.modes & mode_bits::counts) != 0) return true;
    }
    return detail::has_csp_model<Desc>;
  }
  static bool optimises() {
    for (const auto& s : detail::strategies_of<Desc>()) {
      if (s.optimises) return true;
    }
    return false;
  }
  static std::string default_strategy(const request& r, const run_options& o,
                                      const unit_options& u) {
    if constexpr (requires { Desc::default_strategy(r, o, u); }) {
      return std::string(Desc::default_strategy(r, o, u));
    } else if constexpr (requires { Desc::default_strategy(r, o); }) {
      return std::string(Desc::default_strategy(r, o));
    } else {
      return std::string(detail::strategies_of<Desc>().front().name);
    }
  }
  static std::string default_format(const request& r) {
    if constexpr (requires { Desc::default_format(r); }) {
      return std::string(Desc::default_format(r));
    } else {
      return std::string(detail::formats_of<Desc>().front());
    }
  }

  // instance(), then the phases the description declares: its head and no-solution line,
  // work outside the engine that may answer the run (answer), the search of the chosen
  // strategy (search, or engine_search for the engine's strategies: one problem type per
  // strategy), or a batch of items searched one by one (items), and the results after it.
  static void run_instance(const request& r, session<Desc>& s) {
    const auto inst = Desc::instance(r, s);
    if (s.stop_reason() != bt::stop_reason::none) return;  // a limit stopped the reading
    if constexpr (requires { Desc::head(r, inst); }) {
      const nlohmann::json head = Desc::head(r, inst);
      for (const auto& [key, value] : head.items()) s.head(key, value);
    }
    if constexpr (requires { Desc::answer(r, inst, s); }) {
      if (Desc::answer(r, inst, s)) return;
    }
    if constexpr (requires { Desc::no_solution(r, inst); }) {
      s.no_solution_note(Desc::no_solution(r, inst));
    }
    if constexpr (requires { Desc::items(r, inst); }) {
      run_items(r, inst, s);
    } else {
      const search_outcome o = search_phase(r, inst, s);
      if constexpr (requires { Desc::results(r, inst, o, s); }) {
        Desc::results(r, inst, o, s);
      } else if constexpr (requires { Desc::results(r, inst, s); }) {
        Desc::results(r, inst, s);
      }
    }
  }

  // The chosen strategy's value in Desc's table, or its name when the table has no values.
  static auto strategy_arg(const session<Desc>& s) {
    if constexpr (requires { Desc::strategies[0].value; }) {
      return s.strategy_value();
    } else {
      return std::string_view(s.strategy());
    }
  }

  // What search and engine_search are given: k(p, naming, reader[, options]) is the session's
  // search and returns its search_outcome; k.limits() the run's limits, for a problem that
  // propagates while it is built (a cp::solver's root: bt::cp::solver(model, strategy,
  // &k.limits())), so that a limit ends that too.
  struct searcher {
    session<Desc>& s;
    template <class P, class Naming, class Reader>
    search_outcome operator()(P& p, Naming& naming, Reader reader,
                              const search_options& so = {}) const {
      return s.search(p, naming, std::move(reader), so);
    }
    [[nodiscard]] bt::limit_visitor& limits() const { return s.limits(); }
  };

  // search (or engine_search) with k, a searcher; the phase may return k's outcome (else no
  // outcome: {}).
  template <class I>
  static search_outcome search_phase(const request& r, const I& inst, session<Desc>& s) {
    const searcher k{s};
    const auto outcome = [](auto&& phase) -> search_outcome {
      if constexpr (std::is_void_v<decltype(phase())>) {
        phase();
        return {};
      } else {
        return phase();
      }
    };
    if constexpr (requires { Desc::engine_search(r, inst, *s.engine(), k); }) {
      if (s.engine()) return outcome([&] { return Desc::engine_search(r, inst, *s.engine(), k); });
    }
    return outcome([&] { return Desc::search(r, inst, strategy_arg(s), k); });
  }

  // A batch (sudoku's puzzles): each item searched on its own by solve_item(r, inst, item, s)
  // and printed as one result, in order; the run ends at the first stopped item. The report
  // counts the items solved (item_solved) and gives items and items a second in --stats.
  template <class I>
  static void run_items(const request& r, const I& inst, session<Desc>& s) {
    s.no_count_line();
    s.quota(0);  // --limit applies to each item
    const auto start = std::chrono::steady_clock::now();
    std::size_t solved = 0;
    std::size_t done = 0;
    for (const auto& item : Desc::items(r, inst)) {
      const typename Desc::solution_type v = Desc::solve_item(r, inst, item, s);
      ++done;
      const bool stopped = Desc::item_stopped(v);
      solved += Desc::item_solved(v) && !stopped ? 1U : 0U;
      s.emit(v);
      if (stopped) break;
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    const std::size_t unsolved = done - solved - (s.stop_reason() != bt::stop_reason::none ? 1 : 0);
    const std::string noun = [] {
      if constexpr (requires { Desc::item_noun; }) {
        return std::string(Desc::item_noun);
      } else {
        return std::string("items");
      }
    }();
    s.counted(solved);
    s.solved(unsolved == 0);
    s.result("solved", solved);
    s.result("unsolved", unsolved);
    s.stats_note(noun + ": " + std::to_string(done));
    s.stats_note(noun + "_per_second: " +
                 std::to_string(seconds > 0 ? static_cast<double>(done) / seconds : 0.0));
  }

  // make() and solution(): the one search of the chosen strategy, or the engine's CSP solver.
  static void run_default(const request& r, session<Desc>& s) {
    if constexpr (requires { Desc::csp_model(r); }) {
      if (s.engine()) {
        const auto model = Desc::csp_model(r);
        with_csp_solver(model, *s.engine(), [&](auto& solver) {
          bt::csp::describer naming;
          s.search(solver, naming, [&r](const auto& state, auto) {
            return Desc::csp_solution(r, values_by_variable(state));
          });
        });
        return;
      }
    }
    if constexpr (requires { Desc::make(r, std::string_view()); }) {
      auto p = Desc::make(r, s.strategy());
      auto naming = detail::naming_of<Desc>(r, p);
      using P = decltype(p);
      s.search(p, naming, [](const P& state, std::span<const typename P::value_type> values) {
        if constexpr (requires { Desc::solution(state, values); }) {
          return Desc::solution(state, values);
        } else {
          return Desc::solution(state);
        }
      });
    }
  }
};

/// Register the problem described by Desc (and its aliases) in reg.
template <class Desc>
void add_problem(registry& reg) {
  reg.add(std::string(Desc::name), std::string(Desc::summary),
          [] { return std::make_unique<described<Desc>>(); });
  if constexpr (requires { Desc::aliases; }) {
    for (const std::string_view a : Desc::aliases)
      reg.alias(std::string(a), std::string(Desc::name));
  }
}

}  // namespace btsolve
