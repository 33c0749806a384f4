// SPDX-License-Identifier: MIT
// Knuth's estimator: exact on a uniform tree, unbiased (its mean converges to the node count).
#include <gtest/gtest.h>

#include <bt/bt.hpp>
#include <bt/estimate.hpp>

#include "toy.hpp"

namespace {

// The true node count: every node the engine enters when it explores the whole tree.
template <class P>
std::uint64_t true_nodes(P p) {
  bt::stats s;
  bt::search(p, bt::stats_visitor{s});
  return s.nodes;
}

TEST(Estimate, ExactOnAUniformTree) {
  toy::strings trail{5, false, {}};  // binary tree of depth 5: 1 + 2 + ... + 32 = 63 nodes
  toy::bits copy{5, 0, 0};
  ASSERT_EQ(true_nodes(trail), 63U);
  for (const std::uint64_t seed : {1U, 2U, 99U}) {
    const auto e = bt::estimate_tree_size(trail, 7, seed);
    EXPECT_DOUBLE_EQ(e.nodes, 63.0);
    EXPECT_DOUBLE_EQ(e.std_error, 0.0);
    EXPECT_EQ(e.probes, 7U);
    EXPECT_DOUBLE_EQ(bt::estimate_tree_size(copy, 3, seed).nodes, 63.0);
  }
  EXPECT_TRUE(trail.s.empty()) << "a trail problem is left as given";
}

TEST(Estimate, MeanConvergesToTheNodeCount) {
  // No two adjacent ones: an uneven tree (Fibonacci-shaped), so single probes differ.
  toy::strings p{12, true, {}};
  const double truth = static_cast<double>(true_nodes(p));
  const auto e = bt::estimate_tree_size(p, 30000, 7);
  EXPECT_GT(e.std_error, 0.0);
  EXPECT_NEAR(e.nodes, truth, 0.04 * truth) << "std error " << e.std_error;
  EXPECT_NEAR(e.nodes, truth, 5 * e.std_error);
}

TEST(Estimate, PromisingPrunesTheWalk) {
  // A node refused by promising() is a leaf: it is counted but not expanded.
  toy::exactly_k p{6, 2, {}};
  const double truth = static_cast<double>(true_nodes(p));
  const auto e = bt::estimate_tree_size(p, 30000, 3);
  EXPECT_NEAR(e.nodes, truth, 0.04 * truth);
}

TEST(Estimate, SameSeedSameEstimate) {
  toy::strings p{10, true, {}};
  EXPECT_DOUBLE_EQ(bt::estimate_tree_size(p, 50, 5).nodes, bt::estimate_tree_size(p, 50, 5).nodes);
  EXPECT_EQ(bt::estimate_tree_size(p, 0, 5).probes, 1U);
}

TEST(Estimate, StopEndsTheProbesEarly) {
  // 2^64 - 1 probes asked, a stop after the fifth: the estimate is the mean of five probes,
  // the same as asking for five.
  toy::strings p{10, true, {}};
  int asked = 0;
  const auto e = bt::estimate_tree_size(p, ~std::size_t{0}, 5, [&] { return ++asked == 5; });
  EXPECT_EQ(e.probes, 5U);
  EXPECT_EQ(asked, 5);
  EXPECT_DOUBLE_EQ(e.nodes, bt::estimate_tree_size(p, 5, 5).nodes);
}

}  // namespace
