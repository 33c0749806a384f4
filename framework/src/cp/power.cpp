// SPDX-License-Identifier: MIT
// power: z = x^y as MiniZinc's int_pow defines it: 0^0 = 1, and for y < 0, z = 1 div x^-y with
// x != 0. Supports while x and y have few values together, z's bounds from x's when y is
// fixed and not negative, and a check once x and y are fixed.
#include <algorithm>
#include <cmath>
#include <memory>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

using detail::clamp;
using detail::i128;

// Past the value range: the power has no value there.
constexpr i128 too_big = i128{value_max} + 1;

// |b|^e saturated at too_big, with b's sign when e is odd.
i128 raise(i128 b, value_t e) {
  const bool negative = b < 0 && (e % 2) != 0;
  const i128 m = b < 0 ? -b : b;
  i128 r = 1;
  for (value_t k = 0; k < e; ++k) {
    r *= m;
    if (r > value_max) {
      r = too_big;
      break;
    }
    if (m <= 1) break;  // 0 and 1 stay
  }
  if (m == 0 && e > 0) r = 0;
  return negative ? -r : r;
}

// The largest r >= 0 with r^e <= v (v >= 0, e >= 1).
i128 root_floor(i128 v, value_t e) {
  if (e == 1) return v;
  auto r = static_cast<i128>(std::pow(static_cast<double>(v), 1.0 / static_cast<double>(e)));
  while (r > 0 && raise(r, e) > v) --r;
  while (raise(r + 1, e) <= v) ++r;
  return r;
}
// The smallest r >= 0 with r^e >= v (v >= 0, e >= 1).
i128 root_ceil(i128 v, value_t e) {
  const i128 r = root_floor(v, e);
  return raise(r, e) < v ? r + 1 : r;
}

// x^y as MiniZinc computes it; false when undefined or out of the value range.
bool power_of(value_t x, value_t y, value_t& z) {
  if (y >= 0) {
    const i128 r = raise(x, y);
    if (r >= too_big || r <= -too_big) return false;
    z = static_cast<value_t>(r);
    return true;
  }
  if (x == 0) return false;
  // 1 div x^|y|: 1 for x = 1, +-1 for x = -1, 0 otherwise.
  if (x == 1)
    z = 1;
  else if (x == -1)
    z = (y % 2 == 0) ? 1 : -1;
  else
    z = 0;
  return true;
}

class power_prop final : public propagator {
 public:
  power_prop(int x, int y, int z) : propagator("power", priority::linear) {
    watch(x, event::domain);
    watch(y, event::domain);
    watch(z, event::domain);
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    const int x = scope()[0];
    const int y = scope()[1];
    const int z = scope()[2];
    if (s.size(x) <= 4096 && s.size(y) <= 4096 && s.size(x) * s.size(y) <= 4096)
      return supports(s, x, y, z);
    if (s.fixed(y) && s.value(y) >= 0) {
      const value_t e = s.value(y);
      const i128 lo = raise(s.min(x), e);
      const i128 hi = raise(s.max(x), e);
      i128 zl = std::min(lo, hi);
      i128 zh = std::max(lo, hi);
      if (e % 2 == 0 && e > 0) {  // even: |x|'s smallest at 0 when x crosses it
        if (s.min(x) <= 0 && s.max(x) >= 0) zl = 0;
        zl = std::max<i128>(zl, 0);
      }
      if (!s.set_min(z, clamp(zl)) || !s.set_max(z, clamp(zh))) return false;
      if (e >= 1 && !roots(s, x, z, e)) return false;
    }
    if (s.fixed(x) && s.fixed(y)) {
      value_t r = 0;
      if (!power_of(s.value(x), s.value(y), r)) {
        s.fail();
        return false;
      }
      return s.assign(z, r);
    }
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    value_t r = 0;
    return power_of(s.value(scope()[0]), s.value(scope()[1]), r) && r == s.value(scope()[2]);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[2]) << " = " << s.name(scope()[0]) << " ^ " << s.name(scope()[1]);
  }

 private:
  // x's bounds from z's: x^e within [min z, max z] for a fixed e >= 1.
  static bool roots(space& s, int x, int z, value_t e) {
    const i128 zl = s.min(z);
    const i128 zh = s.max(z);
    if (e % 2 == 0) {  // |x| <= the root of max z (max z >= 0: z's bounds start at 0)
      const i128 r = root_floor(zh, e);
      return s.set_min(x, clamp(-r)) && s.set_max(x, clamp(r));
    }
    const i128 hi = zh >= 0 ? root_floor(zh, e) : -root_ceil(-zh, e);
    const i128 lo = zl <= 0 ? -root_floor(-zl, e) : root_ceil(zl, e);
    return s.set_min(x, clamp(lo)) && s.set_max(x, clamp(hi));
  }
  // Every value of x, y and z without a supporting triple goes.
  static bool supports(space& s, int x, int y, int z) {
    std::vector<value_t> xs;
    std::vector<value_t> ys;
    std::vector<value_t> zs;
    const std::vector<value_t> xv = s.values(x);
    const std::vector<value_t> yv = s.values(y);
    for (const value_t a : xv) {
      for (const value_t b : yv) {
        if (x == y && a != b) continue;
        value_t r = 0;
        if (!power_of(a, b, r) || !s.contains(z, r)) continue;
        if (z == x && r != a) continue;
        if (z == y && r != b) continue;
        xs.push_back(a);
        ys.push_back(b);
        zs.push_back(r);
      }
    }
    for (auto* v : {&xs, &ys, &zs}) {
      std::sort(v->begin(), v->end());
      v->erase(std::unique(v->begin(), v->end()), v->end());
    }
    return detail::intersect(s, x, xs) && detail::intersect(s, y, ys) &&
           detail::intersect(s, z, zs);
  }
};

}  // namespace

void power(model& m, int x, int y, int z) {
  m.add([=](space&) { return std::make_unique<power_prop>(x, y, z); });
}

}  // namespace bt::cp
