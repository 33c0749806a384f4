// SPDX-License-Identifier: MIT
// Graph colouring: counts against chromatic polynomials, the textbook's own example, textbook
// and dsatur agreeing colouring for colouring, chromatic numbers of the DIMACS instances
// (tests/data/coloring/answers.csv), the bounds and reductions, every colouring verified.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/colouring/colouring.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>

#include "colouring_common.hpp"
#include "common/thrown.hpp"

namespace {

using namespace colouring_test;

// --- counts: the number of proper m-colourings is the chromatic polynomial P(G, m) ---

TEST(ColouringCount, CyclesFollowTheirPolynomial) {
  // P(C_n, m) = (m-1)^n + (-1)^n (m-1)
  for (std::size_t n = 3; n <= 7; ++n) {
    gr::edge_list e{n, {}};
    for (std::size_t i = 0; i < n; ++i) {
      e.edges.emplace_back(static_cast<gr::vertex>(i), static_cast<gr::vertex>((i + 1) % n));
    }
    const auto g = gr::make_graph(e);
    for (int m = 1; m <= 4; ++m) {
      std::int64_t p = 1;
      for (std::size_t i = 0; i < n; ++i) p *= m - 1;
      p += (n % 2 == 0 ? 1 : -1) * (m - 1);
      for (const auto s : col::all_strategies) {
        EXPECT_EQ(count(s, g, m).count, static_cast<std::uint64_t>(p))
            << "C" << n << " m=" << m << " " << col::name(s);
      }
    }
  }
}

TEST(ColouringCount, CompleteGraphsAndTrees) {
  // P(K_n, m) = m (m-1) ... (m-n+1); a tree: m (m-1)^(n-1)
  gr::edge_list k4{4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};
  gr::edge_list tree{6, {{0, 1}, {0, 2}, {1, 3}, {1, 4}, {2, 5}}};
  const auto gk = gr::make_graph(k4);
  const auto gt = gr::make_graph(tree);
  for (const auto s : col::all_strategies) {
    EXPECT_EQ(count(s, gk, 3).count, 0U);
    EXPECT_EQ(count(s, gk, 4).count, 24U);
    EXPECT_EQ(count(s, gk, 6).count, 360U);
    EXPECT_EQ(count(s, gt, 3).count, 3U * 32U);
    EXPECT_EQ(count(s, gt, 1).count, 0U);
  }
}

TEST(ColouringCount, PetersenGraph) {
  const auto g = gr::make_graph(gr::petersen());
  for (const auto s : col::all_strategies) {
    EXPECT_EQ(count(s, g, 2).count, 0U);
    EXPECT_EQ(count(s, g, 3).count, 120U);
    EXPECT_EQ(count(s, g, 4).count, 12960U);  // 24 (k^7 - 12k^6 + ... - 352) at k = 4
  }
}

TEST(ColouringCount, GrotzschGraph) {
  // myciel3: chi = 4, so no 3-colouring; both strategies agree on the 4-colourings.
  const auto g = gr::make_graph(gr::mycielski(3));
  const auto t = count(col::strategy::textbook, g, 4);
  const auto d = count(col::strategy::dsatur, g, 4);
  EXPECT_EQ(t.count, d.count);
  EXPECT_EQ(t.count, 12480U);
  EXPECT_EQ(count(col::strategy::textbook, g, 3).count, 0U);
  EXPECT_EQ(count(col::strategy::dsatur, g, 3).count, 0U);
  // dsatur reaches each class of renamings once: far fewer nodes.
  EXPECT_LT(d.stats.nodes * 10, t.stats.nodes);
}

TEST(ColouringCount, TextbookStatisticsFollowTheirDefinitions) {
  const auto g = gr::make_graph(gr::petersen());
  const auto r = count(col::strategy::textbook, g, 3);
  EXPECT_EQ(r.stats.solutions, 120U);
  EXPECT_EQ(r.stats.checks, r.stats.assigns + r.stats.prunes);  // no node-level test
  EXPECT_EQ(r.stats.backtracks, r.stats.assigns);               // every subtree exhausted
  EXPECT_EQ(r.stats.nodes, r.stats.assigns + 1);
  EXPECT_EQ(r.stats.max_depth, 10U);
}

// --- the textbook's own example (Horowitz and Sahni's mColoring on a 4-vertex graph) ---

TEST(ColouringTextbook, FourVertexExample) {
  // Adjacency {{0,1,1,1},{1,0,1,0},{1,1,0,1},{1,0,1,0}}: K4 less the edge 2-4, m = 3.
  const auto g = gr::make_graph(gr::edge_list{4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {2, 3}}});
  const auto r = all(col::strategy::textbook, g, 3);
  ASSERT_FALSE(r.colourings.empty());
  EXPECT_EQ(r.colourings.front(), (std::vector<int>{1, 2, 3, 2}));
  EXPECT_EQ(r.colourings.size(), 6U);  // m (m-1) (m-2)^2
}

TEST(ColouringTextbook, ListsColouringsInLexicographicOrder) {
  const auto g = gr::make_graph(gr::mycielski(2));  // C5
  const auto r = all(col::strategy::textbook, g, 3);
  ASSERT_EQ(r.colourings.size(), 30U);
  EXPECT_TRUE(std::is_sorted(r.colourings.begin(), r.colourings.end()));
  EXPECT_EQ(r.colourings.front(), (std::vector<int>{1, 2, 1, 2, 3}));
}

// --- strategies agree on the set of colourings ---

TEST(ColouringStrategies, FindTheSameSetOfColourings) {
  std::vector<std::pair<gr::graph, int>> cases;
  cases.emplace_back(gr::make_graph(gr::petersen()), 3);
  cases.emplace_back(gr::make_graph(gr::mycielski(2)), 4);
  cases.emplace_back(gr::make_graph(gr::mycielski(3)), 4);
  cases.emplace_back(gr::make_graph(gr::queen_graph(3, 4)), 5);
  cases.emplace_back(gr::make_graph(gr::queen_graph(4, 4)), 4);  // none: chi(queen4_4) = 5
  cases.emplace_back(gr::make_graph(gr::edge_list{5, {}}), 2);   // no edges: every map
  cases.emplace_back(gr::make_graph(gr::hypercube(3)), 3);
  for (std::uint64_t seed = 1; seed <= 6; ++seed) cases.emplace_back(random_graph(9, 0.4, seed), 3);
  for (const auto& [g, m] : cases) {
    auto t = all(col::strategy::textbook, g, m).colourings;
    auto d = all(col::strategy::dsatur, g, m).colourings;
    for (const auto& c : d) EXPECT_TRUE(col::is_proper(g, c, m));
    std::sort(d.begin(), d.end());
    EXPECT_EQ(t, d) << boost::num_vertices(g) << " vertices, m = " << m;
    EXPECT_EQ(count(col::strategy::dsatur, g, m).count, t.size());
    EXPECT_EQ(std::set<std::vector<int>>(d.begin(), d.end()).size(), d.size());  // no repeats
  }
}

TEST(ColouringStrategies, FirstColouringIsProperOrAbsent) {
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    const auto g = random_graph(14, 0.35, seed);
    for (int m = 2; m <= 5; ++m) {
      const auto t = first(col::strategy::textbook, g, m);
      const auto d = first(col::strategy::dsatur, g, m);
      EXPECT_EQ(t.empty(), d.empty()) << "seed " << seed << " m " << m;
      EXPECT_TRUE(t.empty() || col::is_proper(g, t, m));
      EXPECT_TRUE(d.empty() || col::is_proper(g, d, m));
    }
  }
}

TEST(ColouringStrategies, DsaturRefusesAtTheRootWhenTheCliqueIsTooLarge) {
  const auto g = gr::make_graph(gr::queen_graph(5, 5));
  const col::adjacency adj(g);
  const auto clique = col::greedy_clique(adj);
  ASSERT_EQ(clique.size(), 5U);
  bt::stats st;
  const int limit = 5;  // colours 1..4
  col::dsatur p(adj, 4, &limit, clique);
  EXPECT_EQ(bt::search(p, bt::stats_visitor{st}), bt::outcome::exhausted);
  EXPECT_EQ(st.nodes, 1U);
  EXPECT_EQ(st.prunes, 1U);
  EXPECT_EQ(st.solutions, 0U);
}

// A large sparse graph takes dsatur's tournament tree instead of its scan: the choice at every
// step must still be Brélaz's (most distinct neighbour colours, most uncoloured neighbours,
// lowest number), recomputed here from scratch, through colourings and undos alike.
TEST(ColouringStrategies, DsaturPicksBrelazVertexOnALargeSparseGraph) {
  const std::size_t n = 3000;
  gr::edge_list e{n, {}};
  std::uint64_t x = 12345;
  for (std::size_t i = 0; i < 2 * n; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    e.edges.emplace_back(static_cast<gr::vertex>((x >> 33) % n),
                         static_cast<gr::vertex>((x >> 13) % n));
  }
  for (gr::vertex v = 2000; v < n; ++v) {  // the last thousand: isolated
    std::erase_if(e.edges, [v](const auto& uv) { return uv.first == v || uv.second == v; });
  }
  const auto g = gr::make_graph(e);
  const col::adjacency adj(g);
  const int limit = 101;  // colours 1..100: the new colour is always open
  col::dsatur p(adj, 100, &limit, {});
  const auto brelaz = [&] {
    const auto colour = p.colours();
    std::size_t best = n;
    std::pair<std::size_t, std::size_t> best_key{0, 0};
    for (std::size_t v = 0; v < n; ++v) {
      if (colour[v] != 0) continue;
      std::set<int> seen;
      std::size_t uncoloured = 0;
      for (const auto w : adj.neighbours(v)) {
        if (colour[w] != 0) {
          seen.insert(colour[w]);
        } else {
          ++uncoloured;
        }
      }
      const std::pair<std::size_t, std::size_t> key{seen.size(), uncoloured};
      if (best == n || key > best_key) {
        best = v;
        best_key = key;
      }
    }
    return best;
  };
  std::size_t steps = 0;
  while (!p.complete()) {
    ASSERT_EQ(p.next_vertex(), brelaz()) << "at step " << steps;
    int c = 1;
    while (!p.consistent(c)) ++c;
    p.assign(c);
    if (++steps % 7 == 0 && !p.complete()) {  // an undo and a redo keep the tree right
      const std::size_t next = p.next_vertex();
      int d = 1;
      while (!p.consistent(d)) ++d;
      p.assign(d);
      p.unassign(d);
      ASSERT_EQ(p.next_vertex(), next);
    }
  }
  EXPECT_EQ(steps, n);
  std::vector<int> colouring(p.colours().begin(), p.colours().end());
  EXPECT_TRUE(col::is_proper(g, colouring, 100));
}

TEST(ColouringStrategies, CountOverflowIsReported) {
  // K20 with 30 colours: 30!/10! colourings do not fit in 64 bits (one class, found at once).
  const auto complete = [](std::size_t n) {
    gr::edge_list e{n, {}};
    for (std::size_t u = 0; u < n; ++u)
      for (std::size_t v = u + 1; v < n; ++v)
        e.edges.emplace_back(static_cast<gr::vertex>(u), static_cast<gr::vertex>(v));
    return gr::make_graph(e);
  };
  EXPECT_THROW(count(col::strategy::dsatur, complete(20), 30), col::count_overflow);
  EXPECT_EQ(count(col::strategy::dsatur, complete(3), 30).count, 24360U);
  EXPECT_EQ(count(col::strategy::dsatur, gr::make_graph(gr::edge_list{3, {}}), 30).count, 27000U);
}

TEST(ColouringRenaming, ListsEveryInjectiveRenamingOnce) {
  const std::vector<int> canonical{1, 2, 1, 3};
  std::set<std::vector<int>> seen;
  col::for_each_renaming(canonical, 3, 4, [&](std::span<const int> c) {
    seen.emplace(c.begin(), c.end());
    return bt::flow::go_on;
  });
  EXPECT_EQ(seen.size(), 24U);  // 4 * 3 * 2
  EXPECT_EQ(*seen.begin(), (std::vector<int>{1, 2, 1, 3}));
  EXPECT_EQ(col::renamings(4, 4).of(3), 24U);
  EXPECT_EQ(col::renamings(4, 5).of(5), 0U);
}

// --- chromatic number ---

TEST(Chromatic, KnownInstancesAreProven) {
  for (const auto& [name, chi] : answers()) {
    if (slow_instances().count(name)) continue;
    const auto g = load(name);
    const auto r = chromatic(g);
    EXPECT_TRUE(r.result.optimal()) << name;
    EXPECT_EQ(r.result.upper, chi) << name;
    EXPECT_TRUE(col::is_proper(g, r.result.colouring, chi)) << name;
  }
}

TEST(Chromatic, PublishedFileQuirksDoNotChangeTheAnswer) {
  const auto rr = gr::read_graph_file(data + "/coloring/myciel3_published.col");
  EXPECT_TRUE(rr.warnings.empty());
  gr::cleanup dropped;
  const auto g = gr::make_graph(rr.edges, &dropped);
  EXPECT_EQ(boost::num_edges(g), 20U);
  EXPECT_EQ(dropped.duplicates, 20U);
  EXPECT_EQ(dropped.loops, 1U);
  EXPECT_EQ(chromatic(g).result.upper, 4);
}

TEST(Chromatic, MalformedFilesNameFileAndLine) {
  const auto error_of = [](const std::string& file) {
    return test_common::thrown_message<gr::graph_error>(
        [&] { gr::read_graph_file(data + "/coloring/" + file); });
  };
  EXPECT_EQ(error_of("bad_vertex.col"),
            data + "/coloring/bad_vertex.col:4: vertex 4 is out of range 1..3");
  EXPECT_EQ(error_of("bad_header.col"),
            data + "/coloring/bad_header.col:1: vertex count must be a whole number, not 'three'");
  EXPECT_EQ(error_of("missing.col"), data + "/coloring/missing.col: cannot open the file");
  const auto rr = gr::read_graph_file(data + "/coloring/short_header.col");
  ASSERT_EQ(rr.warnings.size(), 1U);
}

TEST(Chromatic, StrategiesAgreeOnSmallGraphs) {
  std::vector<gr::graph> gs{gr::make_graph(gr::petersen()), gr::make_graph(gr::mycielski(3)),
                            gr::make_graph(gr::queen_graph(5, 5)),
                            gr::make_graph(gr::queen_graph(4, 6)),
                            gr::make_graph(gr::dodecahedron())};
  for (std::uint64_t seed = 1; seed <= 10; ++seed) gs.push_back(random_graph(16, 0.5, seed));
  for (const auto& g : gs) {
    const auto t = chromatic(g, col::strategy::textbook);
    const auto d = chromatic(g, col::strategy::dsatur);
    ASSERT_TRUE(t.result.optimal());
    ASSERT_TRUE(d.result.optimal());
    EXPECT_EQ(t.result.upper, d.result.upper);
    EXPECT_TRUE(col::is_proper(g, t.result.colouring, t.result.upper));
    EXPECT_TRUE(col::is_proper(g, d.result.colouring, d.result.upper));
  }
}

TEST(Chromatic, TheExactSearchAloneProvesTheAnswer) {
  // No TabuCol, no Mycielskian bound: the branch and bound must close the gap itself.
  col::chromatic_options o;
  o.tabu_iterations = 0;
  o.mycielskian_work = 0;
  for (const char* name : {"myciel4", "queen6_6", "queen5_5", "huck"}) {
    const auto g = load(name);
    const auto r = chromatic(g, col::strategy::dsatur, o);
    EXPECT_TRUE(r.result.optimal()) << name;
    EXPECT_EQ(r.result.upper, answers().at(name)) << name;
  }
  o.reduce = false;
  o.pigeonhole = false;
  const auto r = chromatic(load("queen6_6"), col::strategy::dsatur, o);
  EXPECT_EQ(r.result.upper, 7);
  EXPECT_TRUE(r.result.searched);
  EXPECT_GT(r.stats.nodes, 1U);
}

TEST(Chromatic, LimitsLeaveValidBounds) {
  const auto g = gr::make_graph(gr::queen_graph(9, 9));
  bt::limit_visitor limits(2000, std::nullopt);
  bt::stats st;
  bt::stats_visitor sv{st};
  auto vis = bt::visitors(limits, sv);
  const col::adjacency adj(g);
  const auto r = col::chromatic_number(adj, {}, vis, [&] { return limits.poll(); });
  EXPECT_EQ(limits.reason(), bt::stop_reason::node_limit);
  EXPECT_FALSE(r.optimal());
  EXPECT_EQ(r.lower, 9);
  EXPECT_GE(r.upper, 10);
  EXPECT_TRUE(col::is_proper(g, r.colouring, r.upper));
  EXPECT_EQ(st.nodes, 2001U);  // the node that hit the limit is counted too
}

// --- the pieces ---

TEST(ColouringBounds, MycielskianBoundReachesChi) {
  for (int k = 2; k <= 6; ++k) {
    const auto g = gr::make_graph(gr::mycielski(k));
    const col::adjacency adj(g);
    const auto clique = col::greedy_clique(adj);
    ASSERT_EQ(clique.size(), 2U);
    const auto r =
        col::mycielskian_bound(adj, clique, k + 1, 1'000'000, [] { return bt::flow::go_on; });
    EXPECT_EQ(r.bound, k + 1) << "mycielski " << k;
    // and never past the target it is given
    EXPECT_LE(
        col::mycielskian_bound(adj, clique, 3, 1'000'000, [] { return bt::flow::go_on; }).bound, 3);
  }
  // On a graph whose chromatic number is its clique number the bound stays put.
  const col::adjacency q(gr::make_graph(gr::queen_graph(5, 5)));
  const auto c = col::greedy_clique(q);
  EXPECT_EQ(col::mycielskian_bound(q, c, 5, 100'000, [] { return bt::flow::go_on; }).bound, 5);
}

TEST(ColouringBounds, MaximumCliques) {
  for (std::size_t r = 3; r <= 8; ++r) {
    const col::adjacency adj(gr::make_graph(gr::queen_graph(r, r + 2)));
    const auto c =
        col::max_clique(adj, {}, 1'000'000, adj.size() + 1, [] { return bt::flow::go_on; });
    EXPECT_TRUE(c.maximum);
    EXPECT_EQ(c.vertices.size(), r + 2);
    EXPECT_TRUE(col::is_clique(adj, c.vertices));
  }
  const col::adjacency p(gr::make_graph(gr::petersen()));
  EXPECT_EQ(col::max_clique(p, {}, 1000, 99, [] { return bt::flow::go_on; }).vertices.size(), 2U);
  for (const auto& c : col::edge_cliques(p, 2, 100)) EXPECT_TRUE(col::is_clique(p, c));
}

TEST(ColouringBounds, GreedyAndTabuColourings) {
  const auto g = load("queen8_12");
  const col::adjacency adj(g);
  const auto d = col::dsatur_colouring(adj);
  EXPECT_TRUE(col::is_proper(g, d, col::colours_used(d)));
  EXPECT_TRUE(col::is_proper(g, col::first_fit(adj), static_cast<int>(adj.size())));
  std::vector<int> c = d;
  col::xorshift rng(7);
  ASSERT_TRUE(col::tabucol(adj, 12, c, 100'000, rng, [] { return bt::flow::go_on; }));
  EXPECT_TRUE(col::is_proper(g, c, 12));
  c = d;
  EXPECT_FALSE(col::tabucol(adj, 11, c, 2'000, rng, [] { return bt::flow::go_on; }));
}

// Monochromatic edges of c.
std::size_t conflicts(const col::adjacency& adj, const std::vector<int>& c) {
  std::size_t x = 0;
  for (std::size_t v = 0; v < adj.size(); ++v) {
    for (const auto w : adj.neighbours(v)) x += (w > v && c[v] == c[w]) ? 1U : 0U;
  }
  return x;
}

TEST(ColouringBounds, TabuColLeavesTheBestColouringItReached) {
  const col::adjacency adj(load("queen8_12"));  // chi = 12: 11 colours leave conflicts
  const auto d = col::dsatur_colouring(adj);
  col::xorshift rng(7);
  std::vector<int> start = d;  // no move: the vertices above 11 recoloured, nothing else
  EXPECT_FALSE(col::tabucol(adj, 11, start, 0, rng, [] { return bt::flow::go_on; }));
  std::vector<int> best = d;
  EXPECT_FALSE(col::tabucol(adj, 11, best, 5'000, rng, [] { return bt::flow::go_on; }));
  for (const int c : best) {
    EXPECT_GE(c, 1);
    EXPECT_LE(c, 11);
  }
  EXPECT_GT(conflicts(adj, best), 0U);
  EXPECT_LT(conflicts(adj, best), conflicts(adj, start));
}

TEST(ColouringBounds, EvolutionColoursWhereTabuColStalls) {
  const auto g = load("le450_15c");  // chi = 15 (its 15-clique); TabuCol stalls at 16
  const col::adjacency adj(g);
  col::xorshift rng(3);
  std::vector<int> c = col::dsatur_colouring(adj);
  EXPECT_FALSE(col::tabucol(adj, 15, c, 100'000, rng, [] { return bt::flow::go_on; }));
  col::evolution_options o;
  o.local_moves = 20'000;
  bool found = false;
  for (int run = 0; run < 8 && !found; ++run) {
    found = col::evolve_colouring(adj, 15, c, o, rng, [] { return bt::flow::go_on; });
  }
  ASSERT_TRUE(found);
  EXPECT_TRUE(col::is_proper(g, c, 15));
  // An infeasible k: false, and the colouring is left as it was.
  const col::adjacency q(load("queen5_5"));  // chi = 5
  std::vector<int> none;
  o.children = 5;
  o.local_moves = 2'000;
  EXPECT_FALSE(col::evolve_colouring(q, 4, none, o, rng, [] { return bt::flow::go_on; }));
  EXPECT_TRUE(none.empty());
}

TEST(ColouringBounds, ReductionExtendsColourings) {
  // A 5-clique with pendant paths and a twin: low-degree and dominated vertices go.
  gr::edge_list e{10, {}};
  for (gr::vertex u = 0; u < 5; ++u)
    for (gr::vertex v = u + 1; v < 5; ++v) e.edges.emplace_back(u, v);
  e.edges.insert(e.edges.end(), {{0, 5}, {5, 6}, {6, 7}, {1, 8}, {2, 8}, {3, 9}, {4, 9}, {8, 9}});
  const auto g = gr::make_graph(e);
  const col::adjacency adj(g);
  const std::vector<gr::vertex> clique{0, 1, 2, 3, 4};
  const col::reduction red(adj, 5, clique);
  EXPECT_EQ(red.graph().size(), 5U);
  EXPECT_EQ(red.removed(), 5U);
  const std::vector<int> five{1, 2, 3, 4, 5};
  const auto full = red.extend(five);
  EXPECT_TRUE(col::is_proper(g, full, 5));
}

TEST(ColouringTrace, DescribesTheSearchInWords) {
  const auto g = gr::make_graph(gr::edge_list{3, {{0, 1}, {1, 2}, {0, 2}}});
  const col::adjacency adj(g);
  col::textbook p(adj, 3);
  std::ostringstream os;
  col::describer d;
  bt::trace_visitor<col::describer> tv(os, d);
  bt::solution_quota q{1, 0};
  bt::search(p, bt::visitors(tv, q));
  EXPECT_EQ(os.str(),
            "v1 = 1\n  v2 != 1\n  v2 = 2\n    v3 != 1\n    v3 != 2\n    v3 = 3\n      solution\n");
}

}  // namespace
