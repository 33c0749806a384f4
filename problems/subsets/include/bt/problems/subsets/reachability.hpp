// SPDX-License-Identifier: MIT
// "Can items k, k+1, ... of a search order make up exactly t?" answered before a child is
// generated: exactly from a table of reachable sums when the target is small enough, else by
// bounds near the root and exactly near the leaves.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <vector>

#include <bt/problems/subsets/order.hpp>

namespace bt::problems::subsets {

/// Answers reachable(k, t) for one search order; it never says no to a reachable sum.
/// With the table (bits (k, t) for t <= m) every answer is exact, so a search guided by it
/// enters only nodes that lead to a solution. Without it, the last `bottom_items` variables
/// have exact sorted lists of their subset sums and the others are tested by bounds.
class reach_oracle {
 public:
  /// The largest table built by default, in 64-bit words (32 MiB).
  static constexpr std::size_t default_table_words = std::size_t{1} << 22;
  /// How many of the last variables get exact subset-sum lists when there is no table.
  static constexpr std::size_t bottom_items = 20;

  /// Build the tests for o (which must outlive the oracle); a table of at most table_words
  /// words, none when table_words is 0.
  explicit reach_oracle(const search_order& o, std::size_t table_words = default_table_words)
      : o_(&o) {
    const std::size_t n = o.size();
    const std::uint64_t m = o.target;
    min_.assign(n + 1, std::numeric_limits<std::uint64_t>::max());
    gcd_.assign(n + 1, 0);
    for (std::size_t k = n; k-- > 0;) {
      min_[k] = std::min(min_[k + 1], o.weight[k]);
      gcd_[k] = std::gcd(gcd_[k + 1], o.weight[k]);
    }
    const std::uint64_t words = m / 64 + 1;
    if (words <= table_words / (n + 1)) {
      build_table(static_cast<std::size_t>(words));
    } else {
      build_bottom();
    }
  }

  /// Can variables k.. (k <= size) make up exactly t? Exact with the table or for
  /// k >= the bottom; otherwise false only when t exceeds their sum, is smaller than their
  /// lightest weight, or is not a multiple of their greatest common divisor.
  [[nodiscard]] bool reachable(std::size_t k, std::uint64_t t) const {
    if (t == 0 || t == o_->rest[k]) {
      return true;
    }
    if (t > o_->rest[k]) {
      return false;
    }
    if (!table_.empty()) {
      return ((table_[k * words_ + static_cast<std::size_t>(t / 64)] >> (t % 64)) & 1U) != 0;
    }
    if (k >= bottom_) {
      const auto& s = sums_[k - bottom_];
      return std::binary_search(s.begin(), s.end(), t);
    }
    return t >= min_[k] && t % gcd_[k] == 0;
  }

  /// True when every answer is exact (the table was built).
  [[nodiscard]] bool exact() const { return !table_.empty(); }

 private:
  // Row k has bit t set when t is a subset sum of variables k..; row n is {0}, and row k is
  // row k+1 or'ed with itself shifted up by weight k (bits above m are cleared).
  void build_table(std::size_t words) {
    const std::size_t n = o_->size();
    words_ = words;
    table_.assign((n + 1) * words, 0);
    table_[n * words] = 1;
    const std::uint64_t m = o_->target;
    const std::uint64_t last_mask =
        m % 64 == 63 ? ~std::uint64_t{0} : (std::uint64_t{1} << (m % 64 + 1)) - 1;
    for (std::size_t k = n; k-- > 0;) {
      const std::uint64_t* src = &table_[(k + 1) * words];
      std::uint64_t* dst = &table_[k * words];
      const std::uint64_t w = o_->weight[k];  // when w > m, q >= words and nothing shifts in
      const auto q = static_cast<std::size_t>(w / 64);
      const auto b = static_cast<unsigned>(w % 64);
      for (std::size_t i = 0; i < words; ++i) {
        std::uint64_t shifted = 0;
        if (i >= q) {
          shifted = src[i - q] << b;
          if (b != 0 && i > q) {
            shifted |= src[i - q - 1] >> (64U - b);
          }
        }
        dst[i] = src[i] | shifted;
      }
      dst[words - 1] &= last_mask;
    }
  }

  // Sorted distinct subset sums (at most m) of variables k.. for the last bottom_items k.
  void build_bottom() {
    const std::size_t n = o_->size();
    bottom_ = n > bottom_items ? n - bottom_items : 0;
    sums_.assign(n - bottom_ + 1, {});
    sums_[n - bottom_] = {0};
    for (std::size_t k = n; k-- > bottom_;) {
      const auto& next = sums_[k + 1 - bottom_];
      auto& cur = sums_[k - bottom_];
      const std::uint64_t w = o_->weight[k];
      std::vector<std::uint64_t> up;
      for (const std::uint64_t s : next) {
        if (w <= o_->target && s <= o_->target - w) {
          up.push_back(s + w);
        }
      }
      cur.resize(next.size() + up.size());
      std::merge(next.begin(), next.end(), up.begin(), up.end(), cur.begin());
      cur.erase(std::unique(cur.begin(), cur.end()), cur.end());
    }
  }

  const search_order* o_;
  std::vector<std::uint64_t> min_;  // lightest weight of variables k.. (max for none)
  std::vector<std::uint64_t> gcd_;  // their greatest common divisor (0 for none)
  std::size_t words_ = 0;           // table row length
  std::vector<std::uint64_t> table_;
  std::size_t bottom_ = 0;  // first variable with an exact list, when there is no table
  std::vector<std::vector<std::uint64_t>> sums_;
};

}  // namespace bt::problems::subsets
