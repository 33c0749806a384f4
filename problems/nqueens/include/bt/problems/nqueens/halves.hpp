// SPDX-License-Identifier: MIT
// Counting N-Queens solutions by meeting in the middle. A solution is a top half (the first
// n/2 rows) and a bottom half (the last n/2 rows; for odd n the middle row's queen is placed
// first) whose columns complete each other and whose queens share no diagonal. For each split of
// the columns (C on top, D below) the top halves on C and the bottom halves on D (a bottom half
// is a top half of the board turned upside down) are joined from quarter lists the engine
// enumerated once (quarter_board.hpp), and the count is the number of top/bottom pairs with
// disjoint diagonals (disjoint_pairs.hpp). So the tree below the middle is never searched, and
// neither is the half above it: each join is an independent unit of work that needs memory for
// its two lists only, beside the quarter lists all joins share. Where those would pass a
// memory budget (n >= 24) each join's halves are searched instead (half_board.hpp).
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
#include <optional>
#include <span>
#include <type_traits>
#include <vector>

#include <oneapi/tbb/combinable.h>

#include <bt/engine.hpp>
#include <bt/parallel.hpp>
#include <bt/stats.hpp>
#include <bt/visitors.hpp>
#include <bt/problems/nqueens/count.hpp>
#include <bt/problems/nqueens/disjoint_pairs.hpp>
#include <bt/problems/nqueens/half_board.hpp>
#include <bt/problems/nqueens/quarter_board.hpp>
#include <bt/problems/nqueens/turn_symmetric.hpp>

namespace bt::problems::nqueens {

/// The sizes the meet-in-the-middle count takes. Its window bits would fit up to n = 32, but
/// the list of joins grows as the binomial (n, n/2): 2.6 million at n = 26, 42 MB (and a count
/// that large takes years of one core anyway); a quarter's empty-row value needs n <= 26.
inline constexpr int halves_min_n = 4;
inline constexpr int halves_max_n = 26;

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
    // Every h-subset of the columns, in increasing order.
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
      c = next_same_size(c);
      if (c == 0) break;
    }
  }
  return out;
}

/// The same, never stopping.
inline std::vector<half_join> half_joins(int n) {
  return half_joins(n, [] { return false; });
}

// Collects the window bits of each complete half-board found by a search of one join's
// halves (the count without quarter lists), adding them up on the way down; asks `stop()`
// every 65,536 nodes.
template <class Stop>
struct half_collector {
  diagonal_window window;
  std::vector<std::uint64_t>* out;
  Stop* stop;
  std::uint64_t nodes = 0;
  bool stopped = false;
  std::uint64_t bits[33] = {};  // bits[d]: the window bits of the first d rows' queens

  flow on(const ev::node<half_board>&) {
    if ((++nodes & 0xFFFFU) == 0 && (*stop)()) {
      stopped = true;
      return flow::stop;
    }
    return flow::go_on;
  }
  void on(const ev::assign<half_board>& e) {
    bits[e.depth + 1] =
        bits[e.depth] | window.bits(static_cast<int>(e.depth), std::countr_zero(e.value));
  }
  void on(const ev::solution<half_board>& e) { out->push_back(bits[e.depth]); }
};

}  // namespace detail

/// The most memory the quarter lists of a count may take, both together: 3 GiB, which holds
/// them to n = 23 (the lists grow about 2.8 times per n). Past it each join's halves are
/// searched instead, which needs only the join's own lists.
inline constexpr std::size_t quarter_lists_max_bytes = std::size_t{3} << 30U;

/// One meet-in-the-middle count of the empty n x n board as independent pieces of work: the
/// joins (join k: the top halves on one column set against the bottom halves on the rest,
/// weighed by its orbit), and the two Burnside terms. It holds the joins and the quarter
/// lists the halves are joined from (quarter_board.hpp); read-only once built, so the threads
/// of a count, or the work units of a cluster run, share one.
class halves_plan {
 public:
  /// Per-thread space for count_join: the halves of a join and the pair counter.
  struct scratch {
    std::vector<std::uint64_t> top, bottom;
    disjoint_pair_counter pairs;
    std::uint64_t halves = 0;  ///< the halves the last count_join made (its nodes)
  };

  /// The plan of the n x n board, halves_min_n <= n <= halves_max_n, with quarter lists if
  /// they fit in `max_bytes`. Listing the joins and the quarters asks `stop()` now and then;
  /// when it says true the plan is incomplete (complete() is false).
  template <class Stop>
  halves_plan(int n, Stop&& stop, std::size_t max_bytes = quarter_lists_max_bytes)
      : n_(n), window_{n, n / 2} {
    joins_ = detail::half_joins(n, stop);
    if (stop()) return;
    const int h = n / 2;
    const std::size_t most = max_bytes / 2 / sizeof(std::uint64_t);
    left_.emplace(window_, 0, n - h, most, stop, top_);
    if (left_->state() == quarter_list::outcome::stopped) return;
    if (left_->state() == quarter_list::outcome::built) {
      right_.emplace(window_, n - h, n, most, stop, top_);
      if (right_->state() == quarter_list::outcome::stopped) return;
    }
    if (!right_ || right_->state() != quarter_list::outcome::built) {
      left_.reset();
      right_.reset();
    }
    complete_ = true;
  }
  halves_plan(const halves_plan&) = delete;
  halves_plan& operator=(const halves_plan&) = delete;

  /// True when the joins were all listed.
  [[nodiscard]] bool complete() const { return complete_; }
  /// The board size.
  [[nodiscard]] int n() const { return n_; }
  /// The number of joins.
  [[nodiscard]] std::size_t joins() const { return joins_.size(); }
  /// Join k.
  [[nodiscard]] const detail::half_join& join(std::size_t k) const { return joins_[k]; }
  /// True when the halves are joined from quarter lists (they fit in quarter_lists_max_bytes).
  [[nodiscard]] bool quarters() const { return left_.has_value(); }
  /// The statistics of the quarter searches (done once, before any join).
  [[nodiscard]] const bt::stats& top() const { return top_; }

  /// Count join k: its solutions, weighed by its orbit, into `count`, and the quarter pairs
  /// and half pairs compared added to `tests`. `stop()` is asked about every millisecond;
  /// false when it said true (then `count` is meaningless).
  template <class Stop>
  bool count_join(std::size_t k, scratch& s, Stop&& stop, std::uint64_t& count,
                  std::uint64_t& tests) const {
    const detail::half_join& j = joins_[k];
    const std::uint64_t forbidden = window_.middle(j.middle);
    const std::uint32_t rows = (std::uint32_t{1} << (n_ / 2)) - 1U;
    count = 0;
    s.halves = 0;
    const quarter_join top = halves(j.top, j.middle, forbidden, rows, s.top, stop);
    s.halves += top.halves;
    tests += top.tests;
    if (top.halves == 0) return !stop();
    const quarter_join bottom = halves(j.bottom, j.middle, forbidden, rows, s.bottom, stop);
    s.halves += bottom.halves;
    tests += bottom.tests;
    if (bottom.halves == 0) return !stop();
    for (std::size_t i = 0; i < bottom.halves; ++i) s.bottom[i] = window_.flip(s.bottom[i]);
    const std::uint64_t before = s.pairs.tests();
    // Only a count the stop cut short is lost: a join that finished is kept even when the
    // limit is reached right after it.
    bool cut = false;
    const auto asked = [&] { return cut = cut || stop(); };
    const std::uint64_t pairs =
        s.pairs.count(std::span<const std::uint64_t>(s.top.data(), top.halves),
                      std::span<const std::uint64_t>(s.bottom.data(), bottom.halves), asked);
    tests += s.pairs.tests() - before;
    if (cut) return false;
    count = std::uint64_t{j.weight} * pairs;
    return true;
  }

  /// Burnside's term for the boards a rotation of `turns` quarter turns (1 or 2) leaves
  /// unchanged: twice their number for a quarter turn, their number for a half turn (so that
  /// 8 x unique = total + both terms). Statistics added to s when it is set.
  static std::uint64_t burnside_term(int n, int turns, bt::stats* s) {
    if (turns == 1 && n % 4 > 1) return 0;  // a quarter-turn fixed board needs n = 0, 1 mod 4
    turn_symmetric_board b(n, turns);
    solution_counter c;
    if (s != nullptr) {
      bt::stats own;
      stats_visitor sv{own};
      bt::search(b, visitors(sv, c));
      own.solutions = 0;
      *s += own;
    } else {
      bt::search(b, c);
    }
    return (turns == 1 ? 2U : 1U) * c.count;
  }

 private:
  // The top halves on `columns`: joined from the quarter lists, or, without them, searched
  // (their nodes counted as tests; halves == 0 also when stop() said true).
  template <class Stop>
  quarter_join halves(std::uint32_t columns, int middle, std::uint64_t forbidden,
                      std::uint32_t rows, std::vector<std::uint64_t>& out, Stop& stop) const {
    if (left_) return join_quarters(*left_, *right_, columns, forbidden, rows, out);
    out.clear();
    detail::half_collector<std::remove_reference_t<Stop>> c{window_, &out, &stop};
    half_board root = half_board::root(n_, n_ / 2, columns, middle);
    bt::search(root, c);
    if (c.stopped) return {0, c.nodes};
    return {out.size(), c.nodes};
  }

  int n_;
  diagonal_window window_;
  std::vector<detail::half_join> joins_;
  bt::stats top_;
  std::optional<quarter_list> left_, right_;
  bool complete_ = false;
};

/// Total and unique solutions of the empty n x n board, halves_min_n <= n <= halves_max_n, by
/// meeting in the middle (see the file comment), on o.threads threads. Statistics: those of
/// the quarter and turn-fixed searches, with `nodes` adding the halves joined (charged to the
/// node limit too), `checks` the quarter pairs and top/bottom pairs compared, and `solutions`
/// the total. Counts and statistics do not depend on the thread
/// count. When a limit stops the run, `total` holds the joins finished and `unique` is 0
/// (Burnside's lemma needs the whole total).
inline count_result count_halves(int n, const count_options& o, shared_limits& limits) {
  count_result r;
  // Listing the joins charges no nodes, so it asks for the deadline and Ctrl-C itself.
  const auto stop = [&] { return !limits.charge(0); };
  const halves_plan plan(n, stop);
  if (!plan.complete()) return r;
  r.units = plan.joins();
  if (o.units) o.units->store(r.units);
  // Each thread adds up its own joins (sums of integers, so the totals do not depend on which
  // thread ran which join); a table per join would take 100 MB at n = 23.
  struct totals {
    std::uint64_t count = 0;
    std::uint64_t tests = 0;
    std::uint64_t halves = 0;
    std::size_t done = 0;
    halves_plan::scratch space;
  };
  oneapi::tbb::combinable<totals> per_thread;
  parallel_tasks(plan.joins(), o.threads, limits, [&](std::size_t k) {
    totals& mine = per_thread.local();
    std::uint64_t count = 0;
    if (!plan.count_join(k, mine.space, stop, count, mine.tests)) return;
    mine.count += count;
    mine.halves += mine.space.halves;
    ++mine.done;
    if (o.done) o.done->fetch_add(1, std::memory_order_relaxed);
    // The halves made are the join's nodes: --node-limit stops the joins after this one.
    (void)limits.charge(mine.space.halves);
  });
  if (o.want_stats) r.stats = plan.top();
  per_thread.combine_each([&](const totals& t) {
    r.total += t.count;
    if (o.want_stats) {
      r.stats.checks += t.tests;
      r.stats.nodes += t.halves;
    }
    r.units_done += t.done;
  });
  r.stats.solutions = r.total;
  if (r.units_done != r.units) return r;
  bt::stats* s = o.want_stats ? &r.stats : nullptr;
  const std::uint64_t terms =
      halves_plan::burnside_term(n, 1, s) + halves_plan::burnside_term(n, 2, s);
  r.unique = (r.total + terms) / 8;
  return r;
}

}  // namespace bt::problems::nqueens
