// SPDX-License-Identifier: MIT
// The conformance kit: GoogleTest assertions that any problem keeps the engine's contract.
// Each check takes a source of fresh problems: a copyable prototype (searched as copies), or a
// factory returning a new problem (for problems that cannot be copied). Use with EXPECT_TRUE /
// ASSERT_TRUE; a failure says why.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/bt.hpp>
#include <bt/testing/trace_check.hpp>

namespace bt::conformance {

/// A callable returning a new problem each time it is called.
template <class S>
concept factory = std::invocable<const S&> && problem<std::invoke_result_t<const S&>>;

/// The problem type of a source: the prototype's own type, or what the factory returns.
template <class S>
struct problem_of {
  using type = S;
};
template <factory S>
struct problem_of<S> {
  using type = std::invoke_result_t<const S&>;
};
template <class S>
using problem_t = typename problem_of<S>::type;

/// A source of problems: a copyable problem, or a factory of them.
template <class S>
concept source = factory<S> ||(problem<S>&& std::copy_constructible<S>);

/// A new problem from source: a copy of the prototype or the factory's result.
template <source S>
problem_t<S> fresh(const S& s) {
  if constexpr (factory<S>) {
    return s();
  } else {
    return s;
  }
}

/// The values of a solution's variables, in the order they were assigned.
template <problem P>
using values_of = std::vector<typename P::value_type>;

namespace detail {

/// Calls f(const P& state, std::span<const Value> values) at each solution, up to max of them.
template <class P, class F>
struct solution_reader {
  F f;
  std::size_t max;
  std::size_t seen = 0;
  std::vector<typename P::value_type> path;

  void on(const ev::assign<P>& e) {
    path.resize(e.depth + 1);
    path[e.depth] = e.value;
  }
  flow on(const ev::solution<P>& e) {
    f(e.state, std::span<const typename P::value_type>(path.data(), e.depth));
    return ++seen >= max ? flow::stop : flow::go_on;
  }
};

/// verify(state) or verify(values), whichever the caller's verifier takes.
template <class P, class Verify>
bool verifies(Verify& verify, const P& state, std::span<const typename P::value_type> values) {
  if constexpr (std::predicate<Verify&, const P&>) {
    return verify(state);
  } else {
    return verify(values);
  }
}

/// The number of nodes of the whole tree of p.
template <source S>
std::uint64_t tree_nodes(const S& proto) {
  problem_t<S> p = fresh(proto);
  stats s;
  stats_visitor counter{s};
  search(p, counter);
  return s.nodes;
}

}  // namespace detail

/// Up to max solutions of proto, each read by read(const P& state, span of values) -> R, sorted,
/// so that two strategies' sets compare with ==. read defaults to the assignment's values.
// (clang-format 14 breaks the layout of this requires-clause)
// clang-format off
template <source S, class Read>
  requires std::invocable<Read&, const problem_t<S>&,
                          std::span<const typename problem_t<S>::value_type>>
auto solution_set(const S& proto, Read read, std::size_t max = 1'000'000) {
  // clang-format on
  using P = problem_t<S>;
  using R = std::invoke_result_t<Read&, const P&, std::span<const typename P::value_type>>;
  std::vector<R> found;
  auto collect = [&](const P& state, std::span<const typename P::value_type> values) {
    found.push_back(read(state, values));
  };
  detail::solution_reader<P, decltype(collect)> reader{collect, max, 0, {}};
  P p = fresh(proto);
  search(p, reader);
  std::sort(found.begin(), found.end());
  return found;
}

/// Up to max solutions of proto as their values in assignment order, sorted.
template <source S, class P = problem_t<S>>
std::vector<values_of<P>> solution_set(const S& proto, std::size_t max = 1'000'000) {
  return solution_set(
      proto,
      [](const P&, std::span<const typename P::value_type> v) {
        return values_of<P>(v.begin(), v.end());
      },
      max);
}

/// The number of solutions of proto (the whole tree is searched).
template <source S>
std::uint64_t solution_count(const S& proto) {
  problem_t<S> p = fresh(proto);
  solution_counter count;
  search(p, count);
  return count.count;
}

/// Every solution of proto (up to max) passes verify, which takes the solution's state
/// (`bool(const P&)`) or its values in assignment order (`bool(std::span<const value_type>)`),
/// and proto has exactly `expected` solutions when given.
template <source S, class Verify>
::testing::AssertionResult solutions_verify(const S& proto, Verify verify,
                                            std::optional<std::uint64_t> expected = std::nullopt,
                                            std::size_t max = 1'000'000) {
  using P = problem_t<S>;
  std::uint64_t count = 0;
  std::uint64_t bad = 0;
  auto check = [&](const P& state, std::span<const typename P::value_type> values) {
    ++count;
    if (!detail::verifies<P>(verify, state, values)) {
      ++bad;
    }
  };
  detail::solution_reader<P, decltype(check)> reader{check, max, 0, {}};
  P p = fresh(proto);
  search(p, reader);
  if (bad != 0) {
    return ::testing::AssertionFailure() << bad << " of " << count << " solutions fail to verify";
  }
  if (expected && count != *expected) {
    return ::testing::AssertionFailure() << count << " solutions, expected " << *expected;
  }
  return ::testing::AssertionSuccess() << count << " solutions verified";
}

/// The named solution sets (one per strategy, from solution_set) are all equal to the first.
template <class Set>
::testing::AssertionResult strategies_agree(const std::vector<std::pair<std::string, Set>>& sets) {
  if (sets.empty()) {
    return ::testing::AssertionFailure() << "no strategies given";
  }
  for (const auto& [name, set] : sets) {
    if (set != sets.front().second) {
      return ::testing::AssertionFailure()
             << "'" << name << "' finds " << set.size() << " solutions, '" << sets.front().first
             << "' " << sets.front().second.size()
             << (set.size() == sets.front().second.size() ? ", not the same ones" : "");
    }
  }
  return ::testing::AssertionSuccess();
}

/// The limits stop a search of proto with the right reason: a node limit below the tree's size
/// (node_limit, no more nodes entered than allowed), a deadline already past (time_limit), and
/// Ctrl-C's interrupt_all (interrupted; cleared again). proto's tree needs two nodes.
template <source S>
::testing::AssertionResult limits_stop(const S& proto) {
  const std::uint64_t total = detail::tree_nodes(proto);
  if (total < 2) {
    return ::testing::AssertionFailure() << "the tree has " << total << " node: nothing to limit";
  }
  struct run_result {
    outcome how;
    stop_reason why;
    std::uint64_t nodes;
  };
  const auto run = [&](std::uint64_t max_nodes,
                       std::optional<limit_visitor::clock::time_point> at) {
    problem_t<S> p = fresh(proto);
    stats s;
    stats_visitor counter{s};
    limit_visitor limits(max_nodes, at);
    const outcome how = search(p, visitors(limits, counter));
    return run_result{how, limits.reason(), s.nodes};
  };
  const std::uint64_t cap = total / 2;
  if (const run_result r = run(cap == 0 ? 1 : cap, std::nullopt);
      r.how != outcome::stopped || r.why != stop_reason::node_limit || r.nodes > cap + 1) {
    return ::testing::AssertionFailure()
           << "node limit " << cap << " of " << total << ": stopped " << (r.how == outcome::stopped)
           << ", reason '" << to_string(r.why) << "', " << r.nodes << " nodes";
  }
  if (const run_result r = run(0, limit_visitor::clock::now());
      r.how != outcome::stopped || r.why != stop_reason::time_limit) {
    return ::testing::AssertionFailure() << "past deadline: reason '" << to_string(r.why) << "'";
  }
  interrupt_all();
  const run_result r = run(0, std::nullopt);
  clear_interrupt();
  if (r.how != outcome::stopped || r.why != stop_reason::interrupted) {
    return ::testing::AssertionFailure() << "interrupt: reason '" << to_string(r.why) << "'";
  }
  return ::testing::AssertionSuccess();
}

/// The events of a whole search of proto, and of searches stopped after each of the first
/// `stops` solutions, nest as docs/statistics.md says (trace_check.hpp).
template <source S>
::testing::AssertionResult trace_well_formed(const S& proto, std::uint64_t stops = 3) {
  using P = problem_t<S>;
  for (std::uint64_t quota = 0; quota <= stops; ++quota) {
    P p = fresh(proto);
    trace_checker<P> checker;
    solution_quota limit{quota, 0};
    const outcome how = quota == 0 ? search(p, checker) : search(p, visitors(checker, limit));
    if (const std::string error = checker.finish(how); !error.empty()) {
      return ::testing::AssertionFailure()
             << (quota == 0 ? std::string("whole search") : "stop after " + std::to_string(quota))
             << ": " << error;
    }
  }
  return ::testing::AssertionSuccess();
}

/// Branch and bound as the runner runs it (bt/optimise.hpp), for an optimising problem whose
/// incumbent can be shared (share()): proto must come without one. Without an incumbent the
/// search reports every solution, and the best objective among them is the optimum (brute
/// force). With a fresh incumbent every reported solution verifies and is strictly better than
/// the one before, the last equals that optimum, so does the incumbent, and no more nodes are
/// searched than by brute force. A search with the optimum known beforehand (seeded) reports
/// nothing, and a node limit below the search's size stops it with only improvements
/// reported. `optimum`, when given, must also equal the brute force's (a published figure).
template <source S, class Verify>
::testing::AssertionResult branch_and_bound(const S& proto, Verify verify,
                                            std::optional<double> optimum = std::nullopt) {
  using P = problem_t<S>;
  static_assert(optimising<P>, "branch_and_bound needs an optimising problem (bt/optimise.hpp)");
  using T = std::remove_cvref_t<decltype(std::declval<const P&>().objective())>;
  {
    const P probe = fresh(proto);
    if (probe.incumbent() != nullptr) {
      return ::testing::AssertionFailure() << "the prototype already shares an incumbent";
    }
  }
  const P first = fresh(proto);
  const goal direction = first.direction();
  const auto better = [&](T a, T b) { return direction == goal::minimize ? a < b : a > b; };
  constexpr std::size_t every = static_cast<std::size_t>(-1);
  // Brute force: every solution, the best kept.
  std::optional<T> best;
  std::uint64_t all = 0;
  stats brute;
  {
    P p = fresh(proto);
    stats_visitor counter{brute};
    const auto keep = [&](const P& state, auto) {
      ++all;
      if (!best || better(state.objective(), *best)) best = state.objective();
    };
    detail::solution_reader<P, decltype(keep)> on_solution{keep, every, 0, {}};
    (void)search(p, visitors(counter, on_solution));
  }
  if (optimum && (!best || static_cast<double>(*best) != *optimum)) {
    return ::testing::AssertionFailure()
           << "brute force over " << all << " solutions finds "
           << (best ? std::to_string(static_cast<double>(*best)) : std::string("none"))
           << ", not the optimum " << *optimum;
  }
  // Branch and bound.
  incumbent<T> inc(direction);
  std::vector<T> found;
  std::string bad;
  stats bb;
  outcome how{};
  {
    P p = fresh(proto);
    p.share(&inc);
    stats_visitor counter{bb};
    const auto check = [&](const P& state, std::span<const typename P::value_type> values) {
      if (!found.empty() && !better(state.objective(), found.back()) && bad.empty()) {
        bad =
            "solution " + std::to_string(found.size() + 1) + " does not improve on the one before";
      }
      if (!detail::verifies(verify, state, values) && bad.empty()) {
        bad = "solution " + std::to_string(found.size() + 1) + " does not verify";
      }
      found.push_back(state.objective());
    };
    detail::solution_reader<P, decltype(check)> on_solution{check, every, 0, {}};
    how = search(p, visitors(counter, on_solution));
  }
  if (!bad.empty()) return ::testing::AssertionFailure() << bad;
  if (how != outcome::exhausted) return ::testing::AssertionFailure() << "the search stopped";
  if (found.empty() != !best) {
    return ::testing::AssertionFailure()
           << "branch and bound found " << found.size() << " solutions, brute force " << all;
  }
  if (best && (found.back() != *best || !inc.has() || inc.value() != *best ||
               inc.improvements() != found.size())) {
    return ::testing::AssertionFailure()
           << "branch and bound ends at " << static_cast<double>(found.back()) << ", brute force "
           << static_cast<double>(*best) << " (incumbent: " << inc.improvements()
           << " improvements)";
  }
  if (bb.nodes > brute.nodes) {
    return ::testing::AssertionFailure()
           << "branch and bound searched " << bb.nodes << " nodes, brute force " << brute.nodes;
  }
  if (best) {
    // The optimum known beforehand: nothing is better, nothing is reported.
    incumbent<T> known(direction);
    known.seed(*best);
    P p = fresh(proto);
    p.share(&known);
    std::uint64_t reported = 0;
    const auto count = [&](const P&, auto) { ++reported; };
    detail::solution_reader<P, decltype(count)> on_solution{count, every, 0, {}};
    (void)search(p, on_solution);
    if (reported != 0) {
      return ::testing::AssertionFailure()
             << "with the optimum seeded, " << reported << " solutions were reported";
    }
  }
  if (bb.nodes >= 4) {
    // Stopped halfway: only improvements so far, and the stop's reason.
    incumbent<T> part(direction);
    P p = fresh(proto);
    p.share(&part);
    limit_visitor limits(bb.nodes / 2, std::nullopt);
    std::optional<T> last;
    bool improving = true;
    const auto watch = [&](const P& state, auto) {
      if (last && !better(state.objective(), *last)) improving = false;
      last = state.objective();
    };
    detail::solution_reader<P, decltype(watch)> on_solution{watch, every, 0, {}};
    const outcome stopped = search(p, visitors(limits, on_solution));
    if (stopped != outcome::stopped || limits.reason() != stop_reason::node_limit || !improving) {
      return ::testing::AssertionFailure() << "a node limit of " << bb.nodes / 2
                                           << " did not stop the search with improvements only";
    }
  }
  return ::testing::AssertionSuccess();
}

/// The whole kit on one problem: solutions verify (and number `expected` when given), limits
/// stop with their reasons, the trace is well formed.
template <source S, class Verify>
::testing::AssertionResult conforms(const S& proto, Verify verify,
                                    std::optional<std::uint64_t> expected = std::nullopt) {
  if (auto r = solutions_verify(proto, verify, expected); !r) {
    return r;
  }
  if (auto r = limits_stop(proto); !r) {
    return r;
  }
  return trace_well_formed(proto);
}

}  // namespace bt::conformance
