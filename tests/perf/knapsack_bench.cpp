// SPDX-License-Identifier: MIT
// The knapsack's strategies and the dynamic programme on random instances of the classic
// families (Pisinger's: uncorrelated, weakly and strongly correlated, subset sum), weights up
// to 1,000 and the capacity half the total weight, each search capped at 20 million nodes.
// Counters: nodes, the best value, whether the search finished (proved).
// Run: build/release/bin/bt_knapsack_bench (docs/problems/knapsack.md has the figures).
#include <benchmark/benchmark.h>

#include <algorithm>
#include <cstdint>
#include <random>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/knapsack/knapsack.hpp>

namespace {

namespace ks = bt::problems::knapsack;
using ks::amount;

const char* const families[] = {"uncorrelated", "weakly", "strongly", "subset-sum"};

ks::instance make(int family, std::size_t n) {
  std::mt19937_64 rng(1000 * static_cast<unsigned>(family) + n);
  std::uniform_int_distribution<amount> w(1, 1000);
  std::uniform_int_distribution<amount> noise(-100, 100);
  std::vector<ks::item> items;
  amount total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    ks::item it{w(rng), 0};
    it.value = family == 0   ? w(rng)
               : family == 1 ? std::max<amount>(1, it.weight + noise(rng))
               : family == 2 ? it.weight + 100
                             : it.weight;
    total += it.weight;
    items.push_back(it);
  }
  return ks::instance(std::move(items), total / 2);
}

void BM_strategy(benchmark::State& st) {
  const auto s = static_cast<ks::strategy>(st.range(0));
  const int family = static_cast<int>(st.range(1));
  const auto n = static_cast<std::size_t>(st.range(2));
  const ks::instance inst = make(family, n);
  bt::stats stats;
  amount best = 0;
  bool proved = false;
  for (auto _ : st) {
    stats = {};
    ks::with_strategy(s, inst, [&](auto& p, const ks::search_order&) {
      bt::incumbent<amount> inc(bt::goal::maximize);
      p.share(&inc);
      bt::stats_visitor sv{stats};
      bt::limit_visitor limit(20'000'000, std::nullopt);
      proved = bt::search(p, bt::visitors(sv, limit)) == bt::outcome::exhausted;
      best = inc.value();
    });
  }
  st.SetLabel(std::string(ks::name(s)) + " " + families[family]);
  st.counters["nodes"] = static_cast<double>(stats.nodes);
  st.counters["best"] = static_cast<double>(best);
  st.counters["proved"] = proved ? 1.0 : 0.0;
}

void BM_dp(benchmark::State& st) {
  const int family = static_cast<int>(st.range(1));
  const ks::instance inst = make(family, static_cast<std::size_t>(st.range(2)));
  amount best = 0;
  for (auto _ : st) best = ks::solve_dp(inst).value;
  st.SetLabel(std::string("dp ") + families[family]);
  st.counters["best"] = static_cast<double>(best);
}

void sizes(benchmark::internal::Benchmark* b) {
  for (const int s : {0, 1, 2}) {
    for (const int f : {0, 1, 2, 3}) {
      for (const int n : {30, 50, 100}) b->Args({s, f, n});
    }
  }
}

void dp_sizes(benchmark::internal::Benchmark* b) {
  for (const int f : {0, 1, 2, 3}) {
    for (const int n : {30, 50, 100}) b->Args({0, f, n});
  }
}

}  // namespace

BENCHMARK(BM_strategy)->Apply(sizes)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_dp)->Apply(dp_sizes)->Unit(benchmark::kMillisecond);
BENCHMARK_MAIN();
