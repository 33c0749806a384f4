// SPDX-License-Identifier: MIT
#include <bt/cp/model.hpp>

#include <algorithm>
#include <stdexcept>

namespace bt::cp {

// exact_cover.cpp: the one propagator of a model's exactly-one constraints.
std::unique_ptr<propagator> make_exact_cover(space& s,
                                             const std::vector<std::vector<int>>& columns);

int model::int_var(value_t lo, value_t hi, std::string name) {
  if (lo > hi) {
    throw std::invalid_argument("variable " + (name.empty() ? std::string("?") : name) +
                                ": empty domain " + std::to_string(lo) + ".." + std::to_string(hi));
  }
  if (lo < value_min || hi > value_max) {
    throw std::invalid_argument("variable " + (name.empty() ? std::string("?") : name) +
                                ": values must lie within +-2^52");
  }
  vars_.push_back({lo, hi, {}, std::move(name), lo, hi, {}, {}});
  return var_count() - 1;
}

int model::int_var(std::vector<value_t> values, std::string name) {
  if (values.empty()) {
    throw std::invalid_argument("variable " + (name.empty() ? std::string("?") : name) +
                                ": empty domain");
  }
  std::sort(values.begin(), values.end());
  values.erase(std::unique(values.begin(), values.end()), values.end());
  const int x = int_var(values.front(), values.back(), std::move(name));
  if (static_cast<value_t>(values.size()) != values.back() - values.front() + 1) {
    vars_.back().values = std::move(values);
  }
  return x;
}

std::vector<int> model::int_vars(int n, value_t lo, value_t hi, const std::string& prefix) {
  std::vector<int> out;
  out.reserve(static_cast<std::size_t>(n));
  for (int i = 0; i < n; ++i) {
    out.push_back(int_var(lo, hi, prefix.empty() ? std::string() : prefix + std::to_string(i + 1)));
  }
  return out;
}

int model::constant(value_t v) {
  for (const auto& [value, x] : constants_) {
    if (value == v) return x;
  }
  const int x = int_var(v, v, std::to_string(v));
  constants_.emplace_back(v, x);
  return x;
}

void model::narrow(int x, value_t lo, value_t hi) {
  var_spec& v = vars_.at(static_cast<std::size_t>(x));
  v.min = std::max(v.min, lo);
  v.max = std::min(v.max, hi);
}

void model::exclude(int x, value_t v) {
  vars_.at(static_cast<std::size_t>(x)).excluded.push_back(v);
}

std::uint64_t model::domain_size(int x) const {
  const var_spec& v = vars_[static_cast<std::size_t>(x)];
  if (!v.values.empty()) return v.values.size();
  return static_cast<std::uint64_t>(v.hi - v.lo) + 1;
}

std::unique_ptr<space> model::build() const {
  auto s = std::make_unique<space>();
  for (const var_spec& v : vars_) {
    const int x = v.values.empty() ? s->new_var(v.lo, v.hi, v.name) : s->new_var(v.values, v.name);
    if (v.value_names) s->set_value_names(x, v.value_names);
    // Narrowing at level 0 is permanent; an emptied domain fails the root.
    if (!s->set_min(x, v.min) || !s->set_max(x, v.max)) continue;
    for (const value_t e : v.excluded) {
      if (!s->remove(x, e)) break;
    }
  }
  for (const factory& f : constraints_) s->post(f(*s));
  if (!columns_.empty()) s->post(make_exact_cover(*s, columns_));
  return s;
}

}  // namespace bt::cp
