// SPDX-License-Identifier: MIT
// The engine at any depth: chains a million levels deep in both disciplines, and on small
// trees the same events in the same order as the recursive engine it replaced, with a stop
// at every single event.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <bt/bt.hpp>

#include "toy.hpp"

namespace {

// The recursive engine that bt::search was up to commit 5d8f29c, kept as the oracle of the
// event order. It recurses once per level, so it only ever sees small trees here.
namespace reference {

enum class step { explored, stopped, pruned };

template <class P, class Vis>
step enter(const P& p, Vis& vis, std::size_t depth, typename P::value_type last, bool& expand) {
  using bt::detail::notify;
  expand = false;
  if (notify(vis, bt::ev::node<P>{depth, p}) == bt::flow::stop) return step::stopped;
  if constexpr (bt::checks_nodes<P>) {
    if (!p.promising()) {
      return notify(vis, bt::ev::prune<P>{depth, last, p, true}) == bt::flow::stop ? step::stopped
                                                                                   : step::pruned;
    }
  }
  if (p.complete()) {
    return notify(vis, bt::ev::solution<P>{depth, p}) == bt::flow::stop ? step::stopped
                                                                        : step::explored;
  }
  expand = true;
  return step::explored;
}

template <class P, class Vis>
bool admit(const P& p, Vis& vis, std::size_t depth, const typename P::value_type& v,
           bool& stopped) {
  if constexpr (bt::checks_values<P>) {
    if (!p.consistent(v)) {
      stopped = bt::detail::notify(vis, bt::ev::prune<P>{depth, v, p, false}) == bt::flow::stop;
      return false;
    }
  }
  return true;
}

// Trail discipline: assign, recurse on p itself, unassign. Copy discipline: recurse on the
// child; p stays as it was.
template <bt::problem P, class Vis>
step dfs(P& p, Vis& vis, std::size_t depth, typename P::value_type last) {
  using bt::detail::notify;
  bool expand = false;
  const step s = enter(p, vis, depth, last, expand);
  if (!expand) return s;
  for (auto&& v : p.candidates()) {
    bool stopped = false;
    if (!admit(p, vis, depth, v, stopped)) {
      if (stopped) return step::stopped;
      continue;
    }
    step child = step::explored;
    if constexpr (bt::trail_problem<P>) {
      p.assign(v);
      if (notify(vis, bt::ev::assign<P>{depth, v, p}) == bt::flow::stop) {
        p.unassign(v);
        return step::stopped;
      }
      child = dfs(p, vis, depth + 1, v);
      p.unassign(v);
    } else {
      P c = p.child(v);
      if (notify(vis, bt::ev::assign<P>{depth, v, c}) == bt::flow::stop) return step::stopped;
      child = dfs(c, vis, depth + 1, v);
    }
    if (child == step::stopped) return step::stopped;
    if (child == step::explored &&
        notify(vis, bt::ev::backtrack<P>{depth, v, p}) == bt::flow::stop) {
      return step::stopped;
    }
    if constexpr (bt::trail_problem<P> && bt::skips_values<P>) {
      if (p.skip_level()) {
        return notify(vis, bt::ev::backjump<P>{depth, v, p}) == bt::flow::stop ? step::stopped
                                                                               : step::explored;
      }
    }
  }
  return step::explored;
}

template <bt::problem P, class Vis>
bt::outcome search(P& p, Vis& vis) {
  const typename P::value_type none{};
  return dfs(p, vis, 0, none) == step::stopped ? bt::outcome::stopped : bt::outcome::exhausted;
}

}  // namespace reference

// Every event as a short word: node n<depth>, assign a<depth>=<value>, value-level prune
// p<depth>=<value>, node-level prune P<depth>, backtrack b<depth>=<value>, backjump
// j<depth>=<value>, solution S. Stops the search at event number `stop_at` (1-based; 0: never).
struct recorder {
  std::vector<std::string> log;
  std::size_t stop_at = 0;

  template <class P>
  bt::flow on(const bt::ev::node<P>& e) {
    return note("n" + std::to_string(e.depth));
  }
  template <class P>
  bt::flow on(const bt::ev::assign<P>& e) {
    return note("a" + std::to_string(e.depth) + "=" + std::to_string(e.value));
  }
  template <class P>
  bt::flow on(const bt::ev::prune<P>& e) {
    return note(e.node_level ? "P" + std::to_string(e.depth)
                             : "p" + std::to_string(e.depth) + "=" + std::to_string(e.value));
  }
  template <class P>
  bt::flow on(const bt::ev::backtrack<P>& e) {
    return note("b" + std::to_string(e.depth) + "=" + std::to_string(e.value));
  }
  template <class P>
  bt::flow on(const bt::ev::backjump<P>& e) {
    return note("j" + std::to_string(e.depth) + "=" + std::to_string(e.value));
  }
  template <class P>
  bt::flow on(const bt::ev::solution<P>&) {
    return note("S");
  }

  bt::flow note(std::string word) {
    log.push_back(std::move(word));
    return stop_at != 0 && log.size() == stop_at ? bt::flow::stop : bt::flow::go_on;
  }
};

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

// A trail problem is back where it started: each kind says so in its own way.
bool at_root(const toy::strings& p) { return p.s.empty(); }
bool at_root(const toy::exactly_k& p) { return p.s.empty(); }
bool at_root(const toy::chain& p) { return p.at_root(); }

// The new engine and the reference on a fresh problem from make(): the same events, the same
// outcome, without a stop and with a stop at each event in turn; a trail problem is left as
// given every time.
template <class Make>
void expect_same_events(Make make, const std::string& what) {
  using P = decltype(make());
  recorder full;
  {
    P p = make();
    reference::search(p, full);
  }
  ASSERT_FALSE(full.log.empty());
  for (std::size_t stop = 0; stop <= full.log.size(); ++stop) {
    recorder want{{}, stop};
    recorder got{{}, stop};
    P a = make();
    P b = make();
    const bt::outcome wanted = reference::search(a, want);
    const bt::outcome found = bt::search(b, got);
    ASSERT_EQ(joined(got.log), joined(want.log)) << what << ", stop at event " << stop;
    EXPECT_EQ(found, wanted) << what << ", stop at event " << stop;
    EXPECT_EQ(found, stop == 0 ? bt::outcome::exhausted : bt::outcome::stopped) << what;
    if constexpr (bt::trail_problem<P>) {
      EXPECT_TRUE(at_root(b)) << what << ", stop at event " << stop;
    }
  }
}

TEST(EngineDepth, SameEventsAsTheRecursiveEngineWithAStopAtEachEvent) {
  expect_same_events([] { return toy::strings{4, true, {}}; }, "strings 4, no 11");
  expect_same_events([] { return toy::bits{3, 0, 0}; }, "bits 3");
  expect_same_events([] { return toy::exactly_k{4, 2, {}}; }, "exactly 2 of 4");
  expect_same_events([] { return toy::chain(12, 3, 5); }, "chain");
  expect_same_events([] { return toy::chain_copy{12, 3, 5, 0, 0}; }, "copy chain");
  expect_same_events([] { return toy::chain(9, 4, 11); }, "chain, bottom of 4");
  expect_same_events([] { return toy::chain_copy{9, 4, 11, 0, 0}; }, "copy chain, bottom of 4");
  expect_same_events([] { return toy::chain(1, 1, 1); }, "one level");
  expect_same_events([] { return toy::chain(0, 0, 0); }, "the root is the solution");
  expect_same_events([] { return toy::chain(3, 2, 3); }, "the last leaf is the solution");
}

TEST(EngineDepth, BackjumpsDeepInTheTreeAsTheRecursiveEngine) {
  // skip_level() in the stem, just above the bottom, inside it, and at its last level.
  for (const long at : {2L, 7L, 8L, 9L, 11L}) {
    expect_same_events([at] { return toy::chain(12, 4, 9, at); },
                       "backjump at depth " + std::to_string(at));
  }
}

TEST(EngineDepth, BackjumpEventOrder) {
  // Stem of 2, bottom of 2, target 10: the backjump at depth 3 skips the value 1 of the
  // last variable, once under each value of the variable at depth 2.
  toy::chain p(4, 2, 2, 3);
  recorder r;
  EXPECT_EQ(bt::search(p, r), bt::outcome::exhausted);
  EXPECT_EQ(joined(r.log),
            "n0 a0=0 n1 a1=0 n2 a2=0 n3 a3=0 n4 P4 j3=0 b2=0 "
            "a2=1 n3 a3=0 n4 S b3=0 j3=0 b2=1 b1=0 p1=1 b0=0 p0=1");
  EXPECT_TRUE(p.at_root());
}

// The exact counts of a chain's search without backjumps (toy.hpp): the stem's n - k levels
// each enter a node, assign 0, backtrack it and prune 1; the bottom's full binary tree of
// depth k enters 2^(k+1) - 1 nodes, every leaf but the target's pruned at node level.
bt::stats chain_stats(std::size_t n, std::size_t k) {
  const std::uint64_t stem = n - k;
  const std::uint64_t leaves = std::uint64_t{1} << k;
  bt::stats s;
  s.nodes = stem + 2 * leaves - 1;
  s.assigns = s.nodes - 1;
  s.prunes = stem + leaves - 1;
  s.checks = s.assigns + stem;
  s.backtracks = s.assigns - (leaves - 1);
  s.solutions = 1;
  s.max_depth = n;
  return s;
}

template <class P>
bt::stats stats_of(P&& p) {
  bt::stats s;
  EXPECT_EQ(bt::search(p, bt::stats_visitor{s}), bt::outcome::exhausted);
  return s;
}

constexpr std::size_t million = 1'000'000;

TEST(EngineDepth, TrailChainOfAMillionLevels) {
  toy::chain p(million, 0, 0);
  EXPECT_EQ(bt::search(p), bt::outcome::exhausted);
  EXPECT_TRUE(p.at_root());
  EXPECT_EQ(stats_of(p), chain_stats(million, 0));
  EXPECT_TRUE(p.at_root());
  bt::solution_counter c;
  bt::search(p, c);
  EXPECT_EQ(c.count, 1U);
}

TEST(EngineDepth, TrailChainOfAMillionLevelsBacktracksNearTheBottom) {
  toy::chain p(million, 10, 0b1011001110);
  EXPECT_EQ(stats_of(p), chain_stats(million, 10));
  EXPECT_TRUE(p.at_root());
}

TEST(EngineDepth, CopyChainOfAMillionLevels) {
  toy::chain_copy root{million, 0, 0, 0, 0};
  EXPECT_EQ(bt::search(root), bt::outcome::exhausted);
  EXPECT_EQ(stats_of(root), chain_stats(million, 0));
  toy::chain_copy bottom{million, 10, 0b1011001110, 0, 0};
  EXPECT_EQ(stats_of(bottom), chain_stats(million, 10));
}

TEST(EngineDepth, BackjumpAMillionLevelsDown) {
  // A small chain and a deep one differ by their stems only: one node, assign, backtrack,
  // prune and two checks per level, which the reference engine counts on the small one.
  const std::size_t small = 40;
  for (const long into_bottom : {0L, 1L, 3L, 5L}) {
    bt::stats want;
    {
      toy::chain p(small, 6, 0b101101, static_cast<long>(small - 6) + into_bottom);
      bt::stats_visitor sv{want};
      reference::search(p, sv);
    }
    const std::uint64_t more = million - small;
    want.nodes += more;
    want.assigns += more;
    want.backtracks += more;
    want.prunes += more;
    want.checks += 2 * more;
    want.max_depth = million;
    toy::chain p(million, 6, 0b101101, static_cast<long>(million - 6) + into_bottom);
    EXPECT_EQ(stats_of(p), want) << into_bottom;
    EXPECT_TRUE(p.at_root());
  }
}

TEST(EngineDepth, LimitStopsAMillionLevelsDownAndTheTrailIsUndone) {
  toy::chain p(million, 10, 3);
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::limit_visitor lim(million - 1000, std::nullopt);
  EXPECT_EQ(bt::search(p, bt::visitors(sv, lim)), bt::outcome::stopped);
  EXPECT_EQ(lim.reason(), bt::stop_reason::node_limit);
  EXPECT_TRUE(p.at_root()) << "every assignment is undone, without a backtrack event";
  EXPECT_EQ(s.nodes, million - 999);
  EXPECT_EQ(s.assigns, million - 1000);
  EXPECT_EQ(s.max_depth, million - 1000);
  EXPECT_EQ(s.backtracks, 0U);
  EXPECT_EQ(s.prunes, 0U);
}

TEST(EngineDepth, LimitStopsACopyChainAMillionLevelsDown) {
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::limit_visitor lim(million - 1000, std::nullopt);
  EXPECT_EQ(bt::search(toy::chain_copy{million, 10, 3, 0, 0}, bt::visitors(sv, lim)),
            bt::outcome::stopped);
  EXPECT_EQ(lim.reason(), bt::stop_reason::node_limit);
  EXPECT_EQ(s.nodes, million - 999);
  EXPECT_EQ(s.backtracks, 0U);
}

TEST(EngineDepth, FirstSolutionAMillionLevelsDown) {
  // Stopped at the solution, before any backtrack in the stem: the counts below the stem
  // are those of a small chain with the same bottom.
  bt::stats want;
  {
    toy::chain p(40, 12, 0xabc);
    bt::stats_visitor sv{want};
    bt::solution_quota q{1, 0};
    auto both = bt::visitors(sv, q);
    reference::search(p, both);
  }
  toy::chain p(million, 12, 0xabc);
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::solution_quota q{1, 0};
  EXPECT_EQ(bt::search(p, bt::visitors(sv, q)), bt::outcome::stopped);
  EXPECT_EQ(s.solutions, 1U);
  EXPECT_EQ(s.max_depth, million);
  EXPECT_EQ(s.backtracks, want.backtracks);
  EXPECT_EQ(s.backtracks, 0xabcU - 7U) << "2748 leaves left of the target, 7 one-bits";
  EXPECT_EQ(s.nodes, want.nodes + (million - 40));
  EXPECT_TRUE(p.at_root());
}

}  // namespace
