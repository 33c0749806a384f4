// SPDX-License-Identifier: MIT
// The N-Queens table of docs/strategies.md: every solution of n = 8..12 under the board
// strategy and each of the 48 combinations of the engine's switches, as
// "nodes / checks / backtracks" (deterministic; the same counts as `btsolve nqueens --count
// --stats`, docs/strategies-table.sh, which takes minutes where this takes seconds).
// With the argument `aima FILE.col`: AIMA's four algorithms (bt, mrv, fc, mrv+fc), first
// solution: assigns / checks / work (checks + propagation checks, compare's default measure) on
// FILE with 4 colours, and summed over n = 2..50 queens, each
// board stopped at a million nodes (the same counts as docs/strategies-table.sh aima).
// Run: build/release/bin/bt_csp_table [aima tests/data/coloring/usa48.col]
#include <cstdint>
#include <cstdio>
#include <optional>
#include <string>
#include <utility>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
#include <bt/problems/colouring/csp.hpp>
#include <bt/problems/graph/io.hpp>
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

namespace {

namespace nq = bt::problems::nqueens;

template <class P>
bt::stats count_all(P& p) {
  bt::stats s;
  bt::search(p, bt::stats_visitor{s});
  return s;
}

void cell(const bt::stats& s) {
  std::printf(" %llu / %llu / %llu |", static_cast<unsigned long long>(s.nodes),
              static_cast<unsigned long long>(s.checks),
              static_cast<unsigned long long>(s.backtracks));
}

// First solution of m under C, at most `nodes` nodes: the statistics and whether it stopped.
template <bt::csp::config C, class M>
std::pair<bt::stats, bool> first(const M& m, std::uint64_t nodes) {
  bt::csp::solver<M, bt::csp::static_part(C)> s(m, C);
  bt::stats st;
  bt::stats_visitor sv{st};
  bt::limit_visitor limits(nodes, std::nullopt);
  bt::solution_quota q{1, 0};
  bt::search(s, bt::visitors(limits, sv, q));
  return {st, limits.reason() != bt::stop_reason::none};
}

int aima(const std::string& map) {
  namespace col = bt::problems::colouring;
  namespace gr = bt::problems::graph;
  const col::adjacency g(gr::make_graph(gr::read_graph_file(map).edges));
  const col::csp_model usa(g, 4);
  std::printf(
      "| algorithm | spec | USA 4-colouring: assigns / checks / work | n-queens n = 2..50, "
      "summed: assigns / checks / work (boards stopped at 1e6 nodes) |\n| --- | --- | --- | --- "
      "|\n");
  const auto row = [&]<bt::csp::config C>(const char* name) {
    const auto [u, ustop] = first<C>(usa, 1000000);
    std::uint64_t a = 0, c = 0, w = 0;
    int stopped = 0;
    for (int n = 2; n <= 50; ++n) {
      const nq::row_domains d(n, {});
      const nq::csp_model m(d);
      const auto [st, stop] = first<C>(m, 1000000);
      a += st.assigns;
      c += st.checks;
      w += st.checks + st.propagation_checks;  // work: compare's default measure
      stopped += stop ? 1 : 0;
    }
    std::printf("| %s | %s | %llu / %llu / %llu%s | %llu / %llu / %llu (%d stopped) |\n", name,
                bt::csp::spec_of(C).c_str(), static_cast<unsigned long long>(u.assigns),
                static_cast<unsigned long long>(u.checks),
                static_cast<unsigned long long>(u.checks + u.propagation_checks),
                ustop ? " (stopped)" : "", static_cast<unsigned long long>(a),
                static_cast<unsigned long long>(c), static_cast<unsigned long long>(w), stopped);
  };
  row.template operator()<*bt::csp::parse_spec("bt")>("BT");
  row.template operator()<*bt::csp::parse_spec("mrv")>("BT+MRV");
  row.template operator()<*bt::csp::parse_spec("fc")>("FC");
  row.template operator()<*bt::csp::parse_spec("mrv+fc")>("FC+MRV");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 3 && std::string(argv[1]) == "aima") return aima(argv[2]);
  namespace csp = bt::csp;
  std::printf("| strategy | n = 8 | 9 | 10 | 11 | 12 |\n| --- | --- | --- | --- | --- | --- |\n");
  std::printf("| board |");
  for (int n = 8; n <= 12; ++n) {
    const nq::row_domains d(n, {});
    nq::board p(d);
    cell(count_all(p));
  }
  std::printf("\n");
  for (const auto v : csp::all_var_orders) {
    for (const auto i : csp::all_inferences) {
      for (const auto l : csp::all_val_orders) {
        for (const auto j : csp::all_jumps) {
          const csp::config c{v, l, i, j};
          std::printf("| %s |", csp::spec_of(c).c_str());
          for (int n = 8; n <= 12; ++n) {
            const nq::row_domains d(n, {});
            const nq::csp_model m(d);
            csp::dispatch(c, [&]<csp::static_switches S>() {
              csp::solver<nq::csp_model, S> s(m, c);
              cell(count_all(s));
            });
          }
          std::printf("\n");
        }
      }
    }
  }
}
