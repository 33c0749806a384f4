// SPDX-License-Identifier: MIT
// N-Queens counting speed: the classic mirror-only three-mask loop (Somers: first-row queens
// in the left half, doubled, plus the middle column for odd n) against btsolve's counters
// through the engine, in the same process. Each btsolve row reports x_mirror, its wall time
// over the mirror loop's for the same n.
//   bt_count_bench [--n=16,17] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <bt/problems/nqueens/count.hpp>

namespace {

namespace nq = bt::problems::nqueens;

std::uint64_t somers(std::uint32_t all, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd) {
  if (cols == all) return 1;
  std::uint64_t n = 0;
  std::uint32_t free = all & ~(cols | ld | rd);
  while (free) {
    const std::uint32_t q = free & (~free + 1U);
    free ^= q;
    n += somers(all, cols | q, (ld | q) << 1U, (rd | q) >> 1U);
  }
  return n;
}

std::uint64_t mirror_loop(int n) {
  const std::uint32_t all = (std::uint32_t{1} << n) - 1U;
  std::uint64_t total = 0;
  for (int c = 0; c < n / 2; ++c) {
    const std::uint32_t q = std::uint32_t{1} << c;
    total += somers(all, q, q << 1U, q >> 1U);
  }
  total *= 2;
  if (n % 2 == 1) {
    const std::uint32_t q = std::uint32_t{1} << (n / 2);
    total += somers(all, q, q << 1U, q >> 1U);
  }
  return total;
}

std::map<int, double>& mirror_seconds() {
  static std::map<int, double> m;
  return m;
}

template <class F>
void timed(benchmark::State& st, int n, bool reference, F f) {
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
    mirror_seconds()[n] = mean;
  } else if (mirror_seconds().contains(n)) {
    st.counters["x_mirror"] = mean / mirror_seconds()[n];
  }
}

std::uint64_t symmetric(int n, int threads) {
  bt::shared_limits limits(0, std::nullopt);
  return nq::count_symmetric(n, {threads, false, nullptr, nullptr}, limits).total;
}

std::uint64_t bitboard(int n, int threads) {
  bt::shared_limits limits(0, std::nullopt);
  return nq::count_parallel(nq::make_bitboard<std::uint32_t>(n), n,
                            {threads, false, nullptr, nullptr}, limits)
      .total;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<int> sizes{14, 15};
  std::vector<char*> rest;
  for (int i = 0; i < argc; ++i) {
    if (std::strncmp(argv[i], "--n=", 4) == 0) {
      sizes.clear();
      std::string list(argv[i] + 4);
      for (std::size_t p = 0; p < list.size();) {
        const auto comma = list.find(',', p);
        sizes.push_back(std::atoi(list.substr(p, comma - p).c_str()));
        p = comma == std::string::npos ? list.size() : comma + 1;
      }
    } else {
      rest.push_back(argv[i]);
    }
  }
  for (const int n : sizes) {
    const std::string s = "/" + std::to_string(n);
    benchmark::RegisterBenchmark(("mirror_loop" + s).c_str(), [n](benchmark::State& st) {
      timed(st, n, true, [n] { return mirror_loop(n); });
    })->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
    for (const int t : {1, 2}) {
      const std::string ts = "/threads:" + std::to_string(t);
      benchmark::RegisterBenchmark(("symmetric_total_unique" + s + ts).c_str(),
                                   [n, t](benchmark::State& st) {
                                     timed(st, n, false, [n, t] { return symmetric(n, t); });
                                   })->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
      benchmark::RegisterBenchmark(("engine_bitboard_total" + s + ts).c_str(),
                                   [n, t](benchmark::State& st) {
                                     timed(st, n, false, [n, t] { return bitboard(n, t); });
                                   })->Unit(benchmark::kSecond)->UseRealTime()->Iterations(1);
    }
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
