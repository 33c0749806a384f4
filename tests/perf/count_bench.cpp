// SPDX-License-Identifier: MIT
// N-Queens counting speed: the classic mirror-only three-mask loop (Somers: first-row queens
// in the left half, doubled, plus the middle column for odd n) against btsolve's counters
// through the engine, and hand-written versions of two of them (symmetry classes, and the
// quarter-board join of halves), in the same process. Each row reports x_mirror, its wall
// time over the mirror loop's for the same n. The default count is halves_total_unique.
//   bt_count_bench [--n=16,17] [Google Benchmark flags]
#include <benchmark/benchmark.h>

#include <bit>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <optional>
#include <string>
#include <utility>
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

// The same meet in the middle written by hand, the quarter-board join's way (Kluev): quarters
// by a plain recursion, kept per (columns, rows) in a std::map, the halves of each join made
// from them and matched by the same pair counter. No engine and no limits: the row shows what
// the engine's enumeration and the plan's index cost, one thread, total only.
struct hand_quarters {
  int n = 0, h = 0, first = 0, last = 0;
  nq::diagonal_window window;
  std::map<std::pair<std::uint32_t, std::uint32_t>, std::vector<std::uint64_t>> lists;

  void place(int row, std::uint32_t cols, std::uint32_t ld, std::uint32_t rd, std::uint32_t rows,
             std::uint64_t bits) {
    if (row == h) {
      lists[{cols >> first, rows}].push_back(bits);
      return;
    }
    place(row + 1, cols, ld << 1U, rd >> 1U, rows, bits);  // the row stays empty
    const std::uint32_t inside =
        ((std::uint32_t{1} << last) - 1U) & ~((std::uint32_t{1} << first) - 1U);
    for (std::uint32_t free = inside & ~(cols | ld | rd); free != 0; free &= free - 1U) {
      const std::uint32_t q = free & (~free + 1U);
      place(row + 1, cols | q, (ld | q) << 1U, (rd | q) >> 1U, rows | (std::uint32_t{1} << row),
            bits | window.bits(row, std::countr_zero(q)));
    }
  }
  hand_quarters(int size, int from, int to)
      : n(size), h(size / 2), first(from), last(to), window{size, size / 2} {
    place(0, 0, 0, 0, 0, 0);
  }
};

void hand_halves(const hand_quarters& left, const hand_quarters& right, std::uint32_t columns,
                 std::uint64_t forbidden, std::vector<std::uint64_t>& out) {
  out.clear();
  const std::uint32_t all_rows = (std::uint32_t{1} << left.h) - 1U;
  const std::uint32_t lc = columns & ((std::uint32_t{1} << right.first) - 1U);
  const std::uint32_t rc = columns >> right.first;
  for (auto it = left.lists.lower_bound({lc, 0}); it != left.lists.end() && it->first.first == lc;
       ++it) {
    const auto other = right.lists.find({rc, all_rows & ~it->first.second});
    if (other == right.lists.end()) continue;
    for (const std::uint64_t a : it->second) {
      if ((a & forbidden) != 0) continue;
      for (const std::uint64_t b : other->second) {
        if (((a | forbidden) & b) == 0) out.push_back(a | b);
      }
    }
  }
}

std::uint64_t hand_quarter_count(int n) {
  const hand_quarters left(n, 0, n - n / 2), right(n, n - n / 2, n);
  const nq::diagonal_window window{n, n / 2};
  std::vector<std::uint64_t> top, bottom;
  nq::disjoint_pair_counter pairs;
  std::uint64_t total = 0;
  for (const auto& j : nq::detail::half_joins(n)) {
    const std::uint64_t forbidden = window.middle(j.middle);
    hand_halves(left, right, j.top, forbidden, top);
    hand_halves(left, right, j.bottom, forbidden, bottom);
    for (auto& b : bottom) b = window.flip(b);
    total += j.weight * pairs.count(top, bottom);
  }
  return total;
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
    add("hand_quarters_total" + s, n, [n] { return hand_quarter_count(n); });
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
