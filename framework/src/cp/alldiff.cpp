// SPDX-License-Identifier: MIT
// all-different in three strengths: value (a fixed variable's value leaves the others), bounds
// (Hall intervals) and domain (Régin 1994: a maximum matching of variables to values, then
// every edge outside the matching that lies on no alternating cycle and no alternating path
// from a free value is removed).
#include <algorithm>
#include <bit>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

// The terms x[i] + c[i] of an all-different: offsets shift each variable's values.
struct terms {
  std::vector<value_t> c;  // per scope position
  value_t at(std::size_t i) const { return c.empty() ? 0 : c[i]; }
};

// --- value ---

// Remove the values of the fixed variables at positions `work` from the others, following
// the variables it fixes in turn (with cascade; forward checking does not).
bool value_pass(space& s, std::span<const int> xs, const terms& t, std::vector<int>& work,
                bool cascade = true) {
  while (!work.empty()) {
    const int i = work.back();
    work.pop_back();
    const int x = xs[static_cast<std::size_t>(i)];
    const value_t v = s.value(x) + t.at(static_cast<std::size_t>(i));
    if (s.listened()) s.because(x);
    for (std::size_t j = 0; j < xs.size(); ++j) {
      const int y = xs[j];
      if (static_cast<int>(j) == i) continue;
      const value_t w = v - t.at(j);  // y's value that would take v
      if (y == x) {  // the same variable twice: both terms equal only when offsets are equal
        if (w == s.value(x)) {
          s.fail();
          return false;
        }
        continue;
      }
      if (!s.contains(y, w)) continue;
      const bool was_fixed = s.fixed(y);
      if (!s.remove(y, w)) return false;
      if (cascade && !was_fixed && s.fixed(y)) work.push_back(static_cast<int>(j));
    }
  }
  return true;
}

bool distinct_values(const space& s, std::span<const int> xs, const terms& t, bool fixed_only) {
  std::vector<value_t> v;
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (!fixed_only || s.fixed(xs[i])) v.push_back(s.value(xs[i]) + t.at(i));
  }
  std::sort(v.begin(), v.end());
  return std::adjacent_find(v.begin(), v.end()) == v.end();
}

// The fixed variables whose term equals one of x's (the pairs that failed).
void conflicting(const space& s, std::span<const int> xs, const terms& t, int x,
                 std::vector<int>& out) {
  out.clear();
  for (std::size_t i = 0; i < xs.size(); ++i) {
    if (xs[i] != x) continue;
    const value_t v = s.value(x) + t.at(i);
    for (std::size_t j = 0; j < xs.size(); ++j) {
      if (xs[j] == x || !s.fixed(xs[j]) || s.value(xs[j]) + t.at(j) != v) continue;
      if (std::find(out.begin(), out.end(), xs[j]) == out.end()) out.push_back(xs[j]);
    }
  }
}

void print_terms(std::ostream& os, const space& s, std::span<const int> xs, const terms& t) {
  os << "all-different(";
  for (std::size_t i = 0; i < xs.size(); ++i) {
    os << (i ? ", " : "") << s.name(xs[i]);
    const value_t c = t.at(i);
    if (c > 0) os << " + " << c;
    if (c < 0) os << " - " << -c;
  }
  os << ')';
}

// What the three consistencies share: the terms, forward checking (the assigned value leaves
// the others), the value pass over the variables fixed since the last run, and the checks,
// culprits and words of a pairwise all-different.
class alldiff_base : public propagator {
 public:
  alldiff_base(const char* name, cp::priority p, const std::vector<int>& x, event e, terms t)
      : propagator(name, p), t_(std::move(t)) {
    for (const int v : x) watch(v, e);
    track_changes();
  }
  bool forward(space& s, int pos) override {
    work_.assign(1, pos);
    return value_pass(s, scope(), t_, work_, false);
  }
  [[nodiscard]] bool holds(const space& s) const override {
    return distinct_values(s, scope(), t_, false);
  }
  [[nodiscard]] bool holds_so_far(const space& s) const override {
    return distinct_values(s, scope(), t_, true);
  }
  void print(std::ostream& os, const space& s) const override { print_terms(os, s, scope(), t_); }
  void conflict(const space& s, int x, std::vector<int>& out) const override {
    conflicting(s, scope(), t_, x, out);
  }

 protected:
  // The value pass over the scope's variables fixed since this propagator last ran.
  bool fixed_values_pass(space& s) {
    work_.clear();
    for (const int pos : s.modified(id())) {
      if (s.fixed(scope()[static_cast<std::size_t>(pos)])) work_.push_back(pos);
    }
    return value_pass(s, scope(), t_, work_);
  }

  terms t_;

 private:
  std::vector<int> work_;
};

class alldiff_value final : public alldiff_base {
 public:
  alldiff_value(const std::vector<int>& x, terms t)
      : alldiff_base("all-different", priority::linear, x, event::fixed, std::move(t)) {}
  bool propagate(space& s) override { return fixed_values_pass(s); }
};

// --- bounds: Hall intervals in O(n log n) (López-Ortiz, Quimper, Tromp and van Beek 2003) ---

// The pass's work arrays, kept between runs (no allocation once sized).
struct bounds_work {
  struct interval {
    value_t lo = 0, hi = 0;  // the term's bounds; hi is inclusive
    int minrank = 0, maxrank = 0;
    std::size_t pos = 0;  // scope position
  };
  std::vector<interval> iv;
  std::vector<interval*> minsorted, maxsorted;
  std::vector<value_t> bounds, d;
  std::vector<int> t, h;
};

int pathmax(const std::vector<int>& a, int i) {
  while (a[static_cast<std::size_t>(i)] > i) i = a[static_cast<std::size_t>(i)];
  return i;
}
int pathmin(const std::vector<int>& a, int i) {
  while (a[static_cast<std::size_t>(i)] < i) i = a[static_cast<std::size_t>(i)];
  return i;
}
void pathset(std::vector<int>& a, int start, int end, int to) {
  int l = start;
  for (int k = l; k != end; k = l) {
    l = a[static_cast<std::size_t>(k)];
    a[static_cast<std::size_t>(k)] = to;
  }
}

// Sort v, which the last run left sorted by the bounds of then: between two runs a few bounds
// move, so insertion sort costs about n. When it has moved more than 4n entries the order was
// far off (after a long backtrack): std::sort does the rest.
template <class Less>
void nearly_sorted(std::vector<bounds_work::interval*>& v, Less less) {
  std::size_t budget = 4 * v.size();
  for (std::size_t i = 1; i < v.size(); ++i) {
    bounds_work::interval* const e = v[i];
    std::size_t j = i;
    while (j > 0 && less(e, v[j - 1])) {
      v[j] = v[j - 1];
      --j;
    }
    v[j] = e;
    const std::size_t moved = i - j;
    if (moved > budget) {
      std::sort(v.begin(), v.end(), less);
      return;
    }
    budget -= moved;
  }
}

// One run of the two sweeps over the terms' bounds: the lower bounds pushed above every Hall
// interval they start in, then the upper bounds below; false when some interval holds more
// terms than values (the union-find over the ranks keeps each sweep near linear after the
// sort). The new bounds are written into w.iv.
bool hall_sweeps(bounds_work& w) {
  auto& iv = w.iv;
  const std::size_t n = iv.size();
  auto& mins = w.minsorted;
  auto& maxs = w.maxsorted;
  if (mins.size() != n) {
    mins.resize(n);
    maxs.resize(n);
    for (std::size_t i = 0; i < n; ++i) mins[i] = maxs[i] = &iv[i];
  }
  nearly_sorted(mins, [](auto* a, auto* b) { return a->lo < b->lo; });
  nearly_sorted(maxs, [](auto* a, auto* b) { return a->hi < b->hi; });
  // The distinct bounds (each lo, each hi + 1), in order, with a sentinel at both ends.
  auto& bounds = w.bounds;
  bounds.assign(2 * n + 2, 0);
  value_t lo = mins[0]->lo;
  value_t hi = maxs[0]->hi + 1;
  value_t last = lo - 2;
  bounds[0] = last;
  int nb = 0;
  for (std::size_t i = 0, j = 0;;) {
    if (i < n && lo <= hi) {
      if (lo != last) bounds[static_cast<std::size_t>(++nb)] = last = lo;
      mins[i]->minrank = nb;
      if (++i < n) lo = mins[i]->lo;
    } else {
      if (hi != last) bounds[static_cast<std::size_t>(++nb)] = last = hi;
      maxs[j]->maxrank = nb;
      if (++j == n) break;
      hi = maxs[j]->hi + 1;
    }
  }
  const auto at = [](auto& v, int i) -> auto& { return v[static_cast<std::size_t>(i)]; };
  at(bounds, nb + 1) = at(bounds, nb) + 2;
  auto& t = w.t;
  auto& h = w.h;
  auto& d = w.d;
  t.assign(static_cast<std::size_t>(nb) + 2, 0);
  h.assign(static_cast<std::size_t>(nb) + 2, 0);
  d.assign(static_cast<std::size_t>(nb) + 2, 0);
  // Lower bounds, by increasing upper bound.
  for (int i = 1; i <= nb + 1; ++i) {
    at(t, i) = at(h, i) = i - 1;
    at(d, i) = at(bounds, i) - at(bounds, i - 1);
  }
  for (std::size_t i = 0; i < n; ++i) {
    const int x = maxs[i]->minrank;
    const int y = maxs[i]->maxrank;
    int z = pathmax(t, x + 1);
    const int j = at(t, z);
    if (--at(d, z) == 0) {
      at(t, z) = z + 1;
      z = pathmax(t, at(t, z));
      at(t, z) = j;
    }
    pathset(t, x + 1, z, z);
    if (at(d, z) < at(bounds, z) - at(bounds, y)) return false;
    if (at(h, x) > x) {
      const int k = pathmax(h, at(h, x));
      maxs[i]->lo = at(bounds, k);
      pathset(h, x, k, k);
    }
    if (at(d, z) == at(bounds, z) - at(bounds, y)) {
      pathset(h, at(h, y), j - 1, y);
      at(h, y) = j - 1;
    }
  }
  // Upper bounds, by decreasing lower bound.
  for (int i = 0; i <= nb; ++i) {
    at(t, i) = at(h, i) = i + 1;
    at(d, i) = at(bounds, i + 1) - at(bounds, i);
  }
  for (std::size_t i = n; i-- > 0;) {
    const int x = mins[i]->maxrank;
    const int y = mins[i]->minrank;
    int z = pathmin(t, x - 1);
    const int j = at(t, z);
    if (--at(d, z) == 0) {
      at(t, z) = z - 1;
      z = pathmin(t, at(t, z));
      at(t, z) = j;
    }
    pathset(t, x - 1, z, z);
    if (at(d, z) < at(bounds, y) - at(bounds, z)) return false;
    if (at(h, x) < x) {
      const int k = pathmin(h, at(h, x));
      mins[i]->hi = at(bounds, k) - 1;
      pathset(h, x, k, k);
    }
    if (at(d, z) == at(bounds, y) - at(bounds, z)) {
      pathset(h, at(h, y), j + 1, y);
      at(h, y) = j + 1;
    }
  }
  return true;
}

bool bounds_pass(space& s, std::span<const int> xs, const terms& t, bounds_work& w) {
  if (s.listened()) s.because(std::span<const int>{});
  const std::size_t n = xs.size();
  if (n == 0) return true;
  if (w.iv.size() != n) {
    w.iv.resize(n);
    w.minsorted.clear();  // they point into iv
  }
  // Until the bounds hold still: a bound moved onto a hole moves further, and that may make
  // another Hall interval. The sweeps' new bounds are bounds consistent (López-Ortiz et al.),
  // so when every bound landed where they said, a run more would move nothing.
  while (true) {
    for (std::size_t i = 0; i < n; ++i) {
      auto& v = w.iv[i];
      v.lo = s.min(xs[i]) + t.at(i);
      v.hi = s.max(xs[i]) + t.at(i);
      v.pos = i;
    }
    if (!hall_sweeps(w)) {
      s.fail();
      return false;
    }
    for (const auto& v : w.iv) {
      const int z = xs[v.pos];
      const value_t c = t.at(v.pos);
      if (v.lo > s.min(z) + c && !s.set_min(z, v.lo - c)) return false;
      if (v.hi < s.max(z) + c && !s.set_max(z, v.hi - c)) return false;
    }
    // A bound past the sweeps' (moved onto a hole, or by the same variable's other term)?
    bool further = false;
    for (const auto& v : w.iv) {
      const value_t c = t.at(v.pos);
      further = further || s.min(xs[v.pos]) + c != v.lo || s.max(xs[v.pos]) + c != v.hi;
    }
    if (!further) return true;
  }
}

// The values of the terms fixed so far, for the pass over the others: a Fenwick tree over the
// terms' range counting the values still open (not some fixed term's). Changes go to a log
// whose length is a trailed cell; what the space's backtracking cut off is undone at the next
// run (catch_up), newest first.
class fixed_values {
 public:
  /// Over the values [base, base + range).
  void reset(value_t base, std::size_t range) {
    base_ = base;
    tree_.assign(range + 1, 0);
    for (std::size_t i = 1; i <= range; ++i) tree_[i] = static_cast<int>(i & (~i + 1));
    top_ = std::bit_floor(range);
    closed_.assign(range, 0);
    log_.clear();
  }
  /// v becomes a fixed term's; false when another fixed term has it already.
  bool close(value_t v) {
    unsigned char& c = closed_[static_cast<std::size_t>(v - base_)];
    if (c != 0) return false;
    c = 1;
    add(v, -1);
    log_.push_back(v);
    return true;
  }
  /// Undo the closings past the first `keep`.
  void catch_up(std::size_t keep) {
    while (log_.size() > keep) {
      add(log_.back(), 1);
      closed_[static_cast<std::size_t>(log_.back() - base_)] = 0;
      log_.pop_back();
    }
  }
  [[nodiscard]] std::size_t logged() const { return log_.size(); }
  /// Whether a fixed term holds v.
  [[nodiscard]] bool closed(value_t v) const {
    return closed_[static_cast<std::size_t>(v - base_)] != 0;
  }
  /// The open values up to v (base - 1 <= v < base + range).
  [[nodiscard]] value_t rank(value_t v) const {
    int sum = 0;
    for (auto i = static_cast<std::size_t>(v - base_ + 1); i > 0; i &= i - 1) sum += tree_[i];
    return sum;
  }
  /// The open value of place k (1 <= k <= the open values).
  [[nodiscard]] value_t value(value_t k) const {
    std::size_t at = 0;
    auto left = static_cast<int>(k);
    for (std::size_t step = top_; step > 0; step >>= 1U) {
      if (at + step < tree_.size() && tree_[at + step] < left) {
        at += step;
        left -= tree_[at];
      }
    }
    return base_ + static_cast<value_t>(at);
  }

 private:
  void add(value_t v, int d) {
    for (auto i = static_cast<std::size_t>(v - base_) + 1; i < tree_.size(); i += i & (~i + 1)) {
      tree_[i] += d;
    }
  }
  value_t base_ = 0;
  std::vector<int> tree_;
  std::size_t top_ = 0;
  std::vector<unsigned char> closed_;
  std::vector<value_t> log_;
};

class alldiff_bounds final : public alldiff_base {
 public:
  alldiff_bounds(const std::vector<int>& x, terms t, space& s)
      : alldiff_base("all-different (bounds)", priority::heavy, x, event::bounds, std::move(t)) {
    prepare_open_values(s);
  }
  bool propagate(space& s) override {
    if (!open_axis_) return fixed_values_pass(s) && bounds_pass(s, scope(), t_, work_);
    return open_pass(s);
  }

 private:
  // Deep in a search most terms are fixed, and the value pass has taken their values out of
  // every other domain. The Hall intervals of the terms still open, over the values no fixed
  // term holds (the axis with those values cut out), are the full problem's: a fixed term's value
  // is one no other term can take, so a set of terms is tight on an interval of the full axis
  // exactly when the open ones among them are tight on its open values. So once more than half
  // the terms are fixed, the sweeps run over the open terms alone (as Gecode drops assigned
  // views), the same bounds in O(open terms * log range). Not when a variable occurs twice (its
  // two terms are not independent) or the range is far wider than the terms.
  void prepare_open_values(space& s) {
    const auto xs = scope();
    const std::size_t n = xs.size();
    std::vector<int> vars(xs.begin(), xs.end());
    std::sort(vars.begin(), vars.end());
    if (std::adjacent_find(vars.begin(), vars.end()) != vars.end()) return;
    value_t lo = s.min(xs[0]) + t_.at(0);
    value_t hi = s.max(xs[0]) + t_.at(0);
    for (std::size_t i = 1; i < n; ++i) {
      lo = std::min(lo, s.min(xs[i]) + t_.at(i));
      hi = std::max(hi, s.max(xs[i]) + t_.at(i));
    }
    if (hi - lo >= 16 * static_cast<value_t>(n) + 1024) return;
    open_.reset(lo, static_cast<std::size_t>(hi - lo + 1));
    free_.resize(n);
    std::iota(free_.begin(), free_.end(), 0);
    nfree_ = s.new_cells(1, static_cast<std::int64_t>(n));
    logged_ = s.new_cells(1, 0);
    open_axis_ = true;
  }

  bool open_pass(space& s) {
    open_.catch_up(static_cast<std::size_t>(s.cell(logged_)));
    auto k = static_cast<std::size_t>(s.cell(nfree_));
    // The value pass (value_pass's), over the terms not fixed before: a fixed one holds another
    // value, which closing it checks below.
    fixed_.clear();
    for (const int pos : s.modified(id())) {
      if (s.fixed(scope()[static_cast<std::size_t>(pos)])) fixed_.push_back(pos);
    }
    while (!fixed_.empty()) {
      const int i = fixed_.back();
      fixed_.pop_back();
      const int x = scope()[static_cast<std::size_t>(i)];
      const value_t v = s.value(x) + t_.at(static_cast<std::size_t>(i));
      if (open_.closed(v)) {
        s.fail();  // a term fixed before holds v
        return false;
      }
      if (s.listened()) s.because(x);
      for (std::size_t f = 0; f < k; ++f) {
        const int j = free_[f];
        if (j == i) continue;
        const int y = scope()[static_cast<std::size_t>(j)];
        const value_t w = v - t_.at(static_cast<std::size_t>(j));
        if (!s.contains(y, w)) continue;
        const bool was_fixed = s.fixed(y);
        if (!s.remove(y, w)) return false;
        if (!was_fixed && s.fixed(y)) fixed_.push_back(j);
      }
    }
    // The terms fixed since the last run leave the open prefix of free_ (a sparse set: only its
    // length is trailed), their values the axis.
    for (std::size_t i = 0; i < k;) {
      const int p = free_[i];
      const int x = scope()[static_cast<std::size_t>(p)];
      if (!s.fixed(x)) {
        ++i;
        continue;
      }
      if (!open_.close(s.value(x) + t_.at(static_cast<std::size_t>(p)))) {
        s.set_cell(logged_, static_cast<std::int64_t>(open_.logged()));
        s.fail();  // two fixed terms with one value
        return false;
      }
      std::swap(free_[i], free_[k - 1]);
      --k;
    }
    s.set_cell(nfree_, static_cast<std::int64_t>(k));
    s.set_cell(logged_, static_cast<std::int64_t>(open_.logged()));
    if (2 * k >= free_.size()) return bounds_pass(s, scope(), t_, work_);
    if (k == 0) return true;
    if (s.listened()) s.because(std::span<const int>{});
    auto& iv = work_.iv;
    if (iv.size() != k) {
      iv.resize(k);
      work_.minsorted.clear();  // they point into iv
    }
    // As bounds_pass, on the open axis: until the bounds hold still. A term's interval there
    // runs from the first open value at or above its minimum to the last at or below its
    // maximum (a bound on a fixed term's value, not removed yet, is past it at once, as the
    // full sweeps push a bound off a fixed term's Hall interval).
    while (true) {
      for (std::size_t i = 0; i < k; ++i) {
        const auto p = static_cast<std::size_t>(free_[i]);
        const int x = scope()[p];
        iv[i].lo = open_.rank(s.min(x) + t_.at(p) - 1) + 1;
        iv[i].hi = open_.rank(s.max(x) + t_.at(p));
        iv[i].pos = p;
        if (iv[i].lo > iv[i].hi) {
          s.fail();  // every value left is a fixed term's
          return false;
        }
      }
      if (!hall_sweeps(work_)) {
        s.fail();
        return false;
      }
      bool further = false;
      for (const auto& v : iv) {
        const int z = scope()[v.pos];
        const value_t c = t_.at(v.pos);
        const value_t lo = open_.value(v.lo) - c;
        const value_t hi = open_.value(v.hi) - c;
        if (lo > s.min(z) && !s.set_min(z, lo)) return false;
        if (hi < s.max(z) && !s.set_max(z, hi)) return false;
        further = further || s.min(z) != lo || s.max(z) != hi;
      }
      if (!further) return true;
    }
  }

  bounds_work work_;
  bool open_axis_ = false;
  fixed_values open_;
  std::vector<int> free_;   // scope positions; the first s.cell(nfree_) are not fixed
  std::vector<int> fixed_;  // the value pass's work
  int nfree_ = 0;
  int logged_ = 0;
};

// --- domain: Régin's matching ---

class alldiff_domain final : public alldiff_base {
 public:
  alldiff_domain(const std::vector<int>& x, terms t, const space& s)
      : alldiff_base("all-different (domain)", priority::heavy, x, event::domain, std::move(t)) {
    for (std::size_t i = 0; i < x.size(); ++i) {
      s.for_each(x[i], [&](value_t a) {
        values_.push_back(a + t_.at(i));
        return true;
      });
    }
    std::sort(values_.begin(), values_.end());
    values_.erase(std::unique(values_.begin(), values_.end()), values_.end());
    dense_ = !values_.empty() &&
             values_.back() - values_.front() + 1 == static_cast<value_t>(values_.size());
    const std::size_t n = x.size();
    const std::size_t m = values_.size();
    var_match_.assign(n, -1);
    val_match_.assign(m, -1);
    seen_.assign(m, 0);
    index_.assign(n + m, -1);
    low_.assign(n + m, 0);
    on_stack_.assign(n + m, 0);
    comp_.assign(n + m, -1);
    reach_.assign(m, 0);
  }
  bool propagate(space& s) override {
    const auto xs = scope();
    const std::size_t n = xs.size();
    // Values first by value propagation: cheap, and it keeps the graph small.
    if (!fixed_values_pass(s)) return false;
    if (n > values_.size()) {
      s.fail();
      return false;
    }
    // Repair the matching: drop edges that left the domains, then augment.
    for (std::size_t i = 0; i < n; ++i) {
      const int a = var_match_[i];
      if (a >= 0 && !s.contains(xs[i], values_[static_cast<std::size_t>(a)] - t_.at(i))) {
        val_match_[static_cast<std::size_t>(a)] = -1;
        var_match_[i] = -1;
      }
    }
    for (std::size_t i = 0; i < n; ++i) {
      if (var_match_[i] >= 0) continue;
      ++stamp_;
      if (!augment(s, static_cast<int>(i))) {
        s.fail();
        return false;
      }
    }
    return prune(s);
  }

 private:
  int index_of(value_t v) const {
    if (dense_) return static_cast<int>(v - values_.front());
    return static_cast<int>(std::lower_bound(values_.begin(), values_.end(), v) - values_.begin());
  }
  // An augmenting path from variable i (depth first, each value visited once per stamp).
  bool augment(const space& s, int i) {
    const int x = scope()[static_cast<std::size_t>(i)];
    const value_t c = t_.at(static_cast<std::size_t>(i));
    bool found = false;
    // First a free value, then through a matched one.
    s.for_each(x, [&](value_t v) {
      const auto a = static_cast<std::size_t>(index_of(v + c));
      if (val_match_[a] < 0) {
        val_match_[a] = i;
        var_match_[static_cast<std::size_t>(i)] = static_cast<int>(a);
        found = true;
        return false;
      }
      return true;
    });
    if (found) return true;
    s.for_each(x, [&](value_t v) {
      const auto a = static_cast<std::size_t>(index_of(v + c));
      if (seen_[a] == stamp_) return true;
      seen_[a] = stamp_;
      if (augment(s, val_match_[a])) {
        val_match_[a] = i;
        var_match_[static_cast<std::size_t>(i)] = static_cast<int>(a);
        found = true;
        return false;
      }
      return true;
    });
    return found;
  }

  // Nodes: variables 0..n-1, values n..n+m-1. Matched edges run variable -> value, the others
  // value -> variable; an edge is kept when it is matched, joins one strongly connected
  // component, or starts at a value reachable from a free value.
  bool prune(space& s) {
    if (s.listened()) s.because(std::span<const int>{});
    const auto xs = scope();
    const std::size_t n = xs.size();
    const std::size_t m = values_.size();
    // Each variable's values, once (the graph's edges), for both walks.
    edges_.clear();
    offsets_.assign(n + 1, 0);
    for (std::size_t i = 0; i < n; ++i) {
      s.for_each(xs[i], [&](value_t v) {
        edges_.push_back(index_of(v + t_.at(i)));
        return true;
      });
      offsets_[i + 1] = edges_.size();
    }
    // value -> variables lists
    vstart_.assign(m + 1, 0);
    for (const int a : edges_) ++vstart_[static_cast<std::size_t>(a) + 1];
    for (std::size_t a = 0; a < m; ++a) vstart_[a + 1] += vstart_[a];
    vvars_.assign(edges_.size(), 0);
    fill_.assign(vstart_.begin(), vstart_.end() - 1);
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t k = offsets_[i]; k < offsets_[i + 1]; ++k) {
        vvars_[fill_[static_cast<std::size_t>(edges_[k])]++] = static_cast<int>(i);
      }
    }
    // Reachable from free values: value -> (its variables) -> their matched values -> ...
    std::fill(reach_.begin(), reach_.end(), 0);
    stack_.clear();
    for (std::size_t a = 0; a < m; ++a) {
      if (val_match_[a] < 0 && vstart_[a + 1] > vstart_[a]) {
        reach_[a] = 1;
        stack_.push_back(static_cast<int>(a));
      }
    }
    while (!stack_.empty()) {
      const auto a = static_cast<std::size_t>(stack_.back());
      stack_.pop_back();
      for (std::size_t k = vstart_[a]; k < vstart_[a + 1]; ++k) {
        const auto i = static_cast<std::size_t>(vvars_[k]);
        const int b = var_match_[i];
        if (b >= 0 && static_cast<std::size_t>(b) != a &&
            reach_[static_cast<std::size_t>(b)] == 0) {
          reach_[static_cast<std::size_t>(b)] = 1;
          stack_.push_back(b);
        }
      }
    }
    // Strongly connected components (Tarjan, iterative).
    tarjan(n, m);
    // Remove the edges neither matched, nor inside a component, nor from a reachable value.
    for (std::size_t i = 0; i < n; ++i) {
      gone_.clear();
      for (std::size_t k = offsets_[i]; k < offsets_[i + 1]; ++k) {
        const int a = edges_[k];
        if (a == var_match_[i]) continue;
        if (reach_[static_cast<std::size_t>(a)] != 0) continue;
        if (comp_[i] == comp_[n + static_cast<std::size_t>(a)]) continue;
        gone_.push_back(values_[static_cast<std::size_t>(a)] - t_.at(i));
      }
      if (!gone_.empty() && !s.remove_all(xs[i], gone_)) return false;
    }
    return true;
  }

  // The successors of node u: a variable's matched value; a value's variables (but the one
  // matched to it).
  void tarjan(std::size_t n, std::size_t m) {
    const std::size_t total = n + m;
    std::fill(index_.begin(), index_.end(), -1);
    std::fill(on_stack_.begin(), on_stack_.end(), 0);
    int counter = 0;
    int comps = 0;
    tstack_.clear();
    for (std::size_t root = 0; root < total; ++root) {
      if (index_[root] >= 0) continue;
      call_.clear();
      call_.push_back({static_cast<int>(root), 0});
      while (!call_.empty()) {
        auto& [u, next] = call_.back();
        const auto uu = static_cast<std::size_t>(u);
        if (next == 0) {
          index_[uu] = low_[uu] = counter++;
          tstack_.push_back(u);
          on_stack_[uu] = 1;
        }
        int succ = -1;
        // Enumerate successors from position `next`.
        if (uu < n) {
          if (next == 0 && var_match_[uu] >= 0) succ = static_cast<int>(n) + var_match_[uu];
          next = 1;
        } else {
          const std::size_t a = uu - n;
          const std::size_t count = vstart_[a + 1] - vstart_[a];
          while (static_cast<std::size_t>(next) < count) {
            const int i = vvars_[vstart_[a] + static_cast<std::size_t>(next)];
            ++next;
            if (var_match_[static_cast<std::size_t>(i)] != static_cast<int>(a)) {
              succ = i;
              break;
            }
          }
        }
        if (succ >= 0) {
          const auto ss = static_cast<std::size_t>(succ);
          if (index_[ss] < 0) {
            call_.push_back({succ, 0});
          } else if (on_stack_[ss] != 0) {
            low_[uu] = std::min(low_[uu], index_[ss]);
          }
          continue;
        }
        // u is done.
        if (low_[uu] == index_[uu]) {
          while (true) {
            const int w = tstack_.back();
            tstack_.pop_back();
            on_stack_[static_cast<std::size_t>(w)] = 0;
            comp_[static_cast<std::size_t>(w)] = comps;
            if (w == u) break;
          }
          ++comps;
        }
        const int done = u;
        call_.pop_back();
        if (!call_.empty()) {
          const auto parent = static_cast<std::size_t>(call_.back().first);
          low_[parent] = std::min(low_[parent], low_[static_cast<std::size_t>(done)]);
        }
      }
    }
  }

  std::vector<value_t> values_;
  bool dense_ = false;
  std::vector<int> var_match_;
  std::vector<int> val_match_;
  std::vector<unsigned> seen_;
  unsigned stamp_ = 0;
  std::vector<unsigned char> reach_;
  std::vector<int> stack_;
  std::vector<int> edges_;
  std::vector<std::size_t> offsets_;
  std::vector<std::size_t> vstart_;
  std::vector<std::size_t> fill_;
  std::vector<int> vvars_;
  std::vector<int> index_;
  std::vector<int> low_;
  std::vector<unsigned char> on_stack_;
  std::vector<int> comp_;
  std::vector<int> tstack_;
  std::vector<std::pair<int, int>> call_;
  std::vector<value_t> gone_;
};

}  // namespace

void all_different(model& m, std::vector<int> x, consistency c) {
  all_different(m, std::move(x), {}, c);
}

void all_different(model& m, std::vector<int> x, std::vector<value_t> offsets, consistency c) {
  if (!offsets.empty() && offsets.size() != x.size()) {
    throw std::invalid_argument("all_different: as many offsets as variables");
  }
  if (x.size() < 2) return;
  terms t{std::move(offsets)};
  m.add([x, t, c](space& s) -> std::unique_ptr<propagator> {
    switch (c) {
      case consistency::value: return std::make_unique<alldiff_value>(x, t);
      case consistency::bounds: return std::make_unique<alldiff_bounds>(x, t, s);
      case consistency::domain: return std::make_unique<alldiff_domain>(x, t, s);
      case consistency::automatic: break;
    }
    // Régin while the value graph is small, else bounds.
    std::uint64_t edges = 0;
    for (const int v : x) edges += s.size(v);
    if (edges <= 1U << 16) return std::make_unique<alldiff_domain>(x, t, s);
    return std::make_unique<alldiff_bounds>(x, t, s);
  });
}

}  // namespace bt::cp
