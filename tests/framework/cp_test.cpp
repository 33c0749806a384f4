// SPDX-License-Identifier: MIT
// The constraint layer (bt/cp): domains against a set oracle, every constraint against a
// brute-force checker on random small instances under every strategy (the same solution
// sets), optima against brute force, and known counts.
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <set>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <gtest/gtest.h>

#include <bt/bt.hpp>
#include <bt/cp/constraints.hpp>
#include <bt/cp/solver.hpp>

#include "common/exact_cover.hpp"

namespace {

using bt::cp::value_t;
using tuple = std::vector<value_t>;
using solution_set = std::set<tuple>;

// --- domains ---

// Random removals, bounds and assignments with push/pop, against std::set.
void domain_against_oracle(value_t lo, value_t hi, std::uint64_t seed) {
  bt::cp::space s;
  const int x = s.new_var(lo, hi);
  std::mt19937_64 rng(seed);
  std::vector<std::set<value_t>> stack;
  std::set<value_t> oracle;
  const bool small = hi - lo < 5000;
  if (small) {
    for (value_t v = lo; v <= hi; ++v) oracle.insert(v);
  }
  const auto pick = [&] {
    return lo + static_cast<value_t>(rng() % static_cast<std::uint64_t>(hi - lo + 1));
  };
  int failures = 0;
  for (int step = 0; step < 3000; ++step) {
    const int op = static_cast<int>(rng() % 7);
    if (op == 0 || (op == 1 && s.level() > 0)) {
      if (op == 0) {
        s.push();
        stack.push_back(oracle);
      } else {
        s.pop();
        oracle = stack.back();
        stack.pop_back();
      }
    } else if (s.level() > 0 && !s.failed()) {
      const value_t v = pick();
      std::set<value_t> next = oracle;
      bool ok = true;
      if (op == 2 || op == 3) {
        ok = s.remove(x, v);
        next.erase(v);
      } else if (op == 4) {
        ok = s.set_min(x, v);
        next.erase(next.begin(), next.lower_bound(v));
      } else if (op == 5) {
        ok = s.set_max(x, v);
        next.erase(next.upper_bound(v), next.end());
      } else {
        ok = s.assign(x, v);
        next = next.count(v) != 0 ? std::set<value_t>{v} : std::set<value_t>{};
      }
      if (!small) continue;
      ASSERT_EQ(ok, !next.empty()) << "step " << step;
      if (!ok) {
        ++failures;
        continue;  // a failed space is popped next
      }
      oracle = next;
      ASSERT_EQ(s.size(x), oracle.size());
      ASSERT_EQ(s.min(x), *oracle.begin());
      ASSERT_EQ(s.max(x), *oracle.rbegin());
      const std::vector<value_t> got = s.values(x);
      ASSERT_EQ(got, std::vector<value_t>(oracle.begin(), oracle.end())) << "step " << step;
      const value_t probe = pick();
      ASSERT_EQ(s.contains(x, probe), oracle.count(probe) != 0);
    }
    if (s.failed() && s.level() > 0) {
      s.pop();
      oracle = stack.back();
      stack.pop_back();
    }
  }
  if (small) {
    EXPECT_GT(failures, 0);
  }
}

TEST(CpDomain, BitsetMatchesASet) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) domain_against_oracle(-70, 130, seed);
}
// keep_shifted's word-at-a-time path against the value-at-a-time filter() it replaces: the
// same domain, bounds and size, undone by pop(), on random bitsets of different bases and
// word counts (offsets reaching past either end of y's words).
TEST(CpDomain, KeepShiftedMatchesFilter) {
  std::mt19937_64 rng(11);
  for (int round = 0; round < 400; ++round) {
    const auto draw = [&](value_t span) {
      return static_cast<value_t>(rng() % static_cast<std::uint64_t>(span));
    };
    const value_t xlo = draw(200) - 100;
    const value_t ylo = draw(200) - 100;
    const value_t xhi = xlo + draw(300);
    const value_t yhi = ylo + draw(300);
    const value_t c = draw(161) - 80;
    bt::cp::space a;
    bt::cp::space b;
    const int xa = a.new_var(xlo, xhi);
    const int ya = a.new_var(ylo, yhi);
    const int xb = b.new_var(xlo, xhi);
    const int yb = b.new_var(ylo, yhi);
    a.push();
    b.push();
    const unsigned keep = 2 + static_cast<unsigned>(rng() % 6);  // keep about 1 in keep/2
    for (value_t v = xlo; v <= xhi; ++v) {
      if (rng() % keep == 0) {
        ASSERT_TRUE(a.remove(xa, v) || a.failed());
        ASSERT_TRUE(b.remove(xb, v) || b.failed());
      }
    }
    for (value_t v = ylo; v <= yhi; ++v) {
      if (rng() % keep == 0) {
        ASSERT_TRUE(a.remove(ya, v) || a.failed());
        ASSERT_TRUE(b.remove(yb, v) || b.failed());
      }
    }
    if (a.failed()) continue;
    const std::vector<value_t> before = a.values(xa);
    a.push();
    b.push();
    const bool oa = a.keep_shifted(xa, ya, c);
    const bool ob = b.filter(xb, [&](value_t v) { return b.contains(yb, v - c); });
    ASSERT_EQ(oa, ob) << "round " << round;
    if (oa) {
      ASSERT_EQ(a.values(xa), b.values(xb)) << "round " << round;
      ASSERT_EQ(a.min(xa), b.min(xb));
      ASSERT_EQ(a.max(xa), b.max(xb));
      ASSERT_EQ(a.size(xa), b.size(xb));
    }
    a.pop();
    ASSERT_EQ(a.values(xa), before);
  }
}

TEST(CpDomain, IntervalMatchesASetOnAHundredThousandValues) {
  // Past bitset_limit: an interval with holes; the oracle holds the same 100,001 values.
  bt::cp::space s;
  const int x = s.new_var(0, 100000);
  EXPECT_EQ(s.size(x), 100001U);
  s.push();
  ASSERT_TRUE(s.remove(x, 5));
  ASSERT_TRUE(s.remove(x, 6));
  ASSERT_TRUE(s.set_min(x, 5));
  EXPECT_EQ(s.min(x), 7);
  EXPECT_EQ(s.size(x), 100001U - 7);
  ASSERT_TRUE(s.remove(x, 100000));
  ASSERT_TRUE(s.remove(x, 99999));
  EXPECT_EQ(s.max(x), 99998);
  ASSERT_TRUE(s.remove(x, 500));
  EXPECT_FALSE(s.contains(x, 500));
  EXPECT_EQ(s.next(x, 499), 501);
  EXPECT_EQ(s.prev(x, 501), 499);
  s.pop();
  EXPECT_EQ(s.size(x), 100001U);
  EXPECT_TRUE(s.contains(x, 500));
  EXPECT_EQ(s.max(x), 100000);
}
TEST(CpDomain, ABillionValuesCostNoMemoryPerValue) {
  bt::cp::space s;
  const int x = s.new_var(1, 1000000000);
  EXPECT_EQ(s.size(x), 1000000000U);
  s.push();
  ASSERT_TRUE(s.set_min(x, 999999990));
  ASSERT_TRUE(s.remove(x, 999999995));
  EXPECT_EQ(s.size(x), 10U);
  EXPECT_EQ(s.domain_text(x), "{999999990..999999994, 999999996..1000000000}");
  s.pop();
  EXPECT_EQ(s.size(x), 1000000000U);
}
TEST(CpDomain, IntervalsAgainstOracleLoosely) {
  for (std::uint64_t seed = 1; seed <= 3; ++seed) domain_against_oracle(0, 200000, seed);
}

// --- a model, brute force, and the solver under many strategies ---

struct instance {
  std::vector<std::pair<value_t, value_t>> domains;  // per variable
  std::vector<std::function<void(bt::cp::model&, const std::vector<int>&)>> posts;
  std::vector<std::function<bool(const tuple&)>> checks;
};

solution_set brute_force(const instance& in) {
  solution_set out;
  tuple t(in.domains.size());
  std::function<void(std::size_t)> rec = [&](std::size_t i) {
    if (i == t.size()) {
      for (const auto& c : in.checks) {
        if (!c(t)) return;
      }
      out.insert(t);
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

std::shared_ptr<bt::cp::model> build(const instance& in) {
  auto m = std::make_shared<bt::cp::model>();
  std::vector<int> vars;
  for (std::size_t i = 0; i < in.domains.size(); ++i) {
    vars.push_back(
        m->int_var(in.domains[i].first, in.domains[i].second, "v" + std::to_string(i + 1)));
  }
  m->set_decisions(vars);
  for (const auto& p : in.posts) p(*m, vars);
  return m;
}

struct found {
  solution_set solutions;
  bt::stats stats;
};

found solve_all(const std::shared_ptr<const bt::cp::model>& m, const bt::cp::strategy& st) {
  bt::cp::solver s(m, st);
  s.count_inference(true);
  found f;
  bt::stats_visitor sv{f.stats};
  auto sink = bt::solution_sink([&](const bt::cp::solver& st2) {
    const auto sol = st2.solution();
    EXPECT_TRUE(f.solutions.insert(sol).second) << "a solution reported twice";
  });
  bt::search(s, bt::visitors(sv, sink));
  EXPECT_EQ(s.depth(), 0);
  return f;
}

std::vector<bt::cp::strategy> strategies() {
  std::vector<bt::cp::strategy> out;
  for (const char* spec : {"bt",
                           "fc",
                           "mac",
                           "mrv+fc",
                           "mrv+mac",
                           "dom-deg+fc",
                           "dom-wdeg+mac",
                           "lcv+fc",
                           "cbj",
                           "fc+cbj",
                           "mac+cbj",
                           "mrv+mac+cbj",
                           "dom-wdeg+fc+cbj",
                           "mac+binary",
                           "first-fail+mac+binary",
                           "mac+split",
                           "mac+reverse-split",
                           "mac+median",
                           "mac+max",
                           "largest+mac+binary",
                           "smallest+fc",
                           "anti-first-fail+mac",
                           "max-regret+mac",
                           "occurrence+fc",
                           "random+mac",
                           "lcv+mrv",
                           "dom-wdeg+bt"}) {
    const auto st = bt::cp::parse_strategy(spec);
    EXPECT_TRUE(st.has_value()) << spec;
    if (st) out.push_back(*st);
  }
  return out;
}

void expect_all_strategies_agree(const instance& in, const std::string& what) {
  const solution_set expected = brute_force(in);
  const auto m = build(in);
  for (const auto& st : strategies()) {
    const found f = solve_all(m, st);
    ASSERT_EQ(f.solutions, expected) << what << " under " << bt::cp::spec_of(st);
  }
}

// Random domains of 2..4 variables with 2..5 values around 0.
instance random_domains(std::mt19937_64& rng, std::size_t n) {
  instance in;
  for (std::size_t i = 0; i < n; ++i) {
    const value_t lo = static_cast<value_t>(rng() % 5) - 2;
    in.domains.push_back({lo, lo + static_cast<value_t>(rng() % 4) + 1});
  }
  return in;
}

using bt::cp::relation;

bool compare(value_t a, relation r, value_t b) {
  switch (r) {
    case relation::eq: return a == b;
    case relation::ne: return a != b;
    case relation::le: return a <= b;
    case relation::lt: return a < b;
    case relation::ge: return a >= b;
    case relation::gt: return a > b;
  }
  return false;
}

constexpr relation all_relations[] = {relation::eq, relation::ne, relation::le,
                                      relation::lt, relation::ge, relation::gt};

TEST(CpConstraints, BinaryRelationsAgreeWithBruteForce) {
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    instance in = random_domains(rng, 3);
    const relation r = all_relations[trial % 6];
    const value_t c = static_cast<value_t>(rng() % 3) - 1;
    in.posts.push_back(
        [=](bt::cp::model& m, const std::vector<int>& v) { bt::cp::rel(m, v[0], r, v[1], c); });
    in.checks.push_back([=](const tuple& t) { return compare(t[0], r, t[1] + c); });
    in.posts.push_back(
        [=](bt::cp::model& m, const std::vector<int>& v) { bt::cp::rel(m, v[1], r, v[2]); });
    in.checks.push_back([=](const tuple& t) { return compare(t[1], r, t[2]); });
    expect_all_strategies_agree(in, "relation " + std::to_string(trial));
  }
}

TEST(CpConstraints, LinearSumsAgreeWithBruteForce) {
  std::mt19937_64 rng(12);
  for (int trial = 0; trial < 36; ++trial) {
    instance in = random_domains(rng, 2 + static_cast<std::size_t>(trial % 3));
    const std::size_t n = in.domains.size();
    std::vector<value_t> a;
    for (std::size_t i = 0; i < n; ++i) a.push_back(static_cast<value_t>(rng() % 7) - 3);
    const relation r = all_relations[trial % 6];
    const value_t c = static_cast<value_t>(rng() % 7) - 3;
    in.posts.push_back(
        [=](bt::cp::model& m, const std::vector<int>& v) { bt::cp::linear(m, a, v, r, c); });
    in.checks.push_back([=](const tuple& t) {
      value_t sum = 0;
      for (std::size_t i = 0; i < a.size(); ++i) sum += a[i] * t[i];
      return compare(sum, r, c);
    });
    expect_all_strategies_agree(in, "linear " + std::to_string(trial));
  }
}

TEST(CpConstraints, ReifiedSumsAgreeWithBruteForce) {
  std::mt19937_64 rng(13);
  for (int trial = 0; trial < 36; ++trial) {
    instance in = random_domains(rng, 2);
    in.domains.push_back({0, 1});  // b
    const relation r = all_relations[trial % 6];
    const bt::cp::reif how = static_cast<bt::cp::reif>(trial / 6 % 3);
    const value_t a0 = static_cast<value_t>(rng() % 3) + 1;
    const value_t c = static_cast<value_t>(rng() % 5) - 2;
    in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
      bt::cp::linear_reif(m, {a0, -1}, {v[0], v[1]}, r, c, v[2], how);
    });
    in.checks.push_back([=](const tuple& t) {
      const bool holds = compare(a0 * t[0] - t[1], r, c);
      const bool b = t[2] == 1;
      return how == bt::cp::reif::equiv ? b == holds
             : how == bt::cp::reif::imp ? (!b || holds)
                                        : (!holds || b);
    });
    expect_all_strategies_agree(in, "reified " + std::to_string(trial));
  }
}

TEST(CpConstraints, ArithmeticFunctionsAgreeWithBruteForce) {
  std::mt19937_64 rng(14);
  for (int trial = 0; trial < 40; ++trial) {
    instance in = random_domains(rng, 3);
    in.domains[2] = {-6, 6};
    const int kind = trial % 6;
    in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
      switch (kind) {
        case 0: bt::cp::times(m, v[0], v[1], v[2]); break;
        case 1: bt::cp::div(m, v[0], v[1], v[2]); break;
        case 2: bt::cp::mod(m, v[0], v[1], v[2]); break;
        case 3: bt::cp::abs(m, v[0], v[2]); break;
        case 4: bt::cp::minimum(m, {v[0], v[1]}, v[2]); break;
        default: bt::cp::maximum(m, {v[0], v[1]}, v[2]); break;
      }
    });
    in.checks.push_back([=](const tuple& t) {
      switch (kind) {
        case 0: return t[0] * t[1] == t[2];
        case 1: return t[1] != 0 && t[0] / t[1] == t[2];
        case 2: return t[1] != 0 && t[0] % t[1] == t[2];
        case 3: return (t[0] < 0 ? -t[0] : t[0]) == t[2];
        case 4: return std::min(t[0], t[1]) == t[2];
        default: return std::max(t[0], t[1]) == t[2];
      }
    });
    expect_all_strategies_agree(
        in, "function " + std::to_string(kind) + " trial " + std::to_string(trial));
  }
}

TEST(CpConstraints, AllDifferentInEveryConsistencyAgreesWithBruteForce) {
  std::mt19937_64 rng(15);
  for (int trial = 0; trial < 24; ++trial) {
    instance in = random_domains(rng, 4);
    const auto c = static_cast<bt::cp::consistency>(trial % 4);
    in.posts.push_back(
        [=](bt::cp::model& m, const std::vector<int>& v) { bt::cp::all_different(m, v, c); });
    in.checks.push_back([](const tuple& t) {
      std::set<value_t> s(t.begin(), t.end());
      return s.size() == t.size();
    });
    expect_all_strategies_agree(in, "all-different " + std::to_string(trial));
  }
}

TEST(CpConstraints, BooleanConstraintsAgreeWithBruteForce) {
  for (int kind = 0; kind < 5; ++kind) {
    instance in;
    for (int i = 0; i < 4; ++i) in.domains.push_back({0, 1});
    in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
      switch (kind) {
        case 0: bt::cp::clause(m, {v[0], v[1]}, {v[2]}); break;
        case 1: bt::cp::and_reif(m, {v[0], v[1], v[2]}, v[3]); break;
        case 2: bt::cp::or_reif(m, {v[0], v[1], v[2]}, v[3]); break;
        case 3: bt::cp::xor_reif(m, v[0], v[1], v[2]); break;
        default: bt::cp::exactly_one(m, {v[0], v[1], v[2], v[3]}); break;
      }
    });
    in.checks.push_back([=](const tuple& t) {
      switch (kind) {
        case 0: return t[0] == 1 || t[1] == 1 || t[2] == 0;
        case 1: return (t[0] & t[1] & t[2]) == t[3];
        case 2: return (t[0] | t[1] | t[2]) == t[3];
        case 3: return (t[0] ^ t[1]) == t[2];
        default: return t[0] + t[1] + t[2] + t[3] == 1;
      }
    });
    expect_all_strategies_agree(in, "boolean " + std::to_string(kind));
  }
}

TEST(CpConstraints, ElementAgreesWithBruteForce) {
  std::mt19937_64 rng(16);
  for (int trial = 0; trial < 20; ++trial) {
    instance in;
    in.domains = {{0, 5}, {-2, 4}, {0, 3}, {1, 4}, {-1, 2}};  // index, result, x1..x3
    std::vector<value_t> arr;
    for (int i = 0; i < 4; ++i) arr.push_back(static_cast<value_t>(rng() % 6) - 1);
    const bool vars = trial % 2 == 1;
    in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
      if (vars) {
        bt::cp::element(m, v[0], std::vector<int>{v[2], v[3], v[4]}, v[1], 1);
      } else {
        bt::cp::element(m, v[0], arr, v[1], 1);
      }
    });
    in.checks.push_back([=](const tuple& t) {
      const value_t k = t[0] - 1;
      if (vars) return k >= 0 && k < 3 && t[static_cast<std::size_t>(2 + k)] == t[1];
      return k >= 0 && k < 4 && arr[static_cast<std::size_t>(k)] == t[1];
    });
    expect_all_strategies_agree(in, "element " + std::to_string(trial));
  }
}

TEST(CpConstraints, TablesPositiveAndNegativeAgreeWithBruteForce) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 20; ++trial) {
    instance in = random_domains(rng, 3);
    std::vector<value_t> flat;
    std::set<tuple> rows;
    const int count = 3 + static_cast<int>(rng() % 90);
    for (int k = 0; k < count; ++k) {
      tuple t;
      for (int i = 0; i < 3; ++i) t.push_back(static_cast<value_t>(rng() % 7) - 3);
      rows.insert(t);
      flat.insert(flat.end(), t.begin(), t.end());
    }
    const bool positive = trial % 2 == 0;
    in.posts.push_back(
        [=](bt::cp::model& m, const std::vector<int>& v) { bt::cp::table(m, v, flat, positive); });
    in.checks.push_back([=](const tuple& t) { return (rows.count(t) != 0) == positive; });
    expect_all_strategies_agree(in, "table " + std::to_string(trial));
  }
}

TEST(CpConstraints, PredicatesAgreeWithBruteForce) {
  std::mt19937_64 rng(18);
  for (int trial = 0; trial < 12; ++trial) {
    instance in = random_domains(rng, 3);
    const value_t k = static_cast<value_t>(rng() % 5);
    const auto test = [k](std::span<const value_t> t) { return (t[0] * t[1] + t[2] + k) % 3 == 0; };
    in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
      bt::cp::predicate(m, v, test, "p", trial % 2 == 0 ? 4096 : 1);
    });
    in.checks.push_back([=](const tuple& t) { return test(t); });
    expect_all_strategies_agree(in, "predicate " + std::to_string(trial));
  }
}

TEST(CpConstraints, PredicatesOnWideDomainsAgreeWithBruteForce) {
  // Domains spread over 200,001 numbers: the residues are kept by value in a map instead
  // of by offset (the small spans' tables); the solutions are the same under every strategy.
  const std::vector<value_t> values = {-100000, -7, -3, 0, 3, 4, 7, 100000};
  const auto test = [](std::span<const value_t> t) { return t[0] + t[1] == t[2] || t[0] == t[2]; };
  solution_set expected;
  for (const value_t a : values) {
    for (const value_t b : values) {
      for (const value_t c : values) {
        const tuple t{a, b, c};
        if (test(t)) expected.insert(t);
      }
    }
  }
  ASSERT_GT(expected.size(), 8U);
  for (const std::uint64_t limit : {std::uint64_t{4096}, std::uint64_t{1}}) {
    auto m = std::make_shared<bt::cp::model>();
    std::vector<int> x;
    for (int i = 0; i < 3; ++i) x.push_back(m->int_var(values));
    bt::cp::predicate(*m, x, test, "wide", limit);
    // Its allowed tuples as a table: under mac both are arc consistent, so the same nodes.
    auto t = std::make_shared<bt::cp::model>();
    std::vector<int> y;
    for (int i = 0; i < 3; ++i) y.push_back(t->int_var(values));
    std::vector<value_t> flat;
    for (const tuple& row : expected) flat.insert(flat.end(), row.begin(), row.end());
    bt::cp::table(*t, y, flat, true);
    for (const char* spec : {"bt", "fc", "mac", "mrv+mac", "dom-wdeg+mac+lcv"}) {
      const found f = solve_all(m, *bt::cp::parse_strategy(spec));
      EXPECT_EQ(f.solutions, expected) << spec << ' ' << limit;
      if (limit > 1 && std::string_view(spec).find("mac") != std::string_view::npos) {
        const found g = solve_all(t, *bt::cp::parse_strategy(spec));
        EXPECT_EQ(f.stats.nodes, g.stats.nodes) << spec;
        EXPECT_EQ(f.stats.removals, g.stats.removals) << spec;
        EXPECT_EQ(f.stats.wipeouts, g.stats.wipeouts) << spec;
      }
    }
  }
}

TEST(CpConstraints, PurePredicatesPruneAsTheOthersWithFewerTests) {
  // Tests that allow few tuples (a crossword's words): a pure one is enumerated completely and
  // its allowed tuples kept, the nodes below answered from them. The same solutions and every
  // statistic alike under each strategy, and fewer calls of the test under mac.
  std::mt19937_64 rng(23);
  const char* const specs[] = {"mac", "mrv+mac", "dom-wdeg+mac", "fc"};
  for (int trial = 0; trial < 6; ++trial) {
    const value_t k = static_cast<value_t>(rng() % 97);
    const auto rare = [k](std::span<const value_t> t) {
      value_t h = k;
      for (const value_t v : t) h = h * 7 + v;
      return h % 97 == 0;
    };
    std::vector<found> results[2];
    std::uint64_t mac_calls[2] = {0, 0};
    for (const bool pure : {false, true}) {
      auto m = std::make_shared<bt::cp::model>();
      const auto x = m->int_vars(7, 0, 7);
      auto calls = std::make_shared<std::uint64_t>(0);
      for (std::size_t c = 0; c + 4 <= x.size(); c += 3) {
        const std::vector<int> scope(x.begin() + static_cast<std::ptrdiff_t>(c),
                                     x.begin() + static_cast<std::ptrdiff_t>(c + 4));
        bt::cp::predicate(
            *m, scope,
            [rare, calls](std::span<const value_t> t) {
              ++*calls;
              return rare(t);
            },
            "rare", 4096, pure);
      }
      for (const char* spec : specs) {
        *calls = 0;
        results[pure ? 1 : 0].push_back(solve_all(m, *bt::cp::parse_strategy(spec)));
        if (std::string_view(spec) == "mac") mac_calls[pure ? 1 : 0] = *calls;
      }
    }
    for (std::size_t i = 0; i < std::size(specs); ++i) {
      found& a = results[0][i];
      found& b = results[1][i];
      EXPECT_EQ(a.solutions, b.solutions) << trial << ' ' << specs[i];
      a.stats.seconds = b.stats.seconds = 0;
      EXPECT_EQ(a.stats, b.stats) << trial << ' ' << specs[i];
    }
    EXPECT_LT(mac_calls[1], mac_calls[0]) << trial;
  }
}

TEST(CpConstraints, RandomNetworksOfManyConstraintsAgreeWithBruteForce) {
  std::mt19937_64 rng(19);
  for (int trial = 0; trial < 25; ++trial) {
    instance in = random_domains(rng, 5);
    for (int c = 0; c < 4; ++c) {
      const int kind = static_cast<int>(rng() % 4);
      const std::size_t i = rng() % 5, j = (i + 1 + rng() % 4) % 5, k = (j + 1 + rng() % 3) % 5;
      const relation r = all_relations[rng() % 6];
      const value_t cst = static_cast<value_t>(rng() % 5) - 2;
      if (kind == 0) {
        in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
          bt::cp::rel(m, v[i], r, v[j], cst);
        });
        in.checks.push_back([=](const tuple& t) { return compare(t[i], r, t[j] + cst); });
      } else if (kind == 1) {
        in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
          bt::cp::linear(m, {1, 2, -1}, {v[i], v[j], v[k]}, r, cst);
        });
        in.checks.push_back(
            [=](const tuple& t) { return compare(t[i] + 2 * t[j] - t[k], r, cst); });
      } else if (kind == 2) {
        in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
          bt::cp::all_different(m, {v[i], v[j], v[k]});
        });
        in.checks.push_back(
            [=](const tuple& t) { return t[i] != t[j] && t[j] != t[k] && t[i] != t[k]; });
      } else {
        in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
          bt::cp::times(m, v[i], v[j], v[k]);
        });
        in.checks.push_back([=](const tuple& t) { return t[i] * t[j] == t[k]; });
      }
    }
    expect_all_strategies_agree(in, "network " + std::to_string(trial));
  }
}

// --- known counts ---

std::shared_ptr<bt::cp::model> queens(int n) {
  auto m = std::make_shared<bt::cp::model>();
  const auto q = m->int_vars(n, 0, n - 1, "Q");
  bt::cp::all_different(*m, q);
  for (int i = 0; i < n; ++i) {
    for (int j = i + 1; j < n; ++j) {
      bt::cp::rel(*m, q[static_cast<std::size_t>(i)], relation::ne, q[static_cast<std::size_t>(j)],
                  j - i);
      bt::cp::rel(*m, q[static_cast<std::size_t>(i)], relation::ne, q[static_cast<std::size_t>(j)],
                  i - j);
    }
  }
  return m;
}

TEST(CpCounts, QueensUpToTenUnderEveryStrategy) {
  const std::uint64_t expected[] = {1, 0, 0, 2, 10, 4, 40, 92, 352, 724};
  for (int n = 1; n <= 10; ++n) {
    const auto m = queens(n);
    for (const auto& st : strategies()) {
      if (n > 8 && st.inf == bt::csp::inference::none) continue;
      EXPECT_EQ(solve_all(m, st).solutions.size(), expected[n - 1])
          << n << " " << bt::cp::spec_of(st);
    }
  }
}

TEST(CpCounts, SendMoreMoneyHasOneSolution) {
  auto m = std::make_shared<bt::cp::model>();
  const int S = m->int_var(1, 9, "S"), E = m->int_var(0, 9, "E"), N = m->int_var(0, 9, "N"),
            D = m->int_var(0, 9, "D"), M = m->int_var(1, 9, "M"), O = m->int_var(0, 9, "O"),
            R = m->int_var(0, 9, "R"), Y = m->int_var(0, 9, "Y");
  bt::cp::all_different(*m, {S, E, N, D, M, O, R, Y});
  bt::cp::linear(*m, {1000, 100, 10, 1, 1000, 100, 10, 1, -10000, -1000, -100, -10, -1},
                 {S, E, N, D, M, O, R, E, M, O, N, E, Y}, relation::eq, 0);
  // (Plain backtracking checks the sum only when all 8 letters are assigned: 10^8 leaves.)
  for (const char* spec :
       {"fc", "mac", "mrv+mac", "first-fail+mac+binary", "mac+cbj", "mrv+fc+cbj"}) {
    const found f = solve_all(m, *bt::cp::parse_strategy(spec));
    ASSERT_EQ(f.solutions.size(), 1U) << spec;
    EXPECT_EQ(*f.solutions.begin(), (tuple{9, 5, 6, 7, 1, 0, 8, 2})) << spec;
  }
}

// --- propagations that crawl: bounds moving a step a round over 2 * 10^9 values ---

constexpr value_t wide = 1'000'000'000;

// The first solution under st, or none; the search's outcome and limits' reason.
struct first_run {
  std::optional<tuple> solution;
  bt::outcome outcome = bt::outcome::exhausted;
  bt::stop_reason reason = bt::stop_reason::none;
};
first_run first_solution(const std::shared_ptr<const bt::cp::model>& m, const char* spec,
                         std::chrono::milliseconds limit) {
  bt::limit_visitor lim(0, std::chrono::steady_clock::now() + limit);
  bt::cp::solver s(m, *bt::cp::parse_strategy(spec), &lim);
  first_run r;
  auto sink = bt::solution_sink([&](const bt::cp::solver& p) {
    r.solution = p.solution();
    return bt::flow::stop;
  });
  r.outcome = bt::search(s, bt::visitors(lim, sink));
  r.reason = lim.reason();
  EXPECT_EQ(s.depth(), 0);
  return r;
}

TEST(CpCrawl, AnEqualityItsGcdDoesNotDivideHasNoSolutionAtPosting) {
  auto m = std::make_shared<bt::cp::model>();
  const int x = m->int_var(-wide, wide, "x"), y = m->int_var(-wide, wide, "y");
  bt::cp::linear(*m, {2, -2}, {x, y}, relation::eq, 1);
  for (const char* spec : {"mac", "fc", "bt", "first-fail+mac+binary"}) {
    const first_run r = first_solution(m, spec, std::chrono::minutes(5));
    EXPECT_FALSE(r.solution) << spec;
    EXPECT_EQ(r.outcome, bt::outcome::exhausted) << spec;
  }
  // Reified, the relation is false: b is 0 (<->), 0 (->), free (<-).
  for (const bt::cp::reif how : {bt::cp::reif::equiv, bt::cp::reif::imp, bt::cp::reif::pmi}) {
    auto r = std::make_shared<bt::cp::model>();
    const int u = r->int_var(-wide, wide, "u"), v = r->int_var(-wide, wide, "v");
    const int b = r->int_var(0, 1, "b");
    bt::cp::linear_reif(*r, {4, 6}, {u, v}, relation::eq, 3, b, how);
    const bt::cp::solver s(r, *bt::cp::parse_strategy("mac"));
    EXPECT_EQ(s.store().max(b), how == bt::cp::reif::pmi ? 1 : 0);
    EXPECT_EQ(s.store().min(b), 0);
  }
}

TEST(CpCrawl, AnEqualityTheSearchLeavesIndivisibleFailsAtOnce) {
  // z = 0 leaves 2x - 2y = 1; z = 1 leaves x = y.
  auto m = std::make_shared<bt::cp::model>();
  const int x = m->int_var(-wide, wide, "x"), y = m->int_var(-wide, wide, "y");
  const int z = m->int_var(0, 1, "z");
  bt::cp::linear(*m, {2, -2, 1}, {x, y, z}, relation::eq, 1);
  m->add_phase({{z, x, y}, bt::cp::var_select::input_order, bt::cp::val_select::min});
  for (const char* spec : {"mac", "mac+binary"}) {
    const first_run r = first_solution(m, spec, std::chrono::minutes(5));
    ASSERT_TRUE(r.solution) << spec;
    EXPECT_EQ(*r.solution, (tuple{-wide, -wide, 1})) << spec;
    EXPECT_EQ(r.reason, bt::stop_reason::none) << spec;
  }
}

TEST(CpCrawl, ATimeLimitEndsACrawlAtTheRootAndInTheSearch) {
  // x < y and y < x: each run moves a bound by one, 2 * 10^9 runs to the wipe-out.
  auto root = std::make_shared<bt::cp::model>();
  const int x = root->int_var(-wide, wide, "x"), y = root->int_var(-wide, wide, "y");
  bt::cp::rel(*root, x, relation::lt, y);
  bt::cp::rel(*root, y, relation::lt, x);
  const first_run r = first_solution(root, "mac", std::chrono::milliseconds(50));
  EXPECT_FALSE(r.solution);
  EXPECT_EQ(r.outcome, bt::outcome::stopped);
  EXPECT_EQ(r.reason, bt::stop_reason::time_limit);

  // The same two, each implied by b: the crawl starts when the search sets b = 1.
  auto in_search = std::make_shared<bt::cp::model>();
  const int u = in_search->int_var(-wide, wide, "u"), v = in_search->int_var(-wide, wide, "v");
  const int b = in_search->int_var(0, 1, "b");
  bt::cp::rel_reif(*in_search, u, relation::lt, v, b, bt::cp::reif::imp);
  bt::cp::rel_reif(*in_search, v, relation::lt, u, b, bt::cp::reif::imp);
  in_search->add_phase({{b, u, v}, bt::cp::var_select::input_order, bt::cp::val_select::max});
  for (const char* spec : {"mac", "mac+binary"}) {
    const first_run s = first_solution(in_search, spec, std::chrono::milliseconds(50));
    EXPECT_FALSE(s.solution) << spec;
    EXPECT_EQ(s.outcome, bt::outcome::stopped) << spec;
    EXPECT_EQ(s.reason, bt::stop_reason::time_limit) << spec;
  }
}

// --- exact cover: exactly-one columns and Knuth's column choice ---

// Under options+mac the columns' propagator keeps a row's zero in its lists alone when no other
// constraint watches the rows; a constraint that removes nothing (the rows' sum at least 0)
// makes it write each zero into the domain. Both must search the same tree with the same counts.
void expect_kept_zeros_count_as_written(const instance& in, int trial) {
  instance watched = in;
  watched.posts.push_back([](bt::cp::model& m, const std::vector<int>& v) {
    bt::cp::linear(m, std::vector<value_t>(v.size(), 1), v, bt::cp::relation::ge, 0);
  });
  const auto st = *bt::cp::parse_strategy("options+mac");
  const found kept = solve_all(build(in), st);
  const found written = solve_all(build(watched), st);
  EXPECT_EQ(kept.solutions, written.solutions) << trial;
  EXPECT_EQ(kept.stats.nodes, written.stats.nodes) << trial;
  EXPECT_EQ(kept.stats.backtracks, written.stats.backtracks) << trial;
  EXPECT_EQ(kept.stats.removals, written.stats.removals) << trial;
  EXPECT_EQ(kept.stats.wipeouts, written.stats.wipeouts) << trial;
}

TEST(CpExactCover, RandomInstancesAgreeWithBruteForceAndDancingLinks) {
  std::mt19937_64 rng(21);
  for (int trial = 0; trial < 30; ++trial) {
    exact_cover::instance in;
    in.columns = 5 + static_cast<int>(rng() % 4);
    const int rows = 6 + static_cast<int>(rng() % 6);
    for (int r = 0; r < rows; ++r) {
      std::vector<int> row;
      for (int c = 0; c < in.columns; ++c) {
        if (rng() % 3 == 0) row.push_back(c);
      }
      if (row.empty())
        row.push_back(static_cast<int>(rng() % static_cast<std::uint64_t>(in.columns)));
      in.rows.push_back(row);
    }
    instance bf;
    for (int r = 0; r < rows; ++r) bf.domains.push_back({0, 1});
    std::vector<std::vector<std::size_t>> cols(static_cast<std::size_t>(in.columns));
    for (std::size_t r = 0; r < in.rows.size(); ++r) {
      for (const int c : in.rows[r]) cols[static_cast<std::size_t>(c)].push_back(r);
    }
    bf.posts.push_back([cols](bt::cp::model& m, const std::vector<int>& v) {
      for (const auto& col : cols) {
        std::vector<int> xs;
        for (const std::size_t r : col) xs.push_back(v[r]);
        bt::cp::exactly_one(m, xs);
      }
    });
    bf.checks.push_back([cols](const tuple& t) {
      for (const auto& col : cols) {
        value_t sum = 0;
        for (const std::size_t r : col) sum += t[r];
        if (sum != 1) return false;
      }
      return true;
    });
    const solution_set expected = brute_force(bf);
    exact_cover::dancing_links dl(in);
    EXPECT_EQ(dl.count(), expected.size()) << trial;
    const auto m = build(bf);
    for (const char* spec : {"options+mac", "mac", "fc", "bt", "mrv+mac+binary", "fc+cbj"}) {
      EXPECT_EQ(solve_all(m, *bt::cp::parse_strategy(spec)).solutions, expected)
          << trial << " " << spec;
    }
    expect_kept_zeros_count_as_written(bf, trial);
  }
}

TEST(CpExactCover, PentominoesOnThreeByTwentyAsDancingLinksCounts) {
  const exact_cover::instance in = exact_cover::pentominoes(20, 3);
  auto m = std::make_shared<bt::cp::model>();
  std::vector<int> y;
  for (std::size_t r = 0; r < in.rows.size(); ++r) y.push_back(m->bool_var());
  std::vector<std::vector<int>> cols(static_cast<std::size_t>(in.columns));
  for (std::size_t r = 0; r < in.rows.size(); ++r) {
    for (const int c : in.rows[r]) cols[static_cast<std::size_t>(c)].push_back(y[r]);
  }
  for (const auto& col : cols) bt::cp::exactly_one(*m, col);
  const found f = solve_all(m, *bt::cp::parse_strategy("options+mac"));
  EXPECT_EQ(f.solutions.size(), 8U);  // 2 packings up to the board's 4 symmetries (Knuth 2000)
  exact_cover::dancing_links dl(in);
  EXPECT_EQ(dl.count(), 8U);
  // The column choice with propagation enters no more nodes than dancing links tries rows.
  EXPECT_LE(f.stats.nodes, dl.nodes + 1);
  // The same count with the zeros written into the domains (a second constraint on the rows).
  bt::cp::linear(*m, std::vector<value_t>(y.size(), 1), y, bt::cp::relation::ge, 0);
  const found written = solve_all(m, *bt::cp::parse_strategy("options+mac"));
  EXPECT_EQ(written.solutions, f.solutions);
  EXPECT_EQ(written.stats.nodes, f.stats.nodes);
  EXPECT_EQ(written.stats.removals, f.stats.removals);
}

// --- optimisation ---

value_t best_by_brute_force(const instance& in, std::size_t obj, bool maximise, bool& any) {
  const solution_set all = brute_force(in);
  any = !all.empty();
  value_t best = 0;
  bool first = true;
  for (const auto& t : all) {
    if (first || (maximise ? t[obj] > best : t[obj] < best)) best = t[obj];
    first = false;
  }
  return best;
}

TEST(CpOptimise, BranchAndBoundFindsTheBruteForceOptimum) {
  std::mt19937_64 rng(20);
  for (int trial = 0; trial < 30; ++trial) {
    instance in = random_domains(rng, 4);
    in.domains.push_back({-30, 30});  // the objective: a weighted sum
    std::vector<value_t> a;
    for (int i = 0; i < 4; ++i) a.push_back(static_cast<value_t>(rng() % 7) - 3);
    in.posts.push_back([=](bt::cp::model& m, const std::vector<int>& v) {
      std::vector<value_t> coef = a;
      coef.push_back(-1);
      bt::cp::linear(m, coef, v, relation::eq, 0);
      bt::cp::linear(m, {1, 1}, {v[0], v[1]}, relation::le, 2);
    });
    in.checks.push_back([=](const tuple& t) {
      value_t s = 0;
      for (std::size_t i = 0; i < 4; ++i) s += a[i] * t[i];
      return s == t[4] && t[0] + t[1] <= 2;
    });
    const bool maximise = trial % 2 == 0;
    bool any = false;
    const value_t best = best_by_brute_force(in, 4, maximise, any);
    const auto m = build(in);
    if (maximise) {
      m->maximize(4);
    } else {
      m->minimize(4);
    }
    for (const char* spec :
         {"bt", "fc", "mac", "mrv+mac", "first-fail+mac+binary", "dom-wdeg+fc"}) {
      bt::cp::solver s(m, *bt::cp::parse_strategy(spec));
      bt::incumbent<value_t> inc(s.direction());
      s.share(&inc);
      std::vector<value_t> values;
      auto sink =
          bt::solution_sink([&](const bt::cp::solver& st) { values.push_back(st.objective()); });
      bt::search(s, sink);
      ASSERT_EQ(inc.has(), any) << spec;
      if (!any) continue;
      EXPECT_EQ(inc.value(), best) << spec << " trial " << trial;
      // Each solution reported improves on the one before.
      for (std::size_t i = 1; i < values.size(); ++i) {
        EXPECT_TRUE(maximise ? values[i] > values[i - 1] : values[i] < values[i - 1]) << spec;
      }
      EXPECT_EQ(values.size(), inc.improvements());
    }
  }
}

TEST(CpStrategy, SpecsParseAndPrint) {
  EXPECT_EQ(bt::cp::spec_of(*bt::cp::parse_strategy("mrv+fc+cbj")), "mrv+fc+cbj");
  EXPECT_EQ(bt::cp::spec_of(*bt::cp::parse_strategy("first-fail+mac+binary")), "mrv+mac+binary");
  EXPECT_EQ(bt::cp::parse_strategy("split+mac")->branch, bt::cp::branching::binary);
  EXPECT_FALSE(bt::cp::parse_strategy("mrv+mrv").has_value());
  EXPECT_FALSE(bt::cp::parse_strategy("nonsense").has_value());
  EXPECT_FALSE(bt::cp::parse_strategy("split+dway").has_value());
  auto m = queens(4);
  EXPECT_THROW(bt::cp::solver(m, *bt::cp::parse_strategy("fc+binary")), std::invalid_argument);
  EXPECT_THROW(bt::cp::solver(m, *bt::cp::parse_strategy("options+fc")), std::invalid_argument);
}

}  // namespace
