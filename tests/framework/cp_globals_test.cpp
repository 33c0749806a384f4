// SPDX-License-Identifier: MIT
// The constraints FlatZinc added to the constraint layer (count, lex, power, in_set, circuit): each
// against a brute-force checker on random small instances under many strategies, as
// cp_test.cpp does for the others.
#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <bt/bt.hpp>
#include <bt/cp/constraints.hpp>
#include <bt/cp/solver.hpp>

namespace {

using bt::cp::value_t;
using tuple = std::vector<value_t>;
using solution_set = std::set<tuple>;
using post_fn = std::function<void(bt::cp::model&, const std::vector<int>&)>;
using check_fn = std::function<bool(const tuple&)>;

struct instance {
  std::vector<std::pair<value_t, value_t>> domains;
  post_fn post;
  check_fn check;
};

solution_set brute_force(const instance& in) {
  solution_set out;
  tuple t(in.domains.size());
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == t.size()) {
      if (in.check(t)) out.insert(t);
      return;
    }
    for (value_t v = in.domains[i].first; v <= in.domains[i].second; ++v) {
      t[i] = v;
      rec(i + 1);
    }
  };
  rec(0);
  return out;
}

solution_set solve_all(const instance& in, const bt::cp::strategy& st) {
  auto m = std::make_shared<bt::cp::model>();
  std::vector<int> vars;
  for (const auto& [lo, hi] : in.domains) vars.push_back(m->int_var(lo, hi));
  m->set_decisions(vars);
  in.post(*m, vars);
  bt::cp::solver s(m, st);
  solution_set found;
  auto sink = bt::solution_sink([&](const bt::cp::solver& state) {
    EXPECT_TRUE(found.insert(state.solution()).second) << "a solution reported twice";
  });
  bt::search(s, sink);
  return found;
}

void expect_agreement(const instance& in, const std::string& what) {
  const solution_set expected = brute_force(in);
  for (const char* spec :
       {"bt", "fc", "mac", "mrv+fc", "dom-wdeg+mac", "mac+cbj", "first-fail+mac+binary",
        "mac+split", "mac+reverse-split", "largest+mac+binary", "fc+cbj"}) {
    const auto st = bt::cp::parse_strategy(spec);
    ASSERT_TRUE(st.has_value()) << spec;
    ASSERT_EQ(solve_all(in, *st), expected) << what << " under " << spec;
  }
}

std::vector<std::pair<value_t, value_t>> random_domains(std::mt19937_64& rng, std::size_t n) {
  std::vector<std::pair<value_t, value_t>> d;
  for (std::size_t i = 0; i < n; ++i) {
    const value_t lo = static_cast<value_t>(rng() % 5) - 2;
    d.emplace_back(lo, lo + static_cast<value_t>(rng() % 4));
  }
  return d;
}

TEST(CpGlobals, CountAgreesWithBruteForce) {
  std::mt19937_64 rng(31);
  for (int trial = 0; trial < 30; ++trial) {
    instance in;
    const std::size_t n = 2 + static_cast<std::size_t>(trial % 3);
    in.domains = random_domains(rng, n + 2);  // x..., y, c
    in.domains[n + 1] = {static_cast<value_t>(rng() % 2), static_cast<value_t>(n)};
    const bool shared = trial % 5 == 4;  // y is also x[0]
    in.post = [n, shared](bt::cp::model& m, const std::vector<int>& v) {
      std::vector<int> x(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
      bt::cp::count(m, x, shared ? v[0] : v[n], v[n + 1]);
    };
    in.check = [n, shared](const tuple& t) {
      const value_t y = shared ? t[0] : t[n];
      value_t k = 0;
      for (std::size_t i = 0; i < n; ++i) k += t[i] == y ? 1 : 0;
      return k == t[n + 1];
    };
    expect_agreement(in, "count " + std::to_string(trial));
  }
}

TEST(CpGlobals, LexAgreesWithBruteForce) {
  std::mt19937_64 rng(32);
  for (int trial = 0; trial < 40; ++trial) {
    instance in;
    const std::size_t nx = 1 + rng() % 3;
    const std::size_t ny = 1 + rng() % 3;
    in.domains = random_domains(rng, nx + ny);
    const bool strict = trial % 2 == 1;
    in.post = [nx, strict](bt::cp::model& m, const std::vector<int>& v) {
      bt::cp::lex_lesseq(
          m, std::vector<int>(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(nx)),
          std::vector<int>(v.begin() + static_cast<std::ptrdiff_t>(nx), v.end()), strict);
    };
    in.check = [nx, strict](const tuple& t) {
      const tuple x(t.begin(), t.begin() + static_cast<std::ptrdiff_t>(nx));
      const tuple y(t.begin() + static_cast<std::ptrdiff_t>(nx), t.end());
      return strict ? x < y : x <= y;  // std::vector compares lexicographically, prefixes below
    };
    expect_agreement(in, "lex " + std::to_string(trial));
  }
}

value_t reference_power(value_t x, value_t y, bool& defined) {
  defined = true;
  if (y < 0) {
    if (x == 0) {
      defined = false;
      return 0;
    }
    value_t p = 1;
    for (value_t k = 0; k < -y; ++k) p *= x;
    return 1 / p;
  }
  value_t p = 1;
  for (value_t k = 0; k < y; ++k) p *= x;
  return p;
}

TEST(CpGlobals, PowerAgreesWithBruteForce) {
  std::mt19937_64 rng(33);
  for (int trial = 0; trial < 24; ++trial) {
    instance in;
    in.domains = random_domains(rng, 2);
    in.domains.push_back({-9, 9});
    in.post = [](bt::cp::model& m, const std::vector<int>& v) {
      bt::cp::power(m, v[0], v[1], v[2]);
    };
    in.check = [](const tuple& t) {
      bool defined = false;
      const value_t p = reference_power(t[0], t[1], defined);
      return defined && p == t[2];
    };
    expect_agreement(in, "power " + std::to_string(trial));
  }
}

TEST(CpGlobals, PowerOfWideDomainsBoundsTheResult) {
  auto m = std::make_shared<bt::cp::model>();
  const int x = m->int_var(-100000, 100000, "x");
  const int y = m->int_var(3, 3, "y");
  const int z = m->int_var(-8, 30, "z");  // x within -2..3 by z's bounds
  bt::cp::power(*m, x, y, z);
  bt::cp::solver s(m, *bt::cp::parse_strategy("mac"));
  solution_set found;
  auto sink = bt::solution_sink([&](const bt::cp::solver& st) {
    found.insert({st.value_of(x), st.value_of(z)});
  });
  bt::search(s, sink);
  EXPECT_EQ(found, (solution_set{{-2, -8}, {-1, -1}, {0, 0}, {1, 1}, {2, 8}, {3, 27}}));
}

TEST(CpGlobals, InSetAgreesWithBruteForce) {
  std::mt19937_64 rng(34);
  for (int trial = 0; trial < 36; ++trial) {
    instance in;
    in.domains = random_domains(rng, 1);
    in.domains.push_back({0, 1});
    bt::cp::ranges set;
    const int count = static_cast<int>(rng() % 3);
    for (int k = 0; k < count; ++k) {
      const value_t lo = static_cast<value_t>(rng() % 7) - 3;
      set.emplace_back(lo, lo + static_cast<value_t>(rng() % 2));
    }
    const int kind = trial % 4;  // in_set, then the three reifications
    in.post = [set, kind](bt::cp::model& m, const std::vector<int>& v) {
      if (kind == 0) {
        bt::cp::in_set(m, v[0], set);
      } else {
        bt::cp::in_set_reif(m, v[0], set, v[1], static_cast<bt::cp::reif>(kind - 1));
      }
    };
    in.check = [set, kind](const tuple& t) {
      bool c = false;
      for (const auto& [lo, hi] : set) c = c || (t[0] >= lo && t[0] <= hi);
      const bool b = t[1] == 1;
      switch (kind) {
        case 0: return c;
        case 1: return b == c;
        case 2: return !b || c;
        default: return !c || b;
      }
    };
    expect_agreement(in, "in_set " + std::to_string(trial));
  }
}

TEST(CpGlobals, InSetOnAWideDomainKeepsOnlyMembers) {
  // A domain of 10^9 values and a set with wide gaps: the propagator, not the initial domain.
  auto m = std::make_shared<bt::cp::model>();
  const int x = m->int_var(1, 1000000000, "x");
  bt::cp::in_set(*m, x, {{5, 6}, {500000000, 500000001}, {999999999, 1000000000}});
  bt::cp::solver s(m, *bt::cp::parse_strategy("mac+binary"));
  std::vector<value_t> found;
  auto sink = bt::solution_sink([&](const bt::cp::solver& st) { found.push_back(st.value_of(x)); });
  bt::search(s, sink);
  EXPECT_EQ(found, (std::vector<value_t>{5, 6, 500000000, 500000001, 999999999, 1000000000}));
}

// Whether succ (nodes numbered from offset) is one cycle through every node: the definition,
// walked from node 0 with every node counted.
bool is_tour(const tuple& succ, value_t offset) {
  const auto n = succ.size();
  std::vector<char> seen(n, 0);
  std::size_t at = 0;
  for (std::size_t step = 0; step < n; ++step) {
    if (seen[at] != 0) return false;
    seen[at] = 1;
    const value_t k = succ[at] - offset;
    if (k < 0 || k >= static_cast<value_t>(n)) return false;
    at = static_cast<std::size_t>(k);
  }
  return at == 0;
}

TEST(CpGlobals, CircuitAgreesWithBruteForce) {
  std::mt19937_64 rng(35);
  int with_tours = 0;
  for (int trial = 0; trial < 70; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 7);
    const value_t offset = static_cast<value_t>(rng() % 7) - 3;
    const auto nv = static_cast<value_t>(n);
    instance in;
    // Domains around the nodes (a value below and above them too), narrower as n grows so
    // the brute force stays small; every fourth trial of n <= 6 gives every node.
    const bool full = trial % 4 == 0 && n <= 6;
    const value_t width = full ? nv : (n <= 4 ? nv + 2 : (n == 5 ? 5 : 4));
    std::vector<value_t> holes;  // a value removed from each domain, or one past it
    for (std::size_t i = 0; i < n; ++i) {
      value_t lo = offset;
      if (!full) {
        lo = offset - 1 + static_cast<value_t>(rng() % static_cast<std::uint64_t>(nv + 3 - width));
      }
      in.domains.emplace_back(lo, lo + width - 1);
      holes.push_back(full || rng() % 3 == 0 ? lo + width : lo + static_cast<value_t>(rng() % 4));
    }
    in.post = [offset, holes](bt::cp::model& m, const std::vector<int>& v) {
      for (std::size_t i = 0; i < v.size(); ++i) {
        if (holes[i] >= m.lower(v[i]) && holes[i] <= m.upper(v[i]) && m.domain_size(v[i]) > 1)
          m.exclude(v[i], holes[i]);
      }
      bt::cp::circuit(m, v, offset);
    };
    in.check = [offset, holes, &in](const tuple& t) {
      for (std::size_t i = 0; i < t.size(); ++i) {
        if (t[i] == holes[i] && in.domains[i].first < in.domains[i].second) return false;
      }
      return is_tour(t, offset);
    };
    if (!brute_force(in).empty()) ++with_tours;
    expect_agreement(in, "circuit " + std::to_string(trial) + " (n = " + std::to_string(n) +
                             ", offset " + std::to_string(offset) + ")");
  }
  EXPECT_GE(with_tours, 20);  // the instances are not all infeasible
}

TEST(CpGlobals, CircuitOfOneNodeIsItsOwnSuccessor) {
  instance in;
  in.domains = {{-2, 4}};
  in.post = [](bt::cp::model& m, const std::vector<int>& v) { bt::cp::circuit(m, v, 1); };
  in.check = [](const tuple& t) { return t[0] == 1; };
  ASSERT_EQ(brute_force(in), (solution_set{{1}}));
  expect_agreement(in, "circuit of one node");
}

TEST(CpGlobals, CircuitOfNoNodesPostsNothing) {
  instance in;
  in.domains = {{0, 2}};  // a variable outside the circuit keeps every value
  in.post = [](bt::cp::model& m, const std::vector<int>&) { bt::cp::circuit(m, {}, 5); };
  in.check = [](const tuple&) { return true; };
  expect_agreement(in, "circuit of no nodes");
}

TEST(CpGlobals, CircuitWithAVariableTwiceHasNoTour) {
  for (const char* spec : {"bt", "fc", "mac"}) {
    auto m = std::make_shared<bt::cp::model>();
    const auto v = m->int_vars(2, 0, 2);
    bt::cp::circuit(*m, {v[0], v[1], v[0]});
    bt::cp::solver s(m, *bt::cp::parse_strategy(spec));
    int found = 0;
    auto sink = bt::solution_sink([&](const bt::cp::solver&) { ++found; });
    bt::search(s, sink);
    EXPECT_EQ(found, 0) << spec;
  }
}

// The path rule at the root under mac: the chain 0 -> 1 -> 2 of five nodes forbids 2 -> 0;
// with 0 -> 1 -> 2 -> 3 every node but 4 is on the chain, so 4 closes it (4 -> 0).
TEST(CpGlobals, CircuitPathRuleRemovesTheClosingArc) {
  {
    auto m = std::make_shared<bt::cp::model>();
    const auto x = m->int_vars(5, 0, 4, "x");
    m->narrow(x[0], 1, 1);
    m->narrow(x[1], 2, 2);
    bt::cp::circuit(*m, x);
    bt::cp::solver s(m, *bt::cp::parse_strategy("mac"));
    ASSERT_TRUE(s.promising());
    EXPECT_FALSE(s.store().contains(x[2], 0));
    EXPECT_FALSE(s.store().contains(x[2], 2));  // its own node
    EXPECT_TRUE(s.store().contains(x[2], 3));
  }
  {
    auto m = std::make_shared<bt::cp::model>();
    const auto x = m->int_vars(5, 0, 4, "x");
    for (int i = 0; i < 3; ++i) m->narrow(x[static_cast<std::size_t>(i)], i + 1, i + 1);
    bt::cp::circuit(*m, x);
    bt::cp::solver s(m, *bt::cp::parse_strategy("mac"));
    ASSERT_TRUE(s.promising());
    EXPECT_TRUE(s.store().fixed(x[3]));  // 3 -> 4 (0 would close a chain of four nodes)
    EXPECT_EQ(s.store().value(x[3]), 4);
    EXPECT_TRUE(s.store().fixed(x[4]));
    EXPECT_EQ(s.store().value(x[4]), 0);
  }
  // Forward checking runs the rule from the assigned successor: after 0 -> 1 and 1 -> 2,
  // node 2 may not go back to 0.
  {
    auto m = std::make_shared<bt::cp::model>();
    const auto x = m->int_vars(5, 0, 4, "x");
    bt::cp::circuit(*m, x);
    auto sp = m->build();
    bt::cp::space& s = *sp;
    int circ = -1;
    for (int p = 0; p < s.propagator_count(); ++p) {
      if (s.prop(p).kind() == "circuit") circ = p;
    }
    ASSERT_GE(circ, 0);
    s.clear_queue();
    s.push();
    ASSERT_TRUE(s.assign(x[0], 1));
    ASSERT_TRUE(s.forward(circ, 0));
    ASSERT_TRUE(s.assign(x[1], 2));
    ASSERT_TRUE(s.forward(circ, 1));
    EXPECT_FALSE(s.contains(x[2], 0));
    EXPECT_TRUE(s.contains(x[2], 1));  // the all-different's value, not the circuit's
  }
}

// Two groups of three nodes whose successors stay inside (the second group's) or may enter
// the second group (the first's): all-different and the path rule see nothing wrong, but no
// arc leads back from the second group, so mac fails at the root (strong connectivity).
TEST(CpGlobals, CircuitFailsOnAGraphNotStronglyConnected) {
  auto m = std::make_shared<bt::cp::model>();
  std::vector<int> x;
  for (int i = 0; i < 3; ++i) x.push_back(m->int_var(0, 5));
  for (int i = 3; i < 6; ++i) x.push_back(m->int_var(3, 5));
  bt::cp::circuit(*m, x);
  EXPECT_FALSE(bt::cp::solver(m, *bt::cp::parse_strategy("mac")).promising());
  EXPECT_TRUE(bt::cp::solver(m, *bt::cp::parse_strategy("fc")).promising());
}

// Carlsson's rule, where all-different and the path rule remove nothing: the search from
// node 0 finds the subtrees {1, 2} and {3, 4, 5}; the only arc from the second into the first
// is 4 -> 2, so it is forced, 3 -> 0 goes (a later subtree may not return to the root) and
// 0 -> 1 goes (the root enters the last subtree). The rest follows: one tour, fixed at the root.
TEST(CpGlobals, CircuitForcesTheOnlyArcBetweenSubtrees) {
  auto m = std::make_shared<bt::cp::model>();
  const std::vector<std::vector<value_t>> arcs = {{1, 3},    {0, 2},    {0, 1},
                                                  {0, 4, 5}, {2, 3, 5}, {3, 4}};
  std::vector<int> x;
  for (const auto& a : arcs) x.push_back(m->int_var(a));
  bt::cp::circuit(*m, x);
  bt::cp::solver s(m, *bt::cp::parse_strategy("mac"));
  ASSERT_TRUE(s.promising());
  const std::vector<value_t> tour = {3, 0, 1, 5, 2, 4};
  for (std::size_t i = 0; i < x.size(); ++i) {
    ASSERT_TRUE(s.store().fixed(x[i])) << i;
    EXPECT_EQ(s.store().value(x[i]), tour[i]) << i;
  }
}

}  // namespace

// The bounds-consistent bounds of all-different(x[i] + off[i]) with x[i] in a[i]..b[i], by
// brute force: shrink until every bound has a support. False when there are none.
static bool brute_bounds(std::vector<value_t>& a, std::vector<value_t>& b,
                         const std::vector<value_t>& off) {
  for (bool moved = true; moved;) {
    moved = false;
    for (std::size_t i = 0; i < a.size(); ++i) {
      const auto supported = [&](value_t v) {
        std::function<bool(std::size_t, std::set<value_t>&)> go = [&](std::size_t k,
                                                                      std::set<value_t>& used) {
          if (k == a.size()) return true;
          const value_t from = k == i ? v : a[k];
          const value_t to = k == i ? v : b[k];
          for (value_t w = from; w <= to; ++w) {
            if (!used.insert(w + off[k]).second) continue;
            if (go(k + 1, used)) return true;
            used.erase(w + off[k]);
          }
          return false;
        };
        std::set<value_t> used;
        return go(0, used);
      };
      while (a[i] <= b[i] && !supported(a[i])) ++a[i], moved = true;
      while (a[i] <= b[i] && !supported(b[i])) --b[i], moved = true;
      if (a[i] > b[i]) return false;
    }
  }
  return true;
}

// The bounds all-different reaches bounds consistency exactly: after the root's propagation
// each term's bounds are the smallest and largest values it takes in some assignment of
// pairwise different terms within the other terms' bounds (brute force over the intervals),
// and the root fails exactly when no such assignment exists.
TEST(CpGlobals, BoundsAllDifferentIsBoundsConsistent) {
  std::mt19937_64 rng(2003);
  for (int trial = 0; trial < 400; ++trial) {
    const int n = 2 + static_cast<int>(rng() % 5);
    std::vector<value_t> lo(static_cast<std::size_t>(n)), hi(lo.size()), off(lo.size());
    auto m = std::make_shared<bt::cp::model>();
    std::vector<int> x;
    for (std::size_t i = 0; i < lo.size(); ++i) {
      lo[i] = static_cast<value_t>(rng() % 7);
      hi[i] = lo[i] + static_cast<value_t>(rng() % 4);
      off[i] = static_cast<value_t>(rng() % 3) - 1;
      x.push_back(m->int_var(lo[i], hi[i]));
    }
    bt::cp::all_different(*m, x, off, bt::cp::consistency::bounds);
    std::vector<value_t> a = lo, b = hi;
    const bool empty = !brute_bounds(a, b, off);
    bt::cp::solver s(m, *bt::cp::parse_strategy("mac"));
    ASSERT_EQ(s.promising(), !empty) << "trial " << trial;
    if (empty) continue;
    for (std::size_t i = 0; i < a.size(); ++i) {
      EXPECT_EQ(s.store().min(x[i]), a[i]) << "trial " << trial << " variable " << i;
      EXPECT_EQ(s.store().max(x[i]), b[i]) << "trial " << trial << " variable " << i;
    }
  }
}

// The propagator keeps its sorted orders between runs (re-sorted by insertion) and stops when
// its bounds land where the sweeps put them. Along random dives of bound changes, with pops
// back to earlier levels, each propagation keeps every solution of the domains it started
// from, fails only when there is none, narrows at least to the bounds-consistent bounds of
// the hulls it started from, and leaves each bound supported within the others' hulls (the
// value pass's holes make exact bounds an oracle of their own, so these are checked instead).
// One trial of the dive: random bound changes (with `fixing`, assignments, which take the
// propagator onto its open axis once most terms are fixed) and pops.
static void bounds_alldiff_dive(std::mt19937_64& rng, int trial, std::size_t n, bool fixing) {
  {
    auto m = std::make_shared<bt::cp::model>();
    std::vector<int> x;
    std::vector<value_t> off(n);
    for (std::size_t i = 0; i < n; ++i) {
      off[i] = static_cast<value_t>(rng() % 5) - 2;
      x.push_back(m->int_var(0, static_cast<value_t>(n) + 1));
    }
    bt::cp::all_different(*m, x, off, bt::cp::consistency::bounds);
    std::unique_ptr<bt::cp::space> sp = m->build();
    bt::cp::space& s = *sp;
    ASSERT_TRUE(s.propagate());
    for (int step = 0; step < 30; ++step) {
      if (s.level() > 0 && rng() % 4 == 0) {
        s.pop();
        continue;
      }
      s.push();
      const int y = x[rng() % n];
      const auto width = static_cast<std::uint64_t>(s.max(y) - s.min(y) + 1);
      const value_t v = s.min(y) + static_cast<value_t>(rng() % width);
      const bool up = rng() % 2 == 0;
      const bool fix = fixing && s.contains(y, v);
      // The domains after the change, and their solutions.
      std::vector<std::vector<value_t>> dom(n);
      std::vector<value_t> a(n), b(n);
      for (std::size_t i = 0; i < n; ++i) {
        for (const value_t w : s.values(x[i])) {
          if (x[i] != y || (fix ? w == v : up ? w >= v : w <= v)) dom[i].push_back(w);
        }
        a[i] = dom[i].empty() ? 1 : dom[i].front();
        b[i] = dom[i].empty() ? 0 : dom[i].back();
      }
      std::set<tuple> solutions;
      tuple at(n);
      std::set<value_t> used;
      std::function<void(std::size_t)> go = [&](std::size_t k) {
        if (k == n) {
          solutions.insert(at);
          return;
        }
        for (const value_t w : dom[k]) {
          if (!used.insert(w + off[k]).second) continue;
          at[k] = w;
          go(k + 1);
          used.erase(w + off[k]);
        }
      };
      go(0);
      const bool consistent = brute_bounds(a, b, off);
      const bool ok = (fix  ? s.assign(y, v)
                       : up ? s.set_min(y, v)
                            : s.set_max(y, v)) &&
                      s.propagate();
      const std::string where = "trial " + std::to_string(trial) + " step " + std::to_string(step);
      if (!ok) {
        ASSERT_TRUE(solutions.empty()) << where;
        s.pop();
        continue;
      }
      ASSERT_TRUE(consistent) << where;
      for (const tuple& t : solutions) {
        for (std::size_t i = 0; i < n; ++i) ASSERT_TRUE(s.contains(x[i], t[i])) << where;
      }
      std::vector<value_t> lo(n), hi(n);
      for (std::size_t i = 0; i < n; ++i) {
        lo[i] = s.min(x[i]);
        hi[i] = s.max(x[i]);
        ASSERT_GE(lo[i], a[i]) << where << " var " << i;
        ASSERT_LE(hi[i], b[i]) << where << " var " << i;
      }
      std::vector<value_t> c = lo, d = hi;
      ASSERT_TRUE(brute_bounds(c, d, off)) << where;
      ASSERT_EQ(c, lo) << where;
      ASSERT_EQ(d, hi) << where;
    }
  }
}

TEST(CpGlobals, BoundsAllDifferentStaysBoundsConsistentAlongADive) {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 30; ++trial) bounds_alldiff_dive(rng, trial, 4 + rng() % 3, false);
}

// Past half the terms fixed the sweeps run over the open terms alone, on the axis without the
// fixed terms' values (a Fenwick tree undone at the next run after a pop): the same bounds.
TEST(CpGlobals, BoundsAllDifferentOnItsOpenTermsAlongADive) {
  std::mt19937_64 rng(2027);
  for (int trial = 0; trial < 40; ++trial) bounds_alldiff_dive(rng, trial, 5 + rng() % 3, true);
}
