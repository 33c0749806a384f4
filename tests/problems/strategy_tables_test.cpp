// SPDX-License-Identifier: MIT
// Each problem's strategy table (bt::strategy_row, names.hpp) is the one declaration of its
// strategies that every front end reads: its rows must be well formed, since nothing else
// repeats them to compare against.
#include <gtest/gtest.h>

#include <array>
#include <set>
#include <string>
#include <string_view>

#include <bt/problems/colouring/strategy.hpp>
#include <bt/problems/hamiltonian/strategy.hpp>
#include <bt/problems/knapsack/strategy.hpp>
#include <bt/problems/nqueens/strategy.hpp>
#include <bt/problems/subsets/strategy.hpp>
#include <bt/problems/tsp/strategy.hpp>

namespace {

// Names and values unique, each name a word the command line can type, a summary, something
// answered, a count never asked of a branch and bound, and the look-ups both ways agreeing.
template <class Table>
void expect_well_formed(const Table& table) {
  std::set<std::string_view> names;
  std::set<int> values;
  for (const auto& row : table) {
    SCOPED_TRACE(std::string(row.name));
    EXPECT_TRUE(names.insert(row.name).second) << "name listed twice";
    EXPECT_TRUE(values.insert(static_cast<int>(row.value)).second) << "value listed twice";
    EXPECT_FALSE(row.name.empty());
    EXPECT_EQ(row.name.find_first_of(" ,|="), std::string_view::npos);
    EXPECT_FALSE(row.summary.empty());
    EXPECT_NE(row.answers & bt::answers_every, 0U);
    EXPECT_EQ(row.answers & ~unsigned{bt::answers_every}, 0U);
    if (row.optimises) {
      EXPECT_EQ(row.answers & bt::answers_count, 0U);
    }
    EXPECT_EQ(bt::parse_name(table, row.name), row.value);
    EXPECT_EQ(bt::name_of(table, row.value), row.name);
  }
  EXPECT_FALSE(bt::parse_name(table, "no-such-strategy").has_value());
}

TEST(StrategyTables, EveryProblemsTableIsWellFormed) {
  expect_well_formed(bt::problems::nqueens::strategy_names);
  expect_well_formed(bt::problems::colouring::strategy_names);
  expect_well_formed(bt::problems::hamiltonian::strategy_names);
  expect_well_formed(bt::problems::subsets::strategy_names);
  expect_well_formed(bt::problems::knapsack::strategy_names);
  expect_well_formed(bt::problems::tsp::strategy_names);
}

// A value without a row has no name, rather than some other row's.
TEST(StrategyTables, AValueWithoutARowIsNamedByAQuestionMark) {
  constexpr std::array<bt::strategy_row<int>, 1> table = {{{1, "one", "the only row"}}};
  EXPECT_EQ(bt::name_of(table, 2), "?");
  EXPECT_EQ(bt::parse_name(table, "one"), 1);
}

}  // namespace
