// SPDX-License-Identifier: MIT
// N-Queens through the conformance kit (bt/testing/conformance.hpp): every strategy's solutions
// verify and number A000170(n), limits stop with their reasons, traces nest, strategies agree.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstdlib>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/problems/nqueens/nqueens.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace nq = bt::problems::nqueens;
namespace conf = bt::conformance;

// Columns, 0-based, of a solution given as the values of rows 1..n.
template <class Value>
std::vector<int> columns(std::span<const Value> values) {
  std::vector<int> cols;
  for (const Value v : values) cols.push_back(nq::column_of(v));
  return cols;
}

// n queens, one per row, no two on a column or a diagonal.
bool non_attacking(const std::vector<int>& cols, std::size_t n) {
  if (cols.size() != n) return false;
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const int dr = static_cast<int>(j - i);
      if (cols[i] == cols[j] || std::abs(cols[i] - cols[j]) == dr) return false;
    }
  }
  return true;
}

constexpr std::uint64_t a000170[] = {1, 1, 0, 0, 2, 10, 4, 40, 92};

TEST(NQueensConformance, EveryStrategyConforms) {
  for (int n = 4; n <= 7; ++n) {
    const nq::row_domains d(n, {});
    for (const auto s : nq::all_strategies) {
      if (s == nq::strategy::naive && n > 6) continue;  // generate-and-test: n^n leaves
      nq::with_strategy(s, d, [&](auto& p) {
        using P = std::remove_cvref_t<decltype(p)>;
        const auto verify = [n](std::span<const typename P::value_type> v) {
          return non_attacking(columns(v), static_cast<std::size_t>(n));
        };
        EXPECT_TRUE(conf::conforms(p, verify, a000170[n])) << nq::name(s) << " n = " << n;
      });
    }
  }
}

TEST(NQueensConformance, StrategiesAgreeOnTheSolutionSet) {
  const nq::row_domains d(8, {{2, 3}});
  std::vector<std::pair<std::string, std::vector<std::vector<int>>>> sets;
  for (const auto s : nq::all_strategies) {
    nq::with_strategy(s, d, [&](auto& p) {
      using P = std::remove_cvref_t<decltype(p)>;
      sets.emplace_back(
          std::string(nq::name(s)),
          conf::solution_set(
              p, [](const P&, std::span<const typename P::value_type> v) { return columns(v); }));
    });
  }
  EXPECT_TRUE(conf::strategies_agree(sets));
  EXPECT_FALSE(sets.front().second.empty());
}

}  // namespace
