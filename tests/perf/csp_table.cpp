// SPDX-License-Identifier: MIT
// The N-Queens table of docs/strategies.md: every solution of n = 8..12 under the board
// strategy and each of the 48 combinations of the engine's switches, as
// "nodes / checks / backtracks" (deterministic; the same counts as `btsolve nqueens --count
// --stats`, docs/strategies-table.sh, which takes minutes where this takes seconds).
// Run: build/release/bin/bt_csp_table
#include <cstdint>
#include <cstdio>
#include <string>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
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

}  // namespace

int main() {
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
            csp::dispatch(c, [&]<csp::config C>() {
              csp::solver<nq::csp_model, C> s(m);
              cell(count_all(s));
            });
          }
          std::printf("\n");
        }
      }
    }
  }
}
