// SPDX-License-Identifier: MIT
// Counting N-Queens solutions by meeting in the middle. A solution is a top half (the first
// n/2 rows) and a bottom half (the last n/2 rows; for odd n the middle row's queen is placed
// first) whose columns complete each other and whose queens share no diagonal. For each split of
// the columns (C on top, D below) the engine enumerates the top halves on C and the bottom halves
// on D (half_board.hpp; a bottom half is a top half of the board turned upside down), and the count
// is the number of top/bottom pairs with disjoint diagonals (disjoint_pairs.hpp). So the tree below
// the middle is never searched: it is replaced by joins of lists about the square root of its size,
// and each join is an independent unit of work that needs memory for its two lists only.
//
// Symmetry: turning the board upside down exchanges C and D, and the left-right mirror
// reverses both (and moves the middle queen m to n-1-m), so of each orbit only the least
// column set is joined, weighed by the orbit's size. The fundamental solutions come from
// Burnside's lemma: no solution of n > 1 is fixed by a reflection (two of its queens would
// share a diagonal), so 8 x unique = total + 2 x (quarter-turn fixed) + (half-turn fixed), and
// those two are small searches of their own (turn_symmetric.hpp).
#pragma once

#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <oneapi/tbb/combinable.h>

#include <bt/engine.hpp>
#include <bt/parallel.hpp>
#include <bt/stats.hpp>
#include <bt/visitors.hpp>
#include <bt/problems/nqueens/count.hpp>
#include <bt/problems/nqueens/disjoint_pairs.hpp>
#include <bt/problems/nqueens/half_board.hpp>
#include <bt/problems/nqueens/turn_symmetric.hpp>

namespace bt::problems::nqueens {

/// The sizes the meet-in-the-middle count takes. Its window bits would fit up to n = 32, but
/// the list of joins grows as the binomial (n, n/2): 0.7 million at n = 24 (and a count that
/// large takes weeks anyway).
inline constexpr int halves_min_n = 4;
inline constexpr int halves_max_n = 24;

namespace detail {

/// One join: the top halves on columns `top`, the bottom halves on columns `bottom`, the
/// middle row's queen (odd n; -1 for even n), and how many solutions each pair found stands
/// for (the size of the join's orbit).
struct half_join {
  std::uint32_t top = 0;
  std::uint32_t bottom = 0;
  int middle = -1;
  std::uint32_t weight = 0;
};

inline std::uint32_t reverse_columns(std::uint32_t c, int n) {
  std::uint32_t r = 0;
  for (; c != 0; c &= c - 1U) r |= std::uint32_t{1} << (n - 1 - std::countr_zero(c));
  return r;
}

// The joins of an n x n board (n <= 24), one per orbit of (middle queen, top columns) under the
// upside-down turn and the mirror. The mirror moves a middle queen left of the centre to its
// twin on the right: those count twice, and the right ones are not listed. Listing them visits
// up to 16 million column sets (n = 23), so `stop()` is asked every 65,536; when it says true
// the list returned is incomplete.
template <class Stop>
std::vector<half_join> half_joins(int n, Stop&& stop) {
  const int h = n / 2;
  const std::uint32_t full = (std::uint32_t{1} << n) - 1U;
  std::vector<half_join> out;
  const int middles = n % 2 == 0 ? 1 : h + 1;
  for (int i = 0; i < middles; ++i) {
    const int m = n % 2 == 0 ? -1 : i;
    const std::uint32_t avail = m < 0 ? full : full & ~(std::uint32_t{1} << m);
    const bool mirrored = m < 0 || m == h;  // the mirror keeps the middle queen where it is
    // Every h-subset of the columns, in increasing order (Gosper's hack).
    std::uint32_t visited = 0;
    for (std::uint32_t c = (std::uint32_t{1} << h) - 1U; c <= full;) {
      if ((++visited & 0xFFFFU) == 0 && stop()) return out;
      if ((c & ~avail) == 0) {
        const std::uint32_t d = avail & ~c;
        const std::uint32_t images[4] = {c, d, reverse_columns(c, n), reverse_columns(d, n)};
        const int count = mirrored ? 4 : 2;
        bool least = true;
        std::uint32_t distinct = 0;
        for (int a = 0; a < count && least; ++a) {
          least = images[a] >= c;
          bool seen = false;
          for (int b = 0; b < a; ++b) seen = seen || images[b] == images[a];
          distinct += seen ? 0U : 1U;
        }
        if (least) out.push_back({c, d, m, distinct * (m >= 0 && m < h ? 2U : 1U)});
      }
      const std::uint32_t low = c & (~c + 1U);
      const std::uint32_t r = c + low;
      if (r == 0 || r > full) break;
      c = (((r ^ c) >> 2U) / low) | r;
    }
  }
  return out;
}

/// The same, never stopping.
inline std::vector<half_join> half_joins(int n) {
  return half_joins(n, [] { return false; });
}

// Adds up the window bits of the queens on the way down, and collects them at each complete
// half-board.
struct half_collector {
  diagonal_window window;
  std::vector<std::uint64_t>* out;
  std::uint64_t bits[33] = {};  // bits[d]: the window bits of the first d rows' queens

  void on(const ev::assign<half_board>& e) {
    bits[e.depth + 1] =
        bits[e.depth] | window.bits(static_cast<int>(e.depth), std::countr_zero(e.value));
  }
  void on(const ev::solution<half_board>& e) { out->push_back(bits[e.depth]); }
};

}  // namespace detail

/// Total and unique solutions of the empty n x n board, halves_min_n <= n <= halves_max_n, by
/// meeting in the middle (see the file comment), on o.threads threads. Statistics: those of
/// the half-board and turn-fixed searches, with `checks` adding the top/bottom pairs compared
/// and `solutions` the total. Counts and statistics do not depend on the thread count. When a
/// limit stops the run, `total` holds the joins finished and `unique` is 0 (Burnside's lemma
/// needs the whole total).
inline count_result count_halves(int n, const count_options& o, shared_limits& limits) {
  const diagonal_window window{n, n / 2};
  count_result r;
  // Listing the joins charges no nodes, so it asks for the deadline and Ctrl-C itself.
  const auto stop = [&] { return !limits.charge(0); };
  const std::vector<detail::half_join> joins = detail::half_joins(n, stop);
  if (limits.stopped()) return r;
  r.units = joins.size();
  if (o.units) o.units->store(r.units);
  // Each thread adds up its own joins (sums of integers, so the totals do not depend on which
  // thread ran which join); a table per join would take 100 MB at n = 23.
  struct totals {
    std::uint64_t count = 0;
    std::uint64_t tests = 0;
    std::size_t done = 0;
    bt::stats stats;
  };
  oneapi::tbb::combinable<totals> per_thread;
  parallel_tasks(joins.size(), o.threads, limits, [&](std::size_t k) {
    const detail::half_join& j = joins[k];
    totals& mine = per_thread.local();
    std::vector<std::uint64_t> top;
    std::vector<std::uint64_t> bottom;
    const auto enumerate = [&](std::uint32_t columns, std::vector<std::uint64_t>& into) {
      detail::half_collector c{window, &into};
      shared_limit_visitor lim(limits);
      half_board root = half_board::root(n, n / 2, columns, j.middle);
      if (o.want_stats) {
        stats_visitor sv{mine.stats};
        return bt::search(root, visitors(lim, sv, c));
      }
      return bt::search(root, visitors(lim, c));
    };
    if (enumerate(j.top, top) == outcome::stopped) return;
    std::uint64_t count = 0;
    if (!top.empty()) {
      if (enumerate(j.bottom, bottom) == outcome::stopped) return;
      for (std::uint64_t& b : bottom) b = window.flip(b);
      disjoint_pair_counter pairs;
      count = std::uint64_t{j.weight} * pairs.count(top, bottom, stop);
      mine.tests += pairs.tests();
      if (limits.stopped()) return;
    }
    mine.count += count;
    ++mine.done;
    if (o.done) o.done->fetch_add(1, std::memory_order_relaxed);
  });
  per_thread.combine_each([&](const totals& t) {
    r.total += t.count;
    r.stats += t.stats;
    r.stats.checks += t.tests;
    r.units_done += t.done;
  });
  r.stats.solutions = r.total;
  if (r.units_done != r.units) return r;

  // Burnside: the boards a half turn and a quarter turn leave unchanged.
  std::uint64_t fixed[2] = {0, 0};
  for (int turns = 1; turns <= 2; ++turns) {
    if (turns == 1 && n % 4 > 1) continue;  // a quarter-turn fixed board needs n = 0, 1 mod 4
    turn_symmetric_board b(n, turns);
    solution_counter c;
    if (o.want_stats) {
      bt::stats s;
      stats_visitor sv{s};
      bt::search(b, visitors(sv, c));
      s.solutions = 0;
      r.stats += s;
    } else {
      bt::search(b, c);
    }
    fixed[turns - 1] = c.count;
  }
  r.unique = (r.total + 2 * fixed[0] + fixed[1]) / 8;
  return r;
}

}  // namespace bt::problems::nqueens
