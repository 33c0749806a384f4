// SPDX-License-Identifier: MIT
// The two CSP layers on the same problem: N-Queens as the binary model (bt/csp) and as the
// constraint layer's all-different model (bt/cp). Under every combination of the engine's
// switches they find the same solutions, and but for dom-wdeg (weights on arcs against weights
// on all-differents), mac (arc consistency on each pair's combined constraint is stronger than
// value consistency on three all-differents) and plain backtracking's dynamic orders (the
// binary layer's shadow domains) the same search, node for node.
#include <cstdint>
#include <memory>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include <bt/bt.hpp>
#include <bt/cp/solver.hpp>
#include <bt/problems/nqueens/cp_model.hpp>
#include <bt/problems/nqueens/csp.hpp>

#include "common/csp_run.hpp"

namespace {

namespace nq = bt::problems::nqueens;

struct cp_result {
  bt::stats stats;
  csp_test::solution_set solutions;
};

cp_result run_cp(const std::shared_ptr<const bt::cp::model>& m, const bt::cp::strategy& st) {
  bt::cp::solver s(m, st);
  s.count_inference(true);
  cp_result r;
  bt::stats_visitor sv{r.stats};
  auto sink = bt::solution_sink([&](const bt::cp::solver& state) {
    std::vector<int> v;
    for (const auto value : state.solution()) v.push_back(static_cast<int>(value) - 1);
    r.solutions.insert(v);
  });
  bt::search(s, bt::visitors(sv, sink));
  EXPECT_EQ(s.depth(), 0);
  return r;
}

std::vector<bt::csp::config> every_config() {
  std::vector<bt::csp::config> out;
  for (const auto v : bt::csp::all_var_orders) {
    for (const auto a : bt::csp::all_val_orders) {
      for (const auto i : bt::csp::all_inferences) {
        for (const auto j : bt::csp::all_jumps) out.push_back({v, a, i, j});
      }
    }
  }
  return out;
}

void compare_layers(int n, const std::vector<nq::queen>& placed) {
  const nq::row_domains d(n, placed);
  const nq::csp_model binary(d);
  const auto nary = nq::cp_model(d);
  for (const auto& c : every_config()) {
    const auto b = csp_test::run(binary, c);
    const auto a = run_cp(nary, bt::cp::from_config(c));
    const std::string what = "n = " + std::to_string(n) + " " + bt::csp::spec_of(c);
    ASSERT_EQ(a.solutions, b.solutions) << what;
    // Under mac the binary model revises each pair's combined constraint (column and both
    // diagonals at once), stronger than three all-differents' value consistency.
    const bool same_search =
        c.var != bt::csp::var_order::dom_wdeg && c.inf != bt::csp::inference::mac &&
        !(c.inf == bt::csp::inference::none &&
          (c.var != bt::csp::var_order::static_order || c.val == bt::csp::val_order::lcv));
    if (!same_search) continue;
    EXPECT_EQ(a.stats.nodes, b.stats.nodes) << what;
    EXPECT_EQ(a.stats.assigns, b.stats.assigns) << what;
    EXPECT_EQ(a.stats.prunes, b.stats.prunes) << what;
    EXPECT_EQ(a.stats.backtracks, b.stats.backtracks) << what;
    EXPECT_EQ(a.stats.solutions, b.stats.solutions) << what;
  }
}

TEST(CspLayers, QueensSearchNodeForNodeUnderEveryStrategy) {
  for (int n = 1; n <= 7; ++n) compare_layers(n, {});
}

TEST(CspLayers, QueensWithPlacedQueensToo) {
  compare_layers(6, {{1, 2}});
  compare_layers(7, {{0, 0}, {4, 2}});
}

TEST(CspLayers, TheConstraintLayerTakesLargeBoards) {
  // Where the binary model stops (64 columns a word), the constraint layer goes on.
  const nq::row_domains d(200, {});
  EXPECT_THROW(nq::csp_model{d}, nq::invalid_input);
  const auto m = nq::cp_model(d);
  bt::cp::solver s(m, *bt::cp::parse_strategy("mrv+fc"));
  std::vector<int> cols;
  bool found = false;
  auto sink = bt::solution_sink([&](const bt::cp::solver& state) {
    for (const auto v : state.solution()) cols.push_back(static_cast<int>(v) - 1);
    found = true;
  });
  bt::solution_quota quota{1, 0};
  bt::search(s, bt::visitors(sink, quota));
  ASSERT_TRUE(found);
  EXPECT_TRUE(nq::is_solution(cols));
}

}  // namespace
