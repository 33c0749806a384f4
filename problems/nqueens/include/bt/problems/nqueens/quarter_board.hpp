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
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/engine.hpp>
#include <bt/huge_pages.hpp>
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
    const mask inside =
        static_cast<mask>(((std::uint64_t{1} << last) - 1U) & ~((std::uint64_t{1} << first) - 1U));
    return {static_cast<mask>(~inside & ~empty_row), 0, 0, 0,
            static_cast<std::uint32_t>(frame.rows),  0, 0, &frame};
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
  /// How the construction ended.
  enum class outcome { built, too_large, stopped };

  /// The placements of columns [first, last) of the half `frame`, enumerated by the engine
  /// (statistics added to s), unless there are more than `most` of them (too_large: 8 bytes
  /// each) or `stop()`, asked every 65,536 nodes, says true (stopped). Two searches: the
  /// first counts the placements of each (columns, rows), the second writes them in place,
  /// so the list needs no room beyond its own.
  template <class Stop>
  quarter_list(const diagonal_window& frame, int first, int last, std::size_t most, Stop&& stop,
               bt::stats& s)
      : first_(first), rows_(frame.rows) {
    for (int a = 0; a < 32; ++a) {
      for (int b = 0; b <= a; ++b) {
        binomial_[a][b] =
            b == 0 ? 1U : binomial_[a - 1][b - 1] + (b < a ? binomial_[a - 1][b] : 0U);
      }
    }
    // The dense index: for columns S (k of them), slot base(S) + rank of the k rows.
    const int width = last - first;
    slot_base_.assign((std::size_t{1} << width) + 1, 0);
    for (std::uint32_t c = 0; c < (std::uint32_t{1} << width); ++c) {
      slot_base_[c + 1] = slot_base_[c] + choose(rows_, std::popcount(c));
    }
    start_.assign(slot_base_.back() + 1, 0);
    quarter_board root = quarter_board::root(frame, first, last);
    const std::uint32_t inside = ~root.cols & ~quarter_board::empty_row;
    struct walker {
      quarter_list* list;
      std::uint32_t inside;
      std::remove_reference_t<Stop>* stop;
      std::size_t most = 0;
      bool write = false;
      std::uint32_t nodes = 0;
      std::size_t found = 0;
      bool stopped = false;

      flow on(const ev::node<quarter_board>&) {
        if ((++nodes & 0xFFFFU) == 0 && ((*stop)() || found > most)) {
          stopped = true;
          return flow::stop;
        }
        return flow::go_on;
      }
      void on(const ev::solution<quarter_board>& e) {
        ++found;
        const std::size_t slot =
            list->slot((e.state.cols & inside) >> list->first_, e.state.used_rows);
        if (write) {
          list->bits_[list->start_[slot]++] = e.state.window;
        } else {
          ++list->start_[slot + 1];
        }
      }
    };
    walker count{this, inside, &stop, most};
    stats_visitor sv{s};
    bt::search(root, visitors(count, sv));
    s.solutions -= count.found;  // quarters are parts, not solutions
    if (count.stopped && count.found <= most) {
      state_ = outcome::stopped;
      return;
    }
    for (std::size_t i = 0; i + 1 < start_.size(); ++i) start_[i + 1] += start_[i];
    if (count.found > most) {  // known as soon as the count passes it
      state_ = outcome::too_large;
      start_ = {};
      return;
    }
    bits_ = allocate_huge<std::uint64_t>(start_.back());
    // The first write to a page makes the kernel clear it, about a second for the 0.5 GiB of
    // n = 22 on a virtual machine: done here, a page at a time, so that a stop is heard.
    for (std::size_t i = 0; i < start_.back(); i += 512) {
      bits_[i] = 0;
      if ((i & 0x3FFFFU) == 0 && stop()) {
        state_ = outcome::stopped;
        return;
      }
    }
    walker place{this, inside, &stop, most, true};
    root = quarter_board::root(frame, first, last);
    bt::search(root, visitors(place));  // start_[slot] moves to the slot's end
    if (place.stopped) {
      state_ = outcome::stopped;
      return;
    }
    for (std::size_t i = start_.size() - 1; i > 0; --i) start_[i] = start_[i - 1];
    start_[0] = 0;
    // The groups of each column set, rows in colex order (the slots' order, which
    // detail::next_same_size walks).
    by_columns_.assign((std::size_t{1} << width) + 1, 0);
    const std::uint32_t all_rows = (std::uint32_t{1} << rows_) - 1U;
    for (std::uint32_t c = 0; c < (std::uint32_t{1} << width); ++c) {
      const int k = std::popcount(c);
      std::size_t slot = slot_base_[c];
      for (std::uint32_t r = (std::uint32_t{1} << k) - 1U; k <= rows_ && r <= all_rows; ++slot) {
        if (start_[slot] != start_[slot + 1])
          groups_.push_back({r, start_[slot], start_[slot + 1]});
        if (r == 0) break;
        r = detail::next_same_size(r);
      }
      by_columns_[c + 1] = static_cast<std::uint32_t>(groups_.size());
    }
    state_ = outcome::built;
  }
  quarter_list(const quarter_list&) = delete;
  quarter_list& operator=(const quarter_list&) = delete;

  /// How the construction ended: only a built list may be joined.
  [[nodiscard]] outcome state() const { return state_; }
  /// The window bits of every placement, group by group: bits()[0..size()).
  [[nodiscard]] const std::uint64_t* bits() const { return bits_.get(); }
  /// The groups on the quarter columns `columns` (bit 0: the quarter's first column).
  [[nodiscard]] const group* groups_begin(std::uint32_t columns) const {
    return groups_.data() + by_columns_[columns];
  }
  [[nodiscard]] const group* groups_end(std::uint32_t columns) const {
    return groups_.data() + by_columns_[columns + 1];
  }
  /// The placements on `columns` and `rows` (as many of each): bits()[first..second).
  [[nodiscard]] std::pair<std::uint32_t, std::uint32_t> find(std::uint32_t columns,
                                                             std::uint32_t rows) const {
    const std::size_t at = slot(columns, rows);
    return {start_[at], start_[at + 1]};
  }
  /// Placements in all.
  [[nodiscard]] std::size_t size() const { return start_.empty() ? 0 : start_.back(); }
  /// The first board column of the quarter.
  [[nodiscard]] int first() const { return first_; }

 private:
  [[nodiscard]] std::uint32_t choose(int a, int b) const { return b > a ? 0U : binomial_[a][b]; }
  // The slot of (columns, rows): the colex rank of the rows among the sets of their size.
  [[nodiscard]] std::size_t slot(std::uint32_t columns, std::uint32_t rows) const {
    std::uint32_t r = 0;
    int i = 1;
    for (; rows != 0; rows &= rows - 1U, ++i) r += choose(std::countr_zero(rows), i);
    return slot_base_[columns] + r;
  }

  int first_;
  int rows_;
  outcome state_ = outcome::stopped;
  huge_array<std::uint64_t> bits_;  // in huge pages: 0.5 GiB at n = 22
  std::vector<group> groups_;
  std::vector<std::uint32_t> by_columns_;
  std::vector<std::size_t> slot_base_;
  std::vector<std::uint32_t> start_;  // start_[slot]..start_[slot + 1]: the slot's placements
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
  const std::uint64_t* lb = left.bits();
  const std::uint64_t* rb = right.bits();
  std::size_t found = 0;
  std::uint64_t tests = 0;
  for (const auto* g = left.groups_begin(left_cols); g != left.groups_end(left_cols); ++g) {
    const auto [other_begin, other_end] = right.find(right_cols, all_rows & ~g->rows);
    if (other_begin == other_end) continue;
    const std::size_t nr = other_end - other_begin;
    for (std::uint32_t i = g->begin; i != g->end; ++i) {
      const std::uint64_t w = lb[i];
      if ((w & forbidden) != 0) continue;
      const std::uint64_t block = w | forbidden;
      if (out.size() < found + nr) out.resize(std::max(2 * out.size(), found + nr + 1024));
      std::uint64_t* o = out.data() + found;
      std::size_t k = 0;
      for (std::uint32_t j = other_begin; j != other_end; ++j) {
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
