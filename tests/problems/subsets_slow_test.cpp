// SPDX-License-Identifier: MIT
// The one check too long for the default run: the textbook's SumOfSub on p3_n30_s102 enters
// 201 million nodes. Labelled slow (excluded by the test presets) and compiled with -O2.
#include <gtest/gtest.h>

#include <string>

#include <bt/bt.hpp>
#include <bt/problems/subsets/subsets.hpp>

namespace {

namespace ss = bt::problems::subsets;

TEST(SubsetsSlow, TextbookCountsP3N30) {
  const ss::instance inst =
      ss::read_instance_file(std::string(BT_TEST_DATA) + "/subset_sum/p3_n30_s102.txt");
  const ss::search_order o = ss::textbook_order(inst);
  ss::textbook p(o);
  bt::solution_counter c;
  bt::search(p, c);
  EXPECT_EQ(c.count, 255958U);  // answers.csv
}

}  // namespace
