// SPDX-License-Identifier: MIT
// Counting by meet in the middle (Horowitz and Sahni 1974): the items split in two halves,
// each half's subset sums listed in sorted order, and the pairs summing to the target counted
// by one walk up the first list and down the second. Time and memory grow as 2^(n/2), not with
// the target: the count for n = 50 random weights of any size takes about a second.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/huge_pages.hpp>
#include <bt/stats.hpp>
#include <bt/problems/subsets/order.hpp>

namespace bt::problems::subsets {

/// The most items one half of the meet in the middle holds: 2^27 sums of 8 bytes is 1 GiB a
/// half, so 54 items count in at most 2 GiB.
inline constexpr std::size_t mitm_max_half = 27;

namespace detail {

/// Sorted sums of one half: data[0..size), in huge pages (a fault per 4 KiB page of a 1 GiB
/// list was a third of the time).
struct half_sums {
  bt::huge_array<std::uint64_t> data;
  std::size_t size = 0;

  /// Room for `count` sums, not zeroed (only the pages the sums reach are touched, once).
  void reserve(std::size_t count) { data = bt::allocate_huge<std::uint64_t>(count); }
};

/// The sorted subset sums of `weights` that do not pass `target`, with repeats (two subsets
/// with one sum are two entries). Built one weight at a time in a single buffer: the list L
/// and L + w are merged from their large ends backwards, so the merge never overwrites an
/// entry it has still to read. stop(nodes) is asked every 65,536 sums written; true ends the
/// listing early (the caller then discards it).
template <class Stop>
bool list_half_sums(const std::uint64_t* weights, std::size_t count, std::uint64_t target,
                    half_sums& out_sums, bt::stats& st, Stop& stop) {
  out_sums.reserve(std::size_t{1} << count);
  std::uint64_t* const sums = out_sums.data.get();
  sums[0] = 0;  // the empty subset
  std::size_t size = 1;
  for (std::size_t k = 0; k < count; ++k) {
    const std::uint64_t w = weights[k];
    // Entries x with x + w <= target move up by w; the others are pruned.
    const std::size_t moved =
        w > target
            ? 0
            : static_cast<std::size_t>(std::upper_bound(sums, sums + size, target - w) - sums);
    st.prunes += size - moved;
    std::size_t out = size + moved;  // one past the last entry written
    std::size_t kept = size;         // entries of L still to place
    std::size_t raised = moved;      // entries of L + w still to place
    // While both lists have entries: branch-free (which gives the next entry is a coin toss
    // for random weights), in blocks between the stop checks.
    while (raised > 0 && kept > 0) {
      const std::size_t block = std::min<std::size_t>(0x10000U, std::min(raised, kept));
      for (std::size_t b = 0; b < block; ++b) {
        const std::uint64_t up = sums[raised - 1] + w;
        const std::uint64_t down = sums[kept - 1];
        const bool from_down = down > up;
        sums[--out] = from_down ? down : up;
        kept -= static_cast<std::size_t>(from_down);
        raised -= static_cast<std::size_t>(!from_down);
      }
      if (stop(st.nodes + (size + moved - out))) return false;
    }
    // L + w's smallest entries are left when L ran out (L's left are already in place).
    for (; raised > 0; --raised) sums[--out] = sums[raised - 1] + w;
    st.nodes += moved;
    size += moved;
  }
  out_sums.size = size;
  return true;
}

}  // namespace detail

/// What mitm_count found: the count (exact unless stopped) and the work done. Counters:
/// nodes = half sums listed (the empty subsets included), prunes = sums left out for passing
/// the target, checks = steps of the walk that pairs the lists, assigns = pairs of equal-sum
/// runs that meet the target.
struct mitm_result {
  std::uint64_t count = 0;  ///< at most 2^54 (54 items): 64 bits hold it
  bool stopped = false;
  bt::stats stats;
};

/// Count the subsets of o's items summing to o.target by meet in the middle. o.size() must be
/// at most 2 * mitm_max_half. The halves take alternate items (o is sorted by weight), so both
/// reach the target about as often. stop(nodes) as in list_half_sums, and every 65,536 steps
/// of the walk; when it says true the result is a lower bound with stopped set.
template <class Stop>
mitm_result mitm_count(const search_order& o, Stop& stop) {
  mitm_result r;
  r.stats.nodes = 2;  // the two empty subsets
  std::vector<std::uint64_t> half[2];
  for (std::size_t k = 0; k < o.size(); ++k) half[k % 2].push_back(o.weight[k]);
  detail::half_sums first;
  detail::half_sums second;
  if (!detail::list_half_sums(half[0].data(), half[0].size(), o.target, first, r.stats, stop) ||
      !detail::list_half_sums(half[1].data(), half[1].size(), o.target, second, r.stats, stop)) {
    r.stopped = true;
    return r;
  }
  const std::uint64_t* const a = first.data.get();
  const std::uint64_t* const b = second.data.get();
  // a upwards, b downwards: a[i] + b[j] == target in runs of equal values on both sides.
  std::size_t i = 0;
  std::size_t j = second.size;
  std::uint64_t since_asked = 0;
  while (i < first.size && j > 0) {
    ++r.stats.checks;
    if (++since_asked == 0x10000U) {
      since_asked = 0;
      if (stop(r.stats.nodes)) {
        r.stopped = true;
        return r;
      }
    }
    const std::uint64_t need = o.target - a[i];  // a[i] <= target
    if (b[j - 1] > need) {
      --j;
    } else if (b[j - 1] < need) {
      ++i;
    } else {
      const std::size_t i0 = i;
      while (i < first.size && a[i] == a[i0]) ++i;
      const std::size_t j0 = j;
      while (j > 0 && b[j - 1] == need) --j;
      ++r.stats.assigns;
      r.count += static_cast<std::uint64_t>(i - i0) * (j0 - j);
    }
  }
  r.stats.solutions = r.count;
  return r;
}

}  // namespace bt::problems::subsets
