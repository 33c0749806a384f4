// SPDX-License-Identifier: MIT
// `btsolve nqueens`: the N-Queens problem in its five textbook representations, a heuristic
// backtracking search and min-conflicts for large boards.
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

#include <atomic>
#include <charconv>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "csp_strategy.hpp"
#include "plugin.hpp"
#include "nqueens_units.hpp"
#include "plugin_nqueens.hpp"
#include "progress.hpp"
#include "report.hpp"
#include "run.hpp"

namespace btsolve {
namespace {

namespace nq = bt::problems::nqueens;

// "R,C" 1-based -> 0-based queen; the range check is row_domains' (it names the board).
nq::queen parse_place(const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos) {
    throw usage_error("--place wants ROW,COLUMN (1-based), not '" + text + "'");
  }
  const auto row = parse_int(text.substr(0, comma), "--place row");
  const auto col = parse_int(text.substr(comma + 1), "--place column");
  if (row < 1 || col < 1 || row > nq::max_n || col > nq::max_n) {
    throw usage_error("--place " + text + ": rows and columns are 1-based and at most the board size");
  }
  return {static_cast<int>(row - 1), static_cast<int>(col - 1)};
}

enum class format { matrix, tuple, board, json };

// Boards wider than this print as tuples unless --format says otherwise.
constexpr int matrix_max_n = 64;

format parse_format(const std::string& f) {
  if (f.empty() || f == "matrix") return format::matrix;
  if (f == "tuple") return format::tuple;
  if (f == "board") return format::board;
  if (f == "json") return format::json;
  throw usage_error("--format for nqueens is matrix, tuple, board or json, not '" + f + "'");
}

void print_solution(std::ostream& out, format f, const std::vector<int>& cols, bool first_one) {
  const int n = static_cast<int>(cols.size());
  switch (f) {
    case format::tuple: {
      // One buffer and one write: a million columns print in milliseconds.
      std::string line(cols.size() * 9 + 3, '\0');
      char* p = line.data();
      char* const end = line.data() + line.size();
      *p++ = '(';
      for (std::size_t r = 0; r < cols.size(); ++r) {
        if (r != 0) *p++ = ',';
        p = std::to_chars(p, end, cols[r] + 1).ptr;
      }
      *p++ = ')';
      *p++ = '\n';
      out.write(line.data(), p - line.data());
      return;
    }
    case format::matrix:
      if (!first_one) out << '\n';
      nq::print_matrix(out, n, cols, cols.size());
      return;
    case format::board:
      if (!first_one) out << '\n';
      for (const int c : cols) {
        for (int j = 0; j < n; ++j) {
          out << (j ? " " : "") << (j == c ? 'Q' : '.');
        }
        out << '\n';
      }
      return;
    case format::json:
      return;
  }
}

class nqueens_plugin final : public plugin {
 public:
  void add_options(po::options_description& desc) const override {
    po::options_description d("N-Queens options");
    d.add_options()
        ("size,n", po::value<std::string>(), "board size N (required)")
        ("place", po::value<std::vector<std::string>>()->composing(),
         "pre-place a queen at ROW,COLUMN (1-based); repeatable")
        ("strategy", po::value<std::string>(),
         "naive | board | attack | arrays | bitboard | symmetry | halves | heuristic | "
         "min-conflicts, "
         "or engine switches joined by + such as mrv+fc+cbj (default: by n and mode, "
         "docs/problems/nqueens.md, docs/strategies.md)")
        ("unique", "with --count: also count fundamental solutions (8 symmetries)")
        ("threads", po::value<std::string>(),
         "threads for counting with bitboard, symmetry or halves (default: all cores)")
        ("seed", po::value<std::string>(),
         "seed of the heuristic's order and of min-conflicts' choices (default 1)");
    add_csp_options(d);
    desc.add(d);
    add_unit_options(desc);
  }

  int run(const po::variables_map& vm, const run_options& o, std::ostream& out,
          std::ostream& err) override {
    if (!vm.count("size")) {
      throw usage_error("nqueens needs the board size: -n N");
    }
    const auto n64 = parse_int(vm["size"].as<std::string>(), "-n");
    if (n64 < 1 || n64 > nq::max_n) {
      throw usage_error("-n " + std::to_string(n64) + " is out of range 1.." +
                        std::to_string(nq::max_n));
    }
    const int n = static_cast<int>(n64);
    std::vector<nq::queen> placed;
    if (vm.count("place")) {
      for (const auto& t : vm["place"].as<std::vector<std::string>>()) {
        placed.push_back(parse_place(t));
      }
    }
    const bool counting_free = o.what == mode::count && placed.empty() && !o.watched();
    std::optional<nq::strategy> strat;
    std::optional<std::string> sname;
    if (vm.count("strategy")) {
      sname = vm["strategy"].as<std::string>();
      strat = nq::parse_strategy(*sname);
    }
    const auto engine =
        csp_switches(vm, strat ? std::nullopt : sname, strat.has_value(),
                     "naive, board, attack, arrays, bitboard, symmetry, halves, heuristic, "
                     "min-conflicts");
    if (engine) {
      return solve_engine(n, placed, *engine, vm, o, out, err);
    }
    // Counting the empty board: halves, the fastest, unless the count goes by work units
    // (--split, --unit, --checkpoint, btsolve-mpi), which symmetry's subproblems make.
    const bool by_units = vm.count("split") || vm.count("unit") || counts_by_units(vm);
    if (!strat && counting_free && !by_units && n >= nq::halves_min_n &&
        n <= nq::max_n_of(nq::strategy::halves)) {
      strat = nq::strategy::halves;
    } else if (!strat && counting_free && n >= 4 && n <= nq::max_n_of(nq::strategy::symmetry)) {
      strat = nq::strategy::symmetry;
    } else if (!strat) {
      strat = nq::default_strategy(n, o.what == mode::first ? nq::goal::first
                                      : o.limit != 0        ? nq::goal::some
                                                            : nq::goal::every);
    }
    int threads = 0;
    if (vm.count("threads")) {
      const auto t = parse_int(vm["threads"].as<std::string>(), "--threads");
      if (t < 1 || t > 1024) {
        throw usage_error("--threads " + std::to_string(t) + " is out of range 1..1024");
      }
      threads = static_cast<int>(t);
    }
    const std::uint64_t seed = vm.count("seed")
                                   ? parse_count(vm["seed"].as<std::string>(), "--seed")
                                   : nq::heuristic::default_seed;
    const bool unique = vm.count("unique") > 0;
    if (unique && o.what != mode::count) {
      throw usage_error("--unique goes with --count");
    }
    if (unique && !placed.empty()) {
      throw usage_error("--unique counts symmetry classes of the empty board; drop --place");
    }
    const format fmt =
        o.format.empty() && n > matrix_max_n ? format::tuple : parse_format(o.format);
    if (*strat == nq::strategy::symmetry || *strat == nq::strategy::halves) {
      const std::string s(nq::name(*strat));
      if (o.what != mode::count) {
        throw usage_error("strategy " + s + " only counts: add --count");
      }
      if (!placed.empty()) {
        throw usage_error("strategy " + s + " counts the empty board: drop --place");
      }
      if (o.watched()) {
        throw usage_error("--trace, --tree, --replay and --estimate are not available with strategy " + s);
      }
      if (n > nq::max_n_of(*strat)) {
        throw usage_error("strategy " + s + " supports n up to " +
                          std::to_string(nq::max_n_of(*strat)) + ", not " + std::to_string(n));
      }
      if (*strat == nq::strategy::halves && n < nq::halves_min_n) {
        throw usage_error("strategy halves supports n from " + std::to_string(nq::halves_min_n) +
                          ", not " + std::to_string(n) + " (the board has no halves to join)");
      }
      if (*strat == nq::strategy::halves && by_units) {
        throw usage_error("counting by units (--split, --unit, --checkpoint, btsolve-mpi) needs "
                          "strategy symmetry or bitboard, not halves");
      }
    }
    if (*strat == nq::strategy::min_conflicts) {
      if (o.what != mode::first) {
        throw usage_error(
            "strategy min-conflicts finds one solution: no --all, --count or --limit");
      }
      if (o.watched()) {
        throw usage_error("strategy min-conflicts is a local search: there is no tree to --trace, --tree, --replay or --estimate");
      }
    }
    try {
      const nq::row_domains domains(n, placed);
      const bool parallel = o.what == mode::count && !o.watched() &&
                            ((*strat == nq::strategy::symmetry && n >= 4) ||
                             *strat == nq::strategy::halves ||
                             (*strat == nq::strategy::bitboard && !unique && n <= 32));
      if (parallel) {
        return count_in_parallel(vm, domains, *strat, threads, o, fmt, unique, out, err);
      }
      if (vm.count("split") || vm.count("unit") || counts_by_units(vm)) {
        throw usage_error("counting by units (--split, --unit, --checkpoint, btsolve-mpi) needs "
                          "--count with strategy symmetry or bitboard");
      }
      if (*strat == nq::strategy::min_conflicts) {
        return solve_local(domains, seed, o, fmt, out, err);
      }
      return nq::with_strategy(*strat, domains, [&](auto& problem) {
        return solve(problem, domains, nq::name(*strat), o, fmt, unique, out, err);
      }, seed);
    } catch (const nq::invalid_input& e) {
      throw usage_error(e.what());
    }
  }

 private:
  // --count with the bitboard or the symmetric counter: subproblems on every core.
  static int count_in_parallel(const po::variables_map& vm, const nq::row_domains& d,
                               nq::strategy strat, int threads, const run_options& o, format fmt,
                               bool unique, std::ostream& out, std::ostream& err) {
    const unit_count_request q{d, strat, unique, threads};
    if (const auto code = run_unit_mode(vm, q, o, out, err)) return *code;
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    const auto deadline = deadline_of(o, start);
    bt::shared_limits limits(o.node_limit, deadline);
    std::atomic<std::size_t> units{0};
    std::atomic<std::size_t> done{0};
    const bool json = fmt == format::json;
    const nq::count_options opts{threads, o.stats || json, &units, &done};
    nq::count_result r;
    bt::stop_reason reason = bt::stop_reason::none;
    {
      progress_bar bar(units, done);
      if (counts_by_units(vm)) {
        auto u = count_by_units(vm, q, opts.want_stats, limits, units, done, err);
        r = u.result;
        reason = u.reason;
      } else if (strat == nq::strategy::symmetry) {
        r = nq::count_symmetric(d.n(), opts, limits);
      } else if (strat == nq::strategy::halves) {
        r = nq::count_halves(d.n(), opts, limits);
      } else if (d.free()) {
        r = nq::count_parallel(nq::make_bitboard<std::uint32_t>(d.n()), d.n(), opts, limits);
      } else {
        std::vector<std::uint32_t> masks;
        r = nq::count_parallel(nq::make_bitboard<std::uint32_t>(d, masks), d.n(), opts, limits);
      }
    }
    r.stats.seconds = std::chrono::duration<double>(clock::now() - start).count();
    if (reason == bt::stop_reason::none) reason = limits.reason();
    // halves finds the fundamental solutions from the whole total (Burnside's lemma): a
    // stopped run has none to report.
    const bool unique_known = strat != nq::strategy::halves || reason == bt::stop_reason::none;
    if (json) {
      json_stream js(out, {{"problem", "nqueens"}, {"n", d.n()}, {"strategy", nq::name(strat)},
                           {"placed", placed_json(d)}, {"threads", threads}});
      nlohmann::json tail = {{"count", r.total}};
      if (unique) tail["unique"] = unique_known ? nlohmann::json(r.unique) : nlohmann::json(nullptr);
      tail["units"] = r.units;
      tail["units_done"] = r.units_done;
      tail["stats"] = to_json(r.stats);
      tail["stopped"] = stopped_json(reason);
      tail["exhausted"] = reason == bt::stop_reason::none;
      js.finish(tail);
    } else {
      out << "count: " << r.total << '\n';
      if (unique && unique_known) out << "unique: " << r.unique << '\n';
    }
    if (o.stats) report_stats(err, r.stats);
    report_stop(err, reason);
    if (reason != bt::stop_reason::none) return exit_code::stopped;
    return r.total == 0 ? exit_code::no_solution : exit_code::solved;
  }

  static nlohmann::json placed_json(const nq::row_domains& d) {
    nlohmann::json a = nlohmann::json::array();
    for (const auto& q : d.placed()) a.push_back({q.row + 1, q.col + 1});
    return a;
  }

  // The engine's CSP strategies (bt/csp) on the rows-as-variables model.
  static int solve_engine(int n, const std::vector<nq::queen>& placed, const bt::csp::config& c,
                          const po::variables_map& vm, const run_options& o, std::ostream& out,
                          std::ostream& err) {
    if (vm.count("threads")) {
      throw usage_error("--threads goes with strategy bitboard, symmetry or halves, not the engine's");
    }
    const bool unique = vm.count("unique") > 0;
    if (unique && (o.what != mode::count || !placed.empty())) {
      throw usage_error("--unique goes with --count on the empty board");
    }
    try {
      const nq::row_domains domains(n, placed);
      const nq::csp_model model(domains);
      const format fmt =
          o.format.empty() && n > matrix_max_n ? format::tuple : parse_format(o.format);
      return with_csp_solver(model, c, [&](auto& s) {
        return solve(s, domains, bt::csp::spec_of(c), o, fmt, unique, out, err);
      });
    } catch (const nq::invalid_input& e) {
      throw usage_error(e.what());
    }
  }

  template <class P>
  static int solve(P& problem, const nq::row_domains& d, std::string_view strat,
                   const run_options& o, format fmt, bool unique, std::ostream& out,
                   std::ostream& err) {
    const int n = d.n();
    constexpr bool engine = bt::csp::solver_state<P>;
    std::conditional_t<engine, bt::csp::describer, nq::textbook_describer> describer(
        [&] {
          if constexpr (engine) {
            return bt::csp::describer{};
          } else {
            return nq::textbook_describer(n);
          }
        }());
    std::vector<int> cols(static_cast<std::size_t>(n));
    const auto to_cols = [&](std::span<const typename P::value_type> values) {
      if constexpr (engine) {
        cols = values_by_variable(problem);
      } else {
        for (std::size_t r = 0; r < values.size(); ++r) {
          cols[static_cast<std::size_t>(nq::row_of(values[r], r))] = nq::column_of(values[r]);
        }
      }
    };
    const bool json = fmt == format::json;
    std::unique_ptr<json_stream> js;
    if (json) {
      js = std::make_unique<json_stream>(
          out, nlohmann::json{{"problem", "nqueens"}, {"n", n}, {"strategy", strat},
                              {"placed", placed_json(d)}});
    }
    std::uint64_t unique_count = 0;
    using span = std::span<const typename P::value_type>;
    const auto count_unique = [&](span v) {
      to_cols(v);
      unique_count += nq::is_canonical(cols) ? 1U : 0U;
    };
    bool first_one = true;
    const auto print_one = [&](span v) {
      to_cols(v);
      if (!nq::is_solution(cols)) {
        throw std::logic_error("internal error: a reported placement attacks");
      }
      if (json) {
        nlohmann::json s = nlohmann::json::array();
        for (const int c : cols) s.push_back(c + 1);
        js->solution(s);
      } else {
        print_solution(out, fmt, cols, first_one);
      }
      first_one = false;
    };
    search_result r;
    if constexpr (engine) {
      // 48 switch combinations: one callback for every mode and statistics always counted,
      // so each combination is two instantiations of the search (with and without --trace).
      r = run_search(problem, o,
                     [&](span v) {
                       if (o.what != mode::count) {
                         print_one(v);
                       } else if (unique) {
                         count_unique(v);
                       }
                     },
                     true, out, describer);
    } else if (o.what == mode::count) {
      r = unique ? run_search(problem, o, count_unique, json, out, describer)
                 : run_search(problem, o, count_only{}, json, out, describer);
    } else {
      r = run_search(problem, o, print_one, json, out, describer);
    }
    if (json) {
      nlohmann::json tail = {{"count", r.solutions}};
      if (unique) tail["unique"] = unique_count;
      tail["stats"] = to_json(r.stats);
      tail["stopped"] = stopped_json(r.reason);
      tail["exhausted"] = r.outcome == bt::outcome::exhausted;
      js->finish(tail);
    } else if (o.what == mode::count) {
      out << "count: " << r.solutions << '\n';
      if (unique) out << "unique: " << unique_count << '\n';
    }
    if (o.stats) report_stats(err, r.stats);
    report_stop(err, r.reason);
    if (r.cut_short()) return exit_code::stopped;
    if (r.solutions == 0) {
      if (!json && o.what != mode::count) {
        err << "no solution: " << n << " queens cannot be placed"
            << (d.free() ? "" : " with the given queens") << '\n';
      }
      return exit_code::no_solution;
    }
    return exit_code::solved;
  }

  // min-conflicts: one solution by local search; steps count as nodes for --node-limit and in
  // the statistics (nodes = steps, solutions, seconds; the tree counters stay 0).
  static int solve_local(const nq::row_domains& d, std::uint64_t seed, const run_options& o,
                         format fmt, std::ostream& out, std::ostream& err) {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    const auto deadline = deadline_of(o, start);
    bt::limit_visitor limits(0, deadline);  // its clock and Ctrl-C checks
    nq::min_conflicts search(d, seed);
    const auto result = search.run(o.node_limit, [&] { return limits.poll(); });
    const bool solved = result == nq::min_conflicts::result::solved;
    bt::stop_reason reason = bt::stop_reason::none;
    if (result == nq::min_conflicts::result::step_limit) {
      reason = bt::stop_reason::node_limit;
    } else if (!solved) {
      reason = limits.reason() == bt::stop_reason::none ? bt::stop_reason::interrupted
                                                        : limits.reason();
    }
    bt::stats st;
    st.nodes = search.steps();
    st.solutions = solved ? 1 : 0;
    st.seconds = std::chrono::duration<double>(clock::now() - start).count();
    const std::vector<int>& cols = search.columns();
    if (solved && !nq::is_solution(cols)) {
      throw std::logic_error("internal error: min-conflicts returned an attacking placement");
    }
    if (fmt == format::json) {
      json_stream js(out, {{"problem", "nqueens"},
                           {"n", d.n()},
                           {"strategy", nq::name(nq::strategy::min_conflicts)},
                           {"placed", placed_json(d)},
                           {"seed", seed}});
      if (solved) {
        nlohmann::json s = nlohmann::json::array();
        for (const int c : cols) s.push_back(c + 1);
        js.solution(s);
      }
      nlohmann::json tail = {{"count", st.solutions}};
      tail["stats"] = to_json(st);
      tail["stopped"] = stopped_json(reason);
      tail["exhausted"] = false;
      js.finish(tail);
    } else if (solved) {
      print_solution(out, fmt, cols, true);
    }
    if (o.stats) {
      report_stats(err, st);
      err << "restarts: " << search.restarts() << '\n';
    }
    report_stop(err, reason);
    return solved ? exit_code::solved : exit_code::stopped;
  }
};

}  // namespace

void register_nqueens(registry& r) {
  r.add("nqueens", "place n queens on an n x n board so that none attacks another",
        [] { return std::make_unique<nqueens_plugin>(); });
}

}  // namespace btsolve
