// SPDX-License-Identifier: MIT
// Counting the pairs of bit sets, one from each of two lists, that share no element: the join
// of the meet-in-the-middle count (halves.hpp), where a pair is a top and a bottom half-board
// whose queens occupy no common diagonal.
//
// Bit slicing (as the quarter-board join, Kluev, matches its halves): the longer list is cut
// into groups of 64 sets, and each group turned into one 64-bit word per element, the sets of
// the group that hold it. The sets of a group that meet a set y are then the OR of the words of
// y's elements, and the disjoint ones the zero bits of that OR: 64 pairs in a handful of word
// operations, where comparing pairs one by one took a few per pair. Elements are taken in
// chunks of 4 with the 16 ORs of each chunk precomputed, and the words of one (chunk, value)
// lie side by side over the groups, so that the loop over groups is a plain OR of two arrays,
// which compilers vectorise.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace bt::problems::nqueens {

namespace detail {

// Elements are taken chunk_bits at a time, with the ORs of every value of a chunk
// precomputed: 5 bits (32 rows a chunk) beat 4 by a tenth at n = 18.
inline constexpr std::size_t chunk_bits = 5;
inline constexpr std::size_t chunk_values = std::size_t{1} << chunk_bits;

// The disjoint pairs of `items` sets (each given by its chunk values, 16 bytes a set) with
// one bucket's groups: for each set, the OR of its chunks' table rows (table[(c * 16 + v) *
// groups + g]: the sets of group g that meet chunk c's value v; row v = 0 is empty) holds the
// sets of the bucket it meets, and the zero bits are the pairs. The groups are taken Width at a
// time (`groups` is a multiple of it), each block ORed in registers. Always inlined, so that
// each CPU's copy of the caller below compiles it for that CPU (POPCNT, AVX2) rather than
// calling the baseline's.
template <std::size_t Width>
[[gnu::always_inline]] inline std::uint64_t disjoint_in_bucket(const std::uint64_t* table,
                                                               std::size_t groups,
                                                               std::size_t chunks,
                                                               const std::uint8_t* values,
                                                               std::size_t items) {
  std::uint64_t found = 0;
  const std::uint64_t* rows[16];
  for (std::size_t i = 0; i < items; ++i, values += 16) {
    for (std::size_t c = 0; c < chunks; ++c)
      rows[c] = table + (c * chunk_values + values[c]) * groups;
    for (std::size_t g = 0; g < groups; g += Width) {
      std::uint64_t acc[Width];
      for (std::size_t w = 0; w < Width; ++w) acc[w] = rows[0][g + w];
      for (std::size_t c = 1; c < chunks; ++c) {
        for (std::size_t w = 0; w < Width; ++w) acc[w] |= rows[c][g + w];
      }
      for (std::size_t w = 0; w < Width; ++w) {
        found += static_cast<std::uint64_t>(std::popcount(~acc[w]));
      }
    }
  }
  return found;
}

// The kernel for a bucket of `groups` groups (up to 3 exactly, else blocks of 4). Always
// inlined into the CPU-specific copies below.
[[gnu::always_inline]] inline std::uint64_t by_width(const std::uint64_t* table, std::size_t groups,
                                                     std::size_t chunks, const std::uint8_t* values,
                                                     std::size_t items) {
  switch (groups) {
    case 1: return disjoint_in_bucket<1>(table, groups, chunks, values, items);
    case 2: return disjoint_in_bucket<2>(table, groups, chunks, values, items);
    case 3: return disjoint_in_bucket<3>(table, groups, chunks, values, items);
    default: return disjoint_in_bucket<4>(table, groups, chunks, values, items);
  }
}

// Copies compiled for AVX2 and for POPCNT, chosen once by the CPU (the default build assumes
// neither). A plain run-time choice, not target_clones: Clang 14 gives the clones' resolver of
// a header function external linkage, so two files including this header did not link, and
// GCC's resolver runs before ThreadSanitizer's runtime is up.
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define BT_NQUEENS_CPU_COPIES 1
__attribute__((target("avx2,popcnt"))) inline std::uint64_t by_width_avx2(
    const std::uint64_t* table, std::size_t groups, std::size_t chunks, const std::uint8_t* values,
    std::size_t items) {
  return by_width(table, groups, chunks, values, items);
}
__attribute__((target("popcnt"))) inline std::uint64_t by_width_popcnt(const std::uint64_t* table,
                                                                       std::size_t groups,
                                                                       std::size_t chunks,
                                                                       const std::uint8_t* values,
                                                                       std::size_t items) {
  return by_width(table, groups, chunks, values, items);
}
#endif

// 2: AVX2, 1: POPCNT, 0: neither.
inline int cpu_level() {
#ifdef BT_NQUEENS_CPU_COPIES
  __builtin_cpu_init();
  if (__builtin_cpu_supports("avx2") && __builtin_cpu_supports("popcnt")) return 2;
  if (__builtin_cpu_supports("popcnt")) return 1;
#endif
  return 0;
}

inline std::uint64_t disjoint_in_bucket(const std::uint64_t* table, std::size_t groups,
                                        std::size_t chunks, const std::uint8_t* values,
                                        std::size_t items) {
#ifdef BT_NQUEENS_CPU_COPIES
  static const int level = cpu_level();
  if (level == 2) return by_width_avx2(table, groups, chunks, values, items);
  if (level == 1) return by_width_popcnt(table, groups, chunks, values, items);
#endif
  return by_width(table, groups, chunks, values, items);
}

}  // namespace detail

/// Counts disjoint pairs of 64-bit sets (see the file comment). Holds its scratch space, so one
/// counter per thread.
class disjoint_pair_counter {
 public:
  /// The number of (a, b) in as x bs with a & b == 0. `stop()` is asked about every
  /// stop_every pairs (and at least once); when it says true the count returns early, and
  /// what it returns is meaningless.
  template <class Stop>
  std::uint64_t count(std::span<const std::uint64_t> as, std::span<const std::uint64_t> bs,
                      Stop&& stop) {
    if (as.empty() || bs.empty()) return 0;
    if (as.size() < bs.size()) std::swap(as, bs);  // the longer list is sliced
    pack(as, bs);
    // Buckets first (a sieve): both lists split by k cut elements, and only buckets with
    // disjoint cuts compared, about (3/4)^k of the pairs, as long as a bucket of the sliced
    // list still fills a few groups.
    int k = 0;
    while (k < max_cuts && (as.size() >> (k + 1)) >= min_bucket) ++k;
    choose_cuts(k);
    k = cuts_taken_;
    bucket(as, k, a_sorted_, a_start_);
    bucket(bs, k, b_sorted_, b_start_);
    const std::size_t patterns = std::size_t{1} << k;
    build(patterns);
    std::uint64_t found = 0;
    std::uint64_t unasked = stop_every;
    for (std::size_t q = 0; q < patterns; ++q) {
      const std::size_t rest = (patterns - 1) & ~q;
      // The bucket's sets as chunk values, 16 bytes each; a set meeting nothing (none in
      // halves) is disjoint from every set of every bucket.
      values_.resize(16 * (b_start_[q + 1] - b_start_[q]));
      std::size_t items = 0;
      for (std::size_t j = b_start_[q]; j < b_start_[q + 1]; ++j) {
        const std::uint64_t y = b_sorted_[j];
        if (y == 0) {
          found += as.size();
          continue;
        }
        std::uint8_t* v = values_.data() + 16 * items++;
        for (std::size_t c = 0; c < chunks_; ++c) {
          v[c] = static_cast<std::uint8_t>((y >> (detail::chunk_bits * c)) &
                                           (detail::chunk_values - 1));
        }
      }
      for (std::size_t p = rest;; p = (p - 1) & rest) {  // every p with p & q == 0
        const std::size_t groups = groups_[p];
        // In slices of sets, so that stop() is asked as often as it should be.
        const std::size_t slice = std::max<std::size_t>(1, stop_every / (64 * groups + 1));
        for (std::size_t i = 0; groups != 0 && i < items; i += slice) {
          if (unasked >= stop_every) {
            if (stop()) return found;
            unasked = 0;
          }
          const std::size_t n = std::min(slice, items - i);
          found += detail::disjoint_in_bucket(table_.data() + offset_[p], groups, chunks_,
                                              values_.data() + 16 * i, n);
          tests_ += n * (a_start_[p + 1] - a_start_[p]);
          unasked += 64 * groups * n;
        }
        if (p == 0) break;
      }
    }
    return found;
  }
  /// The same, never stopping.
  std::uint64_t count(std::span<const std::uint64_t> as, std::span<const std::uint64_t> bs) {
    return count(as, bs, [] { return false; });
  }
  /// Pairs compared so far, over every count() call (the work done: the pairs of the buckets
  /// compared).
  [[nodiscard]] std::uint64_t tests() const { return tests_; }

 private:
  // Pairs compared between two questions to stop(): about a millisecond of work.
  static constexpr std::uint64_t stop_every = std::uint64_t{1} << 24;
  static constexpr int max_cuts = 8;
  // The fewest sets a bucket of the sliced list should hold on average (n = 18, one thread:
  // 96 and 128 were the fastest, 64 and 192 about a tenth slower).
  static constexpr std::size_t min_bucket = 128;

  // The elements used by either list, packed: the low word's bits, then the high word's
  // (the diagonal windows are two runs of low bits, together at most 64).
  void pack(std::span<const std::uint64_t> as, std::span<const std::uint64_t> bs) {
    std::uint64_t all = 0;
    for (const std::uint64_t x : as) all |= x;
    for (const std::uint64_t x : bs) all |= x;
    low_width_ = std::bit_width(static_cast<std::uint32_t>(all));
    high_width_ = std::bit_width(static_cast<std::uint32_t>(all >> 32U));
    chunks_ = std::max<std::size_t>(
        1, (low_width_ + high_width_ + detail::chunk_bits - 1) / detail::chunk_bits);
  }
  [[nodiscard]] std::uint64_t packed(std::uint64_t x) const {
    return (x & 0xFFFFFFFFU) | ((x >> 32U) << low_width_);
  }
  // k elements from the middle of the two runs, alternately: the longest diagonals, the ones
  // most often taken on both sides. (Counting which elements are taken most often cost as
  // much as a fifth of the count: every set's elements, each count waiting for the last.)
  void choose_cuts(int k) {
    const auto low = static_cast<int>(low_width_);
    const auto high = static_cast<int>(high_width_);
    const int middles[2] = {low / 2, low + high / 2};
    const int lows[2] = {0, low};
    const int highs[2] = {low, low + high};
    int taken = 0;
    for (int step = 0; taken < k && step < 64; ++step) {
      const int offset = step % 2 == 0 ? -(step / 2) : step / 2 + 1;  // 0, +1, -1, +2, ...
      for (int side = 0; side < 2 && taken < k; ++side) {
        const int at = middles[side] + offset;
        if (at >= lows[side] && at < highs[side])
          cuts_[static_cast<std::size_t>(taken++)] = static_cast<unsigned>(at);
      }
    }
    cuts_taken_ = taken;
  }
  [[nodiscard]] std::size_t pattern(std::uint64_t y, int k) const {
    std::size_t p = 0;
    for (std::size_t j = 0; j < static_cast<std::size_t>(k); ++j) p |= ((y >> cuts_[j]) & 1U) << j;
    return p;
  }
  // Counting sort of the packed xs by pattern: sorted[start[p] .. start[p+1]) holds pattern p.
  void bucket(std::span<const std::uint64_t> xs, int k, std::vector<std::uint64_t>& sorted,
              std::vector<std::size_t>& start) {
    const std::size_t patterns = std::size_t{1} << k;
    start.assign(patterns + 1, 0);
    for (const std::uint64_t x : xs) ++start[pattern(packed(x), k) + 1];
    for (std::size_t p = 0; p < patterns; ++p) start[p + 1] += start[p];
    cursor_.assign(start.begin(), start.end() - 1);
    sorted.resize(xs.size());
    for (const std::uint64_t x : xs) {
      const std::uint64_t y = packed(x);
      sorted[cursor_[pattern(y, k)]++] = y;
    }
  }
  // The sliced tables of every bucket of a_sorted_: bucket p's groups_[p] groups at
  // table_[offset_[p]..], (c * 16 + v) * groups + g: the sets of group g that meet chunk c's
  // value v.
  void build(std::size_t patterns) {
    const std::size_t bits = chunks_ * detail::chunk_bits;
    groups_.resize(patterns);
    offset_.resize(patterns);
    std::size_t words = 0;
    std::size_t most = 0;
    for (std::size_t p = 0; p < patterns; ++p) {
      // Past 3 groups, a multiple of 4 (the kernel's block; the extra groups hold padding).
      groups_[p] = (a_start_[p + 1] - a_start_[p] + 63) / 64;
      if (groups_[p] > 3) groups_[p] = (groups_[p] + 3) / 4 * 4;
      offset_[p] = words;
      words += chunks_ * detail::chunk_values * groups_[p];
      most = std::max(most, groups_[p]);
    }
    table_.resize(words);
    holders_.resize(bits * most);
    std::uint64_t block[64];
    for (std::size_t p = 0; p < patterns; ++p) {
      const std::size_t groups = groups_[p];
      const std::uint64_t* sets = a_sorted_.data() + a_start_[p];
      const std::size_t size = a_start_[p + 1] - a_start_[p];
      for (std::size_t g = 0; g < groups; ++g) {
        // Set 63 - t of the block is the group's set t (the padding sets of the last group
        // meet everything), so that after the transpose word 63 - j holds the sets with j.
        for (std::size_t t = 0; t < 64; ++t) {
          const std::size_t i = g * 64 + t;
          block[63 - t] = i < size ? sets[i] : ~std::uint64_t{0};
        }
        transpose(block);
        for (std::size_t j = 0; j < bits; ++j)
          holders_[j * groups + g] = j < 64 ? block[63 - j] : 0U;
      }
      for (std::size_t c = 0; c < chunks_; ++c) {
        std::uint64_t* base = table_.data() + offset_[p] + c * detail::chunk_values * groups;
        std::fill(base, base + groups, 0);
        for (std::size_t v = 1; v < detail::chunk_values; ++v) {
          const std::uint64_t* rest = base + (v & (v - 1)) * groups;
          const std::uint64_t* one =
              holders_.data() +
              (c * detail::chunk_bits + static_cast<std::size_t>(std::countr_zero(v))) * groups;
          std::uint64_t* out = base + v * groups;
          for (std::size_t g = 0; g < groups; ++g) out[g] = rest[g] | one[g];
        }
      }
    }
  }
  // The 64 x 64 bit matrix transposed about its anti-diagonal, in registers: word 63 - j, bit
  // 63 - t, gets word t's bit j (Hacker's Delight, 7-3, widened to 64 bits). Setting one bit
  // at a time chained every write to the one before and took a third of the count's time.
  static void transpose(std::uint64_t (&a)[64]) {
    std::uint64_t m = 0x00000000FFFFFFFFU;
    for (std::size_t j = 32; j != 0; j >>= 1U, m ^= m << j) {
      for (std::size_t k = 0; k < 64; k = ((k | j) + 1) & ~j) {
        const std::uint64_t t = (a[k] ^ (a[k | j] >> j)) & m;
        a[k] ^= t;
        a[k | j] ^= t << j;
      }
    }
  }

  unsigned low_width_ = 0;
  unsigned high_width_ = 0;
  std::size_t chunks_ = 0;
  int cuts_taken_ = 0;
  std::array<unsigned, max_cuts> cuts_{};
  std::vector<std::uint64_t> a_sorted_, b_sorted_;
  std::vector<std::size_t> a_start_, b_start_, cursor_, groups_, offset_;
  std::vector<std::uint64_t> holders_, table_;
  std::vector<std::uint8_t> values_;
  std::uint64_t tests_ = 0;
};

}  // namespace bt::problems::nqueens
