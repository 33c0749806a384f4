// SPDX-License-Identifier: MIT
// The files and lines of the watching options (--tree, --replay, --estimate): the non-template
// half of run_search's watchers, so the page and the messages are compiled once.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <bt/estimate.hpp>

namespace btsolve {

/// A Describer with a picture for --replay: D's words, plus replay_view() writing the JSON
/// object given at construction (graph_view_json: the graph the plugin has and D does not).
template <class D>
struct with_view : D {
  std::string view;  ///< a JSON object, e.g. {"kind":"graph","mode":"colour","n":5,"edges":[...]}
  explicit with_view(std::string v, D d = D{}) : D(std::move(d)), view(std::move(v)) {}
  void replay_view(std::ostream& os) const { os << view; }
};

/// The --replay picture of a graph of n vertices, vertices 0-based: mode "colour" (a step's
/// cell is (vertex, colour)) or "path" (a cell is (position, vertex); the path starts at start).
std::string graph_view_json(std::size_t n, const std::vector<std::pair<std::size_t, std::size_t>>& edges,
                            const std::string& mode, std::size_t start, const std::string& title);

/// Write text to path; throws usage_error naming option and path when it cannot.
void write_text_file(const std::string& path, const std::string& text, const char* option);

/// The --replay page: one self-contained HTML file (inline CSS, JS and the steps as JSON).
/// view is the problem's picture as a JSON object ({} for none), steps a JSON array
/// (bt::replay_visitor::write_json).
std::string replay_page(const std::string& view, const std::string& steps, bool truncated);

/// Write replay_page(...) to path (throws usage_error like write_text_file).
void write_replay_page(const std::string& path, const std::string& view, const std::string& steps,
                       bool truncated);

/// "estimate: ~N nodes (K probes, seed S, standard error E)" on os (nothing if os is null).
void report_estimate(std::ostream* os, const bt::tree_estimate& e, unsigned long long seed);

/// "estimate: ~N nodes, searched: M nodes" on os after the run (nothing if os is null).
void report_estimate_beside(std::ostream* os, const bt::tree_estimate& e,
                            unsigned long long searched);

}  // namespace btsolve
