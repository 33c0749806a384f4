// SPDX-License-Identifier: MIT
// Sudoku: the line format and its errors, the verifier, both CSP models through the conformance
// kit, every offered strategy on both models agreeing, puzzles with no, one and several
// solutions told apart, every puzzle of tests/data/sudoku (top95, hardest: 98) with exactly one
// solution, the same one on both models, and the cells model's node counts pinned.
#include <gtest/gtest.h>

#include <fstream>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/csp.hpp>
#include <bt/problems/sudoku/sudoku.hpp>
#include <bt/testing/conformance.hpp>

namespace {

namespace sd = bt::problems::sudoku;
namespace csp = bt::csp;
namespace conf = bt::conformance;

constexpr csp::config mrv_fc{csp::var_order::mrv, csp::val_order::natural, csp::inference::fc,
                             csp::jump::bt};
constexpr csp::config mrv_mac{csp::var_order::mrv, csp::val_order::natural, csp::inference::mac,
                              csp::jump::bt};
constexpr csp::config plain{};
constexpr csp::config dwdeg_mac{csp::var_order::dom_wdeg, csp::val_order::natural,
                                csp::inference::mac, csp::jump::bt};

sd::grid parse(const std::string& line) {
  sd::parsed p = sd::parse_line(line);
  EXPECT_TRUE(p.puzzle) << p.error;
  return p.puzzle ? *p.puzzle : sd::grid{};
}

// The puzzle lines of a file under tests/data/sudoku ('#' comments skipped).
std::vector<std::string> read_lines(const std::string& name) {
  std::ifstream in(std::string(BT_TEST_DATA) + "/sudoku/" + name);
  EXPECT_TRUE(in) << name;
  std::vector<std::string> out;
  for (std::string line; std::getline(in, line);) {
    if (!line.empty() && line[0] != '#') out.push_back(line);
  }
  return out;
}

// Up to `quota` solutions of g with switches C on Model (0: all), each checked, as lines;
// the search's statistics go to *st when given.
template <csp::config C = mrv_mac, class Model = sd::csp_model>
std::vector<std::string> solve(const sd::grid& g, std::uint64_t quota = 2,
                               bt::stats* st = nullptr) {
  const Model m(g);
  csp::solver<Model, csp::static_part(C)> s(m, C);
  std::vector<std::string> found;
  bt::solution_quota q{quota, 0};
  bt::stats local;
  bt::stats_visitor sv{st != nullptr ? *st : local};
  auto sink = bt::solution_sink([&](const csp::solver<Model, csp::static_part(C)>& state) {
    const sd::grid solved = sd::solution_of(state);
    EXPECT_TRUE(sd::is_solution(g, solved)) << sd::to_line(solved);
    found.push_back(sd::to_line(solved));
  });
  bt::search(s, bt::visitors(sv, sink, q));
  EXPECT_EQ(s.depth(), 0);  // the trail is fully undone
  return found;
}

// The cells-only model (all-different groups) with a strategy C.
template <csp::config C = mrv_fc>
std::vector<std::string> solve_cells(const sd::grid& g, std::uint64_t quota = 2,
                                     bt::stats* st = nullptr) {
  return solve<C, sd::cell_model>(g, quota, st);
}

const std::string first_top95 =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
const std::string first_solved =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

TEST(SudokuFormat, LinesOfEverySize) {
  EXPECT_EQ(parse(std::string(16, '.')).box, 2);
  EXPECT_EQ(parse(first_top95).box, 3);
  EXPECT_EQ(parse(std::string(256, '0')).box, 4);
  EXPECT_EQ(parse(std::string(625, '.')).box, 5);
  const sd::grid g = parse(first_top95);
  EXPECT_EQ(g.at(0, 0), 4);
  EXPECT_EQ(g.at(0, 1), 0);
  EXPECT_EQ(sd::to_line(g), first_top95);
  EXPECT_EQ(parse(first_top95 + " \r").cells, g.cells);  // trailing blanks and CR ignored
  EXPECT_EQ(sd::value_of('G', 16), 16);
  EXPECT_EQ(sd::value_of('g', 16), 16);
  EXPECT_EQ(sd::value_of('A', 9), -1);
  EXPECT_EQ(sd::symbol(16), 'G');
}

TEST(SudokuFormat, MalformedLinesSayWhy) {
  EXPECT_NE(sd::parse_line(std::string(80, '.')).error.find("80 cells"), std::string::npos);
  EXPECT_NE(sd::parse_line("").error.find("0 cells"), std::string::npos);
  const std::string bad_symbol = first_top95.substr(0, 80) + "x";
  EXPECT_NE(sd::parse_line(bad_symbol).error.find("column 81: 'x'"), std::string::npos);
  const std::string letter_in_9x9 = "A" + first_top95.substr(1);
  EXPECT_FALSE(sd::parse_line(letter_in_9x9).puzzle);
  const std::string clash = "44" + first_top95.substr(2);
  EXPECT_NE(sd::parse_line(clash).error.find("the given 4 appears twice in row 1"),
            std::string::npos);
}

// Cells are characters, not bytes (issue 27: a fullwidth digit made an 81-character line "83
// cells"); a character that is no symbol is named by its code point, a stray byte as a byte.
TEST(SudokuFormat, CountsCharactersAndNamesThem) {
  const std::string fullwidth = "\xEF\xBC\x98" + first_top95.substr(1);  // U+FF18, then 80
  const sd::parsed p = sd::parse_line(fullwidth);
  EXPECT_FALSE(p.puzzle);
  EXPECT_EQ(p.error.find("column 1: U+FF18 is no symbol of a 9x9 board"), 0U) << p.error;
  const sd::parsed named =
      sd::parse_line(fullwidth, [](char32_t c) { return sd::shown_char(c) + " (named)"; });
  EXPECT_NE(named.error.find("U+FF18 (named)"), std::string::npos);
  const std::string stray = first_top95.substr(0, 4) + "\xFF" + first_top95.substr(5);
  EXPECT_EQ(sd::parse_line(stray).error, "column 5: byte 0xFF is not UTF-8 text");
  const std::string truncated = first_top95.substr(0, 80) + "\xEF\xBC";
  EXPECT_EQ(sd::parse_line(truncated).error, "column 81: byte 0xEF is not UTF-8 text");
  const std::string overlong = first_top95.substr(0, 80) + "\xC0\xAE";  // '.' in two bytes
  EXPECT_NE(sd::parse_line(overlong).error.find("is not UTF-8 text"), std::string::npos);
  EXPECT_EQ(sd::shown_char(0x7), "U+0007");
  EXPECT_EQ(sd::shown_char(0x1F600), "U+1F600");
}

TEST(SudokuVerify, AcceptsTheSolutionOnly) {
  const sd::grid puzzle = parse(first_top95);
  const sd::grid solved = parse(first_solved);
  EXPECT_TRUE(sd::is_solution(puzzle, solved));
  sd::grid swapped = solved;
  std::swap(swapped.cells[1], swapped.cells[2]);  // breaks columns and a given
  EXPECT_FALSE(sd::is_solution(puzzle, swapped));
  sd::grid other_given = puzzle;
  other_given.cells[0] = 2;
  EXPECT_FALSE(sd::is_solution(other_given, solved));
}

TEST(SudokuSolve, FirstOfTop95) {
  EXPECT_EQ(solve(parse(first_top95)), std::vector<std::string>{first_solved});
  EXPECT_EQ(solve<mrv_fc>(parse(first_top95)), std::vector<std::string>{first_solved});
  EXPECT_EQ(solve_cells(parse(first_top95)), std::vector<std::string>{first_solved});
  EXPECT_EQ(solve_cells<mrv_mac>(parse(first_top95)), std::vector<std::string>{first_solved});
}

TEST(SudokuSolve, NoneUniqueAndSeveralToldApart) {
  const std::vector<std::string> cases = read_lines("cases.txt");
  ASSERT_EQ(cases.size(), 5U);
  EXPECT_EQ(solve(parse(cases[0])).size(), 0U);
  EXPECT_EQ(solve(parse(cases[1])).size(), 0U);
  EXPECT_EQ(solve(parse(cases[2])).size(), 1U);
  EXPECT_EQ(solve(parse(cases[3]), 0).size(), 2U);  // exactly two, the whole tree searched
  EXPECT_EQ(solve(parse(cases[4])).size(), 2U);     // stopped at the quota of two
  EXPECT_EQ(solve_cells(parse(cases[0])).size(), 0U);
  // Norvig's impossible puzzle takes mrv+fc 16 million nodes on the cells; dom-wdeg 1,696.
  EXPECT_EQ(solve_cells<dwdeg_mac>(parse(cases[1])).size(), 0U);
  EXPECT_EQ(solve_cells(parse(cases[2])).size(), 1U);
  EXPECT_EQ(solve_cells(parse(cases[3]), 0), solve(parse(cases[3]), 0));
  EXPECT_EQ(solve_cells(parse(cases[4])).size(), 2U);
  EXPECT_EQ(solve_cells<mrv_mac>(parse(cases[3]), 0).size(), 2U);
}

TEST(SudokuSolve, SixteenBySixteen) {
  const std::vector<std::string> lines = read_lines("grid16.txt");
  ASSERT_EQ(lines.size(), 1U);
  EXPECT_EQ(solve(parse(lines[0]), 1).size(), 1U);
  EXPECT_EQ(solve_cells(parse(lines[0]), 0), solve(parse(lines[0]), 1));  // and it is unique
}

// The 4x4 board: 288 grids in all, 72 with a 1 in the corner.
TEST(SudokuConformance, FourByFourWithEveryOfferedStrategy) {
  const sd::grid empty = parse(std::string(16, '.'));
  const sd::grid some = parse(
      "1..."
      "...."
      "...."
      "....");
  std::vector<std::pair<std::string, std::vector<std::string>>> sets;
  const auto check = [&]<csp::config C, class Model = sd::csp_model>() {
    using S = csp::solver<Model, csp::static_part(C)>;
    for (const sd::grid* g : {&empty, &some}) {
      const Model m(*g);
      const auto make = [&] { return S(m, C); };
      const auto verify = [&](const S& st) { return sd::is_solution(*g, sd::solution_of(st)); };
      EXPECT_TRUE(conf::conforms(make, verify,
                                 g == &empty ? std::optional<std::uint64_t>(288) : std::nullopt))
          << csp::spec_of(C);
    }
    const Model m(some);
    sets.emplace_back(
        csp::spec_of(C) + (std::is_same_v<Model, sd::cell_model> ? " cells" : ""),
        conf::solution_set([&] { return S(m, C); },
                           [](const S& st, auto) { return sd::to_line(sd::solution_of(st)); }));
  };
  check.template operator()<mrv_fc>();
  check.template operator()<mrv_mac>();
  check.template operator()<plain>();
  check.template operator()<csp::config{csp::var_order::dom_wdeg, csp::val_order::natural,
                                        csp::inference::mac, csp::jump::bt}>();
  check.template operator()<csp::config{csp::var_order::mrv, csp::val_order::natural,
                                        csp::inference::fc, csp::jump::cbj}>();
  check.template operator()<csp::config{csp::var_order::mrv, csp::val_order::natural,
                                        csp::inference::none, csp::jump::bt}>();
  check.template operator()<mrv_fc, sd::cell_model>();
  check.template operator()<mrv_mac, sd::cell_model>();
  check.template operator()<plain, sd::cell_model>();
  check.template operator()<dwdeg_mac, sd::cell_model>();
  check.template operator()<csp::config{csp::var_order::mrv, csp::val_order::natural,
                                        csp::inference::fc, csp::jump::cbj},
                            sd::cell_model>();
  check.template operator()<csp::config{csp::var_order::mrv, csp::val_order::natural,
                                        csp::inference::none, csp::jump::bt},
                            sd::cell_model>();
  EXPECT_TRUE(conf::strategies_agree(sets));
  EXPECT_GT(sets.front().second.size(), 1U);
}

// Every hard puzzle of the data set has exactly one solution (the search runs to its end).
TEST(SudokuData, EveryHardPuzzleHasExactlyOneSolution) {
  std::vector<std::string> lines = read_lines("top95.txt");
  ASSERT_EQ(lines.size(), 95U);
  for (const std::string& l : read_lines("hardest.txt")) lines.push_back(l);
  for (const std::string& line : lines) {
    const sd::parsed p = sd::parse_line(line);
    ASSERT_TRUE(p.puzzle) << line << ": " << p.error;
    const std::vector<std::string> channelled = solve(*p.puzzle, 0);
    EXPECT_EQ(channelled.size(), 1U) << line;
    EXPECT_EQ(solve_cells(*p.puzzle, 0), channelled) << line;
    EXPECT_EQ(solve_cells<mrv_mac>(*p.puzzle, 0), channelled) << line;
    EXPECT_EQ(solve<mrv_fc>(*p.puzzle, 1), channelled) << line;
  }
}

// The cells model's search is pinned: a change in the groups' propagation or in MRV shows here.
TEST(SudokuCells, PinnedNodeCounts) {
  struct pin {
    std::string line;
    std::uint64_t fc_first, fc_count, mac_count;
  };
  const std::vector<std::string> hardest = read_lines("hardest.txt");
  ASSERT_EQ(hardest.size(), 3U);
  for (const pin& p : {pin{first_top95, 133, 363, 267}, pin{hardest[0], 106, 595, 385},
                       pin{hardest[1], 772, 1313, 708}, pin{hardest[2], 671, 2124, 1261}}) {
    const sd::grid g = parse(p.line);
    bt::stats first, count, mac;
    EXPECT_EQ(solve_cells(g, 1, &first).size(), 1U);
    EXPECT_EQ(solve_cells(g, 0, &count).size(), 1U);
    EXPECT_EQ(solve_cells<mrv_mac>(g, 0, &mac).size(), 1U);
    EXPECT_EQ(first.nodes, p.fc_first) << p.line;
    EXPECT_EQ(count.nodes, p.fc_count) << p.line;
    EXPECT_EQ(mac.nodes, p.mac_count) << p.line;
    EXPECT_EQ(count.solutions, 1U);
  }
}

// Hidden singles at the root: the givens of the first top95 puzzle leave cells whose symbol
// fits nowhere else in a unit; the cells model's root already has them as domains of one.
TEST(SudokuCells, GroupsFindHiddenSinglesAtTheRoot) {
  const sd::grid g = parse(first_top95);
  const sd::cell_model m(g);
  const csp::solver<sd::cell_model, csp::static_part(mrv_fc)> with_groups(m, mrv_fc);
  // no inference: no groups either
  const csp::solver<sd::cell_model, csp::static_part(plain)> without(m, plain);
  int singles = 0;
  for (int x = 0; x < m.cells(); ++x) {
    if (g.cells[static_cast<std::size_t>(x)] != 0) continue;
    EXPECT_EQ(with_groups.domain(x).count() <= without.domain(x).count(), true);
    if (with_groups.domain(x).count() == 1) {
      ++singles;
      EXPECT_TRUE(with_groups.domain(x).test(first_solved[static_cast<std::size_t>(x)] - '1'));
    }
  }
  EXPECT_GT(singles, 0);
}

// The trace of the cells model names cells and groups.
TEST(SudokuCells, TraceNamesCellsAndUnits) {
  const sd::grid g = parse(read_lines("cases.txt")[0]);
  const sd::cell_model m(g);
  csp::solver<sd::cell_model, csp::static_part(mrv_fc)> s(m, mrv_fc);
  std::ostringstream os;
  csp::describer words;
  bt::trace_visitor<csp::describer> trace(os, words);
  bt::search(s, trace);
  EXPECT_NE(os.str().find("all-different: row 1 can no longer take every value"), std::string::npos)
      << os.str();
}

}  // namespace
