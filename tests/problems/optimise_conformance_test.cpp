// SPDX-License-Identifier: MIT
// The conformance kit's branch and bound check (bt::conformance::branch_and_bound) on the two
// optimising problems, every strategy, random small instances and the textbook's: the optimum
// by brute force, improvements only, the incumbent, a seeded optimum, a node limit.
#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include <bt/problems/knapsack/knapsack.hpp>
#include <bt/problems/tsp/tsp.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace ks = bt::problems::knapsack;
namespace tsp = bt::problems::tsp;

ks::instance random_knapsack(std::mt19937_64& rng, std::size_t n) {
  std::uniform_int_distribution<ks::amount> w(1, 30);
  std::uniform_int_distribution<ks::amount> v(1, 40);
  std::vector<ks::item> items;
  ks::amount total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    items.push_back({w(rng), v(rng)});
    total += items.back().weight;
  }
  std::uniform_int_distribution<ks::amount> cap(1, total);
  return ks::instance(std::move(items), cap(rng));
}

TEST(OptimiseConformance, KnapsackEveryStrategyOnRandomInstances) {
  std::mt19937_64 rng(2026);
  for (int trial = 0; trial < 30; ++trial) {
    const ks::instance inst = random_knapsack(rng, static_cast<std::size_t>(1 + trial % 11));
    const double optimum = static_cast<double>(ks::solve_dp(inst).value);
    for (const ks::strategy s : ks::all_strategies) {
      ks::with_strategy(s, inst, [&](auto& root, const ks::search_order&) {
        const auto fits = [&](const auto& state) { return state.weight() <= inst.capacity(); };
        EXPECT_TRUE(bt::conformance::branch_and_bound(root, fits, optimum))
            << "trial " << trial << ", strategy " << ks::name(s);
      });
    }
  }
}

TEST(OptimiseConformance, KnapsackTextbookExample) {
  // Horowitz-Sahni-Rajasekaran's BKnap example: 8 items, capacity 110, optimum 159.
  const ks::instance inst(
      {{1, 11}, {11, 21}, {21, 31}, {23, 33}, {33, 43}, {43, 53}, {45, 55}, {55, 65}}, 110);
  for (const ks::strategy s : ks::all_strategies) {
    ks::with_strategy(s, inst, [&](auto& root, const ks::search_order&) {
      const auto fits = [&](const auto& state) { return state.weight() <= inst.capacity(); };
      EXPECT_TRUE(bt::conformance::branch_and_bound(root, fits, 159.0)) << ks::name(s);
    });
  }
}

tsp::instance random_tsp(std::mt19937_64& rng, std::size_t n, bool sparse) {
  std::uniform_int_distribution<tsp::length> d(0, 60);
  std::bernoulli_distribution keep(0.7);
  std::vector<tsp::length> m(n * n, tsp::no_edge);
  for (std::size_t i = 0; i < n; ++i) {
    m[i * n + i] = 0;
    for (std::size_t j = i + 1; j < n; ++j) {
      if (sparse && !keep(rng)) continue;
      m[i * n + j] = m[j * n + i] = d(rng);
    }
  }
  return tsp::instance(n, std::move(m), "random");
}

TEST(OptimiseConformance, TspEveryStrategyOnRandomGraphs) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 24; ++trial) {
    const std::size_t n = static_cast<std::size_t>(3 + trial % 6);
    const tsp::instance in = random_tsp(rng, n, trial % 3 == 0);
    const auto dp = tsp::solve_held_karp(in);
    for (const tsp::strategy s : tsp::all_strategies) {
      tsp::with_strategy(s, in, [&](auto& root) {
        using P = std::remove_cvref_t<decltype(root)>;
        const auto make = [&] { return P(in); };
        const auto is_tour = [&](const P& state) {
          const auto len = tsp::tour_length(in, state.path());
          return len && *len == state.objective();
        };
        if (dp) {
          EXPECT_TRUE(
              bt::conformance::branch_and_bound(make, is_tour, static_cast<double>(dp->length)))
              << "trial " << trial << " (n " << n << "), strategy " << tsp::name(s);
        } else {
          EXPECT_TRUE(bt::conformance::branch_and_bound(make, is_tour))
              << "trial " << trial << " (no tour), strategy " << tsp::name(s);
        }
      });
    }
  }
}

}  // namespace
