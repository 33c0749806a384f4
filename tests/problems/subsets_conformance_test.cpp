// SPDX-License-Identifier: MIT
// Sum of subsets through the conformance kit: both strategies' selections hit the target,
// agree with each other, stop at limits with their reasons and trace well-formed searches.
#include <gtest/gtest.h>

#include <cstdint>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/problems/subsets/subsets.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace ss = bt::problems::subsets;
namespace conf = bt::conformance;

// The textbook's example (Horowitz and Sahni: w = {5, 10, 12, 13, 15, 18}, M = 30; 3 subsets)
// and a set with many equal sums (1..12 to 26: 78 subsets,
// counted over all 4096 subsets).
std::vector<ss::instance> instances() {
  return {ss::instance({5, 10, 12, 13, 15, 18}, 30),
          ss::instance({1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, 26)};
}

TEST(SubsetsConformance, EveryStrategyConforms) {
  const std::uint64_t counts[] = {3, 78};
  const std::vector<ss::instance> all = instances();
  for (std::size_t i = 0; i < all.size(); ++i) {
    const ss::instance& inst = all[i];
    for (const auto s : ss::all_strategies) {
      ss::with_strategy(s, inst, [&](auto& p, const ss::search_order& o) {
        const auto verify = [&](std::span<const int> v) {
          return ss::is_solution(inst, ss::to_selection(o, inst.n(), v));
        };
        EXPECT_TRUE(conf::conforms(p, verify, counts[i])) << ss::name(s);
      });
    }
  }
}

TEST(SubsetsConformance, StrategiesAgreeOnTheSolutionSet) {
  for (const ss::instance& inst : instances()) {
    std::vector<std::pair<std::string, std::vector<ss::selection>>> sets;
    for (const auto s : ss::all_strategies) {
      ss::with_strategy(s, inst, [&](auto& p, const ss::search_order& o) {
        using P = std::remove_cvref_t<decltype(p)>;
        sets.emplace_back(std::string(ss::name(s)),
                          conf::solution_set(p, [&](const P&, std::span<const int> v) {
                            return ss::to_selection(o, inst.n(), v);
                          }));
      });
    }
    EXPECT_TRUE(conf::strategies_agree(sets));
    EXPECT_FALSE(sets.front().second.empty());
  }
}

}  // namespace
