// SPDX-License-Identifier: MIT
// The watchers of a run (--trace, --tree, --replay) as one visitor whose parts are switched on
// at run time: a watched run is one instantiation of the engine, whichever watchers it asks
// for, and runs small enough to watch do not feel a test per event. The files they write and
// the estimate's lines are compiled once (watch.cpp).
#pragma once

#include <cstddef>
#include <fstream>
#include <memory>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <bt/describer.hpp>
#include <bt/estimate.hpp>
#include <bt/replay.hpp>
#include <bt/trace.hpp>
#include <bt/tree.hpp>
#include <bt/visitors.hpp>
#include <btsolve/options.hpp>

namespace btsolve {

/// A Describer with a picture: D's words, plus picture() writing the JSON object given at
/// construction (the graph a problem has and its describer does not).
template <class D>
struct with_picture : D {
  std::string view;  ///< a JSON object, e.g. {"kind":"graph","mode":"colour","n":5,"edges":[...]}
  explicit with_picture(std::string v, D d = D{}) : D(std::move(d)), view(std::move(v)) {}
  void picture(std::ostream& os) const { os << view; }
};

/// What the replay document says of the run besides its steps (docs/replay-format.md).
struct replay_run {
  std::string problem;            ///< the problem's name
  std::string strategy;           ///< the strategy that ran
  std::vector<std::string> argv;  ///< the run's arguments, without --replay FILE
  nlohmann::json stats;           ///< the search's statistics, as the run reports them
  bool seed_backtracks = false;   ///< --textbook-backtracks
};

/// The watchers a run asked for, over one Describer; each hears the events it has hooks for.
template <class Describer>
class watch_visitor {
 public:
  /// trace_out: where --trace writes (run_report::trace_stream()).
  watch_visitor(const run_options& o, Describer& d, std::ostream& trace_out)
      : trace_(trace_out, d),
        tree_(d, o.tree_file.empty() ? 0 : o.tree_max_nodes, o.tree_rejected),
        replay_(d, o.replay_file.empty() ? 0 : o.replay_max_steps),
        tracing_(o.trace),
        drawing_(!o.tree_file.empty()),
        replaying_(!o.replay_file.empty()) {}

  template <class E>
  void on(const E& e) {
    if (tracing_) bt::detail::notify(trace_, e);
    if (drawing_) bt::detail::notify(tree_, e);
    if (replaying_) bt::detail::notify(replay_, e);
  }

  /// Whether --replay records this search (a CSP solver then keeps its propagation's log).
  [[nodiscard]] bool replaying() const { return replaying_; }

  /// Write the files asked for: --tree's DOT and --replay's page or data (picture from d).
  void write_files(const run_options& o, const Describer& d, const replay_run& run) const;

 private:
  bt::trace_visitor<Describer> trace_;
  bt::tree_visitor<Describer> tree_;
  bt::replay_visitor<Describer> replay_;
  bool tracing_;
  bool drawing_;
  bool replaying_;
};

/// How a graph's picture draws its vertices beyond their numbers (each part may be empty).
struct graph_drawing {
  std::vector<std::string> names;                    ///< vertex v's name
  std::vector<std::pair<double, double>> positions;  ///< vertex v's centre, in [0, 1] (y down)
  double radius = 0;  ///< the discs' radius in the positions' unit (no two overlap)
};

/// The --replay picture of a graph of n vertices, vertices 0-based: mode "colour" (a step's
/// cell is (vertex, colour)) or "path" (a cell is (position, vertex); the path starts at start).
/// drawing: the vertices' names and places, written as "names", "positions" and "radius".
std::string graph_picture(std::size_t n,
                          const std::vector<std::pair<std::size_t, std::size_t>>& edges,
                          const std::string& mode, std::size_t start, const std::string& title,
                          const graph_drawing& drawing = {});

/// A file for an option's output (--dot), opened now so that a path that cannot be written
/// is refused before the search; throws usage_error naming option and path.
std::shared_ptr<std::ofstream> open_output(const std::string& path, const char* option);

/// Write text to path; throws usage_error naming option and path when it cannot.
void write_text_file(const std::string& path, const std::string& text, const char* option);

/// The replay document (docs/replay-format.md): what --replay FILE.json writes, what the page
/// embeds and what the studio plays. view is the problem's picture as a JSON object ({} for
/// none), csp the "csp" member ("" for none), steps a JSON array (bt::replay_visitor).
std::string replay_document(const replay_run& run, const std::string& view, const std::string& csp,
                            const std::string& steps, bool truncated);

/// The --replay page: one self-contained HTML file, the viewer's CSS and JavaScript (embedded
/// in the runner at build time) and a replay document.
std::string replay_page(const std::string& document);

/// "estimate: ~N nodes (K probes, seed S, standard error E)" on os (nothing if os is null).
void report_estimate(std::ostream* os, const bt::tree_estimate& e, unsigned long long seed);

template <class Describer>
void watch_visitor<Describer>::write_files(const run_options& o, const Describer& d,
                                           const replay_run& run) const {
  if (drawing_) {
    std::ostringstream dot;
    tree_.write_dot(dot);
    write_text_file(o.tree_file, dot.str(), "--tree");
  }
  if (replaying_) {
    std::ostringstream steps;
    replay_.write_json(steps);
    // FILE.json: the data for another viewer (the studio); any other name: the page.
    const bool data_only = std::string_view(o.replay_file).ends_with(".json");
    const std::string doc = replay_document(run, bt::picture_of(d), replay_.csp_json(), steps.str(),
                                            replay_.truncated());
    write_text_file(o.replay_file, data_only ? doc : replay_page(doc), "--replay");
  }
}

}  // namespace btsolve
