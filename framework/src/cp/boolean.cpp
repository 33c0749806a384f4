// SPDX-License-Identifier: MIT
// Constraints over 0/1 variables: clauses, reified conjunction and disjunction, xor, and the
// exactly-one of an exact cover's column (its propagator: exact_cover.cpp).
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

void zero_one(model& m, const std::vector<int>& x) {
  for (const int v : x) m.narrow(v, 0, 1);
}

}  // namespace

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
