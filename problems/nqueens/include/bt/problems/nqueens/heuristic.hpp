// SPDX-License-Identifier: MIT
// Backtracking for large boards: every node branches on the line (row or column) with the fewest
// open squares, and tries that line's open squares in a fixed pseudo-random order. Still a
// complete depth-first search through bt::search; O(n) work per node on O(n) state.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <vector>

#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// Trail discipline. A square is open when its row and column hold no queen and no queen
/// attacks it along a diagonal. The state counts the open squares of every row and column and
/// updates the counts in O(n) per queen. Each node first places the pre-placed queens, one per
/// level, then branches on the first row with the fewest open squares, or a column with
/// strictly fewer (rows and columns are both permutation constraints: each holds exactly one
/// queen); a line with no open square prunes the node (promising() is false). A line's open
/// squares are tried in ascending order of a hash of (seed, row, column), so the order is
/// fixed for a given seed and n. Every solution is found exactly once: a node's children
/// partition its solutions by the square that the chosen line's queen occupies.
class heuristic {
 public:
  using value_type = queen;  ///< the square of the next queen (row_of / column_of read it)

  /// The seed used unless another is given (btsolve's default --seed).
  static constexpr std::uint64_t default_seed = 1;

  /// An empty board of d.n() rows with d.placed() still to be placed; seed fixes the order in
  /// which the squares of a line are tried. Any n up to max_n: O(n) memory, d's tabulated
  /// domains are not read.
  explicit heuristic(const row_domains& d, std::uint64_t seed = default_seed)
      : n_(d.n()),
        seed_(seed),
        placed_(d.placed()),
        row_used_(u(n_), 0),
        col_used_(u(n_), 0),
        up_(u(2 * n_ - 1), 0),
        down_(u(2 * n_ - 1), 0),
        row_open_(u(n_), n_),
        col_open_(u(n_), n_),
        position_(u(n_), -1),
        lines_(u(n_) + 1),
        rows_(n_),
        cols_(n_) {
    choose();
  }

  /// The line a node branches on: row or column `index` and its count of open squares
  /// (`forced` is the column of a pre-placed queen of row `index`, else -1).
  struct line {
    bool is_row = true;  ///< a row (values differ in column) or a column (values differ in row)
    int index = 0;       ///< the row or column number
    int open = 0;        ///< open squares on it; 0 prunes the node
    int forced = -1;     ///< the pre-placed queen's column, for its row; else -1
  };

  /// The open squares of one line, in the state's fixed order; valid while the state is
  /// back at the node that made it (the engine's trail discipline guarantees it).
  class domain {
   public:
    /// Iterates by rescanning the line for the next square in (hash, position) order: no
    /// memory per node, O(n) per value tried.
    class iterator {
     public:
      using value_type = queen;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const heuristic* s, line l) : s_(s), l_(l) {
        if (l_.forced >= 0) {
          pos_ = l_.forced;
        } else {
          advance();
        }
      }
      queen operator*() const { return l_.is_row ? queen{l_.index, pos_} : queen{pos_, l_.index}; }
      iterator& operator++() {
        if (l_.forced >= 0) {
          pos_ = -1;
        } else {
          advance();
        }
        return *this;
      }
      iterator operator++(int) {
        iterator t = *this;
        ++*this;
        return t;
      }
      bool operator==(std::default_sentinel_t) const { return pos_ < 0; }

     private:
      // The open square after (key_, pos_) in (key, position) order, or pos_ = -1.
      void advance() {
        const bool first = !started_;
        started_ = true;
        int best = -1;
        std::uint64_t best_key = 0;
        const free_set& other = l_.is_row ? s_->cols_ : s_->rows_;
        for (int k = 0; k < other.size; ++k) {
          const int j = other.item[u(k)];
          const int r = l_.is_row ? l_.index : j;
          const int c = l_.is_row ? j : l_.index;
          if (!s_->open(r, c)) {
            continue;
          }
          const std::uint64_t h = s_->key(r, c);
          const bool after = first || h > key_ || (h == key_ && j > pos_);
          if (after && (best < 0 || h < best_key || (h == best_key && j < best))) {
            best = j;
            best_key = h;
          }
        }
        pos_ = best;
        key_ = best_key;
      }

      const heuristic* s_ = nullptr;
      line l_{};
      int pos_ = -1;
      std::uint64_t key_ = 0;
      bool started_ = false;
    };

    domain(const heuristic* s, line l) : s_(s), l_(l) {}
    [[nodiscard]] iterator begin() const { return {s_, l_}; }
    [[nodiscard]] std::default_sentinel_t end() const { return {}; }

   private:
    const heuristic* s_;
    line l_;
  };

  [[nodiscard]] bool complete() const { return depth_ == n_; }
  /// False when the line chosen for this node has no open square (a row or column that can
  /// no longer hold its queen).
  [[nodiscard]] bool promising() const { return complete() || lines_[u(depth_)].open > 0; }
  [[nodiscard]] domain candidates() const { return {this, lines_[u(depth_)]}; }

  /// Place a queen on open square q, then choose the next node's line.
  void assign(queen q) {
    update<-1>(q.row, q.col);
    mark(q, 1);
    rows_.take(q.row);
    cols_.take(q.col);
    position_[u(q.row)] = q.col;
    ++depth_;
    choose();
  }
  /// Remove the queen of the matching assign(q).
  void unassign(queen q) {
    --depth_;
    position_[u(q.row)] = -1;
    cols_.give_back();
    rows_.give_back();
    mark(q, 0);
    update<+1>(q.row, q.col);
  }

  /// Column of the queen in row r, or -1.
  [[nodiscard]] int position(int r) const { return position_[u(r)]; }
  /// Open squares left in row r (meaningful while row r has no queen).
  [[nodiscard]] int open_in_row(int r) const { return row_open_[u(r)]; }
  /// Open squares left in column c (meaningful while column c has no queen).
  [[nodiscard]] int open_in_column(int c) const { return col_open_[u(c)]; }

 private:
  static std::size_t u(int i) { return static_cast<std::size_t>(i); }

  // The free rows (or columns) as a reversible sparse set: item[0, size) are free; take()
  // swaps one past the end, and give_back() undoes the last take() in O(1).
  struct free_set {
    std::vector<int> item;  // a permutation of 0..n-1
    std::vector<int> at;    // at[item[k]] == k
    int size;

    explicit free_set(int n) : item(u(n)), at(u(n)), size(n) {
      for (int k = 0; k < n; ++k) {
        item[u(k)] = k;
        at[u(k)] = k;
      }
    }
    void take(int x) {
      const int k = at[u(x)];
      const int last = item[u(size - 1)];
      item[u(k)] = last;
      at[u(last)] = k;
      item[u(size - 1)] = x;
      at[u(x)] = size - 1;
      --size;
    }
    void give_back() { ++size; }
  };

  [[nodiscard]] bool open(int r, int c) const {
    return row_used_[u(r)] == 0 && col_used_[u(c)] == 0 && up_[u(r + c)] == 0 &&
           down_[u(r - c + n_ - 1)] == 0;
  }

  // The try order: splitmix64's finaliser of (seed, row, column).
  [[nodiscard]] std::uint64_t key(int r, int c) const {
    std::uint64_t z = seed_ * std::uint64_t{0x9E3779B97F4A7C15} +
                      ((static_cast<std::uint64_t>(r) << 32U) | static_cast<std::uint64_t>(c));
    z = (z ^ (z >> 30U)) * std::uint64_t{0xBF58476D1CE4E5B9};
    z = (z ^ (z >> 27U)) * std::uint64_t{0x94D049BB133111EB};
    return z ^ (z >> 31U);
  }

  void mark(queen q, char v) {
    row_used_[u(q.row)] = v;
    col_used_[u(q.col)] = v;
    up_[u(q.row + q.col)] = v;
    down_[u(q.row - q.col + n_ - 1)] = v;
  }

  // Add Delta to the counts of every square that a queen on (r, c) closes, in the state without
  // that queen: the open squares of row r, and of each other free row i the squares on column c
  // and on the two diagonals through (r, c). These are all distinct, and the same set is found
  // before assign and after unassign, so the two updates cancel exactly.
  template <int Delta>
  void update(int r, int c) {
    // Plain pointers and counts: the int stores below could otherwise alias the sets' sizes.
    const char* const col_used = col_used_.data();
    const char* const up = up_.data();
    const char* const down = down_.data() + (n_ - 1);  // down[i - j] is "\" diagonal i - j
    int* const row_open = row_open_.data();
    int* const col_open = col_open_.data();
    const int* const free_cols = cols_.item.data();
    const int* const free_rows = rows_.item.data();
    const int ncols = cols_.size;
    const int nrows = rows_.size;
    const int n = n_;
    int closed_in_r = 0;
    for (int k = 0; k < ncols; ++k) {
      const int j = free_cols[k];
      if (up[r + j] == 0 && down[r - j] == 0) {
        ++closed_in_r;
        col_open[j] += Delta;
      }
    }
    row_open[r] += Delta * closed_in_r;
    for (int k = 0; k < nrows; ++k) {
      const int i = free_rows[k];
      if (i == r) {
        continue;
      }
      const int d = i - r;
      int closed = 0;
      // (i, c): column c is free (the queen goes there); its diagonals may not be.
      if (up[i + c] == 0 && down[i - c] == 0) {
        ++closed;
        col_open[c] += Delta;
      }
      // (i, c + d) shares the "\" diagonal of (r, c), (i, c - d) its "/" diagonal.
      const int a = c + d;
      if (a >= 0 && a < n && col_used[a] == 0 && up[i + a] == 0) {
        ++closed;
        col_open[a] += Delta;
      }
      const int b = c - d;
      if (b >= 0 && b < n && col_used[b] == 0 && down[i - b] == 0) {
        ++closed;
        col_open[b] += Delta;
      }
      row_open[i] += Delta * closed;
    }
  }

  // The line of the node at depth_: the next pre-placed queen's row, else the first free row
  // with the fewest open squares, or a free column with strictly fewer.
  void choose() {
    if (depth_ == n_) {
      return;
    }
    line& l = lines_[u(depth_)];
    if (u(depth_) < placed_.size()) {
      const queen& q = placed_[u(depth_)];
      l = {true, q.row, open(q.row, q.col) ? 1 : 0, q.col};
      return;
    }
    l = {true, n_, n_ + 1, -1};
    for (int k = 0; k < rows_.size; ++k) {
      const int i = rows_.item[u(k)];
      const int o = row_open_[u(i)];
      if (o < l.open || (o == l.open && i < l.index)) {
        l = {true, i, o, -1};
      }
    }
    line best_column{false, n_, l.open, -1};
    for (int k = 0; k < cols_.size; ++k) {
      const int j = cols_.item[u(k)];
      const int o = col_open_[u(j)];
      if (o < best_column.open || (o == best_column.open && j < best_column.index)) {
        best_column = {false, j, o, -1};
      }
    }
    if (best_column.open < l.open) {
      l = best_column;
    }
  }

  int n_;
  std::uint64_t seed_;
  std::vector<queen> placed_;
  std::vector<char> row_used_, col_used_, up_, down_;
  std::vector<int> row_open_, col_open_;
  std::vector<int> position_;
  std::vector<line> lines_;
  free_set rows_, cols_;  // rows and columns without a queen
  int depth_ = 0;
};

}  // namespace bt::problems::nqueens
