// SPDX-License-Identifier: MIT
// Counting N-Queens solutions on every core: the search is split into subproblems (boards of
// the first rows), searched by oneTBB threads through the engine, and their counts and
// statistics are added in subproblem order, so results do not depend on the thread count.
#pragma once

#include <array>
#include <atomic>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/parallel.hpp>
#include <bt/split.hpp>
#include <bt/stats.hpp>
#include <bt/visitors.hpp>
#include <bt/problems/nqueens/bitboard.hpp>
#include <bt/problems/nqueens/symmetric.hpp>

namespace bt::problems::nqueens {

/// How a count runs: threads, limits, statistics, and where progress is published.
struct count_options {
  int threads = 0;                            ///< 0: all cores
  bool want_stats = false;                    ///< count the statistics (costs a little)
  std::atomic<std::size_t>* units = nullptr;  ///< if set: receives the number of subproblems
  std::atomic<std::size_t>* done = nullptr;   ///< if set: incremented per finished subproblem
};

/// What a count found. When stopped, the counts are those of the finished subproblems plus
/// what the stopped ones had found.
struct count_result {
  std::uint64_t total = 0;     ///< solutions
  std::uint64_t unique = 0;    ///< fundamental solutions (symmetric count only)
  bt::stats stats;             ///< the counters, as if one search had run (when wanted)
  std::size_t units = 0;       ///< subproblems
  std::size_t units_done = 0;  ///< subproblems finished
};

namespace detail {

// Records the columns of the current board and weighs each finished one by its orbit.
struct orbit_counter {
  bool corner = false;
  int b1 = 0;
  int n = 0;
  std::size_t offset = 0;  // rows fixed before this search's root
  std::array<int, 32> cols{};
  std::array<int, 32> pos{};
  std::uint64_t total = 0;
  std::uint64_t unique = 0;

  void on(const ev::assign<symmetric_bitboard>& e) {
    cols[offset + e.depth] = std::countr_zero(e.value);
  }
  void on(const ev::solution<symmetric_bitboard>&) {
    const int w = orbit_weight(corner, b1, cols.data(), pos.data(), n);
    total += static_cast<std::uint64_t>(w);
    unique += w != 0 ? 1U : 0U;
  }
};

// The orbit counter of the search below a unit of class c whose split placed the rows of
// `masks` (one column bit each) after the class's prefix.
template <class Masks>
orbit_counter orbit_counter_for(const symmetry_class& c, const Masks& masks, int n) {
  orbit_counter w{c.corner, c.b1, n, c.prefix.size() + masks.size(), {}, {}, 0, 0};
  std::size_t k = 0;
  for (const int col : c.prefix) w.cols[k++] = col;
  for (const auto q : masks) w.cols[k++] = std::countr_zero(q);
  return w;
}

// Search root with `counter` under limits (and the statistics into s when wanted); true
// when searched to the end. Two engines, each fully inlined: statistics cost only if asked.
template <class P, class Counter>
bool search_unit(P root, shared_limits& limits, bool want_stats, Counter& counter, bt::stats& s) {
  shared_limit_visitor lim(limits);
  if (want_stats) {
    stats_visitor sv{s};
    return bt::search(root, visitors(lim, sv, counter)) == bt::outcome::exhausted;
  }
  return bt::search(root, visitors(lim, counter)) == bt::outcome::exhausted;
}

// Rows to add below a root so that a run has enough subproblems to share among threads and
// to stop promptly, yet not so many that splitting costs.
inline std::size_t split_rows(int n, std::size_t fixed) {
  const std::size_t want = n < 10 ? 0 : n < 14 ? 2 : n < 18 ? 3 : 4;
  const auto room =
      static_cast<std::size_t>(n) > fixed + 2 ? static_cast<std::size_t>(n) - fixed - 2 : 0;
  return want < room ? want : room;
}

// Rows a threaded count splits below a root: split_rows, but at most 3 from n = 22 on. The
// threaded count lists its subproblems before it starts, about 170 bytes each; 4 rows at
// n = 32 made 7 million of them (1.2 GB, and 0.3-0.6 s to free after a stop), while 3 rows
// still give each thread thousands, and a count that large runs for days anyway.
inline std::size_t thread_split_rows(int n, std::size_t fixed) {
  const std::size_t rows = split_rows(n, fixed);
  return n >= 22 && rows > 3 ? 3 : rows;
}

template <class Task>
void run_units(std::size_t count, const count_options& o, shared_limits& limits, Task&& task) {
  if (o.units) o.units->store(count);
  parallel_tasks(count, o.threads, limits, [&](std::size_t i) {
    task(i);
    if (o.done) o.done->fetch_add(1, std::memory_order_relaxed);
  });
}

}  // namespace detail

/// Total and unique solutions of the empty n x n board, 4 <= n <= 32, searching one board per
/// symmetry class (symmetric.hpp) through the engine, on o.threads threads.
inline count_result count_symmetric(int n, const count_options& o, shared_limits& limits) {
  using S = symmetric_bitboard;
  struct unit {
    std::size_t cls;
    subproblem<S> sub;
  };
  const auto classes = symmetry_classes(n);
  std::vector<unit> units;
  count_result r;
  shared_limit_visitor split_limits(limits);  // the split of a large board is long too
  for (std::size_t c = 0; c < classes.size() && !limits.stopped(); ++c) {
    const std::size_t fixed = classes[c].prefix.size();
    for (auto& sub : split(class_root(classes[c], n), detail::thread_split_rows(n, fixed), r.stats,
                           split_limits)) {
      units.push_back({c, std::move(sub)});
    }
  }
  r.stats.solutions = 0;  // the split's leaves are subproblem roots, not solutions
  struct unit_result {
    std::uint64_t total = 0, unique = 0;
    bt::stats stats;
    bool done = false;
  };
  std::vector<unit_result> out(units.size());
  detail::run_units(units.size(), o, limits, [&](std::size_t i) {
    const unit& u = units[i];
    const symmetry_class& c = classes[u.cls];
    auto w = detail::orbit_counter_for(c, u.sub.prefix, n);
    unit_result& res = out[i];
    res.done = detail::search_unit(u.sub.state, limits, o.want_stats, w, res.stats);
    res.total = w.total;
    res.unique = w.unique;
  });
  r.units = units.size();
  for (std::size_t i = 0; i < out.size(); ++i) {
    r.total += out[i].total;
    r.unique += out[i].unique;
    r.units_done += out[i].done ? 1U : 0U;
    if (o.want_stats) {
      add_subproblem_stats(r.stats, out[i].stats,
                           classes[units[i].cls].prefix.size() + units[i].sub.prefix.size());
    }
  }
  return r;
}

/// The number of solutions below `root` (any copy-discipline N-Queens state), on o.threads
/// threads. Statistics are those of one search from root.
template <class P>
count_result count_parallel(const P& root, int n, const count_options& o, shared_limits& limits) {
  count_result r;
  shared_limit_visitor split_limits(limits);  // the split of a large board is long too
  auto units = split(root, detail::thread_split_rows(n, 0), r.stats, split_limits);
  r.stats.solutions = 0;
  struct unit_result {
    std::uint64_t total = 0;
    bt::stats stats;
    bool done = false;
  };
  std::vector<unit_result> out(units.size());
  detail::run_units(units.size(), o, limits, [&](std::size_t i) {
    solution_counter c;
    unit_result& res = out[i];
    res.done = detail::search_unit(units[i].state, limits, o.want_stats, c, res.stats);
    res.total = c.count;
  });
  r.units = units.size();
  for (std::size_t i = 0; i < out.size(); ++i) {
    r.total += out[i].total;
    r.units_done += out[i].done ? 1U : 0U;
    if (o.want_stats) add_subproblem_stats(r.stats, out[i].stats, units[i].prefix.size());
  }
  return r;
}

}  // namespace bt::problems::nqueens
