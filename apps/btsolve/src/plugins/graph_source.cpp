// SPDX-License-Identifier: MIT
#include "plugins/graph_source.hpp"

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <stdexcept>
#include <utility>
#include <vector>

#include <btsolve/errors.hpp>
#include <btsolve/input.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>
#include <bt/problems/graph/layout.hpp>
#include <bt/problems/graph/maps.hpp>

namespace btsolve {
namespace {

namespace gr = bt::problems::graph;

/// A generated graph is refused before it is built when its edges would pass the limit of the
/// file readers: at about 100 bytes an edge for the edge list, the Boost graph and the
/// searches' adjacency, 20 million edges take about 2 GB (--mycielski 15, 16.7 million, peaks
/// at 1.7 GB; 16, 50 million, took 8.5 GB, and 20 asked for 4 billion).
void check_edges(const std::string& option, const std::string& value, std::uint64_t edges) {
  if (edges > gr::max_edges) {
    throw usage_error("--" + option + " " + one_line(value, 40) + " would have " +
                      std::to_string(edges) + " edges; the limit is " +
                      std::to_string(gr::max_edges));
  }
}

template <class Stop>
std::shared_ptr<const graph_instance> from_file(const std::string& path, std::ostream& err,
                                                Stop stop) {
  gr::read_result rr;
  try {
    rr = read_input(path, "<stdin>", [](std::istream& in, const std::string& name) {
      return gr::read_graph(in, name);
    });
  } catch (const gr::graph_error& e) {
    throw usage_error(e.what());
  }
  for (const auto& w : rr.warnings) err << "warning: " << w << '\n';
  // Neighbour lists may give a border from both ends, as adjacency lists do: no slip to warn of.
  const bool symmetric = rr.kind == gr::format::neighbours;
  std::string name = path.substr(path.find_last_of('/') + 1);
  name = name.substr(0, name.find('.'));
  gr::cleanup dropped;
  vertex_names names;
  if (!rr.names.empty())
    names = std::make_shared<const std::vector<std::string>>(std::move(rr.names));
  auto in =
      std::make_shared<const graph_instance>(std::move(rr.edges), name.empty() ? "graph" : name,
                                             rr.name, &dropped, stop, std::move(names));
  if (dropped.duplicates != 0 && !symmetric) {
    err << "warning: " << path << ": " << dropped.duplicates << " repeated edges ignored\n";
  }
  if (dropped.loops != 0)
    err << "warning: " << path << ": " << dropped.loops << " self-loops ignored\n";
  return in;
}

std::pair<std::size_t, std::size_t> board(const std::string& option, const std::string& text,
                                          std::size_t max_vertices) {
  std::pair<std::size_t, std::size_t> rc;
  try {
    rc = gr::parse_dimensions(text);
  } catch (const std::invalid_argument& e) {
    throw usage_error("--" + option + ": " + e.what());
  }
  if (rc.first * rc.second > max_vertices) {
    throw usage_error("--" + option + " " + one_line(text, 40) + " has " +
                      std::to_string(rc.first * rc.second) + " squares; at most " +
                      std::to_string(max_vertices) + " can be searched");
  }
  return rc;
}

}  // namespace

void choose(graph_request& g, const char* option, const std::string& value) {
  if (!g.option.empty()) {
    g.twice = true;
    g.other = option;
    return;
  }
  g.option = option;
  g.value = value;
}

namespace {

std::shared_ptr<const graph_instance> build(const graph_request& g, const graph_limits& limits,
                                            const std::string& needs, std::ostream& err,
                                            bt::limit_visitor& run) {
  // The time limit and Ctrl-C stop a long build (10^7 edges take seconds) as they stop a search.
  const auto stop = [&run] { return run.poll() == bt::flow::stop; };
  // Built in place (graph_instance): returned as a shared pointer, the graph is never copied.
  const auto made = [&stop](gr::edge_list e, std::string name) {
    return std::make_shared<const graph_instance>(std::move(e), std::move(name), std::string(),
                                                  nullptr, stop);
  };
  if (g.option.empty()) throw usage_error(needs);
  if (g.twice) {
    throw usage_error("--" + g.option + " and --" + g.other +
                      " exclude each other: give one graph");
  }
  if (g.option == "input") return from_file(g.value, err, stop);
  if (g.option == "queen-graph") {
    const auto [rows, cols] = board("queen-graph", g.value, SIZE_MAX);
    if (rows * cols > limits.max_vertices) {
      throw usage_error("--queen-graph: " + quote(g.value) + " is too large a board");
    }
    check_edges(g.option, g.value, gr::queen_edges(rows, cols));
    return made(gr::queen_graph(rows, cols, stop),
                "queen" + std::to_string(rows) + "_" + std::to_string(cols));
  }
  if (g.option == "knight") {
    const auto [rows, cols] = board("knight", g.value, limits.max_vertices);
    check_edges(g.option, g.value, gr::knight_edges(rows, cols));
    return made(gr::knight_graph(rows, cols, stop), "knight" + g.value);
  }
  if (g.option == "mycielski" || g.option == "hypercube") {
    const bool myc = g.option == "mycielski";
    const int most = myc ? limits.max_mycielski : limits.max_hypercube;
    const auto k = option_set<graph_request>::checked<int>(g.value, "--" + g.option, 1, most);
    check_edges(g.option, g.value, myc ? gr::mycielski_edges(k) : gr::hypercube_edges(k));
    if (myc) return made(gr::mycielski(k, stop), "myciel" + std::to_string(k));
    return made(gr::hypercube(k, stop), "hypercube" + std::to_string(k));
  }
  if (g.option == "map") {
    auto m = gr::builtin_map(g.value);
    if (!m) {
      std::string known;
      for (const auto n : gr::map_names()) known += (known.empty() ? "" : ", ") + std::string(n);
      throw usage_error("--map: unknown map " + quote(g.value) + "; the maps are " + known);
    }
    return std::make_shared<const graph_instance>(
        std::move(m->edges), g.value, std::string(), nullptr, stop,
        std::make_shared<const std::vector<std::string>>(std::move(m->names)),
        std::move(m->positions));
  }
  if (g.option == "petersen") return made(gr::petersen(), "petersen");
  return made(gr::dodecahedron(), "dodecahedron");
}

}  // namespace

std::shared_ptr<const graph_instance> load_graph(const graph_request& g, const graph_limits& limits,
                                                 const std::string& needs, std::ostream& err,
                                                 bt::limit_visitor& run) {
  try {
    return build(g, limits, needs, err, run);
  } catch (const gr::build_stopped&) {
    return nullptr;
  }
}

std::string vertex_label(const vertex_names& names, std::size_t v) {
  return names ? (*names)[v] : std::to_string(v + 1);
}

std::string graph_picture_of(const graph_instance& g, const run_options& o,
                             const std::string& mode) {
  if (o.replay_file.empty()) return "{}";
  // Places from the input (a map), else a spring layout: the viewer draws them as given.
  const gr::picture_layout at = gr::layout(g.g, g.places);
  graph_drawing drawing;
  if (g.names) drawing.names = *g.names;
  for (const gr::point& p : at.positions) drawing.positions.emplace_back(p.x, p.y);
  drawing.radius = at.radius;
  std::vector<std::pair<std::size_t, std::size_t>> edges;
  auto [e, end] = boost::edges(g.g);
  for (; e != end; ++e) {
    edges.emplace_back(static_cast<std::size_t>(boost::source(*e, g.g)),
                       static_cast<std::size_t>(boost::target(*e, g.g)));
  }
  return graph_picture(static_cast<std::size_t>(boost::num_vertices(g.g)), edges, mode, 0,
                       g.file_name.empty() ? g.name : g.file_name, drawing);
}

}  // namespace btsolve
