// SPDX-License-Identifier: MIT
// Branch and bound on --threads N (docs/cli.md, "Optimisation"): the tree is split at the
// automatic cut (units.hpp, auto_cut) and the subtrees are searched on the threads against one
// incumbent (bt/optimise.hpp): a bound any thread finds prunes every other thread's search at
// once. A first descent to the first solution comes before the split, as one thread's search
// begins, so that no subtree starts without a bound. Each better solution is reported under a lock,
// with the nodes of every thread so far and the time since the search began; one that a faster
// thread already beat is not reported, so the improvements printed are strictly better one after
// the other. The optimum is proven when every subtree was searched to its end. Included at the end
// of session.hpp.
#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <span>
#include <vector>

#include <bt/optimise.hpp>
#include <bt/shared_limits.hpp>
#include <bt/split.hpp>
#include <btsolve/session.hpp>
#include <btsolve/units.hpp>

namespace btsolve {

namespace detail {

/// What the threads of one optimisation share: the lock the improvements are reported under,
/// the best value reported, and how many were.
template <class Value>
struct shared_improvements {
  std::mutex lock;
  std::optional<Value> reported;
  std::uint64_t count = 0;
};

/// One thread's reporter of improvements: keeps the values of its path (after its
/// subproblem's prefix) and reports a solution the engine found better than the incumbent.
template <class P, class Report>
class improvement_sink {
 public:
  using value_type = typename P::value_type;
  improvement_sink(const std::vector<value_type>& prefix, Report& report)
      : path_(prefix), offset_(prefix.size()), report_(report) {}
  void on(const bt::ev::assign<P>& e) {
    path_.resize(offset_ + e.depth);
    path_.push_back(e.value);
  }
  bt::flow on(const bt::ev::solution<P>& e) {
    return report_(e.state, std::span<const value_type>(path_.data(), offset_ + e.depth));
  }

 private:
  std::vector<value_type> path_;
  std::size_t offset_;
  Report& report_;
};

}  // namespace detail

template <class Desc>
template <bt::problem P, class Reader>
search_outcome session<Desc>::optimise_on_threads(P& p, Reader& reader) {
  search_outcome r;
  if constexpr (!std::copy_constructible<P>) {
    throw usage_error("strategy " + strategy() + " cannot be split for --threads");
  } else {
    const auto start = std::chrono::steady_clock::now();
    head("threads", units_.threads);
    const auto direction = p.incumbent()->direction();
    using objective_type = decltype(p.objective());
    detail::shared_improvements<objective_type> shared;
    bt::shared_limits limits(options().node_limit,
                             deadline_of(options(), std::chrono::steady_clock::now()));
    const std::uint64_t quota = options().limit;
    const std::uint64_t period = bt::propagating<P> ? 16 : 1024;
    // Report a solution the engine found better than the incumbent, unless another thread
    // reported a better one meanwhile; stop every thread when the quota is met.
    const auto report = [&](const P& at, std::span<const typename P::value_type> values,
                            std::uint64_t pending) {
      const objective_type v = at.objective();
      const std::lock_guard<std::mutex> hold(shared.lock);
      if (shared.reported &&
          !(direction == bt::goal::minimize ? v < *shared.reported : v > *shared.reported)) {
        return bt::flow::go_on;
      }
      shared.reported = v;
      const double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      improvement(reader(at, values), nlohmann::json(v), seconds, limits.nodes() + pending);
      if (quota != 0 && ++shared.count >= quota) {
        limits.halt();
        return bt::flow::stop;
      }
      return bt::flow::go_on;
    };
    // The run's end: its statistics, exhausted or why it stopped.
    const auto end = [&](const bt::stats& st, bool all_done) {
      r.stats = st;
      r.stats.seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      r.met = quota != 0 && shared.count >= quota;
      r.solutions = shared.count;
      r.outcome = all_done && !limits.stopped() ? bt::outcome::exhausted : bt::outcome::stopped;
      add_stats(r.stats);
      exhausted(r.outcome == bt::outcome::exhausted);
      if (r.outcome == bt::outcome::stopped && !r.met) {
        stop(limits.reason() == bt::stop_reason::none ? bt::stop_reason::interrupted
                                                      : limits.reason());
      }
      return r;
    };
    bt::stats dive_stats;
    {
      P dive = p;
      if constexpr (bt::propagating<P>) dive.count_inference(true);
      const bt::polling_scope<P, bt::shared_limits> polled(dive, limits);
      bt::shared_limit_visitor lim(limits, period);
      const auto first = [&](const P& at, std::span<const typename P::value_type> values) {
        report(at, values, lim.pending());
        return bt::flow::stop;
      };
      const std::vector<typename P::value_type> none;
      detail::improvement_sink<P, decltype(first)> out(none, first);
      bt::stats_visitor sv{dive_stats};
      // Exhausted: there is no solution at all, and the descent searched the whole tree.
      const bool whole = bt::search(dive, bt::visitors(lim, sv, out)) == bt::outcome::exhausted;
      if (whole || limits.stopped()) return end(dive_stats, whole);
    }
    // A stop while the tree is cut ends the run with the descent's solution, as a stop in
    // the subtrees does: what was found is printed.
    std::size_t cut = 0;
    try {
      cut = auto_cut(p);
    } catch (const bt::split_stopped& e) {
      if (!e.interrupted()) throw;
      limits.halt();
      return end(dive_stats, false);
    }
    bt::stats top;
    std::vector<bt::subproblem<P>> subs;
    {
      P root = p;
      bt::split_guard guard(max_engine_units);
      bt::shared_limit_visitor lim(limits, period);
      subs = bt::split(root, cut, top, guard, lim);
      if (guard.interrupted() || limits.stopped()) {
        if (guard.interrupted()) limits.halt();
        top += dive_stats;
        top.solutions = dive_stats.solutions;
        return end(top, false);
      }
      guard.check("--threads");
    }
    top.solutions = 0;  // the cut's nodes are subtrees to search, not solutions
    std::vector<bt::stats> stats(subs.size());
    std::vector<unsigned char> done(subs.size(), 0);
    run_tasks(subs.size(), units_.threads, limits, [&](std::size_t k) {
      P state = subs[k].state;
      if constexpr (bt::propagating<P>) state.count_inference(true);
      const bt::polling_scope<P, bt::shared_limits> polled(state, limits);
      bt::shared_limit_visitor lim(limits, period);
      const auto each = [&](const P& at, std::span<const typename P::value_type> values) {
        return report(at, values, lim.pending());
      };
      detail::improvement_sink<P, decltype(each)> out(subs[k].prefix, each);
      bt::stats_visitor sv{stats[k]};
      done[k] = bt::search(state, bt::visitors(lim, sv, out)) == bt::outcome::exhausted ? 1 : 0;
    });
    bt::stats total = top;
    total += dive_stats;
    bool all_done = true;
    for (std::size_t k = 0; k < subs.size(); ++k) {
      bt::add_subproblem_stats(total, stats[k], subs[k].prefix.size());
      all_done = all_done && done[k] != 0;
    }
    return end(total, all_done);
  }
  return r;
}

}  // namespace btsolve
