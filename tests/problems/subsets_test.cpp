// SPDX-License-Identifier: MIT
// Sum of subsets: the textbook examples and a literal transcription of SumOfSub, every
// instance's count (tests/data/subset_sum/answers.csv) by every strategy and counting method,
// strategy agreement on solution sets, the generated n = 60 instances checked by independent
// methods, and the parsers on malformed input.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <functional>
#include <limits>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/subsets/subsets.hpp>

#include "common/thrown.hpp"
#include "subsets_generated.hpp"

namespace {

namespace ss = bt::problems::subsets;

std::string data_path(const std::string& file) {
  return std::string(BT_TEST_DATA) + "/subset_sum/" + file;
}

ss::instance load(const std::string& name) {
  return ss::read_instance_file(data_path(name + ".txt"));
}

struct answer {
  std::string name;
  std::size_t n = 0;
  std::uint64_t target = 0;
  std::string count;  // decimal, compared with ss::to_string
};

std::vector<answer> read_answers(const std::string& file) {
  std::ifstream in(data_path(file));
  std::vector<answer> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, n, target, count;
    std::getline(ls, name, ',');
    std::getline(ls, n, ',');
    std::getline(ls, target, ',');
    std::getline(ls, count, ',');
    out.push_back({name, std::stoul(n), std::stoull(target), count});
  }
  return out;
}

// The textbook's p3_n30 search enters 201 million nodes: it runs in subsets_slow_test only.
bool textbook_is_slow(const std::string& name) { return name == "p3_n30_s102"; }
// Searches of over a million nodes, kept out of the tests that record every event.
bool recording_is_slow(const std::string& name) {
  return textbook_is_slow(name) || name == "p6_n24_s103";
}

// One search: every solution as a 0/1 vector in input order (each verified), and the stats.
struct run {
  std::vector<ss::selection> solutions;
  bt::stats stats;
  bt::outcome outcome{};
  bool all_verified = true;
};

template <class P>
run search(P& p, const ss::instance& inst, const ss::search_order& o, std::uint64_t quota) {
  run r;
  bt::stats_visitor sv{r.stats};
  bt::solution_quota q{quota, 0};
  auto rec = bt::make_assignment_visitor<P>([&](std::span<const int> v) {
    ss::selection x = ss::to_selection(o, inst.n(), v);
    r.all_verified = r.all_verified && ss::is_solution(inst, x);
    r.solutions.push_back(std::move(x));
  });
  r.outcome = bt::search(p, bt::visitors(sv, rec, q));
  return r;
}

run solve(ss::strategy s, const ss::instance& inst, std::uint64_t quota = 0) {
  return ss::with_strategy(
      s, inst, [&](auto& p, const ss::search_order& o) { return search(p, inst, o, quota); });
}

// The reach strategy without its exact table: bounds near the root, exact lists at the bottom.
run solve_reach_without_table(const ss::instance& inst) {
  const ss::search_order o = ss::reach_order(inst);
  const ss::reach_oracle oracle(o, 0);
  EXPECT_FALSE(oracle.exact());
  ss::reach p(o, oracle);
  return search(p, inst, o, 0);
}

std::vector<ss::selection> sorted(std::vector<ss::selection> v) {
  std::sort(v.begin(), v.end());
  return v;
}

// Algorithm SumOfSub transcribed from the textbook (Horowitz and Sahni), independent of the
// engine: w 1-based and ascending, called only when w[1] <= m and the weights sum to >= m.
struct sum_of_sub {
  std::vector<std::uint64_t> w;  // w[0] unused
  std::uint64_t m = 0;
  std::size_t n = 0;
  std::vector<int> x;
  std::uint64_t calls = 0;
  std::vector<std::vector<int>> written;  // x[1:k] at each write, as the textbook prints it

  void go(std::uint64_t s, std::size_t k, std::uint64_t r) {
    ++calls;
    x[k] = 1;
    if (s + w[k] == m) {
      written.emplace_back(x.begin() + 1, x.begin() + static_cast<std::ptrdiff_t>(k) + 1);
    } else if (k < n && s + w[k] + w[k + 1] <= m) {
      go(s + w[k], k + 1, r - w[k]);
    }
    if (s + r - w[k] >= m && k < n && s + w[k + 1] <= m) {
      x[k] = 0;
      go(s, k + 1, r - w[k]);
    }
  }
};

// The literal algorithm's run on inst; sorted weights are the textbook's order.
sum_of_sub literal(const ss::instance& inst) {
  sum_of_sub t;
  t.w = inst.weights();
  std::sort(t.w.begin(), t.w.end());
  t.w.insert(t.w.begin(), 0);
  t.n = inst.n();
  t.m = inst.target();
  t.x.assign(t.n + 1, 0);
  if (t.w[1] <= t.m && inst.total() >= t.m) {
    t.go(0, 1, inst.total());
  }
  return t;
}

// ---------------------------------------------------------------------------------------------
// The textbook examples

TEST(SubsetsTextbook, Hs6GivesTheTextbookSolutionsInItsOrder) {
  // shared README: {5,10,15}, {5,12,13}, {12,18}; printed by SumOfSub as (1,1,0,0,1),
  // (1,0,1,1) and (0,0,1,0,0,1).
  const ss::instance inst = load("textbook_hs6");
  const run r = solve(ss::strategy::textbook, inst);
  const std::vector<ss::selection> expected = {
      {1, 1, 0, 0, 1, 0}, {1, 0, 1, 1, 0, 0}, {0, 0, 1, 0, 0, 1}};
  EXPECT_EQ(r.solutions, expected);
  EXPECT_TRUE(r.all_verified);
  EXPECT_EQ(ss::chosen_weights(inst, r.solutions[0]), (std::vector<std::uint64_t>{5, 10, 15}));
  EXPECT_EQ(ss::chosen_weights(inst, r.solutions[1]), (std::vector<std::uint64_t>{5, 12, 13}));
  EXPECT_EQ(ss::chosen_weights(inst, r.solutions[2]), (std::vector<std::uint64_t>{12, 18}));
  // 20 calls of SumOfSub (the expanded nodes) + 3 solution nodes; 2 tests per call.
  EXPECT_EQ(r.stats.nodes, 23U);
  EXPECT_EQ(r.stats.checks, 40U);
  EXPECT_EQ(r.stats.assigns, 22U);
  EXPECT_EQ(r.stats.prunes, 18U);
  EXPECT_EQ(r.stats.backtracks, 22U);
  EXPECT_EQ(r.stats.solutions, 3U);
  EXPECT_EQ(r.stats.max_depth, 6U);
  EXPECT_EQ(r.outcome, bt::outcome::exhausted);
}

TEST(SubsetsTextbook, Hs4GivesTheTextbookSolutions) {
  // w = (11,13,24,7), m = 31: {11,13,7} then {24,7} (searched as 7, 11, 13, 24).
  const ss::instance inst = load("textbook_hs4");
  const run r = solve(ss::strategy::textbook, inst);
  EXPECT_EQ(r.solutions, (std::vector<ss::selection>{{1, 1, 0, 1}, {0, 0, 1, 1}}));
  EXPECT_EQ(r.stats.nodes, 10U);
  EXPECT_EQ(r.stats.prunes, 7U);
}

TEST(SubsetsTextbook, FirstSolutionStopsAfterIt) {
  const ss::instance inst = load("textbook_hs6");
  const run r = solve(ss::strategy::textbook, inst, 1);
  EXPECT_EQ(r.solutions, (std::vector<ss::selection>{{1, 1, 0, 0, 1, 0}}));
  EXPECT_EQ(r.outcome, bt::outcome::stopped);
  EXPECT_EQ(r.stats.nodes, 6U);  // the root and x1 = 1, x2 = 1, x3 = 0, x4 = 0, x5 = 1
}

TEST(SubsetsTextbook, EqualsTheLiteralSumOfSubOnEveryInstance) {
  for (const answer& a : read_answers("answers.csv")) {
    // p6 and equal_weights_n20 are counted below; recording them here costs seconds.
    if (recording_is_slow(a.name) || a.name == "equal_weights_n20") continue;
    const ss::instance inst = load(a.name);
    const sum_of_sub t = literal(inst);
    const run r = solve(ss::strategy::textbook, inst);
    // Engine nodes are the calls plus the solution nodes, where SumOfSub writes x[1:k]
    // (and the root, when the preconditions fail and SumOfSub is never called).
    EXPECT_EQ(r.stats.nodes, t.calls == 0 ? 1U : t.calls + t.written.size()) << a.name;
    ASSERT_EQ(r.solutions.size(), t.written.size()) << a.name;
    // x[1:k] is over the sorted weights; compare the chosen weights as sorted lists.
    for (std::size_t i = 0; i < t.written.size(); ++i) {
      std::vector<std::uint64_t> lit;
      for (std::size_t k = 0; k < t.written[i].size(); ++k) {
        if (t.written[i][k] == 1) lit.push_back(t.w[k + 1]);
      }
      auto got = ss::chosen_weights(inst, r.solutions[i]);
      std::sort(got.begin(), got.end());
      EXPECT_EQ(got, lit) << a.name << " solution " << i;
    }
  }
}

TEST(SubsetsTextbook, SolutionsComeInDecreasingOrderOverTheAscendingWeights) {
  const ss::instance inst = load("p3_n20_s101");
  const ss::search_order o = ss::textbook_order(inst);
  const run r = solve(ss::strategy::textbook, inst);
  std::vector<std::vector<int>> in_order;
  for (const auto& x : r.solutions) {
    std::vector<int> v;
    for (const std::size_t i : o.index) v.push_back(x[i]);
    in_order.push_back(v);
  }
  EXPECT_TRUE(std::is_sorted(in_order.begin(), in_order.end(), std::greater<>()));
}

// ---------------------------------------------------------------------------------------------
// Counts and agreement on every instance

TEST(Subsets, AnswersFilesAreRead) {
  const auto shared = read_answers("answers.csv");
  ASSERT_EQ(shared.size(), 11U);
  EXPECT_EQ(shared[1].name, "equal_weights_n20");
  EXPECT_EQ(shared[1].count, "184756");
  EXPECT_EQ(read_answers("generated.csv").size(), 5U);
}

TEST(Subsets, EveryStrategyAndCountMethodMatchesTheAnswers) {
  for (const auto& file : {"answers.csv", "generated.csv"}) {
    for (const answer& a : read_answers(file)) {
      const ss::instance inst = load(a.name);
      ASSERT_EQ(inst.n(), a.n) << a.name;
      ASSERT_EQ(inst.target(), a.target) << a.name;
      for (const auto m : {ss::count_method::automatic, ss::count_method::dp,
                           ss::count_method::memo, ss::count_method::mitm}) {
        if (m == ss::count_method::dp && a.target + 1 > ss::dp_max_cells) continue;
        if (m == ss::count_method::mitm && inst.n() > 2 * ss::mitm_max_half) continue;
        const ss::count_result c = ss::count_solutions(inst, m);
        EXPECT_EQ(ss::to_string(c.count), a.count) << a.name << " " << ss::name(m);
        EXPECT_FALSE(c.stopped);
        EXPECT_FALSE(c.overflow);
      }
      if (std::string(file) == "generated.csv") continue;  // too many to enumerate
      for (const auto s : ss::all_strategies) {
        if (s == ss::strategy::textbook && textbook_is_slow(a.name)) continue;
        const ss::instance& i = inst;
        const std::uint64_t n = ss::with_strategy(s, i, [](auto& p, const ss::search_order&) {
          bt::solution_counter c;
          bt::search(p, c);
          return c.count;
        });
        EXPECT_EQ(std::to_string(n), a.count) << a.name << " " << ss::name(s);
      }
    }
  }
}

TEST(Subsets, StrategiesFindTheSameSolutionSets) {
  for (const answer& a : read_answers("answers.csv")) {
    if (recording_is_slow(a.name) || a.name == "equal_weights_n20") continue;  // counted above
    const ss::instance inst = load(a.name);
    const run t = solve(ss::strategy::textbook, inst);
    const run r = solve(ss::strategy::reach, inst);
    const run b = solve_reach_without_table(inst);
    EXPECT_TRUE(t.all_verified && r.all_verified && b.all_verified) << a.name;
    EXPECT_EQ(sorted(t.solutions), sorted(r.solutions)) << a.name;
    EXPECT_EQ(r.solutions, b.solutions) << a.name << ": same order, with or without the table";
    EXPECT_EQ(std::to_string(r.solutions.size()), a.count) << a.name;
  }
}

TEST(Subsets, EqualWeightsAreDistinctItems) {
  // C(20, 10) different index sets, each verified, none repeated, in both strategies.
  const ss::instance inst = load("equal_weights_n20");
  for (const auto s : ss::all_strategies) {
    std::vector<std::uint32_t> masks;
    bool verified = true;
    ss::with_strategy(s, inst, [&](auto& p, const ss::search_order& o) {
      using P = std::remove_cvref_t<decltype(p)>;
      bt::search(p, bt::make_assignment_visitor<P>([&](std::span<const int> v) {
                   const ss::selection x = ss::to_selection(o, inst.n(), v);
                   verified = verified && ss::is_solution(inst, x);
                   std::uint32_t mask = 0;
                   for (std::size_t i = 0; i < x.size(); ++i)
                     mask |= static_cast<std::uint32_t>(x[i]) << i;
                   masks.push_back(mask);
                 }));
    });
    EXPECT_TRUE(verified);
    std::sort(masks.begin(), masks.end());
    EXPECT_EQ(std::unique(masks.begin(), masks.end()), masks.end());
    EXPECT_EQ(masks.size(), 184756U) << ss::name(s);
  }
}

TEST(SubsetsReach, EntersOnlyNodesThatLeadToASolution) {
  // With the exact table every node entered is on a path to a solution: nodes that are not
  // solutions are exactly the proper prefixes of the solutions' paths.
  for (const answer& a : read_answers("answers.csv")) {
    if (a.count.size() > 3) continue;  // a few hundred solutions are enough
    const ss::instance inst = load(a.name);
    const run r = solve(ss::strategy::reach, inst);
    const ss::search_order o = ss::reach_order(inst);
    std::vector<std::vector<int>> prefixes;
    for (const auto& x : r.solutions) {
      std::vector<int> path;
      std::uint64_t s = 0;
      for (std::size_t k = 0; k < o.size() && s < inst.target(); ++k) {
        prefixes.push_back(path);
        path.push_back(x[o.index[k]]);
        s += x[o.index[k]] == 1 ? o.weight[k] : 0;
      }
    }
    std::sort(prefixes.begin(), prefixes.end());
    prefixes.erase(std::unique(prefixes.begin(), prefixes.end()), prefixes.end());
    const std::uint64_t expected = r.solutions.empty() ? 1 : prefixes.size() + r.solutions.size();
    EXPECT_EQ(r.stats.nodes, expected) << a.name;
  }
}

TEST(SubsetsReach, DropsItemsHeavierThanTheTargetAndSearchesHeaviestFirst) {
  const ss::instance inst({40, 5, 31, 10, 30, 12}, 30);
  const ss::search_order o = ss::reach_order(inst);
  EXPECT_EQ(o.weight, (std::vector<std::uint64_t>{30, 12, 10, 5}));
  EXPECT_EQ(o.index, (std::vector<std::size_t>{4, 5, 3, 1}));
  const run r = solve(ss::strategy::reach, inst);
  EXPECT_EQ(r.solutions, (std::vector<ss::selection>{{0, 0, 0, 0, 1, 0}}));
  const run t = solve(ss::strategy::textbook, inst);
  EXPECT_EQ(t.solutions, r.solutions);
}

TEST(SubsetsReach, OracleWithoutTableIsExactAtTheBottomAndNeverWrong) {
  const ss::instance inst = load("p6_n24_s103");
  const ss::search_order o = ss::reach_order(inst);
  const ss::reach_oracle exact(o);
  const ss::reach_oracle bounded(o, 0);
  ASSERT_TRUE(exact.exact());
  std::uint64_t st = 7;
  for (int i = 0; i < 20000; ++i) {
    const std::size_t k = bt_test::splitmix64(st) % (o.size() + 1);
    const std::uint64_t t = bt_test::splitmix64(st) % (inst.target() + 1);
    if (exact.reachable(k, t)) {
      EXPECT_TRUE(bounded.reachable(k, t)) << k << " " << t;
    } else if (k + ss::reach_oracle::bottom_items >= o.size()) {
      EXPECT_FALSE(bounded.reachable(k, t)) << k << " " << t;
    }
  }
}

TEST(Subsets, TargetZeroHasTheEmptySubsetAndHeavyItemsNone) {
  const ss::instance zero({3, 4}, 0);
  EXPECT_EQ(solve(ss::strategy::textbook, zero).solutions, (std::vector<ss::selection>{{0, 0}}));
  EXPECT_EQ(solve(ss::strategy::reach, zero).solutions, (std::vector<ss::selection>{{0, 0}}));
  EXPECT_EQ(ss::to_string(ss::count_solutions(zero, ss::count_method::dp).count), "1");
  EXPECT_EQ(ss::to_string(ss::count_solutions(zero, ss::count_method::memo).count), "1");
  const ss::instance heavy({7, 9}, 5);
  for (const auto s : ss::all_strategies) {
    const run r = solve(s, heavy);
    EXPECT_TRUE(r.solutions.empty());
    EXPECT_EQ(r.stats.nodes, 1U);
    EXPECT_EQ(r.outcome, bt::outcome::exhausted);
  }
  EXPECT_EQ(ss::to_string(ss::count_solutions(heavy, ss::count_method::memo).count), "0");
  const ss::instance short_of_it({1, 2}, 4);  // the textbook's precondition sum >= m fails
  EXPECT_TRUE(solve(ss::strategy::textbook, short_of_it).solutions.empty());
}

// ---------------------------------------------------------------------------------------------
// Counting: the generated n = 60 instances by independent methods

// A plain item-by-item DP over every sum 0..m in 128 bits, written here for the cross-check.
ss::count_type reference_dp(const std::vector<std::uint64_t>& w, std::uint64_t m) {
  std::vector<ss::count_type> ways(static_cast<std::size_t>(m) + 1, 0);
  ways[0] = 1;
  for (const std::uint64_t x : w) {
    for (std::uint64_t s = m; s >= x && s != std::numeric_limits<std::uint64_t>::max(); --s) {
      ways[static_cast<std::size_t>(s)] += ways[static_cast<std::size_t>(s - x)];
      if (s == x) break;
    }
  }
  return ways[static_cast<std::size_t>(m)];
}

ss::count_type binomial(unsigned n, unsigned k) {
  ss::count_type c = 1;
  for (unsigned i = 1; i <= k; ++i) c = c * (n - k + i) / i;  // exact at each step
  return c;
}

TEST(SubsetsCount, GeneratedFilesAreTheGeneratorsOutput) {
  auto all = bt_test::all_generated();
  all.push_back(bt_test::hard_n60_s4());
  all.push_back(bt_test::random_n40_s6());
  for (const auto& g : all) {
    const ss::instance inst = load(g.name);
    EXPECT_EQ(inst.weights(), g.weights) << g.name;
    EXPECT_EQ(inst.target(), g.target) << g.name;
  }
}

TEST(SubsetsCount, DenseN60DpMemoAndAPlainDpAgree) {
  const auto g = bt_test::dense_n60_s1();
  const ss::instance inst(g.weights, g.target);
  const auto dp = ss::count_solutions(inst, ss::count_method::dp);
  const auto memo = ss::count_solutions(inst, ss::count_method::memo);
  EXPECT_EQ(dp.method, ss::count_method::dp);
  EXPECT_EQ(memo.method, ss::count_method::memo);
  EXPECT_EQ(dp.count, memo.count);
  EXPECT_EQ(dp.count, reference_dp(g.weights, g.target));
  EXPECT_EQ(ss::to_string(dp.count), "2005039077689728");
  EXPECT_EQ(ss::count_solutions(inst, ss::count_method::automatic).method, ss::count_method::dp);
}

TEST(SubsetsCount, ScaledN60CountsLikeItsUnscaledWeights) {
  // Multiplying every weight and the target by the same factor keeps the solutions; the
  // scaled target is far too large for dp, so memo is checked against dp on the base weights.
  const auto base = bt_test::scaled_base();
  const auto g = bt_test::scaled_n60_s2();
  const ss::instance inst(g.weights, g.target);
  const auto memo = ss::count_solutions(inst, ss::count_method::automatic);
  EXPECT_EQ(memo.method, ss::count_method::memo);
  const auto dp =
      ss::count_solutions(ss::instance(base.weights, base.target), ss::count_method::dp);
  EXPECT_EQ(memo.count, dp.count);
  EXPECT_EQ(memo.count, reference_dp(base.weights, base.target));
  EXPECT_THROW(ss::count_solutions(inst, ss::count_method::dp), ss::invalid_input);
  // Both strategies find a first solution fast even without a table.
  for (const auto s : ss::all_strategies) {
    const run r = solve(s, inst, 1);
    ASSERT_EQ(r.solutions.size(), 1U) << ss::name(s);
    EXPECT_TRUE(r.all_verified);
  }
}

TEST(SubsetsCount, SuperincreasingN60HasTheOneGreedySolution) {
  std::vector<int> chosen;
  const auto g = bt_test::superinc_n60_s3(&chosen);
  const ss::instance inst(g.weights, g.target);
  // Greedy from the largest: each weight exceeds all lighter ones together, so it is taken
  // exactly when what is missing is at least its weight.
  ss::selection greedy(g.weights.size(), 0);
  std::uint64_t missing = g.target;
  for (std::size_t i = g.weights.size(); i-- > 0;) {
    if (g.weights[i] <= missing) {
      greedy[i] = 1;
      missing -= g.weights[i];
    }
  }
  EXPECT_EQ(missing, 0U);
  EXPECT_EQ(greedy, ss::selection(chosen.begin(), chosen.end()));
  const auto memo = ss::count_solutions(inst, ss::count_method::automatic);
  EXPECT_EQ(memo.method, ss::count_method::memo);
  EXPECT_EQ(ss::to_string(memo.count), "1");
  EXPECT_EQ(solve(ss::strategy::reach, inst).solutions, (std::vector<ss::selection>{greedy}));
}

TEST(SubsetsCount, MultisetN60MatchesItsClosedForm) {
  // 1, 2 and 3 twenty times each, m = 60: sum of C(20,a) C(20,b) C(20,c), a + 2b + 3c = 60.
  ss::count_type closed = 0;
  for (unsigned b = 0; b <= 20; ++b) {
    for (unsigned c = 0; c <= 20; ++c) {
      if (2 * b + 3 * c > 60 || 60 - 2 * b - 3 * c > 20) continue;
      const unsigned a = 60 - 2 * b - 3 * c;
      closed += binomial(20, a) * binomial(20, b) * binomial(20, c);
    }
  }
  const auto g = bt_test::multiset_n60_t60();
  const ss::instance inst(g.weights, g.target);
  EXPECT_EQ(ss::count_solutions(inst, ss::count_method::dp).count, closed);
  EXPECT_EQ(ss::count_solutions(inst, ss::count_method::memo).count, closed);
}

TEST(SubsetsCount, CountsBeyond64BitsAreExact) {
  const auto g = bt_test::equal_n80_t40();
  const ss::instance inst(g.weights, g.target);
  const auto dp = ss::count_solutions(inst, ss::count_method::dp);
  const auto memo = ss::count_solutions(inst, ss::count_method::memo);
  EXPECT_EQ(dp.count, binomial(80, 40));
  EXPECT_EQ(memo.count, binomial(80, 40));
  EXPECT_EQ(ss::to_string(dp.count), "107507208733336176461620");
  EXPECT_EQ(dp.stats.solutions, std::numeric_limits<std::uint64_t>::max());  // saturated
  EXPECT_FALSE(dp.overflow);
}

TEST(SubsetsCount, CountsBeyond128BitsAreFlaggedNotWrapped) {
  // C(200, 100) ~ 9 * 10^58 does not fit 128 bits.
  const ss::instance inst(std::vector<std::uint64_t>(200, 1), 100);
  for (const auto m : {ss::count_method::dp, ss::count_method::memo}) {
    const auto r = ss::count_solutions(inst, m);
    EXPECT_TRUE(r.overflow) << ss::name(m);
    EXPECT_EQ(r.count, std::numeric_limits<ss::count_type>::max()) << ss::name(m);
  }
  EXPECT_FALSE(ss::count_solutions(ss::instance(std::vector<std::uint64_t>(127, 1), 63),
                                   ss::count_method::memo)
                   .overflow);
}

TEST(SubsetsCount, StatisticsFollowTheirDefinitions) {
  const ss::instance inst = load("p3_n20_s101");
  const auto dp = ss::count_solutions(inst, ss::count_method::dp);
  EXPECT_EQ(dp.stats.nodes, dp.stats.checks);
  EXPECT_EQ(dp.stats.assigns + dp.stats.prunes, dp.stats.checks);
  EXPECT_EQ(dp.stats.max_depth, 20U);
  EXPECT_EQ(dp.stats.solutions, 243U);
  EXPECT_GT(dp.stats.prunes, 0U);
  const auto memo = ss::count_solutions(inst, ss::count_method::memo);
  EXPECT_EQ(memo.stats.assigns + memo.stats.prunes, memo.stats.checks);
  EXPECT_EQ(memo.stats.nodes, memo.stats.assigns + 1);  // every expansion but the root's
  EXPECT_EQ(memo.stats.backtracks, memo.stats.assigns);
  EXPECT_EQ(memo.stats.solutions, 243U);
}

TEST(SubsetsCount, AStoppedCountIsALowerBound) {
  const ss::instance inst = load("dense_n60_s1");
  for (const auto m : {ss::count_method::dp, ss::count_method::memo}) {
    const auto full = ss::count_solutions(inst, m);
    std::uint64_t calls = 0;
    const auto cut = ss::count_solutions(inst, m, [&](std::uint64_t nodes) {
      ++calls;
      return nodes > full.stats.nodes / 2;
    });
    EXPECT_TRUE(cut.stopped) << ss::name(m);
    EXPECT_LT(cut.count, full.count) << ss::name(m);
    EXPECT_GT(calls, 0U);
  }
}

// Subsets of w summing to m, by enumerating every subset (n <= 20).
std::uint64_t brute_count(const std::vector<std::uint64_t>& w, std::uint64_t m) {
  std::uint64_t count = 0;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << w.size()); ++mask) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < w.size(); ++i) sum += (mask >> i & 1U) != 0 ? w[i] : 0;
    count += sum == m ? 1U : 0U;
  }
  return count;
}

// Subsets of w summing to m by hashing: the first half's sums counted in a map, each of the
// second half's sums looked up (a different meet in the middle from mitm.hpp's sorted walk).
std::uint64_t hashed_count(const std::vector<std::uint64_t>& w, std::uint64_t m) {
  const std::size_t h = w.size() / 2;
  std::unordered_map<std::uint64_t, std::uint64_t> first;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << h); ++mask) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < h; ++i) sum += (mask >> i & 1U) != 0 ? w[i] : 0;
    ++first[sum];
  }
  std::uint64_t count = 0;
  const std::size_t rest = w.size() - h;
  for (std::uint64_t mask = 0; mask < (std::uint64_t{1} << rest); ++mask) {
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < rest; ++i) sum += (mask >> i & 1U) != 0 ? w[h + i] : 0;
    if (sum > m) continue;
    const auto it = first.find(m - sum);
    if (it != first.end()) count += it->second;
  }
  return count;
}

TEST(SubsetsCount, MitmMatchesEnumerationOnSmallInstances) {
  // Every size to 16, small weights (many repeats, so equal sums in runs) and large ones,
  // every target from 0 to past the sum.
  std::uint64_t seed = 7;
  for (int trial = 0; trial < 300; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(bt_test::splitmix64(seed) % 16);
    const std::uint64_t max = trial % 2 == 0 ? 6 : 1000000000000ULL;
    std::vector<std::uint64_t> w;
    std::uint64_t sum = 0;
    for (std::size_t i = 0; i < n; ++i) {
      w.push_back(1 + bt_test::splitmix64(seed) % max);
      sum += w.back();
    }
    const std::uint64_t m = max == 6 ? bt_test::splitmix64(seed) % (sum + 3)
                            : (bt_test::splitmix64(seed) & 1U) != 0 ? sum / 2
                                                                    : w[0];
    const ss::instance inst(w, m);
    const auto r = ss::count_solutions(inst, ss::count_method::mitm);
    EXPECT_EQ(r.method, ss::count_method::mitm);
    EXPECT_EQ(r.count, brute_count(w, m)) << trial;
    EXPECT_FALSE(r.stopped);
  }
}

TEST(SubsetsCount, MitmCountsRandomWeightsAsHashingDoes) {
  // random_n40_s6: 40 distinct weights up to 10^6, target beyond dp; auto picks mitm.
  const auto g = bt_test::random_n40_s6();
  const ss::instance inst(g.weights, g.target);
  const auto r = ss::count_solutions(inst, ss::count_method::automatic);
  EXPECT_EQ(r.method, ss::count_method::mitm);
  EXPECT_EQ(r.count, hashed_count(g.weights, g.target));
  EXPECT_EQ(ss::to_string(r.count), "127877");
  // Its statistics: the half sums listed (with the two empty subsets) and those pruned make
  // 2^20 + 2^20 candidates at most; each equal-sum meeting is one assign.
  EXPECT_LE(r.stats.nodes, std::uint64_t{2} << 20);
  EXPECT_GT(r.stats.prunes, 0U);
  EXPECT_GT(r.stats.assigns, 0U);
  EXPECT_LE(r.stats.assigns, r.stats.checks);
  EXPECT_EQ(r.stats.solutions, r.count);
  // Stopped halfway through, a lower bound.
  std::uint64_t calls = 0;
  const auto cut = ss::count_solutions(inst, ss::count_method::mitm, [&](std::uint64_t nodes) {
    ++calls;
    return nodes > r.stats.nodes / 2;
  });
  EXPECT_TRUE(cut.stopped);
  EXPECT_LT(cut.count, r.count);
  EXPECT_GT(calls, 0U);
}

TEST(SubsetsCount, MitmRefusesMoreItemsThanItHolds) {
  const ss::instance inst(std::vector<std::uint64_t>(60, 1), 30);
  EXPECT_THROW(ss::count_solutions(inst, ss::count_method::mitm), ss::invalid_input);
  // Items heavier than the target are no items: 60 weights, 50 of them too heavy, fit.
  std::vector<std::uint64_t> w(50, 1000);
  for (std::uint64_t i = 1; i <= 10; ++i) w.push_back(i);
  EXPECT_EQ(ss::to_string(ss::count_solutions(ss::instance(w, 10), ss::count_method::mitm).count),
            "10");  // the partitions of 10 into distinct parts
  // Superincreasing weights: one solution, memo finds it in its trial budget; auto keeps
  // memo.
  std::vector<int> chosen;
  auto sup = bt_test::superinc_n60_s3(&chosen);
  sup.weights.resize(50);
  sup.target = 0;
  for (std::size_t i = 0; i < 50; ++i) sup.target += chosen[i] != 0 ? sup.weights[i] : 0;
  const auto memo =
      ss::count_solutions(ss::instance(sup.weights, sup.target), ss::count_method::automatic);
  EXPECT_EQ(memo.method, ss::count_method::memo);
  EXPECT_EQ(ss::to_string(memo.count), "1");
  EXPECT_LE(memo.stats.nodes, ss::memo_trial_nodes);
  // Equal weights: memo counts them within its trial budget, so auto keeps memo.
  EXPECT_EQ(ss::count_solutions(ss::instance(std::vector<std::uint64_t>(40, 1000003), 20000060),
                                ss::count_method::automatic)
                .method,
            ss::count_method::memo);
}

TEST(SubsetsCount, DecimalDigitsOf128BitCounts) {
  EXPECT_EQ(ss::to_string(0), "0");
  EXPECT_EQ(ss::to_string(std::numeric_limits<std::uint64_t>::max()), "18446744073709551615");
  EXPECT_EQ(ss::to_string(std::numeric_limits<ss::count_type>::max()),
            "340282366920938463463374607431768211455");
}

// ---------------------------------------------------------------------------------------------
// Trace

TEST(SubsetsTrace, Hs4TextbookTraceInWords) {
  const ss::instance inst = load("textbook_hs4");
  const ss::search_order o = ss::textbook_order(inst);
  ss::textbook p(o);
  ss::trace_describer d(inst, o);
  std::ostringstream os;
  bt::search(p, bt::trace_visitor<ss::trace_describer>(os, d));
  EXPECT_EQ(os.str(),
            "x4 = 1 (take 7): s = 7, r = 48\n"
            "  x1 = 1 (take 11): s = 18, r = 37\n"
            "    x2 = 1 (take 13): s = 31, r = 24\n"
            "      solution: 1 1 0 1  {11,13,7}\n"
            "    backtrack x2 = 1\n"
            "    x2 = 0 pruned: s + w(next) = 42 > m = 31\n"
            "  backtrack x1 = 1\n"
            "  x1 = 0 (leave 11): s = 7, r = 37\n"
            "    x2 = 1 pruned: s + w + w(next) = 44 > m = 31\n"
            "    x2 = 0 (leave 13): s = 7, r = 24\n"
            "      x3 = 1 (take 24): s = 31, r = 0\n"
            "        solution: 0 0 1 1  {24,7}\n"
            "      backtrack x3 = 1\n"
            "      x3 = 0 pruned: s + r - w = 7 < m = 31\n"
            "    backtrack x2 = 0\n"
            "  backtrack x1 = 0\n"
            "backtrack x4 = 1\n"
            "x4 = 0 (leave 7): s = 0, r = 48\n"
            "  x1 = 1 (take 11): s = 11, r = 37\n"
            "    x2 = 1 pruned: s + w + w(next) = 48 > m = 31\n"
            "    x2 = 0 pruned: s + w(next) = 35 > m = 31\n"
            "  backtrack x1 = 1\n"
            "  x1 = 0 (leave 11): s = 0, r = 37\n"
            "    x2 = 1 pruned: s + w + w(next) = 37 > m = 31\n"
            "    x2 = 0 pruned: s + r - w = 24 < m = 31\n"
            "  backtrack x1 = 0\n"
            "backtrack x4 = 0\n");
}

// ---------------------------------------------------------------------------------------------
// Instances and parsers

std::string read_error(const std::string& text) {
  std::istringstream in(text);
  const std::string msg = test_common::thrown_message<ss::parse_error>(
      [&] { ss::read_instance(in, "f.txt"); }, "no error");
  EXPECT_EQ(msg.find('\n'), std::string::npos) << "one line";
  return msg;
}

// Issue 18: a byte-order mark and CRLF are accepted; a line past 1 MiB is refused by its
// line number before it is stored; a long token is quoted by its first 40 characters.
TEST(SubsetsIo, AcceptsAByteOrderMarkAndBoundsItsLines) {
  std::istringstream in(
      "\xEF\xBB\xBF"
      "3 10\r\n5 10 12\r\n");
  const ss::instance inst = ss::read_instance(in, "f.txt");
  EXPECT_EQ(inst.weights(), (std::vector<std::uint64_t>{5, 10, 12}));
  EXPECT_EQ(inst.target(), 10U);
  EXPECT_EQ(read_error("3 10\n5 " + std::string(2 * bt::max_line, ' ') + "10 12\n"),
            "f.txt:2: the line is longer than 1048576 bytes (1 MiB), the most a line may hold");
  EXPECT_EQ(read_error("1 10\n" + std::string(5000, '9') + "\n"),
            "f.txt:2: weight 1 (" + std::string(40, '9') + "...) does not fit 64 bits");
}

TEST(SubsetsIo, ReadsTheFileFormat) {
  std::istringstream in("\n6 30\r\n5 10 12\n\n13 15\t18   \n");
  const ss::instance inst = ss::read_instance(in, "f.txt");
  EXPECT_EQ(inst.weights(), (std::vector<std::uint64_t>{5, 10, 12, 13, 15, 18}));
  EXPECT_EQ(inst.target(), 30U);
  EXPECT_EQ(inst.total(), 73U);
  std::istringstream max_target("1 18446744073709551615\n18446744073709551615\n");
  EXPECT_EQ(ss::read_instance(max_target, "g").target(), std::numeric_limits<std::uint64_t>::max());
}

TEST(SubsetsIo, MalformedFilesNameTheFileAndLine) {
  EXPECT_EQ(read_error(""), "f.txt:1: the file is empty; expected 'n target' on the first line");
  EXPECT_EQ(read_error("\n  \n"),
            "f.txt:2: the file is empty; expected 'n target' on the first line");
  EXPECT_EQ(read_error("6\n1 2 3 4 5 6\n"), "f.txt:1: expected 'n target', found only '6'");
  EXPECT_EQ(read_error("6 30 7\n"), "f.txt:1: expected 'n target', found extra '7'");
  EXPECT_EQ(read_error("six 30\n"), "f.txt:1: n must be a whole number from 1 to 4096, not 'six'");
  EXPECT_EQ(read_error("0 30\n"), "f.txt:1: n must be a whole number from 1 to 4096, not '0'");
  EXPECT_EQ(read_error("-2 30\n"), "f.txt:1: n must be a whole number from 1 to 4096, not '-2'");
  EXPECT_EQ(read_error("5000 30\n"),
            "f.txt:1: n must be a whole number from 1 to 4096, not '5000'");
  EXPECT_EQ(read_error("2 -30\n1 2\n"), "f.txt:1: the target must not be negative (-30)");
  EXPECT_EQ(read_error("2 3.5\n1 2\n"), "f.txt:1: the target must be a whole number, not '3.5'");
  EXPECT_EQ(read_error("2 18446744073709551616\n1 2\n"),
            "f.txt:1: the target (18446744073709551616) does not fit 64 bits");
  EXPECT_EQ(read_error("3 30\n5 x 7\n"), "f.txt:2: weight 2 must be a whole number, not 'x'");
  EXPECT_EQ(read_error("3 30\n5 10\n0\n"), "f.txt:3: weight 3 is 0; weights must be positive");
  EXPECT_EQ(read_error("3 30\n5 -10 7\n"),
            "f.txt:2: weight 2 is negative (-10); weights must be positive");
  EXPECT_EQ(read_error("2 30\n5 18446744073709551616\n"),
            "f.txt:2: weight 2 (18446744073709551616) does not fit 64 bits");
  EXPECT_EQ(read_error("2 30\n18446744073709551615 1\n"),
            "f.txt:2: the weights sum to more than 2^64 - 1 (at weight 2)");
  EXPECT_EQ(read_error("6 30\n5 10 12\n13 15\n"),
            "f.txt:3: expected 6 weights after the first line, found 5");
  EXPECT_EQ(read_error("6 30\n"), "f.txt:1: expected 6 weights after the first line, found 0");
  EXPECT_EQ(read_error("2 30\n5 10\n\n7\n"),
            "f.txt:4: more weights than the n = 2 of the first line (extra '7')");
  EXPECT_EQ(read_error("2 30\n5 1e3\n"), "f.txt:2: weight 2 must be a whole number, not '1e3'");
  EXPECT_EQ(read_error("2 30\n5 +3\n"), "f.txt:2: weight 2 must be a whole number, not '+3'");
}

TEST(SubsetsIo, MissingFileAndDirectory) {
  try {
    ss::read_instance_file(data_path("no_such_file.txt"));
    ADD_FAILURE() << "no error";
  } catch (const ss::parse_error& e) {
    EXPECT_EQ(std::string(e.what()), data_path("no_such_file.txt") + ": cannot open the file");
  }
  EXPECT_THROW(ss::read_instance_file(std::string(BT_TEST_DATA)), ss::parse_error);
}

std::string list_error(const std::string& text) {
  return test_common::thrown_message<ss::invalid_input>([&] { ss::parse_weight_list(text); },
                                                        "no error");
}

TEST(SubsetsIo, WeightLists) {
  EXPECT_EQ(ss::parse_weight_list("5,10, 12 ,13"), (std::vector<std::uint64_t>{5, 10, 12, 13}));
  EXPECT_EQ(list_error(""), "there are no weights");
  EXPECT_EQ(list_error("5,,6"), "weight 2 is empty");
  EXPECT_EQ(list_error("5,6,"), "weight 3 is empty");
  EXPECT_EQ(list_error("5;6"), "weight 1 must be a whole number, not '5;6'");
  EXPECT_EQ(list_error("5,0"), "weight 2 is 0; weights must be positive");
  EXPECT_EQ(list_error("-5"), "weight 1 is negative (-5); weights must be positive");
  EXPECT_EQ(list_error("99999999999999999999"),
            "weight 1 (99999999999999999999) does not fit 64 bits");
  EXPECT_EQ(list_error("9223372036854775808,9223372036854775808"),
            "the weights sum to more than 2^64 - 1 (at weight 2)");
}

TEST(SubsetsIo, NumbersAreDecimalDigitsOnly) {
  std::uint64_t v = 0;
  EXPECT_EQ(ss::parse_u64("18446744073709551615", v), ss::number_status::ok);
  EXPECT_EQ(v, std::numeric_limits<std::uint64_t>::max());
  EXPECT_EQ(ss::parse_u64("18446744073709551616", v), ss::number_status::too_big);
  EXPECT_EQ(ss::parse_u64("-1", v), ss::number_status::negative);
  EXPECT_EQ(ss::parse_u64("-0", v), ss::number_status::not_number);
  EXPECT_EQ(ss::parse_u64("-", v), ss::number_status::not_number);
  EXPECT_EQ(ss::parse_u64("0x10", v), ss::number_status::not_number);
  EXPECT_EQ(ss::parse_u64(" 1", v), ss::number_status::not_number);
}

TEST(SubsetsInstance, RejectsWhatCannotBeSearched) {
  EXPECT_THROW(ss::instance({}, 1), ss::invalid_input);
  EXPECT_THROW(ss::instance({1, 0}, 1), ss::invalid_input);
  EXPECT_THROW(ss::instance({std::numeric_limits<std::uint64_t>::max(), 1}, 1), ss::invalid_input);
  EXPECT_THROW(ss::instance(std::vector<std::uint64_t>(ss::max_items + 1, 1), 1),
               ss::invalid_input);
  const ss::instance inst({5, 10}, 15);
  EXPECT_TRUE(ss::is_solution(inst, {1, 1}));
  EXPECT_FALSE(ss::is_solution(inst, {1, 0}));
  EXPECT_FALSE(ss::is_solution(inst, {1, 1, 0}));
  EXPECT_FALSE(ss::is_solution(inst, {2, 0}));
}

TEST(SubsetsStrategy, NamesRoundTrip) {
  for (const auto s : ss::all_strategies) {
    EXPECT_EQ(ss::parse_strategy(ss::name(s)), s);
  }
  EXPECT_FALSE(ss::parse_strategy("fast"));
  EXPECT_EQ(ss::parse_count_method("memo"), ss::count_method::memo);
  EXPECT_EQ(ss::parse_count_method("auto"), ss::count_method::automatic);
  EXPECT_FALSE(ss::parse_count_method("search"));
}

static_assert(bt::copy_problem<ss::textbook> && bt::checks_values<ss::textbook>);
static_assert(bt::copy_problem<ss::reach> && bt::checks_values<ss::reach>);
static_assert(bt::problem<ss::textbook> && bt::problem<ss::reach>);

}  // namespace
