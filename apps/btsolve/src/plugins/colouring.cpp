// SPDX-License-Identifier: MIT
// `btsolve colouring` (alias `coloring`): m-colouring (first, all, count) and the chromatic
// number of a graph from a file or a built-in family (docs/problems/colouring.md).
#include <bt/problems/colouring/colouring.hpp>
#include <bt/problems/colouring/csp.hpp>
#include <bt/problems/graph/dot.hpp>

#include <cmath>
#include <cstdint>
#include <fstream>
#include <iomanip>
#include <memory>
#include <ostream>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <btsolve/problem.hpp>

#include "plugins/graph_source.hpp"
#include "plugins/named_solutions.hpp"
#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace col = bt::problems::colouring;
namespace gr = bt::problems::graph;

/// The most colours --colours accepts (more than any graph here can use).
constexpr int max_colours = 1'000'000;
/// Budget of the exact clique search that seeds the dsatur m-colouring.
constexpr std::uint64_t mcolouring_clique_nodes = 100'000;

struct colouring_request {
  graph_request graph;
  int colours = 0;  // 0: not given
  bool chromatic = false;
  std::string dot;
};

// The Graphviz colour of colour c: a ColorBrewer set up to 12, then hues spread by the golden
// ratio so neighbouring numbers still look apart.
std::string fill_of(int c) {
  if (c <= 12) return "\"/set312/" + std::to_string(c) + "\"";
  const double h = std::fmod(static_cast<double>(c) * 0.618033988749895, 1.0);
  std::ostringstream s;
  s.precision(3);
  s << '"' << std::fixed << h << " 0.45 0.95\"";
  return s.str();
}

// The graph in DOT, each vertex filled with its colour (uncoloured when there is none).
void write_dot(std::ostream& os, const graph_instance& in, std::span<const int> colouring) {
  gr::write_dot(
      os, in.g, in.name,
      [&](gr::vertex v) {
        if (colouring.empty()) return std::string();
        const int c = colouring[v];
        return "style=filled fillcolor=" + fill_of(c) + " xlabel=\"" + std::to_string(c) + "\"";
      },
      [](gr::vertex, gr::vertex) { return std::string(); }, in.names.get());
}

// --dot, written after the results (so --dot /dev/stdout follows them), and checked.
void finish_dot(std::ofstream& dot, const graph_instance& in, std::span<const int> colouring,
                const std::string& path) {
  write_dot(dot, in, colouring);
  dot.flush();
  if (!dot) throw usage_error("--dot: cannot write " + quote(path));
}

// Every colouring leaves through here: checked against the Boost graph itself.
void verify(const graph_instance& in, std::span<const int> c, int colours) {
  if (!col::is_proper(in.g, c, colours)) {
    throw std::logic_error("a colouring about to be reported is not proper");
  }
}

/// The graph read once, with what the phases share.
struct colouring_instance {
  /// Shared: --dot draws it after the results are printed. nullptr: stopped while it was built.
  std::shared_ptr<const graph_instance> graph;
  col::adjacency adj;
  /// The colouring --dot draws: the first reported, or the chromatic search's.
  std::shared_ptr<std::vector<int>> first = std::make_shared<std::vector<int>>();
  std::string picture;  ///< the --replay picture (empty without --replay)
  /// The run's clock and Ctrl-C: dsatur's clique seed polls them (search() has no session).
  bt::limit_visitor* limits = nullptr;
};

struct colouring_problem {
  static constexpr std::string_view name = "colouring";
  static constexpr std::string_view summary =
      "colour a graph's vertices so that neighbours differ; the chromatic number";
  static constexpr std::string_view aliases[] = {"coloring"};
  static constexpr std::string_view noun = "colouring";
  using request = colouring_request;
  using solution_type = named_colouring;  // colour 1..m per vertex, and the names
  static constexpr const auto& strategies = col::strategy_names;

  static void options(option_set<request>& o) {
    add_graph_options(o, &request::graph, queen_graph | mycielski | maps,
                      "graph file: DIMACS .col, edge list, AIMA's neighbour lists or TSPLIB HCP");
    o.number("colours,m", &request::colours, "m-colouring with colours 1..M", 1, max_colours)
        .alias("colors")
        .required_unless("chromatic", "colouring needs --colours M or --chromatic")
        .conflicts_with("chromatic", "--chromatic finds the fewest colours itself; drop --colours")
        .flag("chromatic", &request::chromatic,
              "the chromatic number, proven (exit 3 with [lb..ub] when stopped)")
        .conflicts_with(
            {"all", "count", "limit"},
            "--chromatic reports one optimal colouring; --all, --count and --limit do not apply")
        // --trace may follow the chromatic search; the others need one search tree.
        .conflicts_with(
            {"tree", "replay", "estimate"},
            "--tree, --replay and --estimate watch one search: give --colours M, not --chromatic")
        .conflicts_with({"split", "unit", "checkpoint"},
                        "--chromatic is no count: --split, --unit and --checkpoint do not apply")
        .not_with_engine(
            "--chromatic uses the problem's own strategies; the engine's need --colours")
        .text("dot", &request::dot, "write the coloured graph to FILE (Graphviz)")
        .only_in(mode_bits::finds_first | mode_bits::finds_all,
                 "--dot draws a colouring; --count finds none to draw");
  }
  /// The engine's CSP strategies (--strategy mrv+fc) too: engine_search() colours with them.
  static constexpr bool engine_strategies = true;

  static void print(std::ostream& os, const solution_type& c) { print_colouring(os, c); }
  static nlohmann::json to_json(const solution_type& c) { return colouring_json(c); }
  static void print_csv(std::ostream& os, const solution_type& c, std::size_t) {
    print_colouring_csv(os, c);
  }

  static colouring_instance instance(const request& r, session<colouring_problem>& s) {
    colouring_instance inst;
    inst.limits = &s.limits();
    inst.graph = load_graph(r.graph, graph_limits{},
                            "colouring needs a graph: --input FILE, --map NAME, --queen-graph RxC "
                            "or --mycielski K",
                            s.err(), s.limits());
    if (!inst.graph) {  // stopped while it was built: the run ends there (run_instance)
      s.stop(s.limits().reason());
      return inst;
    }
    if (!r.dot.empty()) {
      s.at_end([dot = open_output(r.dot, "--dot"), graph = inst.graph, first = inst.first,
                path = r.dot] { finish_dot(*dot, *graph, *first, path); });
    }
    inst.adj = col::adjacency(inst.graph->g);
    inst.picture = graph_picture_of(*inst.graph, s.options(), "colour");
    return inst;
  }
  static nlohmann::json head(const request& r, const colouring_instance& inst) {
    nlohmann::json h{{"vertices", boost::num_vertices(inst.graph->g)},
                     {"edges", boost::num_edges(inst.graph->g)}};
    if (!r.chromatic) h["colours"] = r.colours;
    return h;
  }
  // --chromatic answers the run by its bounds and its own searches.
  static bool answer(const request& r, const colouring_instance& inst,
                     session<colouring_problem>& s) {
    if (!r.chromatic) return false;
    chromatic(inst, s);
    return true;
  }
  static std::string no_solution(const request& r, const colouring_instance&) {
    return "no colouring: the graph is not " + std::to_string(r.colours) + "-colourable";
  }

  // The problem's own strategies: the labelled colourings of each solution state, checked.
  template <class K>
  static void search(const request& r, const colouring_instance& inst, col::strategy how, K&& k) {
    const graph_instance& in = *inst.graph;
    const int m = r.colours;
    try {
      std::vector<gr::vertex> clique;
      if (how == col::strategy::dsatur) {
        // A clique above m settles it (no colouring); one of m or fewer is coloured first.
        clique =
            col::max_clique(inst.adj, col::greedy_clique(inst.adj), mcolouring_clique_nodes,
                            static_cast<std::size_t>(m) + 1, [&] { return inst.limits->poll(); })
                .vertices;
      }
      col::with_strategy(how, inst.adj, m, clique, [&](auto& p) {
        using P = std::remove_reference_t<decltype(p)>;
        with_picture<col::describer> naming(inst.picture,
                                            col::describer{&inst.adj, in.names.get()});
        k(p, naming,
          reader<P>{in, m,
                    col::renamings(m, static_cast<int>(std::min<std::size_t>(
                                          static_cast<std::size_t>(m), boost::num_vertices(in.g)))),
                    inst.first.get()});
      });
    } catch (const col::count_overflow&) {
      // The count is a 64-bit number (the report's and the units'): past it, say so.
      throw usage_error("the number of " + std::to_string(m) + "-colourings of " + in.name +
                        " is more than 2^64 - 1, past what a count holds");
    }
  }

  // The engine's CSP strategies on the vertices-as-variables model.
  template <class K>
  static void engine_search(const request& r, const colouring_instance& inst,
                            const bt::csp::config& engine, K&& k) {
    const int m = r.colours;
    if (m > col::csp_model::max_colours) {
      throw usage_error("the engine's strategies colour with at most " +
                        std::to_string(col::csp_model::max_colours) + " colours, not " +
                        std::to_string(m));
    }
    const col::csp_model model(inst.adj, m, inst.graph->names.get());
    with_csp_solver(model, engine, [&](auto& solver) {
      using P = std::remove_reference_t<decltype(solver)>;
      with_picture<bt::csp::describer> naming(inst.picture);
      k(solver, naming, reader<P>{*inst.graph, m, col::renamings(1, 1), inst.first.get()});
    });
  }

 private:
  template <class P>
  struct reader {
    const graph_instance& in;
    int m;
    col::renamings ways;
    std::vector<int>* first;

    std::uint64_t weight(const P& p) const { return col::colourings_of(p, ways); }
    template <class Emit>
    void operator()(const P& p, std::span<const typename P::value_type>, Emit&& emit) const {
      col::for_each_colouring(p, m, [&](std::span<const int> c) {
        verify(in, c, m);
        if (first->empty()) first->assign(c.begin(), c.end());
        return emit(named_colouring{std::vector<int>(c.begin(), c.end()), in.names});
      });
    }
  };

  static void chromatic(const colouring_instance& inst, session<colouring_problem>& s);
};

void colouring_problem::chromatic(const colouring_instance& inst, session<colouring_problem>& s) {
  const graph_instance& in = *inst.graph;
  const col::adjacency& adj = inst.adj;
  const auto start = std::chrono::steady_clock::now();
  bt::stats st;
  bt::stats_visitor sv{st};
  col::describer describer{nullptr, in.names.get()};
  col::chromatic_options opts;
  opts.how = s.strategy_value();
  // Each improvement of the bounds, as it happens: a line on stderr with --stats, and the
  // JSON's "progress".
  nlohmann::json progress = nlohmann::json::array();
  const auto report = [&](const col::chromatic_result& now) {
    const double at =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    progress.push_back({{"lower", now.lower},
                        {"upper", now.upper},
                        {"seconds", at},
                        {"lower_by", now.lower_by},
                        {"upper_by", now.upper_by}});
    if (s.options().stats) {
      std::ostringstream line;
      line << "progress: [" << now.lower << ".." << now.upper << "] at " << std::fixed
           << std::setprecision(2) << at << " s (lower: " << now.lower_by
           << ", upper: " << now.upper_by << ")\n";
      s.err() << line.str() << std::flush;
    }
  };
  const auto go = [&](auto&... extra) {
    auto vis = bt::visitors(s.limits(), extra...);
    return col::chromatic_number(
        adj, opts, vis, [&] { return s.limits().poll(); }, report);
  };
  col::chromatic_result r;
  s.outside([&] {
    if (s.options().trace) {
      bt::trace_visitor<col::describer> tracer(s.trace_stream(), describer);
      r = go(sv, tracer);
    } else {
      r = go(sv);
    }
    if (!r.optimal() && s.limits().reason() == bt::stop_reason::none) {
      throw std::logic_error("the chromatic search ended unproven without a stop");
    }
    return outside_work{st, !r.optimal()};
  });
  verify(in, r.colouring, r.upper);
  s.exhausted(r.optimal());
  s.result("chromatic_number", r.optimal() ? nlohmann::json(r.upper) : nlohmann::json(nullptr));
  s.result("lower_bound", r.lower);
  s.result("upper_bound", r.upper);
  s.result("lower_bound_by", r.lower_by);
  s.result("upper_bound_by", r.upper_by);
  s.result("progress", std::move(progress));
  if (r.independent_sets == 0 && r.fractional != 0) {
    s.result("fractional", {{"relaxation", r.fractional}, {"generated_sets", r.generated_sets}});
  }
  if (r.independent_sets != 0) {
    s.result("set_cover", {{"independent_sets", r.independent_sets},
                           {"fractional", r.fractional},
                           {"nodes", r.cover_nodes}});
  }
  // The text output leads with the bounds, then the colouring.
  if (!s.json() && !s.csv()) {
    if (r.optimal()) {
      s.out() << "chromatic number: " << r.upper << '\n';
    } else {
      s.out() << "bounds: [" << r.lower << ".." << r.upper << "]\n";
    }
  }
  s.found(named_colouring{r.colouring, in.names});
  std::ostringstream lower;
  lower << "lower bound: clique " << r.clique.size() << (r.clique_maximum ? " (maximum)" : "");
  if (r.mycielskian != 0) lower << ", mycielskian " << r.mycielskian;
  if (r.independent_sets != 0) {
    lower << ", set cover of " << r.independent_sets << " maximal independent sets (fractional "
          << std::fixed << std::setprecision(3) << r.fractional << ", " << r.cover_nodes
          << " branch-and-bound nodes)";
  } else if (r.fractional != 0) {
    lower << ", fractional " << std::fixed << std::setprecision(3) << r.fractional << " ("
          << r.generated_sets << " independent sets generated)";
  }
  s.stats_note(lower.str());
  std::string upper =
      "upper bound: " + std::string(opts.how == col::strategy::dsatur ? "dsatur " : "first fit ") +
      std::to_string(r.greedy);
  if (r.heuristic != 0) upper += ", tabucol " + std::to_string(r.heuristic);
  if (r.evolution != 0) upper += ", evolution " + std::to_string(r.evolution);
  s.stats_note(upper);
  s.stats_note("proof: lower bound by " + r.lower_by + ", upper bound by " + r.upper_by);
  s.stats_note("exact search: " + (r.searched ? std::to_string(r.search_vertices) + " of " +
                                                    std::to_string(adj.size()) + " vertices"
                                              : std::string("not needed")));
  *inst.first = r.colouring;  // what --dot draws
}

}  // namespace

void register_colouring(registry& r) { add_problem<colouring_problem>(r); }

}  // namespace btsolve
