// SPDX-License-Identifier: MIT
// The files and lines of the watching options (--tree, --replay, --estimate): the non-template
// half of run_search's watchers, so the page and the messages are compiled once.
#pragma once

#include <iosfwd>
#include <string>

#include <bt/estimate.hpp>

namespace btsolve {

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
