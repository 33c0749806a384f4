// SPDX-License-Identifier: MIT
// `btsolve sudoku`: puzzles, one per line, from a file or stdin, each solved by the engine's CSP
// strategies over one of the two Sudoku models (docs/problems/sudoku.md). Limits apply to each
// puzzle.
#include <bt/csp.hpp>
#include <bt/problems/sudoku/sudoku.hpp>

#include <array>
#include <chrono>
#include <fstream>
#include <iostream>
#include <memory>
#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "plugin.hpp"
#include "plugin_sudoku.hpp"
#include "report.hpp"
#include "run.hpp"

namespace btsolve {
namespace {

namespace csp = bt::csp;
namespace sd = bt::problems::sudoku;

/// The strategies --strategy accepts: a few combinations of the CSP switches, each its own
/// instantiation of the solver (all 48 would multiply the runner's build time for nothing).
constexpr std::array<csp::config, 6> offered = {
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::fc, csp::jump::bt},
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::mac, csp::jump::bt},
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::fc, csp::jump::cbj},
    csp::config{csp::var_order::dom_wdeg, csp::val_order::natural, csp::inference::mac,
                csp::jump::bt},
    csp::config{csp::var_order::mrv, csp::val_order::natural, csp::inference::none,
                csp::jump::bt},
    csp::config{}};

std::string offered_list() {
  std::string s;
  for (const auto& c : offered) s += (s.empty() ? "" : ", ") + csp::spec_of(c);
  return s;
}

/// Call f.template operator()<C>() for the offered configuration equal to c.
template <std::size_t I = 0, class F>
decltype(auto) with_offered(const csp::config& c, F&& f) {
  if constexpr (I + 1 < offered.size()) {
    if (c != offered[I]) return with_offered<I + 1>(c, f);
  }
  return f.template operator()<offered[I]>();
}

/// One puzzle line of the input.
struct puzzle {
  std::size_t line;
  sd::grid grid;
};

/// Every puzzle of in; blank lines and lines starting with '#' are skipped. Throws usage_error
/// "NAME:LINE: reason" at the first malformed line.
std::vector<puzzle> read_puzzles(std::istream& in, const std::string& name) {
  std::vector<puzzle> out;
  std::string text;
  for (std::size_t line = 1; std::getline(in, text); ++line) {
    const auto first = text.find_first_not_of(" \t\r");
    if (first == std::string::npos || text[first] == '#') continue;
    sd::parsed p = sd::parse_line(std::string_view(text).substr(first));
    if (!p.puzzle) throw usage_error(name + ":" + std::to_string(line) + ": " + p.error);
    out.push_back({line, std::move(*p.puzzle)});
  }
  if (in.bad()) throw usage_error(name + ": read error");
  if (out.empty()) throw usage_error(name + ": no puzzle (one per line, 81 cells for 9x9)");
  return out;
}

enum class format { text, json };

/// Which CSP states the puzzle: the 81 cells with the units as all-different groups, or the
/// channelled cells + places.
enum class model_kind { cells, channelled };

/// What one puzzle's search found.
struct verdict {
  std::vector<sd::grid> solutions;  // kept for printing (first and --all)
  search_result r;
};

/// "none", "unique", "several" (a count that reached its quota of two or more), or "solved"
/// (first solution only: uniqueness not asked).
std::string status_of(const verdict& v, const run_options& o) {
  if (v.r.solutions == 0) return "none";
  if (o.what == mode::first) return "solved";
  return v.r.solutions == 1 ? "unique" : "several";
}

class sudoku_plugin final : public plugin {
 public:
  void add_options(po::options_description& desc) const override {
    po::options_description d("Sudoku options");
    d.add_options()
        ("input,i", po::value<std::string>(),
         "puzzles, one per line (default: stdin): 81 cells for 9x9, 256 for 16x16 (1-9A-G), "
         "'.' or '0' for a blank")
        ("strategy", po::value<std::string>()->default_value("mrv+fc"),
         ("the engine's CSP strategy: " + offered_list()).c_str())
        ("model", po::value<std::string>()->default_value("cells"),
         "cells (one variable per cell, the units as all-different groups: hidden singles) "
         "or channelled (cells + places, binary constraints only)");
    desc.add(d);
  }

  int run(const po::variables_map& vm, const run_options& common, std::ostream& out,
          std::ostream& err) override {
    const format fmt = parse_format(common.format);
    const std::string spec = vm["strategy"].as<std::string>();
    const auto cfg = csp::parse_spec(spec);
    bool known = false;
    for (const auto& c : offered) known = known || (cfg && c == *cfg);
    if (!known) throw usage_error("unknown strategy '" + spec + "' (" + offered_list() + ")");
    const model_kind kind = parse_model(vm["model"].as<std::string>());

    std::vector<puzzle> puzzles;
    if (vm.count("input") && vm["input"].as<std::string>() != "-") {
      const std::string path = vm["input"].as<std::string>();
      std::ifstream in(path);
      if (!in) throw usage_error(path + ": cannot open the file");
      puzzles = read_puzzles(in, path);
    } else {
      puzzles = read_puzzles(std::cin, "<stdin>");
    }

    // A count tells none, unique and several apart: two solutions are enough unless --limit.
    run_options o = common;
    if (o.what == mode::count && o.limit == 0) o.limit = 2;

    std::unique_ptr<json_stream> js;
    if (fmt == format::json) {
      js = std::make_unique<json_stream>(
          out, nlohmann::json{{"problem", "sudoku"}, {"strategy", csp::spec_of(*cfg)},
                              {"model", vm["model"].as<std::string>()},
                              {"puzzles", puzzles.size()}});
    }
    bt::stats total;
    std::size_t unsolved = 0;
    std::size_t done = 0;
    bt::stop_reason stopped = bt::stop_reason::none;
    const auto start = std::chrono::steady_clock::now();
    for (const puzzle& p : puzzles) {
      const verdict v = with_offered(*cfg, [&]<csp::config C>() {
        // JSON reports each puzzle's nodes and the total statistics: count them for it.
        const bool want_stats = js != nullptr;
        return kind == model_kind::cells ? solve<sd::cell_model, C>(p, o, want_stats, out)
                                         : solve<sd::csp_model, C>(p, o, want_stats, out);
      });
      total += v.r.stats;
      ++done;
      if (v.r.solutions == 0 && !v.r.cut_short()) ++unsolved;
      if (js) {
        js->solution(puzzle_json(p, v, o));
      } else {
        print_text(out, v, o, puzzles.size() > 1);
      }
      if (v.r.cut_short()) {
        stopped = v.r.reason;
        break;
      }
    }
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (js) {
      js->finish({{"solved", done - unsolved - (stopped != bt::stop_reason::none ? 1 : 0)},
                  {"unsolved", unsolved},
                  {"stats", to_json(total)},
                  {"stopped", stopped_json(stopped)}});
    }
    if (o.stats) {
      report_stats(err, total);
      err << "puzzles: " << done << '\n'
          << "puzzles_per_second: " << (seconds > 0 ? static_cast<double>(done) / seconds : 0.0)
          << '\n';
    }
    report_stop(err, stopped);
    if (stopped != bt::stop_reason::none) return exit_code::stopped;
    return unsolved != 0 ? exit_code::no_solution : exit_code::solved;
  }

 private:
  static format parse_format(const std::string& f) {
    if (f.empty() || f == "text") return format::text;
    if (f == "json") return format::json;
    throw usage_error("--format for sudoku is text or json, not '" + f + "'");
  }

  static model_kind parse_model(const std::string& m) {
    if (m == "cells") return model_kind::cells;
    if (m == "channelled") return model_kind::channelled;
    throw usage_error("--model for sudoku is cells or channelled, not '" + m + "'");
  }

  template <class Model, csp::config C>
  static verdict solve(const puzzle& p, const run_options& o, bool want_stats, std::ostream& out) {
    const Model m(p.grid);
    csp::solver<Model, csp::static_part(C)> s(m, C);
    verdict v;
    csp::describer describer;
    const bool keep = o.what != mode::count;
    // The solver is changed in place: at a solution, s itself is the solved state.
    v.r = run_search(
        s, o,
        [&](auto) {
          if (!keep) return;
          sd::grid g = sd::solution_of(s);
          if (!sd::is_solution(p.grid, g)) {
            throw std::logic_error("a reported solution fails its check: " + sd::to_line(g));
          }
          v.solutions.push_back(std::move(g));
        },
        want_stats, out, describer);
    return v;
  }

  static void print_text(std::ostream& out, const verdict& v, const run_options& o, bool many) {
    if (o.what == mode::count) {
      const bool capped = v.r.solutions == o.limit && v.r.outcome == bt::outcome::stopped;
      out << "count: " << v.r.solutions << (capped ? "+" : "") << " ("
          << (v.r.solutions == 0 ? "no solution" : status_of(v, o)) << ")\n";
      return;
    }
    for (const sd::grid& g : v.solutions) out << sd::to_line(g) << '\n';
    if (v.solutions.empty() && !v.r.cut_short()) out << "no solution\n";
    if (o.what == mode::all && many) out << '\n';
  }

  static nlohmann::json puzzle_json(const puzzle& p, const verdict& v, const run_options& o) {
    nlohmann::json sols = nlohmann::json::array();
    for (const sd::grid& g : v.solutions) sols.push_back(sd::to_line(g));
    nlohmann::json j{{"line", p.line}, {"puzzle", sd::to_line(p.grid)}};
    if (o.what != mode::count) j["solutions"] = std::move(sols);
    j["count"] = v.r.solutions;
    j["status"] = v.r.cut_short() ? std::string("stopped") : status_of(v, o);
    j["nodes"] = v.r.stats.nodes;
    return j;
  }
};

}  // namespace

void register_sudoku(registry& r) {
  r.add("sudoku", "solve n^2 x n^2 Sudoku puzzles with the engine's CSP strategies",
        [] { return std::make_unique<sudoku_plugin>(); });
}

}  // namespace btsolve
