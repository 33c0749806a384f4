// SPDX-License-Identifier: MIT
// Graph colouring through the conformance kit: proper colourings only, limits and traces, and
// textbook's labelled colourings equal dsatur's canonical ones with their renamings.
#include <gtest/gtest.h>

#include <algorithm>
#include <span>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/problems/colouring/colouring.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace col = bt::problems::colouring;
namespace gr = bt::problems::graph;
namespace conf = bt::conformance;

using colouring = std::vector<int>;

struct instance {
  gr::graph g;
  int m;
};

std::vector<instance> instances() {
  std::vector<instance> out;
  out.push_back({gr::make_graph(gr::petersen()), 3});
  out.push_back({gr::make_graph(gr::mycielski(2)), 3});  // C5
  out.push_back({gr::make_graph(gr::edge_list{4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {2, 3}}}), 3});
  return out;
}

TEST(ColouringConformance, EveryStrategyConforms) {
  for (const instance& c : instances()) {
    const col::adjacency a(c.g);
    for (const auto s : col::all_strategies) {
      col::with_strategy(s, a, c.m, {}, [&](auto& p) {
        using P = std::remove_cvref_t<decltype(p)>;
        const auto verify = [&](const P& state) {
          return col::is_proper(c.g, state.colours(), c.m);
        };
        EXPECT_TRUE(conf::conforms(p, verify)) << col::name(s);
      });
    }
  }
}

TEST(ColouringConformance, StrategiesAgreeOnTheLabelledColourings) {
  for (const instance& c : instances()) {
    const col::adjacency a(c.g);
    std::vector<std::pair<std::string, std::vector<colouring>>> sets;
    for (const auto s : col::all_strategies) {
      col::with_strategy(s, a, c.m, {}, [&](auto& p) {
        using P = std::remove_cvref_t<decltype(p)>;
        const auto labelled = conf::solution_set(p, [&](const P& state, std::span<const int>) {
          std::vector<colouring> all;
          col::for_each_colouring(state, c.m, [&](std::span<const int> x) {
            all.emplace_back(x.begin(), x.end());
            return bt::flow::go_on;
          });
          return all;
        });
        std::vector<colouring> flat;
        for (const auto& group : labelled) flat.insert(flat.end(), group.begin(), group.end());
        std::sort(flat.begin(), flat.end());
        sets.emplace_back(std::string(col::name(s)), std::move(flat));
      });
    }
    EXPECT_TRUE(conf::strategies_agree(sets));
  }
}

}  // namespace
