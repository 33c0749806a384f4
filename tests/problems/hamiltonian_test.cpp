// SPDX-License-Identifier: MIT
// Hamiltonian cycles: the textbook examples with their known cycles, counts against
// cycle_counts.csv, the three strategies cross-checked cycle for cycle, the cycle check, the
// quick proofs of non-existence, and the HCP reader on malformed files.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <random>
#include <span>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>
#include <bt/problems/hamiltonian/hamiltonian.hpp>

#include "common/thrown.hpp"

namespace {

namespace gr = bt::problems::graph;
namespace hc = bt::problems::hamiltonian;

const std::string data = std::string(BT_TEST_DATA) + "/hamiltonian/";

hc::instance load(const std::string& name) {
  return hc::make_instance(gr::read_graph_file(data + name + ".hcp").edges);
}

// 1-based edge list, as the books draw them.
[[maybe_unused]] hc::instance from_edges(std::size_t n, std::vector<std::pair<int, int>> edges) {
  gr::edge_list e{n, {}};
  for (const auto& [u, v] : edges) {
    e.edges.emplace_back(static_cast<gr::vertex>(u - 1), static_cast<gr::vertex>(v - 1));
  }
  return hc::make_instance(e);
}

// G(n, p): each pair an edge with probability p.
[[maybe_unused]] hc::instance random_graph(std::mt19937& rng, std::size_t n, double p) {
  gr::edge_list e{n, {}};
  std::uniform_real_distribution<double> coin(0.0, 1.0);
  for (gr::vertex u = 0; u < n; ++u)
    for (gr::vertex v = u + 1; v < n; ++v)
      if (coin(rng) < p) e.edges.emplace_back(u, v);
  return hc::make_instance(e);
}

std::string text(const hc::cycle& c) {
  std::string s;
  for (const auto v : c) s += (s.empty() ? "" : " ") + std::to_string(v + 1);
  return s;
}

struct outcome {
  std::vector<hc::cycle> cycles;  // in the order found
  bt::stats stats;
  bool exhausted = true;
};

// Search g with strategy s, up to `wanted` cycles (0: all); every cycle must pass the check.
outcome search(const hc::instance& g, hc::strategy s, std::uint64_t wanted = 0,
               std::uint64_t max_nodes = 0, hc::run_plan plan = {}) {
  outcome out;
  hc::with_strategy(
      s, g,
      [&](auto& p) {
        using P = std::remove_reference_t<decltype(p)>;
        auto sink = bt::make_assignment_visitor<P>([&](std::span<const typename P::value_type> v) {
          const hc::cycle c = p.solution();
          if constexpr (!std::is_same_v<P, hc::propagate>) {
            EXPECT_EQ(hc::cycle_of_values(v), c);  // the path strategies' values are the cycle
          }
          EXPECT_EQ(hc::check_cycle(g, c), "") << text(c);
          EXPECT_EQ(hc::canonical(c), c);
          out.cycles.push_back(c);
        });
        bt::stats_visitor st{out.stats};
        bt::limit_visitor lim(max_nodes, std::nullopt);
        bt::solution_quota quota{wanted, 0};
        out.exhausted = bt::search(p, bt::visitors(lim, st, sink, quota)) == bt::outcome::exhausted;
      },
      plan);
  return out;
}

[[maybe_unused]] std::vector<hc::cycle> sorted(std::vector<hc::cycle> v) {
  std::sort(v.begin(), v.end());
  return v;
}

[[maybe_unused]] std::map<std::string, std::string> known_counts() {
  std::ifstream in(data + "cycle_counts.csv");
  std::map<std::string, std::string> m;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    const auto a = line.find(',');
    const auto b = line.find(',', a + 1);
    m[line.substr(0, a)] = line.substr(a + 1, b - a - 1);
  }
  return m;
}

[[maybe_unused]] void expect_count(const std::string& name, hc::strategy s) {
  const auto counts = known_counts();
  ASSERT_TRUE(counts.count(name)) << name;
  const auto r = search(load(name), s);
  EXPECT_TRUE(r.exhausted);
  EXPECT_EQ(std::to_string(r.cycles.size()), counts.at(name)) << name << " " << hc::name(s);
}

// The SAT strategy on g: the result, and the cycle found, which must pass the check and be
// written by the uniqueness rule.
[[maybe_unused]] std::pair<hc::sat_search::result, hc::cycle> sat(const hc::instance& g,
                                                                  std::uint64_t calls = 0) {
  hc::sat_search s(g);
  const auto r = s.run(calls, [] { return bt::flow::go_on; });
  if (r != hc::sat_search::result::found) return {r, {}};
  const hc::cycle c = s.solution();
  EXPECT_EQ(hc::check_cycle(g, c), "") << text(c);
  EXPECT_EQ(hc::canonical(c), c);
  return {r, c};
}

// A cycle of n vertices numbered around it: its one Hamiltonian cycle is 1 2 ... n 1.
[[maybe_unused]] hc::instance cycle_graph(std::size_t n) {
  gr::edge_list e{n, {}};
  for (std::size_t i = 0; i < n; ++i) {
    e.edges.emplace_back(static_cast<gr::vertex>(i), static_cast<gr::vertex>((i + 1) % n));
  }
  return hc::make_instance(e);
}

#ifndef BT_SLOW_TESTS  // the default run

// Horowitz-Sahni / UVa 775 sample 1: the only cycle is 1 2 4 3 1.
TEST(HamiltonianTextbook, SmallExampleHasItsKnownCycle) {
  const auto g = from_edges(4, {{1, 2}, {2, 3}, {2, 4}, {3, 4}, {3, 1}});
  for (const auto s : hc::tree_strategies) {
    const auto r = search(g, s);
    ASSERT_EQ(r.cycles.size(), 1U) << hc::name(s);
    EXPECT_EQ(text(r.cycles[0]), "1 2 4 3 1");
  }
}

// UVa 775 sample 2 (the envelope): NextValue's increasing order meets 1 2 3 4 5 6 1 first,
// and the graph has 3 cycles.
TEST(HamiltonianTextbook, EnvelopeFirstCycleInNextValueOrder) {
  const auto g =
      from_edges(6, {{1, 2}, {1, 3}, {1, 6}, {3, 2}, {3, 4}, {5, 2}, {5, 4}, {6, 5}, {6, 4}});
  const auto first = search(g, hc::strategy::textbook, 1);
  ASSERT_EQ(first.cycles.size(), 1U);
  EXPECT_EQ(text(first.cycles[0]), "1 2 3 4 5 6 1");
  EXPECT_EQ(search(g, hc::strategy::textbook).cycles.size(), 3U);
  EXPECT_EQ(search(g, hc::strategy::pruned).cycles.size(), 3U);
}

// The classic 5-vertex example: cycle 1 2 3 5 4 1; without edge {4,5} there is none.
TEST(HamiltonianTextbook, FiveVertexExampleAndItsCycleFreeVariant) {
  const auto g = from_edges(5, {{1, 2}, {1, 4}, {2, 3}, {2, 4}, {2, 5}, {3, 5}, {4, 5}});
  EXPECT_EQ(text(search(g, hc::strategy::textbook, 1).cycles.at(0)), "1 2 3 5 4 1");
  const auto h = from_edges(5, {{1, 2}, {1, 4}, {2, 3}, {2, 4}, {2, 5}, {3, 5}});
  for (const auto s : hc::tree_strategies) {
    const auto r = search(h, s);
    EXPECT_TRUE(r.cycles.empty()) << hc::name(s);
    EXPECT_TRUE(r.exhausted);
  }
  EXPECT_EQ(hc::find_obstruction(h), "vertex 2 is a cut vertex: removing it disconnects the graph");
}

// The textbook tests every vertex at every node it expands: n checks per expanded node.
TEST(HamiltonianTextbook, NextValueTestsEveryVertex) {
  const auto g = load("k4");
  const auto r = search(g, hc::strategy::textbook);
  EXPECT_EQ(r.cycles.size(), 3U);
  // Root, x2, x3, and x4 only above x2 (the direction rule): 3 of the 6 full paths.
  EXPECT_EQ(r.stats.nodes, 1U + 3U + 6U + 3U);
  EXPECT_EQ(r.stats.checks, 4U * (1U + 3U + 6U));
  EXPECT_EQ(r.stats.solutions, 3U);
}

TEST(HamiltonianCounts, SmallGraphsBothStrategies) {
  for (const char* name :
       {"k4", "envelope6", "bowtie5", "cube_q3", "petersen", "hypercube_q4", "dodecahedron"}) {
    for (const auto s : hc::tree_strategies) expect_count(name, s);
  }
}

TEST(HamiltonianCounts, LargerGraphsPruned) {
  for (const char* name : {"knight6x6", "fhcpcs_graph1", "fhcpcs_graph2", "fhcpcs_graph3"}) {
    expect_count(name, hc::strategy::pruned);
  }
}

TEST(HamiltonianCounts, LargerGraphsPropagate) {
  for (const char* name : {"knight6x6", "fhcpcs_graph1", "fhcpcs_graph2", "fhcpcs_graph3"}) {
    expect_count(name, hc::strategy::propagate);
  }
}

TEST(HamiltonianCounts, GeneratorsMatchTheFiles) {
  EXPECT_EQ(search(hc::make_instance(gr::dodecahedron()), hc::strategy::pruned).cycles.size(), 30U);
  EXPECT_EQ(search(hc::make_instance(gr::hypercube(3)), hc::strategy::pruned).cycles.size(), 6U);
  EXPECT_EQ(search(hc::make_instance(gr::petersen()), hc::strategy::pruned).cycles.size(), 0U);
}

// Complete graphs have (n-1)!/2 cycles: the direction rule halves the (n-1)! paths.
TEST(HamiltonianCounts, CompleteGraphs) {
  std::uint64_t expected = 1;
  for (std::size_t n = 3; n <= 8; ++n) {
    if (n > 3) expected *= n - 1;
    gr::edge_list e{n, {}};
    for (gr::vertex u = 0; u < n; ++u)
      for (gr::vertex v = u + 1; v < n; ++v) e.edges.emplace_back(u, v);
    const auto g = hc::make_instance(e);
    for (const auto s : hc::tree_strategies) {
      EXPECT_EQ(search(g, s).cycles.size(), expected) << "K" << n << " " << hc::name(s);
    }
  }
}

// The same cycles, in every graph: random graphs of several densities, and the files.
TEST(HamiltonianCrossCheck, StrategiesFindTheSameCycles) {
  std::mt19937 rng(20240601);
  for (int round = 0; round < 60; ++round) {
    const std::size_t n = 5 + static_cast<std::size_t>(round % 5);
    const double p = 0.3 + 0.1 * (round % 5);
    const auto g = random_graph(rng, n, p);
    const auto a = sorted(search(g, hc::strategy::textbook).cycles);
    const auto b = sorted(search(g, hc::strategy::pruned).cycles);
    EXPECT_EQ(a, b) << "round " << round;
    EXPECT_EQ(a, sorted(search(g, hc::strategy::propagate).cycles)) << "round " << round;
    // With restarts (a tiny budget, so runs are cut off) the first cycle exists iff any does.
    const hc::run_plan restarts{true, 7, 6, 1};
    const auto first = search(g, hc::strategy::propagate, 1, 0, restarts);
    EXPECT_EQ(first.cycles.size(), a.empty() ? 0U : 1U) << "round " << round;
    EXPECT_EQ(first.exhausted, a.empty()) << "round " << round;
    EXPECT_EQ(std::adjacent_find(a.begin(), a.end()), a.end());
    if (a.empty()) continue;
    EXPECT_EQ(hc::find_obstruction(g), std::nullopt);
  }
  for (const char* name : {"envelope6", "cube_q3", "hypercube_q4", "dodecahedron"}) {
    const auto g = load(name);
    const auto a = sorted(search(g, hc::strategy::textbook).cycles);
    EXPECT_EQ(a, sorted(search(g, hc::strategy::pruned).cycles)) << name;
    EXPECT_EQ(a, sorted(search(g, hc::strategy::propagate).cycles)) << name;
  }
}

// Branching on edges at the most constrained vertex: graph4, which takes the pruned path
// search 4.7 million nodes, falls in a few dozen, with or without restarts.
TEST(HamiltonianPropagate, FindsGraph4InFewNodes) {
  const auto g = load("fhcpcs_graph4");
  for (const bool restarts : {false, true}) {
    const auto r = search(g, hc::strategy::propagate, 1, 1000, hc::run_plan{restarts, 1, 4096, 0});
    EXPECT_EQ(r.cycles.size(), 1U) << restarts;
    EXPECT_LT(r.stats.nodes, 100U) << restarts;
  }
}

// A run that ends within its budget proves there is no cycle: the other runs are skipped.
TEST(HamiltonianPropagate, RestartsStopAtAProof) {
  const auto g = load("petersen");
  const auto once = search(g, hc::strategy::propagate);
  const auto runs = search(g, hc::strategy::propagate, 1, 0, hc::run_plan{true, 1, 4096, 0});
  EXPECT_TRUE(runs.cycles.empty());
  EXPECT_TRUE(runs.exhausted);
  EXPECT_EQ(runs.stats.nodes, once.stats.nodes + 1);  // the run is one more level
  // With a budget too small for the proof, the last run (no budget) still proves it.
  const auto cut = search(g, hc::strategy::propagate, 1, 0, hc::run_plan{true, 3, 5, 1});
  EXPECT_TRUE(cut.cycles.empty());
  EXPECT_TRUE(cut.exhausted);
  EXPECT_GT(cut.stats.nodes, runs.stats.nodes);
}

TEST(HamiltonianPropagate, StopsAtANodeLimit) {
  const auto r = search(load("knight6x6"), hc::strategy::propagate, 0, 100);
  EXPECT_FALSE(r.exhausted);
  EXPECT_EQ(r.stats.nodes, 101U);
}

// K(a, b), a < b: 2-connected, every degree at least a, and no cycle since the sides differ.
hc::instance complete_bipartite(std::size_t a, std::size_t b) {
  gr::edge_list e{a + b, {}};
  for (gr::vertex u = 0; u < a; ++u)
    for (gr::vertex v = 0; v < b; ++v) e.edges.emplace_back(u, static_cast<gr::vertex>(a + v));
  return hc::make_instance(e);
}

// The cycle cover is checked at the root: no perfect matching of K(3, 4)'s double cover
// (four "in" slots of the larger side, three "out" choosers to fill them); K(3, 3) has one.
TEST(HamiltonianCycleCover, NoPerfectMatchingIsADeadEnd) {
  for (const auto& [a, b, covered] : {std::tuple{3U, 4U, false}, std::tuple{3U, 3U, true}}) {
    const auto g = complete_bipartite(a, b);
    hc::edge_states s(g);
    ASSERT_TRUE(s.propagate());
    ASSERT_TRUE(s.biconnected());
    hc::cycle_cover c(g);
    EXPECT_EQ(c.filter(s), covered) << a << " " << b;
    if (covered) {
      EXPECT_EQ(c.removed(), 0U);  // every edge of K(3, 3) is on a cycle
    }
  }
}

// K(3, 3) plus the edge {1, 2} inside a side: a cycle through it would need an edge inside
// the other side, so no perfect matching uses it either way; the filter deletes it, and
// the degree rules alone do not (degrees 4, 4, 3, 3, 3, 3).
TEST(HamiltonianCycleCover, DeletesAnEdgeOnNoCycle) {
  const auto g = from_edges(
      6, {{1, 2}, {1, 4}, {1, 5}, {1, 6}, {2, 4}, {2, 5}, {2, 6}, {3, 4}, {3, 5}, {3, 6}});
  hc::edge_states s(g);
  ASSERT_TRUE(s.propagate());
  hc::cycle_cover c(g);
  ASSERT_TRUE(c.filter(s));
  EXPECT_EQ(c.removed(), 1U);
  EXPECT_EQ(s.status(s.edge_id(0, 1)), hc::edge_states::deleted);
  EXPECT_TRUE(s.propagate());
  hc::run_plan cover;
  cover.cover = true;
  EXPECT_EQ(search(g, hc::strategy::propagate, 0, 0, cover).cycles.size(), 6U);
  EXPECT_EQ(search(g, hc::strategy::propagate).cycles.size(), 6U);
}

// The filter prunes: K(4, 5) is refuted at the root with it, by search without it.
TEST(HamiltonianCycleCover, PrunesTheSearch) {
  const auto g = complete_bipartite(4, 5);
  hc::run_plan cover;
  cover.cover = true;
  const auto with = search(g, hc::strategy::propagate, 0, 0, cover);
  const auto without = search(g, hc::strategy::propagate);
  EXPECT_TRUE(with.cycles.empty());
  EXPECT_TRUE(without.cycles.empty());
  EXPECT_TRUE(with.exhausted);
  EXPECT_EQ(with.stats.nodes, 1U);  // the root only
  EXPECT_GT(without.stats.nodes, 10U);
}

// With and without the filter the same cycles, in random graphs dense enough to branch.
TEST(HamiltonianCycleCover, KeepsEveryCycle) {
  std::mt19937 rng(20261122);
  hc::run_plan cover;
  cover.cover = true;
  for (int round = 0; round < 40; ++round) {
    const std::size_t n = 7 + static_cast<std::size_t>(round % 4);
    const auto g = random_graph(rng, n, 0.45);
    const auto with = search(g, hc::strategy::propagate, 0, 0, cover);
    EXPECT_EQ(sorted(with.cycles), sorted(search(g, hc::strategy::propagate).cycles))
        << "round " << round;
    EXPECT_EQ(sorted(with.cycles), sorted(search(g, hc::strategy::pruned).cycles))
        << "round " << round;
  }
}

TEST(HamiltonianPruned, FindsCyclesInChallengeGraphs) {
  for (const char* name : {"fhcpcs_graph1", "fhcpcs_graph2", "fhcpcs_graph3", "fhcpcs_graph21"}) {
    const auto r = search(load(name), hc::strategy::pruned, 1);
    EXPECT_EQ(r.cycles.size(), 1U) << name;
  }
}

TEST(HamiltonianPruned, ForcedEdgesAndDeadEndsPruneThePetersenGraph) {
  const auto g = load("petersen");
  const auto t = search(g, hc::strategy::textbook);
  const auto p = search(g, hc::strategy::pruned);
  EXPECT_TRUE(t.cycles.empty());
  EXPECT_TRUE(p.cycles.empty());
  EXPECT_LT(p.stats.nodes * 10, t.stats.nodes);
}

TEST(HamiltonianPruned, StopsAtANodeLimit) {
  const auto r = search(load("knight6x6"), hc::strategy::pruned, 0, 100);
  EXPECT_FALSE(r.exhausted);
  EXPECT_EQ(r.stats.nodes, 101U);  // the node over the limit is entered, then stops the search
}

TEST(HamiltonianPruned, TinyGraphsHaveNoCycle) {
  for (std::size_t n = 1; n <= 2; ++n) {
    gr::edge_list e{n, {}};
    if (n == 2) e.edges.emplace_back(0, 1);
    const auto g = hc::make_instance(e);
    for (const auto s : hc::tree_strategies) {
      EXPECT_TRUE(search(g, s).cycles.empty()) << n << " " << hc::name(s);
    }
  }
  EXPECT_EQ(search(from_edges(3, {{1, 2}, {2, 3}, {3, 1}}), hc::strategy::pruned).cycles.size(),
            1U);
}

TEST(HamiltonianCycle, CheckNamesWhatIsWrong) {
  const auto g = load("k4");
  EXPECT_EQ(hc::check_cycle(g, {0, 1, 2, 3, 0}), "");
  EXPECT_EQ(hc::check_cycle(g, {0, 1, 2, 0}), "the sequence has 4 vertices, not 5");
  EXPECT_EQ(hc::check_cycle(g, {1, 0, 2, 3, 1}), "the sequence does not start and end at vertex 1");
  EXPECT_EQ(hc::check_cycle(g, {0, 1, 1, 3, 0}), "vertex 2 is visited twice");
  EXPECT_EQ(hc::check_cycle(g, {0, 3, 2, 1, 0}),
            "the second vertex is larger than the last-but-one (the reverse is reported)");
  const auto c4 = from_edges(4, {{1, 2}, {2, 3}, {3, 4}, {4, 1}});
  EXPECT_EQ(hc::check_cycle(c4, {0, 2, 1, 3, 0}), "{1, 3} is not an edge");
  EXPECT_EQ(hc::canonical({2, 3, 0, 1, 2}), (hc::cycle{0, 1, 2, 3, 0}));
  EXPECT_EQ(hc::canonical({3, 2, 1, 0, 3}), (hc::cycle{0, 1, 2, 3, 0}));
}

TEST(HamiltonianCycle, ReversedIsTheOtherDirection) {
  const auto g = load("k4");
  EXPECT_EQ(hc::reversed({0, 1, 2, 3, 0}), (hc::cycle{0, 3, 2, 1, 0}));
  EXPECT_NE(hc::check_cycle(g, {0, 3, 2, 1, 0}), "");
  EXPECT_EQ(hc::check_cycle(g, {0, 3, 2, 1, 0}, false), "");
  EXPECT_EQ(hc::check_cycle(g, {0, 3, 1, 1, 0}, false), "vertex 2 is visited twice");
}

// --both-directions: the textbook without the direction rule lists every cycle both ways, in
// NextValue's (lexicographic) order, twice the counts of cycle_counts.csv.
TEST(HamiltonianTextbook, BothDirectionsListsEachCycleAndItsReverse) {
  for (const std::string name : {"k4", "envelope6", "cube_q3", "dodecahedron"}) {
    const auto g = load(name);
    hc::textbook both(g, true);
    std::vector<hc::cycle> found;
    auto sink = bt::make_assignment_visitor<hc::textbook>([&](std::span<const int>) {
      const hc::cycle c = both.solution();
      EXPECT_EQ(hc::check_cycle(g, c, false), "") << text(c);
      found.push_back(c);
    });
    EXPECT_EQ(bt::search(both, sink), bt::outcome::exhausted) << name;
    EXPECT_TRUE(std::is_sorted(found.begin(), found.end())) << name;
    std::vector<hc::cycle> expected;
    for (const auto& c : search(g, hc::strategy::textbook).cycles) {
      expected.push_back(c);
      expected.push_back(hc::reversed(c));
    }
    EXPECT_EQ(found, sorted(expected)) << name;
  }
}

// A graph with names (issue 31) is refuted in them.
TEST(HamiltonianObstruction, NamesTheVertices) {
  const std::vector<std::string> names{"A", "B", "C", "D", "E", "F"};
  EXPECT_EQ(hc::find_obstruction(from_edges(4, {{1, 2}, {2, 3}, {3, 1}, {3, 4}}), &names),
            "D has degree 1 (a cycle needs 2)");
  EXPECT_EQ(
      hc::find_obstruction(from_edges(6, {{1, 2}, {2, 3}, {3, 1}, {4, 5}, {5, 6}, {6, 4}}), &names),
      "the graph is disconnected: D cannot be reached from A");
  EXPECT_EQ(hc::find_obstruction(load("bowtie5"), &names),
            "C is a cut vertex: removing it disconnects the graph");
}

TEST(HamiltonianObstruction, QuickProofs) {
  EXPECT_EQ(hc::find_obstruction(from_edges(2, {{1, 2}})),
            "a Hamiltonian cycle needs at least 3 vertices, the graph has 2");
  EXPECT_EQ(hc::find_obstruction(from_edges(4, {{1, 2}, {2, 3}, {3, 1}, {3, 4}})),
            "vertex 4 has degree 1 (a cycle needs 2)");
  EXPECT_EQ(hc::find_obstruction(from_edges(6, {{1, 2}, {2, 3}, {3, 1}, {4, 5}, {5, 6}, {6, 4}})),
            "the graph is disconnected: vertex 4 cannot be reached from vertex 1");
  EXPECT_EQ(hc::find_obstruction(load("bowtie5")),
            "vertex 3 is a cut vertex: removing it disconnects the graph");
  EXPECT_EQ(hc::find_obstruction(load("herschel")),
            "the graph is bipartite with sides of 5 and 6 vertices (a cycle alternates sides)");
  EXPECT_EQ(hc::find_obstruction(load("petersen")), std::nullopt);  // needs the search
  EXPECT_EQ(hc::find_obstruction(load("cube_q3")), std::nullopt);   // balanced bipartite
  // The proofs agree with exhaustion.
  EXPECT_TRUE(search(load("herschel"), hc::strategy::textbook).cycles.empty());
  EXPECT_TRUE(search(load("bowtie5"), hc::strategy::textbook).cycles.empty());
}

std::string error_of(const std::string& content) {
  std::istringstream in(content);
  return test_common::thrown_message<gr::graph_error>([&] { gr::read_graph(in, "g.hcp"); });
}

TEST(HamiltonianInput, MalformedHcpFilesNameTheLine) {
  const std::string head = "NAME : g\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_FORMAT : EDGE_LIST\n";
  EXPECT_EQ(error_of(head + "EDGE_DATA_SECTION\n1 5\n-1\nEOF\n"),
            "g.hcp:6: vertex 5 is out of range 1..4");
  EXPECT_EQ(error_of(head + "EDGE_DATA_SECTION\n1 2 3\n-1\n"),
            "g.hcp:6: an edge line must hold two vertices");
  EXPECT_EQ(error_of(head + "EDGE_DATA_SECTION\n1 x\n"),
            "g.hcp:6: vertex must be a whole number, not 'x'");
  EXPECT_EQ(error_of(head + "EOF\n"), "g.hcp:5: end of file before EDGE_DATA_SECTION");
  EXPECT_EQ(error_of("NAME : g\nTYPE : HCP\nDIMENSION : zero\n"),
            "g.hcp:3: vertex count must be a whole number, not 'zero'");
  EXPECT_EQ(error_of("NAME : g\nTYPE : HCP\nDIMENSION : 0\n"),
            "g.hcp:3: vertex count 0 is out of range 1..10000000");
  EXPECT_EQ(error_of("NAME : g\nTYPE : ATSP\n"), "g.hcp:2: TYPE must be HCP, not 'ATSP'");
  EXPECT_EQ(error_of("NAME : g\nTYPE : HCP\nEDGE_DATA_SECTION\n"),
            "g.hcp:3: no DIMENSION before EDGE_DATA_SECTION");
  EXPECT_EQ(error_of(head + "EDGE_DATA_SECTION\n1 2\n-1 4\n"), "g.hcp:7: text after -1");
}

TEST(HamiltonianInput, HcpVariantsReadAlike) {
  const std::string body = "1 2\n2 3\n3 4\n4 1\n1 3\n";
  std::istringstream plain("NAME : c\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_SECTION\n" + body +
                           "-1\nEOF\n");
  std::istringstream crlf(
      "NAME : c\r\nTYPE : HCP\r\nDIMENSION : 4\r\nEDGE_DATA_SECTION\r\n1 2\r\n"
      "2 3\r\n3 4\r\n4 1\r\n1 3\r\n-1\r\nEOF\r\n");
  std::istringstream padded(
      "NAME : c\nTYPE : HCP\nDIMENSION : 4\nEDGE_DATA_SECTION\n   1    2\n"
      "   2    3\n   3    4\n   4    1\n   1    3\nEOF\n");
  for (auto* in : {&plain, &crlf, &padded}) {
    const auto g = hc::make_instance(gr::read_graph(*in, "c.hcp").edges);
    EXPECT_EQ(g.m(), 5U);
    EXPECT_EQ(search(g, hc::strategy::pruned).cycles.size(), 1U);  // 2 and 4 force the rim
  }
}

TEST(HamiltonianInput, RefusesGraphsTooLargeToSearch) {
  EXPECT_EQ(hc::max_vertices, gr::max_vertices) << "the readers' limit, not the stack's";
  EXPECT_THROW(hc::make_instance(gr::edge_list{hc::max_vertices + 1, {}}), hc::invalid_input);
}

// p's first cycle through bt::search, which the quota stops there: the cycle graph's own, at
// depth `depth` (the path strategies' last position, or the root when propagation alone
// closes the cycle).
template <class P>
void expect_the_cycle(P& p, const hc::instance& g, std::size_t depth) {
  hc::cycle found;
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::solution_sink sink([&](const P& state) { found = state.solution(); });
  bt::solution_quota quota{1, 0};
  EXPECT_EQ(bt::search(p, bt::visitors(sv, sink, quota)), bt::outcome::stopped);
  EXPECT_EQ(s.solutions, 1U);
  EXPECT_EQ(s.max_depth, depth);
  ASSERT_EQ(found.size(), g.n + 1);
  EXPECT_EQ(hc::check_cycle(g, found), "");
  for (std::size_t i = 0; i < g.n; ++i) ASSERT_EQ(found[i], i) << "position " << i;
}

// Far deeper than the former recursion's stack allowed (16,384 vertices was the cap).
TEST(HamiltonianLarge, CycleOf300000VerticesWithThePrunedAndPropagateStrategies) {
  const std::size_t n = 300'000;
  const auto g = cycle_graph(n);
  {
    hc::pruned p(g);
    expect_the_cycle(p, g, n - 1);
    EXPECT_EQ(p.path().size(), 1U) << "the trail is undone after the stop";
  }
  {
    hc::propagate p(g);
    expect_the_cycle(p, g, 0);  // every vertex has degree 2: the root forces every edge
  }
}

// The textbook tries every vertex at every position (NextValue), n^2 / 2 tests for a path of
// n: 20,000 vertices (past the former cap) are 2 * 10^8 tests; the slow run does 300,000.
TEST(HamiltonianLarge, CycleOf20000VerticesWithTheTextbook) {
  const auto g = cycle_graph(20'000);
  hc::textbook p(g);
  expect_the_cycle(p, g, g.n - 1);
  EXPECT_EQ(p.path().size(), 1U);
}

TEST(HamiltonianSat, FindsVerifiedCycles) {
  for (const char* name : {"k4", "envelope6", "cube_q3", "hypercube_q4", "dodecahedron",
                           "knight6x6", "fhcpcs_graph1", "fhcpcs_graph2", "fhcpcs_graph19"}) {
    EXPECT_EQ(sat(load(name)).first, hc::sat_search::result::found) << name;
  }
  const auto uva = hc::make_instance(gr::read_graph_file(data + "uva775_sample1.txt").edges);
  EXPECT_EQ(text(sat(uva).second), "1 2 4 3 1");
}

TEST(HamiltonianSat, ProvesThatThereIsNone) {
  for (const char* name : {"petersen", "herschel", "bowtie5"}) {
    EXPECT_EQ(sat(load(name)).first, hc::sat_search::result::none) << name;
  }
  EXPECT_EQ(sat(hc::make_instance(gr::edge_list{2, {{0, 1}}})).first, hc::sat_search::result::none);
  // A vertex of degree 1 or 0 (no quick proof in the way here): the empty clause.
  EXPECT_EQ(sat(from_edges(4, {{1, 2}, {2, 3}, {3, 1}, {3, 4}})).first,
            hc::sat_search::result::none);
  EXPECT_EQ(sat(from_edges(4, {{1, 2}, {2, 3}, {3, 1}})).first, hc::sat_search::result::none);
}

// Two disjoint triangles joined by two edges: the first 2-factor is two subtours, and their
// cut forces the joining edges.
TEST(HamiltonianSat, CutsSubtours) {
  const auto g = from_edges(6, {{1, 2}, {2, 3}, {3, 1}, {4, 5}, {5, 6}, {6, 4}, {1, 4}, {2, 5}});
  hc::sat_search s(g);
  ASSERT_EQ(s.run(0, [] { return bt::flow::go_on; }), hc::sat_search::result::found);
  EXPECT_EQ(text(s.solution()), "1 3 2 5 6 4 1");
  EXPECT_EQ(s.calls(), 2U);
  EXPECT_EQ(s.cuts(), 2U);
  hc::sat_search limited(g);
  EXPECT_EQ(limited.run(1, [] { return bt::flow::go_on; }), hc::sat_search::result::call_limit);
}

TEST(HamiltonianSat, PollStopsTheSolver) {
  const auto g = load("fhcpcs_graph19");
  hc::sat_search s(g);
  EXPECT_EQ(s.run(0, [] { return bt::flow::stop; }), hc::sat_search::result::stopped);
}

TEST(HamiltonianStrategy, NamesAndTreeSearches) {
  for (const auto s : hc::all_strategies) EXPECT_EQ(hc::parse_strategy(hc::name(s)), s);
  EXPECT_EQ(hc::default_strategy, hc::strategy::automatic);
  EXPECT_EQ(hc::name(hc::strategy::automatic), "auto");
  EXPECT_EQ(hc::tree_search_of(hc::strategy::sat), hc::strategy::propagate);
  EXPECT_EQ(hc::tree_search_of(hc::strategy::automatic), hc::strategy::propagate);
  EXPECT_EQ(hc::tree_search_of(hc::strategy::pruned), hc::strategy::pruned);
}

#else  // BT_SLOW_TESTS: the tests labelled slow

// The textbook on the 300,000-vertex cycle: 4.5 * 10^10 candidate tests (n^2 / 2), which take
// minutes even optimised; it finds the one cycle at depth n - 1.
TEST(HamiltonianLarge, CycleOf300000VerticesWithTheTextbook) {
  const std::size_t n = 300'000;
  const auto g = cycle_graph(n);
  hc::textbook p(g);
  hc::cycle found;
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::solution_sink sink([&](const hc::textbook& state) { found = state.solution(); });
  bt::solution_quota quota{1, 0};
  EXPECT_EQ(bt::search(p, bt::visitors(sv, sink, quota)), bt::outcome::stopped);
  EXPECT_EQ(s.max_depth, n - 1);
  EXPECT_EQ(hc::check_cycle(g, found), "");
  EXPECT_EQ(p.path().size(), 1U);
}

// Larger random graphs than the default cross-check, where the textbook takes seconds.
TEST(HamiltonianCrossCheck, LargerRandomGraphs) {
  std::mt19937 rng(7);
  for (int round = 0; round < 20; ++round) {
    const std::size_t n = 10 + static_cast<std::size_t>(round % 3);
    const auto g = random_graph(rng, n, 0.35);
    const auto a = sorted(search(g, hc::strategy::textbook).cycles);
    EXPECT_EQ(a, sorted(search(g, hc::strategy::pruned).cycles)) << "round " << round;
    EXPECT_EQ(a, sorted(search(g, hc::strategy::propagate).cycles)) << "round " << round;
  }
}

TEST(HamiltonianPruned, FindsACycleInGraph4) {
  EXPECT_EQ(search(load("fhcpcs_graph4"), hc::strategy::pruned, 1).cycles.size(), 1U);
}

// The benchmark graphs that the propagate strategy solves (docs/problems/hamiltonian.md), as
// the runner searches them: the first cycle, with restarts.
TEST(HamiltonianPropagate, SolvesTheBenchGraphs) {
  const hc::run_plan restarts{true, 1, 4096, 0};
  for (const char* name : {"fhcpcs_graph4", "fhcpcs_graph21", "alb1000"}) {
    const auto r = search(load(name), hc::strategy::propagate, 1, 0, restarts);
    EXPECT_EQ(r.cycles.size(), 1U) << name;
  }
  const auto h = search(load("herschel"), hc::strategy::propagate, 1, 0, restarts);
  EXPECT_TRUE(h.cycles.empty());
  EXPECT_TRUE(h.exhausted);
}

// The challenge graphs that no tree search here solves within a minute (docs/problems/
// hamiltonian.md): sat finds a verified cycle of each in seconds.
TEST(HamiltonianSat, SolvesTheHardChallengeGraphs) {
  for (const char* name :
       {"fhcpcs_graph48", "fhcpcs_graph62", "fhcpcs_graph87", "fhcpcs_graph175", "alb1000"}) {
    EXPECT_EQ(sat(load(name)).first, hc::sat_search::result::found) << name;
  }
}

#endif

}  // namespace
