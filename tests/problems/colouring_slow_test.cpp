// SPDX-License-Identifier: MIT
// The chromatic numbers that take seconds in a sanitizer build (label `slow`, not run by default).
#include <gtest/gtest.h>

#include "colouring_common.hpp"

namespace {

using namespace colouring_test;

TEST(ChromaticSlow, SlowInstancesAreProven) {
  for (const auto& name : slow_instances()) {
    const auto g = load(name);
    const auto r = chromatic(g);
    EXPECT_TRUE(r.result.optimal()) << name;
    EXPECT_EQ(r.result.upper, answers().at(name)) << name;
    EXPECT_TRUE(col::is_proper(g, r.result.colouring, r.result.upper)) << name;
  }
}

TEST(ChromaticSlow, TextbookDecisionSearchOnQueen6) {
  const auto g = load("queen6_6");
  const auto r = chromatic(g, col::strategy::textbook);
  EXPECT_TRUE(r.result.optimal());
  EXPECT_EQ(r.result.upper, 7);
}

}  // namespace
