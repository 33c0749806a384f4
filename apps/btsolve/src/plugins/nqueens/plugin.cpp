// SPDX-License-Identifier: MIT
// `btsolve nqueens`: the N-Queens problem in its five textbook representations, the two
// counters (symmetry classes, halves met in the middle), a heuristic backtracking search and
// min-conflicts for large boards, and the engine's CSP strategies.
#include <bt/cp/describer.hpp>
#include <bt/cp/solver.hpp>
#include <bt/problems/nqueens/cp_model.hpp>
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

#include <atomic>
#include <charconv>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <btsolve/problem.hpp>

#include "plugins/nqueens/units.hpp"
#include "plugins/plugins.hpp"
#include "units/progress.hpp"

namespace btsolve {
namespace {

namespace nq = bt::problems::nqueens;

/// Boards wider than this print as tuples unless --format says otherwise.
constexpr int matrix_max_n = 64;

struct nqueens_request {
  int n = 0;
  std::vector<nq::queen> placed;  // 0-based
  bool unique = false;
  std::uint64_t seed = nq::heuristic::default_seed;
};

// "R,C" 1-based -> 0-based queen; the range check is row_domains' (it names the board).
void parse_place(nqueens_request& r, const std::string&, const std::string& text) {
  const auto comma = text.find(',');
  if (comma == std::string::npos) {
    throw usage_error("--place wants ROW,COLUMN (1-based), not " + quote(text));
  }
  const auto row = parse_int(text.substr(0, comma), "--place row");
  const auto col = parse_int(text.substr(comma + 1), "--place column");
  if (row < 1 || col < 1 || row > nq::max_n || col > nq::max_n) {
    throw usage_error("--place " + one_line(text, 40) +
                      ": rows and columns are 1-based and at most the board size");
  }
  r.placed.push_back({static_cast<int>(row - 1), static_cast<int>(col - 1)});
}

// The queens a run starts from, as JSON [[row, column], ...], 1-based.
nlohmann::json placed_json(const std::vector<nq::queen>& placed) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto& q : placed) a.push_back({q.row + 1, q.col + 1});
  return a;
}

// The --replay picture: the board and the queens the user placed (0-based cells).
std::string board_picture(const nqueens_request& r) {
  nlohmann::json placed = nlohmann::json::array();
  for (const auto& q : r.placed) placed.push_back({q.row, q.col});
  return nlohmann::json{
      {"kind", "board"}, {"n", r.n}, {"title", std::to_string(r.n) + "-queens"}, {"placed", placed}}
      .dump();
}

// A tuple "(1,5,8,6,3,7,2,4)" in one buffer and one write: a million columns print in
// milliseconds.
void print_tuple(std::ostream& out, const std::vector<int>& cols) {
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
}

// --format matrix-columns, seed 000's board: its search places one queen per column, trying
// the rows top-down, and prints board[i][j] separated by tabs. That search is ours reflected
// in the main diagonal, so its solutions, in its order, are ours transposed: line j has a 1
// at position i when our row i's queen stands in column j.
void print_columns(std::ostream& out, const std::vector<int>& cols) {
  const std::size_t n = cols.size();
  std::string text;
  text.reserve(2 * n * n);
  for (std::size_t j = 0; j < n; ++j) {
    for (std::size_t i = 0; i < n; ++i) {
      if (i != 0) text += '\t';
      text += static_cast<std::size_t>(cols[i]) == j ? '1' : '0';
    }
    text += '\n';
  }
  out << text;
}

/// The constraint layer's words for a queen: its cell is (row, column) 0-based, as the board
/// picture wants (the model's values are the columns 1..n).
struct queen_words : bt::cp::describer {
  template <class E>
  [[nodiscard]] std::pair<long long, long long> cell(const E& e) const {
    return {e.value.var, static_cast<long long>(e.value.val) - 1};
  }
};

/// f(), with the problem layer's invalid_input as a usage error: the board, the queens or the
/// strategy's range the user chose is refused, not the program.
template <class F>
decltype(auto) usage_errors(F&& f) {
  try {
    return f();
  } catch (const nq::invalid_input& e) {
    throw usage_error(e.what());
  }
}

struct nqueens_problem {
  static constexpr std::string_view name = "nqueens";
  static constexpr std::string_view summary =
      "place n queens on an n x n board so that none attacks another";
  using request = nqueens_request;
  using solution_type = std::vector<int>;  // the column of each row's queen, 0-based
  static constexpr const auto& strategies = nq::strategy_names;
  static constexpr bool engine_strategies = true;
  static constexpr std::string_view formats[] = {"matrix", "tuple", "board", "matrix-columns"};

  static void options(option_set<request>& o) {
    o.number("size,n", &request::n, "board size N (required)", 1, nq::max_n)
        .shown_as("-n")
        .required("nqueens needs the board size: -n N")
        .parsed("place", "pre-place a queen at ROW,COLUMN (1-based); repeatable", parse_place)
        .repeatable()
        .flag("unique", &request::unique,
              "with --count: also count fundamental solutions (8 symmetries)")
        .only_in(mode_bits::counts, "--unique goes with --count")
        .conflicts_with("place",
                        "--unique counts symmetry classes of the empty board; drop --place")
        .number("seed", &request::seed,
                "seed of the heuristic's order and of min-conflicts' choices", std::uint64_t{0},
                UINT64_MAX);
  }

  static std::string_view default_format(const request& r) {
    return r.n > matrix_max_n ? "tuple" : "matrix";
  }

  // Counting the empty board: halves, the fastest, also by work units (its joins), so that
  // a cluster run counts as a plain one; else by n and by what is asked.
  static std::string_view default_strategy(const request& r, const run_options& o,
                                           const unit_options& /*units*/) {
    const bool counting_free = o.what == mode::count && r.placed.empty() && !o.watched();
    if (counting_free && r.n >= nq::halves_min_n && r.n <= nq::max_n_of(nq::strategy::halves)) {
      return "halves";
    }
    if (counting_free && r.n >= 4 && r.n <= nq::max_n_of(nq::strategy::symmetry)) return "symmetry";
    return nq::name(nq::default_strategy(r.n, o.what == mode::first ? nq::goal::first
                                              : o.limit != 0        ? nq::goal::some
                                                                    : nq::goal::every));
  }

  // The default by mode and n, read off default_strategy itself.
  static std::string default_strategy_help() {
    const auto by_n = [](mode what, std::uint64_t limit) {
      return detail::by_size(1, nq::max_n, [=](int n) {
        request r;
        r.n = n;
        run_options o;
        o.what = what;
        o.limit = limit;
        return default_strategy(r, o, unit_options{});
      });
    };
    return "the first solution: " + by_n(mode::first, 0) + "; --limit K: " + by_n(mode::all, 1) +
           "; --all: " + by_n(mode::all, 0) +
           "; --count of the empty board: " + by_n(mode::count, 0) + "; other counts as --all";
  }

  static nlohmann::json head(const request& r) {
    return {{"n", r.n}, {"placed", placed_json(r.placed)}};
  }
  static std::string no_solution(const request& r) {
    return "no solution: " + std::to_string(r.n) + " queens cannot be placed" +
           (r.placed.empty() ? "" : " with the given queens");
  }

  static void print(std::ostream& out, const solution_type& cols, std::string_view format,
                    std::size_t index) {
    const int n = static_cast<int>(cols.size());
    if (format == "tuple") return print_tuple(out, cols);
    if (index != 0) out << '\n';
    if (format == "matrix-columns") return print_columns(out, cols);
    if (format == "board") {
      for (const int c : cols) {
        for (int j = 0; j < n; ++j) out << (j ? " " : "") << (j == c ? 'Q' : '.');
        out << '\n';
      }
      return;
    }
    nq::print_matrix(out, n, cols, cols.size());
  }
  static nlohmann::json to_json(const solution_type& cols) {
    nlohmann::json a = nlohmann::json::array();
    for (const int c : cols) a.push_back(c + 1);
    return a;
  }
  static void print_csv(std::ostream& out, const solution_type& cols, std::size_t) {
    for (std::size_t r = 0; r < cols.size(); ++r) out << (r ? "," : "") << cols[r] + 1;
    out << '\n';
  }

  /// The board and its pre-placed queens, checked once.
  static nq::row_domains instance(const request& r, run_report& s) {
    if (r.unique) s.tally_as("unique");
    return usage_errors([&] { return nq::row_domains(r.n, r.placed); });
  }

  /// The counters (symmetry, halves, the bitboard's fast count) and min-conflicts: work of
  /// their own, outside the engine's search.
  static bool answer(const request& r, const nq::row_domains& d, session<nqueens_problem>& s);

  /// The strategy's representation; any count with --threads (the bitboard past n = 32 or with
  /// --unique, the textbook representations) is split into work units counted on the threads
  /// (session::search), with the same totals as one thread.
  template <class K>
  static void search(const request& r, const nq::row_domains& d, nq::strategy how, K&& k) {
    usage_errors([&] {
      nq::with_strategy(
          how, d,
          [&](auto& p) {
            using P = std::remove_reference_t<decltype(p)>;
            with_picture<nq::textbook_describer> naming(board_picture(r),
                                                        nq::textbook_describer(r.n));
            k(p, naming, reader<P>{r.n});
          },
          r.seed);
    });
  }

  /// The engine's strategies: the binary CSP model, or past its 64 values a domain the
  /// constraint layer's (cp_model.hpp), which searches as the binary model does, node for
  /// node, up to the board's n = 4096 (docs/problems/nqueens.md).
  template <class K>
  static void engine_search(const request& r, const nq::row_domains& d, const bt::csp::config& c,
                            K&& k) {
    usage_errors([&] {
      if (d.n() > nq::csp_model::max_n) {
        bt::cp::solver solver(nq::cp_model(d), bt::cp::from_config(c), &k.limits());
        with_picture<queen_words> naming(board_picture(r));
        k(solver, naming, reader<bt::cp::solver>{r.n});
        return;
      }
      const nq::csp_model model(d);
      with_csp_solver(model, c, [&](auto& solver) {
        using P = std::remove_reference_t<decltype(solver)>;
        with_picture<bt::csp::describer> naming(board_picture(r));
        k(solver, naming, reader<P>{r.n});
      });
    });
  }

 private:
  // Each solution's columns, checked; fundamental ones counted for --unique.
  template <class P>
  struct reader {
    int n;
    solution_type operator()(const P& p, std::span<const typename P::value_type> values) const {
      solution_type cols(static_cast<std::size_t>(n));
      if constexpr (bt::csp::solver_state<P>) {
        cols = values_by_variable(p);
      } else if constexpr (std::same_as<P, bt::cp::solver>) {
        const auto v = p.solution();  // columns 1..n by row
        for (std::size_t row = 0; row < v.size(); ++row) cols[row] = static_cast<int>(v[row]) - 1;
      } else {
        for (std::size_t r = 0; r < values.size(); ++r) {
          cols[static_cast<std::size_t>(nq::row_of(values[r], r))] = nq::column_of(values[r]);
        }
      }
      if (!nq::is_solution(cols)) throw std::logic_error("a reported placement attacks");
      return cols;
    }
    [[nodiscard]] bool tally(const solution_type& cols) const { return nq::is_canonical(cols); }
  };

  static void count_fast(const nq::row_domains& d, nq::strategy how, session<nqueens_problem>& s);
  static void solve_local(const nq::row_domains& d, session<nqueens_problem>& s);
};

// Each counter's range is checked here, where the strategy is known; the engine's strategies
// and the tree searches are left to search().
bool nqueens_problem::answer(const request& r, const nq::row_domains& d,
                             session<nqueens_problem>& s) {
  if (s.engine()) return false;
  const nq::strategy how = s.strategy_value();
  if (how == nq::strategy::symmetry || how == nq::strategy::halves) {
    const std::string counter(nq::name(how));
    if (!r.placed.empty())
      throw usage_error("strategy " + counter + " counts the empty board: drop --place");
    if (r.n > nq::max_n_of(how)) {
      throw usage_error("strategy " + counter + " supports n up to " +
                        std::to_string(nq::max_n_of(how)) + ", not " + std::to_string(r.n));
    }
    if (how == nq::strategy::halves && r.n < nq::halves_min_n) {
      throw usage_error("strategy halves supports n from " + std::to_string(nq::halves_min_n) +
                        ", not " + std::to_string(r.n) + " (the board has no halves to join)");
    }
    // Its units are its joins, which have no depth to choose (docs/cluster.md).
    if (how == nq::strategy::halves && s.units().depth) {
      throw usage_error("--split " + *s.units().split +
                        ": strategy halves splits a count into its joins only, --split auto "
                        "(--strategy symmetry splits by rows)");
    }
  }
  if (how == nq::strategy::min_conflicts) {
    solve_local(d, s);
    return true;
  }
  const bool fast = s.what() == mode::count && !s.options().watched() &&
                    (how == nq::strategy::symmetry || how == nq::strategy::halves ||
                     (how == nq::strategy::bitboard && !r.unique && r.n <= 32));
  if (fast) count_fast(d, how, s);
  return fast;
}

// --count with the bitboard, the symmetric counter or halves: subproblems on every core, or
// by work units.
void nqueens_problem::count_fast(const nq::row_domains& d, nq::strategy how,
                                 session<nqueens_problem>& s) {
  s.head("threads", s.threads());
  if (s.units().wanted()) {
    if (how == nq::strategy::halves) {
      s.count_units(nqueens_halves_units(d.n(), s.tallies()));
    } else {
      s.count_units(nqueens_units(d, how, s.tallies(), s.units().depth));
    }
    return;
  }
  // Its own limits: the counters poll them from every thread.
  bt::shared_limits limits(s.options().node_limit,
                           deadline_of(s.options(), std::chrono::steady_clock::now()));
  std::atomic<std::size_t> units{0};
  std::atomic<std::size_t> done{0};
  const nq::count_options opts{s.threads(), s.options().stats || s.json(), &units, &done};
  nq::count_result c;
  s.outside([&] {
    progress_bar bar(units, done);
    if (how == nq::strategy::symmetry) {
      c = nq::count_symmetric(d.n(), opts, limits);
    } else if (how == nq::strategy::halves) {
      c = nq::count_halves(d.n(), opts, limits);
    } else if (d.free()) {
      c = nq::count_parallel(nq::make_bitboard<std::uint32_t>(d.n()), d.n(), opts, limits);
    } else {
      std::vector<std::uint32_t> masks;
      c = nq::count_parallel(nq::make_bitboard<std::uint32_t>(d, masks), d.n(), opts, limits);
    }
    return outside_work{c.stats, limits.reason() != bt::stop_reason::none, limits.reason()};
  });
  s.counted(c.total);
  s.tallied(c.unique);
  // halves finds the fundamental solutions from the whole total (Burnside's lemma): a
  // stopped run has none to report.
  if (how == nq::strategy::halves && limits.reason() != bt::stop_reason::none) s.tally_unknown();
  s.result("units", c.units);
  s.result("units_done", c.units_done);
}

// min-conflicts: one solution by local search; steps count as nodes for --node-limit and in
// the statistics (nodes = steps, solutions, seconds; the tree counters stay 0).
void nqueens_problem::solve_local(const nq::row_domains& d, session<nqueens_problem>& s) {
  nq::min_conflicts search(d, s.request().seed);
  s.head("seed", s.request().seed);
  const outside_work w = s.outside([&] {
    const auto result = search.run(s.options().node_limit, [&] { return s.limits().poll(); });
    outside_work out;
    out.stats.nodes = search.steps();
    out.stats.solutions = result == nq::min_conflicts::result::solved ? 1 : 0;
    out.stopped = result != nq::min_conflicts::result::solved;
    if (result == nq::min_conflicts::result::step_limit) out.reason = bt::stop_reason::node_limit;
    return out;
  });
  s.stats_note("restarts: " + std::to_string(search.restarts()));
  s.exhausted(false);
  if (!w.stopped) {
    if (!nq::is_solution(search.columns())) {
      throw std::logic_error("min-conflicts returned an attacking placement");
    }
    s.found(search.columns());
  }
}

}  // namespace

void register_nqueens(registry& r) { add_problem<nqueens_problem>(r); }

}  // namespace btsolve
