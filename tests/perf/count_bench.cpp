// SPDX-License-Identifier: MIT
// N-Queens counting speed: the classic mirror-only three-mask loop (Somers: first-row queens
// in the left half, doubled, plus the middle column for odd n) against btsolve's counters
// through the engine, in the same process. Each btsolve row reports x_mirror, its wall time
// over the mirror loop's for the same n. The default count is halves_total_unique.
//   bt_count_bench [--n=16,17] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <string>
#include <vector>

#include <bt/problems/nqueens/count.hpp>
#include <bt/problems/nqueens/halves.hpp>

#include "timing.hpp"

namespace {

namespace nq = bt::problems::nqueens;

std::uint64_t mirror_loop(int n) {
  const std::uint32_t all = (std::uint32_t{1} << n) - 1U;
  std::uint64_t total = 0;
  for (int c = 0; c < n / 2; ++c) {
    const std::uint32_t q = std::uint32_t{1} << c;
    total += bench::three_masks(all, q, q << 1U, q >> 1U);
  }
  total *= 2;
  if (n % 2 == 1) {
    const std::uint32_t q = std::uint32_t{1} << (n / 2);
    total += bench::three_masks(all, q, q << 1U, q >> 1U);
  }
  return total;
}

// The symmetric counter's algorithm written as one hand loop (same classes, rules, look-ahead
// and orbit test as symmetric.hpp, no engine): the floor the engine's version is measured
// against, so the table separates the algorithm's ratio from the engine's cost.
struct hand_symmetric {
  int n = 0, last = 0, b1 = 0;
  bool corner = false;
  std::uint32_t side = 0, near = 0;
  int cols[32] = {};
  int pos[32] = {};
  std::uint64_t total = 0, unique = 0;

  void search(int r, std::uint32_t c, std::uint32_t ld, std::uint32_t rd) {
    if (c == ~std::uint32_t{0}) {
      const int w = nq::orbit_weight(corner, b1, cols, pos, n);
      total += static_cast<std::uint64_t>(w);
      unique += w != 0 ? 1U : 0U;
      return;
    }
    std::uint32_t free = ~(c | ld | rd);
    if (r < b1) {
      free &= corner ? ~std::uint32_t{2} : ~side;
    } else if (!corner) {
      if (r == last - b1) {
        const std::uint32_t taken = c & side;
        free = taken == 0 ? 0 : taken == side ? free : free & side;
      }
      if (r == last) free &= ~near;
    }
    while (free) {
      const std::uint32_t q = free & (~free + 1U);
      free ^= q;
      const std::uint32_t cc = c | q, l = (ld | q) << 1U, rr = (rd | q) >> 1U;
      if (cc != ~std::uint32_t{0} && (cc | l | rr) == ~std::uint32_t{0}) continue;
      cols[r] = std::countr_zero(q);
      search(r + 1, cc, l, rr);
    }
  }
};

std::uint64_t hand_symmetric_count(int n) {
  std::uint64_t total = 0;
  for (const auto& c : nq::symmetry_classes(n)) {
    hand_symmetric h;
    h.n = n;
    h.last = n - 1;
    h.b1 = c.b1;
    h.corner = c.corner;
    h.side = nq::symmetric_bitboard::side(n);
    h.near = nq::symmetric_bitboard::near_corners(n, c.b1);
    const auto root = nq::class_root(c, n);
    int row = 0;
    for (const int col : c.prefix) h.cols[row++] = col;
    h.search(row, root.cols, root.ld, root.rd);
    total += h.total;
  }
  return total;
}

// Times f() for n; mirror_loop is the reference of the x_mirror ratio.
template <class F>
void timed(benchmark::State& st, int n, bool reference, F f) {
  bench::timed(st, n, reference, "x_mirror", f);
}

std::uint64_t symmetric(int n, int threads) {
  bt::shared_limits limits(0, std::nullopt);
  return nq::count_symmetric(n, {threads, false, nullptr, nullptr}, limits).total;
}

// The engine's symmetric search with the orbit visitor alone: no split, no threads and no
// limit visitor (the runner always has one), so the row shows what the engine itself costs
// over hand_symmetric, and the threaded row what the rest costs.
std::uint64_t symmetric_engine_only(int n) {
  std::uint64_t total = 0;
  for (const auto& c : nq::symmetry_classes(n)) {
    nq::detail::orbit_counter w{c.corner, c.b1, n, c.prefix.size(), {}, {}, 0, 0};
    std::size_t k = 0;
    for (const int col : c.prefix) w.cols[k++] = col;
    bt::search(nq::class_root(c, n), w);
    total += w.total;
  }
  return total;
}

// Meeting in the middle (halves.hpp): total and unique (the unique count is Burnside's, from
// the total and the small turn-fixed searches, all inside count_halves).
std::uint64_t halves(int n, int threads) {
  bt::shared_limits limits(0, std::nullopt);
  return nq::count_halves(n, {threads, false, nullptr, nullptr}, limits).total;
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
  // One row of one iteration, in seconds; the mirror loop's row is the reference.
  const auto add = [](const std::string& name, int n, auto count, bool reference = false) {
    benchmark::RegisterBenchmark(
        name.c_str(),
        [n, reference, count](benchmark::State& st) { timed(st, n, reference, count); })
        ->Unit(benchmark::kSecond)
        ->UseRealTime()
        ->Iterations(1);
  };
  for (const int n : sizes) {
    const std::string s = "/" + std::to_string(n);
    add(
        "mirror_loop" + s, n, [n] { return mirror_loop(n); }, true);
    add("hand_symmetric_total_unique" + s, n, [n] { return hand_symmetric_count(n); });
    add("engine_symmetric_no_limits" + s, n, [n] { return symmetric_engine_only(n); });
    for (const int t : {1, 2}) {
      const std::string ts = "/threads:" + std::to_string(t);
      add("symmetric_total_unique" + s + ts, n, [n, t] { return symmetric(n, t); });
      add("halves_total_unique" + s + ts, n, [n, t] { return halves(n, t); });
      add("engine_bitboard_total" + s + ts, n, [n, t] { return bitboard(n, t); });
    }
  }
  int rest_argc = static_cast<int>(rest.size());
  benchmark::Initialize(&rest_argc, rest.data());
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
