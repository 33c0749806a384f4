// SPDX-License-Identifier: MIT
// MIN-CONFLICTS (Russell & Norvig, AIMA, ch. 6): local search over complete placements with one
// queen per row. Not a tree search, so it finds one solution and cannot prove there is none.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// splitmix64 (Steele, Lea and Flood): a small generator whose sequence is the same on every
/// platform, unlike the standard distributions.
class splitmix64 {
 public:
  /// The generator started from seed.
  explicit splitmix64(std::uint64_t seed) : state_(seed) {}
  /// The next 64 random bits.
  std::uint64_t next() {
    std::uint64_t z = (state_ += std::uint64_t{0x9E3779B97F4A7C15});
    z = (z ^ (z >> 30U)) * std::uint64_t{0xBF58476D1CE4E5B9};
    z = (z ^ (z >> 27U)) * std::uint64_t{0x94D049BB133111EB};
    return z ^ (z >> 31U);
  }
  /// A number in 0..bound-1 (bound >= 1; the modulo bias is below bound / 2^64).
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }

 private:
  std::uint64_t state_;
};

/// MIN-CONFLICTS for n queens, one per row, with O(1) conflict counts from one counter per
/// column and per diagonal.
///
/// Start: each row in turn (pre-placed queens first) takes a column with the fewest conflicts
/// with the queens already placed: an unused column on two free diagonals (zero conflicts) is
/// looked for by sampling up to 64 unused columns at random, else every column is scanned;
/// ties are broken at random. Step: a queen in conflict, picked at random, moves to a column of
/// its row with the fewest conflicts (its own column included; ties at random). Pre-placed
/// queens never move. After restart_steps() steps without a solution the search starts over
/// from a new greedy placement (the same generator continues), which gets it out of the rare
/// local minimum of a small board. Every choice comes from one splitmix64 seeded with `seed`,
/// so a seed and a board give one run. Memory: about 30 bytes per row (40 while starting).
class min_conflicts {
 public:
  /// The seed used unless another is given (btsolve's default --seed).
  static constexpr std::uint64_t default_seed = 1;

  /// How run() ended.
  enum class result {
    solved,      ///< columns() is a solution
    step_limit,  ///< max_steps steps were made without a solution
    stopped      ///< poll() said stop
  };

  /// The search for board d (its size and its pre-placed queens, already validated);
  /// nothing is placed until run().
  explicit min_conflicts(const row_domains& d, std::uint64_t seed = default_seed)
      : n_(d.n()), rng_(seed), placed_(d.placed()), fixed_(u(n_), 0), col_(u(n_), -1) {
    for (const queen& q : placed_) {
      fixed_[u(q.row)] = 1;
    }
  }

  /// Search until a solution, max_steps steps (0: no limit), or poll() returning flow::stop.
  /// poll() is called after about every 2^16 units of work (a row placed or a column tried),
  /// so at least once per step on boards of 65,536 rows or more, once per few thousand steps on
  /// small ones. Call once.
  template <class Poll>
  result run(std::uint64_t max_steps, Poll&& poll) {
    if (!start(poll)) {
      return result::stopped;
    }
    while (!conflicted_.empty()) {
      const std::size_t i = rng_.below(conflicted_.size());
      const int r = conflicted_[i];
      if (!in_conflict(r)) {
        unlist(i);  // it was listed when it conflicted; a later move freed it
        continue;
      }
      if (max_steps != 0 && steps_ >= max_steps) {
        return result::step_limit;
      }
      ++steps_;
      ++since_start_;
      move(i, r);
      if (!tick(static_cast<std::uint64_t>(n_), poll)) {
        return result::stopped;
      }
      if (since_start_ >= restart_steps() && !conflicted_.empty()) {
        ++restarts_;
        if (!start(poll)) {
          return result::stopped;
        }
      }
    }
    return result::solved;
  }

  /// The column of each row's queen (-1 before run()); a solution after result::solved.
  [[nodiscard]] const std::vector<int>& columns() const { return col_; }
  /// Steps made (queens moved, or left in place as their best column), over all restarts.
  [[nodiscard]] std::uint64_t steps() const { return steps_; }
  /// Restarts from a new greedy placement.
  [[nodiscard]] std::uint64_t restarts() const { return restarts_; }
  /// Steps allowed before a restart: 4 n + 100. Boards of 100 rows and more need about 60
  /// steps (at most 200 in our runs); small boards (n = 6..17) sometimes get stuck, and are
  /// solved faster with restarts at this pace than at 10 n or 50 n.
  [[nodiscard]] std::uint64_t restart_steps() const {
    return 4 * static_cast<std::uint64_t>(n_) + 100;
  }

 private:
  static std::size_t u(int i) { return static_cast<std::size_t>(i); }
  static constexpr std::uint64_t poll_every = std::uint64_t{1} << 16U;
  static constexpr int samples = 64;

  std::size_t up(int r, int c) const { return u(r + c); }
  std::size_t down(int r, int c) const { return u(r - c + n_ - 1); }

  // Conflicts of a queen at (r, c) with the queens counted now.
  [[nodiscard]] int cost(int r, int c) const {
    return on_column_[u(c)] + up_[up(r, c)] + down_[down(r, c)];
  }
  void add(int r, int c, int delta) {
    on_column_[u(c)] += delta;
    up_[up(r, c)] += delta;
    down_[down(r, c)] += delta;
  }
  [[nodiscard]] bool in_conflict(int r) const {
    const int c = col_[u(r)];
    return on_column_[u(c)] > 1 || up_[up(r, c)] > 1 || down_[down(r, c)] > 1;
  }
  void list(int r) {
    listed_[u(r)] = 1;
    conflicted_.push_back(r);
  }
  void unlist(std::size_t i) {
    listed_[u(conflicted_[i])] = 0;
    conflicted_[i] = conflicted_.back();
    conflicted_.pop_back();
  }

  template <class Poll>
  bool tick(std::uint64_t work, Poll& poll) {
    work_ += work;
    if (work_ < poll_every) {
      return true;
    }
    work_ = 0;
    return poll() != flow::stop;
  }

  // A column of row r with the fewest conflicts, ties broken at random; its cost in `best`.
  int best_column(int r, int& best) {
    int chosen = 0;
    std::size_t ties = 0;
    best = std::numeric_limits<int>::max();
    for (int c = 0; c < n_; ++c) {
      const int k = cost(r, c);
      if (k < best) {
        best = k;
        chosen = c;
        ties = 1;
      } else if (k == best && rng_.below(++ties) == 0) {
        chosen = c;
      }
    }
    return chosen;
  }

  // v as `size` zeros, written 2^16 at a time with the work ticked; false when poll() said
  // stop. Capacity is kept, so a restart rewrites in place.
  template <class T, class Poll>
  bool zeroed(std::vector<T>& v, std::size_t size, Poll& poll) {
    v.clear();
    v.reserve(size);
    while (v.size() < size) {
      const std::size_t chunk = std::min<std::size_t>(size - v.size(), poll_every);
      v.resize(v.size() + chunk, T{0});
      if (!tick(chunk, poll)) return false;
    }
    return true;
  }

  // The greedy placement and the list of queens in conflict; false when poll() said stop.
  template <class Poll>
  bool start(Poll& poll) {
    since_start_ = 0;
    // Sized here, not in the constructor, and a chunk at a time with the work ticked: at
    // n = 10^7 the counters and the pool are 0.5 s of page faults (seconds under ASan).
    if (!zeroed(on_column_, u(n_), poll) || !zeroed(up_, u(2 * n_ - 1), poll) ||
        !zeroed(down_, u(2 * n_ - 1), poll) || !zeroed(listed_, u(n_), poll)) {
      return false;
    }
    conflicted_.clear();
    // Unused columns, for sampling: pool holds them, at[c] is c's index in pool or -1.
    std::vector<int> pool;
    std::vector<int> at;
    pool.reserve(u(n_));
    at.reserve(u(n_));
    for (int c = 0; c < n_; ++c) {
      pool.push_back(c);
      at.push_back(c);
      if (!tick(1, poll)) return false;
    }
    const auto take = [&](int c) {
      const int i = at[u(c)];
      if (i >= 0) {
        const int last = pool.back();
        pool[u(i)] = last;
        at[u(last)] = i;
        pool.pop_back();
        at[u(c)] = -1;
      }
    };
    for (const queen& q : placed_) {
      col_[u(q.row)] = q.col;
      add(q.row, q.col, 1);
      take(q.col);
    }
    for (int r = 0; r < n_; ++r) {
      if (fixed_[u(r)] != 0) {
        continue;
      }
      int c = -1;
      for (int t = 0; t < samples && !pool.empty(); ++t) {
        const int s = pool[rng_.below(pool.size())];
        if (up_[up(r, s)] == 0 && down_[down(r, s)] == 0) {
          c = s;
          break;
        }
      }
      std::uint64_t work = samples;
      if (c < 0) {
        int best = 0;
        c = best_column(r, best);
        work += static_cast<std::uint64_t>(n_);
      }
      col_[u(r)] = c;
      add(r, c, 1);
      take(c);
      if (!tick(work, poll)) {
        return false;
      }
    }
    for (int r = 0; r < n_; ++r) {
      if (fixed_[u(r)] == 0 && in_conflict(r)) {
        list(r);
      }
    }
    return true;
  }

  // Move the queen of row r (listed at i) to a best column of its row; list the queens it now
  // conflicts with, or unlist it when it conflicts with none.
  void move(std::size_t i, int r) {
    add(r, col_[u(r)], -1);
    int best = 0;
    const int c = best_column(r, best);
    col_[u(r)] = c;
    add(r, c, 1);
    if (best == 0) {
      unlist(i);
      return;
    }
    for (int s = 0; s < n_; ++s) {
      if (s != r && fixed_[u(s)] == 0 && listed_[u(s)] == 0 &&
          attacks(queen{s, col_[u(s)]}, queen{r, c})) {
        list(s);
      }
    }
  }

  int n_;
  splitmix64 rng_;
  std::vector<queen> placed_;
  std::vector<char> fixed_;      // 1 for the rows of pre-placed queens
  std::vector<int> col_;         // queen's column per row
  std::vector<int> on_column_;   // queens per column
  std::vector<int> up_, down_;   // queens per "/" (row + col) and "\" (row - col) diagonal
  std::vector<char> listed_;     // 1 when the row is in conflicted_
  std::vector<int> conflicted_;  // rows that may be in conflict (every conflicted one is)
  std::uint64_t steps_ = 0;
  std::uint64_t since_start_ = 0;
  std::uint64_t restarts_ = 0;
  std::uint64_t work_ = 0;
};

}  // namespace bt::problems::nqueens
