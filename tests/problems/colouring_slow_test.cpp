// SPDX-License-Identifier: MIT
// Chromatic numbers that take long, queen9_9 above all (label `slow`, not run by default).
#include <gtest/gtest.h>

#include <bt/problems/graph/generators.hpp>

#include "colouring_common.hpp"

namespace {

using namespace colouring_test;

TEST(ChromaticSlow, SlowInstancesAreProven) {  // whatever slow_instances() lists
  for (const auto& name : slow_instances()) {
    const auto g = load(name);
    const auto r = chromatic(g);
    EXPECT_TRUE(r.result.optimal()) << name;
    EXPECT_EQ(r.result.upper, answers().at(name)) << name;
    EXPECT_TRUE(col::is_proper(g, r.result.colouring, r.result.upper)) << name;
  }
}

TEST(ChromaticSlow, Queen9x9NeedsTen) {
  // About 10^7 nodes of the branch and bound: seconds in Release, minutes under the sanitizers.
  const auto g = gr::make_graph(gr::queen_graph(9, 9));
  const auto r = chromatic(g);
  EXPECT_TRUE(r.result.optimal());
  EXPECT_EQ(r.result.lower, 10);
  EXPECT_TRUE(col::is_proper(g, r.result.colouring, 10));
}

TEST(ChromaticSlow, TextbookDecisionSearchOnQueen6) {
  const auto g = load("queen6_6");
  const auto r = chromatic(g, col::strategy::textbook);
  EXPECT_TRUE(r.result.optimal());
  EXPECT_EQ(r.result.upper, 7);
}

}  // namespace
