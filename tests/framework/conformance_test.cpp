// SPDX-License-Identifier: MIT
// The conformance kit checks something: each check passes on the toy problem and fails on a
// fault planted for it (a wrong verifier, disagreeing strategies, a malformed trace).
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <utility>
#include <vector>

#include <bt/testing/conformance.hpp>

#include "toy.hpp"

namespace {

namespace conf = bt::conformance;
using toy::strings;

// No "11": the toy problem with its ban on, strings of length n.
strings banned(int n) { return strings{n, true, {}}; }

bool no_adjacent_ones(std::span<const int> v) {
  for (std::size_t i = 1; i < v.size(); ++i) {
    if (v[i] == 1 && v[i - 1] == 1) return false;
  }
  return true;
}

TEST(Conformance, ToyProblemConforms) {
  EXPECT_TRUE(conf::conforms(banned(6), no_adjacent_ones, 21));
}

TEST(Conformance, WrongVerifierOrCountFails) {
  EXPECT_FALSE(conf::solutions_verify(banned(6), [](std::span<const int> v) { return v[0] == 0; }));
  EXPECT_FALSE(conf::solutions_verify(banned(6), no_adjacent_ones, 20));
}

TEST(Conformance, FactoriesServeLikePrototypes) {
  EXPECT_TRUE(conf::conforms([] { return banned(5); }, no_adjacent_ones, 13));
  EXPECT_EQ(conf::solution_count([] { return banned(5); }), 13U);
}

TEST(Conformance, DisagreeingStrategiesFail) {
  using set = std::vector<std::vector<int>>;
  const std::vector<std::pair<std::string, set>> same{{"a", conf::solution_set(banned(4))},
                                                      {"b", conf::solution_set(banned(4))}};
  EXPECT_TRUE(conf::strategies_agree(same));
  const std::vector<std::pair<std::string, set>> differ{{"a", conf::solution_set(banned(4))},
                                                        {"b", conf::solution_set(banned(4), 3)}};
  EXPECT_FALSE(conf::strategies_agree(differ));
}

TEST(Conformance, LimitsNeedATreeToStop) {
  EXPECT_TRUE(conf::limits_stop(banned(3)));
  EXPECT_FALSE(conf::limits_stop(banned(0)));  // the root alone is a solution
}

// A trace checker fed `events`, in order.
template <class... E>
conf::trace_checker<strings> fed(const E&... events) {
  conf::trace_checker<strings> c;
  (c.on(events), ...);
  return c;
}

// The trace checker, fed events by hand.
TEST(Conformance, MalformedTracesAreCaught) {
  const strings s = banned(2);
  const bt::ev::node<strings> root{0, s}, child{1, s}, grandchild{2, s};
  const bt::ev::assign<strings> take_1{0, 1, s};
  EXPECT_EQ(
      fed(root, take_1, child, bt::ev::backtrack<strings>{0, 1, s}).finish(bt::outcome::exhausted),
      "");
  // The backtrack names another value than the assign.
  EXPECT_NE(
      fed(root, take_1, child, bt::ev::backtrack<strings>{0, 0, s}).finish(bt::outcome::exhausted),
      "");
  // The node after the assign is two levels down.
  EXPECT_NE(fed(root, take_1, grandchild).finish(bt::outcome::stopped), "");
  auto unclosed = fed(root, take_1, child);
  EXPECT_NE(unclosed.finish(bt::outcome::exhausted), "");
  EXPECT_EQ(unclosed.finish(bt::outcome::stopped), "");  // a stop may leave the path open
}

}  // namespace
