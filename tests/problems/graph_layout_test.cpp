// SPDX-License-Identifier: MIT
// The built-in maps against AIMA's graphs, and the pictures' layout: no two vertex discs
// overlap, for the maps at their places and for DIMACS files by the spring layout (issue 31).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include <bt/problems/graph/io.hpp>
#include <bt/problems/graph/layout.hpp>
#include <bt/problems/graph/maps.hpp>

namespace {

namespace g = bt::problems::graph;

const std::string data = BT_TEST_DATA;

/// The closest two centres of a layout.
double closest(const g::picture_layout& l) {
  double best = HUGE_VAL;
  for (std::size_t i = 0; i < l.positions.size(); ++i) {
    for (std::size_t j = i + 1; j < l.positions.size(); ++j) {
      best = std::min(best, std::hypot(l.positions[i].x - l.positions[j].x,
                                       l.positions[i].y - l.positions[j].y));
    }
  }
  return best;
}

/// The layout's promise read back: every vertex placed inside the unit square, the longer
/// side spanning it, discs of the radius apart, and big enough to hold a label (1.5% of the
/// picture: 7 pixels of the runner's 508).
void expect_readable(const g::graph& gr, const g::picture_layout& l, const std::string& what) {
  ASSERT_EQ(l.positions.size(), boost::num_vertices(gr)) << what;
  double w = 0, h = 0;
  for (const g::point& p : l.positions) {
    EXPECT_GE(p.x, 0) << what;
    EXPECT_GE(p.y, 0) << what;
    EXPECT_LE(p.x, 1) << what;
    EXPECT_LE(p.y, 1) << what;
    w = std::max(w, p.x);
    h = std::max(h, p.y);
  }
  EXPECT_DOUBLE_EQ(std::max(w, h), 1.0) << what;
  EXPECT_LE(2 * l.radius, closest(l)) << what << ": two discs overlap";
  EXPECT_GE(l.radius, 0.015) << what << ": discs too small to label";
}

TEST(Maps, AreAimasGraphs) {
  // aima-python's csp.py: Australia 7 regions and 9 borders; the USA's 50 states and DC, 107
  // borders (Alaska and Hawaii isolated); France's 21 regions, 43 borders.
  const std::vector<std::pair<std::size_t, std::size_t>> sizes{{7, 9}, {51, 107}, {21, 43}};
  ASSERT_EQ(g::map_names().size(), sizes.size());
  for (std::size_t i = 0; i < sizes.size(); ++i) {
    const auto m = g::builtin_map(g::map_names()[i]);
    ASSERT_TRUE(m.has_value());
    const g::graph gr = g::make_graph(m->edges);
    EXPECT_EQ(boost::num_vertices(gr), sizes[i].first) << g::map_names()[i];
    EXPECT_EQ(boost::num_edges(gr), sizes[i].second) << g::map_names()[i];
    EXPECT_EQ(m->names.size(), sizes[i].first);
    EXPECT_EQ(m->positions.size(), sizes[i].first);
  }
  EXPECT_FALSE(g::builtin_map("mars").has_value());
  EXPECT_EQ(g::builtin_map("australia")->names.front(), "SA");
}

TEST(Maps, PlacesAreGeographic) {
  // y grows southward: Tasmania is south of Victoria, Western Australia west of South Australia.
  const auto m = g::builtin_map("australia");
  const auto at = [&](const std::string& n) {
    for (std::size_t v = 0; v < m->names.size(); ++v) {
      if (m->names[v] == n) return m->positions[v];
    }
    ADD_FAILURE() << "no region " << n;
    return g::point{};
  };
  EXPECT_GT(at("T").y, at("V").y);
  EXPECT_LT(at("WA").x, at("SA").x);
}

TEST(Layout, MapsAtTheirPlacesDoNotOverlap) {
  for (const auto name : g::map_names()) {
    const auto m = g::builtin_map(name);
    const g::graph gr = g::make_graph(m->edges);
    expect_readable(gr, g::layout(gr, m->positions), std::string(name));
    expect_readable(gr, g::layout(gr), std::string(name) + " (spring)");
  }
}

TEST(Layout, DimacsGraphsDoNotOverlap) {
  for (const std::string f :
       {"australia.col", "usa48.col", "myciel3.col", "myciel5.col", "petersen.col", "queen5_5.col",
        "c5.txt", "DSJC125.1.col", "miles250.col"}) {
    const g::graph gr = g::make_graph(g::read_graph_file(data + "/coloring/" + f).edges);
    expect_readable(gr, g::layout(gr), f);
  }
}

TEST(Layout, SetsComponentsAndIsolatedVerticesApart) {
  // Two triangles and two isolated vertices: no vertex within a disc of another, and the
  // isolated ones not in a corner on top of the rest (the fault issue 31 found).
  g::edge_list e{8, {{0, 1}, {1, 2}, {2, 0}, {3, 4}, {4, 5}, {5, 3}}};
  const g::graph gr = g::make_graph(e);
  const auto l = g::layout(gr);
  expect_readable(gr, l, "two triangles");
  // Vertices of different components are farther apart than an edge of either.
  const double edge =
      std::hypot(l.positions[0].x - l.positions[1].x, l.positions[0].y - l.positions[1].y);
  for (std::size_t u = 0; u < 3; ++u) {
    for (std::size_t v = 3; v < 8; ++v) {
      EXPECT_GT(
          std::hypot(l.positions[u].x - l.positions[v].x, l.positions[u].y - l.positions[v].y),
          edge)
          << u << " " << v;
    }
  }
}

TEST(Layout, IsTheSameEveryTime) {
  const g::graph gr = g::make_graph(g::read_graph_file(data + "/coloring/myciel4.col").edges);
  const auto a = g::layout(gr), b = g::layout(gr);
  ASSERT_EQ(a.positions.size(), b.positions.size());
  for (std::size_t v = 0; v < a.positions.size(); ++v) {
    EXPECT_EQ(a.positions[v].x, b.positions[v].x);
    EXPECT_EQ(a.positions[v].y, b.positions[v].y);
  }
}

TEST(Layout, TinyAndHugeGraphs) {
  const g::graph one = g::make_graph(g::edge_list{1, {}});
  const auto l = g::layout(one);
  ASSERT_EQ(l.positions.size(), 1U);
  EXPECT_GT(l.radius, 0);
  const g::graph many = g::make_graph(g::edge_list{g::max_layout_vertices + 1, {}});
  EXPECT_TRUE(g::layout(many).positions.empty());
}

}  // namespace
