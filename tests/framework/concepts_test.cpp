// SPDX-License-Identifier: MIT
// Compile-time checks: which types model which concepts, and that every built-in visitor's
// hooks are really detected (a wrong signature would be skipped silently).
#include <gtest/gtest.h>

#include <bt/bt.hpp>

#include "toy.hpp"

namespace {

static_assert(bt::trail_problem<toy::strings> && !bt::copy_problem<toy::strings>);
static_assert(bt::copy_problem<toy::bits> && !bt::trail_problem<toy::bits>);
static_assert(bt::problem<toy::strings> && bt::problem<toy::bits>);
static_assert(bt::checks_values<toy::strings> && !bt::checks_values<toy::bits>);
static_assert(bt::checks_nodes<toy::exactly_k> && !bt::checks_nodes<toy::strings>);
static_assert(!bt::problem<int>);

using P = toy::strings;
static_assert(bt::visitor_for<bt::stats_visitor, bt::ev::node<P>>);
static_assert(bt::visitor_for<bt::stats_visitor, bt::ev::assign<P>>);
static_assert(bt::visitor_for<bt::stats_visitor, bt::ev::prune<P>>);
static_assert(bt::visitor_for<bt::stats_visitor, bt::ev::backtrack<P>>);
static_assert(bt::visitor_for<bt::stats_visitor, bt::ev::solution<P>>);
static_assert(bt::visitor_for<bt::limit_visitor, bt::ev::node<P>>);
static_assert(bt::visitor_for<bt::solution_counter, bt::ev::solution<P>>);
static_assert(bt::visitor_for<bt::solution_quota, bt::ev::solution<P>>);
static_assert(!bt::visitor_for<bt::null_visitor, bt::ev::node<P>>);
static_assert(std::ranges::input_range<bt::int_range>);
static_assert(std::ranges::input_range<bt::bit_range<unsigned>>);

struct wrong_signature {
  void on(bt::ev::node<P>&) {}  // non-const reference: not a hook
};
static_assert(!bt::visitor_for<wrong_signature, bt::ev::node<P>>);

TEST(Concepts, NullVisitorIsEmpty) { EXPECT_TRUE(std::is_empty_v<bt::null_visitor>); }

TEST(Concepts, BitRangeYieldsLowestBitFirst) {
  std::vector<unsigned> got;
  for (const unsigned b : bt::bit_range<unsigned>{0b101100U}) got.push_back(b);
  EXPECT_EQ(got, (std::vector<unsigned>{0b100U, 0b1000U, 0b100000U}));
}

}  // namespace
