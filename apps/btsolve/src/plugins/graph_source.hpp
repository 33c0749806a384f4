// SPDX-License-Identifier: MIT
// The graph of a graph problem (colouring, hamiltonian): one of --input FILE, a built-in map
// or a generated family, the options that name it, loading with the readers' warnings, its
// vertices' names, and its --replay picture.
#pragma once

#include <iosfwd>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include <bt/limits.hpp>
#include <btsolve/request.hpp>
#include <btsolve/watch.hpp>
#include <bt/problems/graph/graph.hpp>

namespace btsolve {

/// The families a problem offers beside --input.
enum graph_family : unsigned {
  queen_graph = 1U,
  mycielski = 2U,
  knight = 4U,
  hypercube = 8U,
  petersen = 16U,
  dodecahedron = 32U,
  maps = 64U  ///< --map australia | usa | france
};

/// Vertex names shared by a graph and the solutions reported on it; nullptr when the vertices
/// are numbers (1-based in output).
using vertex_names = std::shared_ptr<const std::vector<std::string>>;

/// Which graph a run names: the option given, and its value.
struct graph_request {
  std::string option;  ///< "input", "queen-graph", ...; empty when none was given
  std::string value;   ///< the file or the family's parameter ("8x8", "3")
  bool twice = false;  ///< more than one graph was given
  std::string other;   ///< the second option given
};

/// A loaded graph and the name it is reported under. Built in place and shared, never moved:
/// Boost 1.74's adjacency_list has no move constructor (and its swap() copies), so a moved
/// graph is copied, a second graph at the peak (12% of colouring 10^6 isolated vertices).
struct graph_instance {
  /// The simple graph of `edges` (make_graph; what it dropped in *dropped), with its names.
  /// stop() as make_graph asks it (bt::problems::graph::build_stopped when it says true).
  template <class Stop = bt::problems::graph::never_stop>
  /// names_ and places_: the vertices' names and places when the input has them.
  graph_instance(bt::problems::graph::edge_list edges, std::string name_,
                 std::string file_name_ = {}, bt::problems::graph::cleanup* dropped = nullptr,
                 Stop stop = {}, vertex_names names_ = nullptr,
                 std::vector<bt::problems::graph::point> places_ = {})
      : g(bt::problems::graph::make_graph(std::move(edges), dropped, stop)),
        name(std::move(name_)),
        file_name(std::move(file_name_)),
        names(std::move(names_)),
        places(std::move(places_)) {}
  graph_instance(const graph_instance&) = delete;
  graph_instance& operator=(const graph_instance&) = delete;
  ~graph_instance() = default;

  bt::problems::graph::graph g;
  std::string name;       ///< "c5", "knight6x6", a file's NAME
  std::string file_name;  ///< a file's NAME field, else empty
  vertex_names names;     ///< the vertices' names (a map, neighbour lists), else nullptr
  std::vector<bt::problems::graph::point> places;  ///< a map's places, else empty
};

/// Vertex v (0-based) as output names it: its name, else its 1-based number.
std::string vertex_label(const vertex_names& names, std::size_t v);

/// Record that `option` (with `value`) names the graph; a second one is kept for the error.
void choose(graph_request& g, const char* option, const std::string& value);

/// Add --input and the options of `families` to o, each filling (r.*field).
template <class R>
void add_graph_options(option_set<R>& o, graph_request R::*field, unsigned families,
                       const std::string& input_help) {
  const auto value = [field](const char* option) {
    return [field, option](R& r, const std::string&, const std::string& text) {
      choose(r.*field, option, text);
    };
  };
  const auto flag = [field](const char* option) {
    return [field, option](R& r) { choose(r.*field, option, std::string()); };
  };
  o.parsed("input,i", input_help, value("input")).input_file();
  if (families & queen_graph)
    o.parsed("queen-graph", "the queen graph of an RxC board, e.g. 8x8", value("queen-graph"));
  if (families & mycielski)
    o.parsed("mycielski", "the Mycielski graph K (3 = myciel3.col)", value("mycielski"));
  if (families & knight)
    o.parsed("knight", "the knight's graph of an RxC board, e.g. 6x6", value("knight"));
  if (families & hypercube) o.parsed("hypercube", "the hypercube Q_D", value("hypercube"));
  if (families & petersen) o.flag_with("petersen", "the Petersen graph", flag("petersen"));
  if (families & dodecahedron)
    o.flag_with("dodecahedron", "the dodecahedron", flag("dodecahedron"));
  if (families & maps) {
    o.parsed("map", "a built-in map of named regions: australia, usa or france (AIMA's)",
             value("map"));
  }
}

/// What a problem can search: generated graphs beyond these are refused before they are built.
struct graph_limits {
  std::size_t max_vertices = 10'000'000;  ///< vertices of a generated graph
  int max_hypercube = 20;                 ///< the largest --hypercube dimension
  int max_mycielski = 20;                 ///< the largest --mycielski
};

/// Load the graph g names: the file (warnings on err) or the generated family. Throws
/// usage_error for none, two, or a bad one; `needs` is the message for none ("colouring
/// needs a graph: ..."); input_interrupted when Ctrl-C stops the reading of a file. The
/// build (seconds at 10^7 edges) polls `run` (the run's clock and Ctrl-C): nullptr when it
/// stopped, run.reason() saying why.
std::shared_ptr<const graph_instance> load_graph(const graph_request& g, const graph_limits& limits,
                                                 const std::string& needs, std::ostream& err,
                                                 bt::limit_visitor& run);

/// The --replay picture of g: mode "colour" or "path" (graph_picture), or {} when the run
/// writes no replay (a big graph's edges are only copied when a page will show them).
std::string graph_picture_of(const graph_instance& g, const run_options& o,
                             const std::string& mode);

}  // namespace btsolve
