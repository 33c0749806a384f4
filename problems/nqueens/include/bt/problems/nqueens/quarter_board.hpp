// SPDX-License-Identifier: MIT
// The quarters of a half-board, enumerated once and joined into half-boards. The top half of
// an n x n board (its first h = n/2 rows) is cut by columns into a left quarter (columns
// 0..n-h-1) and a right quarter (n-h..n-1). A half-board on the column set C is a left quarter
// on the rows A and columns C's left part, beside a right quarter on the other rows and C's
// right part, whose queens share no diagonal. Every diagonal that a left and a right queen can
// share lies in the half's window (half_board.hpp: for a left queen d2 >= h, for a right one
// d1 >= n-h >= h), so a quarter is kept as its window bits alone, a pair is compatible when
// their bits are disjoint, and the half's bits are their union. The quarters are small
// searches (0.9 million placements at n = 18), where enumerating the halves themselves, once
// per column set, searched 800 million nodes; this is the quarter-board join's idea (Kluev),
// turned a quarter so that it feeds the top/bottom join of halves.hpp.
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/engine.hpp>
#include <bt/ranges.hpp>
#include <bt/stats.hpp>
#include <bt/visitors.hpp>
#include <bt/problems/nqueens/half_board.hpp>

namespace bt::problems::nqueens {

/// A partial quarter (copy discipline): the rows of the half are taken top-down, and each gets
/// a queen on a free column of the quarter, or stays empty (the value `empty_row`), for the
/// other quarter to fill. Every complete assignment is a quarter placement.
struct quarter_board {
  using mask = std::uint32_t;
  using value_type = mask;  ///< a one-bit column mask, or empty_row
  /// The value that leaves the row to the other quarter: a bit no board column uses (n <= 26).
  static constexpr mask empty_row = mask{1} << 31U;

  mask cols = 0;             ///< occupied columns, and every column outside the quarter
  mask ld = 0;               ///< this row's squares attacked down-right
  mask rd = 0;               ///< this row's squares attacked down-left
  std::uint32_t row = 0;     ///< the next row
  std::uint32_t rows = 0;    ///< the rows of the half
  mask used_rows = 0;        ///< the rows that hold a queen
  std::uint64_t window = 0;  ///< the window bits of the queens (diagonal_window)
  const diagonal_window* frame = nullptr;

  [[nodiscard]] bool complete() const { return row == rows; }
  [[nodiscard]] bt::bit_range<mask> candidates() const {
    return {static_cast<mask>(~(cols | ld | rd) & ~empty_row) | empty_row};
  }
  [[nodiscard]] quarter_board child(mask q) const {
    quarter_board c = *this;
    ++c.row;
    if (q == empty_row) {
      c.ld = static_cast<mask>(ld << 1U);
      c.rd = rd >> 1U;
      return c;
    }
    c.cols |= q;
    c.ld = static_cast<mask>((ld | q) << 1U);
    c.rd = (rd | q) >> 1U;
    c.used_rows |= mask{1} << row;
    c.window |= frame->bits(static_cast<int>(row), std::countr_zero(q));
    return c;
  }

  /// The empty quarter of columns [first, last) of the half `frame` (its first frame->rows
  /// rows of the frame->n x frame->n board); `frame` must outlive the search.
  static quarter_board root(const diagonal_window& frame, int first, int last) {
    const mask inside = static_cast<mask>(((std::uint64_t{1} << last) - 1U) &
                                          ~((std::uint64_t{1} << first) - 1U));
    return {static_cast<mask>(~inside & ~empty_row), 0, 0, 0,
            static_cast<std::uint32_t>(frame.rows), 0, 0, &frame};
  }
};

/// Every placement of one quarter, grouped by (columns, rows) so that a join finds the
/// placements of given columns and rows at once. Built once per count; read-only after.
class quarter_list {
 public:
  /// One (columns, rows) group: its placements' window bits are bits()[begin..end).
  struct group {
    std::uint32_t rows = 0;  ///< the rows the group's queens stand on
    std::uint32_t begin = 0;
    std::uint32_t end = 0;
  };

  /// The placements of columns [first, last) of the half `frame`, enumerated by the engine;
  /// its statistics are added to s.
  quarter_list(const diagonal_window& frame, int first, int last, bt::stats& s)
      : first_(first), rows_(frame.rows) {
    struct collector {
      std::vector<entry>* out;
      std::uint32_t inside;
      int first;
      void on(const ev::solution<quarter_board>& e) {
        out->push_back({(e.state.cols & inside) >> first, e.state.used_rows, e.state.window});
      }
    };
    std::vector<entry> all;
    quarter_board root = quarter_board::root(frame, first, last);
    collector keep{&all, ~root.cols & ~quarter_board::empty_row, first};
    stats_visitor sv{s};
    bt::search(root, visitors(sv, keep));
    s.solutions -= all.size();  // quarters are parts, not solutions
    std::sort(all.begin(), all.end(), [](const entry& a, const entry& b) {
      return a.columns != b.columns ? a.columns < b.columns
             : a.rows != b.rows     ? a.rows < b.rows
                                    : a.window < b.window;
    });
    const int width = last - first;
    bits_.resize(all.size());
    by_columns_.assign((std::size_t{1} << width) + 1, 0);
    for (std::size_t i = 0; i < all.size(); ++i) {
      bits_[i] = all[i].window;
      if (groups_.empty() || groups_.back().rows != all[i].rows ||
          all[i - 1].columns != all[i].columns) {
        groups_.push_back({all[i].rows, static_cast<std::uint32_t>(i), 0});
        ++by_columns_[all[i].columns + 1];
      }
      groups_.back().end = static_cast<std::uint32_t>(i + 1);
    }
    for (std::size_t c = 0; c + 1 < by_columns_.size(); ++c) by_columns_[c + 1] += by_columns_[c];
    // The dense index: for columns S (k of them), slot base(S) + rank of the k rows.
    for (int a = 0; a < 32; ++a) {
      for (int b = 0; b <= a && b < 32; ++b) {
        binomial_[a][b] = b == 0 ? 1U : binomial_[a - 1][b - 1] + (b < a ? binomial_[a - 1][b] : 0U);
      }
    }
    slot_base_.assign((std::size_t{1} << width) + 1, 0);
    for (std::uint32_t c = 0; c < (std::uint32_t{1} << width); ++c) {
      slot_base_[c + 1] = slot_base_[c] + choose(rows_, std::popcount(c));
    }
    slot_.assign(slot_base_.back(), -1);
    for (std::size_t g = 0; g < groups_.size(); ++g) {
      const std::uint32_t cols = all[groups_[g].begin].columns;
      slot_[slot_base_[cols] + rank(groups_[g].rows)] = static_cast<std::int32_t>(g);
    }
  }

  /// The window bits of every placement, group by group.
  [[nodiscard]] const std::vector<std::uint64_t>& bits() const { return bits_; }
  /// The groups on the quarter columns `columns` (bit 0: the quarter's first column).
  [[nodiscard]] const group* groups_begin(std::uint32_t columns) const {
    return groups_.data() + by_columns_[columns];
  }
  [[nodiscard]] const group* groups_end(std::uint32_t columns) const {
    return groups_.data() + by_columns_[columns + 1];
  }
  /// The group on `columns` and `rows` (as many of each), or nullptr if none.
  [[nodiscard]] const group* find(std::uint32_t columns, std::uint32_t rows) const {
    const std::int32_t g = slot_[slot_base_[columns] + rank(rows)];
    return g < 0 ? nullptr : &groups_[static_cast<std::size_t>(g)];
  }
  /// Placements in all.
  [[nodiscard]] std::size_t size() const { return bits_.size(); }
  /// The first board column of the quarter.
  [[nodiscard]] int first() const { return first_; }

 private:
  struct entry {
    std::uint32_t columns;  // quarter-relative
    std::uint32_t rows;
    std::uint64_t window;
  };
  [[nodiscard]] std::uint32_t choose(int a, int b) const {
    return b > a ? 0U : binomial_[a][b];
  }
  // The colex rank of a set of rows among the sets of its size.
  [[nodiscard]] std::uint32_t rank(std::uint32_t rows) const {
    std::uint32_t r = 0;
    int i = 1;
    for (; rows != 0; rows &= rows - 1U, ++i) r += choose(std::countr_zero(rows), i);
    return r;
  }

  int first_;
  int rows_;
  std::vector<std::uint64_t> bits_;
  std::vector<group> groups_;
  std::vector<std::uint32_t> by_columns_;
  std::vector<std::uint32_t> slot_base_;
  std::vector<std::int32_t> slot_;
  std::uint32_t binomial_[32][32] = {};
};

/// What join_quarters found: out[0..halves) are the halves, found in `tests` quarter pairs.
struct quarter_join {
  std::size_t halves = 0;
  std::uint64_t tests = 0;
};

/// The half-boards of the top half on `columns` (board columns, h of them) whose queens stay
/// off `forbidden` window bits (the middle row's queen for odd n), as their window bits, in
/// out[0..halves); `out` only grows, so that a buffer reused join after join is not refilled.
inline quarter_join join_quarters(const quarter_list& left, const quarter_list& right,
                                   std::uint32_t columns, std::uint64_t forbidden,
                                   std::uint32_t all_rows, std::vector<std::uint64_t>& out) {
  const std::uint32_t left_cols = columns & ((std::uint32_t{1} << right.first()) - 1U);
  const std::uint32_t right_cols = columns >> right.first();
  const std::uint64_t* lb = left.bits().data();
  const std::uint64_t* rb = right.bits().data();
  std::size_t found = 0;
  std::uint64_t tests = 0;
  for (const auto* g = left.groups_begin(left_cols); g != left.groups_end(left_cols); ++g) {
    const auto* other = right.find(right_cols, all_rows & ~g->rows);
    if (other == nullptr) continue;
    const std::size_t nr = other->end - other->begin;
    for (std::uint32_t i = g->begin; i != g->end; ++i) {
      const std::uint64_t w = lb[i];
      if ((w & forbidden) != 0) continue;
      const std::uint64_t block = w | forbidden;
      if (out.size() < found + nr) out.resize(std::max(2 * out.size(), found + nr + 1024));
      std::uint64_t* o = out.data() + found;
      std::size_t k = 0;
      for (std::uint32_t j = other->begin; j != other->end; ++j) {
        o[k] = w | rb[j];  // written always, kept when compatible: no branch to mispredict
        k += (block & rb[j]) == 0 ? 1U : 0U;
      }
      found += k;
      tests += nr;
    }
  }
  return {found, tests};
}

}  // namespace bt::problems::nqueens
