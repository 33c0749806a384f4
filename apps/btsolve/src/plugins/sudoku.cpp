// SPDX-License-Identifier: MIT
// `btsolve sudoku`: puzzles, one per line, from a file or stdin, each solved by the engine's CSP
// strategies over one of the two Sudoku models (docs/problems/sudoku.md). Limits and --limit
// apply to each puzzle; the statistics add up.
#include <bt/csp.hpp>
#include <bt/text.hpp>
#include <bt/problems/sudoku/sudoku.hpp>

#include <array>
#include <optional>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <btsolve/input.hpp>
#include <btsolve/problem.hpp>

#if defined(BT_HAVE_ICU)
#include <unicode/uchar.h>
#endif

#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace csp = bt::csp;
namespace sd = bt::problems::sudoku;

/// The strategies --strategy accepts: a few combinations of the CSP switches. Those with the
/// same inference and jump share their solver type (the orders are run-time members).
constexpr std::array<csp::config, 6> offered = {
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::fc, csp::jump::bt},
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::mac, csp::jump::bt},
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::fc, csp::jump::cbj},
    csp::config{csp::var_order::dom_wdeg, csp::val_order::natural, csp::inference::mac,
                csp::jump::bt},
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::none, csp::jump::bt},
    csp::config{}};

/// Call f.template operator()<C>() for the offered configuration equal to c.
template <std::size_t I = 0, class F>
decltype(auto) with_offered(const csp::config& c, F&& f) {
  if constexpr (I + 1 < offered.size()) {
    if (c != offered[I]) return with_offered<I + 1>(c, f);
  }
  return f.template operator()<offered[I]>();
}

struct sudoku_request {
  std::string input;  // empty or "-": stdin
  std::string model = "cells";
};

/// One puzzle line of the input.
struct puzzle {
  std::size_t line;
  sd::grid grid;
};

/// What one puzzle's search found: the run's items.
struct verdict {
  std::size_t line = 0;
  sd::grid puzzle;
  std::vector<sd::grid> solutions;  // kept for printing (first and --all)
  std::uint64_t count = 0;
  std::uint64_t nodes = 0;
  mode what = mode::first;
  bool stopped = false;  // cut short by a limit
  bool capped = false;   // a count that reached its quota: there may be more
};

/// "none", "unique", "several" (a count that reached its quota of two or more), or "solved"
/// (first solution only: uniqueness not asked).
std::string status_of(const verdict& v) {
  if (v.stopped) return "stopped";
  if (v.count == 0) return "none";
  if (v.what == mode::first) return "solved";
  return v.count == 1 ? "unique" : "several";
}

/// A character of a puzzle line as a message names it: 'x', or its code point and, where
/// ICU knows it, Unicode's name ("U+FF11 FULLWIDTH DIGIT ONE"): a fullwidth digit looks like
/// a digit in an editor, and only its name says why it is refused.
std::string named(char32_t c) {
  std::string shown = sd::shown_char(c);
#if defined(BT_HAVE_ICU)
  if (c >= 0x20 && c < 0x7f) return shown;
  char name[256] = {};
  UErrorCode status = U_ZERO_ERROR;
  const int32_t length = u_charName(static_cast<UChar32>(c), U_UNICODE_CHAR_NAME, name,
                                    static_cast<int32_t>(sizeof name), &status);
  if (U_SUCCESS(status) && length > 0)
    shown += " " + std::string(name, static_cast<std::size_t>(length));
#endif
  return shown;
}

/// Every puzzle of in; blank lines and lines starting with '#' are skipped. Throws usage_error
/// "NAME:LINE: reason" at the first malformed line.
std::vector<puzzle> read_puzzles(std::istream& in, const std::string& name) {
  std::vector<puzzle> out;
  std::string text;
  bt::skip_bom(in);
  for (std::size_t line = 1;; ++line) {
    const bt::line_status st = bt::read_line(in, text);
    if (st == bt::line_status::eof) break;
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#') {
      if (st == bt::line_status::too_long) bt::skip_line(in);  // a comment: skipped unstored
      continue;
    }
    if (st == bt::line_status::too_long) {
      throw usage_error(name + ":" + std::to_string(line) + ": the line is longer than " +
                        std::to_string(bt::max_line) + " bytes (1 MiB); a puzzle has 625 cells");
    }
    sd::parsed p = sd::parse_line(std::string_view(text).substr(first), named);
    if (!p.puzzle) throw usage_error(name + ":" + std::to_string(line) + ": " + p.error);
    out.push_back({line, std::move(*p.puzzle)});
  }
  if (in.bad()) throw usage_error(name + ": read error");
  if (out.empty()) throw usage_error(name + ": no puzzle (one per line, 81 cells for 9x9)");
  return out;
}

struct sudoku_problem {
  static constexpr std::string_view name = "sudoku";
  static constexpr std::string_view summary =
      "solve n^2 x n^2 Sudoku puzzles with the engine's CSP strategies";
  using request = sudoku_request;
  using solution_type = verdict;
  static constexpr strategy_info strategies[] = {
      {"mrv+fc", "minimum remaining values, forward checking"},
      {"mrv+mac", "minimum remaining values, arc consistency"},
      {"mrv+fc+cbj", "minimum remaining values, forward checking, conflict-directed backjumping"},
      {"dom-wdeg+mac", "weighted degree, arc consistency: the hard puzzles"},
      {"mrv", "minimum remaining values, no inference"},
      {"bt", "the textbook: cells in order, no inference"}};

  static void options(option_set<request>& o) {
    o.text("input,i", &request::input,
           "puzzles, one per line (default: stdin): 81 cells for 9x9, 256 for 16x16 (1-9A-G), "
           "'.' or '0' for a blank")
        .input_file()
        .text("model", &request::model,
              "cells (one variable per cell, the units as all-different groups: "
              "hidden singles) or channelled (cells + places, binary constraints only)");
  }

  static void print(std::ostream& out, const verdict& v) {
    if (v.what == mode::count) {
      out << "count: " << v.count << (v.capped ? "+" : "") << " ("
          << (v.count == 0 ? "no solution" : status_of(v)) << ")\n";
      return;
    }
    for (const sd::grid& g : v.solutions) out << sd::to_line(g) << '\n';
    if (v.solutions.empty() && !v.stopped) out << "no solution\n";
  }
  static nlohmann::json to_json(const verdict& v) {
    nlohmann::json j{{"line", v.line}, {"puzzle", sd::to_line(v.puzzle)}};
    if (v.what != mode::count) {
      nlohmann::json sols = nlohmann::json::array();
      for (const sd::grid& g : v.solutions) sols.push_back(sd::to_line(g));
      j["solutions"] = std::move(sols);
    }
    j["count"] = v.count;
    j["status"] = status_of(v);
    j["nodes"] = v.nodes;
    return j;
  }

  /// The puzzles, read once; the model and the units checked first.
  static std::vector<puzzle> instance(const request& r, session<sudoku_problem>& s) {
    if (r.model != "cells" && r.model != "channelled") {
      throw usage_error("--model for sudoku is cells or channelled, not " + quote(r.model));
    }
    if (s.units().wanted())
      throw usage_error("sudoku counts each puzzle on its own: no work units");
    return read_input(r.input, "<stdin>", read_puzzles);
  }
  static nlohmann::json head(const request& r, const std::vector<puzzle>& puzzles) {
    return {{"model", r.model}, {"puzzles", puzzles.size()}};
  }

  /// A batch: each puzzle searched on its own, one verdict each (problem.hpp, run_items).
  static constexpr std::string_view item_noun = "puzzles";
  static const std::vector<puzzle>& items(const request&, const std::vector<puzzle>& puzzles) {
    return puzzles;
  }
  static bool item_solved(const verdict& v) { return v.count != 0; }
  static bool item_stopped(const verdict& v) { return v.stopped; }
  static verdict solve_item(const request& r, const std::vector<puzzle>&, const puzzle& p,
                            session<sudoku_problem>& s) {
    // A count tells none, unique and several apart: two solutions are enough unless --limit.
    const std::uint64_t quota =
        s.what() == mode::count && s.options().limit == 0 ? 2 : s.options().quota();
    return with_offered(*csp::parse_spec(s.strategy()), [&]<csp::config C>() {
      // One search per solver type: the orders are the solver's run-time members.
      constexpr csp::static_switches K = csp::static_part(C);
      return r.model == "cells" ? solve<sd::cell_model, K>(p, C, quota, s)
                                : solve<sd::csp_model, K>(p, C, quota, s);
    });
  }

 private:
  // The --replay picture: the grid and its givens (docs/replay-format.md, "grid").
  static std::string grid_picture(const puzzle& p) {
    nlohmann::json givens = nlohmann::json::array();
    const int side = p.grid.side();
    for (int r = 0; r < side; ++r) {
      for (int c = 0; c < side; ++c) {
        if (p.grid.at(r, c) != 0) givens.push_back({r, c, p.grid.at(r, c)});
      }
    }
    return nlohmann::json{{"kind", "grid"},
                          {"side", side},
                          {"box", {p.grid.box, p.grid.box}},
                          {"givens", givens},
                          {"title", std::to_string(side) + "x" + std::to_string(side) + " sudoku"}}
        .dump();
  }

  template <class Model, csp::static_switches K>
  static verdict solve(const puzzle& p, const csp::config& c, std::uint64_t quota,
                       session<sudoku_problem>& s) {
    const Model m(p.grid);
    csp::solver<Model, K> solver(m, c);
    verdict v;
    v.line = p.line;
    v.puzzle = p.grid;
    v.what = s.what();
    const bool keep = s.what() != mode::count;
    with_picture<csp::describer> naming(s.options().replay_file.empty() ? "{}" : grid_picture(p));
    search_options so;
    so.quota = quota;
    so.emit = false;
    // The solver is changed in place: at a solution, it is the solved state.
    const search_outcome o = s.search(
        solver, naming,
        [&](const auto& state, auto) {
          if (!keep) return;
          sd::grid g = sd::solution_of(state);
          if (!sd::is_solution(p.grid, g)) {
            throw std::logic_error("a reported solution fails its check: " + sd::to_line(g));
          }
          v.solutions.push_back(std::move(g));
        },
        so);
    v.count = o.solutions;
    v.nodes = o.stats.nodes;
    v.stopped = o.outcome == bt::outcome::stopped && !o.met;
    v.capped = o.met && s.what() == mode::count;
    return v;
  }
};

}  // namespace

void register_sudoku(registry& r) { add_problem<sudoku_problem>(r); }

}  // namespace btsolve
