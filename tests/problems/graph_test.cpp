// SPDX-License-Identifier: MIT
// Graph readers and generators: sizes against the published files and definitions.
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <bt/problems/graph/dot.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/graph/io.hpp>

#include "common/thrown.hpp"

namespace {

namespace g = bt::problems::graph;

const std::string data = BT_TEST_DATA;

// A graph's vertex and edge counts.
using sz = std::pair<std::size_t, std::size_t>;

sz size_of(const g::edge_list& e) {
  const g::graph gr = g::make_graph(e);
  return {boost::num_vertices(gr), boost::num_edges(gr)};
}

std::string error_of(const std::string& text) {
  std::istringstream in(text);
  return test_common::thrown_message<g::graph_error>([&] { g::read_graph(in, "f"); });
}

// The format and the size of the graph in the data file `path`.
std::pair<g::format, sz> read_file(const std::string& path) {
  const auto r = g::read_graph_file(data + path);
  return {r.kind, size_of(r.edges)};
}

TEST(GraphIo, ReadsDimacsColouringFiles) {
  EXPECT_EQ(read_file("/coloring/myciel3.col"), std::pair(g::format::dimacs, sz{11, 20}));
  EXPECT_EQ(read_file("/coloring/queen5_5.col"), std::pair(g::format::dimacs, sz{25, 160}));
}

TEST(GraphIo, AcceptsPublishedDimacsQuirks) {
  // Comments, every edge twice (header counts both), a self-loop.
  std::istringstream in("c a comment\np edge 3 6\ne 1 2\ne 2 1\ne 2 3\ne 3 2\ne 3 3\ne 1 3\n");
  const auto r = g::read_graph(in, "quirks.col");
  g::cleanup c;
  const auto gr = g::make_graph(r.edges, &c);
  EXPECT_EQ(boost::num_edges(gr), 3U);
  EXPECT_EQ(c.duplicates, 2U);
  EXPECT_EQ(c.loops, 1U);
  EXPECT_TRUE(r.warnings.empty());
}

TEST(GraphIo, WarnsWhenTheEdgeCountDisagrees) {
  std::istringstream in("p edge 3 7\ne 1 2\ne 2 3\n");
  const auto r = g::read_graph(in, "short.col");
  ASSERT_EQ(r.warnings.size(), 1U);
  EXPECT_EQ(r.warnings[0], "short.col: header declares 7 edges, the file lists 2");
}

TEST(GraphIo, ReadsTsplibHcpWithCrlfLineEnds) {
  EXPECT_EQ(read_file("/hamiltonian/fhcpcs_graph1.hcp"), std::pair(g::format::hcp, sz{66, 99}));
  EXPECT_EQ(read_file("/hamiltonian/k4.hcp"), std::pair(g::format::hcp, sz{4, 6}));
}

TEST(GraphIo, HcpWithoutTerminatorAndWithPaddedColumns) {
  std::istringstream in(
      "NAME : t\nTYPE : HCP\nDIMENSION : 3\nEDGE_DATA_FORMAT : EDGE_LIST\n"
      "EDGE_DATA_SECTION\n   1    2\n  2 3\n 3 1\nEOF\n");
  EXPECT_EQ(size_of(g::read_graph(in, "t.hcp").edges), (sz{3, 3}));
}

TEST(GraphIo, ReadsEdgeLists) {
  std::istringstream in("# triangle and a tail\n1 2\n2 3\n3 1\n3 4\n");
  const auto r = g::read_graph(in, "t.txt");
  EXPECT_EQ(r.kind, g::format::edge_list);
  EXPECT_EQ(size_of(r.edges), (sz{4, 4}));
}

TEST(GraphIo, MalformedFilesNameFileAndLine) {
  EXPECT_EQ(error_of(""), "f: empty file, no graph");
  EXPECT_EQ(error_of("p edge 3 1\ne 1 4\n"), "f:2: vertex 4 is out of range 1..3");
  EXPECT_EQ(error_of("p edge 3 1\ne 0 1\n"), "f:2: vertex 0 is out of range 1..3");
  EXPECT_EQ(error_of("p edge 3 1\ne 1 -2\n"), "f:2: vertex -2 is out of range 1..3");
  EXPECT_EQ(error_of("e 1 2\n"), "f:1: edge before the 'p edge' header");
  EXPECT_EQ(error_of("p edge 1000000000 1\n"),
            "f:1: vertex count 1000000000 is out of range 1..10000000");
  EXPECT_EQ(error_of("p edge 3\n"), "f:1: the header must read 'p edge VERTICES EDGES'");
  EXPECT_EQ(error_of("p edge 3 1\ne 1 x\n"), "f:2: vertex must be a whole number, not 'x'");
  EXPECT_EQ(error_of("p edge 3 1\ne 1 99999999999999999999\n"),
            "f:2: vertex '99999999999999999999' is out of range");
  EXPECT_EQ(error_of(std::string("p edge 3 1\n\0\x01\x02", 14)),
            "f:2: binary data, not a graph file");
  EXPECT_EQ(error_of("NAME : x\nTYPE : TSP\n"), "f:2: TYPE must be HCP, not 'TSP'");
  EXPECT_EQ(error_of("NAME : x\nTYPE : HCP\nEDGE_DATA_SECTION\n1 2\n"),
            "f:3: no DIMENSION before EDGE_DATA_SECTION");
  EXPECT_EQ(error_of("1 2\n2\n"), "f:2: an edge line must hold two vertices 'U V'");
}

// Issue 31: AIMA's neighbour lists, vertices named in order of first appearance.
TEST(GraphIo, ReadsAimaNeighbourLists) {
  std::istringstream in("SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T:");
  const auto r = g::read_graph(in, "australia");
  EXPECT_EQ(r.kind, g::format::neighbours);
  EXPECT_EQ(r.names, (std::vector<std::string>{"SA", "WA", "NT", "Q", "NSW", "V", "T"}));
  EXPECT_EQ(size_of(r.edges), (sz{7, 9}));  // T, isolated, is a vertex still
}

TEST(GraphIo, NeighbourListsSpanLinesAndTakeComments) {
  // An entry may go on over a line break (aima-python's usa_csp does); a line may start a new
  // entry without ';'; an edge may be given from both ends.
  std::istringstream in("# two triangles\r\nA: B\r\n C;\nB: C A\nD : E F; E: F;\n");
  const auto r = g::read_graph(in, "f");
  EXPECT_EQ(r.kind, g::format::neighbours);
  EXPECT_EQ(r.names, (std::vector<std::string>{"A", "B", "C", "D", "E", "F"}));
  EXPECT_EQ(size_of(r.edges), (sz{6, 6}));
}

TEST(GraphIo, MalformedNeighbourListsSayWhat) {
  EXPECT_EQ(error_of("SA: WA WA"), "f:1: 'WA' is listed twice as a neighbour of 'SA'");
  EXPECT_EQ(error_of("SA: SA"), "f:1: 'SA' is listed as its own neighbour");
  EXPECT_EQ(error_of("SA: WA;\nSA: NT"),
            "f:2: 'SA' has a second entry (the first is on line 1); list its neighbours in one");
  EXPECT_EQ(error_of("SA: WA NT: Q"),
            "f:1: 'NT:' starts an entry inside the entry of 'SA'; end that one with ';'");
  EXPECT_EQ(error_of("SA: WA; : Q"), "f:1: ':' with no name before it");
  EXPECT_EQ(error_of("WA; NT"), "f:1: 'WA' stands outside an entry; entries read 'X: A B C;'");
  EXPECT_EQ(error_of("SA: \xff\xfe"), "f:1: a name that is not UTF-8 text");
  EXPECT_EQ(error_of("SA: " + std::string(101, 'x')),
            "f:1: a name of 101 bytes; a name may have at most 100");
}

TEST(GraphIo, TsplibKeysStillMeanHcp) {
  // A colon line is HCP when its key is TSPLIB's, neighbour lists otherwise.
  std::istringstream hcp("NAME: k3\nTYPE: HCP\nDIMENSION: 3\nEDGE_DATA_SECTION\n1 2\n2 3\n3 1\n");
  EXPECT_EQ(g::read_graph(hcp, "f").kind, g::format::hcp);
  std::istringstream aima("NAMES: A B;");
  EXPECT_EQ(g::read_graph(aima, "f").kind, g::format::neighbours);
}

TEST(GraphIo, ReadsEdgeListsOfNames) {
  // `WA NT` names two vertices; once a name is seen, numbers are names too.
  std::istringstream in("# a path\n1 2\n2 WA\nWA NT\n");
  const auto r = g::read_graph(in, "f");
  EXPECT_EQ(r.kind, g::format::edge_list);
  EXPECT_EQ(r.names, (std::vector<std::string>{"1", "2", "WA", "NT"}));
  EXPECT_EQ(size_of(r.edges), (sz{4, 3}));
  std::istringstream numbers("1 2\n2 3\n");
  EXPECT_TRUE(g::read_graph(numbers, "f").names.empty());
}

// Issue 18: a UTF-8 byte-order mark and CRLF in every format; long lines bounded.
TEST(GraphIo, SkipsAByteOrderMarkInEveryFormat) {
  const std::string bom = "\xEF\xBB\xBF";
  for (const std::string& text :
       {std::string("p edge 3 3\r\ne 1 2\r\ne 2 3\r\ne 3 1\r\n"),
        std::string("NAME : t\r\nTYPE : HCP\r\nDIMENSION : 3\r\nEDGE_DATA_SECTION\r\n1 2\r\n"
                    "2 3\r\n3 1\r\n-1\r\n"),
        std::string("1 2\r\n2 3\r\n3 1\r\n")}) {
    std::istringstream plain(text);
    std::istringstream marked(bom + text);
    EXPECT_EQ(size_of(g::read_graph(plain, "f").edges), (sz{3, 3})) << text;
    EXPECT_EQ(size_of(g::read_graph(marked, "f").edges), (sz{3, 3})) << text;
  }
}

TEST(GraphIo, SkipsLongCommentsAndRefusesLongDataLines) {
  const std::string wide(3 * bt::max_line, 'x');
  std::istringstream comment("c " + wide + "\np edge 2 1\ne 1 2\n");
  EXPECT_EQ(size_of(g::read_graph(comment, "f").edges), (sz{2, 1}));
  std::istringstream hash("# " + wide + "\n1 2\n");
  EXPECT_EQ(size_of(g::read_graph(hash, "f").edges), (sz{2, 1}));
  EXPECT_EQ(error_of("p edge 2 1\ne 1 " + std::string(2 * bt::max_line, ' ') + "2\n"),
            "f:2: the line is longer than 1048576 bytes (1 MiB), the most a data line may hold");
  // Under the cap, a long token is quoted by its first 40 characters.
  EXPECT_EQ(error_of("p edge 2 1\ne 1 " + std::string(5000, '7') + "\n"),
            "f:2: vertex '" + std::string(40, '7') + "...' is out of range");
}

TEST(GraphGenerators, MatchTheirDefinitions) {
  EXPECT_EQ(size_of(g::mycielski(3)), (sz{11, 20}));   // myciel3.col
  EXPECT_EQ(size_of(g::mycielski(4)), (sz{23, 71}));   // myciel4.col
  EXPECT_EQ(size_of(g::mycielski(5)), (sz{47, 236}));  // myciel5.col
  EXPECT_EQ(size_of(g::queen_graph(5, 5)), (sz{25, 160}));
  EXPECT_EQ(size_of(g::queen_graph(8, 8)), (sz{64, 728}));
  EXPECT_EQ(size_of(g::queen_graph(8, 12)), (sz{96, 1368}));
  EXPECT_EQ(size_of(g::knight_graph(6, 6)), (sz{36, 80}));
  EXPECT_EQ(size_of(g::hypercube(4)), (sz{16, 32}));
  EXPECT_EQ(size_of(g::petersen()), (sz{10, 15}));
  EXPECT_EQ(size_of(g::dodecahedron()), (sz{20, 30}));
  const auto d = g::make_graph(g::dodecahedron());
  for (std::size_t v = 0; v < 20; ++v) EXPECT_EQ(boost::degree(v, d), 3U);
  EXPECT_THROW(g::mycielski(0), std::invalid_argument);
  EXPECT_THROW(g::parse_dimensions("8by8"), std::invalid_argument);
  EXPECT_EQ(g::parse_dimensions("8x12"), (sz{8, 12}));
}

TEST(GraphGenerators, QueenGraphIsEveryPairOnALine) {
  // Against the definition, pair by pair, on a non-square board.
  const std::size_t rows = 5;
  const std::size_t cols = 7;
  const g::graph gr = g::make_graph(g::queen_graph(rows, cols));
  std::size_t edges = 0;
  for (std::size_t a = 0; a < rows * cols; ++a)
    for (std::size_t b = a + 1; b < rows * cols; ++b) {
      const auto dr = b / cols - a / cols;
      const auto dc = a % cols > b % cols ? a % cols - b % cols : b % cols - a % cols;
      const bool attack = dr == 0 || dc == 0 || dr == dc;
      edges += attack ? 1U : 0U;
      EXPECT_EQ(boost::edge(a, b, gr).second, attack) << a << " " << b;
    }
  EXPECT_EQ(boost::num_edges(gr), edges);
  EXPECT_EQ(g::queen_edges(rows, cols), edges);
}

TEST(GraphBuild, AddsEachEdgeOnceInOrder) {
  // Repeats in both directions and loops are dropped; the edges come in (smaller, larger)
  // order, the order the DOT and replay pictures list them in.
  g::cleanup c;
  const g::graph gr =
      g::make_graph(g::edge_list{5, {{3, 1}, {0, 4}, {1, 3}, {2, 2}, {4, 0}, {0, 1}, {1, 3}}}, &c);
  std::vector<std::pair<std::size_t, std::size_t>> listed;
  for (auto [e, end] = boost::edges(gr); e != end; ++e) {
    listed.emplace_back(boost::source(*e, gr), boost::target(*e, gr));
  }
  EXPECT_EQ(listed, (std::vector<std::pair<std::size_t, std::size_t>>{{0, 1}, {0, 4}, {1, 3}}));
  EXPECT_EQ(c.duplicates, 3U);
  EXPECT_EQ(c.loops, 1U);
}

TEST(GraphBuild, StopsWhenAsked) {
  // A stop test that says true at its k-th question: make_graph and every generator of a
  // large graph throw build_stopped, having asked at most every 65,536 edges.
  for (const int k : {1, 2, 5}) {
    int asked = 0;
    const auto stop = [&asked, k] { return ++asked >= k; };
    EXPECT_THROW(g::make_graph(g::hypercube(16), nullptr, stop), g::build_stopped) << k;
    EXPECT_EQ(asked, k);
    asked = 0;
    EXPECT_THROW(g::queen_graph(100, 100, stop), g::build_stopped);
    EXPECT_EQ(asked, k);
    asked = 0;
    EXPECT_THROW(g::knight_graph(300, 300, stop), g::build_stopped);
    EXPECT_EQ(asked, k);
    asked = 0;
    EXPECT_THROW(g::mycielski(14, stop), g::build_stopped);
    EXPECT_EQ(asked, k);
    asked = 0;
    EXPECT_THROW(g::hypercube(19, stop), g::build_stopped);
    EXPECT_EQ(asked, k);
  }
  // Never stopped, the same graph as without a stop test.
  int asked = 0;
  const auto never = [&asked] { return ++asked < 0; };
  EXPECT_EQ(boost::num_edges(g::make_graph(g::hypercube(16, never), nullptr, never)),
            boost::num_edges(g::make_graph(g::hypercube(16))));
  EXPECT_GT(asked, 2);
}

TEST(GraphDot, WritesVerticesOneBased) {
  std::ostringstream os;
  g::write_dot(
      os, g::make_graph(g::edge_list{2, {{0, 1}}}), "k2",
      [](g::vertex v) { return v == 0 ? std::string("color=red") : std::string(); },
      [](g::vertex, g::vertex) { return std::string("penwidth=3"); });
  EXPECT_EQ(os.str(),
            "graph \"k2\" {\n  1 [label=\"1\" color=red];\n  2 [label=\"2\"];\n  1 -- 2 "
            "[penwidth=3];\n}\n");
}

}  // namespace
