// SPDX-License-Identifier: MIT
// The exactly-one constraints of a model (an exact cover's columns) as one propagator over their
// 0/1 variables: Knuth's dancing links, undone lazily.
//
// Each column is a doubly linked list of the variables (rows) that can still be 1, a row's nodes
// side by side as in "Dancing links" (Knuth, 2000). A row fixed to 0 leaves its columns; a row
// fixed to 1 covers its columns: every other row of theirs is fixed to 0 and leaves its other
// columns. Every unlinking is written to a log; the log's length is a trailed cell, so when the
// space backtracks the cell comes back to an earlier length and the next call relinks the nodes
// logged after it, newest first (dancing links' own undoing, done when next needed instead of
// at the backtrack). One subscription per variable, whatever the number of its columns.
//
// When the search branches on the columns (propagator::chosen_by_options) and nothing else
// watches these variables, a row's zero lives in the lists alone until every column is covered:
// a solution writes its zeros into the domains. Otherwise each zero is also a domain change.
#include <algorithm>
#include <cstdint>
#include <memory>
#include <ostream>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

class exact_cover_prop final : public propagator {
 public:
  exact_cover_prop(space& s, const std::vector<std::vector<int>>& columns)
      : propagator("exact cover", priority::linear), columns_(columns) {
    std::vector<int> pos_of(static_cast<std::size_t>(s.var_count()), -1);
    for (const auto& col : columns) {
      for (const int x : col) {
        if (pos_of[static_cast<std::size_t>(x)] < 0) {
          pos_of[static_cast<std::size_t>(x)] = static_cast<int>(scope().size());
          watch(x, event::fixed);
        }
      }
    }
    track_changes();
    const std::size_t n = scope().size();
    // A row's nodes side by side, in the order of its columns.
    std::vector<int> count(n, 0);
    for (const auto& col : columns) {
      for (const int x : col)
        ++count[static_cast<std::size_t>(pos_of[static_cast<std::size_t>(x)])];
    }
    row_start_.assign(n + 1, 0);
    for (std::size_t p = 0; p < n; ++p) row_start_[p + 1] = row_start_[p] + count[p];
    const int rows_end = row_start_[n];
    nodes_.resize(static_cast<std::size_t>(rows_end) + columns.size());
    size_.assign(columns.size(), 0);
    std::vector<int> next(row_start_.begin(), row_start_.end() - 1);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      const int head = rows_end + static_cast<int>(c);
      nodes_[static_cast<std::size_t>(head)] = {head, head, static_cast<int>(c), -1};
      for (const int x : columns[c]) {
        const int p = pos_of[static_cast<std::size_t>(x)];
        const int j = next[static_cast<std::size_t>(p)]++;
        const int last = nodes_[static_cast<std::size_t>(head)].up;
        nodes_[static_cast<std::size_t>(j)] = {last, head, static_cast<int>(c), p};
        nodes_[static_cast<std::size_t>(last)].down = j;
        nodes_[static_cast<std::size_t>(head)].up = j;
        ++size_[c];
      }
    }
    head_ = rows_end;
    state_.assign(n, free_row);
    one_ = s.new_cells(static_cast<int>(columns.size()), -1);
    uncovered_ = s.new_cells(1, static_cast<std::int64_t>(columns.size()));
    logged_ = s.new_cells(1, 0);
  }

  bool propagate(space& s) override { return cover(s, s.modified(id()), false); }
  // Forward checking runs alone, after passes it was not told of: every variable again.
  bool forward(space& s, int) override { return cover(s, {}, true); }
  void chosen_by_options(space& s) override {
    if (s.listened()) return;  // a listener hears each zero as a domain change
    for (const int x : scope()) {
      if (s.constraints_of(x).size() != 1) return;
    }
    keeps_zeros_ = true;
  }

  [[nodiscard]] bool holds(const space& s) const override {
    for (const auto& col : columns_) {
      int ones = 0;
      for (const int x : col) ones += s.value(x) == 1 ? 1 : 0;
      if (ones != 1) return false;
    }
    return true;
  }
  void print(std::ostream& os, const space& s) const override {
    if (columns_.size() == 1) {
      os << "exactly-one(";
      for (std::size_t i = 0; i < columns_[0].size(); ++i) {
        os << (i != 0 ? ", " : "") << s.name(columns_[0][i]);
      }
      os << ')';
      return;
    }
    os << "exactly-one on each of " << columns_.size() << " columns over " << scope().size()
       << " variables";
  }
  int options(const space& s, std::vector<int>* out) const override {
    catch_up(s);
    int best = -1;
    int best_size = 0;
    for (int c = 0; c < static_cast<int>(columns_.size()); ++c) {
      if (s.cell(one_ + c) >= 0) continue;
      const int k = size_[static_cast<std::size_t>(c)];
      if (best < 0 || k < best_size) {
        best = c;
        best_size = k;
        if (k <= 1) break;
      }
    }
    if (best < 0) return -1;
    if (out != nullptr) {
      // Top down: relinking restores the lists' order, so this is the constraint's order.
      out->clear();
      const int head = head_ + best;
      for (int j = node(head).down; j != head; j = node(j).down) {
        out->push_back(scope()[static_cast<std::size_t>(node(j).row)]);
      }
    }
    return best_size;
  }

 private:
  struct link {
    int up;
    int down;
    int col;
    int row;  // the scope position; -1 for a column's head
  };
  enum : unsigned char { free_row, zero_row, one_row };

  [[nodiscard]] const link& node(int j) const { return nodes_[static_cast<std::size_t>(j)]; }
  // The log's entries past the trailed length belong to levels the space left: undo them.
  void catch_up(const space& s) const {
    const auto keep = static_cast<std::size_t>(s.cell(logged_));
    while (log_.size() > keep) {
      const int e = log_.back();
      log_.pop_back();
      if (e < 0) {
        state_[static_cast<std::size_t>(-1 - e)] = free_row;
        continue;
      }
      link& l = nodes_[static_cast<std::size_t>(e)];
      nodes_[static_cast<std::size_t>(l.up)].down = e;
      nodes_[static_cast<std::size_t>(l.down)].up = e;
      ++size_[static_cast<std::size_t>(l.col)];
    }
  }
  void unlink(int j) {
    const link& l = nodes_[static_cast<std::size_t>(j)];
    nodes_[static_cast<std::size_t>(l.up)].down = l.down;
    nodes_[static_cast<std::size_t>(l.down)].up = l.up;
    --size_[static_cast<std::size_t>(l.col)];
    log_.push_back(j);
  }
  void mark(int p, unsigned char st) {
    state_[static_cast<std::size_t>(p)] = st;
    log_.push_back(-1 - p);
  }

  // Row p is 0: it leaves its columns but `skip` (being covered). A column not covered yet with
  // no row left fails; with one left, that one is forced to 1.
  bool settle_zero(space& s, int p, int skip) {
    mark(p, zero_row);
    const int end = row_start_[static_cast<std::size_t>(p) + 1];
    for (int j = row_start_[static_cast<std::size_t>(p)]; j < end; ++j) {
      const int c = node(j).col;
      if (c == skip) continue;
      unlink(j);
      const int k = size_[static_cast<std::size_t>(c)];
      if (k <= 1 && s.cell(one_ + c) < 0) {
        if (k == 0) return false;  // no row can cover it
        forced_.push_back(node(node(head_ + c).down).row);
      }
    }
    return true;
  }
  // Row p (free) is 1: it leaves its columns and owns them.
  bool settle_one(space& s, int p) {
    mark(p, one_row);
    const int end = row_start_[static_cast<std::size_t>(p) + 1];
    for (int j = row_start_[static_cast<std::size_t>(p)]; j < end; ++j) {
      const int c = node(j).col;
      if (s.cell(one_ + c) >= 0) return false;  // another row owns it
      unlink(j);
      s.set_cell(one_ + c, p);
      --s.cell_to_change(uncovered_);
    }
    return true;
  }
  // Cover p's columns as dancing links does: every row left in them is 0 and leaves its other
  // columns (a covered column keeps its list: nothing reads it until it is uncovered).
  bool cover_columns(space& s, int p) {
    const int end = row_start_[static_cast<std::size_t>(p) + 1];
    for (int j = row_start_[static_cast<std::size_t>(p)]; j < end; ++j) {
      const int c = node(j).col;
      const int head = head_ + c;
      // Settling a row unlinks only its other columns, so this list stays as it is.
      for (int i = node(head).down; i != head; i = node(i).down) {
        const int q = node(i).row;
        // A row still listed is not fixed: the zeros left their columns when settled, and
        // every pending one was settled before any column is covered.
        if (keeps_zeros_) {
          ++kept_;
        } else if (!s.assign(scope()[static_cast<std::size_t>(q)], 0)) {
          return false;
        }
        if (!settle_zero(s, q, c)) return false;
      }
    }
    return true;
  }

  bool cover(space& s, std::span<const int> changed, bool sweep) {
    catch_up(s);
    work_.clear();
    forced_.clear();
    kept_ = 0;
    if (sweep) {
      for (std::size_t p = 0; p < scope().size(); ++p) {
        if (s.fixed(scope()[p])) work_.push_back(static_cast<int>(p));
      }
    } else {
      for (const int p : changed) {
        if (s.fixed(scope()[static_cast<std::size_t>(p)])) work_.push_back(p);
      }
    }
    const bool ok = settle(s);
    s.note_removals(kept_);
    s.set_cell(logged_, static_cast<std::int64_t>(log_.size()));
    if (!ok) {
      s.fail();
      return false;
    }
    if (keeps_zeros_ && s.cell(uncovered_) == 0) {
      // Every column is covered: the zeros kept in the lists go into the domains, so the search
      // sees a solution (they were counted when kept).
      for (const int x : scope()) {
        if (!s.fixed(x)) s.settle(x, 0);
      }
    }
    return true;
  }
  // The zeros of work_ first (they may force ones); then the ones, all settled before any
  // column is covered (two ones in a column fail there, and a covering never meets a pending
  // one); the ones forced meanwhile are the next round.
  bool settle(space& s) {
    for (const int p : work_) {
      if (s.value(scope()[static_cast<std::size_t>(p)]) == 0 &&
          state_[static_cast<std::size_t>(p)] == free_row && !settle_zero(s, p, -1)) {
        return false;
      }
    }
    std::size_t from = 0;
    while (from < work_.size()) {
      const std::size_t end = work_.size();
      fresh_.clear();
      for (std::size_t i = from; i < end; ++i) {
        const int p = work_[i];
        if (s.value(scope()[static_cast<std::size_t>(p)]) != 1) continue;
        const unsigned char st = state_[static_cast<std::size_t>(p)];
        if (st == one_row) continue;  // settled by an earlier pass (forward checking's sweep)
        if (st == zero_row || !settle_one(s, p)) return false;
        fresh_.push_back(p);
      }
      for (const int p : fresh_) {
        if (!cover_columns(s, p)) return false;
      }
      from = end;
      for (const int f : forced_) {
        const int x = scope()[static_cast<std::size_t>(f)];
        if (s.fixed(x) && s.value(x) == 1) continue;
        if (!s.assign(x, 1)) return false;
        work_.push_back(f);
      }
      forced_.clear();
    }
    return true;
  }

  std::vector<std::vector<int>> columns_;  // the variables of each column, as stated
  std::vector<int> row_start_;             // row p's nodes: [row_start_[p], row_start_[p + 1])
  int head_ = 0;                           // column c's head is node head_ + c
  // The lists, their sizes, the rows' states and the log change in const options() too: it
  // first undoes what the space's backtracking left to undo (catch_up).
  mutable std::vector<link> nodes_;
  mutable std::vector<int> size_;  // per column: the rows listed
  mutable std::vector<unsigned char> state_;
  mutable std::vector<int> log_;  // unlinked nodes, and -1 - p for row p's state
  int one_ = 0;                   // cells: per column, the row fixed to 1, or -1
  int uncovered_ = 0;             // cell: the columns with no row fixed to 1
  int logged_ = 0;                // cell: the log's length at this level
  bool keeps_zeros_ = false;      // chosen_by_options()
  std::uint64_t kept_ = 0;        // zeros kept in the lists by this run
  std::vector<int> work_;
  std::vector<int> forced_;
  std::vector<int> fresh_;  // the ones settled by this round, to cover
};

}  // namespace

std::unique_ptr<propagator> make_exact_cover(space& s,
                                             const std::vector<std::vector<int>>& columns) {
  return std::make_unique<exact_cover_prop>(s, columns);
}

}  // namespace bt::cp
