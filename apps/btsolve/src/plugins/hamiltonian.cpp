// SPDX-License-Identifier: MIT
// `btsolve hamiltonian`: Hamiltonian cycles of a graph file or a generated graph, by the
// textbook backtracking, the pruned path search, the edge-branching propagate search, SAT with
// subtour cuts, or auto: a bounded propagate search, then sat (docs/problems/hamiltonian.md).
#include <bt/problems/graph/dot.hpp>
#include <bt/problems/hamiltonian/csp.hpp>
#include <bt/problems/hamiltonian/hamiltonian.hpp>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <fstream>
#include <memory>
#include <ostream>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <btsolve/problem.hpp>

#include "plugins/graph_source.hpp"
#include "plugins/named_solutions.hpp"
#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace gr = bt::problems::graph;
namespace hc = bt::problems::hamiltonian;

/// The largest hypercube dimension searched (its 2^D vertices within hc::max_vertices).
constexpr int max_hypercube = std::bit_width(hc::max_vertices) - 1;

struct hamiltonian_request {
  graph_request graph;
  std::string dot;
  bool no_precheck = false;
  bool no_restarts = false;
  std::uint64_t seed = 1;
  bool cycle_cover = false;
  bool both_directions = false;
};

// The graph in DOT with the cycle's edges (if any) drawn bold and red.
void write_dot(std::ostream& os, const graph_instance& s, const hc::cycle& c) {
  std::set<std::pair<gr::vertex, gr::vertex>> on_cycle;
  for (std::size_t i = 0; i + 1 < c.size(); ++i) {
    on_cycle.emplace(std::min(c[i], c[i + 1]), std::max(c[i], c[i + 1]));
  }
  gr::write_dot(
      os, s.g, s.file_name.empty() ? s.name : s.file_name, [](gr::vertex) { return std::string(); },
      [&](gr::vertex u, gr::vertex v) {
        return on_cycle.count({std::min(u, v), std::max(u, v)}) != 0
                   ? std::string("color=red penwidth=3")
                   : std::string("color=gray");
      },
      s.names.get());
}

struct hamiltonian_problem {
  static constexpr std::string_view name = "hamiltonian";
  static constexpr std::string_view summary =
      "find, list or count the Hamiltonian cycles of a graph";
  static constexpr std::string_view noun = "cycle";
  using request = hamiltonian_request;
  using solution_type = named_cycle;  // the vertices in order, back to the first; the names
  static constexpr const auto& strategies = hc::strategy_names;
  static constexpr bool engine_strategies = true;

  static void options(option_set<request>& o) {
    add_graph_options(o, &request::graph, knight | hypercube | petersen | dodecahedron | maps,
                      "graph file: TSPLIB HCP, DIMACS edge file, edge list or AIMA's neighbour "
                      "lists");
    o.text("dot", &request::dot, "write the graph with the first cycle to FILE (DOT)")
        .flag("no-precheck", &request::no_precheck,
              "skip the quick proofs of non-existence; search exhaustively")
        .flag("no-restarts", &request::no_restarts,
              "propagate: one complete search even for the first cycle")
        .number("seed", &request::seed, "propagate: seed of the restarts' tie orders",
                std::uint64_t{0}, UINT64_MAX)
        .flag("cycle-cover", &request::cycle_cover,
              "propagate: also prune by the cycle cover (double-cover perfect matching)")
        .flag("both-directions", &request::both_directions,
              "list and count every cycle in both directions, as the textbook does (K4: 6)");
  }

  static void print(std::ostream& os, const named_cycle& c) { print_cycle(os, c); }
  static nlohmann::json to_json(const named_cycle& c) { return cycle_json(c); }
  static void print_csv(std::ostream& os, const named_cycle& c, std::size_t) {
    print_cycle_csv(os, c);
  }

  /// What a run's phases share: the graph, the first cycle (for --dot) and the run's options
  /// (the --replay pictures, auto's budget). No graph: its build was stopped.
  struct context {
    std::shared_ptr<const graph_instance> graph;
    hc::instance g;
    std::shared_ptr<hc::cycle> first = std::make_shared<hc::cycle>();
    /// The run's options: read by the search phases, which have no session.
    const run_options* options = nullptr;
    /// --both-directions: the reader adds each reverse unless the search finds it.
    bool both_directions = false;
  };

  /// The graph, loaded and checked, and --dot opened; the run's limits poll its build.
  static context instance(const request& r, session<hamiltonian_problem>& s) {
    context c;
    c.options = &s.options();
    c.both_directions = r.both_directions;
    graph_limits limits;
    limits.max_vertices = hc::max_vertices;
    limits.max_hypercube = max_hypercube;
    c.graph = load_graph(r.graph, limits,
                         "hamiltonian needs a graph: --input FILE, --map NAME, --knight RxC, "
                         "--hypercube D, --petersen or --dodecahedron",
                         s.err(), s.limits());
    if (!c.graph) {  // stopped while it was built: the run ends there (run_instance)
      s.stop(s.limits().reason());
      return c;
    }
    try {
      c.g = hc::make_instance(c.graph->g);
    } catch (const hc::invalid_input& e) {
      throw usage_error(e.what());
    }
    if (!r.dot.empty()) {
      const auto dot = open_output(r.dot, "--dot");
      s.at_end([dot, graph = c.graph, first = c.first, path = r.dot] {
        write_dot(*dot, *graph, *first);
        dot->flush();
        if (!*dot) throw usage_error("--dot: cannot write " + quote(path));
      });
    }
    return c;
  }

  /// The graph's name and size.
  static nlohmann::json head(const request& r, const context& c) {
    nlohmann::json h = nlohmann::json::object();
    h["graph"] = c.graph->file_name.empty() ? c.graph->name : c.graph->file_name;
    h["vertices"] = c.g.n;
    h["edges"] = c.g.m();
    if (r.both_directions) h["both_directions"] = true;
    return h;
  }

  /// The answers without a tree search: a quick proof that no cycle exists,
  /// strategy sat.
  static bool answer(const request& r, const context& c, session<hamiltonian_problem>& s) {
    if (!r.no_precheck) {
      if (const auto why = hc::find_obstruction(c.g, c.graph->names.get())) {
        if (s.units().wanted())
          throw usage_error("the graph has no Hamiltonian cycle (" + *why + "): no units to count");
        none(s, *why);
        return true;
      }
    }
    if (s.engine() || s.strategy_value() != hc::strategy::sat) return false;
    if (s.units().wanted()) throw usage_error("strategy sat finds one cycle: no work units");
    solve_sat(c, s);
    return true;
  }

  /// The tree search of the strategy. auto, for the first cycle: propagate within
  /// hc::auto_tree_nodes (at most half of a --node-limit), which solves the small and easy
  /// graphs and refutes small ones by exhaustion; then sat with what is left of the limits
  /// (results). Statistics add up both. auto is propagate wherever a tree is wanted: every cycle, a
  /// count, a watched search.
  template <class K>
  static search_outcome search(const request& r, const context& c, hc::strategy how, K&& k) {
    const run_options& o = *c.options;
    // Restarts only for the first cycle: a second run would find the same cycles again.
    hc::run_plan plan;
    plan.restarts = o.what == mode::first && !r.no_restarts;
    plan.cover = r.cycle_cover;
    plan.seed = r.seed;
    // The textbook lists both directions itself; the other tree searches keep one (their
    // pruning assumes the direction rule) and the reader adds each reverse.
    plan.both_directions = r.both_directions;
    const bool searched_both =
        r.both_directions && hc::tree_search_of(how) == hc::strategy::textbook;
    search_options so;
    if (how == hc::strategy::automatic && o.what == mode::first && !o.watched()) {
      so.budget = hc::auto_tree_nodes(c.g);
      if (o.node_limit != 0) {
        so.budget = std::min(so.budget, std::max<std::uint64_t>(1, o.node_limit / 2));
      }
    }
    return hc::with_strategy(
        how, c.g, [&](auto& p) { return search_with(p, c, searched_both, k, so); }, plan);
  }

  /// The engine's CSP model, which finds both directions itself when they are asked.
  template <class K>
  static void engine_search(const request& r, const context& c, const bt::csp::config& engine,
                            K&& k) {
    try {
      const hc::csp_model model(c.g, r.both_directions);
      with_csp_solver(model, engine, [&](auto& p) { search_with(p, c, r.both_directions, k); });
    } catch (const hc::invalid_input& e) {
      throw usage_error(e.what());
    }
  }

  /// auto's second phase when its budget was spent, else the proof an exhausted search gives.
  static void results(const request&, const context& c, const search_outcome& o,
                      session<hamiltonian_problem>& s) {
    if (o.budget_spent) return solve_sat(c, s);
    if (s.count() == 0 && s.stop_reason() == bt::stop_reason::none) {
      none(s, "an exhaustive search of " + std::to_string(s.stats().nodes) + " nodes found none");
    }
  }

 private:
  // Each cycle is checked, and the first kept for --dot.
  template <class P>
  struct reader {
    const context& c;
    /// The search itself finds both directions (no direction rule).
    bool searched_both;
    /// Both directions are asked of a search that finds one: the reader adds the other.
    [[nodiscard]] bool doubled() const { return c.both_directions && !searched_both; }
    named_cycle operator()(const P& p, std::span<const typename P::value_type>) const {
      hc::cycle cyc;
      if constexpr (bt::csp::solver_state<P>) {
        const auto path =
            values_by_variable(p);  // positions 2..n by variable (position 1 is vertex 1)
        cyc = hc::cycle_of_values(std::span<const int>(path).subspan(1));
      } else {
        cyc = p.solution();
      }
      const std::string why = hc::check_cycle(c.g, cyc, !searched_both);
      if (!why.empty()) throw std::logic_error("a reported cycle fails its check: " + why);
      if (c.first->empty()) *c.first = cyc;
      return named_cycle{std::move(cyc), c.graph->names};
    }
    // Each cycle, and right after it its reverse when the reader adds it.
    template <class Emit>
    void operator()(const P& p, std::span<const typename P::value_type> values, Emit&& emit) const {
      const named_cycle cyc = (*this)(p, values);
      if (emit(cyc) == bt::flow::stop || !doubled()) return;
      emit(named_cycle{hc::reversed(cyc.cycle), cyc.names});
    }
    [[nodiscard]] std::uint64_t weight(const P& /*state*/) const { return doubled() ? 2 : 1; }
  };

  /// k's search of p with its words and reader. Statistics are always counted: the proof of
  /// non-existence quotes the node count.
  template <class P, class K>
  static search_outcome search_with(P& p, const context& c, bool searched_both, const K& k,
                                    search_options so = {}) {
    so.stats = true;
    const reader<P> read{c, searched_both};
    // propagate's values are edges, drawn as the edges chosen; the other searches' values
    // are path positions (the engine's too: position p holds a vertex).
    if constexpr (std::is_same_v<P, hc::propagate>) {
      with_picture<hc::edge_describer> naming(graph_picture_of(*c.graph, *c.options, "edges"));
      return k(p, naming, read, so);
    } else if constexpr (bt::csp::solver_state<P>) {
      with_picture<bt::csp::describer> naming(graph_picture_of(*c.graph, *c.options, "path"));
      return k(p, naming, read, so);
    } else {
      with_picture<hc::path_describer> naming(graph_picture_of(*c.graph, *c.options, "path"),
                                              hc::path_describer{&c.g, c.graph->names.get()});
      return k(p, naming, read, so);
    }
  }

  /// No cycle, and the proof: a result, and the line after a count of 0 too.
  static void none(run_report& s, const std::string& proof) {
    s.result("proof", proof);
    s.no_solution_note("no Hamiltonian cycle: " + proof, true);
  }

  static void solve_sat(const context& c, session<hamiltonian_problem>& s);
};

// sat, and auto's second phase: the solver calls count as nodes (--node-limit, statistics),
// the subtour cuts as prunes. The run's limits go on from the first phase.
void hamiltonian_problem::solve_sat(const context& c, session<hamiltonian_problem>& s) {
  hc::sat_search search(c.g);
  const std::uint64_t spent = s.stats().nodes;
  const std::uint64_t limit = s.options().node_limit;
  if (limit != 0 && spent >= limit) return s.stop(bt::stop_reason::node_limit);
  hc::sat_search::result result{};
  const outside_work w = s.outside([&] {
    result = search.run(limit == 0 ? 0 : limit - spent, [&] { return s.limits().poll(); });
    outside_work out;
    out.stats.nodes = search.calls();
    out.stats.prunes = search.cuts();
    out.stats.solutions = result == hc::sat_search::result::found ? 1 : 0;
    out.stopped =
        result == hc::sat_search::result::call_limit || result == hc::sat_search::result::stopped;
    if (result == hc::sat_search::result::call_limit) out.reason = bt::stop_reason::node_limit;
    return out;
  });
  if (result == hc::sat_search::result::found) {
    const hc::cycle cyc = search.solution();
    const std::string why = hc::check_cycle(c.g, cyc);
    if (!why.empty()) throw std::logic_error("a reported cycle fails its check: " + why);
    if (c.first->empty()) *c.first = cyc;
    s.found(named_cycle{cyc, c.graph->names});
    return;
  }
  if (!w.stopped) {
    s.exhausted(true);
    s.result("proof", "the SAT solver refuted the degree constraints and " +
                          std::to_string(search.cuts()) + " subtour cuts");
    s.no_solution_note("no Hamiltonian cycle: the SAT solver refuted the degree constraints and " +
                           std::to_string(search.cuts()) + " subtour cuts",
                       true);
  }
}

}  // namespace

void register_hamiltonian(registry& r) { add_problem<hamiltonian_problem>(r); }

}  // namespace btsolve
