// SPDX-License-Identifier: MIT
// `btsolve colouring` (alias `coloring`): m-colouring (first, all, count) and the chromatic
// number of a graph from a file or a built-in family (docs/problems/colouring.md).
#include <bt/problems/colouring/colouring.hpp>
#include <bt/problems/colouring/csp.hpp>
#include <bt/problems/graph/dot.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>

#include <pthread.h>

#include <chrono>
#include <exception>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <ostream>
#include <sstream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "graph_view.hpp"
#include "csp_strategy.hpp"
#include "plugin.hpp"
#include "plugin_colouring.hpp"
#include "report.hpp"
#include "run.hpp"

namespace btsolve {
namespace {

namespace col = bt::problems::colouring;
namespace gr = bt::problems::graph;

/// The most colours --colours accepts (more than any graph here can use).
constexpr std::int64_t max_colours = 1'000'000;
/// Generated queen graphs stop here (edges ~ n (rows + cols + 2 min)): beyond, memory runs out.
constexpr std::size_t max_generated_edges = 50'000'000;
/// Budget of the exact clique search that seeds the dsatur m-colouring.
constexpr std::uint64_t mcolouring_clique_nodes = 100'000;

/// Stack per search level: the engine recurses once per vertex, and a sanitizer build's frames
/// are several times larger.
#if defined(__SANITIZE_ADDRESS__)
constexpr std::size_t stack_per_level = 8192;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr std::size_t stack_per_level = 8192;
#else
constexpr std::size_t stack_per_level = 1024;
#endif
#else
constexpr std::size_t stack_per_level = 1024;
#endif

/// Run f() on a thread whose stack holds `levels` levels of search (the main thread's 8 MiB do
/// not hold a long path); exceptions cross back. If no such thread can be made, f runs here.
template <class F>
int on_deep_stack(std::size_t levels, F& f) {
  struct job {
    F* f;
    int result;
    std::exception_ptr error;
  } j{&f, 0, nullptr};
  const std::size_t bytes = (std::size_t{64} << 20) + levels * stack_per_level;
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return f();
  pthread_t thread;
  const bool made =
      pthread_attr_setstacksize(&attr, bytes) == 0 &&
      pthread_create(
          &thread, &attr,
          [](void* p) -> void* {
            auto* jp = static_cast<job*>(p);
            try {
              jp->result = (*jp->f)();
            } catch (...) {
              jp->error = std::current_exception();
            }
            return nullptr;
          },
          &j) == 0;
  pthread_attr_destroy(&attr);
  if (!made) return f();
  pthread_join(thread, nullptr);
  if (j.error) std::rethrow_exception(j.error);
  return j.result;
}

enum class format { text, json };

format parse_format(const std::string& f) {
  if (f.empty() || f == "text") return format::text;
  if (f == "json") return format::json;
  throw usage_error("--format for colouring is text or json, not '" + f + "'");
}

// The graph to colour, named for DOT and JSON.
struct instance {
  gr::graph g;
  std::string name;
};

instance load(const po::variables_map& vm, std::ostream& err) {
  const int sources = static_cast<int>(vm.count("input") + vm.count("queen-graph") +
                                       vm.count("mycielski"));
  if (sources == 0) {
    throw usage_error("colouring needs a graph: --input FILE, --queen-graph RxC or --mycielski K");
  }
  if (sources > 1) {
    throw usage_error("give one graph: --input, --queen-graph and --mycielski exclude each other");
  }
  if (vm.count("input")) {
    const std::string path = vm["input"].as<std::string>();
    gr::read_result rr;
    try {
      rr = gr::read_graph_file(path);
    } catch (const gr::graph_error& e) {
      throw usage_error(e.what());
    }
    for (const auto& w : rr.warnings) err << "warning: " << w << '\n';
    std::string name = path.substr(path.find_last_of('/') + 1);
    name = name.substr(0, name.find('.'));
    return {gr::make_graph(std::move(rr.edges)), name.empty() ? "graph" : name};
  }
  if (vm.count("queen-graph")) {
    const std::string text = vm["queen-graph"].as<std::string>();
    try {
      const auto [rows, cols] = gr::parse_dimensions(text);
      if (rows * cols > gr::max_generated ||
          rows * cols * (rows + cols + 2 * std::min(rows, cols)) / 2 > max_generated_edges) {
        throw std::invalid_argument("'" + text + "' is too large a board");
      }
      return {gr::make_graph(gr::queen_graph(rows, cols)),
              "queen" + std::to_string(rows) + "_" + std::to_string(cols)};
    } catch (const std::invalid_argument& e) {
      throw usage_error(std::string("--queen-graph: ") + e.what());
    }
  }
  const auto k = parse_int(vm["mycielski"].as<std::string>(), "--mycielski");
  if (k < 1 || k > 20) {
    throw usage_error("--mycielski " + std::to_string(k) + " is out of range 1..20");
  }
  return {gr::make_graph(gr::mycielski(static_cast<int>(k))), "myciel" + std::to_string(k)};
}

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

void write_dot(std::ostream& os, const instance& in, std::span<const int> colouring) {
  gr::write_dot(
      os, in.g, in.name,
      [&](gr::vertex v) {
        if (colouring.empty()) return std::string();
        const int c = colouring[v];
        return "style=filled fillcolor=" + fill_of(c) + " xlabel=\"" + std::to_string(c) + "\"";
      },
      [](gr::vertex, gr::vertex) { return std::string(); });
}

void print_colouring(std::ostream& out, std::span<const int> c) {
  out << "colours:";
  for (const int x : c) out << ' ' << x;
  out << '\n';
}

nlohmann::json colouring_json(std::span<const int> c) {
  nlohmann::json a = nlohmann::json::array();
  for (const int x : c) a.push_back(x);
  return a;
}

// Every colouring leaves through here: checked against the Boost graph itself.
void verify(const instance& in, std::span<const int> c, int colours) {
  if (!col::is_proper(in.g, c, colours)) {
    throw std::logic_error("a colouring about to be reported is not proper");
  }
}

class colouring_plugin final : public plugin {
 public:
  void add_options(po::options_description& desc) const override {
    po::options_description d("Colouring options");
    d.add_options()
        ("input,i", po::value<std::string>(), "graph file: DIMACS .col, edge list or TSPLIB HCP")
        ("queen-graph", po::value<std::string>(), "the queen graph of an RxC board, e.g. 8x8")
        ("mycielski", po::value<std::string>(), "the Mycielski graph K (3 = myciel3.col)")
        ("colours,m", po::value<std::string>(), "m-colouring with colours 1..M")
        ("colors", po::value<std::string>(), "same as --colours")
        ("chromatic", "the chromatic number, proven (exit 3 with [lb..ub] when stopped)")
        ("strategy", po::value<std::string>()->default_value("dsatur"),
         "textbook | dsatur, or engine switches joined by + such as dom-deg+fc (docs/strategies.md)")
        ("dot", po::value<std::string>(), "write the coloured graph to FILE (Graphviz)");
    add_csp_options(d);
    desc.add(d);
  }

  int run(const po::variables_map& vm, const run_options& o, std::ostream& out,
          std::ostream& err) override {
    const format fmt = parse_format(o.format);
    const std::string sname = vm["strategy"].as<std::string>();
    auto strat = col::parse_strategy(sname);
    const bool named = !vm["strategy"].defaulted();
    const auto engine = csp_switches(vm, strat || !named ? std::nullopt : std::optional(sname),
                                     strat && named, "textbook, dsatur");
    if (engine) strat.reset();
    if (vm.count("colours") && vm.count("colors")) {
      throw usage_error("give --colours once (--colors is the same option)");
    }
    const char* colours_key = vm.count("colors") ? "colors" : "colours";
    const bool chromatic = vm.count("chromatic") > 0;
    if (chromatic && vm.count(colours_key)) {
      throw usage_error("--chromatic finds the fewest colours itself; drop --colours");
    }
    if (!chromatic && !vm.count(colours_key)) {
      throw usage_error("colouring needs --colours M or --chromatic");
    }
    if (chromatic && engine) {
      throw usage_error("--chromatic uses the problem's own strategies; the engine's need --colours");
    }
    if (chromatic && (o.what != mode::first || o.limit != 0)) {
      throw usage_error("--chromatic reports one optimal colouring; --all, --count and --limit do not apply");
    }
    if (chromatic && o.watched() && !o.trace) {
      throw usage_error("--tree, --replay and --estimate watch one search: give --colours M, not --chromatic");
    }
    if (vm.count("dot") && o.what == mode::count) {
      throw usage_error("--dot draws a colouring; --count finds none to draw");
    }
    int m = 0;
    if (!chromatic) {
      const std::string opt = std::string("--") + colours_key;
      const auto v = parse_int(vm[colours_key].as<std::string>(), opt);
      if (v < 1 || v > max_colours) {
        throw usage_error(opt + " " + std::to_string(v) + " is out of range 1.." +
                          std::to_string(max_colours));
      }
      m = static_cast<int>(v);
    }
    const instance in = load(vm, err);
    std::unique_ptr<std::ofstream> dot;
    if (vm.count("dot")) {
      const std::string path = vm["dot"].as<std::string>();
      dot = std::make_unique<std::ofstream>(path);
      if (!*dot) throw usage_error("--dot: cannot write '" + path + "'");
    }
    const col::adjacency adj(in.g);
    auto solve = [&] {
      if (engine) return solve_engine(in, adj, *engine, m, o, fmt, dot.get(), out, err);
      return chromatic ? solve_chromatic(in, adj, *strat, o, fmt, dot.get(), out, err)
                       : solve_m(in, adj, *strat, m, o, fmt, dot.get(), out, err);
    };
    return on_deep_stack(adj.size(), solve);
  }

 private:
  static nlohmann::json head(const instance& in, std::string_view s) {
    return {{"problem", "colouring"},
            {"vertices", boost::num_vertices(in.g)},
            {"edges", boost::num_edges(in.g)},
            {"strategy", s}};
  }

  // The engine's CSP strategies (bt/csp) on the vertices-as-variables model.
  static int solve_engine(const instance& in, const col::adjacency& adj, const bt::csp::config& c,
                          int m, const run_options& o, format fmt, std::ofstream* dot,
                          std::ostream& out, std::ostream& err) {
    if (m > col::csp_model::max_colours) {
      throw usage_error("the engine's strategies colour with at most " +
                        std::to_string(col::csp_model::max_colours) + " colours, not " +
                        std::to_string(m));
    }
    const col::csp_model model(adj, m);
    return with_csp_solver(model, c, [&](auto& s) {
      return search_m(s, in, bt::csp::spec_of(c), m, o, fmt, dot, out, err);
    });
  }

  static int solve_m(const instance& in, const col::adjacency& adj, col::strategy s, int m,
                     const run_options& o, format fmt, std::ofstream* dot, std::ostream& out,
                     std::ostream& err) {
    std::vector<gr::vertex> clique;
    if (s == col::strategy::dsatur) {
      clique = col::greedy_clique(adj);
      bt::limit_visitor clock(0, deadline(o));
      // A clique above m settles it (no colouring); one of m or fewer is coloured first.
      clique = col::max_clique(adj, clique, mcolouring_clique_nodes,
                               static_cast<std::size_t>(m) + 1, [&] { return clock.poll(); })
                   .vertices;
    }
    return col::with_strategy(s, adj, m, clique, [&](auto& p) {
      return search_m(p, in, col::name(s), m, o, fmt, dot, out, err);
    });
  }

  template <class P>
  static int search_m(P& p, const instance& in, std::string_view s, int m, const run_options& o,
                      format fmt, std::ofstream* dot, std::ostream& out, std::ostream& err) {
    const bool json = fmt == format::json;
    std::unique_ptr<json_stream> js;
    if (json) {
      nlohmann::json h = head(in, s);
      h["colours"] = m;
      js = std::make_unique<json_stream>(out, h);
    }
    const col::renamings ways(m, static_cast<int>(std::min<std::size_t>(
                                     static_cast<std::size_t>(m), boost::num_vertices(in.g))));
    std::uint64_t count = 0;       // labelled colourings counted or printed
    const std::uint64_t wanted = o.what == mode::first ? 1 : o.limit;  // 0: all
    std::vector<int> first;
    with_view<describer_for<P, col::describer>> describer(
        bt::csp::solver_state<P> ? std::string("{}") : replay_graph(in.g, o, "colour", 0, in.name));
    search_result r = run_search(
        p, o,
        [&](std::span<const typename P::value_type>) {
          if (o.what == mode::count) {
            // --limit K with --count: the first K labelled colourings, whatever the strategy.
            count = col::add_count(count, col::colourings_of(p, ways));
            if (wanted != 0 && count >= wanted) {
              count = wanted;
              return bt::flow::stop;
            }
            return bt::flow::go_on;
          }
          return col::for_each_colouring(p, m, [&](std::span<const int> c) {
            verify(in, c, m);
            if (first.empty()) first.assign(c.begin(), c.end());
            if (json) {
              js->solution(colouring_json(c));
            } else {
              print_colouring(out, c);
            }
            ++count;
            return wanted != 0 && count >= wanted ? bt::flow::stop : bt::flow::go_on;
          });
        },
        json || bt::csp::solver_state<P>, out, describer);  // engine: 2 instantiations, not 3
    // A stop asked for by the quota of printed colourings is not an interruption.
    if (wanted != 0 && count >= wanted && r.reason == bt::stop_reason::interrupted &&
        !bt::interrupt_flag().load()) {
      r.reason = bt::stop_reason::none;
    }
    if (json) {
      nlohmann::json tail;
      if (o.what == mode::count) tail["count"] = count;
      tail["stats"] = to_json(r.stats);
      tail["stopped"] = stopped_json(r.reason);
      tail["exhausted"] = r.outcome == bt::outcome::exhausted;
      js->finish(tail);
    } else if (o.what == mode::count) {
      out << "count: " << count << '\n';
    }
    if (o.stats) report_stats(err, r.stats);
    report_stop(err, r.reason);
    int code = exit_code::solved;
    if (r.cut_short()) {
      code = exit_code::stopped;
    } else if (count == 0) {
      if (!json && o.what != mode::count) {
        err << "no colouring: the graph is not " << m << "-colourable\n";
      }
      code = exit_code::no_solution;
    }
    finish_dot(dot, out, in, first);
    return code;
  }

  // The DOT file is written last, after the results are flushed, so --dot /dev/stdout reads
  // in order. With no colouring found the graph is drawn uncoloured.
  static void finish_dot(std::ofstream* dot, std::ostream& out, const instance& in,
                         std::span<const int> colouring) {
    if (!dot) return;
    out.flush();
    write_dot(*dot, in, colouring);
    dot->flush();
  }

  static std::optional<bt::limit_visitor::clock::time_point> deadline(const run_options& o) {
    return deadline_of(o, bt::limit_visitor::clock::now());
  }

  static int solve_chromatic(const instance& in, const col::adjacency& adj, col::strategy s,
                             const run_options& o, format fmt, std::ofstream* dot,
                             std::ostream& out, std::ostream& err) {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    bt::limit_visitor limits(o.node_limit, deadline(o));
    bt::stats st;
    bt::stats_visitor sv{st};
    col::describer describer;
    col::chromatic_options opts;
    opts.how = s;
    const auto go = [&](auto&... extra) {
      auto vis = bt::visitors(limits, extra...);
      return col::chromatic_number(adj, opts, vis, [&] { return limits.poll(); });
    };
    col::chromatic_result r;
    if (o.trace) {
      bt::trace_visitor<col::describer> tracer(out, describer);
      r = go(sv, tracer);
    } else {
      r = go(sv);
    }
    st.seconds = std::chrono::duration<double>(clock::now() - start).count();
    const bt::stop_reason reason = limits.reason();
    if (!r.optimal() && reason == bt::stop_reason::none) {
      throw std::logic_error("the chromatic search ended unproven without a stop");
    }
    verify(in, r.colouring, r.upper);
    if (fmt == format::json) {
      json_stream js(out, head(in, col::name(s)));
      js.solution(colouring_json(r.colouring));
      nlohmann::json tail;
      tail["chromatic_number"] = r.optimal() ? nlohmann::json(r.upper) : nlohmann::json(nullptr);
      tail["lower_bound"] = r.lower;
      tail["upper_bound"] = r.upper;
      tail["stats"] = to_json(st);
      tail["stopped"] = stopped_json(reason);
      js.finish(tail);
    } else {
      if (r.optimal()) {
        out << "chromatic number: " << r.upper << '\n';
      } else {
        out << "bounds: [" << r.lower << ".." << r.upper << "]\n";
      }
      print_colouring(out, r.colouring);
    }
    if (o.stats) {
      report_stats(err, st);
      err << "lower bound: clique " << r.clique.size()
          << (r.clique_maximum ? " (maximum)" : "");
      if (r.mycielskian != 0) err << ", mycielskian " << r.mycielskian;
      err << "\nupper bound: " << (s == col::strategy::dsatur ? "dsatur " : "first fit ")
          << r.greedy;
      if (r.heuristic != 0) err << ", tabucol " << r.heuristic;
      err << "\nexact search: ";
      if (r.searched) {
        err << r.search_vertices << " of " << adj.size() << " vertices\n";
      } else {
        err << "not needed\n";
      }
    }
    report_stop(err, reason);
    finish_dot(dot, out, in, r.colouring);
    return r.optimal() ? exit_code::solved : exit_code::stopped;
  }
};

}  // namespace

void register_colouring(registry& r) {
  r.add("colouring", "colour a graph's vertices so that neighbours differ; the chromatic number",
        [] { return std::make_unique<colouring_plugin>(); });
  r.alias("coloring", "colouring");
}

}  // namespace btsolve
