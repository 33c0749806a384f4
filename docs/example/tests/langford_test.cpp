// SPDX-License-Identifier: MIT
// Langford through btsolve's conformance kit: known counts (OEIS A014552, both mirror images
// counted), every arrangement verifies, limits stop, traces nest, both orders agree.
#include <gtest/gtest.h>

#include <langford/langford.hpp>

#include <span>
#include <string>
#include <utility>
#include <vector>

#include <bt/csp.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace conf = bt::conformance;
using langford::order;
using langford::problem;

TEST(Langford, ConformsWithTheKnownCounts) {
  const std::pair<int, std::uint64_t> counts[] = {{3, 2}, {4, 2}, {5, 0}, {7, 52}, {8, 300}};
  for (const auto& c : counts) {
    const int n = c.first;  // not a structured binding: the lambda captures it (Clang 14)
    const std::uint64_t count = c.second;
    for (const order o : {order::largest_first, order::smallest_first}) {
      const auto verify = [n](const problem& p) { return langford::is_langford(p.row(), n); };
      EXPECT_TRUE(conf::conforms(problem(n, o), verify, count)) << "n = " << n;
    }
  }
}

TEST(Langford, BothOrdersFindTheSameArrangements) {
  const auto row = [](const problem& p, std::span<const int>) { return p.row(); };
  const std::vector<std::pair<std::string, std::vector<std::vector<int>>>> sets{
      {"largest first", conf::solution_set(problem(8, order::largest_first), row)},
      {"smallest first", conf::solution_set(problem(8, order::smallest_first), row)}};
  EXPECT_TRUE(conf::strategies_agree(sets));
}

// The CSP model, searched by the engine's strategies, finds the problem's arrangements.
TEST(Langford, TheCspModelFindsTheSameArrangements) {
  const auto row = [](const problem& p, std::span<const int>) { return p.row(); };
  std::vector<std::pair<std::string, std::vector<std::vector<int>>>> sets{
      {"largest first", conf::solution_set(problem(8, order::largest_first), row)}};
  const langford::csp_model model(8);
  const auto csp_row = [](const auto& solver, std::span<const int>) {
    std::vector<int> values(static_cast<std::size_t>(solver.variable_count()));
    for (int x = 0; x < solver.variable_count(); ++x) {
      values[static_cast<std::size_t>(x)] = solver.value_of(x);
    }
    return langford::csp_model::row(values);
  };
  for (const char* spec : {"bt", "mrv+fc", "dom-wdeg+mac+lcv", "mrv+fc+cbj"}) {
    const bt::csp::config c = *bt::csp::parse_spec(spec);
    bt::csp::dispatch(
        c, [&]<auto K>() {
          sets.emplace_back(
              spec, conf::solution_set(bt::csp::solver<langford::csp_model, K>(model, c), csp_row));
        });
  }
  EXPECT_EQ(sets.front().second.size(), 300U);
  EXPECT_TRUE(conf::strategies_agree(sets));
}

TEST(Langford, TheVerifierRejectsWrongRows) {
  const std::vector<int> good{2, 3, 1, 2, 1, 3};
  const std::vector<int> bad{1, 2, 1, 3, 2, 3};
  EXPECT_TRUE(langford::is_langford(good, 3));
  EXPECT_FALSE(langford::is_langford(bad, 3));
}

}  // namespace
