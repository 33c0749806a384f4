// SPDX-License-Identifier: MIT
// Counting the solutions without listing them: dynamic programming over sums when the target
// is small, meet in the middle over sorted half sums (mitm.hpp) when the items are few, else a
// memoised recursion over groups of equal weights (binomial coefficients for the copies) that
// meets an exact table of the last groups' subset sums in the middle.
// Counts are exact 128-bit integers; overflow past 2^128 - 1 is reported, never wrapped.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <numeric>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include <bt/stats.hpp>
#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/mitm.hpp>
#include <bt/problems/subsets/order.hpp>

namespace bt::problems::subsets {

/// A count of subsets: n items have at most 2^n subsets, so 128 bits hold every count of up to
/// 127 items exactly (larger counts are flagged as overflow).
__extension__ using count_type = unsigned __int128;

/// The decimal digits of c.
inline std::string to_string(count_type c) {
  if (c == 0) {
    return "0";
  }
  std::string s;
  while (c != 0) {
    s.push_back(static_cast<char>('0' + static_cast<int>(c % 10)));
    c /= 10;
  }
  std::reverse(s.begin(), s.end());
  return s;
}

/// How to count: dp over sums, the memoised recursion, meet in the middle (mitm.hpp), or
/// whichever suits the instance.
enum class count_method { automatic, dp, memo, mitm };

/// The method's name as typed on the command line.
constexpr std::string_view name(count_method m) {
  switch (m) {
    case count_method::automatic: return "auto";
    case count_method::dp: return "dp";
    case count_method::memo: return "memo";
    case count_method::mitm: return "mitm";
  }
  return "?";
}

/// The method called `text`, if any.
inline std::optional<count_method> parse_count_method(std::string_view text) {
  for (const count_method m :
       {count_method::automatic, count_method::dp, count_method::memo, count_method::mitm}) {
    if (name(m) == text) {
      return m;
    }
  }
  return std::nullopt;
}

/// The most cells (target + 1) the dp method accepts; above it the ways array is too big.
inline constexpr std::uint64_t dp_max_cells = std::uint64_t{1} << 24;
/// automatic picks dp when target + 1 and items x (target + 1) stay within these.
inline constexpr std::uint64_t dp_auto_cells = std::uint64_t{1} << 22;
/// See dp_auto_cells.
inline constexpr std::uint64_t dp_auto_work = std::uint64_t{1} << 28;

/// What a count found. Counters (docs/problems/subsets.md): dp: nodes = checks = (item, sum)
/// cells computed, assigns = cells the item extended, prunes = cells it could not;
/// memo: nodes = states expanded, checks = choices tried (how many copies of a weight),
/// assigns = child states expanded, prunes = child states answered at once (bound, solution,
/// table or memo), backtracks = child expansions finished. solutions = the count (saturated).
struct count_result {
  count_type count = 0;                    ///< exact, unless stopped (a lower bound) or overflow
  count_method method = count_method::dp;  ///< the method used (never automatic)
  bool stopped = false;                    ///< stop() asked to stop: count is a lower bound
  bool overflow = false;                   ///< the count reached 2^128 - 1 or more
  bt::stats stats;                         ///< as above; seconds is left to the caller
};

namespace detail {

// Saturating 128-bit arithmetic that remembers an overflow.
struct checked {
  bool overflow = false;
  count_type add(count_type a, count_type b) {
    count_type r = 0;
    const bool overflowed = __builtin_add_overflow(a, b, &r);
    return saturated(overflowed, r);
  }
  count_type mul(count_type a, count_type b) {
    count_type r = 0;
    const bool overflowed = __builtin_mul_overflow(a, b, &r);
    return saturated(overflowed, r);
  }

 private:
  // r, or the largest count (remembered) when the operation overflowed.
  count_type saturated(bool overflowed, count_type r) {
    if (!overflowed) return r;
    overflow = true;
    return std::numeric_limits<count_type>::max();
  }
};

// std::gcd is not for __int128 in strict ISO mode (it is not an integral type there).
inline count_type gcd128(count_type a, count_type b) {
  while (b != 0) {
    a %= b;
    std::swap(a, b);
  }
  return a;
}

inline std::uint64_t saturate64(count_type c) {
  return c > std::numeric_limits<std::uint64_t>::max() ? std::numeric_limits<std::uint64_t>::max()
                                                       : static_cast<std::uint64_t>(c);
}

// ways[s] = subsets of the items seen so far with sum s, one item at a time (0/1 knapsack
// counting). Only sums that the items still to come can complete to m are updated.
// C is 64-bit when 2^items fits it (no count can overflow), else 128-bit and checked.
template <class C, class Stop>
void dp_count(const search_order& o, count_result& r, Stop& stop) {
  const std::uint64_t m = o.target;
  std::vector<C> ways(static_cast<std::size_t>(m) + 1, 0);
  ways[0] = 1;
  checked arith;
  std::uint64_t prefix = 0;
  for (std::size_t k = 0; k < o.size(); ++k) {
    const std::uint64_t w = o.weight[k];
    prefix += w;
    const std::uint64_t lo = std::max(w, m > o.rest[k + 1] ? m - o.rest[k + 1] : 0);
    const std::uint64_t hi = std::min(m, prefix);
    for (std::uint64_t s = hi + 1; s-- > lo;) {  // downwards: each item is used at most once
      const C add = ways[static_cast<std::size_t>(s - w)];
      ++r.stats.checks;
      if (add == 0) {
        ++r.stats.prunes;
        continue;
      }
      ++r.stats.assigns;
      C& cell = ways[static_cast<std::size_t>(s)];
      if constexpr (sizeof(C) > sizeof(std::uint64_t)) {
        cell = arith.add(cell, add);
      } else {
        cell += add;
      }
    }
    r.stats.nodes = r.stats.checks;
    r.stats.max_depth = k + 1;
    if (stop(r.stats.nodes)) {
      r.stopped = true;
      break;
    }
  }
  r.count = ways[static_cast<std::size_t>(m)];
  r.overflow = arith.overflow;
}

// The memoised recursion over groups of equal weights, heaviest first: from group j with t
// still missing, take c of its `mult` copies in C(mult, c) ways and go on with t - c * value.
template <class Stop>
class memo_counter {
 public:
  static constexpr std::size_t table_entries = std::size_t{1} << 17;  // bottom table bound
  static constexpr std::size_t memo_entries = std::size_t{1} << 20;   // memo size bound

  memo_counter(const search_order& o, count_result& r, Stop& stop) : r_(r), stop_(stop) {
    m_ = o.target;
    for (std::size_t k = 0; k < o.size(); ++k) {
      if (groups_.empty() || groups_.back().value != o.weight[k]) {
        groups_.push_back({o.weight[k], 0, k});
      }
      ++groups_.back().mult;
    }
    const std::size_t g = groups_.size();
    rest_.assign(g + 1, 0);
    gcd_.assign(g + 1, 0);
    min_.assign(g + 1, 0);
    for (std::size_t j = g; j-- > 0;) {
      rest_[j] = o.rest[groups_[j].first];
      gcd_[j] = std::gcd(gcd_[j + 1], groups_[j].value);
      min_[j] = groups_[g - 1].value;  // descending order: the last group is the lightest
    }
    binom_.resize(g);
    for (std::size_t j = 0; j < g; ++j) {
      binom_[j] = binomials(groups_[j].mult);
    }
    // The bottom: the longest suffix of groups (not the first) whose choices fit the table.
    bottom_ = g;
    std::size_t combos = 1;
    while (bottom_ > 1 && groups_[bottom_ - 1].mult + 1 <= table_entries / combos) {
      combos *= groups_[bottom_ - 1].mult + 1;
      --bottom_;
    }
    build_table();
    memo_.resize(bottom_);
  }

  count_type run() {
    r_.stats = {};
    if (groups_.empty()) {
      r_.stats.nodes = 1;
      return m_ == 0 ? 1 : 0;
    }
    const count_type c = expand(0, m_, 0);
    r_.overflow = arith_.overflow;
    return c;
  }

 private:
  struct group {
    std::uint64_t value;  // the weight
    std::size_t mult;     // how many items have it
    std::size_t first;    // its first variable in the order
  };

  // Row C(n, 0..n), exactly while it fits (saturated and flagged beyond). Each step multiplies
  // by (n - c + 1) / c after cancelling their common factor, so no intermediate overflows
  // before the result does.
  std::vector<count_type> binomials(std::size_t n) {
    std::vector<count_type> row(n + 1, 1);
    for (std::size_t c = 1; c <= n; ++c) {
      const count_type cc = c;
      count_type prev = row[c - 1];
      count_type num = n - c + 1;
      const count_type g = gcd128(prev, cc);
      prev /= g;
      num /= cc / g;  // c / g divides num, as c divides prev * num
      row[c] = arith_.mul(prev, num);
    }
    return row;
  }

  // Sorted (sum, ways) for every choice of copies in groups bottom_.., sums up to m.
  void build_table() {
    table_ = {{0, 1}};
    for (std::size_t j = groups_.size(); j-- > bottom_;) {
      const group& gr = groups_[j];
      std::vector<std::pair<std::uint64_t, count_type>> next;
      for (const auto& [s, ways] : table_) {
        std::uint64_t sum = s;
        for (std::size_t c = 0; c <= gr.mult; ++c) {
          next.emplace_back(sum, arith_.mul(ways, binom_[j][c]));
          if (gr.value > m_ - sum) {
            break;
          }
          sum += gr.value;
        }
      }
      std::sort(next.begin(), next.end(),
                [](const auto& a, const auto& b) { return a.first < b.first; });
      table_.clear();
      for (const auto& e : next) {
        if (!table_.empty() && table_.back().first == e.first) {
          table_.back().second = arith_.add(table_.back().second, e.second);
        } else {
          table_.push_back(e);
        }
      }
    }
  }

  // Subsets of groups j.. summing to t, answered at once when a bound, the table or the memo
  // knows it (a prune), else by expanding the state.
  count_type answer(std::size_t j, std::uint64_t t, std::size_t items) {
    if (t == 0 || t == rest_[j]) {  // nothing more, or everything left: exactly one way
      ++r_.stats.prunes;
      return 1;
    }
    if (j == groups_.size() || t > rest_[j] || t < min_[j] || t % gcd_[j] != 0) {
      ++r_.stats.prunes;
      return 0;
    }
    if (j >= bottom_) {
      ++r_.stats.prunes;
      const auto it = std::lower_bound(table_.begin(), table_.end(), t,
                                       [](const auto& e, std::uint64_t v) { return e.first < v; });
      return it != table_.end() && it->first == t ? it->second : 0;
    }
    if (const auto it = memo_[j].find(t); it != memo_[j].end()) {
      ++r_.stats.prunes;
      return it->second;
    }
    ++r_.stats.assigns;
    const count_type c = expand(j, t, items);
    if (r_.stopped) {
      return c;  // a partial sum: neither memoised nor a finished subtree
    }
    ++r_.stats.backtracks;
    if (memo_size_ < memo_entries) {
      memo_[j].emplace(t, c);
      ++memo_size_;
    }
    return c;
  }

  // Expand state (j, t): `items` variables are decided before group j.
  count_type expand(std::size_t j, std::uint64_t t, std::size_t items) {
    ++r_.stats.nodes;
    r_.stats.max_depth = std::max(r_.stats.max_depth, items);
    if (stop_(r_.stats.nodes)) {
      r_.stopped = true;
      return 0;
    }
    const group& gr = groups_[j];
    count_type total = 0;
    std::uint64_t left = t;
    for (std::size_t c = 0; c <= gr.mult; ++c) {
      ++r_.stats.checks;
      const count_type sub = answer(j + 1, left, items + gr.mult);
      total = arith_.add(total, arith_.mul(binom_[j][c], sub));
      if (r_.stopped || gr.value > left) {
        break;
      }
      left -= gr.value;
    }
    return total;
  }

  count_result& r_;
  Stop& stop_;
  checked arith_;
  std::uint64_t m_ = 0;
  std::vector<group> groups_;
  std::vector<std::uint64_t> rest_, gcd_, min_;  // per group j: over groups j..
  std::vector<std::vector<count_type>> binom_;
  std::size_t bottom_ = 0;
  std::vector<std::pair<std::uint64_t, count_type>> table_;
  std::vector<std::unordered_map<std::uint64_t, count_type>> memo_;
  std::size_t memo_size_ = 0;
};

}  // namespace detail

/// Memo's budget, in expanded states, when automatic tries it before mitm: weights with
/// structure (few distinct values, superincreasing) are counted within it in milliseconds and
/// little memory; random weights pass it (about 10 ms) and go to mitm.
inline constexpr std::uint64_t memo_trial_nodes = std::uint64_t{1} << 16;

/// Count the subsets of inst's items whose weights sum to the target, by `method`
/// (automatic: dp when target + 1 <= dp_auto_cells and items x (target + 1) <= dp_auto_work;
/// else, when the items fit mitm (2 * mitm_max_half), memo for up to memo_trial_nodes states
/// and mitm if it did not finish; else memo). stop(nodes) is called with the node counter
/// (dp: after each item; memo: at each expansion; mitm: every 65,536 sums) and returns true
/// to stop: the result is then a lower bound. Throws invalid_input when dp is asked for a
/// target + 1 above dp_max_cells, or mitm for more items than it holds.
template <class Stop>
count_result count_solutions(const instance& inst, count_method method, Stop&& stop) {
  const search_order o = make_order(inst, weight_order::descending, true);
  const std::uint64_t m = o.target;
  const std::uint64_t cells = m == std::numeric_limits<std::uint64_t>::max() ? m : m + 1;
  const bool mitm_fits = o.size() <= 2 * mitm_max_half;
  if (method == count_method::automatic) {
    const bool dp_fits = cells <= dp_auto_cells && o.size() <= dp_auto_work / cells;
    method = dp_fits ? count_method::dp : count_method::memo;
    if (!dp_fits && mitm_fits) {
      count_result tried;
      tried.method = count_method::memo;
      bool over_budget = false;
      auto budget = [&](std::uint64_t nodes) {
        over_budget = nodes > memo_trial_nodes;
        return over_budget || stop(nodes);
      };
      detail::memo_counter<decltype(budget)> counter(o, tried, budget);
      tried.count = counter.run();
      if (!over_budget) {  // finished, or stopped by the caller
        tried.stats.solutions = detail::saturate64(tried.count);
        return tried;
      }
      method = count_method::mitm;
    }
  }
  if (method == count_method::dp && cells > dp_max_cells) {
    throw invalid_input("the dp count needs target + 1 <= " + std::to_string(dp_max_cells) +
                        " cells, not " + std::to_string(m) + " + 1");
  }
  if (method == count_method::mitm && !mitm_fits) {
    throw invalid_input("the mitm count takes at most " + std::to_string(2 * mitm_max_half) +
                        " items no heavier than the target (2^" + std::to_string(mitm_max_half) +
                        " sums a half), not " + std::to_string(o.size()));
  }
  count_result r;
  r.method = method;
  if (method == count_method::dp) {
    if (o.size() < 64) {
      detail::dp_count<std::uint64_t>(o, r, stop);
    } else {
      detail::dp_count<count_type>(o, r, stop);
    }
  } else if (method == count_method::mitm) {
    // A subset sums to the target when its complement sums to the rest: the smaller of the two
    // prunes more half sums.
    search_order smaller = o;
    const std::uint64_t all = o.rest.empty() ? 0 : o.rest[0];
    if (m > all) {
      r.stats.nodes = 0;
    } else {
      smaller.target = std::min(m, all - m);
      const mitm_result found = mitm_count(smaller, stop);
      r.count = found.count;
      r.stopped = found.stopped;
      r.stats = found.stats;
    }
  } else {
    detail::memo_counter<std::remove_reference_t<Stop>> counter(o, r, stop);
    r.count = counter.run();
  }
  r.stats.solutions = detail::saturate64(r.count);
  return r;
}

/// count_solutions that never stops.
inline count_result count_solutions(const instance& inst, count_method method) {
  return count_solutions(inst, method, [](std::uint64_t) { return false; });
}

}  // namespace bt::problems::subsets
