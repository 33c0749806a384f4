// SPDX-License-Identifier: MIT
// predicate: a user's test of its scope's values (a C++ callable, or a Python function through
// the package): checked when the scope is fixed, and while the scope has few assignments left,
// every value without a supporting assignment is removed (support search by enumeration). A
// pure test whose allowed tuples are rare is enumerated completely, once for a set of domains,
// and the nodes below read their supports from the allowed tuples kept (no test called).
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <unordered_map>
#include <utility>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

using test_fn = std::function<bool(std::span<const value_t>)>;

class predicate_prop final : public propagator {
 public:
  predicate_prop(const space& s, const std::vector<int>& scope, std::shared_ptr<const test_fn> test,
                 std::string name, std::uint64_t limit, bool pure)
      : propagator("predicate", priority::heavy),
        test_(std::move(test)),
        name_(std::move(name)),
        limit_(limit),
        pure_(pure) {
    const std::size_t n = scope.size();
    reserve_scope(n);
    for (const int x : scope) watch(x, event::domain);
    tuple_.resize(n);
    fixed_.resize(n);
    domains_.resize(n);
    supported_.resize(n);
    // Residues: a slot of n values per (position, value), found by offset from the initial
    // minimum when the domains' spans are small (no hashing, nothing allocated in the search),
    // else through a map per position.
    std::uint64_t span_total = 0;
    for (const int x : scope) {
      span_total += static_cast<std::uint64_t>(s.max(x) - s.min(x)) + 1;
      if (span_total > dense_limit) break;
    }
    dense_ = span_total <= dense_limit;
    if (dense_) {
      std::size_t at = 0;
      first_slot_.reserve(n);
      base_.reserve(n);
      for (const int x : scope) {
        first_slot_.push_back(at);
        base_.push_back(s.min(x));
        at += static_cast<std::size_t>(s.max(x) - s.min(x)) + 1;
      }
      has_residue_.assign(at, 0);
      residues_.assign(at * n, 0);
    } else {
      sparse_.resize(n);
    }
  }
  bool propagate(space& s) override {
    const auto xs = scope();
    // The assignments left, capped past the limit.
    std::uint64_t left = 1;
    for (const int x : xs) {
      const std::uint64_t n = s.size(x);
      if (n > limit_ || left > limit_ / n) {
        left = limit_ + 1;
        break;
      }
      left *= n;
    }
    if (left > limit_) return true;
    if (left == 1) {
      for (std::size_t i = 0; i < xs.size(); ++i) tuple_[i] = s.value(xs[i]);
      if (!(*test_)(tuple_)) {
        s.fail();
        return false;
      }
      return true;
    }
    std::size_t unsupported = 0;
    for (std::size_t i = 0; i < xs.size(); ++i) {
      s.values(xs[i], domains_[i]);
      supported_[i].assign(domains_[i].size(), 0);
      unsupported += domains_[i].size();
    }
    if (complete_) {
      supports_from_allowed(s);
    } else {
      supports_by_residues(s, unsupported);
    }
    for (std::size_t i = 0; i < xs.size(); ++i) {
      gone_.clear();
      for (std::size_t a = 0; a < domains_[i].size(); ++a) {
        if (supported_[i][a] == 0) gone_.push_back(domains_[i][a]);
      }
      if (!gone_.empty() && !s.remove_all(xs[i], gone_)) return false;
    }
    return true;
  }
  // Each value needs one supporting assignment the test accepts: its residue (the last
  // support found, still within the domains: no call of the test; GAC3rm, Lecoutre and
  // Hemery 2007), else one found by enumerating the assignments of the current domains once,
  // testing only those with a value not yet supported, until every value is.
  void supports_by_residues(const space& s, std::size_t unsupported) {
    const auto xs = scope();
    for (std::size_t i = 0; i < xs.size() && unsupported != 0; ++i) {
      for (std::size_t a = 0; a < domains_[i].size(); ++a) {
        if (supported_[i][a] != 0) continue;
        const value_t* r = residue(i, domains_[i][a]);
        if (r != nullptr) {
          const std::span<const value_t> t(r, xs.size());
          if (within(s, t)) unsupported -= mark(t);
        }
      }
    }
    at_.assign(xs.size(), 0);
    while (unsupported != 0) {
      bool needed = false;
      bool same = true;  // a variable listed twice takes one value
      for (std::size_t i = 0; i < xs.size() && same; ++i) {
        tuple_[i] = domains_[i][at_[i]];
        needed = needed || supported_[i][at_[i]] == 0;
        for (std::size_t j = 0; j < i && same; ++j) same = xs[i] != xs[j] || tuple_[i] == tuple_[j];
      }
      if (same && needed) {
        ++tested_;
        if ((*test_)(tuple_)) {
          ++allowed_count_;
          unsupported -= mark(tuple_);
          for (std::size_t j = 0; j < xs.size(); ++j) keep_residue(j);
        }
      }
      std::size_t k = 0;
      while (k < xs.size() && ++at_[k] == domains_[k].size()) at_[k++] = 0;
      if (k == xs.size()) break;
    }
    // A pure test that allows few of the tuples it is shown: this enumeration was nearly
    // complete, and a complete one (supports_from_allowed) serves the nodes below it too.
    complete_ = pure_ && tested_ >= 256 && allowed_count_ * 64 < tested_;
  }
  // The supports among the allowed tuples of a complete enumeration whose domains hold the
  // current ones (the tuples it did not keep are not allowed), the latest first; else a
  // complete enumeration of the current domains, kept for the next propagations. Several are
  // kept: after a backtrack the domains are those of an earlier enumeration, or within them.
  void supports_from_allowed(const space& s) {
    const auto xs = scope();
    for (std::size_t k = kept_.size(); k-- > 0;) {
      const enumeration& e = kept_[k];
      bool inside = true;
      for (std::size_t i = 0; i < xs.size() && inside; ++i) {
        inside = std::includes(e.domains[i].begin(), e.domains[i].end(), domains_[i].begin(),
                               domains_[i].end());
      }
      if (!inside) continue;
      for (std::size_t t = 0; t < e.allowed.size(); t += xs.size()) {
        const std::span<const value_t> row(e.allowed.data() + t, xs.size());
        if (within(s, row)) mark(row);
      }
      return;
    }
    if (kept_.size() == max_kept) kept_.erase(kept_.begin());
    kept_.push_back({domains_, {}});
    std::vector<value_t>& allowed = kept_.back().allowed;
    at_.assign(xs.size(), 0);
    for (;;) {
      bool same = true;  // a variable listed twice takes one value
      for (std::size_t i = 0; i < xs.size() && same; ++i) {
        tuple_[i] = domains_[i][at_[i]];
        for (std::size_t j = 0; j < i && same; ++j) same = xs[i] != xs[j] || tuple_[i] == tuple_[j];
      }
      if (same && (*test_)(tuple_)) {
        mark(tuple_);
        allowed.insert(allowed.end(), tuple_.begin(), tuple_.end());
      }
      std::size_t k = 0;
      while (k < xs.size() && ++at_[k] == domains_[k].size()) at_[k++] = 0;
      if (k == xs.size()) break;
    }
  }
  // Value v's slot at scope position j in the dense table.
  [[nodiscard]] std::size_t dense_slot(std::size_t j, value_t v) const {
    return first_slot_[j] + static_cast<std::size_t>(v - base_[j]);
  }
  // The residue of value v at scope position j (n values), or null.
  [[nodiscard]] const value_t* residue(std::size_t j, value_t v) const {
    if (dense_) {
      const std::size_t slot = dense_slot(j, v);
      return has_residue_[slot] != 0 ? residues_.data() + slot * tuple_.size() : nullptr;
    }
    const auto r = sparse_[j].find(v);
    return r == sparse_[j].end() ? nullptr : residues_.data() + r->second;
  }
  // Keep tuple_ as the residue of its value at position j.
  void keep_residue(std::size_t j) {
    const value_t v = tuple_[j];
    const std::size_t n = tuple_.size();
    std::size_t at = 0;
    if (dense_) {
      const std::size_t slot = dense_slot(j, v);
      has_residue_[slot] = 1;
      at = slot * n;
    } else {
      const auto [r, fresh] = sparse_[j].try_emplace(v, residues_.size());
      if (fresh) residues_.resize(residues_.size() + n);
      at = r->second;
    }
    std::copy(tuple_.begin(), tuple_.end(), residues_.begin() + static_cast<std::ptrdiff_t>(at));
  }
  // Whether every value of t is still in its variable's domain.
  [[nodiscard]] bool within(const space& s, std::span<const value_t> t) const {
    const auto xs = scope();
    for (std::size_t j = 0; j < xs.size(); ++j) {
      if (!s.contains(xs[j], t[j])) return false;
    }
    return true;
  }
  // Mark the values of t (within the domains) supported; how many were not yet.
  std::size_t mark(std::span<const value_t> t) {
    std::size_t fresh = 0;
    for (std::size_t j = 0; j < t.size(); ++j) {
      const auto& d = domains_[j];
      const auto at = std::lower_bound(d.begin(), d.end(), t[j]);
      if (at == d.end() || *at != t[j]) continue;
      unsigned char& m = supported_[j][static_cast<std::size_t>(at - d.begin())];
      fresh += m == 0 ? 1 : 0;
      m = 1;
    }
    return fresh;
  }

  [[nodiscard]] bool holds(const space& s) const override {
    for (std::size_t i = 0; i < fixed_.size(); ++i) fixed_[i] = s.value(scope()[i]);
    return (*test_)(fixed_);
  }
  void print(std::ostream& os, const space& s) const override {
    os << (name_.empty() ? std::string("predicate") : name_) << '(';
    detail::put_list(os, s, scope());
    os << ')';
  }

 private:
  // Shared by the spaces a model builds: copying the function at each build cost a small
  // search an allocation per constraint.
  std::shared_ptr<const test_fn> test_;
  std::string name_;
  std::uint64_t limit_;
  bool pure_;
  bool complete_ = false;            // enumerate completely (supports_from_allowed)
  std::uint64_t tested_ = 0;         // tuples tested by supports_by_residues
  std::uint64_t allowed_count_ = 0;  // of which allowed
  // A complete enumeration: its domains and its allowed tuples, one after another.
  struct enumeration {
    std::vector<std::vector<value_t>> domains;
    std::vector<value_t> allowed;
  };
  static constexpr std::size_t max_kept = 64;
  std::vector<enumeration> kept_;  // the latest last
  std::vector<value_t> tuple_;
  mutable std::vector<value_t> fixed_;  // holds()'s values
  std::vector<std::vector<value_t>> domains_;
  std::vector<std::vector<unsigned char>> supported_;
  // Residues (residue(), keep_residue()): n values per slot in residues_.
  static constexpr std::uint64_t dense_limit = 1U << 16;
  bool dense_ = false;
  std::vector<std::size_t> first_slot_;     // dense: position j's first slot
  std::vector<value_t> base_;               // dense: position j's initial minimum
  std::vector<unsigned char> has_residue_;  // dense: per slot
  std::vector<std::unordered_map<value_t, std::size_t>> sparse_;  // else: value -> offset
  std::vector<value_t> residues_;
  std::vector<std::size_t> at_;
  std::vector<value_t> gone_;
};

}  // namespace

void predicate(model& m, std::vector<int> scope, std::function<bool(std::span<const value_t>)> test,
               std::string name, std::uint64_t support_limit, bool pure) {
  if (scope.empty()) throw std::invalid_argument("predicate: no variables");
  if (!test) throw std::invalid_argument("predicate: no test");
  auto shared = std::make_shared<const test_fn>(std::move(test));
  m.add([scope, shared, name, support_limit, pure](space& s) {
    return std::make_unique<predicate_prop>(s, scope, shared, name, support_limit, pure);
  });
}

}  // namespace bt::cp
