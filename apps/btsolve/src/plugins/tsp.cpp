// SPDX-License-Identifier: MIT
// `btsolve tsp`: the travelling salesman by branch and bound through the engine
// (docs/problems/tsp.md), on TSPLIB files and the Hamiltonian plugin's graphs. Each shorter
// tour the search finds is an improvement; the last is optimal when the search is exhausted.
// Checked against the Held-Karp programme (--check, up to its 20 cities).
#include <bt/problems/tsp/tsp.hpp>

#include <ostream>
#include <span>
#include <stdexcept>
#include <string>

#include <btsolve/input.hpp>
#include <btsolve/problem.hpp>

#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace tsp = bt::problems::tsp;

struct tsp_request {
  std::string input;  // empty or "-": stdin
  bool check = false;
};

const char* format_name(tsp::format f) {
  switch (f) {
    case tsp::format::tsplib: return "tsplib";
    case tsp::format::hcp: return "hcp";
    case tsp::format::dimacs: return "dimacs";
    case tsp::format::edge_list: return "edge-list";
    case tsp::format::weighted_edge_list: return "weighted-edge-list";
  }
  return "tsplib";
}

struct tsp_problem {
  static constexpr std::string_view name = "tsp";
  static constexpr std::string_view summary =
      "travelling salesman: the shortest tour through every city, by branch and bound";
  using request = tsp_request;
  using solution_type = tsp::solution;
  static constexpr const auto& strategies = tsp::strategy_names;
  static constexpr std::string_view noun = "tour";

  static void options(option_set<request>& o) {
    o.text("input,i", &request::input,
           "read a TSPLIB file (EUC_2D, ATT, GEO, CEIL_2D, EXPLICIT), a weighted edge list "
           "'u v w', or a graph (DIMACS, HCP, edge list: every edge of length 1) from FILE "
           "(- or none: stdin)")
        .input_file()
        .flag("check", &request::check,
              "check the optimum against the Held-Karp programme (up to 20 cities)");
  }

  static void print(std::ostream& os, const tsp::solution& s) {
    os << "tour:";
    for (const std::size_t c : s.tour) os << ' ' << c;
    os << ' ' << (s.tour.empty() ? 1 : s.tour.front()) << " (length " << s.length << ")\n";
  }
  static nlohmann::json to_json(const tsp::solution& s) {
    return {{"length", s.length}, {"tour", s.tour}};
  }

  static tsp::read_result instance(const request& r, run_report& s) {
    tsp::read_result rr = [&] {
      try {
        return read_input(r.input, "<stdin>", tsp::read_tsp);
      } catch (const tsp::invalid_input& e) {
        throw usage_error(e.what());
      }
    }();
    for (const auto& w : rr.warnings) s.err() << "warning: " << w << '\n';
    if (r.check && rr.inst.n() > tsp::max_dp_cities) {
      throw usage_error("--check: the Held-Karp programme takes at most " +
                        std::to_string(tsp::max_dp_cities) + " cities, not " +
                        std::to_string(rr.inst.n()));
    }
    return rr;
  }
  static nlohmann::json head(const request&, const tsp::read_result& rr) {
    nlohmann::json h{{"n", rr.inst.n()}, {"input_format", format_name(rr.kind)}};
    if (!rr.inst.name().empty()) h["name"] = rr.inst.name();
    return h;
  }
  static std::string no_solution(const request&, const tsp::read_result&) {
    return "no tour: the graph has no Hamiltonian cycle";
  }

  // Each strategy's problem, sharing one incumbent (its threads' too).
  template <class K>
  static void search(const request&, const tsp::read_result& rr, tsp::strategy how, K&& k) {
    const tsp::instance& in = rr.inst;
    bt::incumbent<tsp::length> best(bt::goal::minimize);
    tsp::with_strategy(how, in, [&](auto& problem) {
      problem.share(&best);
      tsp::tour_describer naming{&in};
      k(problem, naming, [&in](const auto& state, std::span<const tsp::city>) {
        auto t = tsp::make_solution(in, state.path());
        if (!t) throw std::logic_error("a reported tour is not a tour of the graph");
        return *t;
      });
    });
  }

  static void results(const request& r, const tsp::read_result& rr, session<tsp_problem>& s) {
    if (const auto& b = s.best()) {
      s.result("length", b->length);
      s.result("tour", b->tour);
    }
    if (r.check) check(rr.inst, s);
  }

  // --check: the Held-Karp programme's optimum against the search's (a proven one must equal
  // it; a stopped one must not be shorter).
  static void check(const tsp::instance& in, session<tsp_problem>& s) {
    const auto dp = tsp::solve_held_karp(in);
    const auto& b = s.best();
    const bool proven = s.proven();
    const bool agrees = !dp      ? !b
                        : proven ? b && b->length == dp->length
                                 : !b || b->length >= dp->length;
    if (!agrees) {
      throw std::logic_error("--check: branch and bound found " +
                             (b ? std::to_string(b->length) : std::string("no tour")) +
                             ", Held-Karp " +
                             (dp ? std::to_string(dp->length) : std::string("no tour")));
    }
    s.result("check", dp ? nlohmann::json(dp->length) : nlohmann::json(nullptr),
             "check: Held-Karp agrees (" +
                 (dp ? "optimum " + std::to_string(dp->length) : std::string("no tour")) + ")");
  }
};

}  // namespace

void register_tsp(registry& r) { add_problem<tsp_problem>(r); }

}  // namespace btsolve
