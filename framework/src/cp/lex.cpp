// SPDX-License-Identifier: MIT
// lex_lesseq: x is lexicographically at most (strict: below) y, a proper prefix counting as
// smaller (MiniZinc's lex_lesseq and lex_less on arrays of any lengths). The first position
// whose pair is not fixed and equal must have x <= y there; when the rest cannot make the
// order hold after an equal pair, it must have x < y.
#include <algorithm>
#include <memory>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

enum class verdict { holds, fails, open };

class lex_prop final : public propagator {
 public:
  lex_prop(const std::vector<int>& x, const std::vector<int>& y, bool strict)
      : propagator("lex", priority::linear), nx_(x.size()), ny_(y.size()), strict_(strict) {
    for (const int v : x) watch(v, event::bounds);
    for (const int v : y) watch(v, event::bounds);
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    const std::size_t n = std::min(nx_, ny_);
    std::size_t i = 0;
    while (true) {
      while (i < n && s.fixed(xv(i)) && s.fixed(yv(i)) && s.value(xv(i)) == s.value(yv(i))) ++i;
      if (i == n) {
        if (end_holds()) return true;
        s.fail();
        return false;
      }
      const int a = xv(i);
      const int b = yv(i);
      // x[i] <= y[i], and x[i] < y[i] when equality there leaves the rest failing.
      const bool need_less = tail(s, i + 1) == verdict::fails;
      const value_t gap = need_less ? 1 : 0;
      if (!s.set_max(a, s.max(b) - gap) || !s.set_min(b, s.min(a) + gap)) return false;
      if (s.fixed(a) && s.fixed(b) && s.value(a) == s.value(b)) {
        ++i;  // the pair became equal: the order is decided further on
        continue;
      }
      return true;
    }
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const std::size_t n = std::min(nx_, ny_);
    for (std::size_t i = 0; i < n; ++i) {
      const value_t a = s.value(xv(i));
      const value_t b = s.value(yv(i));
      if (a != b) return a < b;
    }
    return end_holds();
  }
  void print(std::ostream& os, const space& s) const override {
    os << '[';
    detail::put_list(os, s, scope().first(nx_));
    os << (strict_ ? "] <lex [" : "] <=lex [");
    detail::put_list(os, s, scope().subspan(nx_));
    os << ']';
  }

 private:
  [[nodiscard]] int xv(std::size_t i) const { return scope()[i]; }
  [[nodiscard]] int yv(std::size_t i) const { return scope()[nx_ + i]; }
  // Whether the order holds when every pair is equal.
  [[nodiscard]] bool end_holds() const { return nx_ < ny_ || (nx_ == ny_ && !strict_); }
  // The order of the arrays from position i on, as far as the bounds tell.
  verdict tail(const space& s, std::size_t i) const {
    const std::size_t n = std::min(nx_, ny_);
    for (; i < n; ++i) {
      const int a = xv(i);
      const int b = yv(i);
      if (s.min(a) > s.max(b)) return verdict::fails;
      if (s.max(a) < s.min(b)) return verdict::holds;
      if (!(s.fixed(a) && s.fixed(b))) return verdict::open;  // equal values fixed: go on
    }
    return end_holds() ? verdict::holds : verdict::fails;
  }

  std::size_t nx_;
  std::size_t ny_;
  bool strict_;
};

}  // namespace

void lex_lesseq(model& m, std::vector<int> x, std::vector<int> y, bool strict) {
  if (x.empty() || y.empty()) {
    // An empty array is below any other and equal to an empty one.
    const bool ok = x.size() < y.size() || (x.empty() && y.empty() && !strict);
    if (!ok) m.narrow(m.constant(0), 1, 0);
    return;
  }
  m.add([x, y, strict](space&) { return std::make_unique<lex_prop>(x, y, strict); });
}

}  // namespace bt::cp
