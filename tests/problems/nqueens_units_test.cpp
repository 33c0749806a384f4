// SPDX-License-Identifier: MIT
// Work units (units.hpp) are the threaded counter's subproblems: counted one by one and added
// in unit order they give exactly count_symmetric's / count_parallel's counts and statistics.
#include <gtest/gtest.h>

#include <bt/problems/nqueens/units.hpp>

namespace nq = bt::problems::nqueens;

namespace {

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
