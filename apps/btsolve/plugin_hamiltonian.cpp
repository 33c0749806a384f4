// SPDX-License-Identifier: MIT
// `btsolve hamiltonian`: Hamiltonian cycles of a graph file or a generated graph, by the
// textbook backtracking, the pruned path search, the edge-branching propagate search, SAT with
// subtour cuts, or auto: a bounded propagate search, then sat (docs/problems/hamiltonian.md).
#include <bt/problems/graph/dot.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>
#include <bt/problems/hamiltonian/csp.hpp>
#include <bt/problems/hamiltonian/hamiltonian.hpp>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <set>
#include <span>
#include <stdexcept>
#include <type_traits>
#include <string>
#include <utility>
#include <vector>

#include "graph_view.hpp"
#include "csp_strategy.hpp"
#include "plugin.hpp"
#include "plugin_hamiltonian.hpp"
#include "report.hpp"
#include "run.hpp"

namespace btsolve {
namespace {

namespace gr = bt::problems::graph;
namespace hc = bt::problems::hamiltonian;

/// The largest hypercube dimension whose graph can be searched (2^14 = hc::max_vertices).
constexpr int max_hypercube = 14;

enum class format { text, json };

format parse_format(const std::string& f) {
  if (f.empty() || f == "text") return format::text;
  if (f == "json") return format::json;
  throw usage_error("--format for hamiltonian is text or json, not '" + f + "'");
}

/// The graph to search and the name it is reported under.
struct source {
  gr::graph g;
  std::string name;
};

// Exactly one of --input, --knight, --hypercube, --petersen, --dodecahedron.
source read_source(const po::variables_map& vm, std::ostream& err) {
  static const char* const options[] = {"input", "knight", "hypercube", "petersen", "dodecahedron"};
  std::vector<std::string> given;
  for (const char* o : options) {
    if (vm.count(o)) given.emplace_back(o);
  }
  if (given.empty()) {
    throw usage_error(
        "hamiltonian needs a graph: --input FILE, --knight RxC, --hypercube D, --petersen or "
        "--dodecahedron");
  }
  if (given.size() > 1) {
    throw usage_error("--" + given[0] + " and --" + given[1] + " exclude each other: give one graph");
  }
  const std::string& which = given[0];
  if (which == "input") {
    const std::string path = vm["input"].as<std::string>();
    gr::read_result r;
    try {
      r = gr::read_graph_file(path);
    } catch (const gr::graph_error& e) {
      throw usage_error(e.what());
    }
    for (const auto& w : r.warnings) err << "warning: " << w << '\n';
    gr::cleanup dropped;
    source s{gr::make_graph(std::move(r.edges), &dropped), r.name.empty() ? path : r.name};
    if (dropped.duplicates != 0) {
      err << "warning: " << path << ": " << dropped.duplicates << " repeated edges ignored\n";
    }
    if (dropped.loops != 0) {
      err << "warning: " << path << ": " << dropped.loops << " self-loops ignored\n";
    }
    return s;
  }
  if (which == "knight") {
    const std::string text = vm["knight"].as<std::string>();
    std::pair<std::size_t, std::size_t> rc;
    try {
      rc = gr::parse_dimensions(text);
    } catch (const std::invalid_argument& e) {
      throw usage_error(std::string("--knight: ") + e.what());
    }
    if (rc.first * rc.second > hc::max_vertices) {
      throw usage_error("--knight " + text + " has " + std::to_string(rc.first * rc.second) +
                        " squares; at most " + std::to_string(hc::max_vertices) +
                        " can be searched");
    }
    return {gr::make_graph(gr::knight_graph(rc.first, rc.second)), "knight" + text};
  }
  if (which == "hypercube") {
    const auto d = parse_int(vm["hypercube"].as<std::string>(), "--hypercube");
    if (d < 1 || d > max_hypercube) {
      throw usage_error("--hypercube " + std::to_string(d) + " is out of range 1.." +
                        std::to_string(max_hypercube));
    }
    return {gr::make_graph(gr::hypercube(static_cast<int>(d))), "hypercube" + std::to_string(d)};
  }
  if (which == "petersen") return {gr::make_graph(gr::petersen()), "petersen"};
  return {gr::make_graph(gr::dodecahedron()), "dodecahedron"};
}

// "1 2 4 3 1": the cycle's vertices, 1-based.
void print_cycle(std::ostream& out, const hc::cycle& c) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    out << (i ? " " : "") << c[i] + 1;
  }
  out << '\n';
}

nlohmann::json cycle_json(const hc::cycle& c) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto v : c) a.push_back(v + 1);
  return a;
}

// The graph in DOT with the cycle's edges (if any) drawn bold and red.
void write_dot(std::ostream& os, const source& s, const std::optional<hc::cycle>& c) {
  std::set<std::pair<gr::vertex, gr::vertex>> on_cycle;
  if (c) {
    for (std::size_t i = 0; i + 1 < c->size(); ++i) {
      on_cycle.emplace(std::min((*c)[i], (*c)[i + 1]), std::max((*c)[i], (*c)[i + 1]));
    }
  }
  gr::write_dot(
      os, s.g, s.name, [](gr::vertex) { return std::string(); },
      [&](gr::vertex u, gr::vertex v) {
        return on_cycle.count({std::min(u, v), std::max(u, v)}) != 0
                   ? std::string("color=red penwidth=3")
                   : std::string("color=gray");
      });
}

class hamiltonian_plugin final : public plugin {
 public:
  void add_options(po::options_description& desc) const override {
    po::options_description d("Hamiltonian cycle options");
    d.add_options()
        ("input,i", po::value<std::string>(), "graph file: TSPLIB HCP, DIMACS edge file or edge list")
        ("knight", po::value<std::string>(), "the knight's graph of an RxC board, e.g. 6x6")
        ("hypercube", po::value<std::string>(), "the hypercube Q_D, D in 1..14")
        ("petersen", "the Petersen graph")
        ("dodecahedron", "the dodecahedron")
        ("strategy", po::value<std::string>()->default_value(std::string(hc::name(hc::default_strategy))),
         "auto | sat | textbook | pruned | propagate, or engine switches joined by + such as "
         "mrv+fc (docs/strategies.md)")
        ("dot", po::value<std::string>(), "write the graph with the first cycle to FILE (DOT)")
        ("no-precheck", "skip the quick proofs of non-existence; search exhaustively")
        ("no-restarts", "propagate: one complete search even for the first cycle")
        ("seed", po::value<std::string>(), "propagate: seed of the restarts' tie orders (default 1)")
        ("cycle-cover", "propagate: also prune by the cycle cover (double-cover perfect matching)");
    add_csp_options(d);
    desc.add(d);
  }

  int run(const po::variables_map& vm, const run_options& o, std::ostream& out,
          std::ostream& err) override {
    const format fmt = parse_format(o.format);
    const std::string sname = vm["strategy"].as<std::string>();
    const auto strat = hc::parse_strategy(sname);
    const bool named = !vm["strategy"].defaulted();
    const auto engine = csp_switches(vm, strat || !named ? std::nullopt : std::optional(sname),
                                     strat && named, "auto, sat, textbook, pruned, propagate");
    const source s = read_source(vm, err);
    hc::instance g;
    try {
      g = hc::make_instance(s.g);
    } catch (const hc::invalid_input& e) {
      throw usage_error(e.what());
    }
    std::unique_ptr<std::ofstream> dot;
    if (vm.count("dot")) {
      const std::string path = vm["dot"].as<std::string>();
      dot = std::make_unique<std::ofstream>(path);
      if (!*dot) {
        throw usage_error("--dot " + path + ": cannot write the file");
      }
    }
    const std::string strategy_name =
        engine ? bt::csp::spec_of(*engine) : std::string(hc::name(*strat));
    const context c{s, g, strategy_name, o, fmt, dot.get(), out, err};
    if (!vm.count("no-precheck")) {
      if (const auto why = hc::find_obstruction(g)) {
        std::unique_ptr<json_stream> js;
        if (fmt == format::json) js = std::make_unique<json_stream>(out, head(c));
        return finish(c, js.get(), search_result{}, std::nullopt, *why);
      }
    }
    if (engine) {
      try {
        const hc::csp_model model(g);
        return with_csp_solver(model, *engine, [&](auto& problem) { return solve(problem, c); });
      } catch (const hc::invalid_input& e) {
        throw usage_error(e.what());
      }
    }
    if (*strat == hc::strategy::sat) {
      if (o.what != mode::first) {
        throw usage_error("strategy sat finds one cycle: no --all, --count or --limit");
      }
      if (o.watched()) {
        throw usage_error(
            "strategy sat is no tree search: there is nothing to --trace, --tree, --replay or "
            "--estimate");
      }
    }
    // Restarts only for the first cycle: a second run would find the same cycles again.
    hc::run_plan plan;
    plan.restarts = o.what == mode::first && !vm.count("no-restarts");
    plan.cover = vm.count("cycle-cover") != 0;
    if (vm.count("seed")) plan.seed = parse_count(vm["seed"].as<std::string>(), "--seed");
    // auto is propagate wherever a tree is wanted: every cycle, a count, a watched search.
    if (o.what == mode::first && !o.watched()) {
      if (*strat == hc::strategy::sat) return solve_sat(c, json_of(c).get(), {}, clock::now());
      if (*strat == hc::strategy::automatic) return solve_auto(c, plan);
    }
    return hc::with_strategy(
        *strat, g, [&](auto& problem) { return solve(problem, c); }, plan);
  }

 private:
  using clock = std::chrono::steady_clock;

  struct context {
    const source& s;
    const hc::instance& g;
    const std::string& strat;
    const run_options& o;
    format fmt;
    std::ofstream* dot;
    std::ostream& out;
    std::ostream& err;
  };

  static std::unique_ptr<json_stream> json_of(const context& c);

  static nlohmann::json head(const context& c) {
    return {{"problem", "hamiltonian"},
            {"graph", c.s.name},
            {"vertices", c.g.n},
            {"edges", c.g.m()},
            {"strategy", c.strat}};
  }

  // The end of every run: the count, the JSON tail, the proof of non-existence, the DOT
  // file, statistics and the stop line; returns the exit code.
  static int finish(const context& c, json_stream* js, const search_result& r,
                    const std::optional<hc::cycle>& first, const std::string& proof) {
    const bool none = !r.cut_short() && r.solutions == 0;
    if (js) {
      nlohmann::json tail;
      if (c.o.what == mode::count) tail["count"] = r.solutions;
      tail["stats"] = to_json(r.stats);
      tail["stopped"] = stopped_json(r.reason);
      tail["exhausted"] = r.outcome == bt::outcome::exhausted;
      if (none) tail["proof"] = proof;
      js->finish(tail);
    } else {
      if (c.o.what == mode::count) c.out << "count: " << r.solutions << '\n';
      if (none) c.err << "no Hamiltonian cycle: " << proof << '\n';
    }
    if (c.dot) {
      c.out.flush();  // --dot /dev/stdout follows the results
      write_dot(*c.dot, c.s, first);
    }
    if (c.o.stats) report_stats(c.err, r.stats);
    report_stop(c.err, r.reason);
    if (r.cut_short()) return exit_code::stopped;
    return none ? exit_code::no_solution : exit_code::solved;
  }

  template <class P>
  static int solve(P& problem, const context& c) {
    const auto js = json_of(c);
    auto [r, first] = search_tree(problem, c, js.get());
    const std::string proof = exhaustion(r);
    return finish(c, js.get(), r, first, proof);
  }

  static std::string exhaustion(const search_result& r) {
    return "an exhaustive search of " + std::to_string(r.stats.nodes) + " nodes found none";
  }

  // The tree search: each cycle is checked, then printed (or only counted); the first is kept
  // for --dot.
  template <class P>
  static std::pair<search_result, std::optional<hc::cycle>> search_tree(P& problem,
                                                                        const context& c,
                                                                        json_stream* js) {
    // propagate's values are edges, not path positions, and the engine's solvers name their
    // own variables: only the path strategies' replay draws the path.
    constexpr bool path_view = !std::is_same_v<P, hc::propagate> && !bt::csp::solver_state<P>;
    using describer_type =
        std::conditional_t<std::is_same_v<P, hc::propagate>, hc::edge_describer,
                           describer_for<P, hc::path_describer>>;
    with_view<describer_type> describer(path_view ? replay_graph(c.s.g, c.o, "path", 0, c.s.name)
                                                  : std::string("{}"));
    std::optional<hc::cycle> first;
    search_result r;
    // Statistics are always counted: the proof of non-existence quotes the node count.
    if (c.o.what == mode::count && !bt::csp::solver_state<P>) {
      r = run_search(problem, c.o, count_only{}, true, c.out, describer);
    } else {  // the engine's 48 combinations share this one callback, which counts in count mode
      r = run_search(problem, c.o,
                     [&](std::span<const typename P::value_type>) {
                       if (c.o.what == mode::count) return;  // only counted
                       hc::cycle cyc;
                       if constexpr (bt::csp::solver_state<P>) {
                         // positions 2..n by variable (position 1 is vertex 1)
                         const auto path = values_by_variable(problem);
                         cyc = hc::cycle_of_values(std::span<const int>(path).subspan(1));
                       } else {
                         cyc = problem.solution();
                       }
                       const std::string why = hc::check_cycle(c.g, cyc);
                       if (!why.empty()) {
                         throw std::logic_error("a reported cycle fails its check: " + why);
                       }
                       if (js) {
                         js->solution(cycle_json(cyc));
                       } else {
                         print_cycle(c.out, cyc);
                       }
                       if (!first) first = cyc;
                     },
                     true, c.out, describer);
    }
    return {r, first};
  }

  // auto, for the first cycle: propagate within hc::auto_tree_nodes (at most half of a
  // --node-limit), which solves the small and easy graphs and refutes small ones by
  // exhaustion; then sat with what is left of the limits. Statistics add up both.
  static int solve_auto(const context& c, const hc::run_plan& plan) {
    const auto start = clock::now();
    const auto js = json_of(c);
    run_options bounded = c.o;
    bounded.node_limit = hc::auto_tree_nodes(c.g);
    if (c.o.node_limit != 0) {
      bounded.node_limit = std::min(bounded.node_limit, std::max<std::uint64_t>(1, c.o.node_limit / 2));
    }
    const context tree{c.s, c.g, c.strat, bounded, c.fmt, c.dot, c.out, c.err};
    auto [r, first] = hc::with_strategy(
        hc::strategy::propagate, c.g,
        [&](auto& problem) { return search_tree(problem, tree, js.get()); }, plan);
    const bool user_limit = c.o.node_limit != 0 && r.stats.nodes >= c.o.node_limit;
    if (r.reason != bt::stop_reason::node_limit || user_limit) {
      return finish(c, js.get(), r, first, exhaustion(r));
    }
    run_options rest = c.o;
    if (rest.node_limit != 0) rest.node_limit -= r.stats.nodes;
    const context next{c.s, c.g, c.strat, rest, c.fmt, c.dot, c.out, c.err};
    return solve_sat(next, js.get(), r.stats, start);
  }

  // sat, and auto's second phase: the solver calls count as nodes (--node-limit, statistics),
  // the subtour cuts as prunes; `before` holds what auto's first phase counted. The time limit
  // runs from `start`.
  static int solve_sat(const context& c, json_stream* js, const bt::stats& before,
                       clock::time_point start) {
    const auto begin = clock::now();
    bt::limit_visitor limits(0, deadline_of(c.o, start));  // its clock and Ctrl-C checks
    hc::sat_search search(c.g);
    const auto result = search.run(c.o.node_limit, [&] { return limits.poll(); });
    search_result r;
    r.outcome = result == hc::sat_search::result::none ? bt::outcome::exhausted
                                                       : bt::outcome::stopped;
    r.stats.nodes = search.calls();
    r.stats.prunes = search.cuts();
    r.stats.seconds = std::chrono::duration<double>(clock::now() - begin).count();
    std::optional<hc::cycle> found;
    if (result == hc::sat_search::result::found) {
      found = search.solution();
      const std::string why = hc::check_cycle(c.g, *found);
      if (!why.empty()) throw std::logic_error("a reported cycle fails its check: " + why);
      if (js) {
        js->solution(cycle_json(*found));
      } else {
        print_cycle(c.out, *found);
      }
      r.solutions = r.stats.solutions = 1;
    } else if (result == hc::sat_search::result::call_limit) {
      r.reason = bt::stop_reason::node_limit;
    } else if (result == hc::sat_search::result::stopped) {
      r.reason = limits.reason() == bt::stop_reason::none ? bt::stop_reason::interrupted
                                                          : limits.reason();
    }
    const std::string proof = "the SAT solver refuted the degree constraints and " +
                              std::to_string(search.cuts()) + " subtour cuts";
    r.stats += before;
    return finish(c, js, r, found, proof);
  }
};

std::unique_ptr<json_stream> hamiltonian_plugin::json_of(const context& c) {
  if (c.fmt != format::json) return nullptr;
  return std::make_unique<json_stream>(c.out, head(c));
}

}  // namespace

void register_hamiltonian(registry& r) {
  r.add("hamiltonian", "find, list or count the Hamiltonian cycles of a graph",
        [] { return std::make_unique<hamiltonian_plugin>(); });
}

}  // namespace btsolve
