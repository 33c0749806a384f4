// SPDX-License-Identifier: MIT
// run_search: the one place where the runner's options become a static visitor set. Each
// combination (plain, statistics, statistics + trace) is its own fully inlined engine.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstddef>
#include <optional>
#include <ostream>
#include <sstream>
#include <span>
#include <type_traits>
#include <utility>

#include <bt/bt.hpp>
#include <bt/estimate.hpp>
#include <bt/replay.hpp>
#include <bt/tree.hpp>

#include "common_options.hpp"
#include "watch.hpp"

namespace btsolve {

/// How a run ended and what it counted.
struct search_result {
  bt::outcome outcome = bt::outcome::exhausted;  ///< exhausted, or stopped by a visitor
  bt::stop_reason reason = bt::stop_reason::none;  ///< none when exhausted or the quota was met
  bt::stats stats;                                 ///< always counted when asked or for JSON
  std::uint64_t solutions = 0;                     ///< solutions found

  /// True when the search was cut short by a limit or an interrupt (exit code 3).
  [[nodiscard]] bool cut_short() const { return reason != bt::stop_reason::none; }
};

/// Writes the Describer's picture of the problem for --replay as a JSON object
/// ({"kind":"board","n":8}, ...) when it has replay_view(os), else {}.
template <class Describer>
void replay_view_of(Describer& d, std::ostream& os) {
  if constexpr (requires { d.replay_view(os); }) {
    d.replay_view(os);
  } else {
    os << "{}";
  }
}

/// No per-solution callback: solutions are only counted.
struct count_only {};

/// Search p as o says. on_solution(std::span<const P::value_type>) sees each solution's values
/// in variable order (or pass count_only{}). With o.trace, describer writes to trace_out.
/// want_stats forces the statistics (JSON output always reports them).
template <bt::problem P, class OnSolution, class Describer>
search_result run_search(P& p, const run_options& o, OnSolution on_solution, bool want_stats,
                         std::ostream& trace_out, Describer& describer) {
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const auto deadline = deadline_of(o, start);
  search_result r;
  bt::limit_visitor limits(o.node_limit, deadline);
  bt::solution_quota quota{o.what == mode::first ? 1 : o.limit, 0};
  bt::stats_visitor stats{r.stats};
  std::optional<bt::tree_estimate> estimate;
  if (o.estimate) {
    estimate = bt::estimate_tree_size(p, o.estimate_probes, o.seed);
    report_estimate(o.notes, *estimate, o.seed);
  }

  const auto go = [&](auto&... extra) {
    if constexpr (std::is_same_v<OnSolution, count_only>) {
      return bt::search(p, bt::visitors(limits, extra..., quota));
    } else {
      auto sink = bt::make_assignment_visitor<P>(std::move(on_solution));
      return bt::search(p, bt::visitors(limits, extra..., sink, quota));
    }
  };
  const bool watch = !o.tree_file.empty() || !o.replay_file.empty();
  bt::tree_visitor<Describer> tree(describer, watch && !o.tree_file.empty() ? o.tree_max_nodes : 0);
  bt::replay_visitor<Describer> replay(describer,
                                       watch && !o.replay_file.empty() ? o.replay_max_steps : 0);
  if (o.trace) {
    bt::trace_visitor<Describer> tracer(trace_out, describer);
    if (watch) {
      r.outcome = go(stats, tracer, tree, replay);
    } else {
      r.outcome = go(stats, tracer);
    }
  } else if (watch) {
    r.outcome = go(stats, tree, replay);
  } else if (o.stats || want_stats || o.estimate) {
    r.outcome = go(stats);
  } else {
    r.outcome = go();
  }
  r.stats.seconds = std::chrono::duration<double>(clock::now() - start).count();
  if (!o.tree_file.empty()) {
    std::ostringstream dot;
    tree.write_dot(dot);
    write_text_file(o.tree_file, dot.str(), "--tree");
  }
  if (!o.replay_file.empty()) {
    std::ostringstream steps;
    replay.write_json(steps);
    std::ostringstream view;
    replay_view_of(describer, view);
    write_replay_page(o.replay_file, view.str(), steps.str(), replay.truncated());
  }
  if (estimate) report_estimate_beside(o.notes, *estimate, r.stats.nodes);
  r.solutions = quota.seen;
  r.reason = limits.reason();
  if (r.outcome == bt::outcome::stopped && r.reason == bt::stop_reason::none && !quota.met()) {
    r.reason = bt::stop_reason::interrupted;  // a stop from the callback itself
  }
  return r;
}

}  // namespace btsolve
