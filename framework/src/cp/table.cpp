// SPDX-License-Identifier: MIT
// table: the scope's tuple is one of the listed tuples (positive) or none of them (negative),
// with generalised arc consistency by compact table (Demeulenaere, Hartert, Lecoutre, Perez,
// Perron, Régin, Schaus 2016): the tuples still valid are a reversible sparse bitset; each
// (variable, value) has a bitset of the tuples it supports; a value stays while its bitset
// meets the valid tuples (a residue remembers the word that met last). A negative table keeps
// a value while the valid forbidden tuples with it are fewer than the combinations of the
// other domains.
#include <algorithm>
#include <bit>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

class table_prop final : public propagator {
 public:
  table_prop(space& s, const std::vector<int>& x, const std::vector<value_t>& tuples, bool positive)
      : propagator(positive ? "table" : "negative table", priority::heavy), positive_(positive) {
    const std::size_t arity = x.size();
    for (const int v : x) watch(v, event::domain);
    track_changes();
    // The tuples whose values are all in the initial domains, each once (a negative table
    // counts them).
    std::vector<std::size_t> valid;
    const std::size_t count = tuples.size() / arity;
    for (std::size_t t = 0; t < count; ++t) {
      bool ok = true;
      for (std::size_t i = 0; i < arity && ok; ++i) ok = s.contains(x[i], tuples[t * arity + i]);
      if (ok) valid.push_back(t);
    }
    const auto row = [&](std::size_t t) {
      return tuples.begin() + static_cast<std::ptrdiff_t>(t * arity);
    };
    std::sort(valid.begin(), valid.end(), [&](std::size_t a, std::size_t b) {
      return std::lexicographical_compare(row(a), row(a) + static_cast<std::ptrdiff_t>(arity),
                                          row(b), row(b) + static_cast<std::ptrdiff_t>(arity));
    });
    valid.erase(std::unique(valid.begin(), valid.end(),
                            [&](std::size_t a, std::size_t b) {
                              return std::equal(row(a), row(a) + static_cast<std::ptrdiff_t>(arity),
                                                row(b));
                            }),
                valid.end());
    ntuples_ = valid.size();
    nwords_ = (ntuples_ + 63) / 64;
    // Each variable's values (its initial domain), and per value the bitset of its tuples.
    first_.resize(arity);
    for (std::size_t i = 0; i < arity; ++i) {
      first_[i] = values_.size();
      for (const value_t v : s.values(x[i])) values_.push_back(v);
    }
    first_.push_back(values_.size());
    supports_.assign(values_.size() * nwords_, 0);
    residue_.assign(values_.size(), 0);
    for (std::size_t k = 0; k < valid.size(); ++k) {
      const std::size_t t = valid[k];
      for (std::size_t i = 0; i < arity; ++i) {
        const std::size_t vi = value_index(i, tuples[t * arity + i]);
        supports_[vi * nwords_ + k / 64] |= std::uint64_t{1} << (k % 64);
      }
    }
    // The reversible sparse bitset: words in cells, the non-zero ones first (limit).
    words_ = s.new_cells(static_cast<int>(std::max<std::size_t>(nwords_, 1)), 0);
    for (std::size_t w = 0; w < nwords_; ++w) {
      const std::size_t left = ntuples_ - 64 * w;
      s.set_cell(words_ + static_cast<int>(w),
                 static_cast<std::int64_t>(left >= 64 ? ~std::uint64_t{0}
                                                      : (std::uint64_t{1} << left) - 1));
    }
    limit_ = s.new_cells(1, static_cast<std::int64_t>(nwords_));
    index_.resize(nwords_);
    for (std::size_t w = 0; w < nwords_; ++w) index_[w] = static_cast<int>(w);
    mask_.assign(nwords_, 0);
  }

  bool propagate(space& s) override { return run(s, s.modified(id())); }
  // Forward checking runs alone, after other constraints' passes it was not told of: every
  // variable updates the valid tuples.
  bool forward(space& s, int) override {
    all_.resize(scope().size());
    for (std::size_t i = 0; i < all_.size(); ++i) all_[i] = static_cast<int>(i);
    return run(s, all_);
  }

 private:
  bool run(space& s, std::span<const int> changed) {
    if (positive_ && ntuples_ == 0) {
      s.fail();
      return false;
    }
    // Update the valid tuples from the variables that changed.
    for (const int pos : changed) {
      update_from(s, static_cast<std::size_t>(pos));
      if (positive_ && s.cell(limit_) == 0) {
        s.fail();
        return false;
      }
    }
    return positive_ ? filter_positive(s, changed) : filter_negative(s);
  }

 public:
  [[nodiscard]] bool holds(const space& s) const override {
    // The tuple's bit in every supports bitset, intersected.
    const auto xs = scope();
    for (std::size_t w = 0; w < nwords_; ++w) {
      std::uint64_t word = ~std::uint64_t{0};
      for (std::size_t i = 0; i < xs.size() && word != 0; ++i) {
        const std::size_t vi = find_value(i, s.value(xs[i]));
        word &= vi == npos ? 0 : supports_[vi * nwords_ + w];
      }
      if (word != 0) return positive_;
    }
    return !positive_;
  }
  void print(std::ostream& os, const space& s) const override {
    os << (positive_ ? "table(" : "negative table(");
    detail::put_list(os, s, scope());
    os << "; " << ntuples_ << " tuples)";
  }

 private:
  static constexpr std::size_t npos = ~std::size_t{0};

  std::size_t find_value(std::size_t i, value_t v) const {
    const auto b = values_.begin() + static_cast<std::ptrdiff_t>(first_[i]);
    const auto e = values_.begin() + static_cast<std::ptrdiff_t>(first_[i + 1]);
    const auto it = std::lower_bound(b, e, v);
    return it != e && *it == v ? static_cast<std::size_t>(it - values_.begin()) : npos;
  }
  std::size_t value_index(std::size_t i, value_t v) const { return find_value(i, v); }

  // Keep the valid tuples whose value at position i is still in its domain.
  void update_from(space& s, std::size_t i) {
    std::fill(mask_.begin(), mask_.end(), 0);
    const auto lim = static_cast<std::size_t>(s.cell(limit_));
    s.for_each(scope()[i], [&](value_t v) {
      const std::uint64_t* sup = supports_.data() + value_index(i, v) * nwords_;
      for (std::size_t k = 0; k < lim; ++k) {
        const auto w = static_cast<std::size_t>(index_[k]);
        mask_[w] |= sup[w];
      }
      return true;
    });
    intersect_mask(s);
  }

  void intersect_mask(space& s) {
    auto lim = static_cast<std::size_t>(s.cell(limit_));
    for (std::size_t k = lim; k-- > 0;) {
      const auto w = static_cast<std::size_t>(index_[k]);
      const auto old = static_cast<std::uint64_t>(s.cell(words_ + static_cast<int>(w)));
      const std::uint64_t now = old & mask_[w];
      if (now == old) continue;
      s.set_cell(words_ + static_cast<int>(w), static_cast<std::int64_t>(now));
      if (now == 0) {
        std::swap(index_[k], index_[lim - 1]);
        --lim;
      }
    }
    s.set_cell(limit_, static_cast<std::int64_t>(lim));
  }

  bool filter_positive(space& s, std::span<const int> changed) {
    const auto xs = scope();
    const auto lim = static_cast<std::size_t>(s.cell(limit_));
    for (std::size_t i = 0; i < xs.size(); ++i) {
      if (changed.size() == 1 && static_cast<std::size_t>(changed[0]) == i) {
        continue;  // the only change was this variable's: its values keep their supports
      }
      gone_.clear();
      s.for_each(xs[i], [&](value_t v) {
        const std::size_t vi = value_index(i, v);
        const std::uint64_t* sup = supports_.data() + vi * nwords_;
        const std::size_t r = residue_[vi];
        if ((static_cast<std::uint64_t>(s.cell(words_ + static_cast<int>(r))) & sup[r]) != 0) {
          return true;
        }
        for (std::size_t k = 0; k < lim; ++k) {
          const auto w = static_cast<std::size_t>(index_[k]);
          if ((static_cast<std::uint64_t>(s.cell(words_ + static_cast<int>(w))) & sup[w]) != 0) {
            residue_[vi] = w;
            return true;
          }
        }
        gone_.push_back(v);
        return true;
      });
      if (!gone_.empty() && !s.remove_all(xs[i], gone_)) return false;
    }
    return true;
  }

  bool filter_negative(space& s) {
    const auto xs = scope();
    const auto lim = static_cast<std::size_t>(s.cell(limit_));
    // The combinations of all domains, capped: more than 2^62 means no value is unsupported.
    for (std::size_t i = 0; i < xs.size(); ++i) {
      detail::i128 others = 1;
      for (std::size_t j = 0; j < xs.size(); ++j) {
        if (j == i) continue;
        others *= static_cast<detail::i128>(s.size(xs[j]));
        if (others > static_cast<detail::i128>(ntuples_)) break;
      }
      if (others > static_cast<detail::i128>(ntuples_)) continue;
      gone_.clear();
      s.for_each(xs[i], [&](value_t v) {
        const std::size_t vi = value_index(i, v);
        if (vi == npos) return true;
        const std::uint64_t* sup = supports_.data() + vi * nwords_;
        std::uint64_t forbidden = 0;
        for (std::size_t k = 0; k < lim; ++k) {
          const auto w = static_cast<std::size_t>(index_[k]);
          forbidden += static_cast<std::uint64_t>(std::popcount(
              static_cast<std::uint64_t>(s.cell(words_ + static_cast<int>(w))) & sup[w]));
        }
        if (static_cast<detail::i128>(forbidden) >= others) gone_.push_back(v);
        return true;
      });
      if (!gone_.empty()) {
        if (!s.remove_all(xs[i], gone_)) return false;
        // The forbidden tuples with the removed values are no longer valid: the counts of the
        // next variables must not see them.
        update_from(s, i);
      }
    }
    return true;
  }

  bool positive_;
  std::size_t ntuples_ = 0;
  std::size_t nwords_ = 0;
  std::vector<std::size_t> first_;
  std::vector<value_t> values_;
  std::vector<std::uint64_t> supports_;
  std::vector<std::size_t> residue_;
  int words_ = 0;
  int limit_ = 0;
  std::vector<int> index_;
  std::vector<std::uint64_t> mask_;
  std::vector<value_t> gone_;
  std::vector<int> all_;
};

}  // namespace

void table(model& m, std::vector<int> x, std::vector<value_t> tuples, bool positive) {
  if (x.empty()) throw std::invalid_argument("table: no variables");
  if (tuples.size() % x.size() != 0) {
    throw std::invalid_argument("table: the tuples' values are not a multiple of the arity");
  }
  std::vector<int> sorted = x;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    // A variable twice: keep only the tuples that agree on its occurrences, then drop the copy.
    std::vector<int> scope;
    std::vector<std::size_t> keep;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (std::find(scope.begin(), scope.end(), x[i]) == scope.end()) {
        scope.push_back(x[i]);
        keep.push_back(i);
      }
    }
    std::vector<value_t> agreed;
    const std::size_t arity = x.size();
    for (std::size_t t = 0; t < tuples.size() / arity; ++t) {
      bool ok = true;
      for (std::size_t i = 0; i < arity && ok; ++i) {
        for (std::size_t j = 0; j < i && ok; ++j) {
          if (x[i] == x[j]) ok = tuples[t * arity + i] == tuples[t * arity + j];
        }
      }
      if (!ok) continue;
      for (const std::size_t i : keep) agreed.push_back(tuples[t * arity + i]);
    }
    return table(m, scope, agreed, positive);
  }
  if (positive && !tuples.empty()) {
    // A value outside its column's range has no tuple: the domains start at the columns'
    // bounds, so that an unbounded variable (MiniZinc's `var int`) is not listed value by value.
    const std::size_t arity = x.size();
    for (std::size_t i = 0; i < arity; ++i) {
      value_t lo = tuples[i];
      value_t hi = tuples[i];
      for (std::size_t k = i; k < tuples.size(); k += arity) {
        lo = std::min(lo, tuples[k]);
        hi = std::max(hi, tuples[k]);
      }
      m.narrow(x[i], lo, hi);
    }
  }
  m.add([x, tuples, positive](space& s) {
    return std::make_unique<table_prop>(s, x, tuples, positive);
  });
}

}  // namespace bt::cp
