// SPDX-License-Identifier: MIT
// Work units (units.hpp) are the threaded counter's subproblems: counted one by one and added
// in unit order they give exactly count_symmetric's / count_parallel's counts and statistics.
// The meet in the middle's units (halves_units.hpp), its joins and Burnside terms, add up to
// count_halves' counts and statistics and to the known counts.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/problems/nqueens/halves_units.hpp>
#include <bt/problems/nqueens/units.hpp>

#include "nqueens_common.hpp"

namespace nq = bt::problems::nqueens;

namespace {

bool never() { return false; }

// Every halves unit counted, in the order given: totals, the unique shares' sum, statistics
// added as the runner adds them (the top part, then each unit's as they are).
struct halves_sum {
  std::uint64_t total = 0;
  std::uint64_t shares = 0;
  bt::stats stats;
  std::size_t done = 0;
};
halves_sum by_halves_units(const nq::halves_units& u, const std::vector<std::size_t>& order) {
  bt::shared_limits limits(0, std::nullopt);
  halves_sum r;
  r.stats = u.top();
  for (const std::size_t k : order) {
    const nq::unit_count c = u.count(k, limits, true);
    r.total += c.total;
    r.shares += c.unique;
    r.stats += c.stats;
    r.done += c.done ? 1U : 0U;
  }
  return r;
}
std::vector<std::size_t> in_order(std::size_t size) {
  std::vector<std::size_t> order(size);
  for (std::size_t k = 0; k < size; ++k) order[k] = k;
  return order;
}

nq::count_result by_units(const nq::work_units& u) {
  bt::shared_limits limits(0, std::nullopt);
  nq::count_result r = u.start();
  for (std::size_t k = 0; k < u.size(); ++k) u.add(r, k, u.count(k, limits, true), true);
  return r;
}

}  // namespace

TEST(NQueensUnits, SymmetricUnitsAddUpToTheThreadedCount) {
  for (int n : {4, 6, 8, 11, 12}) {
    const nq::row_domains d(n, {});
    const nq::work_units u(d, true, std::nullopt);
    bt::shared_limits limits(0, std::nullopt);
    const auto whole = nq::count_symmetric(n, {1, true, nullptr, nullptr}, limits);
    const auto parts = by_units(u);
    EXPECT_EQ(parts.total, whole.total) << n;
    EXPECT_EQ(parts.unique, whole.unique) << n;
    EXPECT_EQ(u.size(), whole.units) << n;
    EXPECT_EQ(parts.units_done, whole.units) << n;
    EXPECT_EQ(parts.stats.nodes, whole.stats.nodes) << n;
    EXPECT_EQ(parts.stats.backtracks, whole.stats.backtracks) << n;
    EXPECT_EQ(parts.stats.max_depth, whole.stats.max_depth) << n;
  }
}

TEST(NQueensUnits, BitboardUnitsWithPlacedQueens) {
  const nq::row_domains d(10, {{0, 1}, {9, 6}});
  const nq::work_units u(d, false, std::nullopt);
  std::vector<std::uint32_t> masks;
  bt::shared_limits limits(0, std::nullopt);
  const auto whole = nq::count_parallel(nq::make_bitboard<std::uint32_t>(d, masks), 10,
                                        {1, true, nullptr, nullptr}, limits);
  const auto parts = by_units(u);
  EXPECT_EQ(parts.total, whole.total);
  EXPECT_EQ(parts.stats.nodes, whole.stats.nodes);
  EXPECT_EQ(u.columns(0).front(), 1);  // row 1's queen is fixed in every unit
}

TEST(NQueensUnits, AnySplitDepthGivesTheSameCounts) {
  const nq::row_domains d(10, {});
  for (std::size_t rows : {0U, 1U, 3U, 20U}) {
    const nq::work_units u(d, true, rows);
    const auto r = by_units(u);
    EXPECT_EQ(r.total, 724U) << rows;
    EXPECT_EQ(r.unique, 92U) << rows;
  }
  EXPECT_LT(nq::work_units(d, true, 0).size(), nq::work_units(d, true, 3).size());
}

TEST(NQueensUnits, UnitsListTheirPartialPlacement) {
  const nq::row_domains d(8, {});
  const nq::work_units u(d, true, 2);
  for (std::size_t k = 0; k < u.size(); ++k) {
    const auto cols = u.columns(k);
    for (std::size_t i = 0; i < cols.size(); ++i) {
      for (std::size_t j = 0; j < i; ++j) {
        EXPECT_NE(cols[i], cols[j]);
        EXPECT_NE(cols[i] - cols[j], static_cast<int>(i - j));
        EXPECT_NE(cols[j] - cols[i], static_cast<int>(i - j));
      }
    }
  }
}

TEST(NQueensHalvesUnits, AddUpToTheKnownCounts) {
  const auto ref = nqueens_test::read_counts();
  for (int n = nq::halves_min_n; n <= 16; ++n) {
    const nq::halves_units u(n, true, never);
    ASSERT_TRUE(u.complete()) << n;
    ASSERT_EQ(u.size(), u.plan().joins() + 2) << n;
    const halves_sum r = by_halves_units(u, in_order(u.size()));
    EXPECT_EQ(r.done, u.size()) << n;
    EXPECT_EQ(r.total, ref.at(n).total) << n;
    EXPECT_EQ(r.shares % nq::halves_units::unique_divisor, 0U) << n;
    EXPECT_EQ(r.shares / nq::halves_units::unique_divisor, ref.at(n).unique) << n;
    EXPECT_EQ(r.stats.solutions, ref.at(n).total) << n;
  }
}

TEST(NQueensHalvesUnits, StatisticsAreThoseOfTheThreadedCount) {
  for (int n : {8, 11, 12, 13}) {
    const nq::halves_units u(n, true, never);
    bt::shared_limits limits(0, std::nullopt);
    const auto whole = nq::count_halves(n, {2, true, nullptr, nullptr}, limits);
    // Backwards: the shares and statistics do not depend on the order the units are counted in.
    std::vector<std::size_t> order = in_order(u.size());
    std::reverse(order.begin(), order.end());
    const halves_sum r = by_halves_units(u, order);
    EXPECT_EQ(r.total, whole.total) << n;
    EXPECT_EQ(r.shares / nq::halves_units::unique_divisor, whole.unique) << n;
    EXPECT_EQ(u.plan().joins(), whole.units) << n;
    EXPECT_EQ(r.stats.nodes, whole.stats.nodes) << n;
    EXPECT_EQ(r.stats.checks, whole.stats.checks) << n;
    EXPECT_EQ(r.stats.backtracks, whole.stats.backtracks) << n;
    EXPECT_EQ(r.stats.max_depth, whole.stats.max_depth) << n;
    EXPECT_EQ(r.stats.solutions, whole.stats.solutions) << n;
  }
}

TEST(NQueensHalvesUnits, WithoutUniqueOnlyTheJoins) {
  const nq::halves_units u(11, false, never);
  EXPECT_EQ(u.size(), u.plan().joins());
  EXPECT_EQ(u.turns(u.size() - 1), 0);
  EXPECT_EQ(by_halves_units(u, in_order(u.size())).total, 2680U);
  const nq::halves_units with(11, true, never);
  EXPECT_EQ(with.turns(with.size() - 2), 1);
  EXPECT_EQ(with.turns(with.size() - 1), 2);
  // n = 11 = 3 mod 4: no board is fixed by a quarter turn; 8 x 341 = 2680 + 0 + 48.
  bt::shared_limits limits(0, std::nullopt);
  EXPECT_EQ(with.count(with.size() - 2, limits, false).unique, 0U);
  EXPECT_EQ(with.count(with.size() - 1, limits, false).unique, 8U * 341U - 2680U);
}

TEST(NQueensHalvesUnits, StoppedJoinCountsNothing) {
  const nq::halves_units u(12, true, never);
  bt::shared_limits past(0, std::chrono::steady_clock::now() - std::chrono::seconds(1));
  // The join with the most pairs asks for the stop at least once.
  std::size_t stopped = 0;
  for (std::size_t k = 0; k < u.plan().joins(); ++k) {
    const nq::unit_count c = u.count(k, past, false);
    if (!c.done) {
      ++stopped;
      EXPECT_EQ(c.total, 0U);
      EXPECT_EQ(c.unique, 0U);
    }
  }
  EXPECT_GT(stopped, 0U);
}

TEST(NQueensHalvesUnits, AnInterruptedListingIsIncomplete) {
  const nq::halves_units u(20, true, [] { return true; });
  EXPECT_FALSE(u.complete());
}
