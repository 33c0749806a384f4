// SPDX-License-Identifier: MIT
// N-Queens on large boards: the heuristic backtracking search (complete, same solutions as the
// textbook strategies, fast first solutions), min-conflicts, the default strategy, and the
// row domains that no longer cost n*n memory.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

#include "nqueens_common.hpp"

namespace {

using namespace nqueens_test;

solutions sorted(solutions s) {
  std::sort(s.begin(), s.end());
  return s;
}

bool keeps(const std::vector<int>& cols, const std::vector<nq::queen>& placed) {
  return std::all_of(placed.begin(), placed.end(), [&](const nq::queen& q) {
    return cols[static_cast<std::size_t>(q.row)] == q.col;
  });
}

// --- heuristic ------------------------------------------------------------------------------

TEST(NQueensHeuristic, FindsExactlyTheBoardSolutionsUpTo9) {
  // Same set; the order differs (lines and squares are not tried in lexicographic order).
  for (int n = 1; n <= 9; ++n) {
    const run ref = solve(nq::strategy::board, n);
    const run h = solve(nq::strategy::heuristic, n);
    EXPECT_EQ(h.found.size(), ref.found.size()) << "n = " << n;
    EXPECT_EQ(sorted(h.found), sorted(ref.found)) << "n = " << n;
    EXPECT_EQ(std::set<std::vector<int>>(h.found.begin(), h.found.end()).size(), h.found.size())
        << "each solution once, n = " << n;
  }
}

TEST(NQueensHeuristic, CountsMatchOeisA000170UpTo11) {
  const auto ref = read_counts();
  for (int n = 1; n <= 11; ++n) {
    EXPECT_EQ(solve(nq::strategy::heuristic, n).found.size(), ref.at(n).total) << "n = " << n;
  }
}

TEST(NQueensHeuristic, AnotherSeedFindsTheSameSetInAnotherOrder) {
  const run a = solve(nq::strategy::heuristic, 8, {}, 0, 1);
  const run b = solve(nq::strategy::heuristic, 8, {}, 0, 2);
  EXPECT_EQ(sorted(a.found), sorted(b.found));
  EXPECT_NE(a.found, b.found);
}

TEST(NQueensHeuristic, PrePlacedQueensGiveTheBoardSolutionsThatKeepThem) {
  const std::vector<nq::queen> placed{{0, 2}, {4, 7}};  // (1,3) and (5,8), 1-based
  const run ref = solve(nq::strategy::board, 8, placed);
  const run h = solve(nq::strategy::heuristic, 8, placed);
  ASSERT_FALSE(ref.found.empty());
  EXPECT_EQ(sorted(h.found), sorted(ref.found));
  EXPECT_TRUE(solve(nq::strategy::heuristic, 4, {{0, 0}}).found.empty());
}

TEST(NQueensHeuristic, FirstSolutionOfLargeBoardsIsValidAndNearlyBacktrackFree) {
  for (const int n : {100, 500}) {
    const run r = solve(nq::strategy::heuristic, n, {}, 1);
    ASSERT_EQ(r.found.size(), 1U) << "n = " << n;
    EXPECT_TRUE(nq::is_solution(r.found[0])) << "n = " << n;
    // n + 1 nodes is a search without a backtrack; the default seed needs at most 169 more
    // for any n in 4..400.
    EXPECT_LE(r.stats.nodes, static_cast<std::uint64_t>(n) + 200U) << "n = " << n;
  }
}

TEST(NQueensHeuristic, FirstSolutionKeepsPrePlacedQueens) {
  const std::vector<nq::queen> placed{{0, 0}, {1, 2}, {2, 4}, {99, 98}, {50, 70}};
  const run r = solve(nq::strategy::heuristic, 100, placed, 1);
  ASSERT_EQ(r.found.size(), 1U);
  EXPECT_TRUE(nq::is_solution(r.found[0]));
  EXPECT_TRUE(keeps(r.found[0], placed));
}

TEST(NQueensHeuristic, SameSeedSameSolution) {
  const run a = solve(nq::strategy::heuristic, 200, {}, 1, 7);
  const run b = solve(nq::strategy::heuristic, 200, {}, 1, 7);
  const run c = solve(nq::strategy::heuristic, 200, {}, 1, 8);
  ASSERT_EQ(a.found.size(), 1U);
  ASSERT_EQ(c.found.size(), 1U);
  EXPECT_EQ(a.found, b.found);
  EXPECT_EQ(a.stats, b.stats);
  EXPECT_NE(a.found, c.found);
}

TEST(NQueensHeuristic, CountsOfOpenSquaresAreRestoredByUnassign) {
  const nq::row_domains d(10, {});
  nq::heuristic p(d);
  std::vector<int> rows, cols;
  for (int i = 0; i < 10; ++i) {
    rows.push_back(p.open_in_row(i));
    cols.push_back(p.open_in_column(i));
  }
  EXPECT_EQ(rows, std::vector<int>(10, 10));
  const nq::queen a{3, 4};
  const nq::queen b{7, 1};
  p.assign(a);
  // A queen at (4,5) (1-based) closes its column and the two diagonals in every other row.
  EXPECT_EQ(p.open_in_row(0), 7);  // (1,2), (1,5), (1,8) closed
  EXPECT_EQ(p.open_in_row(3), 0);  // its own row
  EXPECT_EQ(p.open_in_column(4), 0);
  EXPECT_EQ(p.open_in_row(9), 9);  // (10,5) closed; (10,11) and (10,-1) are off the board
  p.assign(b);
  p.unassign(b);
  p.unassign(a);
  for (int i = 0; i < 10; ++i) {
    EXPECT_EQ(p.open_in_row(i), rows[static_cast<std::size_t>(i)]) << "row " << i;
    EXPECT_EQ(p.open_in_column(i), cols[static_cast<std::size_t>(i)]) << "column " << i;
  }
}

TEST(NQueensHeuristic, RefusesBoardsAboveTheMatrixCap) {
  const nq::row_domains d(nq::max_tree_n + 1, {});
  EXPECT_THROW(nq::with_strategy(nq::strategy::board, d, [](auto&) { return 0; }),
               nq::invalid_input);
  EXPECT_EQ(nq::with_strategy(nq::strategy::heuristic, d, [](auto&) { return 1; }), 1);
  EXPECT_EQ(nq::with_strategy(nq::strategy::arrays, d, [](auto&) { return 1; }), 1);
  const nq::row_domains placed(nq::max_tree_n + 1, {{0, 0}});
  EXPECT_THROW(nq::with_strategy(nq::strategy::arrays, placed, [](auto&) { return 0; }),
               nq::invalid_input)
      << "the row domains with pre-placed queens are n*n columns";
  EXPECT_EQ(nq::with_strategy(nq::strategy::heuristic, placed, [](auto&) { return 1; }), 1);
  EXPECT_THROW(nq::with_strategy(nq::strategy::min_conflicts, nq::row_domains(8, {}),
                                 [](auto&) { return 0; }),
               nq::invalid_input);
}

// Beyond the former cap of 4096, set by the recursion's depth: the search now goes n levels
// deep whatever n.
TEST(NQueensHeuristic, FirstSolutionBeyondTheFormerCap) {
  const int n = 5000;
  const run r = solve(nq::strategy::heuristic, n, {{4999, 17}}, 1);
  ASSERT_EQ(r.found.size(), 1U);
  EXPECT_TRUE(nq::is_solution(r.found[0]));
  EXPECT_EQ(r.found[0][4999], 17);
  EXPECT_EQ(r.stats.max_depth, static_cast<std::size_t>(n));
}

TEST(NQueensArrays, LargeFreeBoardHasItsOwnDomain) {
  const nq::row_domains d(8000, {});
  ASSERT_FALSE(d.tabulated());
  nq::arrays p(d);
  EXPECT_EQ(p.candidates().size(), 8000U);
  EXPECT_EQ(p.candidates().back(), 7999);
  // The lexicographic search places its first 4948 queens without a backtrack: deeper than
  // the former cap of 4096 rows, which the recursion's stack set.
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::limit_visitor lim(5000, std::nullopt);
  EXPECT_EQ(bt::search(p, bt::visitors(sv, lim)), bt::outcome::stopped);
  EXPECT_EQ(s.max_depth, 4948U);
  EXPECT_EQ(p.position(0), -1) << "the trail is undone after the stop";
}

TEST(NQueensHeuristic, TraceNamesTheSquaresOfTheQueens) {
  const nq::row_domains d(4, {});
  nq::heuristic p(d);
  const std::string s = first_solution_trace(p, 4);
  // Row 1 first (all lines tie at 4 open squares), in the seed's order of its squares.
  EXPECT_EQ(s.rfind("Current Play: queen 1 at (1,", 0), 0U) << s;
  const auto sol = s.find("Solution:\n");
  ASSERT_NE(sol, std::string::npos) << s;
  // The solution's matrix is one of the two 4-queens solutions.
  const std::string m = s.substr(sol + 10);
  EXPECT_TRUE(m == "0 1 0 0\n0 0 0 1\n1 0 0 0\n0 0 1 0\n" ||
              m == "0 0 1 0\n1 0 0 0\n0 0 0 1\n0 1 0 0\n")
      << m;
}

// --- min-conflicts --------------------------------------------------------------------------

struct local_run {
  nq::min_conflicts::result result;
  std::vector<int> cols;
  std::uint64_t steps;
};

local_run local(int n, const std::vector<nq::queen>& placed = {},
                std::uint64_t seed = nq::min_conflicts::default_seed, std::uint64_t max_steps = 0) {
  const nq::row_domains d(n, placed);
  nq::min_conflicts m(d, seed);
  const auto r = m.run(max_steps, [] { return bt::flow::go_on; });
  return {r, m.columns(), m.steps()};
}

TEST(NQueensMinConflicts, SolvesSmallAndLargeBoards) {
  for (const int n : {1, 4, 8, 100, 10000}) {
    const local_run r = local(n);
    ASSERT_EQ(r.result, nq::min_conflicts::result::solved) << "n = " << n;
    EXPECT_TRUE(nq::is_solution(r.cols)) << "n = " << n;
  }
}

TEST(NQueensMinConflicts, PrePlacedQueensNeverMove) {
  const std::vector<std::pair<int, std::vector<nq::queen>>> cases{
      {8, {{0, 0}}},
      {8, {{0, 2}, {4, 7}}},
      {100, {{0, 0}, {1, 2}, {2, 4}, {99, 98}, {50, 70}}},
      {10000, {{0, 0}, {9999, 1}, {5000, 5003}, {17, 4242}}}};
  for (const auto& [n, placed] : cases) {
    for (std::uint64_t seed = 1; seed <= 3; ++seed) {
      const local_run r = local(n, placed, seed);
      ASSERT_EQ(r.result, nq::min_conflicts::result::solved) << "n = " << n;
      EXPECT_TRUE(nq::is_solution(r.cols)) << "n = " << n;
      EXPECT_TRUE(keeps(r.cols, placed)) << "n = " << n << " seed " << seed;
    }
  }
}

TEST(NQueensMinConflicts, SameSeedSameRunOtherSeedOtherRun) {
  const local_run a = local(1000, {}, 42);
  const local_run b = local(1000, {}, 42);
  const local_run c = local(1000, {}, 43);
  EXPECT_EQ(a.cols, b.cols);
  EXPECT_EQ(a.steps, b.steps);
  EXPECT_NE(a.cols, c.cols);
}

TEST(NQueensMinConflicts, StopsAtTheStepLimitWhereNoSolutionExists) {
  const local_run r = local(3, {}, 1, 500);
  EXPECT_EQ(r.result, nq::min_conflicts::result::step_limit);
  EXPECT_EQ(r.steps, 500U);
  const local_run p = local(4, {{0, 0}}, 1, 300);  // no 4-queens solution has a corner queen
  EXPECT_EQ(p.result, nq::min_conflicts::result::step_limit);
}

TEST(NQueensMinConflicts, StopsWhenPollSaysSo) {
  const nq::row_domains d(3, {});
  nq::min_conflicts m(d);
  int polls = 0;
  const auto r = m.run(0, [&] { return ++polls == 5 ? bt::flow::stop : bt::flow::go_on; });
  EXPECT_EQ(r, nq::min_conflicts::result::stopped);
  EXPECT_EQ(polls, 5);
  EXPECT_GT(m.restarts(), 0U);
}

// --- defaults, limits, helpers --------------------------------------------------------------

TEST(NQueensDefaults, StrategyDependsOnTheBoardAndTheGoal) {
  using nq::goal;
  using nq::strategy;
  EXPECT_EQ(nq::default_strategy(8, goal::first), strategy::bitboard);
  EXPECT_EQ(nq::default_strategy(29, goal::first), strategy::bitboard);
  EXPECT_EQ(nq::default_strategy(30, goal::first), strategy::heuristic);
  EXPECT_EQ(nq::default_strategy(4096, goal::first), strategy::heuristic);
  EXPECT_EQ(nq::default_strategy(4097, goal::first), strategy::min_conflicts);
  EXPECT_EQ(nq::default_strategy(30, goal::some), strategy::heuristic);
  EXPECT_EQ(nq::default_strategy(5000, goal::some), strategy::heuristic);
  EXPECT_EQ(nq::default_strategy(64, goal::every), strategy::bitboard);
  EXPECT_EQ(nq::default_strategy(65, goal::every), strategy::heuristic);
}

TEST(NQueensDefaults, PerStrategyCaps) {
  EXPECT_EQ(nq::max_n_of(nq::strategy::bitboard), 64);
  EXPECT_EQ(nq::max_n_of(nq::strategy::board), 4096);
  EXPECT_EQ(nq::max_n_of(nq::strategy::attack), 4096);
  EXPECT_EQ(nq::max_n_of(nq::strategy::heuristic), 10'000'000);
  EXPECT_EQ(nq::max_n_of(nq::strategy::arrays), 10'000'000);
  EXPECT_EQ(nq::max_placed_n_of(nq::strategy::arrays), 4096);
  EXPECT_EQ(nq::max_placed_n_of(nq::strategy::heuristic), 10'000'000);
  EXPECT_EQ(nq::max_placed_n_of(nq::strategy::board), 4096);
  EXPECT_EQ(nq::max_n_of(nq::strategy::min_conflicts), 10'000'000);
  EXPECT_EQ(nq::max_n_of(nq::strategy::symmetry), 32);
  EXPECT_EQ(nq::parse_strategy("symmetry"), nq::strategy::symmetry);
  EXPECT_EQ(nq::parse_strategy("min-conflicts"), nq::strategy::min_conflicts);
  EXPECT_EQ(nq::parse_strategy("heuristic"), nq::strategy::heuristic);
}

TEST(NQueensRowDomains, LargeBoardsAreNotTabulated) {
  const nq::row_domains big(1'000'000, {{0, 0}, {999'999, 5}});  // would be 10^12 columns
  EXPECT_FALSE(big.tabulated());
  EXPECT_EQ(big.n(), 1'000'000);
  const nq::row_domains free_board(4096, {});
  EXPECT_TRUE(free_board.tabulated());
  EXPECT_EQ(free_board.columns(4095).size(), 4096U);
  EXPECT_EQ(&free_board.columns(0), &free_board.columns(4095)) << "one shared domain";
  const nq::row_domains placed(8, {{4, 7}});
  EXPECT_EQ(placed.columns(4), std::vector<int>{7});
  EXPECT_EQ(placed.columns(0), (std::vector<int>{0, 1, 2, 4, 5, 6}));  // (5,8) attacks (1,4)
  EXPECT_THROW(nq::row_domains(nq::max_n + 1, {}), nq::invalid_input);
}

// The pairwise definition, for comparison with is_solution's O(n) check above 32 rows.
bool pairwise_ok(const std::vector<int>& cols) {
  const int n = static_cast<int>(cols.size());
  for (int r = 0; r < n; ++r) {
    const int c = cols[static_cast<std::size_t>(r)];
    if (c < 0 || c >= n) return false;
    for (int s = 0; s < r; ++s) {
      if (nq::attacks({s, cols[static_cast<std::size_t>(s)]}, {r, c})) return false;
    }
  }
  return true;
}

TEST(NQueensIsSolution, LinearCheckAgreesWithThePairwiseOneAboveThirtyTwoRows) {
  const local_run r = local(40);
  ASSERT_TRUE(pairwise_ok(r.cols));
  EXPECT_TRUE(nq::is_solution(r.cols));
  int valid = 0;
  int invalid = 0;
  for (std::size_t a = 0; a < 40; ++a) {
    for (std::size_t b = a + 1; b < 40; b += 3) {
      std::vector<int> v = r.cols;
      std::swap(v[a], v[b]);  // still a permutation; a diagonal may now be shared
      EXPECT_EQ(nq::is_solution(v), pairwise_ok(v)) << a << ' ' << b;
      (pairwise_ok(v) ? valid : invalid) += 1;
      v = r.cols;
      v[a] = v[b];  // two queens on one column
      EXPECT_FALSE(nq::is_solution(v));
    }
  }
  EXPECT_GT(invalid, 0);
  std::vector<int> off = r.cols;
  off[3] = 40;
  EXPECT_FALSE(nq::is_solution(off));
  std::vector<int> negative = r.cols;
  negative[3] = -1;
  EXPECT_FALSE(nq::is_solution(negative));
}

}  // namespace
