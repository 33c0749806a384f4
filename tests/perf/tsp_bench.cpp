// SPDX-License-Identifier: MIT
// The TSP's bounds on gr17, gr21 and gr24 (TSPLIB): the root's bound alone (the reduced matrix,
// the Held-Karp ascent) and the whole branch and bound to the proven optimum, each search
// capped at 20 million nodes (the textbook's bound does not finish gr24 within it). Counters:
// nodes, the best tour found, whether the search finished (proved), the root's bound. Then
// Held-Karp on every TSPLIB instance of tests/data/tsp, once each.
// Run: build/release/bin/bt_tsp_bench (docs/problems/tsp.md has the figures).
#include <benchmark/benchmark.h>

#include <cstdint>
#include <iterator>
#include <optional>
#include <string>

#include <bt/bt.hpp>
#include <bt/problems/tsp/tsp.hpp>

namespace {

namespace tsp = bt::problems::tsp;

const char* const instances[] = {"gr17", "gr21", "gr24"};

const tsp::instance& load(std::int64_t i) {
  static const tsp::instance gr17 = tsp::read_tsp_file(BT_TSP_DATA "/gr17.tsp").inst;
  static const tsp::instance gr21 = tsp::read_tsp_file(BT_TSP_DATA "/gr21.tsp").inst;
  static const tsp::instance gr24 = tsp::read_tsp_file(BT_TSP_DATA "/gr24.tsp").inst;
  return i == 0 ? gr17 : i == 1 ? gr21 : gr24;
}

// The root's bound: what building the strategy's root costs.
template <class P>
void BM_root_bound(benchmark::State& st) {
  const tsp::instance& in = load(st.range(0));
  tsp::length bound = 0;
  for (auto _ : st) {
    P p(in);
    bound = p.bound();
    benchmark::DoNotOptimize(bound);
  }
  st.SetLabel(instances[st.range(0)]);
  st.counters["bound"] = static_cast<double>(bound);
}

// The whole search, capped at 20 million nodes.
template <class P>
void BM_search(benchmark::State& st) {
  const tsp::instance& in = load(st.range(0));
  bt::stats s;
  std::optional<tsp::length> best;
  bool proved = false;
  for (auto _ : st) {
    s = {};
    P p(in);
    bt::incumbent<tsp::length> inc(bt::goal::minimize);
    p.share(&inc);
    bt::stats_visitor sv{s};
    bt::limit_visitor limit(20'000'000, std::nullopt);
    proved = bt::search(p, bt::visitors(sv, limit)) == bt::outcome::exhausted;
    best = inc.has() ? std::optional<tsp::length>(inc.value()) : std::nullopt;
  }
  st.SetLabel(instances[st.range(0)]);
  st.counters["nodes"] = static_cast<double>(s.nodes);
  st.counters["best"] = best ? static_cast<double>(*best) : -1.0;
  st.counters["proved"] = proved ? 1.0 : 0.0;
}

// Held-Karp on every instance of tests/data/tsp (answers.csv's order), once: the table of
// docs/problems/tsp.md.
const char* const tsplib[] = {"burma14",  "ulysses16", "gr17",   "gr21",   "ulysses22",
                              "gr24",     "fri26",     "bayg29", "bays29", "dantzig42",
                              "swiss42",  "att48",     "hk48",   "eil51",  "berlin52",
                              "brazil58", "st70",      "eil76",  "rd100"};

void BM_held_karp_tsplib(benchmark::State& st) {
  const char* name = tsplib[st.range(0)];
  const tsp::instance in = tsp::read_tsp_file(std::string(BT_TSP_DATA) + "/" + name + ".tsp").inst;
  bt::stats s;
  tsp::length best = 0;
  tsp::length root = 0;
  for (auto _ : st) {
    s = {};
    tsp::held_karp_search p(in);
    root = p.bound();
    bt::incumbent<tsp::length> inc(bt::goal::minimize);
    p.share(&inc);
    bt::stats_visitor sv{s};
    bt::search(p, sv);
    best = inc.value();
  }
  st.SetLabel(name);
  st.counters["nodes"] = static_cast<double>(s.nodes);
  st.counters["root"] = static_cast<double>(root);
  st.counters["best"] = static_cast<double>(best);
}

}  // namespace

BENCHMARK(BM_root_bound<tsp::reduced_search>)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_root_bound<tsp::held_karp_search>)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_search<tsp::reduced_search>)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_search<tsp::held_karp_search>)->DenseRange(0, 2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_held_karp_tsplib)
    ->DenseRange(0, static_cast<int>(std::size(tsplib)) - 1)
    ->Unit(benchmark::kMillisecond)
    ->Iterations(1);
BENCHMARK_MAIN();
