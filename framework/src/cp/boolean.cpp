// SPDX-License-Identifier: MIT
// Constraints over 0/1 variables: clauses, reified conjunction and disjunction, xor, and the
// exactly-one of an exact cover's column.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

// At least one literal true: x[i] = 1 for i < npos, x[i] = 0 after.
class clause_prop final : public propagator {
 public:
  clause_prop(const std::vector<int>& pos, const std::vector<int>& neg)
      : propagator("clause", priority::linear), npos_(pos.size()) {
    for (const int x : pos) watch(x, event::fixed);
    for (const int x : neg) watch(x, event::fixed);
  }
  bool propagate(space& s) override {
    int free = -1;
    int frees = 0;
    const auto xs = scope();
    for (std::size_t i = 0; i < xs.size(); ++i) {
      const value_t want = i < npos_ ? 1 : 0;
      if (s.fixed(xs[i])) {
        if (s.value(xs[i]) == want) return true;  // satisfied
        continue;
      }
      if (free >= 0 && xs[static_cast<std::size_t>(free)] == xs[i]) {
        // x and not x both in the clause: satisfied by either value
        if ((static_cast<std::size_t>(free) < npos_) != (i < npos_)) return true;
        continue;
      }
      free = static_cast<int>(i);
      if (++frees > 1) return true;
    }
    if (frees == 0) {
      s.fail();
      return false;
    }
    return s.assign(xs[static_cast<std::size_t>(free)],
                    static_cast<std::size_t>(free) < npos_ ? 1 : 0);
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const auto xs = scope();
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (s.value(xs[i]) == (i < npos_ ? 1 : 0)) return true;
    }
    return false;
  }
  void print(std::ostream& os, const space& s) const override {
    const auto xs = scope();
    for (std::size_t i = 0; i < xs.size(); ++i) {
      os << (i ? " or " : "") << (i < npos_ ? "" : "not ") << s.name(xs[i]);
    }
    if (xs.empty()) os << "false";
  }

 private:
  std::size_t npos_;
};

// b <-> and(x) (conj) or b <-> or(x).
class junction_reif final : public propagator {
 public:
  junction_reif(const std::vector<int>& x, int b, bool conj)
      : propagator(conj ? "and" : "or", priority::linear), conj_(conj), n_(x.size()) {
    for (const int v : x) watch(v, event::fixed);
    watch(b, event::fixed);
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    // As and; or is and with every value flipped (dominant = 0 for and, 1 for or).
    const value_t dominant = conj_ ? 0 : 1;
    const auto xs = scope().first(n_);
    const int b = scope()[n_];
    int free = -1;
    int frees = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      if (s.fixed(xs[i])) {
        if (s.value(xs[i]) == dominant) return s.assign(b, dominant);
        continue;
      }
      if (free < 0 || xs[static_cast<std::size_t>(free)] != xs[i]) ++frees;
      free = static_cast<int>(i);
    }
    if (frees == 0) return s.assign(b, 1 - dominant);
    if (!s.fixed(b)) return true;
    if (s.value(b) == 1 - dominant) {  // every x takes the other value
      for (std::size_t i = 0; i < n_; ++i) {
        if (!s.assign(xs[i], 1 - dominant)) return false;
      }
      return true;
    }
    // b is dominant: some x is; when one is left free, it is.
    if (frees == 1) return s.assign(xs[static_cast<std::size_t>(free)], dominant);
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    bool all = true;
    bool any = false;
    for (std::size_t i = 0; i < n_; ++i) {
      const bool v = s.value(scope()[i]) == 1;
      all = all && v;
      any = any || v;
    }
    return s.value(scope()[n_]) == ((conj_ ? all : any) ? 1 : 0);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[n_]) << " <-> " << (conj_ ? "and(" : "or(");
    detail::put_list(os, s, scope().first(n_));
    os << ')';
  }

 private:
  bool conj_;
  std::size_t n_;
};

class xor_prop final : public propagator {
 public:
  xor_prop(int a, int b, int c) : propagator("xor", priority::cheap) {
    watch(a, event::fixed);
    watch(b, event::fixed);
    watch(c, event::fixed);
  }
  bool propagate(space& s) override {
    const int a = scope()[0], b = scope()[1], c = scope()[2];
    const int fixed = (s.fixed(a) ? 1 : 0) + (s.fixed(b) ? 1 : 0) + (s.fixed(c) ? 1 : 0);
    if (fixed < 2) return true;
    if (!s.fixed(c)) return s.assign(c, s.value(a) ^ s.value(b));
    if (!s.fixed(a)) return s.assign(a, s.value(b) ^ s.value(c));
    if (!s.fixed(b)) return s.assign(b, s.value(a) ^ s.value(c));
    if ((s.value(a) ^ s.value(b)) != s.value(c)) {
      s.fail();
      return false;
    }
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    return (s.value(scope()[0]) ^ s.value(scope()[1])) == s.value(scope()[2]);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[2]) << " <-> " << s.name(scope()[0]) << " xor " << s.name(scope()[1]);
  }
};

// The exactly-one constraints of a model (an exact cover's columns), as one propagator over
// their 0/1 variables: Knuth's dancing links with a trail. Each column keeps its variables
// that can still be 1 as a reversible sparse set (MiniCP's: an array whose first `free` entries
// are those, each variable's place in it; only `free` is trailed), so a variable fixed to 0
// leaves its columns in O(1) each, and a variable fixed to 1 covers its columns: every other
// variable of theirs is fixed to 0, as dancing links covers a column. One subscription per
// variable, whatever the number of its columns.
class exact_cover_prop final : public propagator {
 public:
  exact_cover_prop(space& s, const std::vector<std::vector<int>>& columns)
      : propagator("exact cover", priority::linear) {
    // The variables (scope positions) and, for each, its columns and its entry in each.
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
    std::vector<std::vector<link>> of(n);
    col_start_.push_back(0);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      for (const int x : columns[c]) {
        const int p = pos_of[static_cast<std::size_t>(x)];
        const int e = static_cast<int>(entries_.size());
        of[static_cast<std::size_t>(p)].push_back({static_cast<int>(c), e, col_start_[c]});
        entries_.push_back({p, x});
        slot_entry_.push_back(e);
        entry_slot_.push_back(e);
      }
      col_start_.push_back(static_cast<int>(entries_.size()));
    }
    pos_start_.push_back(0);
    for (std::size_t p = 0; p < n; ++p) {
      links_.insert(links_.end(), of[p].begin(), of[p].end());
      pos_start_.push_back(static_cast<int>(links_.size()));
    }
    free_ = s.new_cells(static_cast<int>(columns.size()), 0);
    one_ = s.new_cells(static_cast<int>(columns.size()), -1);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      s.set_cell(free_ + static_cast<int>(c),
                 static_cast<std::int64_t>(col_start_[c + 1] - col_start_[c]));
    }
  }

  bool propagate(space& s) override { return cover(s, s.modified(id()), false); }
  // Forward checking runs alone, after passes it was not told of: every variable again.
  bool forward(space& s, int) override { return cover(s, {}, true); }

  [[nodiscard]] bool holds(const space& s) const override {
    for (std::size_t c = 0; c + 1 < col_start_.size(); ++c) {
      int ones = 0;
      for (int e = col_start_[c]; e < col_start_[c + 1]; ++e) {
        ones += s.value(x_of(e)) == 1 ? 1 : 0;
      }
      if (ones != 1) return false;
    }
    return true;
  }
  void print(std::ostream& os, const space& s) const override {
    if (col_start_.size() == 2) {
      os << "exactly-one(";
      for (int e = 0; e < col_start_[1]; ++e) os << (e ? ", " : "") << s.name(x_of(e));
      os << ')';
      return;
    }
    os << "exactly-one on each of " << col_start_.size() - 1 << " columns over " << scope().size()
       << " variables";
  }
  int options(const space& s, std::vector<int>* out) const override {
    int best = -1;
    std::int64_t best_free = 0;
    for (int c = 0; c + 1 < static_cast<int>(col_start_.size()); ++c) {
      if (s.cell(one_ + c) >= 0) continue;
      const std::int64_t f = s.cell(free_ + c);
      if (best < 0 || f < best_free) {
        best = c;
        best_free = f;
        if (f <= 1) break;
      }
    }
    if (best < 0) return -1;
    if (out != nullptr) {
      out->clear();
      const int b = col_start_[static_cast<std::size_t>(best)];
      for (int e = b; e < col_start_[static_cast<std::size_t>(best) + 1]; ++e) {
        // In the constraint's order: an entry is free when its slot lies in the free prefix.
        const int x = x_of(e);
        if (entry_slot_[static_cast<std::size_t>(e)] < b + best_free && !s.fixed(x)) {
          out->push_back(x);
        }
      }
    }
    return static_cast<int>(best_free);
  }

 private:
  struct link {
    int col;    // a column of the position
    int entry;  // the position's entry in it
    int base;   // the column's first slot
  };
  struct entry {
    int pos;  // the position in the scope
    int x;    // its variable
  };
  [[nodiscard]] int x_of(int e) const { return entries_[static_cast<std::size_t>(e)].x; }
  [[nodiscard]] std::span<const link> links_of(int p) const {
    return {links_.data() + pos_start_[static_cast<std::size_t>(p)],
            links_.data() + pos_start_[static_cast<std::size_t>(p) + 1]};
  }

  // Entry e's slot leaves the free prefix of the column starting at slot `base`, whose count is
  // `free`: false when it was out already. Only the count is trailed: the slots of [0, free) before
  // the change hold the same entries after it, in another order (MiniCP's reversible sparse set).
  bool take_out(int base, int e, std::int64_t free) {
    const int at = entry_slot_[static_cast<std::size_t>(e)];
    const int last = base + static_cast<int>(free) - 1;
    if (at > last) return false;
    const int moved = slot_entry_[static_cast<std::size_t>(last)];
    slot_entry_[static_cast<std::size_t>(at)] = moved;
    entry_slot_[static_cast<std::size_t>(moved)] = at;
    slot_entry_[static_cast<std::size_t>(last)] = e;
    entry_slot_[static_cast<std::size_t>(e)] = last;
    return true;
  }

  // Position p was fixed to 0: it leaves its columns but `skip` (being covered). A column not
  // covered yet with no free entry left fails; with one left, that one is forced to 1.
  bool settle_zero(space& s, int p, int skip) {
    for (const link& l : links_of(p)) {
      if (l.col == skip) continue;
      const int cell = free_ + l.col;
      const std::int64_t free = s.cell(cell);
      if (!take_out(l.base, l.entry, free)) continue;  // out already
      --s.cell_to_change(cell);
      if (free <= 2 && s.cell(one_ + l.col) < 0) {
        if (free == 1) return false;  // no variable can cover it
        forced_.push_back(
            entries_[static_cast<std::size_t>(slot_entry_[static_cast<std::size_t>(l.base)])].pos);
      }
    }
    return true;
  }
  // Position p was fixed to 1: it leaves its columns and owns them.
  bool settle_one(space& s, int p) {
    for (const link& l : links_of(p)) {
      const int one = one_ + l.col;
      const std::int64_t other = s.cell(one);
      if (other >= 0 && other != p) return false;
      const int cell = free_ + l.col;
      const std::int64_t free = s.cell(cell);
      if (take_out(l.base, l.entry, free)) s.set_cell(cell, free - 1);
      s.set_cell(one, p);
    }
    return true;
  }
  // Cover p's columns as dancing links does: every free entry of theirs is fixed to 0 and
  // leaves its other columns; the column's count drops to 0 at once.
  bool cover_columns(space& s, int p) {
    for (const link& l : links_of(p)) {
      const int cell = free_ + l.col;
      const auto free = static_cast<int>(s.cell(cell));
      if (free == 0) continue;
      const int b = l.base;
      // Settling an entry reorders only its other columns, so this column's slots stay put.
      for (int slot = b; slot < b + free; ++slot) {
        const entry& en =
            entries_[static_cast<std::size_t>(slot_entry_[static_cast<std::size_t>(slot)])];
        // The fixed variables were settled (the zeros) or are ones, which assign() refuses.
        if (!s.assign(en.x, 0) || !settle_zero(s, en.pos, l.col)) return false;
      }
      s.set_cell(cell, 0);
    }
    return true;
  }

  bool cover(space& s, std::span<const int> changed, bool sweep) {
    work_.clear();
    forced_.clear();
    if (sweep) {
      for (std::size_t p = 0; p < scope().size(); ++p) {
        if (s.fixed(scope()[p])) work_.push_back(static_cast<int>(p));
      }
    } else {
      for (const int p : changed) {
        if (s.fixed(scope()[static_cast<std::size_t>(p)])) work_.push_back(p);
      }
    }
    // The zeros first (they may force ones), then the ones, which cover; forced ones join the
    // work until nothing is left.
    bool ok = true;
    for (const int p : work_) {
      if (s.value(scope()[static_cast<std::size_t>(p)]) == 0 && !settle_zero(s, p, -1)) {
        ok = false;
        break;
      }
    }
    for (std::size_t i = 0; ok && i < work_.size(); ++i) {
      const int p = work_[i];
      if (s.value(scope()[static_cast<std::size_t>(p)]) == 1) {
        ok = settle_one(s, p) && cover_columns(s, p);
      }
      if (ok && i + 1 == work_.size()) {
        for (const int f : forced_) {
          const int x = scope()[static_cast<std::size_t>(f)];
          if (s.fixed(x) && s.value(x) == 1) continue;
          if (!s.assign(x, 1)) return false;
          work_.push_back(f);
        }
        forced_.clear();
      }
    }
    if (!ok) s.fail();
    return ok;
  }

  std::vector<int> col_start_;  // each column's entries and slots: [col_start_[c], col_start_[c+1])
  std::vector<entry> entries_;  // in the columns' order
  std::vector<int> slot_entry_;  // per slot: the entry it holds (sparse sets)
  std::vector<int> entry_slot_;  // per entry: the slot holding it
  std::vector<int> pos_start_;   // each position's links: [pos_start_[p], pos_start_[p+1])
  std::vector<link> links_;
  int free_ = 0;  // cells: per column, the free slots
  int one_ = 0;   // cells: per column, the position fixed to 1, or -1
  std::vector<int> work_;
  std::vector<int> forced_;
};

void zero_one(model& m, const std::vector<int>& x) {
  for (const int v : x) m.narrow(v, 0, 1);
}

}  // namespace

std::unique_ptr<propagator> make_exact_cover(space& s,
                                             const std::vector<std::vector<int>>& columns) {
  return std::make_unique<exact_cover_prop>(s, columns);
}

void clause(model& m, std::vector<int> pos, std::vector<int> neg) {
  zero_one(m, pos);
  zero_one(m, neg);
  m.add([pos, neg](space&) { return std::make_unique<clause_prop>(pos, neg); });
}

void and_reif(model& m, std::vector<int> x, int b) {
  zero_one(m, x);
  zero_one(m, {b});
  m.add([x, b](space&) { return std::make_unique<junction_reif>(x, b, true); });
}

void or_reif(model& m, std::vector<int> x, int b) {
  zero_one(m, x);
  zero_one(m, {b});
  m.add([x, b](space&) { return std::make_unique<junction_reif>(x, b, false); });
}

void xor_reif(model& m, int a, int b, int c) {
  zero_one(m, {a, b, c});
  m.add([=](space&) { return std::make_unique<xor_prop>(a, b, c); });
}

void exactly_one(model& m, std::vector<int> x) {
  std::vector<int> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    throw std::invalid_argument("exactly_one: a variable is listed twice");
  }
  zero_one(m, x);
  if (x.empty()) {
    m.narrow(m.constant(0), 1, 0);  // exactly one of nothing: infeasible
    return;
  }
  m.add_column(std::move(x));
}

}  // namespace bt::cp
