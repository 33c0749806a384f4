// SPDX-License-Identifier: MIT
// The travelling salesman: TSPLIB's distances (its published optimal tours evaluate to its
// optima), every strategy against the Held-Karp programme on random instances (complete,
// Euclidean, with missing edges, with no tour), TSPLIB's published optima, improvements
// strictly better each time, the bounds' pruning in the statistics, a split search on threads
// with one incumbent, the readers on good and malformed files, and the trace's words.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <mutex>
#include <numeric>
#include <optional>
#include <random>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <bt/bt.hpp>
#include <bt/split.hpp>
#include <bt/problems/tsp/tsp.hpp>

#include "common/thrown.hpp"

namespace {

namespace tsp = bt::problems::tsp;
using tsp::length;

// Every strategy is a problem of the engine (trail discipline) that optimises; the two with a
// real bound also say when no tour is left.
static_assert(bt::trail_problem<tsp::plain_search> && bt::optimising<tsp::plain_search>);
static_assert(bt::trail_problem<tsp::reduced_search> && bt::optimising<tsp::reduced_search>);
static_assert(bt::trail_problem<tsp::held_karp_search> && bt::optimising<tsp::held_karp_search>);
static_assert(bt::problem<tsp::held_karp_search> && bt::checks_nodes<tsp::held_karp_search>);
static_assert(!bt::checks_nodes<tsp::plain_search>);

std::string data_path(const std::string& file) {
  return std::string(BT_TEST_DATA) + "/tsp/" + file;
}

struct answer {
  std::string name;
  std::size_t n = 0;
  std::string type;
  length optimum = 0;
};

std::vector<answer> read_answers() {
  std::ifstream in(data_path("answers.csv"));
  std::vector<answer> out;
  std::string line;
  std::getline(in, line);
  while (std::getline(in, line)) {
    std::istringstream ls(line);
    std::string name, n, type, opt;
    std::getline(ls, name, ',');
    std::getline(ls, n, ',');
    std::getline(ls, type, ',');
    std::getline(ls, opt, ',');
    out.push_back({name, std::stoul(n), type, std::stoll(opt)});
  }
  return out;
}

tsp::instance load(const std::string& name) {
  return tsp::read_tsp_file(data_path(name + ".tsp")).inst;
}

// A TSPLIB .opt.tour's cities, 0-based.
std::vector<tsp::city> read_tour(const std::string& name) {
  std::ifstream in(data_path("opt_tours/" + name + ".opt.tour"));
  std::string word;
  while (in >> word && word != "TOUR_SECTION") {
  }
  std::vector<tsp::city> out;
  for (long c; in >> c && c != -1;) out.push_back(static_cast<tsp::city>(c - 1));
  return out;
}

// One branch-and-bound search: the solutions reported (each an improvement), the last tour,
// the statistics.
struct run {
  std::vector<length> lengths;  // objective of each solution, in the order reported
  std::optional<tsp::solution> best;
  bool all_tours = true;  // every solution's path is a tour of its length
  bt::stats stats;
  std::uint64_t improvements = 0;
  bt::outcome outcome{};
};

template <class P>
run search(P& p, bool prune = true, std::uint64_t max_nodes = 0) {
  run r;
  bt::incumbent<length> inc(bt::goal::minimize);
  if (prune) p.share(&inc);
  bt::stats_visitor sv{r.stats};
  bt::limit_visitor limit(max_nodes, std::nullopt);
  bt::solution_sink sink([&](const P& s) {
    const auto sol = tsp::make_solution(s.graph(), s.path());
    r.all_tours = r.all_tours && sol && sol->length == s.objective();
    if (!sol) return;
    r.lengths.push_back(sol->length);
    r.best = sol;
  });
  r.outcome = bt::search(p, bt::visitors(sv, sink, limit));
  r.improvements = inc.improvements();
  return r;
}

run solve(tsp::strategy s, const tsp::instance& in) {
  return tsp::with_strategy(s, in, [&](auto& p) { return search(p); });
}

// The checks every optimising run must pass against the optimum (nothing: no tour).
void expect_optimal(const run& r, std::optional<length> best, const std::string& what) {
  EXPECT_TRUE(r.all_tours) << what;
  EXPECT_EQ(r.outcome, bt::outcome::exhausted) << what;
  if (!best) {
    EXPECT_FALSE(r.best.has_value()) << what;
    return;
  }
  ASSERT_TRUE(r.best.has_value()) << what;
  EXPECT_EQ(r.best->length, *best) << what;
  EXPECT_EQ(r.best->tour.front(), 1U) << what;
  EXPECT_EQ(r.lengths.size(), r.improvements) << what;
  for (std::size_t i = 1; i < r.lengths.size(); ++i) {
    EXPECT_LT(r.lengths[i], r.lengths[i - 1]) << what << ": improvement " << i;
  }
}

// Random instances: distances 1..range, a fraction of the pairs missing.
tsp::instance random_matrix(std::mt19937_64& rng, std::size_t n, length range, double missing) {
  std::vector<length> d(n * n, 0);
  std::uniform_int_distribution<length> w(1, range);
  std::bernoulli_distribution gone(missing);
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      const length x = gone(rng) ? tsp::no_edge : w(rng);
      d[i * n + j] = x;
      d[j * n + i] = x;
    }
  }
  return tsp::instance(n, std::move(d));
}

// Random cities in a square, as a TSPLIB EUC_2D text (through the reader).
tsp::instance random_euclidean(std::mt19937_64& rng, std::size_t n) {
  std::ostringstream t;
  t << "NAME : random\nTYPE : TSP\nDIMENSION : " << n << "\nEDGE_WEIGHT_TYPE : EUC_2D\n"
    << "NODE_COORD_SECTION\n";
  std::uniform_real_distribution<double> xy(0, 1000);
  for (std::size_t i = 0; i < n; ++i) t << i + 1 << ' ' << xy(rng) << ' ' << xy(rng) << '\n';
  t << "EOF\n";
  return tsp::read_tsp_text(t.str(), "random.tsp").inst;
}

// ---------------------------------------------------------------------------------------------
// TSPLIB's distances

TEST(TspDistance, RoundsAsTsplib) {
  namespace dist = tsp::distance;
  EXPECT_EQ(dist::euc_2d({0, 0}, {3, 4}), 5);
  EXPECT_EQ(dist::euc_2d({0, 0}, {1, 1}), 1);      // 1.414 rounds down
  EXPECT_EQ(dist::euc_2d({0, 0}, {1.5, 1.5}), 2);  // 2.121
  EXPECT_EQ(dist::euc_2d({0, 0}, {0, 2.5}), 3);    // nint(2.5) = (int) 3.0
  EXPECT_EQ(dist::ceil_2d({0, 0}, {1, 1}), 2);
  EXPECT_EQ(dist::ceil_2d({0, 0}, {3, 4}), 5);
  // ATT: r = sqrt(1000 / 10) = 10 exactly -> 10; r = sqrt(1010 / 10) = 10.05 -> 11.
  EXPECT_EQ(dist::att({0, 0}, {10, 30}), 10);
  EXPECT_EQ(dist::att({0, 0}, {1, 31.768}), 11);
  // GEO: 16.47 is 16 degrees 47 minutes; -16.47 truncates toward 0 as well.
  EXPECT_DOUBLE_EQ(dist::geo_radians(16.47), 3.141592 * (16 + 5.0 * 0.47 / 3.0) / 180.0);
  EXPECT_DOUBLE_EQ(dist::geo_radians(-16.47), -dist::geo_radians(16.47));
  EXPECT_EQ(dist::geo({16.47, 96.10}, {16.47, 96.10}), 1);  // (int) (0 + 1.0)
}

TEST(TspDistance, PublishedOptimalToursHaveThePublishedLengths) {
  // Each distance function and matrix format against TSPLIB's own optimal tours: GEO
  // (ulysses), EXPLICIT LOWER_DIAG_ROW (gr24, fri26), UPPER_ROW (bayg29), FULL_MATRIX (bays29),
  // ATT (att48), EUC_2D (eil51, berlin52, st70, eil76, rd100). A tour may start anywhere.
  int checked = 0;
  for (const answer& a : read_answers()) {
    std::ifstream probe(data_path("opt_tours/" + a.name + ".opt.tour"));
    if (!probe) continue;
    const tsp::instance in = load(a.name);
    std::vector<tsp::city> tour = read_tour(a.name);
    ASSERT_EQ(tour.size(), a.n) << a.name;
    std::rotate(tour.begin(), std::find(tour.begin(), tour.end(), 0U), tour.end());
    EXPECT_EQ(tsp::tour_length(in, tour), a.optimum) << a.name;
    ++checked;
  }
  EXPECT_EQ(checked, 12);
}

// ---------------------------------------------------------------------------------------------
// The Held-Karp programme

TEST(TspDp, AgreesWithEveryPermutation) {
  std::mt19937_64 rng(3);
  for (int trial = 0; trial < 60; ++trial) {
    const std::size_t n = 1 + static_cast<std::size_t>(trial % 8);
    const tsp::instance in = random_matrix(rng, n, 50, trial % 3 == 0 ? 0.4 : 0.0);
    std::vector<tsp::city> order(n);
    std::iota(order.begin(), order.end(), 0U);
    std::optional<length> best;
    do {
      if (const auto len = tsp::tour_length(in, order); len && (!best || *len < *best)) best = len;
    } while (std::next_permutation(order.begin() + 1, order.end()));
    const auto dp = tsp::solve_held_karp(in);
    ASSERT_EQ(dp.has_value(), best.has_value()) << "trial " << trial;
    if (!dp) continue;
    EXPECT_EQ(dp->length, *best) << "trial " << trial;
    std::vector<tsp::city> tour;
    for (const std::size_t c : dp->tour) tour.push_back(static_cast<tsp::city>(c - 1));
    EXPECT_EQ(tsp::tour_length(in, tour), dp->length) << "trial " << trial;
  }
  EXPECT_EQ(test_common::thrown_message<tsp::invalid_input>(
                [] { (void)tsp::solve_held_karp(tsp::instance(21, std::vector<length>(441, 1))); }),
            "the Held-Karp programme takes at most 20 cities, not 21");
}

TEST(TspDp, GivesTheSmallTsplibOptima) {
  for (const char* name : {"burma14", "ulysses16", "gr17"}) {
    const auto dp = tsp::solve_held_karp(load(name));
    ASSERT_TRUE(dp.has_value());
    for (const answer& a : read_answers()) {
      if (a.name == name) {
        EXPECT_EQ(dp->length, a.optimum) << name;
      }
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Every strategy finds the programme's optimum

TEST(TspRandom, EveryStrategyFindsTheOptimum) {
  // n = 5..12: complete matrices, Euclidean cities, graphs with missing edges (some without
  // a tour at all).
  std::mt19937_64 rng(2028);
  for (int trial = 0; trial < 48; ++trial) {
    const std::size_t n = 5 + static_cast<std::size_t>(trial % 8);
    const int kind = trial % 3;
    const tsp::instance in = kind == 0   ? random_matrix(rng, n, 100, 0.0)
                             : kind == 1 ? random_euclidean(rng, n)
                                         : random_matrix(rng, n, 1000, 0.45);
    const auto dp = tsp::solve_held_karp(in);
    const std::optional<length> best = dp ? std::optional<length>(dp->length) : std::nullopt;
    for (const tsp::strategy s : tsp::all_strategies) {
      expect_optimal(solve(s, in), best,
                     "trial " + std::to_string(trial) + " " + std::string(tsp::name(s)));
    }
  }
}

TEST(TspRandom, EveryChildOrderFindsTheOptimum) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 12; ++trial) {
    const tsp::instance in = random_matrix(rng, 9, 60, trial % 2 == 0 ? 0.0 : 0.3);
    const auto dp = tsp::solve_held_karp(in);
    const std::optional<length> best = dp ? std::optional<length>(dp->length) : std::nullopt;
    for (const tsp::child_order o : {tsp::child_order::index, tsp::child_order::cheapest}) {
      tsp::plain_search a(in, o);
      tsp::reduced_search b(in, o);
      tsp::held_karp_search c(in, o);
      expect_optimal(search(a), best, "plain");
      expect_optimal(search(b), best, "reduced");
      expect_optimal(search(c), best, "held-karp");
    }
  }
}

TEST(TspRandom, WithoutAnIncumbentEveryTourIsASolution) {
  // No incumbent, no pruning: each of the (n - 1)! directed tours of K_n once.
  const tsp::instance in(6, std::vector<length>(36, 7));
  for (const tsp::strategy s : tsp::all_strategies) {
    const run r = tsp::with_strategy(s, in, [](auto& p) { return search(p, false); });
    EXPECT_EQ(r.stats.solutions, 120U) << tsp::name(s);
    EXPECT_TRUE(r.all_tours);
  }
}

TEST(TspRandom, OneAndTwoCities) {
  const tsp::instance one(1, {0});
  const tsp::instance two(2, {0, 5, 5, 0});
  for (const tsp::strategy s : tsp::all_strategies) {
    const run r1 = solve(s, one);
    ASSERT_TRUE(r1.best.has_value());
    EXPECT_EQ(*r1.best, (tsp::solution{0, {1}}));
    const run r2 = solve(s, two);
    ASSERT_TRUE(r2.best.has_value());
    EXPECT_EQ(*r2.best, (tsp::solution{10, {1, 2}}));
  }
}

// ---------------------------------------------------------------------------------------------
// TSPLIB's published optima

// st70 and rd100 take seconds even optimised: they run in tsp_slow_test (BT_SLOW_TESTS) only.
#ifdef BT_SLOW_TESTS
constexpr bool searches_all = true;
#else
constexpr bool searches_all = false;
#endif

TEST(TspTsplib, HeldKarpFindsThePublishedOptima) {
  // Every instance of tests/data/tsp, burma14 to eil76 (st70 and rd100 in the slow test);
  // docs/problems/tsp.md times them.
  for (const answer& a : read_answers()) {
    if (!searches_all && (a.name == "st70" || a.name == "rd100")) continue;
    const tsp::instance in = load(a.name);
    ASSERT_EQ(in.n(), a.n);
    tsp::held_karp_search p(in);
    expect_optimal(search(p), a.optimum, a.name);
  }
}

TEST(TspTsplib, TheTextbookBoundOnBurma14) {
  const tsp::instance in = load("burma14");
  expect_optimal(solve(tsp::strategy::reduced, in), 3323, "reduced");
}

// ---------------------------------------------------------------------------------------------
// The bounds in the statistics

TEST(TspStats, TheStrongerBoundPrunesMore) {
  std::mt19937_64 rng(8);
  const tsp::instance in = random_euclidean(rng, 11);
  const run plain = solve(tsp::strategy::plain, in);
  const run reduced = solve(tsp::strategy::reduced, in);
  const run held_karp = solve(tsp::strategy::held_karp, in);
  const length best = tsp::solve_held_karp(in)->length;
  expect_optimal(plain, best, "plain");
  expect_optimal(reduced, best, "reduced");
  expect_optimal(held_karp, best, "held-karp");
  EXPECT_GT(reduced.stats.prunes, 0U);
  EXPECT_LT(reduced.stats.nodes, plain.stats.nodes);
  EXPECT_LT(held_karp.stats.nodes, reduced.stats.nodes);
  // The same child order: the bound alone makes the difference.
  tsp::reduced_search r(in, tsp::child_order::cheapest);
  tsp::held_karp_search h(in, tsp::child_order::cheapest);
  EXPECT_LT(search(h).stats.nodes, search(r).stats.nodes);
  // On gr17 the textbook's bound needs millions of nodes; Held-Karp's a few hundred.
  const tsp::instance gr17_instance = load("gr17");
  tsp::held_karp_search g(gr17_instance);
  const run gr17 = search(g);
  EXPECT_EQ(gr17.best->length, 2085);
  EXPECT_LT(gr17.stats.nodes, 1000U);
  tsp::reduced_search gr(gr17_instance);
  EXPECT_EQ(search(gr, true, 100'000).outcome, bt::outcome::stopped);
}

// ---------------------------------------------------------------------------------------------
// A split search on threads, one incumbent

TEST(TspSplit, SubproblemsOnThreadsWithOneIncumbentFindTheOptimum) {
  std::mt19937_64 rng(41);
  const std::vector<tsp::instance> instances = [&] {
    std::vector<tsp::instance> v;
    v.push_back(random_euclidean(rng, 11));
    v.push_back(random_matrix(rng, 10, 100, 0.3));
    v.push_back(load("gr17"));
    return v;
  }();
  for (const tsp::instance& in : instances) {
    const auto dp = tsp::solve_held_karp(in);
    for (const tsp::strategy s : tsp::all_strategies) {
      if (s != tsp::strategy::held_karp && in.n() > 12) continue;  // millions of nodes
      tsp::with_strategy(s, in, [&](auto& root) {
        using P = std::remove_cvref_t<decltype(root)>;
        bt::incumbent<length> inc(bt::goal::minimize);
        root.share(&inc);  // the copies at the cut share it
        bt::stats top;
        const auto subs = bt::split(root, 2, top);
        ASSERT_GT(subs.size(), 1U);
        std::atomic<std::size_t> next{0};
        std::mutex m;
        std::optional<tsp::solution> found;
        const auto work = [&] {
          for (std::size_t i; (i = next.fetch_add(1)) < subs.size();) {
            P p = subs[i].state;
            bt::solution_sink sink([&](const P& st) {
              const auto sol = tsp::make_solution(st.graph(), st.path());
              ASSERT_TRUE(sol.has_value());
              const std::lock_guard<std::mutex> lock(m);
              if (!found || sol->length < found->length) found = sol;
            });
            bt::search(p, sink);
          }
        };
        std::thread a(work);
        std::thread b(work);
        a.join();
        b.join();
        ASSERT_EQ(inc.has(), dp.has_value());
        if (!dp) return;
        EXPECT_EQ(inc.value(), dp->length) << tsp::name(s);
        ASSERT_TRUE(found.has_value());
        EXPECT_EQ(found->length, dp->length) << tsp::name(s);
      });
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The readers

std::string read_error(const std::string& text, const std::string& file = "t.tsp") {
  return test_common::thrown_message<tsp::parse_error>(
      [&] { (void)tsp::read_tsp_text(text, file); }, "no error");
}

TEST(TspReader, EveryMatrixFormatGivesTheSameMatrix) {
  // Four cities; d(1,2)=1 d(1,3)=2 d(1,4)=3 d(2,3)=4 d(2,4)=5 d(3,4)=6.
  const std::string head = "NAME: four\nTYPE: TSP\nDIMENSION: 4\nEDGE_WEIGHT_TYPE: EXPLICIT\n";
  const std::vector<std::pair<std::string, std::string>> formats = {
      {"FULL_MATRIX", "0 1 2 3\n1 0 4 5\n2 4 0 6\n3 5 6 0"},
      {"UPPER_ROW", "1 2 3\n4 5\n6"},
      {"LOWER_ROW", "1\n2 4\n3 5 6"},
      {"UPPER_DIAG_ROW", "0 1 2 3 0 4 5 0 6 0"},
      {"LOWER_DIAG_ROW", "0\n1 0\n2 4 0\n3 5 6 0"},
  };
  for (const auto& [format, numbers] : formats) {
    const tsp::read_result r = tsp::read_tsp_text(
        head + "EDGE_WEIGHT_FORMAT: " + format + "\nEDGE_WEIGHT_SECTION\n" + numbers + "\nEOF\n",
        "four.tsp");
    EXPECT_EQ(r.kind, tsp::format::tsplib);
    EXPECT_EQ(r.inst.name(), "four");
    EXPECT_EQ(r.inst.d(0, 1), 1) << format;
    EXPECT_EQ(r.inst.d(0, 3), 3) << format;
    EXPECT_EQ(r.inst.d(2, 1), 4) << format;
    EXPECT_EQ(r.inst.d(3, 2), 6) << format;
    EXPECT_EQ(r.inst.d(1, 3), 5) << format;
  }
}

TEST(TspReader, ReadsEveryTsplibFileHere) {
  for (const answer& a : read_answers()) {
    const tsp::read_result r = tsp::read_tsp_file(data_path(a.name + ".tsp"));
    EXPECT_EQ(r.kind, tsp::format::tsplib);
    EXPECT_EQ(r.inst.n(), a.n) << a.name;
    EXPECT_TRUE(r.inst.complete()) << a.name;
    EXPECT_TRUE(r.warnings.empty());
  }
  EXPECT_EQ(load("ulysses16").name(), "ulysses16.tsp");  // its NAME line says so
}

TEST(TspReader, GraphFilesAreUnitLengthInstances) {
  // The Hamiltonian plugin's files: a tour of length n when the graph has a Hamiltonian cycle.
  const std::string h = std::string(BT_TEST_DATA) + "/hamiltonian/";
  const tsp::read_result k4 = tsp::read_tsp_file(h + "k4.hcp");
  EXPECT_EQ(k4.kind, tsp::format::hcp);
  EXPECT_EQ(k4.inst.name(), "k4");
  EXPECT_EQ(solve(tsp::strategy::held_karp, k4.inst).best->length, 4);
  const tsp::read_result dodeca = tsp::read_tsp_file(h + "dodecahedron.hcp");
  EXPECT_FALSE(dodeca.inst.complete());
  for (const tsp::strategy s : tsp::all_strategies) {
    EXPECT_EQ(solve(s, dodeca.inst).best->length, 20) << tsp::name(s);
  }
  // The Petersen and Herschel graphs have no Hamiltonian cycle: no tour.
  for (const char* none : {"petersen.hcp", "herschel.hcp"}) {
    const tsp::instance in = tsp::read_tsp_file(h + none).inst;
    for (const tsp::strategy s : tsp::all_strategies) {
      const run r = solve(s, in);
      EXPECT_FALSE(r.best.has_value()) << none << " " << tsp::name(s);
      EXPECT_EQ(r.outcome, bt::outcome::exhausted);
    }
  }
  // DIMACS and a plain edge list: C4.
  const tsp::read_result dimacs =
      tsp::read_tsp_text("c square\np edge 4 4\ne 1 2\ne 2 3\ne 3 4\ne 4 1\n", "c4.col");
  EXPECT_EQ(dimacs.kind, tsp::format::dimacs);
  EXPECT_EQ(solve(tsp::strategy::reduced, dimacs.inst).best->tour,
            (std::vector<std::size_t>{1, 2, 3, 4}));
  const tsp::read_result edges = tsp::read_tsp_text("# C4\n1 2\n2 3\n3 4\n4 1\n", "c4.edges");
  EXPECT_EQ(edges.kind, tsp::format::edge_list);
  EXPECT_FALSE(edges.inst.edge(0, 2));
  EXPECT_EQ(solve(tsp::strategy::plain, edges.inst).best->length, 4);
}

TEST(TspReader, WeightedEdgeListsMissingEdgesAreNoEdge) {
  // The square 1-2-3-4 with heavy sides and a cheap diagonal 1-3: the diagonal cannot be used
  // (no tour has it), so the only tour is the square.
  const tsp::read_result r = tsp::read_tsp_text(
      "# u v w\n1 2 10\n2 3 10\n\n3 4 10\n% other comment\n4 1 10\n1 3 1\n3 3 5\n", "sq.wel");
  EXPECT_EQ(r.kind, tsp::format::weighted_edge_list);
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_EQ(r.warnings[0], "sq.wel: 1 loop (an edge u-u) was dropped: a tour never uses one");
  EXPECT_FALSE(r.inst.edge(1, 3));
  EXPECT_EQ(r.inst.d(2, 0), 1);
  for (const tsp::strategy s : tsp::all_strategies) {
    const run best = solve(s, r.inst);
    ASSERT_TRUE(best.best.has_value());
    EXPECT_EQ(best.best->length, 40) << tsp::name(s);
    // The square in either direction.
    EXPECT_TRUE(best.best->tour == (std::vector<std::size_t>{1, 2, 3, 4}) ||
                best.best->tour == (std::vector<std::size_t>{1, 4, 3, 2}))
        << tsp::name(s);
  }
  // A repeated edge with the same length is fine.
  EXPECT_EQ(tsp::read_tsp_text("1 2 3\n2 1 3\n", "w").inst.d(0, 1), 3);
}

TEST(TspReader, RefusesMalformedTsplibTexts) {
  const std::string head = "NAME: x\nTYPE: TSP\nDIMENSION: 3\n";
  EXPECT_EQ(read_error("NAME: x\nTYPE: ATSP\n"),
            "t.tsp:2: TYPE ATSP is not supported; only TSP (symmetric) is");
  EXPECT_EQ(read_error("NAME: x\nDIMENSION: 0\n"),
            "t.tsp:2: DIMENSION must be a whole number of cities, not '0'");
  EXPECT_EQ(read_error("NAME: x\nDIMENSION: 5000\n"),
            "t.tsp:2: DIMENSION 5000 is more than the 2000 cities supported");
  EXPECT_EQ(read_error(head + "EDGE_WEIGHT_TYPE: MAN_2D\n"),
            "t.tsp:4: EDGE_WEIGHT_TYPE MAN_2D is not supported (EUC_2D, CEIL_2D, ATT, GEO and "
            "EXPLICIT are)");
  EXPECT_EQ(read_error(head + "EDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: UPPER_COL\n"),
            "t.tsp:5: EDGE_WEIGHT_FORMAT UPPER_COL is not supported (FULL_MATRIX, UPPER_ROW, "
            "LOWER_ROW, UPPER_DIAG_ROW and LOWER_DIAG_ROW are)");
  EXPECT_EQ(read_error("NAME: x\nNODE_COORD_SECTION\n1 0 0\n"),
            "t.tsp:2: NODE_COORD_SECTION before DIMENSION");
  const std::string euc = head + "EDGE_WEIGHT_TYPE: EUC_2D\nNODE_COORD_SECTION\n";
  EXPECT_EQ(read_error(euc + "1 0 0\n2 3 4\nEOF\n"),
            "t.tsp:8: NODE_COORD_SECTION ends after 2 of 3 cities");
  EXPECT_EQ(read_error(euc + "1 0 0\n2 3 4\n"),
            "t.tsp:7: NODE_COORD_SECTION ends after 2 of 3 cities");
  EXPECT_EQ(read_error(euc + "1 0 0\n1 3 4\n3 1 1\n"), "t.tsp:7: city 1 is listed twice");
  EXPECT_EQ(read_error(euc + "1 0 0\n4 3 4\n"),
            "t.tsp:7: the city '4' is not a whole number from 1 to 3");
  EXPECT_EQ(read_error(euc + "1 0 0\n2 3 x\n"), "t.tsp:7: the coordinate 'x' is not a number");
  EXPECT_EQ(read_error(euc + "1 0 0\n2 3 inf\n"), "t.tsp:7: the coordinate 'inf' is not a number");
  EXPECT_EQ(read_error(euc + "1 0 0\n2 3\n"),
            "t.tsp:7: a city line must read 'CITY X Y', found 2 words");
  EXPECT_EQ(read_error(euc + "1 0 0\n2 3e9 0\n3 1 1\n"),
            "t.tsp: cities 1 and 2 are more than 1000000000 apart");
  const std::string exp = head + "EDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_FORMAT: FULL_MATRIX\n";
  EXPECT_EQ(read_error(exp + "EDGE_WEIGHT_SECTION\n0 1 2\n1 0 3\n"),
            "t.tsp:8: EDGE_WEIGHT_SECTION ends after 6 of the 9 distances 3 cities need");
  EXPECT_EQ(read_error(exp + "EDGE_WEIGHT_SECTION\n0 1 2\n1 0 3\n2 3 0 7\n"),
            "t.tsp:9: more distances than the 9 3 cities need (extra '7')");
  EXPECT_EQ(read_error(exp + "EDGE_WEIGHT_SECTION\n0 1 2\n1 0 3\n2 4 0\n"),
            "t.tsp:9: the matrix is not symmetric: 3-2 is 4, 2-3 is 3 (TYPE TSP is symmetric)");
  EXPECT_EQ(read_error(exp + "EDGE_WEIGHT_SECTION\n0 1 -2\n"),
            "t.tsp:7: a distance must be a whole number from 0 to 1000000000, not '-2'");
  EXPECT_EQ(read_error(exp + "EDGE_WEIGHT_SECTION\n0 1 2.5\n"),
            "t.tsp:7: a distance must be a whole number from 0 to 1000000000, not '2.5'");
  EXPECT_EQ(read_error(head + "EDGE_WEIGHT_TYPE: EXPLICIT\nEDGE_WEIGHT_SECTION\n1 2 3\n"),
            "t.tsp:5: EDGE_WEIGHT_SECTION without EDGE_WEIGHT_FORMAT");
  EXPECT_EQ(read_error(head + "EDGE_WEIGHT_TYPE: EXPLICIT\nEOF\n"),
            "t.tsp:5: EDGE_WEIGHT_TYPE EXPLICIT without an EDGE_WEIGHT_SECTION");
  EXPECT_EQ(read_error(head + "EOF\n"), "t.tsp:4: no EDGE_WEIGHT_TYPE");
  EXPECT_EQ(read_error("NAME: x\nTYPE: TSP\n"), "t.tsp:2: no DIMENSION");
  EXPECT_EQ(read_error(head + "FIXED_EDGES_SECTION\n1 2\n-1\n"),
            "t.tsp:4: FIXED_EDGES_SECTION is not supported for TYPE TSP");
  EXPECT_EQ(read_error(head + "SIZE: 3\n"), "t.tsp:4: expected a TSPLIB keyword, found 'SIZE:'");
  EXPECT_EQ(read_error(head + "EDGE_WEIGHT_TYPE: GEO\n\x01\x02\n"),
            "t.tsp:5: binary data, not an instance file");
}

TEST(TspReader, RefusesMalformedGraphFiles) {
  EXPECT_EQ(read_error("1 2 5\n2 3\n", "w.txt"),
            "w.txt:2: an edge line of a weighted edge list must read 'U V LENGTH', found 2 words");
  EXPECT_EQ(read_error("1 2 5\n2 0 1\n", "w.txt"),
            "w.txt:2: the vertex '0' is not a whole number from 1 to 2000");
  EXPECT_EQ(read_error("1 2 5\n2 3 -1\n", "w.txt"),
            "w.txt:2: the length '-1' is not a whole number from 0 to 1000000000");
  EXPECT_EQ(read_error("1 2 5\n2 3 1\n2 1 6\n", "w.txt"),
            "w.txt:3: the edge 2-1 has length 6 here and 5 on line 1");
  EXPECT_EQ(read_error("1 2 5\n2 3001 1\n", "w.txt"),
            "w.txt:2: the vertex '3001' is not a whole number from 1 to 2000");
  EXPECT_EQ(read_error("1 2\n2 3 4\n", "e.txt"),
            "e.txt:2: an edge line must hold two vertices 'U V'");
  EXPECT_EQ(read_error("p edge 2\n", "g.col"),
            "g.col:1: the header must read 'p edge VERTICES EDGES'");
  EXPECT_EQ(read_error("1 2\n1 2500\n", "e.txt"),
            "e.txt: the graph has 2500 vertices, more than the 2000 cities supported");
  EXPECT_EQ(read_error("", "empty.txt"), "empty.txt: empty file, no graph");
  const std::string bad = std::string(BT_TEST_DATA) + "/bad/";
  EXPECT_EQ(test_common::thrown_message<tsp::parse_error>(
                [&] { (void)tsp::read_tsp_file(bad + "tsp_truncated.tsp"); }),
            bad +
                "tsp_truncated.tsp:8: EDGE_WEIGHT_SECTION ends after 4 of the 10 distances 4 "
                "cities need");
  EXPECT_EQ(test_common::thrown_message<tsp::parse_error>(
                [&] { (void)tsp::read_tsp_file(bad + "tsp_asymmetric.tsp"); }),
            bad + "tsp_asymmetric.tsp:2: TYPE ATSP is not supported; only TSP (symmetric) is");
  EXPECT_EQ(test_common::thrown_message<tsp::parse_error>(
                [&] { (void)tsp::read_tsp_file(bad + "tsp_weighted_mixed.txt"); }),
            bad +
                "tsp_weighted_mixed.txt:3: an edge line of a weighted edge list must read 'U V "
                "LENGTH', found 4 words");
  EXPECT_EQ(test_common::thrown_message<tsp::parse_error>(
                [&] { (void)tsp::read_tsp_file(bad + "no_such.tsp"); }),
            bad + "no_such.tsp: cannot open the file");
}

TEST(TspInstance, RefusesWhatCannotBeSearched) {
  const auto error = [](std::size_t n, std::vector<length> d) {
    return test_common::thrown_message<tsp::invalid_input>(
        [&] { (void)tsp::instance(n, std::move(d)); });
  };
  EXPECT_EQ(error(0, {}), "there are no cities");
  EXPECT_EQ(error(2, {0, 1, 1}), "the matrix has 3 entries, not 2 x 2");
  EXPECT_EQ(error(2, {0, 1, 2, 0}), "the distances are not symmetric: 1-2 is 1, 2-1 is 2");
  EXPECT_EQ(error(2, {0, -5, -5, 0}),
            "the distance 1-2 is -5; distances are whole numbers from 0 to 1000000000");
  EXPECT_EQ(error(2, {0, tsp::no_edge, 3, 0}),
            "the distances are not symmetric: 1-2 is no edge, 2-1 is 3");
}

// ---------------------------------------------------------------------------------------------
// Names and the trace

TEST(TspStrategy, NamesRoundTrip) {
  for (const tsp::strategy s : tsp::all_strategies) {
    EXPECT_EQ(tsp::parse_strategy(tsp::name(s)), s);
  }
  EXPECT_EQ(tsp::name(tsp::default_strategy), "held-karp");
  EXPECT_FALSE(tsp::parse_strategy("held_karp").has_value());
}

TEST(TspTrace, TellsTheSearchInWords) {
  // The square with a useless diagonal (above): the trace names the bound, the missing road
  // and the shorter tour.
  const tsp::instance in =
      tsp::read_tsp_text("1 2 10\n2 3 10\n3 4 10\n4 1 10\n1 3 1\n", "sq.wel").inst;
  tsp::reduced_search p(in);
  bt::incumbent<length> inc(bt::goal::minimize);
  p.share(&inc);
  tsp::tour_describer d{&in};
  std::ostringstream out;
  bt::trace_visitor t(out, d);
  bt::search(p, t);
  const std::string text = out.str();
  EXPECT_NE(text.find("city 2 (+10 from 1): length 10, bound 40\n"), std::string::npos) << text;
  EXPECT_NE(text.find("reject city 4: no road 2-4\n"), std::string::npos) << text;
  EXPECT_NE(text.find("shorter tour, length 40: 1 2 3 4 1\n"), std::string::npos) << text;
  std::ostringstream picture;
  d.picture(picture);
  EXPECT_EQ(picture.str(),
            "{\"kind\":\"graph\",\"mode\":\"path\",\"n\":4,\"start\":0,\"edges\":[[0,1],[0,2],"
            "[0,3],[1,2],[2,3]],\"title\":\"travelling salesman\"}");
  // why() of a missing road, of a path no tour passes through, and of a bound.
  tsp::reduced_search at2(in);
  at2.assign(1);  // 1 -> 2
  const bt::why_info road = d.why(bt::ev::prune<tsp::reduced_search>{1, 3, at2, false}, {});
  EXPECT_EQ(road.text, "reject city 4: no road 2-4");
  ASSERT_TRUE(road.edge.has_value());
  EXPECT_EQ(*road.edge, (bt::cell{1, 3}));
  tsp::reduced_search dead(in);
  dead.assign(2);  // 1 -> 3 -> 2: city 4 cannot be reached
  dead.assign(1);
  EXPECT_FALSE(dead.promising());
  EXPECT_EQ(d.why(bt::ev::prune<tsp::reduced_search>{2, 1, dead, true}, {}).text,
            "no tour passes through this path: prune");
  tsp::reduced_search q(in);
  q.share(&inc);
  q.assign(3);  // 1 -> 4: the bound is the square's 40, no better than the best 40
  const bt::why_info bound = d.why(bt::ev::prune<tsp::reduced_search>{1, 3, q, true}, {});
  EXPECT_EQ(bound.text, "bound 40 >= best 40: prune");
  EXPECT_EQ(bound.bound_rule, "bound >= best");
}

}  // namespace
