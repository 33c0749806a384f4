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

// The trace checker, fed events by hand.
TEST(Conformance, MalformedTracesAreCaught) {
  const strings s = banned(2);
  using ev_node = bt::ev::node<strings>;
  using ev_assign = bt::ev::assign<strings>;
  using ev_backtrack = bt::ev::backtrack<strings>;
  {
    conf::trace_checker<strings> ok;
    ok.on(ev_node{0, s});
    ok.on(ev_assign{0, 1, s});
    ok.on(ev_node{1, s});
    ok.on(ev_backtrack{0, 1, s});
    EXPECT_EQ(ok.finish(bt::outcome::exhausted), "");
  }
  {
    conf::trace_checker<strings> wrong_value;
    wrong_value.on(ev_node{0, s});
    wrong_value.on(ev_assign{0, 1, s});
    wrong_value.on(ev_node{1, s});
    wrong_value.on(ev_backtrack{0, 0, s});
    EXPECT_NE(wrong_value.finish(bt::outcome::exhausted), "");
  }
  {
    conf::trace_checker<strings> wrong_depth;
    wrong_depth.on(ev_node{0, s});
    wrong_depth.on(ev_assign{0, 1, s});
    wrong_depth.on(ev_node{2, s});
    EXPECT_NE(wrong_depth.finish(bt::outcome::stopped), "");
  }
  {
    conf::trace_checker<strings> unclosed;
    unclosed.on(ev_node{0, s});
    unclosed.on(ev_assign{0, 1, s});
    unclosed.on(ev_node{1, s});
    EXPECT_NE(unclosed.finish(bt::outcome::exhausted), "");
    EXPECT_EQ(unclosed.finish(bt::outcome::stopped), "");  // a stop may leave the path open
  }
}

}  // namespace
