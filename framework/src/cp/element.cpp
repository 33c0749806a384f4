// SPDX-License-Identifier: MIT
// element: result = array[index - offset], for an array of constants (domain consistent) and
// of variables (domain consistent on the index, bounds on the result, the result equal to the
// chosen variable once the index is fixed).
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

class element_const final : public propagator {
 public:
  element_const(int index, std::vector<value_t> array, int result, value_t offset)
      : propagator("element", priority::linear), a_(std::move(array)), off_(offset) {
    watch(index, event::domain);
    watch(result, event::domain);
  }
  bool propagate(space& s) override {
    const int i = scope()[0];
    const int r = scope()[1];
    const auto n = static_cast<value_t>(a_.size());
    if (!s.set_min(i, off_) || !s.set_max(i, off_ + n - 1)) return false;
    // index keeps the positions whose value the result can take; result the values reached.
    if (!s.filter(
            i, [&](value_t k) { return s.contains(r, a_[static_cast<std::size_t>(k - off_)]); })) {
      return false;
    }
    reached_.clear();
    s.for_each(i, [&](value_t k) {
      reached_.push_back(a_[static_cast<std::size_t>(k - off_)]);
      return true;
    });
    std::sort(reached_.begin(), reached_.end());
    reached_.erase(std::unique(reached_.begin(), reached_.end()), reached_.end());
    return detail::intersect(s, r, reached_);
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const value_t k = s.value(scope()[0]) - off_;
    return k >= 0 && k < static_cast<value_t>(a_.size()) &&
           a_[static_cast<std::size_t>(k)] == s.value(scope()[1]);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[1]) << " = [";
    for (std::size_t k = 0; k < a_.size() && k < 8; ++k) os << (k ? ", " : "") << a_[k];
    if (a_.size() > 8) os << ", ...";
    os << "][" << s.name(scope()[0]);
    if (off_ != 0) os << (off_ > 0 ? " - " : " + ") << (off_ > 0 ? off_ : -off_);
    os << ']';
  }

 private:
  std::vector<value_t> a_;
  value_t off_;
  std::vector<value_t> reached_;
};

class element_var final : public propagator {
 public:
  element_var(int index, const std::vector<int>& array, int result, value_t offset)
      : propagator("element", priority::linear), off_(offset), n_(array.size()) {
    watch(index, event::domain);
    watch(result, event::domain);
    for (const int x : array) watch(x, event::domain);
    set_idempotent(false);
  }
  bool propagate(space& s) override {
    const int i = scope()[0];
    const int r = scope()[1];
    const auto n = static_cast<value_t>(n_);
    if (!s.set_min(i, off_) || !s.set_max(i, off_ + n - 1)) return false;
    const auto var_at = [&](value_t k) { return scope()[2 + static_cast<std::size_t>(k - off_)]; };
    // An index whose variable shares no value with the result goes.
    if (!s.filter(i, [&](value_t k) { return overlaps(s, var_at(k), r); })) return false;
    if (s.fixed(i)) {  // result = x[i]: both keep their common values
      const int x = var_at(s.value(i));
      if (!s.set_min(r, s.min(x)) || !s.set_max(r, s.max(x)) || !s.set_min(x, s.min(r)) ||
          !s.set_max(x, s.max(r))) {
        return false;
      }
      if (s.size(x) <= 4096 && s.size(r) <= 4096) {
        if (!s.filter(r, [&](value_t v) { return s.contains(x, v); })) return false;
        return s.filter(x, [&](value_t v) { return s.contains(r, v); });
      }
      return true;
    }
    // The result within the union of the candidates' bounds.
    value_t lo = value_max, hi = value_min;
    s.for_each(i, [&](value_t k) {
      lo = std::min(lo, s.min(var_at(k)));
      hi = std::max(hi, s.max(var_at(k)));
      return true;
    });
    return s.set_min(r, lo) && s.set_max(r, hi);
  }
  [[nodiscard]] bool holds(const space& s) const override {
    const value_t k = s.value(scope()[0]) - off_;
    return k >= 0 && k < static_cast<value_t>(n_) &&
           s.value(scope()[2 + static_cast<std::size_t>(k)]) == s.value(scope()[1]);
  }
  void print(std::ostream& os, const space& s) const override {
    os << s.name(scope()[1]) << " = [";
    detail::put_list(os, s, scope().subspan(2, std::min<std::size_t>(n_, 8)));
    if (n_ > 8) os << ", ...";
    os << "][" << s.name(scope()[0]) << ']';
  }

 private:
  static bool overlaps(const space& s, int x, int y) {
    if (s.max(x) < s.min(y) || s.max(y) < s.min(x)) return false;
    if (s.size(x) > 64 && s.size(y) > 64) return true;
    const int small = s.size(x) <= s.size(y) ? x : y;
    const int other = small == x ? y : x;
    bool found = false;
    s.for_each(small, [&](value_t v) {
      found = s.contains(other, v);
      return !found;
    });
    return found;
  }
  value_t off_;
  std::size_t n_;
};

}  // namespace

void element(model& m, int index, std::vector<value_t> array, int result, value_t offset) {
  if (array.empty()) throw std::invalid_argument("element of an empty array");
  m.add([index, array, result, offset](space&) {
    return std::make_unique<element_const>(index, array, result, offset);
  });
}

void element(model& m, int index, std::vector<int> array, int result, value_t offset) {
  if (array.empty()) throw std::invalid_argument("element of an empty array");
  m.add([index, array, result, offset](space&) {
    return std::make_unique<element_var>(index, array, result, offset);
  });
}

}  // namespace bt::cp
