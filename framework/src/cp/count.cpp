// SPDX-License-Identifier: MIT
// count: c = the number of x[i] equal to y (MiniZinc's count_eq). For each value v that y can
// take, the count lies between the x fixed to v and the x that can take v; c keeps the hull of
// those ranges, y keeps the values whose range meets c, and once y is fixed the x follow c's
// bounds (all of the possible ones take v when c needs them all, none more when c has enough).
#include <algorithm>
#include <memory>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

// Past this many values of y, only y's bounds are filtered (every value costs a scan of x).
constexpr std::uint64_t listed_values = 4096;

class count_prop final : public propagator {
 public:
  count_prop(const std::vector<int>& x, int y, int c)
      : propagator("count", priority::linear), n_(x.size()) {
    for (const int v : x) watch(v, event::domain);
    watch(y, event::domain);
    watch(c, event::bounds);
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    const auto xs = scope().first(n_);
    const int y = scope()[n_];
    const int c = scope()[n_ + 1];
    if (!s.set_min(c, 0) || !s.set_max(c, static_cast<value_t>(n_))) return false;
    if (s.fixed(y)) return with_value(s, xs, s.value(y), c);
    // y's values whose possible counts miss c go; c keeps the hull of the others' counts.
    value_t lo = value_max;
    value_t hi = value_min;
    const auto range_of = [&](value_t v, value_t& a, value_t& b) {
      a = 0;
      b = 0;
      for (const int x : xs) {
        if (!s.contains(x, v)) continue;
        ++b;
        if (s.fixed(x)) ++a;
      }
    };
    if (s.size(y) <= listed_values) {
      const value_t cl = s.min(c);
      const value_t ch = s.max(c);
      if (!s.filter(y, [&](value_t v) {
            value_t a = 0;
            value_t b = 0;
            range_of(v, a, b);
            if (b < cl || a > ch) return false;
            lo = std::min(lo, a);
            hi = std::max(hi, b);
            return true;
          })) {
        return false;
      }
      if (s.fixed(y)) return with_value(s, xs, s.value(y), c);
      return s.set_min(c, lo) && s.set_max(c, hi);
    }
    // A wide y: the x that share a value with y's bounds bound the count from above.
    value_t possible = 0;
    for (const int x : xs) {
      if (s.max(x) >= s.min(y) && s.min(x) <= s.max(y)) ++possible;
    }
    return s.set_max(c, possible);
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const value_t v = s.value(scope()[n_]);
    value_t k = 0;
    for (const int x : scope().first(n_)) k += s.value(x) == v ? 1 : 0;
    return k == s.value(scope()[n_ + 1]);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[n_ + 1]) << " = count(";
    detail::put_list(os, s, scope().first(n_));
    os << " = " << s.name(scope()[n_]) << ')';
  }

 private:
  // y is v: c between the x fixed to v and those that can take v; the others follow c.
  static bool with_value(space& s, std::span<const int> xs, value_t v, int c) {
    value_t fixed = 0;
    value_t possible = 0;
    for (const int x : xs) {
      if (!s.contains(x, v)) continue;
      ++possible;
      if (s.fixed(x)) ++fixed;
    }
    if (!s.set_min(c, fixed) || !s.set_max(c, possible)) return false;
    if (s.max(c) == fixed) {  // enough: no other x takes v
      for (const int x : xs) {
        if (!s.fixed(x) && !s.remove(x, v)) return false;
      }
    } else if (s.min(c) == possible) {  // every x that can take v must
      for (const int x : xs) {
        if (s.contains(x, v) && !s.assign(x, v)) return false;
      }
    }
    return true;
  }

  std::size_t n_;
};

}  // namespace

void count(model& m, std::vector<int> x, int y, int c) {
  m.add([x, y, c](space&) { return std::make_unique<count_prop>(x, y, c); });
}

}  // namespace bt::cp
