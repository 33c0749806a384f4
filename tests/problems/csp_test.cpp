// SPDX-License-Identifier: MIT
// The engine's CSP strategies on the three models: every combination of switches finds the
// same solution set as the problems' own strategies; pinned counts catch any change.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <initializer_list>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
#include <bt/problems/colouring/colouring.hpp>
#include <bt/problems/colouring/csp.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>
#include <bt/problems/hamiltonian/csp.hpp>
#include <bt/problems/hamiltonian/hamiltonian.hpp>
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

#include "common/csp_run.hpp"
#include "nqueens_common.hpp"

namespace {

namespace csp = bt::csp;
namespace nq = bt::problems::nqueens;
namespace col = bt::problems::colouring;
namespace hc = bt::problems::hamiltonian;
namespace gr = bt::problems::graph;

using csp_test::result;
using csp_test::run;
using csp_test::solution_set;

// The trace in words of the search for m's first solution with switches C.
template <csp::config C, class M>
std::string first_trace(const M& m) {
  csp::solver<M, csp::static_part(C)> s(m, C);
  std::ostringstream os;
  csp::describer words;
  bt::trace_visitor<csp::describer> trace(os, words);
  bt::solution_quota q{1, 0};
  bt::search(s, bt::visitors(trace, q));
  return os.str();
}

std::vector<csp::config> all_configs() {
  std::vector<csp::config> out;
  for (const auto v : csp::all_var_orders)
    for (const auto l : csp::all_val_orders)
      for (const auto i : csp::all_inferences)
        for (const auto j : csp::all_jumps) out.push_back({v, l, i, j});
  return out;
}

// Columns per row from the board strategy, the problem's own textbook search.
solution_set board_solutions(int n) {
  const nq::row_domains d(n, {});
  nq::board p(d);
  solution_set out;
  std::vector<int> cols(static_cast<std::size_t>(n));
  auto vis = bt::make_assignment_visitor<nq::board>([&](std::span<const int> v) {
    for (std::size_t r = 0; r < v.size(); ++r) {
      cols[static_cast<std::size_t>(nq::row_of(v[r], r))] = nq::column_of(v[r]);
    }
    out.insert(cols);
  });
  bt::search(p, vis);
  return out;
}

TEST(CspSpec, ParsesSwitchesJoinedByPlus) {
  const auto c = csp::parse_spec("dom-wdeg+mac+lcv");
  ASSERT_TRUE(c);
  EXPECT_EQ(*c, (csp::config{csp::var_order::dom_wdeg, csp::val_order::lcv, csp::inference::mac,
                             csp::jump::bt}));
  EXPECT_EQ(csp::spec_of(*csp::parse_spec("cbj+fc+mrv")), "mrv+fc+cbj");
  EXPECT_EQ(csp::spec_of(*csp::parse_spec("bt")), "bt");
  EXPECT_EQ(csp::spec_of(*csp::parse_spec("static+natural+none")), "bt");
  EXPECT_FALSE(csp::parse_spec(""));
  EXPECT_FALSE(csp::parse_spec("fc+"));
  EXPECT_FALSE(csp::parse_spec("fc+mac"));
  EXPECT_FALSE(csp::parse_spec("mrv+board"));
  EXPECT_FALSE(csp::parse_spec("MRV"));
}

TEST(CspDomain, MultiWordBitsetWalksValues) {
  auto d = csp::domain<4>::first(200);
  EXPECT_EQ(d.count(), 200);
  d.remove(csp::domain<4>::first(130));
  EXPECT_EQ(d.lowest(), 130);
  EXPECT_EQ(d.highest(), 199);
  int seen = 0;
  for (const int a : d) {
    EXPECT_TRUE(a >= 130 && a < 200);
    ++seen;
  }
  EXPECT_EQ(seen, 70);
  EXPECT_TRUE(csp::domain<4>::single(77).singleton());
}

// Solutions of n = 1..10 queens under the combinations: all 48 up to `every_up_to`, a few
// beyond (the rest is the slow test's).
void count_queens(int every_up_to) {
  const auto counts = nqueens_test::read_counts();
  for (int n = 1; n <= 10; ++n) {
    const nq::row_domains d(n, {});
    const nq::csp_model m(d);
    auto configs = all_configs();
    if (n > every_up_to) {
      configs.clear();
      for (const char* spec :
           {"bt", "cbj", "mrv+fc", "mac+lcv", "dom-deg+fc+cbj", "dom-wdeg+mac+lcv+cbj"}) {
        configs.push_back(*csp::parse_spec(spec));
      }
    }
    for (const auto c : configs) {
      const auto r = run(m, c, 0, 0);
      EXPECT_EQ(r.stats.solutions, counts.at(n).total) << "n=" << n << ' ' << csp::spec_of(c);
    }
  }
}

TEST(CspNQueens, EveryCombinationCountsAsTheTable) { count_queens(8); }
TEST(CspSlow, NQueensEveryCombinationUpToTen) { count_queens(10); }

TEST(CspNQueens, EveryCombinationFindsTheBoardSolutions) {
  for (const int n : {5, 6, 8}) {
    const auto expected = board_solutions(n);
    const nq::row_domains d(n, {});
    const nq::csp_model m(d);
    for (const auto c : all_configs()) {
      EXPECT_EQ(run(m, c).solutions, expected) << "n=" << n << ' ' << csp::spec_of(c);
    }
  }
}

TEST(CspNQueens, PrePlacedQueensAreKept) {
  const nq::row_domains d(8, {{0, 0}});
  const nq::csp_model m(d);
  for (const auto c : all_configs()) {
    const auto r = run(m, c);
    EXPECT_EQ(r.stats.solutions, 4U) << csp::spec_of(c);
    for (const auto& s : r.solutions) EXPECT_EQ(s[0], 0);
  }
}

// Exact counts, so that any change in what a switch does is seen (docs/strategies.md).
TEST(CspNQueens, PinnedCountsForEightQueens) {
  const nq::row_domains d(8, {});
  const nq::csp_model m(d);
  struct pin {
    const char* spec;
    std::uint64_t nodes, checks, backtracks, prunes;
  };
  for (const pin& p :
       {pin{"bt", 2057, 15720, 2056, 13664}, pin{"fc", 1725, 1724, 1164, 560},
        pin{"mac", 769, 768, 582, 186}, pin{"mrv+fc", 1361, 1360, 1068, 292},
        pin{"cbj", 1948, 13762, 1947, 11815}, pin{"fc+cbj", 1714, 1713, 1160, 553}}) {
    const auto r = run(m, *csp::parse_spec(p.spec), 0, 0);
    EXPECT_EQ(r.stats.nodes, p.nodes) << p.spec;
    EXPECT_EQ(r.stats.checks, p.checks) << p.spec;
    EXPECT_EQ(r.stats.backtracks, p.backtracks) << p.spec;
    EXPECT_EQ(r.stats.prunes, p.prunes) << p.spec;
    EXPECT_EQ(r.stats.solutions, 92U) << p.spec;
  }
  // The first solution of plain backtracking is the textbook's: 876 checks... minus the
  // root's row (the textbook counts the same 876 tests for its first solution).
  const auto first = run(m, *csp::parse_spec("bt"), 1);
  EXPECT_EQ(first.solutions, (solution_set{{0, 4, 7, 5, 2, 6, 1, 3}}));
  EXPECT_EQ(first.stats.checks, 876U);
  EXPECT_EQ(first.stats.backtracks, 105U);
}

// A count by work units is the whole search's: the same solutions under every combination
// and cut (CBJ once jumped over subtrees the split had handed to other units: 8-queens by
// units of depth 3 counted 23 solutions with `cbj`), and the same statistics, inference
// counters included, except under dom-wdeg, whose weights each unit learns afresh, and CBJ,
// whose jumps end at a unit's root: a subtree the whole search jumps over is another unit.
TEST(CspNQueens, CountsByUnitsEqualTheWholeSearch) {
  const nq::row_domains d(8, {});
  const nq::csp_model m(d);
  for (const auto c : all_configs()) {
    const auto whole = run(m, c, 0, 0);
    for (const std::size_t cut : {1U, 2U, 3U, 5U}) {
      auto by_units = csp_test::run_split(m, c, cut);
      EXPECT_EQ(by_units.stats.solutions, 92U) << csp::spec_of(c) << " cut " << cut;
      if (c.var == csp::var_order::dom_wdeg || c.jmp == csp::jump::cbj) continue;
      by_units.stats.seconds = whole.stats.seconds;
      EXPECT_EQ(by_units.stats, whole.stats) << csp::spec_of(c) << " cut " << cut;
    }
  }
}

// The inference counters of forward checking and MAC (docs/statistics.md), pinned; a wipe-out
// is the only way their nodes fail, and plain backtracking reports none of them.
TEST(CspNQueens, InferenceCountersForEightQueens) {
  const nq::row_domains d(8, {});
  const nq::csp_model m(d);
  struct pin {
    const char* spec;
    std::uint64_t checks, removals, wipeouts;
  };
  for (const pin& p :
       {pin{"fc", 4380, 4840, 560}, pin{"mac", 9104, 3828, 186}, pin{"mrv+fc", 3686, 4472, 292}}) {
    const auto r = run(m, *csp::parse_spec(p.spec), 0, 0);
    EXPECT_TRUE(r.stats.infers) << p.spec;
    EXPECT_EQ(r.stats.propagation_checks, p.checks) << p.spec;
    EXPECT_EQ(r.stats.removals, p.removals) << p.spec;
    EXPECT_EQ(r.stats.wipeouts, p.wipeouts) << p.spec;
    EXPECT_EQ(r.stats.wipeouts, r.stats.prunes) << p.spec;
  }
  const auto plain = run(m, *csp::parse_spec("bt"), 0, 0);
  EXPECT_FALSE(plain.stats.infers);
  EXPECT_EQ(plain.stats.propagation_checks + plain.stats.removals + plain.stats.wipeouts, 0U);
}

TEST(CspNQueens, BackjumpingSkipsLevelsAndTracesThem) {
  const nq::row_domains d(10, {});
  const nq::csp_model m(d);
  const std::string t = first_trace<*csp::parse_spec("cbj")>(m);
  EXPECT_NE(t.find("CBJ jumps to Q"), std::string::npos);
  EXPECT_NE(t.find("Q2 at column 1 rejected: column with Q1"), std::string::npos);
  EXPECT_NE(t.find("Q2 at column 2 rejected: diagonal with Q1"), std::string::npos);
  EXPECT_NE(t.find("backtrack from Q"), std::string::npos);
}

TEST(CspNQueens, ForwardCheckingTracesWipeOuts) {
  const nq::row_domains d(6, {});
  const nq::csp_model m(d);
  const std::string t = first_trace<*csp::parse_spec("fc")>(m);
  EXPECT_NE(t.find("        forward check wiped out Q6's domain\n"), std::string::npos) << t;
}

// Labelled colourings counted by the textbook strategy, the problem's own search.
std::uint64_t textbook_colourings(const col::adjacency& g, int m) {
  col::textbook p(g, m);
  bt::solution_counter c;
  bt::search(p, c);
  return c.count;
}

// Every combination counts the textbook's labelled colourings of small graphs with m colours
// for each m in `colour_counts`; the Groetzsch graph only with `groetzsch`.
void count_colourings(std::initializer_list<int> colour_counts, bool groetzsch) {
  std::vector<std::pair<std::string, gr::edge_list>> graphs = {{"petersen", gr::petersen()},
                                                               {"grotzsch", gr::mycielski(3)}};
  gr::edge_list c5{5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}}};
  gr::edge_list k4{4, {{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}}};
  graphs.emplace_back("c5", c5);
  graphs.emplace_back("k4", k4);
  if (!groetzsch) graphs.erase(graphs.begin() + 1);
  for (const auto& [name, e] : graphs) {
    const col::adjacency g(gr::make_graph(e));
    for (const int colours : colour_counts) {
      const std::uint64_t expected = textbook_colourings(g, colours);
      const col::csp_model m(g, colours);
      for (const auto c : all_configs()) {
        EXPECT_EQ(run(m, c, 0, 0).stats.solutions, expected)
            << name << " m=" << colours << ' ' << csp::spec_of(c);
      }
    }
  }
}

TEST(CspColouring, EveryCombinationCountsAsTheTextbook) { count_colourings({3}, false); }
TEST(CspSlow, ColouringEveryCombinationWithFourColours) { count_colourings({3, 4}, true); }

TEST(CspColouring, TracesTheNeighbourWithTheColour) {
  gr::edge_list tri{3, {{0, 1}, {1, 2}, {0, 2}}};
  const col::adjacency g(gr::make_graph(tri));
  const col::csp_model m(g, 3);
  EXPECT_EQ(first_trace<csp::config{}>(m),
            "assign v1 colour 1\n"
            "  v2 colour 1 rejected: v1 has colour 1\n"
            "  assign v2 colour 2\n"
            "    v3 colour 1 rejected: v1 has colour 1\n"
            "    v3 colour 2 rejected: v2 has colour 2\n"
            "    assign v3 colour 3\n"
            "      solution\n");
}

hc::instance hcp(const std::string& name) {
  return hc::make_instance(
      gr::read_graph_file(std::string(BT_TEST_DATA) + "/hamiltonian/" + name + ".hcp").edges);
}

// Every combination counts the known cycles of the graphs (tests/data/hamiltonian).
void count_cycles(const std::vector<std::pair<std::string, std::uint64_t>>& graphs) {
  for (const auto& [name, cycles] : graphs) {
    const auto in = hcp(name);
    const hc::csp_model m(in);
    for (const auto c : all_configs()) {
      const auto r = run(m, c);
      EXPECT_EQ(r.stats.solutions, cycles) << name << ' ' << csp::spec_of(c);
      for (const auto& s : r.solutions) {
        ASSERT_EQ(s.size(), in.n);
        EXPECT_EQ(s[0], 0);
        for (std::size_t i = 0; i < s.size(); ++i) {
          EXPECT_TRUE(in.adjacent(static_cast<hc::vertex>(s[i]),
                                  static_cast<hc::vertex>(s[(i + 1) % s.size()])));
        }
        EXPECT_LT(s[1], s.back());
      }
    }
  }
}

TEST(CspHamiltonian, EveryCombinationCountsTheKnownCycles) {
  count_cycles({{"k4", 3},
                {"envelope6", 3},
                {"bowtie5", 0},
                {"cube_q3", 6},
                {"petersen", 0},
                {"herschel", 0}});
}
TEST(CspSlow, HamiltonianDodecahedron) { count_cycles({{"dodecahedron", 30}}); }

TEST(CspHamiltonian, TooSmallGraphsHaveNoCycle) {
  gr::edge_list k2{2, {{0, 1}}};
  const auto in = hc::make_instance(k2);
  const hc::csp_model m(in);
  for (const auto c : all_configs()) EXPECT_EQ(run(m, c).stats.solutions, 0U);
}

}  // namespace
