// SPDX-License-Identifier: MIT
// Counting the pairs of bit sets, one from each of two lists, that share no element: the join
// of the meet-in-the-middle count (halves.hpp), where a pair is a top and a bottom half-board
// whose queens occupy no common diagonal.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

namespace bt::problems::nqueens {

/// Counts disjoint pairs. Both lists are first bucketed by k chosen bits (those most often set
/// on both sides); only bucket pairs with disjoint patterns are compared: about (3/4)^k of the
/// pairs when each of those bits is set half the time. Holds its scratch space, so one counter per
/// thread.
class disjoint_pair_counter {
 public:
  /// The number of (a, b) in as x bs with a & b == 0. `stop()` is asked about every
  /// stop_every pairs compared (and at least once per bucket): when it says true the count
  /// returns early, and what it returns is meaningless.
  template <class Stop>
  std::uint64_t count(std::span<const std::uint64_t> as, std::span<const std::uint64_t> bs,
                      Stop&& stop) {
    const std::size_t smaller = std::min(as.size(), bs.size());
    int k = 0;
    while (k < max_bits && (std::size_t{16} << k) <= smaller) ++k;  // buckets of 16 or more
    if (k > 0) choose_bits(as, bs, k);
    bucket(as, k, a_sorted_, a_start_);
    bucket(bs, k, b_sorted_, b_start_);
    // The b side in two 32-bit halves, so that the inner loop is one 32-bit lane per pair and
    // compilers vectorise it with the baseline instruction set (SSE2 has no 64-bit compare).
    b_low_.resize(bs.size());
    b_high_.resize(bs.size());
    for (std::size_t j = 0; j < bs.size(); ++j) {
      b_low_[j] = static_cast<std::uint32_t>(b_sorted_[j]);
      b_high_[j] = static_cast<std::uint32_t>(b_sorted_[j] >> 32U);
    }
    const std::uint32_t patterns = std::uint32_t{1} << k;
    std::uint64_t found = 0;
    // One bucket of a against all of b can be 10^9 pairs (n = 24): the stop is asked by the
    // work done, not per bucket.
    std::uint64_t unasked = stop_every;
    for (std::uint32_t p = 0; p < patterns; ++p) {
      const std::size_t na = a_start_[p + 1] - a_start_[p];
      if (na == 0) continue;
      const std::uint32_t rest = (patterns - 1U) & ~p;
      for (std::uint32_t q = rest;; q = (q - 1U) & rest) {  // every q with p & q == 0
        // A bucket pair is compared in slices of b (a short list against a long one is one
        // bucket pair).
        const std::size_t slice = (stop_every + na - 1) / na;
        for (std::size_t j = b_start_[q]; j < b_start_[q + 1]; j += slice) {
          if (unasked >= stop_every) {
            if (stop()) return found;
            unasked = 0;
          }
          const std::size_t nb = std::min(slice, b_start_[q + 1] - j);
          const std::uint64_t pairs = static_cast<std::uint64_t>(na) * nb;
          tests_ += pairs;
          unasked += pairs;
          found += compare_all(a_sorted_.data() + a_start_[p], na, b_low_.data() + j,
                               b_high_.data() + j, nb);
        }
        if (q == 0) break;
      }
    }
    return found;
  }
  /// The same, never stopping.
  std::uint64_t count(std::span<const std::uint64_t> as, std::span<const std::uint64_t> bs) {
    return count(as, bs, [] { return false; });
  }
  /// Pairs compared so far, over every count() call (the work done).
  [[nodiscard]] std::uint64_t tests() const { return tests_; }

 private:
  static constexpr int max_bits = 10;
  // Pairs compared between two questions to stop(): about a millisecond of work.
  static constexpr std::uint64_t stop_every = std::uint64_t{1} << 20;

  // The hot loop: written so that compilers vectorise the inner one.
  static std::uint64_t compare_all(const std::uint64_t* a, std::size_t na, const std::uint32_t* low,
                                   const std::uint32_t* high, std::size_t nb) {
    std::uint64_t found = 0;
    for (std::size_t i = 0; i < na; ++i) {
      const auto xl = static_cast<std::uint32_t>(a[i]);
      const auto xh = static_cast<std::uint32_t>(a[i] >> 32U);
      std::uint64_t c = 0;
      for (std::size_t j = 0; j < nb; ++j) c += ((xl & low[j]) | (xh & high[j])) == 0 ? 1U : 0U;
      found += c;
    }
    return found;
  }
  // The k bits most often set in both lists at once: they split off the most pairs.
  void choose_bits(std::span<const std::uint64_t> as, std::span<const std::uint64_t> bs, int k) {
    std::array<std::uint64_t, 64> fa{};
    std::array<std::uint64_t, 64> fb{};
    for (const std::uint64_t x : as)
      for (std::uint64_t y = x; y != 0; y &= y - 1U)
        ++fa[static_cast<std::size_t>(std::countr_zero(y))];
    for (const std::uint64_t x : bs)
      for (std::uint64_t y = x; y != 0; y &= y - 1U)
        ++fb[static_cast<std::size_t>(std::countr_zero(y))];
    std::array<double, 64> score{};
    for (std::size_t i = 0; i < 64; ++i)
      score[i] = static_cast<double>(fa[i]) * static_cast<double>(fb[i]);
    for (int j = 0; j < k; ++j) {
      const auto best =
          static_cast<std::size_t>(std::max_element(score.begin(), score.end()) - score.begin());
      bits_[static_cast<std::size_t>(j)] = static_cast<int>(best);
      score[best] = -1.0;
    }
  }
  [[nodiscard]] std::uint32_t pattern(std::uint64_t x, int k) const {
    std::uint32_t p = 0;
    for (int j = 0; j < k; ++j) {
      p |= static_cast<std::uint32_t>((x >> bits_[static_cast<std::size_t>(j)]) & 1U) << j;
    }
    return p;
  }
  // Counting sort of xs by pattern: sorted[start[p] .. start[p+1]) holds pattern p.
  void bucket(std::span<const std::uint64_t> xs, int k, std::vector<std::uint64_t>& sorted,
              std::vector<std::size_t>& start) {
    const std::size_t patterns = std::size_t{1} << k;
    start.assign(patterns + 1, 0);
    for (const std::uint64_t x : xs) ++start[pattern(x, k) + 1];
    for (std::size_t p = 0; p < patterns; ++p) start[p + 1] += start[p];
    cursor_.assign(start.begin(), start.end() - 1);
    sorted.resize(xs.size());
    for (const std::uint64_t x : xs) sorted[cursor_[pattern(x, k)]++] = x;
  }

  std::array<int, max_bits> bits_{};
  std::vector<std::uint64_t> a_sorted_, b_sorted_;
  std::vector<std::size_t> a_start_, b_start_, cursor_;
  std::vector<std::uint32_t> b_low_, b_high_;
  std::uint64_t tests_ = 0;
};

}  // namespace bt::problems::nqueens
