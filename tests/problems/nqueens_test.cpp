// SPDX-License-Identifier: MIT
// N-Queens: counts against OEIS A000170 / A002562 (tests/data/nqueens/counts.csv), the textbook
// statistics, every strategy equal, pre-placement.
#include <gtest/gtest.h>

#include <algorithm>
#include <bit>
#include <cstdint>
#include <fstream>
#include <map>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

#include "nqueens_common.hpp"

namespace {

using namespace nqueens_test;

std::uint64_t count(nq::strategy s, int n) {
  const nq::row_domains d(n, {});
  return nq::with_strategy(s, d, [](auto& p) {
    bt::solution_counter c;
    bt::search(p, c);
    return c.count;
  });
}

TEST(NQueens, ReferenceFileIsRead) {
  const auto ref = read_counts();
  ASSERT_GE(ref.size(), 14U);
  EXPECT_EQ(ref.at(8).total, 92U);
}

TEST(NQueens, BitboardCountsMatchOeisA000170UpTo14) {
  const auto ref = read_counts();
  for (int n = 1; n <= 14; ++n) {
    EXPECT_EQ(count(nq::strategy::bitboard, n), ref.at(n).total) << "n = " << n;
  }
}

TEST(NQueens, ArraysCountsMatchOeisA000170UpTo12) {
  const auto ref = read_counts();
  for (int n = 1; n <= 12; ++n) {
    EXPECT_EQ(count(nq::strategy::arrays, n), ref.at(n).total) << "n = " << n;
  }
}

TEST(NQueens, UniqueCountsMatchOeisA002562UpTo13) {
  const auto ref = read_counts();
  for (int n = 1; n <= 13; ++n) {
    const nq::row_domains d(n, {});
    std::uint64_t total = 0;
    std::uint64_t unique = 0;
    std::uint64_t weighted = 0;
    nq::with_strategy(nq::strategy::bitboard, d, [&](auto& p) {
      using P = std::remove_cvref_t<decltype(p)>;
      std::vector<int> cols(static_cast<std::size_t>(n));
      auto rec = bt::make_assignment_visitor<P>([&](std::span<const typename P::value_type> v) {
        for (std::size_t r = 0; r < v.size(); ++r) cols[r] = nq::column_of(v[r]);
        ++total;
        if (nq::is_canonical(cols)) {
          ++unique;
          weighted += static_cast<std::uint64_t>(nq::orbit_size(cols));
        }
      });
      bt::search(p, rec);
    });
    EXPECT_EQ(total, ref.at(n).total) << "n = " << n;
    EXPECT_EQ(unique, ref.at(n).unique) << "n = " << n;
    EXPECT_EQ(weighted, total) << "orbits of the fundamental solutions cover all, n = " << n;
  }
}

// The counters the textbook quotes, and how the search ended, as one line.
std::string textbook_counters(const run& r) {
  return std::to_string(r.stats.checks) + " checks, " + std::to_string(r.stats.assigns) +
         " assigns, " + std::to_string(r.stats.backtracks) + " backtracks, " +
         (r.outcome == bt::outcome::stopped ? "stopped" : "exhausted");
}

TEST(NQueens, BoardFirstSolutionReproducesTextbookCounts) {
  // 876 position tests and 105 backtracks: seed 003 and shared/data/nqueens/README.md.
  const run r = solve(nq::strategy::board, 8, {}, 1);
  EXPECT_EQ(r.found, (solutions{{0, 4, 7, 5, 2, 6, 1, 3}}));  // (1,5,8,6,3,7,2,4)
  EXPECT_EQ(textbook_counters(r), "876 checks, 113 assigns, 105 backtracks, stopped");
}

TEST(NQueens, BoardAllSolutionsReproducesTextbookCounts) {
  // 15,720 position tests and 2,056 placements (Wikipedia "Eight queens puzzle").
  const run r = solve(nq::strategy::board, 8);
  EXPECT_EQ(r.found.size(), 92U);
  EXPECT_EQ(textbook_counters(r), "15720 checks, 2056 assigns, 2056 backtracks, exhausted");
}

TEST(NQueens, CheckingStrategiesShareTheTextbookCounters) {
  const run board = solve(nq::strategy::board, 8);
  for (const auto s : {nq::strategy::attack, nq::strategy::arrays}) {
    EXPECT_EQ(
        solve(s, 8).stats,
        (bt::stats{board.stats.nodes, board.stats.checks, board.stats.assigns, board.stats.prunes,
                   board.stats.backtracks, board.stats.solutions, board.stats.max_depth, 0.0}))
        << nq::name(s);
  }
}

TEST(NQueens, EveryStrategyFindsTheSameSolutionsInTheSameOrder) {
  for (int n = 1; n <= 8; ++n) {
    const run ref = solve(nq::strategy::board, n);
    for (const auto s : nq::all_strategies) {
      const run r = solve(s, n);
      EXPECT_EQ(r.found, ref.found) << nq::name(s) << " n = " << n;
      for (const auto& sol : r.found) EXPECT_TRUE(nq::is_solution(sol));
    }
  }
  for (int n = 9; n <= 10; ++n) {
    const run ref = solve(nq::strategy::board, n);
    for (const auto s : {nq::strategy::attack, nq::strategy::arrays, nq::strategy::bitboard}) {
      EXPECT_EQ(solve(s, n).found, ref.found) << nq::name(s) << " n = " << n;
    }
  }
}

TEST(NQueens, WideBitboardAgreesWithArraysBeyond32) {
  // n = 40 uses 64-bit masks. Plain backtracking needs ages for a first solution at n = 40,
  // so rows 1..30 are pre-placed from the explicit construction for n mod 6 not in {2, 3}:
  // rows i = 1..n/2 at column 2i, rows n/2 + i at column 2i - 1.
  const int n = 40;
  std::vector<nq::queen> placed;
  for (int i = 1; i <= 30; ++i) {
    placed.push_back(i <= n / 2 ? nq::queen{i - 1, 2 * i - 1}
                                : nq::queen{i - 1, 2 * (i - n / 2) - 2});
  }
  const run a = solve(nq::strategy::arrays, n, placed);
  const run b = solve(nq::strategy::bitboard, n, placed);
  ASSERT_FALSE(a.found.empty());
  EXPECT_EQ(a.found, b.found);
  for (const auto& sol : b.found) EXPECT_TRUE(nq::is_solution(sol));
}

TEST(NQueens, PrePlacedQueensAreKeptInEverySolution) {
  const std::vector<nq::queen> placed{{0, 2}, {4, 7}};  // (1,3) and (5,8), 1-based
  for (const auto s : nq::all_strategies) {
    const run r = solve(s, 8, placed);
    const run all = solve(nq::strategy::board, 8);
    std::vector<std::vector<int>> expected;
    for (const auto& sol : all.found) {
      if (sol[0] == 2 && sol[4] == 7) expected.push_back(sol);
    }
    ASSERT_FALSE(expected.empty());
    EXPECT_EQ(r.found, expected) << nq::name(s);
  }
}

TEST(NQueens, FirstQueenPlacedAsInTheSeedExercise) {
  const run r = solve(nq::strategy::board, 8, {{0, 0}}, 1);
  ASSERT_EQ(r.found.size(), 1U);
  EXPECT_EQ(r.found[0], (std::vector<int>{0, 4, 7, 5, 2, 6, 1, 3}));
  const run r2 = solve(nq::strategy::board, 4, {{0, 0}});
  EXPECT_TRUE(r2.found.empty()) << "no 4-queens solution has a corner queen";
}

TEST(NQueens, InvalidPlacementsAreRefusedWithTheirReason) {
  const auto message = [](int n, const std::vector<nq::queen>& q) {
    try {
      nq::row_domains d(n, q);
    } catch (const nq::invalid_input& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(message(8, {{0, 0}, {1, 1}}), "queens at (1,1) and (2,2) attack each other");
  EXPECT_EQ(message(8, {{0, 0}, {0, 5}}), "queens at (1,1) and (1,6) share row 1");
  EXPECT_EQ(message(8, {{0, 0}, {5, 0}}), "queens at (1,1) and (6,1) attack each other");
  EXPECT_EQ(message(8, {{8, 0}}), "queen at (9,1) is off the 8x8 board");
  EXPECT_EQ(message(0, {}), "board size 0 is out of range 1..10000000");
  EXPECT_EQ(message(8, {{2, 3}}), "");
}

TEST(NQueens, BitboardRefusesBoardsWiderThanItsMasks) {
  const nq::row_domains d(65, {});
  EXPECT_THROW(nq::with_strategy(nq::strategy::bitboard, d, [](auto&) { return 0; }),
               nq::invalid_input);
}

TEST(NQueens, SymmetriesOfASolutionAreSolutions) {
  const std::vector<int> s{0, 4, 7, 5, 2, 6, 1, 3};
  for (const auto& img : nq::symmetries(s)) EXPECT_TRUE(nq::is_solution(img));
  EXPECT_EQ(nq::orbit_size(s), 8);
  EXPECT_EQ(nq::orbit_size({1, 3, 0, 2}), 2);  // the 4-queens solution is symmetric
}

TEST(NQueens, TextbookTraceShowsPlayAndBacktrack) {
  const nq::row_domains d(4, {});
  nq::board p(d);
  const std::string s = first_solution_trace(p, 4);
  EXPECT_EQ(s.rfind("Current Play: queen 1 at (1,1)\n1 0 0 0\n0 0 0 0\n0 0 0 0\n0 0 0 0\n", 0), 0U);
  EXPECT_NE(s.find("Backtrack: queen 2 from (2,3)\n1 0 0 0\n0 0 0 0\n"), std::string::npos);
  EXPECT_NE(s.find("Solution:\n0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n"), std::string::npos);
}

}  // namespace

namespace {

// Both counters of the empty board: symmetry (one board per class) and halves (meeting in the
// middle, unique by Burnside's lemma).
nq::count_result count_with(bool halves, int n, const nq::count_options& o, bt::shared_limits& l) {
  return halves ? nq::count_halves(n, o, l) : nq::count_symmetric(n, o, l);
}

TEST(NQueensCount, BothCountersMatchOeisUpTo14) {
  const auto ref = read_counts();
  for (const bool halves : {false, true}) {
    for (int n = 4; n <= 14; ++n) {
      bt::shared_limits limits(0, std::nullopt);
      const auto r = count_with(halves, n, {2, false, nullptr, nullptr}, limits);
      EXPECT_EQ(r.total, ref.at(n).total) << "n = " << n << (halves ? ", halves" : "");
      EXPECT_EQ(r.unique, ref.at(n).unique) << "n = " << n << (halves ? ", halves" : "");
      EXPECT_EQ(r.units_done, r.units);
    }
  }
}

TEST(NQueensCount, StatisticsDoNotDependOnTheThreadCount) {
  for (const bool halves : {false, true}) {
    bt::shared_limits l1(0, std::nullopt);
    bt::shared_limits l2(0, std::nullopt);
    const auto one = count_with(halves, 13, {1, true, nullptr, nullptr}, l1);
    const auto two = count_with(halves, 13, {2, true, nullptr, nullptr}, l2);
    EXPECT_EQ(one.stats, two.stats);
    EXPECT_EQ(one.total, 73712U);
    EXPECT_EQ(two.total, 73712U);
    if (halves) {
      EXPECT_EQ(one.stats.solutions, one.total);
      EXPECT_GT(one.stats.checks, one.stats.assigns) << "checks add the pairs compared";
    } else {
      EXPECT_EQ(one.stats.nodes, one.stats.assigns + nq::symmetry_classes(13).size())
          << "every node but the class roots is entered by an assignment";
    }
  }
}

TEST(NQueensCount, ParallelBitboardCountEqualsOneSearch) {
  const nq::row_domains d(12, {});
  auto root = nq::make_bitboard<std::uint32_t>(12);
  bt::stats seq;
  bt::stats_visitor sv{seq};
  bt::search(root, sv);
  bt::shared_limits limits(0, std::nullopt);
  auto r = nq::count_parallel(root, 12, {2, true, nullptr, nullptr}, limits);
  r.stats.seconds = seq.seconds;
  EXPECT_EQ(r.total, 14200U);
  EXPECT_EQ(r.stats, seq) << "split + subproblems count exactly what one search counts";
}

TEST(NQueensCount, ParallelCountHonoursPrePlacedQueens) {
  const nq::row_domains d(10, {{0, 2}, {5, 9}});
  std::vector<std::uint32_t> masks;
  bt::shared_limits limits(0, std::nullopt);
  const auto r = nq::count_parallel(nq::make_bitboard<std::uint32_t>(d, masks), 10,
                                    {2, false, nullptr, nullptr}, limits);
  const run all = solve(nq::strategy::arrays, 10, {{0, 2}, {5, 9}});
  EXPECT_EQ(r.total, all.found.size());
  EXPECT_GT(r.total, 0U);
}

TEST(NQueensCount, NodeLimitStopsEveryThread) {
  for (const bool halves : {false, true}) {
    bt::shared_limits limits(100000, std::nullopt);
    const auto r = count_with(halves, 16, {2, false, nullptr, nullptr}, limits);
    EXPECT_EQ(limits.reason(), bt::stop_reason::node_limit);
    EXPECT_LT(r.units_done, r.units);
    EXPECT_LT(r.total, 14772512U);
    if (halves) {
      EXPECT_EQ(r.unique, 0U) << "no unique count without the whole total";
    }
  }
}

// The meet-in-the-middle counter (halves.hpp) and its parts.

TEST(NQueensCount, HalvesJoinsCoverEveryColumnSplitOnce) {
  // Weighed by their orbits, the joins stand for every split of the columns: for even n every
  // half of the columns on top, for odd n every middle queen with every half of the rest.
  const auto binomial = [](int a, int b) {
    std::uint64_t c = 1;
    for (int i = 1; i <= b; ++i)
      c = c * static_cast<std::uint64_t>(a - b + i) / static_cast<std::uint64_t>(i);
    return c;
  };
  for (int n = 4; n <= 16; ++n) {
    std::uint64_t weight = 0;
    for (const auto& j : nq::detail::half_joins(n)) {
      weight += j.weight;
      EXPECT_EQ(std::popcount(j.top), n / 2);
      EXPECT_EQ(j.top & j.bottom, 0U);
    }
    const std::uint64_t want =
        n % 2 == 0 ? binomial(n, n / 2) : static_cast<std::uint64_t>(n) * binomial(n - 1, n / 2);
    EXPECT_EQ(weight, want) << "n = " << n;
  }
}

TEST(NQueensCount, QuarterJoinsGiveTheHalvesASearchGives) {
  // For every join's top column set (and middle queen), the halves joined from the quarter
  // lists are exactly those a search of the half-board finds: the same window bits, as often.
  for (const int n : {6, 8, 9, 11, 12}) {
    const auto never = [] { return false; };
    const nq::diagonal_window window{n, n / 2};
    bt::stats s;
    const nq::quarter_list left(window, 0, n - n / 2, 1U << 24U, never, s);
    const nq::quarter_list right(window, n - n / 2, n, 1U << 24U, never, s);
    ASSERT_EQ(left.state(), nq::quarter_list::outcome::built);
    std::vector<std::uint64_t> joined;
    for (const auto& j : nq::detail::half_joins(n)) {
      const std::uint64_t forbidden = window.middle(j.middle);
      const nq::quarter_join q =
          nq::join_quarters(left, right, j.top, forbidden, (1U << (n / 2)) - 1U, joined);
      std::vector<std::uint64_t> mine(joined.begin(), joined.begin() + static_cast<long>(q.halves));
      std::vector<std::uint64_t> searched;
      auto unstoppable = never;
      nq::detail::half_collector<decltype(unstoppable)> c{window, &searched, &unstoppable};
      nq::half_board root = nq::half_board::root(n, n / 2, j.top, j.middle);
      bt::search(root, c);
      std::sort(mine.begin(), mine.end());
      std::sort(searched.begin(), searched.end());
      EXPECT_EQ(mine, searched) << "n = " << n << ", top " << j.top << ", middle " << j.middle;
    }
  }
}

TEST(NQueensCount, HalvesCountsWithAndWithoutQuarterLists) {
  // Past the memory budget the halves are searched per join: both ways give every join's
  // count, and their sum with Burnside's terms the totals of tests/data/nqueens.
  const auto ref = read_counts();
  const auto never = [] { return false; };
  for (int n = nq::halves_min_n; n <= 13; ++n) {
    const nq::halves_plan quarters(n, never);
    const nq::halves_plan searched(n, never, 0);
    ASSERT_TRUE(quarters.quarters());
    ASSERT_FALSE(searched.quarters());
    ASSERT_EQ(quarters.joins(), searched.joins());
    nq::halves_plan::scratch a, b;
    std::uint64_t total = 0, tests = 0;
    for (std::size_t k = 0; k < quarters.joins(); ++k) {
      std::uint64_t x = 0, y = 0;
      ASSERT_TRUE(quarters.count_join(k, a, never, x, tests));
      ASSERT_TRUE(searched.count_join(k, b, never, y, tests));
      EXPECT_EQ(x, y) << "n = " << n << ", join " << k;
      total += x;
    }
    EXPECT_EQ(total, ref.at(n).total) << "n = " << n;
    const std::uint64_t terms = nq::halves_plan::burnside_term(n, 1, nullptr) +
                                nq::halves_plan::burnside_term(n, 2, nullptr);
    EXPECT_EQ((total + terms) / 8, ref.at(n).unique) << "n = " << n;
  }
}

TEST(NQueensCount, HalvesPlanStopsWhileBuildingItsQuarters) {
  // The quarter lists of n = 22 take seconds: a stop asked for while they are built is heard.
  int asked = 0;
  const nq::halves_plan plan(22, [&] { return ++asked > 40; });
  EXPECT_FALSE(plan.complete());
  EXPECT_GT(asked, 40);
}

TEST(NQueensCount, FlippedWindowBitsAreTheTurnedBoards) {
  // A queen of a half, seen from the other side, sits on the diagonals of the square turned
  // upside down: flip() must give the bits that square has in the other half's frame.
  for (int n = 4; n <= 13; ++n) {
    const int h = n / 2;
    const nq::diagonal_window w{n, h};
    const int first = h;  // the top half's window starts at diagonal h
    for (int r = 0; r < h; ++r) {
      for (int c = 0; c < n; ++c) {
        const int row = n - 1 - r;  // the square in the board's own frame, below the middle
        std::uint64_t want = 0;
        const int d1 = row + c - first;
        const int d2 = row - c + n - 1 - first;
        if (d1 >= 0 && d1 < w.width()) want |= std::uint64_t{1} << d1;
        if (d2 >= 0 && d2 < w.width()) want |= std::uint64_t{1} << (32 + d2);
        EXPECT_EQ(w.flip(w.bits(r, c)), want) << "n " << n << " square " << r << "," << c;
        EXPECT_EQ(w.flip(w.flip(w.bits(r, c))), w.bits(r, c));
      }
    }
  }
}

TEST(NQueensCount, DisjointPairCounterAgreesWithEveryPair) {
  std::mt19937_64 rng(7);
  for (const std::size_t na : {0U, 1U, 15U, 200U, 3000U}) {
    for (const std::size_t nb : {0U, 3U, 40U, 2500U}) {
      std::vector<std::uint64_t> a(na), b(nb);
      // Sparse sets over 40 bits, like window bits: about a quarter of the bits set.
      for (auto& x : a) x = rng() & rng() & 0xFFFFFFFFFFULL;
      for (auto& x : b) x = rng() & rng() & 0xFFFFFFFFFFULL;
      std::uint64_t want = 0;
      for (const auto x : a)
        for (const auto y : b) want += (x & y) == 0 ? 1U : 0U;
      nq::disjoint_pair_counter c;
      EXPECT_EQ(c.count(a, b), want) << na << " x " << nb;
      EXPECT_LE(c.tests(), static_cast<std::uint64_t>(na) * nb);
    }
  }
}

TEST(NQueensCount, DisjointPairCounterTakesAnySets) {
  // Sets over all 64 bits (the packed elements fill the last chunk past bit 63), empty sets
  // (disjoint from everything), and lists of exactly one group and one more.
  std::mt19937_64 rng(5);
  for (const std::size_t na : {1U, 64U, 65U, 700U}) {
    for (const std::size_t nb : {1U, 64U, 129U, 900U}) {
      std::vector<std::uint64_t> a(na), b(nb);
      for (auto& x : a) x = rng() % 9 == 0 ? 0U : rng() & rng() & rng();
      for (auto& x : b) x = rng() % 9 == 0 ? 0U : rng() & rng() & rng();
      std::uint64_t want = 0;
      for (const auto x : a)
        for (const auto y : b) want += (x & y) == 0 ? 1U : 0U;
      nq::disjoint_pair_counter c;
      EXPECT_EQ(c.count(a, b), want) << na << " x " << nb;
      EXPECT_EQ(c.count(b, a), want) << nb << " x " << na;
    }
  }
}

TEST(NQueensCount, DisjointPairCounterAsksToStopWithinOneBucketPair) {
  // 200 sets against 300,000 (60 million pairs): the count must ask stop() as it goes, agree
  // with every pair when it never stops, and end early when it does.
  std::mt19937_64 rng(11);
  std::vector<std::uint64_t> a(200), b(300000);
  for (auto& x : a) x = rng() & rng() & 0xFFFFFFFFFFULL;
  for (auto& x : b) x = rng() & rng() & 0xFFFFFFFFFFULL;
  std::uint64_t want = 0;
  for (const auto x : a)
    for (const auto y : b) want += (x & y) == 0 ? 1U : 0U;
  int asked = 0;
  nq::disjoint_pair_counter all;
  EXPECT_EQ(all.count(a, b, [&] { return ++asked < 0; }), want);
  EXPECT_GE(asked, 3);
  nq::disjoint_pair_counter stopped;
  int second = 0;
  (void)stopped.count(a, b, [&] { return ++second == 2; });
  EXPECT_EQ(second, 2);
  EXPECT_LT(stopped.tests(), all.tests());
}

TEST(NQueensCount, HalvesStopsWhileListingItsJoins) {
  // n = 23 lists 16 million column sets before the first join: Ctrl-C must stop that too.
  bt::interrupt_all();
  bt::shared_limits limits(0, std::nullopt);
  const nq::count_result r = nq::count_halves(23, {1, false, nullptr, nullptr}, limits);
  bt::clear_interrupt();
  EXPECT_EQ(limits.reason(), bt::stop_reason::interrupted);
  EXPECT_EQ(r.units_done, 0U);
  EXPECT_EQ(r.total, 0U);
}

TEST(NQueensCount, TurnSymmetricBoardsAreTheSolutionsTheTurnKeeps) {
  // Each count against the solutions of the plain search that equal their turned image.
  for (int n = 1; n <= 10; ++n) {
    const run all = solve(nq::strategy::bitboard, n);
    std::uint64_t quarter = 0, half = 0;
    for (const auto& s : all.found) {
      const auto images = nq::symmetries(s);
      quarter += images[1] == s ? 1U : 0U;
      half += images[2] == s ? 1U : 0U;
    }
    for (const int turns : {1, 2}) {
      nq::turn_symmetric_board b(n, turns);
      bt::solution_counter c;
      bt::search(b, c);
      EXPECT_EQ(c.count, turns == 1 ? quarter : half) << "n = " << n << ", turns " << turns;
    }
  }
}

}  // namespace
