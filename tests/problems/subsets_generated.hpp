// SPDX-License-Identifier: MIT
// The generated n = 60 (and n = 80) instances of tests/data/subset_sum/generated.csv: each is
// rebuilt here from its seed, so the test can check the committed file and the count.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace bt_test {

/// An instance as the file holds it.
struct generated {
  std::string name;                    ///< file name without .txt
  std::vector<std::uint64_t> weights;  ///< in file order
  std::uint64_t target = 0;            ///< the sum to reach
};

/// SplitMix64 (Steele, Lea, Flood 2014): a fixed, portable stream for every platform.
inline std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

/// n weights in 1..max drawn from the stream of `seed`, target num/den of their sum.
inline generated part_of_random(std::string name, std::uint64_t seed, int n, std::uint64_t max,
                                std::uint64_t num, std::uint64_t den) {
  generated g{std::move(name), {}, 0};
  std::uint64_t sum = 0;
  for (int i = 0; i < n; ++i) {
    g.weights.push_back(1 + splitmix64(seed) % max);
    sum += g.weights.back();
  }
  g.target = sum / den * num + sum % den * num / den;
  return g;
}

/// 60 weights in 1..max drawn from the stream of `seed`, target half their sum.
inline generated half_of_random(std::string name, std::uint64_t seed, std::uint64_t max) {
  return part_of_random(std::move(name), seed, 60, max, 1, 2);
}

/// 60 weights in 1..100, target half their sum: ~10^14 solutions, a small target (dp).
inline generated dense_n60_s1() { return half_of_random("dense_n60_s1", 1, 100); }

/// The multiplier of scaled_n60_s2: a prime, so the weights share no other structure.
inline constexpr std::uint64_t scale = 1000000007ULL;

/// The small weights behind scaled_n60_s2 (1..50) and their target (half their sum).
inline generated scaled_base() { return half_of_random("scaled_base", 2, 50); }

/// scaled_base times 1000000007: the same count, but a target near 8 * 10^11 (no dp).
inline generated scaled_n60_s2() {
  generated g = scaled_base();
  g.name = "scaled_n60_s2";
  for (auto& w : g.weights) w *= scale;
  g.target *= scale;
  return g;
}

/// Superincreasing weights (each above the sum of those before it) up to ~2^61, target the sum
/// of a pseudo-random half of them: exactly one solution, found greedily from the largest.
/// Returns the chosen items in `chosen`.
inline generated superinc_n60_s3(std::vector<int>* chosen = nullptr) {
  generated g{"superinc_n60_s3", {}, 0};
  std::uint64_t st = 3;
  std::uint64_t sum = 0;
  for (int i = 0; i < 60; ++i) {
    g.weights.push_back(sum + 1 + splitmix64(st) % 4);
    sum += g.weights.back();
  }
  for (int i = 0; i < 60; ++i) {
    const bool take = (splitmix64(st) & 1U) != 0;
    if (chosen) chosen->push_back(take ? 1 : 0);
    if (take) g.target += g.weights[static_cast<std::size_t>(i)];
  }
  return g;
}

/// 80 items of weight 1, target 40: C(80, 40) ~ 1.1 * 10^23 solutions, beyond 64 bits.
inline generated equal_n80_t40() {
  return {"equal_n80_t40", std::vector<std::uint64_t>(80, 1), 40};
}

/// 1, 2 and 3, twenty times each (interleaved), target 60: a closed-form count.
inline generated multiset_n60_t60() {
  generated g{"multiset_n60_t60", {}, 60};
  for (int i = 0; i < 60; ++i) g.weights.push_back(static_cast<std::uint64_t>(1 + i % 3));
  return g;
}

/// 60 random 40-bit weights, target half their sum: no small target and no repeated states,
/// the hard case (docs/problems/subsets.md). Its count is unknown, so it is not in
/// generated.csv; only the file is checked.
inline generated hard_n60_s4() { return half_of_random("hard_n60_s4", 4, std::uint64_t{1} << 40); }

/// 40 weights in 1..10^6, target 2/5 of their sum: random weights, all distinct, a target
/// beyond dp's cells; the meet in the middle counts it (the test checks it by hashing).
inline generated random_n40_s6() { return part_of_random("random_n40_s6", 6, 40, 1000000, 2, 5); }

/// Every generated instance with a known count, in generated.csv order.
inline std::vector<generated> all_generated() {
  return {dense_n60_s1(), scaled_n60_s2(), superinc_n60_s3(), multiset_n60_t60(), equal_n80_t40()};
}

}  // namespace bt_test
