// SPDX-License-Identifier: MIT
// `langford`: the runner's face of the problem, as a description (docs/adding-a-problem.md):
// its options, its strategies, the search of each and how a solution reads. The runner does
// the rest: first / all / count / --limit, text, JSON and CSV, statistics, --trace, --tree,
// --replay, --estimate, compare, and counting by work units with merge and btsolve-mpi.
#include "plugin_langford.hpp"

#include <langford/langford.hpp>

#include <string_view>
#include <vector>

#include <btsolve/problem.hpp>

namespace langford {
namespace {

/// The options of a run.
struct langford_request {
  int n = 4;  ///< the numbers 1..n
};

struct description {
  static constexpr std::string_view name = "langford";
  static constexpr std::string_view summary =
      "Langford pairs: 1,1,..,n,n with k numbers between the two k's";
  using request = langford_request;
  using solution_type = std::vector<int>;  ///< the row, printed "2 3 1 2 1 3"
  static constexpr btsolve::strategy_info strategies[] = {
      {"largest", "the largest number first: it has the fewest places, so it fails sooner"},
      {"smallest", "the smallest number first"}};

  static void options(btsolve::option_set<request>& o) {
    o.number("n,n", &request::n, "the numbers 1..n (default 4)", 1, problem::max_n);
  }
  static problem make(const request& r, std::string_view strategy) {
    return problem(r.n, strategy == "largest" ? order::largest_first : order::smallest_first);
  }
  static solution_type solution(const problem& p) { return p.row(); }
  // The engine's CSP strategies too (--strategy mrv+fc, --var-order dom-wdeg, ...).
  static langford::csp_model csp_model(const request& r) { return langford::csp_model(r.n); }
  static solution_type csp_solution(const request&, const std::vector<int>& values) {
    return langford::csp_model::row(values);
  }
  static nlohmann::json head(const request& r) { return {{"n", r.n}}; }
};

}  // namespace

void register_plugin(btsolve::registry& r) { btsolve::add_problem<description>(r); }

}  // namespace langford
