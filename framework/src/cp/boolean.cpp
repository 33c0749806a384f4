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
    // The variables (scope positions) and, for each, its columns and its place in each.
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
    std::vector<std::vector<std::pair<int, int>>> of(n);  // (column, index in the column)
    col_start_.push_back(0);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      for (const int x : columns[c]) {
        const auto p = static_cast<std::size_t>(pos_of[static_cast<std::size_t>(x)]);
        const int k = static_cast<int>(members_.size() - col_start_[c]);
        of[p].push_back({static_cast<int>(c), k});
        members_.push_back(k);
        order_.push_back(static_cast<int>(p));
        place_.push_back(k);
      }
      col_start_.push_back(members_.size());
    }
    // members_[start + i]: the k held by set slot i; place_[start + k]: the slot of the
    // column's k-th variable; order_[start + k]: its position (in the constraint's order).
    var_start_.push_back(0);
    for (std::size_t p = 0; p < n; ++p) {
      for (const auto& [c, k] : of[p]) {
        var_cols_.push_back(c);
        var_index_.push_back(k);
      }
      var_start_.push_back(var_cols_.size());
    }
    cur_free_.assign(columns.size(), 0);
    dirty_.assign(columns.size(), 0);
    free_ = s.new_cells(static_cast<int>(columns.size()), 0);
    one_ = s.new_cells(static_cast<int>(columns.size()), -1);
    for (std::size_t c = 0; c < columns.size(); ++c) {
      s.set_cell(free_ + static_cast<int>(c),
                 static_cast<std::int64_t>(col_start_[c + 1] - col_start_[c]));
    }
  }

  bool propagate(space& s) override { return run(s, s.modified(id()), false); }
  // Forward checking runs alone, after passes it was not told of: every variable again.
  bool forward(space& s, int) override { return run(s, {}, true); }

  [[nodiscard]] bool holds(const space& s) const override {
    for (std::size_t c = 0; c + 1 < col_start_.size(); ++c) {
      int ones = 0;
      for (std::size_t k = col_start_[c]; k < col_start_[c + 1]; ++k) {
        ones += s.value(scope()[static_cast<std::size_t>(order_[k])]) == 1 ? 1 : 0;
      }
      if (ones != 1) return false;
    }
    return true;
  }
  void print(std::ostream& os, const space& s) const override {
    if (col_start_.size() == 2) {
      os << "exactly-one(";
      for (std::size_t k = 0; k < col_start_[1]; ++k) {
        os << (k ? ", " : "") << s.name(scope()[static_cast<std::size_t>(order_[k])]);
      }
      os << ')';
      return;
    }
    os << "exactly-one on each of " << col_start_.size() - 1 << " columns over " << scope().size()
       << " variables";
  }
  int options(const space& s, std::vector<int>* out) const override {
    int best = -1;
    std::int64_t best_free = 0;
    for (std::size_t c = 0; c + 1 < col_start_.size(); ++c) {
      if (s.cell(one_ + static_cast<int>(c)) >= 0) continue;
      const std::int64_t f = s.cell(free_ + static_cast<int>(c));
      if (best < 0 || f < best_free) {
        best = static_cast<int>(c);
        best_free = f;
        if (f <= 1) break;
      }
    }
    if (best < 0) return -1;
    if (out != nullptr) {
      out->clear();
      const std::size_t b = col_start_[static_cast<std::size_t>(best)];
      for (std::size_t k = b; k < col_start_[static_cast<std::size_t>(best) + 1]; ++k) {
        const int x = scope()[static_cast<std::size_t>(order_[k])];
        // In the constraint's order: a slot is free when it lies in the free prefix.
        if (static_cast<std::int64_t>(place_[k]) < best_free && !s.fixed(x)) out->push_back(x);
      }
    }
    return static_cast<int>(best_free);
  }

 private:
  // Take position p (now fixed) out of its columns; cover them when it is 1.
  bool settle(space& s, int p) {
    const auto pp = static_cast<std::size_t>(p);
    const bool is_one = s.value(scope()[pp]) == 1;
    for (std::size_t j = var_start_[pp]; j < var_start_[pp + 1]; ++j) {
      const auto c = static_cast<std::size_t>(var_cols_[j]);
      const int cell_one = one_ + static_cast<int>(c);
      std::size_t& free = free_of(s, c);
      if (!take_out(c, static_cast<std::size_t>(var_index_[j]), free)) {
        if (is_one && s.cell(cell_one) >= 0 && s.cell(cell_one) != p) return false;
        continue;  // settled before
      }
      if (is_one) {
        const std::int64_t other = s.cell(cell_one);
        if (other >= 0 && other != p) return false;
        s.set_cell(cell_one, p);
      } else if (s.cell(cell_one) < 0) {
        if (free == 0) return false;  // no variable can cover it
        if (free == 1) {              // its last one must
          forced_.push_back(
              order_[col_start_[c] + static_cast<std::size_t>(members_[col_start_[c]])]);
        }
      }
    }
    return true;
  }
  // The slot of the column's k-th variable leaves the free prefix [0, free): false when it was
  // out already.
  bool take_out(std::size_t c, std::size_t k, std::size_t& free) {
    const std::size_t b = col_start_[c];
    const auto at = static_cast<std::size_t>(place_[b + k]);
    if (at >= free) return false;
    const std::size_t last = free - 1;
    const int moved_k = members_[b + last];
    members_[b + at] = moved_k;
    place_[b + static_cast<std::size_t>(moved_k)] = static_cast<int>(at);
    members_[b + last] = static_cast<int>(k);
    place_[b + k] = static_cast<int>(last);
    --free;
    return true;
  }

  // A column's free count during a run: read from its cell once, written back at the end.
  std::size_t& free_of(const space& s, std::size_t c) {
    if (dirty_[c] == 0) {
      dirty_[c] = 1;
      dirty_list_.push_back(static_cast<int>(c));
      cur_free_[c] = static_cast<std::size_t>(s.cell(free_ + static_cast<int>(c)));
    }
    return cur_free_[c];
  }
  void write_back(space& s) {
    for (const int c : dirty_list_) {
      s.set_cell(free_ + c, static_cast<std::int64_t>(cur_free_[static_cast<std::size_t>(c)]));
      dirty_[static_cast<std::size_t>(c)] = 0;
    }
    dirty_list_.clear();
  }

  bool run(space& s, std::span<const int> changed, bool sweep) {
    const bool ok = cover(s, changed, sweep);
    write_back(s);
    return ok;
  }
  bool cover(space& s, std::span<const int> changed, bool sweep) {
    // Settle the positions fixed since the last run, then cover: the columns given a 1 fix
    // their other free variables to 0, which are settled in turn.
    work_.clear();
    if (sweep) {
      for (std::size_t p = 0; p < scope().size(); ++p) {
        if (s.fixed(scope()[p])) work_.push_back(static_cast<int>(p));
      }
    } else {
      for (const int p : changed) {
        if (s.fixed(scope()[static_cast<std::size_t>(p)])) work_.push_back(p);
      }
    }
    forced_.clear();
    for (std::size_t i = 0; i < work_.size(); ++i) {
      const int p = work_[i];
      if (!settle(s, p)) {
        s.fail();
        return false;
      }
      if (i + 1 == work_.size()) {  // then the columns left with one variable: it is 1
        for (const int f : forced_) {
          const int x = scope()[static_cast<std::size_t>(f)];
          if (s.fixed(x) && s.value(x) == 1) continue;
          if (!s.assign(x, 1)) return false;
          work_.push_back(f);
        }
        forced_.clear();
      }
      if (s.value(scope()[static_cast<std::size_t>(p)]) != 1) continue;
      const auto pp = static_cast<std::size_t>(p);
      for (std::size_t j = var_start_[pp]; j < var_start_[pp + 1]; ++j) {
        const auto c = static_cast<std::size_t>(var_cols_[j]);
        const std::size_t free = free_of(s, c);
        const std::size_t b = col_start_[c];
        // Zero the column's free variables (a copy: settling them reorders the set).
        zero_.clear();
        for (std::size_t slot = 0; slot < free; ++slot) {
          zero_.push_back(order_[b + static_cast<std::size_t>(members_[b + slot])]);
        }
        for (const int q : zero_) {
          const int x = scope()[static_cast<std::size_t>(q)];
          if (s.fixed(x)) {  // zeroed by another column of this cover, settled below
            if (s.value(x) != 0) return false;
            continue;
          }
          if (!s.assign(x, 0)) return false;
          work_.push_back(q);
        }
      }
    }
    return true;
  }

  std::vector<std::size_t> col_start_;  // each column's slots: [col_start_[c], col_start_[c+1])
  std::vector<int> members_;            // per slot: the position it holds (sparse sets)
  std::vector<int> place_;              // per (column, k): the slot holding its k-th variable
  std::vector<int> order_;              // per (column, k): the position, in the given order
  std::vector<std::size_t> var_start_;  // each position's columns
  std::vector<int> var_cols_;
  std::vector<int> var_index_;  // and its k in each
  int free_ = 0;                // cells: per column, the free slots
  int one_ = 0;                 // cells: per column, the position fixed to 1, or -1
  std::vector<int> work_;
  std::vector<int> zero_;
  std::vector<int> forced_;
  std::vector<std::size_t> cur_free_;  // during a run: the columns' free counts
  std::vector<unsigned char> dirty_;   // which of them were read
  std::vector<int> dirty_list_;
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
