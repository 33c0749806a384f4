// SPDX-License-Identifier: MIT
// Engine overhead on N-Queens counting: a hand-written three-mask loop (no symmetry) against
// bt::search with the bitboard plugin, with no visitor, with the runner's limit visitor and
// with statistics. Each engine row also reports its time as a ratio of the hand loop's,
// measured in the same process.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

#include "timing.hpp"

namespace {

namespace nq = bt::problems::nqueens;

// Times f(n) per iteration, n the benchmark's argument; the hand loop's row is the reference
// of the x_hand ratio.
template <class F>
void timed(benchmark::State& st, F f, bool reference = false) {
  const int n = static_cast<int>(st.range(0));
  bench::timed(st, n, reference, "x_hand", [&] { return f(n); });
}

void BM_hand_loop(benchmark::State& st) {
  timed(
      st, [](int n) { return bench::three_masks((1U << n) - 1U, 0, 0, 0); }, true);
}

template <class MakeVisitor>
std::uint64_t engine_count(int n, MakeVisitor make) {
  auto p = nq::make_bitboard<std::uint32_t>(n);
  bt::solution_counter c;
  auto extra = make();
  bt::search(p, bt::visitors(c, extra));
  return c.count;
}

void BM_engine_bitboard(benchmark::State& st) {
  timed(st, [](int n) {
    auto p = nq::make_bitboard<std::uint32_t>(n);
    bt::solution_counter c;
    bt::search(p, c);
    return c.count;
  });
}

void BM_engine_bitboard_limits(benchmark::State& st) {
  timed(st,
        [](int n) { return engine_count(n, [] { return bt::limit_visitor(0, std::nullopt); }); });
}

struct stats_holder {
  bt::stats s;
  bt::stats_visitor v{s};
  template <class E>
    requires bt::visitor_for<bt::stats_visitor, E>
  void on(const E& e) { v.on(e); }
};

void BM_engine_bitboard_stats(benchmark::State& st) {
  timed(st, [](int n) { return engine_count(n, [] { return stats_holder{}; }); });
}

void BM_engine_arrays(benchmark::State& st) {
  timed(st, [](int n) {
    const nq::row_domains d(n, {});
    nq::arrays p(d);
    bt::solution_counter c;
    bt::search(p, c);
    return c.count;
  });
}

}  // namespace

BENCHMARK(BM_hand_loop)->DenseRange(12, 14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_engine_bitboard)->DenseRange(12, 14)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK(BM_engine_bitboard_limits)
    ->DenseRange(12, 14)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK(BM_engine_bitboard_stats)
    ->DenseRange(12, 14)
    ->Unit(benchmark::kMillisecond)
    ->MinTime(1.0);
BENCHMARK(BM_engine_arrays)->DenseRange(12, 13)->Unit(benchmark::kMillisecond)->MinTime(1.0);
BENCHMARK_MAIN();
