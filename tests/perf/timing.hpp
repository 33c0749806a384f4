// SPDX-License-Identifier: MIT
// What the N-Queens counting benchmarks share: the classic three-mask counter as the hand-written
// baseline, and the timing that reports each row as a ratio of a reference row's time.
#pragma once

#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <map>
#include <string>

namespace bench {

/// The classic counter: columns and both diagonals as masks, lowest free square first. The
/// number of ways to complete the board whose full row is `all` from the given masks.
inline std::uint64_t three_masks(std::uint32_t all, std::uint32_t cols, std::uint32_t ld,
                                 std::uint32_t rd) {
  if (cols == all) return 1;
  std::uint64_t n = 0;
  std::uint32_t free = all & ~(cols | ld | rd);
  while (free) {
    const std::uint32_t q = free & (~free + 1U);
    free ^= q;
    n += three_masks(all, cols | q, (ld | q) << 1U, (rd | q) >> 1U);
  }
  return n;
}

/// The reference row's mean time per n, shared by every row of the program.
inline std::map<int, double>& reference_seconds() {
  static std::map<int, double> m;
  return m;
}

/// Times f() (a count, reported as `solutions`) per iteration. The reference row records its
/// mean time for n; the others report the counter `ratio` = their mean / that mean.
template <class F>
void timed(benchmark::State& st, int n, bool reference, const std::string& ratio, F f) {
  double total = 0;
  std::uint64_t count = 0;
  for (auto _ : st) {
    const auto t0 = std::chrono::steady_clock::now();
    count = f();
    benchmark::DoNotOptimize(count);
    total += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  }
  st.counters["solutions"] = static_cast<double>(count);
  const double mean = total / static_cast<double>(st.iterations());
  if (reference) {
    reference_seconds()[n] = mean;
  } else if (reference_seconds().contains(n)) {
    st.counters[ratio] = mean / reference_seconds()[n];
  }
}

}  // namespace bench
