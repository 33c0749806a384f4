// SPDX-License-Identifier: MIT
// Arithmetic constraints: x r y + c, linear sums and their reifications, times, div, mod, abs,
// min and max.
#include <algorithm>
#include <limits>
#include <memory>
#include <numeric>
#include <stdexcept>
#include <string>
#include <utility>

#include "common.hpp"

namespace bt::cp {

const char* symbol(relation r) {
  switch (r) {
    case relation::eq: return "=";
    case relation::ne: return "!=";
    case relation::le: return "<=";
    case relation::lt: return "<";
    case relation::ge: return ">=";
    case relation::gt: return ">";
  }
  return "?";
}

relation negate(relation r) {
  switch (r) {
    case relation::eq: return relation::ne;
    case relation::ne: return relation::eq;
    case relation::le: return relation::gt;
    case relation::lt: return relation::ge;
    case relation::ge: return relation::lt;
    case relation::gt: return relation::le;
  }
  return r;
}

namespace detail {

bool intersect(space& s, int x, std::span<const value_t> keep) {
  if (keep.empty()) {
    s.fail();
    return s.set_min(x, s.max(x) + 1);
  }
  if (!s.set_min(x, keep.front()) || !s.set_max(x, keep.back())) return false;
  const bool enumerable = s.size(x) <= static_cast<std::uint64_t>(bitset_limit) * 4;
  if (!enumerable) return true;
  std::vector<value_t> gone;
  std::size_t k = 0;
  s.for_each(x, [&](value_t v) {
    while (k < keep.size() && keep[k] < v) ++k;
    if (k == keep.size() || keep[k] != v) gone.push_back(v);
    return true;
  });
  return s.remove_all(x, gone);
}

}  // namespace detail

namespace {

using detail::ceil_div;
using detail::clamp;
using detail::floor_div;
using detail::i128;

// The relations a propagator keeps: x = y + c, x != y + c, x <= y + c.
enum class base_rel { eq, ne, le };

// --- x r y + c ---

class binary_rel final : public propagator {
 public:
  binary_rel(int x, base_rel r, int y, value_t c)
      : propagator("relation", priority::cheap), r_(r), c_(c) {
    const event e = r == base_rel::ne   ? event::fixed
                    : r == base_rel::le ? event::bounds
                                        : event::domain;
    watch(x, e);
    watch(y, e);
  }
  bool propagate(space& s) override {
    const int x = scope()[0];
    const int y = scope()[1];
    switch (r_) {
      case base_rel::le:
        return s.set_max(x, clamp(i128{s.max(y)} + c_)) && s.set_min(y, clamp(i128{s.min(x)} - c_));
      case base_rel::ne:
        if (s.fixed(x)) {
          if (s.listened()) s.because(x);
          return s.remove(y, s.value(x) - c_);
        }
        if (s.fixed(y)) {
          if (s.listened()) s.because(y);
          return s.remove(x, s.value(y) + c_);
        }
        return true;
      case base_rel::eq: {
        // Domain consistency: x keeps the values v with v - c in y, and y those with v + c in x.
        if (!s.set_min(x, clamp(i128{s.min(y)} + c_)) ||
            !s.set_max(x, clamp(i128{s.max(y)} + c_)) ||
            !s.set_min(y, clamp(i128{s.min(x)} - c_)) ||
            !s.set_max(y, clamp(i128{s.max(x)} - c_))) {
          return false;
        }
        if (s.size(x) > 4096 || s.size(y) > 4096) return true;
        return s.keep_shifted(x, y, c_) && s.keep_shifted(y, x, -c_);
      }
    }
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const value_t x = s.value(scope()[0]);
    const value_t y = s.value(scope()[1]) + c_;
    return r_ == base_rel::eq ? x == y : r_ == base_rel::ne ? x != y : x <= y;
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[0])
       << (r_ == base_rel::eq   ? " = "
           : r_ == base_rel::ne ? " != "
                                : " <= ")
       << s.name(scope()[1]);
    if (c_ > 0) os << " + " << c_;
    if (c_ < 0) os << " - " << -c_;
  }

 private:
  base_rel r_;
  value_t c_;
};

// --- sum a[i] * x[i] r c ---

struct sum_range {
  i128 lo = 0;
  i128 hi = 0;
};

sum_range range_of(const space& s, std::span<const value_t> a, std::span<const int> x) {
  sum_range r;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const i128 lo = i128{a[i]} * s.min(x[i]);
    const i128 hi = i128{a[i]} * s.max(x[i]);
    r.lo += a[i] > 0 ? lo : hi;
    r.hi += a[i] > 0 ? hi : lo;
  }
  return r;
}

// sign * sum a[i] x[i] <= sign * c, bounds consistency (one pass is a fixpoint: narrowing a
// term's far bound leaves the sum's minimum as it was).
bool enforce_le(space& s, std::span<const value_t> a, std::span<const int> x, i128 c, int sign) {
  i128 lo = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const i128 ai = i128{a[i]} * sign;
    lo += ai > 0 ? ai * s.min(x[i]) : ai * s.max(x[i]);
  }
  const i128 rhs = c * sign;
  if (lo > rhs) {
    s.fail();
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const i128 ai = i128{a[i]} * sign;
    const i128 own = ai > 0 ? ai * s.min(x[i]) : ai * s.max(x[i]);
    const i128 slack = rhs - (lo - own);  // ai * x[i] <= slack
    if (ai > 0) {
      if (!s.set_max(x[i], clamp(floor_div(slack, ai)))) return false;
    } else {
      if (!s.set_min(x[i], clamp(ceil_div(slack, ai)))) return false;
    }
  }
  return true;
}

// Whether sum a x = c has an integer solution as far as divisibility tells: the gcd of the
// free terms' coefficients divides what the fixed terms leave. Bounds reasoning cannot see it
// and crawls instead, a step a round (2x - 2y = 1 over 10^9 values: 10^9 rounds), as Gecode's
// does once posting's gcd test is behind it; the rounds ask for it when they go on.
bool divisible(space& s, std::span<const value_t> a, std::span<const int> x, i128 c) {
  i128 rest = c;
  value_t g = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (s.fixed(x[i])) {
      rest -= i128{a[i]} * s.value(x[i]);
    } else {
      g = std::gcd(g, a[i]);
    }
  }
  const bool ok = g == 0 ? rest == 0 : rest % g == 0;
  if (!ok) s.fail();
  return ok;
}

// Rounds of an equality's bounds passes after which divisibility is asked, once.
constexpr int rounds_before_gcd = 4;

bool enforce_eq(space& s, std::span<const value_t> a, std::span<const int> x, i128 c) {
  for (int round = 1;; ++round) {
    const sum_range before = range_of(s, a, x);
    if (!enforce_le(s, a, x, c, 1) || !enforce_le(s, a, x, c, -1)) return false;
    const sum_range after = range_of(s, a, x);
    if (after.lo == before.lo && after.hi == before.hi) return true;
    if (round == rounds_before_gcd && !divisible(s, a, x, c)) return false;
    if (s.should_stop()) return false;
  }
}

// sum != c: once a single term is free, its value that would make the sum c goes.
bool enforce_ne(space& s, std::span<const value_t> a, std::span<const int> x, i128 c) {
  i128 fixed = 0;
  int free = -1;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (s.fixed(x[i])) {
      fixed += i128{a[i]} * s.value(x[i]);
    } else if (free < 0 || x[static_cast<std::size_t>(free)] == x[i]) {
      if (free >= 0) return true;  // the same variable twice: no single value to remove
      free = static_cast<int>(i);
    } else {
      return true;  // two free variables: nothing to do yet
    }
  }
  if (free < 0) {
    if (fixed == c) s.fail();
    return fixed != c;
  }
  const i128 rest = c - fixed;
  const i128 ai = a[static_cast<std::size_t>(free)];
  if (rest % ai != 0) return true;
  const i128 v = rest / ai;
  if (v < value_min || v > value_max) return true;
  return s.remove(x[static_cast<std::size_t>(free)], static_cast<value_t>(v));
}

enum class status { unknown, entailed, disentailed };

status status_of(const space& s, std::span<const value_t> a, std::span<const int> x, base_rel r,
                 i128 c) {
  const sum_range g = range_of(s, a, x);
  switch (r) {
    case base_rel::le:
      if (g.hi <= c) return status::entailed;
      if (g.lo > c) return status::disentailed;
      return status::unknown;
    case base_rel::eq:
    case base_rel::ne: {
      status eq = status::unknown;
      if (g.lo == g.hi && g.lo == c) eq = status::entailed;
      if (c < g.lo || c > g.hi) eq = status::disentailed;
      if (eq == status::unknown && a.size() == 1) {  // a single term: c / a in its domain?
        const i128 ai = a[0];
        if (c % ai != 0 || !s.contains(x[0], static_cast<value_t>(c / ai))) {
          eq = status::disentailed;
        }
      }
      if (r == base_rel::eq) return eq;
      return eq == status::entailed      ? status::disentailed
             : eq == status::disentailed ? status::entailed
                                         : status::unknown;
    }
  }
  return status::unknown;
}

bool enforce(space& s, std::span<const value_t> a, std::span<const int> x, base_rel r, i128 c) {
  switch (r) {
    case base_rel::le: return enforce_le(s, a, x, c, 1);
    case base_rel::eq: return enforce_eq(s, a, x, c);
    case base_rel::ne: return enforce_ne(s, a, x, c);
  }
  return true;
}

// The negation of sum r c, as a base relation and constant: not(<= c) is >= c + 1, i.e.
// -sum <= -c - 1 (with the coefficients negated by the caller's sign).
bool enforce_not(space& s, std::span<const value_t> a, std::span<const int> x, base_rel r, i128 c) {
  switch (r) {
    case base_rel::le: return enforce_le(s, a, x, c + 1, -1);
    case base_rel::eq: return enforce_ne(s, a, x, c);
    case base_rel::ne: return enforce_eq(s, a, x, c);
  }
  return true;
}

void print_sum(std::ostream& os, const space& s, std::span<const value_t> a,
               std::span<const int> x) {
  for (std::size_t i = 0; i < a.size(); ++i) {
    const value_t ai = a[i];
    if (i == 0) {
      if (ai == -1)
        os << '-';
      else if (ai != 1)
        os << ai << '*';
    } else {
      os << (ai < 0 ? " - " : " + ");
      const value_t m = ai < 0 ? -ai : ai;
      if (m != 1) os << m << '*';
    }
    os << s.name(x[i]);
  }
  if (a.empty()) os << '0';
}

const char* word(base_rel r) {
  return r == base_rel::eq ? " = " : r == base_rel::ne ? " != " : " <= ";
}

// --- the same in 64 bits, when the magnitudes allow it ---

// Whether every sum the 64-bit passes form stays below 2^62: |c| + 2 * sum |a[i]| * max|x[i]|
// over the domains at posting, which only shrink. (The passes' widest number is a slack,
// c - (lo - own), whose magnitude is at most |c| + 2 * sum |a[i] x[i]|.)
bool fits_64(const space& s, std::span<const value_t> a, std::span<const int> x, value_t c) {
  i128 bound = c < 0 ? -i128{c} : i128{c};
  for (std::size_t i = 0; i < a.size(); ++i) {
    const i128 ai = a[i] < 0 ? -i128{a[i]} : i128{a[i]};
    const i128 m = std::max(s.min(x[i]) < 0 ? -i128{s.min(x[i])} : i128{s.min(x[i])},
                            s.max(x[i]) < 0 ? -i128{s.max(x[i])} : i128{s.max(x[i])});
    bound += 2 * ai * m;
  }
  return bound < (i128{1} << 62);
}

// a / b rounded down and up (b != 0), in 64 bits.
constexpr std::int64_t floor_div64(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}
constexpr std::int64_t ceil_div64(std::int64_t a, std::int64_t b) {
  const std::int64_t q = a / b;
  return (a % b != 0 && ((a < 0) == (b < 0))) ? q + 1 : q;
}

// sum a[i] x[i] <= c (sign 1) or >= c (sign -1): the upper bound of term i is what the other
// terms' least contribution leaves. Unit coefficients need no division. The variables are
// distinct (normalise merged them), so each narrowing moves the sum's bound by its own term
// only, and one pass reaches the fixpoint as enforce_le's does. Returns false on a wipe-out.
// `changed` is set when a bound moved.
bool pass_64(space& s, std::span<const value_t> a, std::span<const int> x, std::int64_t c,
             bool unit, int sign, bool& changed) {
  std::int64_t lo = 0;  // the least value of sign * sum
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::int64_t ai = a[i] * sign;
    lo += ai > 0 ? ai * s.min(x[i]) : ai * s.max(x[i]);
  }
  const std::int64_t rhs = c * sign;
  if (lo > rhs) {
    s.fail();
    return false;
  }
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::int64_t ai = a[i] * sign;
    const int xi = x[i];
    if (ai > 0) {
      const value_t old = s.min(xi);
      const std::int64_t slack = rhs - lo + ai * old;  // ai * x[i] <= slack
      const value_t bound = unit ? slack : floor_div64(slack, ai);
      if (bound < s.max(xi)) {
        if (!s.set_max(xi, bound)) return false;
        changed = true;
      }
    } else {
      const value_t old = s.max(xi);
      const std::int64_t slack = rhs - lo + ai * old;
      const value_t bound = unit ? -slack : ceil_div64(slack, ai);
      if (bound > s.min(xi)) {
        if (!s.set_min(xi, bound)) return false;
        changed = true;
      }
    }
  }
  return true;
}

// sum = c: both directions until neither moves a bound (the fixpoint enforce_eq reaches: the
// narrowings are monotone, so their greatest common fixpoint is one, whatever the order).
bool eq_64(space& s, std::span<const value_t> a, std::span<const int> x, std::int64_t c,
           bool unit) {
  // A pass reads the bounds the other one narrows: once one moves nothing, both are done.
  bool moved = false;
  if (!pass_64(s, a, x, c, unit, 1, moved)) return false;
  for (int round = 1;; ++round) {
    moved = false;
    if (!pass_64(s, a, x, c, unit, -1, moved)) return false;
    if (!moved) return true;
    moved = false;
    if (!pass_64(s, a, x, c, unit, 1, moved)) return false;
    if (!moved) return true;
    if (round == rounds_before_gcd && !divisible(s, a, x, c)) return false;
    if (s.should_stop()) return false;
  }
}

class linear_prop final : public propagator {
 public:
  linear_prop(std::vector<value_t> a, const std::vector<int>& x, base_rel r, value_t c,
              const space& s)
      : propagator("linear", x.size() <= 2 ? priority::cheap : priority::linear),
        a_(std::move(a)),
        r_(r),
        c_(c),
        fast_(r != base_rel::ne && fits_64(s, a_, x, c)),
        unit_(std::all_of(a_.begin(), a_.end(), [](value_t v) { return v == 1 || v == -1; })) {
    const event e = r == base_rel::ne ? event::fixed : event::bounds;
    for (const int v : x) watch(v, e);
  }
  bool propagate(space& s) override {
    if (fast_) {
      if (r_ == base_rel::eq) return eq_64(s, a_, scope(), c_, unit_);
      bool changed = false;
      return pass_64(s, a_, scope(), c_, unit_, 1, changed);
    }
    return enforce(s, a_, scope(), r_, c_);
  }
  [[nodiscard]] bool holds(const space& s) const override {
    i128 sum = 0;
    for (std::size_t i = 0; i < a_.size(); ++i) sum += i128{a_[i]} * s.value(scope()[i]);
    return r_ == base_rel::eq ? sum == c_ : r_ == base_rel::ne ? sum != c_ : sum <= c_;
  }
  void print(std::ostream& os, const space& s) const override {
    print_sum(os, s, a_, scope());
    os << word(r_) << c_;
  }

 private:
  std::vector<value_t> a_;
  base_rel r_;
  value_t c_;
  bool fast_;  // 64-bit arithmetic cannot overflow (fits_64)
  bool unit_;  // every coefficient is 1 or -1: no division
};

class linear_reif_prop final : public propagator {
 public:
  linear_reif_prop(std::vector<value_t> a, const std::vector<int>& x, base_rel r, value_t c, int b,
                   reif how)
      : propagator("linear reified", x.size() <= 2 ? priority::cheap : priority::linear),
        a_(std::move(a)),
        r_(r),
        c_(c),
        how_(how) {
    for (const int v : x)
      watch(v, r == base_rel::ne || r == base_rel::eq ? event::domain : event::bounds);
    watch(b, event::fixed);
    n_ = x.size();
  }
  bool propagate(space& s) override {
    const auto xs = scope().first(n_);
    const int b = scope()[n_];
    if (s.fixed(b)) {
      if (s.value(b) == 1) return how_ == reif::pmi || enforce(s, a_, xs, r_, c_);
      return how_ == reif::imp || enforce_not(s, a_, xs, r_, c_);
    }
    switch (status_of(s, a_, xs, r_, c_)) {
      case status::entailed: return how_ == reif::imp || s.assign(b, 1);
      case status::disentailed: return how_ == reif::pmi || s.assign(b, 0);
      case status::unknown: return true;
    }
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    i128 sum = 0;
    for (std::size_t i = 0; i < n_; ++i) sum += i128{a_[i]} * s.value(scope()[i]);
    const bool c = r_ == base_rel::eq ? sum == c_ : r_ == base_rel::ne ? sum != c_ : sum <= c_;
    const bool b = s.value(scope()[n_]) == 1;
    return how_ == reif::equiv ? b == c : how_ == reif::imp ? (!b || c) : (!c || b);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[n_])
       << (how_ == reif::equiv ? " <-> ("
           : how_ == reif::imp ? " -> ("
                               : " <- (");
    print_sum(os, s, a_, scope().first(n_));
    os << word(r_) << c_ << ')';
  }

 private:
  std::vector<value_t> a_;
  base_rel r_;
  value_t c_;
  reif how_;
  std::size_t n_ = 0;
};

// A linear relation in the propagators' terms: sum a x (eq|ne|le) c, merging repeated
// variables and dropping zero coefficients.
struct normal_sum {
  std::vector<value_t> a;
  std::vector<int> x;
  base_rel r = base_rel::le;
  value_t c = 0;
};

normal_sum normalise(std::vector<value_t> a, std::vector<int> x, relation r, value_t c) {
  if (a.size() != x.size())
    throw std::invalid_argument("linear: as many coefficients as variables");
  for (const value_t ai : a) {
    if (ai < value_min || ai > value_max)
      throw std::invalid_argument("linear: coefficient out of range");
  }
  if (c < value_min * 4 || c > value_max * 4)
    throw std::invalid_argument("linear: constant out of range");
  normal_sum n;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (a[i] == 0) continue;
    const auto at = std::find(n.x.begin(), n.x.end(), x[i]);
    if (at != n.x.end()) {
      n.a[static_cast<std::size_t>(at - n.x.begin())] += a[i];
    } else {
      n.x.push_back(x[i]);
      n.a.push_back(a[i]);
    }
  }
  for (std::size_t i = n.a.size(); i-- > 0;) {
    if (n.a[i] == 0) {
      n.a.erase(n.a.begin() + static_cast<std::ptrdiff_t>(i));
      n.x.erase(n.x.begin() + static_cast<std::ptrdiff_t>(i));
    }
  }
  int sign = 1;
  switch (r) {
    case relation::eq:
      n.r = base_rel::eq;
      n.c = c;
      break;
    case relation::ne:
      n.r = base_rel::ne;
      n.c = c;
      break;
    case relation::le:
      n.r = base_rel::le;
      n.c = c;
      break;
    case relation::lt:
      n.r = base_rel::le;
      n.c = c - 1;
      break;
    case relation::ge:
      n.r = base_rel::le;
      n.c = -c;
      sign = -1;
      break;
    case relation::gt:
      n.r = base_rel::le;
      n.c = -c - 1;
      sign = -1;
      break;
  }
  if (sign < 0) {
    for (value_t& ai : n.a) ai = -ai;
  }
  // Divided by the coefficients' gcd (Gecode's normalisation): an equality the gcd does not
  // divide has no integer solution, which bounds reasoning would find only by crawling.
  value_t g = 0;
  for (const value_t ai : n.a) g = std::gcd(g, ai);
  if (g > 1) {
    const bool exact = n.c % g == 0;
    if (n.r != base_rel::le && !exact) {  // = never holds, != always does: 0 (r) 1
      n.a.clear();
      n.x.clear();
      n.c = 1;
      return n;
    }
    for (value_t& ai : n.a) ai /= g;
    n.c = n.c >= 0 || exact ? n.c / g : n.c / g - 1;  // floor: sum a x <= c
  }
  return n;
}

// A sum of no terms: whether 0 (r) c holds.
bool holds_empty(const normal_sum& n) {
  return n.r == base_rel::eq ? n.c == 0 : n.r == base_rel::ne ? n.c != 0 : n.c >= 0;
}

// --- functional constraints: z = f(x, y), by bounds and, while small, by supports ---

// The small-domain filtering of z = f(x, y): every value with a support stays.
template <class F>
bool supports3(space& s, int x, int y, int z, F f) {
  std::vector<value_t> xs;
  std::vector<value_t> ys;
  std::vector<value_t> zs;
  std::vector<value_t> xv = s.values(x);
  std::vector<value_t> yv = s.values(y);
  for (const value_t a : xv) {
    for (const value_t b : yv) {
      value_t r = 0;
      if (!f(a, b, r)) continue;
      if (!s.contains(z, r)) continue;
      xs.push_back(a);
      ys.push_back(b);
      zs.push_back(r);
    }
  }
  for (auto* v : {&xs, &ys, &zs}) {
    std::sort(v->begin(), v->end());
    v->erase(std::unique(v->begin(), v->end()), v->end());
  }
  return detail::intersect(s, x, xs) && detail::intersect(s, y, ys) && detail::intersect(s, z, zs);
}

bool small3(const space& s, int x, int y, std::uint64_t limit = 4096) {
  return s.size(x) <= limit && s.size(y) <= limit && s.size(x) * s.size(y) <= limit;
}

enum class fn { times, div, mod, abs, min2, max2 };

bool apply(fn f, value_t a, value_t b, value_t& r) {
  switch (f) {
    case fn::times: {
      const i128 p = i128{a} * b;
      if (p < value_min || p > value_max) return false;
      r = static_cast<value_t>(p);
      return true;
    }
    case fn::div:
      if (b == 0) return false;
      r = a / b;
      return true;
    case fn::mod:
      if (b == 0) return false;
      r = a % b;
      return true;
    case fn::abs: r = a < 0 ? -a : a; return true;
    case fn::min2: r = std::min(a, b); return true;
    case fn::max2: r = std::max(a, b); return true;
  }
  return false;
}

const char* fn_name(fn f) {
  switch (f) {
    case fn::times: return "times";
    case fn::div: return "div";
    case fn::mod: return "mod";
    case fn::abs: return "abs";
    case fn::min2: return "min";
    case fn::max2: return "max";
  }
  return "?";
}

class function_prop final : public propagator {
 public:
  function_prop(fn f, int x, int y, int z) : propagator(fn_name(f), priority::linear), f_(f) {
    watch(x, event::domain);
    watch(y, event::domain);
    watch(z, event::domain);
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    const int x = scope()[0];
    const int y = scope()[1];
    const int z = scope()[2];
    if (!bounds(s, x, y, z)) return false;
    if (small3(s, x, y)) {
      return supports3(s, x, y, z,
                       [this](value_t a, value_t b, value_t& r) { return apply(f_, a, b, r); });
    }
    if (s.fixed(x) && s.fixed(y)) {
      value_t r = 0;
      if (!apply(f_, s.value(x), s.value(y), r)) {
        s.fail();
        return false;
      }
      return s.assign(z, r);
    }
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    value_t r = 0;
    return apply(f_, s.value(scope()[0]), s.value(scope()[1]), r) && r == s.value(scope()[2]);
  }
  void print(std::ostream& os, const space& s) const override {
    const auto& sc = scope();
    switch (f_) {
      case fn::times:
        os << s.name(sc[2]) << " = " << s.name(sc[0]) << " * " << s.name(sc[1]);
        break;
      case fn::div:
        os << s.name(sc[2]) << " = " << s.name(sc[0]) << " div " << s.name(sc[1]);
        break;
      case fn::mod:
        os << s.name(sc[2]) << " = " << s.name(sc[0]) << " mod " << s.name(sc[1]);
        break;
      case fn::abs: os << s.name(sc[2]) << " = |" << s.name(sc[0]) << '|'; break;
      case fn::min2:
        os << s.name(sc[2]) << " = min(" << s.name(sc[0]) << ", " << s.name(sc[1]) << ')';
        break;
      case fn::max2:
        os << s.name(sc[2]) << " = max(" << s.name(sc[0]) << ", " << s.name(sc[1]) << ')';
        break;
    }
  }

 private:
  // Interval reasoning, sound for every f (it never removes a value with a support).
  bool bounds(space& s, int x, int y, int z) const {
    const i128 xl = s.min(x), xh = s.max(x), yl = s.min(y), yh = s.max(y);
    switch (f_) {
      case fn::times: {
        const i128 c[4] = {xl * yl, xl * yh, xh * yl, xh * yh};
        if (!s.set_min(z, clamp(*std::min_element(c, c + 4))) ||
            !s.set_max(z, clamp(*std::max_element(c, c + 4)))) {
          return false;
        }
        // x from z / y when y keeps one sign (and the same for y).
        return divide_into(s, x, z, y) && divide_into(s, y, z, x);
      }
      case fn::abs: {
        const i128 lo = xl >= 0 ? xl : xh <= 0 ? -xh : 0;
        const i128 hi = std::max(-xl, xh);
        if (!s.set_min(z, clamp(lo)) || !s.set_max(z, clamp(hi))) return false;
        return s.set_min(x, -s.max(z)) && s.set_max(x, s.max(z));
      }
      case fn::min2:
        return s.set_max(z, clamp(std::min(xh, yh))) && s.set_min(z, clamp(std::min(xl, yl))) &&
               s.set_min(x, s.min(z)) && s.set_min(y, s.min(z));
      case fn::max2:
        return s.set_min(z, clamp(std::max(xl, yl))) && s.set_max(z, clamp(std::max(xh, yh))) &&
               s.set_max(x, s.max(z)) && s.set_max(y, s.max(z));
      case fn::div: {
        if (!s.remove(y, 0)) return false;
        // |x div y| <= |x|
        const i128 m = std::max(-xl, xh);
        return s.set_min(z, clamp(-m)) && s.set_max(z, clamp(m));
      }
      case fn::mod: {
        if (!s.remove(y, 0)) return false;
        // |z| < |y| and z has the sign of x (or is 0)
        const i128 m = std::max(-yl, yh) - 1;
        if (!s.set_min(z, clamp(-m)) || !s.set_max(z, clamp(m))) return false;
        if (s.min(x) >= 0 && !s.set_min(z, 0)) return false;
        if (s.max(x) <= 0 && !s.set_max(z, 0)) return false;
        return true;
      }
    }
    return true;
  }
  // a * b = p: narrow a to p / b when b does not contain 0.
  static bool divide_into(space& s, int a, int p, int b) {
    const i128 bl = s.min(b), bh = s.max(b);
    if (bl <= 0 && bh >= 0) return true;
    const i128 pl = s.min(p), ph = s.max(p);
    i128 lo = 0, hi = 0;
    bool first = true;
    for (const i128 pp : {pl, ph}) {
      for (const i128 bb : {bl, bh}) {
        const i128 l = ceil_div(pp, bb) < floor_div(pp, bb) ? ceil_div(pp, bb) : floor_div(pp, bb);
        const i128 h = ceil_div(pp, bb) > floor_div(pp, bb) ? ceil_div(pp, bb) : floor_div(pp, bb);
        if (first || l < lo) lo = l;
        if (first || h > hi) hi = h;
        first = false;
      }
    }
    return s.set_min(a, clamp(lo)) && s.set_max(a, clamp(hi));
  }
  fn f_;
};

class minmax_prop final : public propagator {
 public:
  minmax_prop(const std::vector<int>& x, int z, bool is_max)
      : propagator(is_max ? "maximum" : "minimum", priority::linear), max_(is_max) {
    for (const int v : x) watch(v, event::bounds);
    watch(z, event::bounds);
    n_ = x.size();
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    // As min: z = min(x); max is the same on negated bounds.
    const auto xs = scope().first(n_);
    const int z = scope()[n_];
    if (!max_) {
      value_t lo = value_max, hi = value_max;
      for (const int x : xs) {
        lo = std::min(lo, s.min(x));
        hi = std::min(hi, s.max(x));
      }
      if (!s.set_min(z, lo) || !s.set_max(z, hi)) return false;
      int below = -1;
      int count = 0;
      for (const int x : xs) {
        if (!s.set_min(x, s.min(z))) return false;
        if (s.min(x) <= s.max(z)) {
          below = x;
          ++count;
        }
      }
      if (count == 0) {
        s.fail();
        return false;
      }
      if (count == 1) return s.set_max(below, s.max(z));
      return true;
    }
    value_t lo = value_min, hi = value_min;
    for (const int x : xs) {
      lo = std::max(lo, s.min(x));
      hi = std::max(hi, s.max(x));
    }
    if (!s.set_min(z, lo) || !s.set_max(z, hi)) return false;
    int above = -1;
    int count = 0;
    for (const int x : xs) {
      if (!s.set_max(x, s.max(z))) return false;
      if (s.max(x) >= s.min(z)) {
        above = x;
        ++count;
      }
    }
    if (count == 0) {
      s.fail();
      return false;
    }
    if (count == 1) return s.set_min(above, s.min(z));
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    value_t best = s.value(scope()[0]);
    for (std::size_t i = 1; i < n_; ++i) {
      best = max_ ? std::max(best, s.value(scope()[i])) : std::min(best, s.value(scope()[i]));
    }
    return best == s.value(scope()[n_]);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[n_]) << (max_ ? " = max(" : " = min(");
    detail::put_list(os, s, scope().first(n_));
    os << ')';
  }

 private:
  bool max_;
  std::size_t n_ = 0;
};

}  // namespace

void restrict(model& m, int x, relation r, value_t c) {
  switch (r) {
    case relation::eq: m.narrow(x, c, c); break;
    case relation::ne: m.exclude(x, c); break;
    case relation::le: m.narrow(x, value_min, c); break;
    case relation::lt: m.narrow(x, value_min, c - 1); break;
    case relation::ge: m.narrow(x, c, value_max); break;
    case relation::gt: m.narrow(x, c + 1, value_max); break;
  }
}

void rel(model& m, int x, relation r, int y, value_t c) {
  if (x == y) {  // x r x + c: a constant truth
    const bool ok = r == relation::eq   ? c == 0
                    : r == relation::ne ? c != 0
                    : r == relation::le ? c >= 0
                    : r == relation::lt ? c > 0
                    : r == relation::ge ? c <= 0
                                        : c < 0;
    if (!ok) m.narrow(x, 1, 0);
    return;
  }
  switch (r) {
    case relation::eq:
      m.add([=](space&) { return std::make_unique<binary_rel>(x, base_rel::eq, y, c); });
      break;
    case relation::ne:
      m.add([=](space&) { return std::make_unique<binary_rel>(x, base_rel::ne, y, c); });
      break;
    case relation::le:
      m.add([=](space&) { return std::make_unique<binary_rel>(x, base_rel::le, y, c); });
      break;
    case relation::lt:
      m.add([=](space&) { return std::make_unique<binary_rel>(x, base_rel::le, y, c - 1); });
      break;
    // x >= y + c  <=>  y <= x - c
    case relation::ge:
      m.add([=](space&) { return std::make_unique<binary_rel>(y, base_rel::le, x, -c); });
      break;
    case relation::gt:
      m.add([=](space&) { return std::make_unique<binary_rel>(y, base_rel::le, x, -c - 1); });
      break;
  }
}

void linear(model& m, std::vector<value_t> a, std::vector<int> x, relation r, value_t c) {
  normal_sum n = normalise(std::move(a), std::move(x), r, c);
  if (n.x.empty()) {  // 0 r c
    if (!holds_empty(n)) m.narrow(m.constant(0), 1, 0);
    return;
  }
  if (n.x.size() == 1 && (n.a[0] == 1 || n.a[0] == -1)) {  // a unary relation
    const value_t v = n.a[0] == 1 ? n.c : -n.c;
    if (n.r == base_rel::eq) return restrict(m, n.x[0], relation::eq, v);
    if (n.r == base_rel::ne) return restrict(m, n.x[0], relation::ne, v);
    return restrict(m, n.x[0], n.a[0] == 1 ? relation::le : relation::ge, v);
  }
  if (n.x.size() == 2 && n.a[0] == -n.a[1] && (n.a[0] == 1 || n.a[0] == -1)) {
    // x - y r c: the binary relation's propagator (domain consistent for =).
    const int left = n.a[0] == 1 ? n.x[0] : n.x[1];
    const int right = n.a[0] == 1 ? n.x[1] : n.x[0];
    const base_rel how = n.r;
    const value_t k = n.c;
    m.add([=](space&) { return std::make_unique<binary_rel>(left, how, right, k); });
    return;
  }
  m.add([n](space& s) { return std::make_unique<linear_prop>(n.a, n.x, n.r, n.c, s); });
}

void linear_reif(model& m, std::vector<value_t> a, std::vector<int> x, relation r, value_t c, int b,
                 reif how) {
  normal_sum n = normalise(std::move(a), std::move(x), r, c);
  m.narrow(b, 0, 1);
  if (n.x.empty()) {  // 0 (r) c: its truth is known, and b follows as far as `how` says
    const bool holds = holds_empty(n);
    if (how == reif::equiv || (how == reif::imp && !holds) || (how == reif::pmi && holds)) {
      m.narrow(b, holds ? 1 : 0, holds ? 1 : 0);
    }
    return;
  }
  m.add([n, b, how](space&) {
    return std::make_unique<linear_reif_prop>(n.a, n.x, n.r, n.c, b, how);
  });
}

void rel_reif(model& m, int x, relation r, int y, int b, reif how) {
  linear_reif(m, {1, -1}, {x, y}, r, 0, b, how);
}

void rel_reif(model& m, int x, relation r, value_t c, int b, reif how) {
  linear_reif(m, {1}, {x}, r, c, b, how);
}

void times(model& m, int x, int y, int z) {
  m.add([=](space&) { return std::make_unique<function_prop>(fn::times, x, y, z); });
}
void div(model& m, int x, int y, int z) {
  m.add([=](space&) { return std::make_unique<function_prop>(fn::div, x, y, z); });
}
void mod(model& m, int x, int y, int z) {
  m.add([=](space&) { return std::make_unique<function_prop>(fn::mod, x, y, z); });
}
void abs(model& m, int x, int z) {
  // y is x again: the propagator ignores it.
  m.add([=](space&) { return std::make_unique<function_prop>(fn::abs, x, x, z); });
}
void minimum(model& m, std::vector<int> x, int z) {
  if (x.empty()) throw std::invalid_argument("minimum of no variables");
  m.add([x, z](space&) { return std::make_unique<minmax_prop>(x, z, false); });
}
void maximum(model& m, std::vector<int> x, int z) {
  if (x.empty()) throw std::invalid_argument("maximum of no variables");
  m.add([x, z](space&) { return std::make_unique<minmax_prop>(x, z, true); });
}

}  // namespace bt::cp
