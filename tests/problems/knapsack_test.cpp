// SPDX-License-Identifier: MIT
// 0/1 knapsack: every strategy against the dynamic programme (textbook instances with their
// published optima, random ones up to n = 25), improvements strictly better each time, the
// bounds' pruning in the statistics, a split search on threads with one incumbent, the
// reader on good and malformed files, and the trace's words.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <bt/bt.hpp>
#include <bt/split.hpp>
#include <bt/problems/knapsack/knapsack.hpp>

#include "common/thrown.hpp"

namespace {

namespace ks = bt::problems::knapsack;
using ks::amount;

// Every strategy is a problem of the engine (copy discipline) that optimises.
static_assert(bt::copy_problem<ks::plain_search> && bt::optimising<ks::plain_search>);
static_assert(bt::copy_problem<ks::fractional_search> && bt::optimising<ks::fractional_search>);
static_assert(bt::copy_problem<ks::sorted_search> && bt::optimising<ks::sorted_search>);
static_assert(bt::problem<ks::sorted_search> && bt::checks_values<ks::sorted_search>);

std::string data_path(const std::string& file) {
  return std::string(BT_TEST_DATA) + "/knapsack/" + file;
}

// One branch-and-bound search: the solutions reported (each an improvement), the best one's
// packing, the statistics.
struct run {
  std::vector<amount> values;  // objective of each solution, in the order reported
  std::optional<ks::solution> best;
  bool all_feasible = true;
  bt::stats stats;
  std::uint64_t improvements = 0;
};

template <class P>
run search(P& p, const ks::instance& inst, const ks::search_order& o, bool prune = true) {
  run r;
  bt::incumbent<amount> inc(bt::goal::maximize);
  if (prune) p.share(&inc);
  bt::stats_visitor sv{r.stats};
  auto rec = bt::make_assignment_visitor<P>([&](std::span<const int> path) {
    const auto s = ks::evaluate(inst, ks::to_selection(o, path));
    r.all_feasible = r.all_feasible && s.has_value();
    if (!s) return;
    r.values.push_back(s->value);
    r.best = s;
  });
  bt::search(p, bt::visitors(sv, rec));
  r.improvements = inc.improvements();
  return r;
}

run solve(ks::strategy s, const ks::instance& inst) {
  return ks::with_strategy(s, inst,
                           [&](auto& p, const ks::search_order& o) { return search(p, inst, o); });
}

// The checks every optimising run must pass against the optimum `best`.
void expect_optimal(const run& r, amount best, const std::string& what) {
  ASSERT_TRUE(r.best.has_value()) << what;
  EXPECT_TRUE(r.all_feasible) << what;
  EXPECT_EQ(r.best->value, best) << what;
  EXPECT_EQ(r.values.size(), r.improvements) << what;
  for (std::size_t i = 1; i < r.values.size(); ++i) {
    EXPECT_GT(r.values[i], r.values[i - 1]) << what << ": improvement " << i;
  }
}

enum class family { uncorrelated, weakly, strongly, subset_sum };

ks::instance random_instance(std::mt19937_64& rng, std::size_t n, family f, amount range) {
  std::uniform_int_distribution<amount> w(1, range);
  std::vector<ks::item> items;
  for (std::size_t i = 0; i < n; ++i) {
    ks::item it;
    it.weight = w(rng);
    switch (f) {
      case family::uncorrelated: it.value = w(rng); break;
      case family::weakly:
        it.value = std::max<amount>(
            1, it.weight + std::uniform_int_distribution<amount>(-range / 10, range / 10)(rng));
        break;
      case family::strongly: it.value = it.weight + range / 10; break;
      case family::subset_sum: it.value = it.weight; break;
    }
    items.push_back(it);
  }
  amount total = 0;
  for (const auto& it : items) total += it.weight;
  const amount cap =
      std::max<amount>(1, total * std::uniform_int_distribution<amount>(1, 9)(rng) / 10);
  return ks::instance(std::move(items), cap);
}

// ---------------------------------------------------------------------------------------------
// Textbook instances and the dynamic programme

struct answer {
  std::string name;
  amount optimum = 0;
  std::vector<std::size_t> items;
};

std::vector<answer> read_answers() {
  std::ifstream in(data_path("answers.csv"));
  std::vector<answer> out;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, n, cap, opt, items;
    std::getline(ls, name, ',');
    std::getline(ls, n, ',');
    std::getline(ls, cap, ',');
    std::getline(ls, opt, ',');
    std::getline(ls, items, ',');
    answer a{name, std::stoll(opt), {}};
    std::istringstream is(items);
    for (std::size_t i = 0; is >> i;) a.items.push_back(i);
    out.push_back(a);
  }
  return out;
}

TEST(KnapsackTextbook, EveryStrategyAndTheProgrammeFindThePublishedOptimum) {
  const auto answers = read_answers();
  ASSERT_EQ(answers.size(), 4U);
  for (const answer& a : answers) {
    const ks::instance inst = ks::read_instance_file(data_path(a.name + ".txt"));
    const ks::solution dp = ks::solve_dp(inst);
    EXPECT_EQ(dp.value, a.optimum) << a.name;
    EXPECT_EQ(dp.items, a.items) << a.name;
    for (const ks::strategy s : ks::all_strategies) {
      const run r = solve(s, inst);
      expect_optimal(r, a.optimum, a.name + " " + std::string(ks::name(s)));
      EXPECT_EQ(r.best->items, a.items) << a.name;  // the optima are unique
      EXPECT_LE(r.best->weight, inst.capacity());
    }
  }
}

TEST(KnapsackTextbook, SortedOnTheBranchAndBoundExample) {
  // HSR's n = 4, m = 15: ratios 5, 2.5, 2, 2 are already in order. The first dive takes items
  // 1, 2 and 3 (value 32, weight 12), item 4 does not fit; then the bound finds 38.
  const ks::instance inst = ks::read_instance_file(data_path("hs_lcbb4.txt"));
  const run r = solve(ks::strategy::sorted, inst);
  EXPECT_EQ(r.values, (std::vector<amount>{32, 38}));
  EXPECT_EQ(r.best->items, (std::vector<std::size_t>{1, 2, 4}));
  EXPECT_EQ(r.best->weight, 15);
}

TEST(KnapsackDp, AgreesWithBruteForce) {
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 12);
    const ks::instance inst = random_instance(rng, n, static_cast<family>(trial % 4), 30);
    amount best = 0;
    for (std::uint32_t mask = 0; mask < (1U << n); ++mask) {
      ks::selection x(n, 0);
      for (std::size_t i = 0; i < n; ++i) x[i] = (mask >> i) & 1U;
      if (const auto s = ks::evaluate(inst, x)) best = std::max(best, s->value);
    }
    const ks::solution dp = ks::solve_dp(inst);
    EXPECT_EQ(dp.value, best) << "trial " << trial;
    ks::selection x(n, 0);
    for (const std::size_t i : dp.items) x[i - 1] = 1;
    EXPECT_EQ(ks::evaluate(inst, x), dp) << "trial " << trial;
  }
}

TEST(KnapsackDp, RefusesTablesPastItsLimit) {
  const ks::instance inst({{1'000'000'000, 1}, {1'000'000'000, 2}, {1'000'000'000, 3}},
                          3'000'000'000);
  EXPECT_FALSE(ks::dp_fits(inst));
  EXPECT_EQ(test_common::thrown_message<ks::invalid_input>([&] { (void)ks::solve_dp(inst); }),
            "the dynamic programme needs n * (capacity + 1) = 3 * 3000000001 cells, more than "
            "the 2147483648 it may fill");
  // A capacity above what all the items weigh costs nothing more.
  const ks::instance roomy({{3, 4}, {5, 6}}, ks::max_amount);
  EXPECT_TRUE(ks::dp_fits(roomy));
  EXPECT_EQ(ks::solve_dp(roomy).value, 10);
}

// ---------------------------------------------------------------------------------------------
// Random instances: every strategy finds the programme's optimum

TEST(KnapsackRandom, EveryStrategyFindsTheOptimum) {
  // n = 1..25 (plain to 20), four families: uncorrelated, weakly and strongly correlated,
  // value = weight; capacities from 10% to 90% of the total weight.
  std::mt19937_64 rng(2028);
  for (int trial = 0; trial < 120; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 25);
    const family f = static_cast<family>(trial % 4);
    const ks::instance inst = random_instance(rng, n, f, trial % 3 == 0 ? 1000 : 60);
    const amount best = ks::solve_dp(inst).value;
    for (const ks::strategy s : ks::all_strategies) {
      // plain's trivial bound enters up to 13 million nodes at n = 25: seconds under ASan.
      if (s == ks::strategy::plain && n > 20) continue;
      expect_optimal(solve(s, inst), best,
                     "trial " + std::to_string(trial) + " " + std::string(ks::name(s)));
    }
  }
}

TEST(KnapsackRandom, WithoutAnIncumbentEveryFullPackingIsASolution) {
  // No incumbent, no pruning: every assignment of all n items that fits is reported once.
  std::mt19937_64 rng(11);
  for (int trial = 0; trial < 30; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 10);
    const ks::instance inst = random_instance(rng, n, family::uncorrelated, 20);
    std::uint64_t fitting = 0;
    for (std::uint32_t mask = 0; mask < (1U << n); ++mask) {
      ks::selection x(n, 0);
      for (std::size_t i = 0; i < n; ++i) x[i] = (mask >> i) & 1U;
      fitting += ks::evaluate(inst, x).has_value() ? 1U : 0U;
    }
    for (const ks::strategy s : ks::all_strategies) {
      const run r = ks::with_strategy(
          s, inst, [&](auto& p, const ks::search_order& o) { return search(p, inst, o, false); });
      EXPECT_EQ(r.stats.solutions, fitting) << "trial " << trial;
      EXPECT_TRUE(r.all_feasible);
    }
  }
}

TEST(KnapsackRandom, TenThousandItems) {
  // n = 10,000 through the reader, searched by the sorted bound, checked by the programme.
  std::mt19937_64 rng(99);
  std::ostringstream text;
  const std::size_t n = 10'000;
  amount total = 0;
  std::vector<std::pair<amount, amount>> items;
  for (std::size_t i = 0; i < n; ++i) {
    const amount w = std::uniform_int_distribution<amount>(1, 100)(rng);
    const amount v = std::uniform_int_distribution<amount>(1, 100)(rng);
    items.emplace_back(w, v);
    total += w;
  }
  text << n << ' ' << total / 50 << '\n';
  for (const auto& [w, v] : items) text << w << ' ' << v << '\n';
  std::istringstream in(text.str());
  const ks::instance inst = ks::read_instance(in, "big.txt");
  ASSERT_EQ(inst.n(), n);
  const run r = solve(ks::strategy::sorted, inst);
  expect_optimal(r, ks::solve_dp(inst).value, "n = 10,000");
  EXPECT_EQ(r.stats.max_depth, n);
}

// ---------------------------------------------------------------------------------------------
// The bounds in the statistics

TEST(KnapsackStats, TheFractionalBoundPrunesMoreThanTheTrivialOne) {
  std::mt19937_64 rng(5);
  const ks::instance inst = random_instance(rng, 24, family::weakly, 1000);
  const run plain = solve(ks::strategy::plain, inst);
  const run fractional = solve(ks::strategy::fractional, inst);
  const run sorted = solve(ks::strategy::sorted, inst);
  const amount best = ks::solve_dp(inst).value;
  expect_optimal(plain, best, "plain");
  expect_optimal(fractional, best, "fractional");
  expect_optimal(sorted, best, "sorted");
  EXPECT_GT(plain.stats.prunes, 0U);
  EXPECT_GT(fractional.stats.prunes, 0U);
  EXPECT_LT(fractional.stats.nodes, plain.stats.nodes);
  EXPECT_LT(sorted.stats.nodes, fractional.stats.nodes);
  // Every node is entered once: nodes = the root + assigns.
  EXPECT_EQ(sorted.stats.nodes, sorted.stats.assigns + 1);
  EXPECT_EQ(sorted.stats.solutions, sorted.improvements);
}

// ---------------------------------------------------------------------------------------------
// A split search on threads, one incumbent

TEST(KnapsackSplit, SubproblemsOnThreadsWithOneIncumbentFindTheOptimum) {
  std::mt19937_64 rng(31);
  for (int trial = 0; trial < 6; ++trial) {
    const ks::instance inst = random_instance(rng, 22, static_cast<family>(trial % 4), 500);
    const amount best = ks::solve_dp(inst).value;
    for (const ks::strategy s : ks::all_strategies) {
      ks::with_strategy(s, inst, [&](auto& root, const ks::search_order& o) {
        using P = std::remove_cvref_t<decltype(root)>;
        bt::incumbent<amount> inc(bt::goal::maximize);
        root.share(&inc);  // the copies at the cut share it
        bt::stats top;
        const auto subs = bt::split(root, 5, top);
        ASSERT_GT(subs.size(), 1U);
        std::atomic<std::size_t> next{0};
        std::mutex m;
        std::optional<ks::solution> found;
        const auto work = [&] {
          for (std::size_t i; (i = next.fetch_add(1)) < subs.size();) {
            P p = subs[i].state;
            const auto& prefix = subs[i].prefix;
            auto rec = bt::make_assignment_visitor<P>([&](std::span<const int> path) {
              std::vector<int> whole(prefix);
              whole.insert(whole.end(), path.begin(), path.end());
              const auto sol = ks::evaluate(inst, ks::to_selection(o, whole));
              ASSERT_TRUE(sol.has_value());
              const std::lock_guard<std::mutex> lock(m);
              if (!found || sol->value > found->value) found = sol;
            });
            bt::search(p, rec);
          }
        };
        std::thread a(work);
        std::thread b(work);
        a.join();
        b.join();
        ASSERT_TRUE(inc.has());
        EXPECT_EQ(inc.value(), best) << ks::name(s);
        ASSERT_TRUE(found.has_value());
        EXPECT_EQ(found->value, best) << ks::name(s);
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The reader

ks::instance parse(const std::string& text) {
  std::istringstream in(text);
  return ks::read_instance(in, "k.txt");
}

std::string parse_error(const std::string& text) {
  return test_common::thrown_message<ks::parse_error>([&] { (void)parse(text); }, "no error");
}

TEST(KnapsackReader, ReadsCommentsBlankLinesAndCrlf) {
  const ks::instance inst =
      parse("\xEF\xBB\xBF# a comment\r\n\n  3 10\r\n# item 1\n2 3\n4 5\n\n6 7\n# end\n");
  EXPECT_EQ(inst.n(), 3U);
  EXPECT_EQ(inst.capacity(), 10);
  EXPECT_EQ(inst.items()[2], (ks::item{6, 7}));
  EXPECT_EQ(inst.total_value(), 15);
}

TEST(KnapsackReader, RefusesMalformedTextsWithOneLine) {
  EXPECT_EQ(parse_error(""), "k.txt:1: the file is empty; expected 'n capacity' on the first line");
  EXPECT_EQ(parse_error("# only\n\n"),
            "k.txt:2: the file is empty; expected 'n capacity' on the first line");
  EXPECT_EQ(parse_error("3\n"), "k.txt:1: expected 'n capacity', found only '3'");
  EXPECT_EQ(parse_error("3 10 4\n"), "k.txt:1: expected 'n capacity', found extra '4'");
  EXPECT_EQ(parse_error("x 10\n"), "k.txt:1: n must be a whole number, not 'x'");
  EXPECT_EQ(parse_error("0 10\n"), "k.txt:1: n is 0; it must be positive");
  EXPECT_EQ(parse_error("2000000 10\n"),
            "k.txt:1: n = 2000000 is more than the 1000000 items supported");
  EXPECT_EQ(parse_error("1 -5\n1 1\n"),
            "k.txt:1: the capacity is negative (-5); it must be positive");
  EXPECT_EQ(parse_error("1 0\n1 1\n"), "k.txt:1: the capacity is 0; it must be positive");
  EXPECT_EQ(parse_error("1 99999999999999999999\n1 1\n"),
            "k.txt:1: the capacity (99999999999999999999) is more than 2^63 - 1");
  EXPECT_EQ(parse_error("2 10\n1 2\n3\n"),
            "k.txt:3: item 2: expected 'weight value', found 1 number");
  EXPECT_EQ(parse_error("2 10\n1 2 3\n"),
            "k.txt:2: item 1: expected 'weight value', found 3 numbers");
  EXPECT_EQ(parse_error("2 10\n1 2\n0 4\n"),
            "k.txt:3: item 2: the weight is 0; it must be positive");
  EXPECT_EQ(parse_error("2 10\n1 -2\n"),
            "k.txt:2: item 1: the value is negative (-2); it must be positive");
  EXPECT_EQ(parse_error("2 10\n1 2.5\n"),
            "k.txt:2: item 1: the value must be a whole number, not '2.5'");
  EXPECT_EQ(parse_error("2 10\n+1 2\n"),
            "k.txt:2: item 1: the weight must be a whole number, not '+1'");
  EXPECT_EQ(parse_error("2 10\n1 2\n"),
            "k.txt:2: expected 2 item lines after the first line, found 1");
  EXPECT_EQ(parse_error("1 10\n1 2\n# fine\n3 4\n"),
            "k.txt:4: more item lines than the n = 1 of the first line");
  EXPECT_EQ(parse_error("2 10\n1 9223372036854775807\n1 1\n"),
            "k.txt:3: item 2: the values sum past 2^63 - 1");
  EXPECT_EQ(parse_error("2 10\n9223372036854775807 1\n1 1\n"),
            "k.txt:3: item 2: the weights sum past 2^63 - 1");
  EXPECT_EQ(parse_error("1 10\n" + std::string(bt::max_line + 10, '1') + "\n"),
            "k.txt:2: the line is longer than 1048576 bytes (1 MiB), the most a line may hold");
  // A comment of any length is skipped unstored.
  EXPECT_EQ(parse("#" + std::string(bt::max_line + 10, 'x') + "\n1 10\n1 2\n").n(), 1U);
}

TEST(KnapsackReader, RefusesBadFiles) {
  const std::string bad = std::string(BT_TEST_DATA) + "/bad/";
  const auto error = [&](const std::string& file) {
    return test_common::thrown_message<ks::parse_error>(
        [&] { (void)ks::read_instance_file(bad + file); }, "no error");
  };
  EXPECT_EQ(error("knapsack_short.txt"),
            bad + "knapsack_short.txt:3: expected 3 item lines after the first line, found 2");
  EXPECT_EQ(error("knapsack_zero_value.txt"),
            bad + "knapsack_zero_value.txt:3: item 2: the value is 0; it must be positive");
  EXPECT_EQ(error("knapsack_header.txt"),
            bad + "knapsack_header.txt:2: expected 'n capacity', found only '5'");
  EXPECT_EQ(error("no_such_file.txt"), bad + "no_such_file.txt: cannot open the file");
  EXPECT_EQ(test_common::thrown_message<ks::parse_error>(
                [&] { (void)ks::read_instance_file(std::string(BT_TEST_DATA)); }),
            std::string(BT_TEST_DATA) + ": is a directory, not an instance file");
}

TEST(KnapsackInstance, RefusesWhatCannotBeSearched) {
  const auto error = [](std::vector<ks::item> items, amount cap) {
    return test_common::thrown_message<ks::invalid_input>(
        [&] { (void)ks::instance(std::move(items), cap); });
  };
  EXPECT_EQ(error({}, 3), "there are no items");
  EXPECT_EQ(error({{1, 1}}, 0), "the capacity is 0; it must be positive");
  EXPECT_EQ(error({{1, 1}, {0, 1}}, 3), "item 2: the weight is 0; weights must be positive");
  EXPECT_EQ(error({{1, -1}}, 3), "item 1: the value is -1; values must be positive");
}

// ---------------------------------------------------------------------------------------------
// Names and the trace

TEST(KnapsackStrategy, NamesRoundTrip) {
  for (const ks::strategy s : ks::all_strategies) {
    EXPECT_EQ(ks::parse_strategy(ks::name(s)), s);
  }
  EXPECT_EQ(ks::name(ks::default_strategy), "sorted");
  EXPECT_FALSE(ks::parse_strategy("greedy").has_value());
  EXPECT_FALSE(ks::strategy_names[1].summary.empty());
}

TEST(KnapsackTrace, TellsTheSearchInTheTextbooksWords) {
  const ks::instance inst = ks::read_instance_file(data_path("hs_lcbb4.txt"));
  const ks::search_order o = ks::make_order(inst, ks::item_order::ratio);
  ks::sorted_search p(o);
  bt::incumbent<amount> inc(bt::goal::maximize);
  p.share(&inc);
  ks::trace_describer d(inst, o);
  std::ostringstream out;
  bt::trace_visitor t(out, d);
  bt::search(p, t);
  const std::string text = out.str();
  EXPECT_NE(text.find("take item 1 (w 2, v 10): weight 2, value 10, bound 38\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("item 4 (w 9) does not fit: weight 12 + 9 > capacity 15\n"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("better packing: value 32, weight 12, items {1,2,3}\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("better packing: value 38, weight 15, items {1,2,4}\n"), std::string::npos)
      << text;
  EXPECT_NE(text.find("<= best 38: prune\n"), std::string::npos) << text;

  // why() of a pruned node and of a take that does not fit.
  ks::sorted_search q(o);
  q.share(&inc);
  const ks::sorted_search node = q.child(ks::take).child(ks::take).child(ks::leave);
  const bt::why_info bound = d.why(bt::ev::prune<ks::sorted_search>{3, ks::leave, node, true}, {});
  EXPECT_EQ(bound.text, "bound 38 <= best 38: prune");
  EXPECT_EQ(bound.bound_rule, "bound <= best");
  const ks::sorted_search full = q.child(ks::take).child(ks::take).child(ks::take);
  const bt::why_info fit = d.why(bt::ev::prune<ks::sorted_search>{3, ks::take, full, false}, {});
  EXPECT_EQ(fit.text, "item 4 (w 9) does not fit: weight 12 + 9 > capacity 15");
  EXPECT_EQ(fit.bound_values.size(), 3U);
}

}  // namespace
