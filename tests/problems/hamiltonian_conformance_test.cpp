// SPDX-License-Identifier: MIT
// Hamiltonian cycles through the conformance kit: every reported cycle passes check_cycle,
// limits and traces, and both strategies find the same cycles.
#include <gtest/gtest.h>

#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/problems/graph/generators.hpp>
#include <bt/problems/hamiltonian/hamiltonian.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace hc = bt::problems::hamiltonian;
namespace gr = bt::problems::graph;
namespace conf = bt::conformance;

// The cycle of a solution state (every strategy gives it, whatever its values are), written
// under the uniqueness rule.
template <class P>
hc::cycle cycle_of(const P& state) {
  return hc::canonical(state.solution());
}

TEST(HamiltonianConformance, EveryStrategyConforms) {
  const std::pair<gr::edge_list, std::uint64_t> cases[] = {
      {gr::hypercube(3), 6}, {gr::dodecahedron(), 30}, {gr::petersen(), 0}};
  for (const auto& kase : cases) {
    const gr::edge_list& edges = kase.first;  // not a structured binding: lambdas capture it
    const std::uint64_t cycles = kase.second;
    const hc::instance g = hc::make_instance(edges);
    for (const auto s : hc::tree_strategies) {
      hc::with_strategy(s, g, [&](auto& p) {
        using P = std::remove_cvref_t<decltype(p)>;
        const auto make = [&] { return P(g); };  // pruned cannot be copied: a factory
        const auto verify = [&](const P& state) {
          return hc::check_cycle(g, cycle_of(state)).empty();
        };
        EXPECT_TRUE(conf::conforms(make, verify, cycles)) << hc::name(s);
      });
    }
  }
}

TEST(HamiltonianConformance, StrategiesAgreeOnTheCycles) {
  for (const gr::edge_list& edges : {gr::hypercube(3), gr::dodecahedron(), gr::hypercube(4)}) {
    const hc::instance g = hc::make_instance(edges);
    std::vector<std::pair<std::string, std::vector<hc::cycle>>> sets;
    for (const auto s : hc::tree_strategies) {
      hc::with_strategy(s, g, [&](auto& p) {
        using P = std::remove_cvref_t<decltype(p)>;
        const auto make = [&] { return P(g); };
        sets.emplace_back(
            std::string(hc::name(s)),
            conf::solution_set(make, [](const P& state, auto) { return cycle_of(state); }));
      });
    }
    EXPECT_TRUE(conf::strategies_agree(sets));
  }
}

}  // namespace
