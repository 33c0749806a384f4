// SPDX-License-Identifier: MIT
// in_set: x takes a value of a set of ranges (FlatZinc's set_in), and its reification
// (set_in_reif, set_in_imp). Domain consistent while x's domain can be enumerated; past that,
// bounds and the ranges that cover a bound, and a check once x is fixed.
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

// Domains of at most this many values are filtered value by value.
constexpr std::uint64_t enumerable = std::uint64_t{1} << 18;

bool member(const ranges& set, value_t v) {
  const auto it =
      std::upper_bound(set.begin(), set.end(), v,
                       [](value_t a, const std::pair<value_t, value_t>& r) { return a < r.first; });
  return it != set.begin() && std::prev(it)->second >= v;
}

// The range holding v, or the one after it (set.size() when none).
std::size_t range_at(const ranges& set, value_t v) {
  const auto it = std::lower_bound(
      set.begin(), set.end(), v,
      [](const std::pair<value_t, value_t>& r, value_t a) { return r.second < a; });
  return static_cast<std::size_t>(it - set.begin());
}

enum class status { unknown, entailed, disentailed };

status status_of(const space& s, int x, const ranges& set) {
  const value_t lo = s.min(x);
  const value_t hi = s.max(x);
  const std::size_t k = range_at(set, lo);
  if (k == set.size() || set[k].first > hi) return status::disentailed;    // [lo, hi] in a gap
  if (set[k].first <= lo && set[k].second >= hi) return status::entailed;  // within one range
  if (s.size(x) > enumerable) return status::unknown;
  bool in = false;
  bool out = false;
  s.for_each(x, [&](value_t v) {
    (member(set, v) ? in : out) = true;
    return !(in && out);
  });
  if (!out) return status::entailed;
  return in ? status::unknown : status::disentailed;
}

// x in set (keep) or x not in set (!keep).
bool enforce(space& s, int x, const ranges& set, bool keep) {
  if (s.size(x) <= enumerable)
    return s.filter(x, [&](value_t v) { return member(set, v) == keep; });
  if (keep) {
    // The bounds move to the nearest members; the gaps between stay until x is fixed.
    const std::size_t k = range_at(set, s.min(x));
    if (k == set.size()) return s.set_min(x, s.max(x) + 1);
    if (!s.set_min(x, std::max(s.min(x), set[k].first))) return false;
    std::size_t j = range_at(set, s.max(x));
    if (j == set.size() || set[j].first > s.max(x)) {
      if (j == 0) return s.set_max(x, s.min(x) - 1);
      --j;
      return s.set_max(x, set[j].second);
    }
    return true;
  }
  // The ranges that hold a bound push it past them.
  while (true) {
    const std::size_t k = range_at(set, s.min(x));
    if (k == set.size() || set[k].first > s.min(x)) break;
    if (!s.set_min(x, set[k].second + 1)) return false;
  }
  while (true) {
    const std::size_t k = range_at(set, s.max(x));
    if (k == set.size() || set[k].first > s.max(x)) break;
    if (!s.set_max(x, set[k].first - 1)) return false;
  }
  return true;
}

class in_set_prop final : public propagator {
 public:
  in_set_prop(int x, ranges set, int b, reif how)
      : propagator("in-set", priority::linear), set_(std::move(set)), how_(how) {
    watch(x, event::domain);
    watch(b, event::fixed);
  }
  bool propagate(space& s) override {
    const int x = scope()[0];
    const int b = scope()[1];
    if (s.fixed(b)) {
      if (s.value(b) == 1) return how_ == reif::pmi || check(s, x, true);
      return how_ == reif::imp || check(s, x, false);
    }
    switch (status_of(s, x, set_)) {
      case status::entailed: return how_ == reif::imp || s.assign(b, 1);
      case status::disentailed: return how_ == reif::pmi || s.assign(b, 0);
      case status::unknown: return true;
    }
    return true;
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const bool c = member(set_, s.value(scope()[0]));
    const bool b = s.value(scope()[1]) == 1;
    return how_ == reif::equiv ? b == c : how_ == reif::imp ? (!b || c) : (!c || b);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[1])
       << (how_ == reif::equiv ? " <-> ("
           : how_ == reif::imp ? " -> ("
                               : " <- (")
       << s.name(scope()[0]) << " in {";
    for (std::size_t i = 0; i < set_.size() && i < 8; ++i) {
      os << (i ? ", " : "") << set_[i].first;
      if (set_[i].second != set_[i].first) os << ".." << set_[i].second;
    }
    if (set_.size() > 8) os << ", ...";
    os << "})";
  }

 private:
  // Enforce x in set (or not), and fail a fixed x the enforcement could not reach.
  bool check(space& s, int x, bool keep) {
    if (!enforce(s, x, set_, keep)) return false;
    if (s.fixed(x) && member(set_, s.value(x)) != keep) {
      s.fail();
      return false;
    }
    return true;
  }

  ranges set_;
  reif how_;
};

ranges normalised(ranges set) {
  for (const auto& [lo, hi] : set) {
    if (lo > hi) throw std::invalid_argument("in_set: a range's lower end is above its upper end");
  }
  std::sort(set.begin(), set.end());
  ranges out;
  for (const auto& r : set) {
    if (!out.empty() && r.first <= out.back().second + 1) {
      out.back().second = std::max(out.back().second, r.second);
    } else {
      out.push_back(r);
    }
  }
  return out;
}

}  // namespace

void in_set(model& m, int x, ranges set) {
  set = normalised(std::move(set));
  if (set.empty()) {
    m.narrow(x, 1, 0);
    return;
  }
  m.narrow(x, set.front().first, set.back().second);
  // The gaps leave the initial domain when they are few or the domain is a bitset (an interval
  // domain keeps its holes in a sorted list); else a propagator keeps the set.
  std::uint64_t gaps = 0;
  for (std::size_t i = 1; i < set.size(); ++i) {
    gaps += static_cast<std::uint64_t>(set[i].first - set[i - 1].second - 1);
  }
  const bool bitset = m.upper(x) - m.lower(x) < bitset_limit;
  if (gaps <= 4096 || bitset) {
    for (std::size_t i = 1; i < set.size(); ++i) {
      for (value_t v = set[i - 1].second + 1; v < set[i].first; ++v) m.exclude(x, v);
    }
    return;
  }
  const int one = m.constant(1);
  m.add([x, set, one](space&) { return std::make_unique<in_set_prop>(x, set, one, reif::equiv); });
}

void in_set_reif(model& m, int x, ranges set, int b, reif how) {
  set = normalised(std::move(set));
  m.narrow(b, 0, 1);
  m.add([x, set, b, how](space&) { return std::make_unique<in_set_prop>(x, set, b, how); });
}

}  // namespace bt::cp
