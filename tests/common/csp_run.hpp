// SPDX-License-Identifier: MIT
// A CSP model searched under one config of switches, with its statistics and its solutions:
// what the CSP tests compare across configs.
#pragma once

#include <cstddef>
#include <cstdint>
#include <set>
#include <vector>

#include <gtest/gtest.h>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
#include <bt/split.hpp>

namespace csp_test {

/// Solutions as the value of every variable.
using solution_set = std::set<std::vector<int>>;

/// What run() found.
struct result {
  bt::stats stats;         ///< the search's statistics
  solution_set solutions;  ///< the solutions kept
};

/// Search m with switches c; keep up to `keep` solutions and stop after `quota` (0: all).
/// Checks that each solution assigns every variable and that the trail ends fully undone.
template <class M>
result run(const M& m, bt::csp::config c, std::uint64_t quota = 0, std::size_t keep = 100000) {
  return bt::csp::dispatch(c, [&]<bt::csp::static_switches S>() {
    bt::csp::solver<M, S> s(m, c);
    s.count_inference(true);
    result r;
    bt::stats_visitor sv{r.stats};
    bt::solution_quota q{quota, 0};
    auto sink = bt::solution_sink([&](const bt::csp::solver<M, S>& st) {
      if (r.solutions.size() < keep) {
        std::vector<int> v(static_cast<std::size_t>(st.variable_count()));
        for (int x = 0; x < st.variable_count(); ++x) {
          EXPECT_TRUE(st.assigned(x));
          v[static_cast<std::size_t>(x)] = st.value_of(x);
        }
        r.solutions.insert(v);
      }
    });
    bt::search(s, bt::visitors(sv, sink, q));
    EXPECT_EQ(s.depth(), 0);  // the trail is fully undone
    return r;
  });
}

/// The same count by work units: m's tree split at depth `cut` (bt::split), each subproblem
/// searched on its own, their statistics added to the top part's as a count by units does
/// (btsolve's engine_units).
template <class M>
result run_split(const M& m, bt::csp::config c, std::size_t cut) {
  return bt::csp::dispatch(c, [&]<bt::csp::static_switches S>() {
    bt::csp::solver<M, S> root(m, c);
    root.count_inference(true);  // the subproblems' copies count too
    result r;
    auto subs = bt::split(root, cut, r.stats);
    r.stats.solutions = 0;  // the split's leaves are subproblem roots, not solutions
    for (auto& sub : subs) {
      bt::stats st;
      bt::stats_visitor sv{st};
      bt::search(sub.state, sv);
      bt::add_subproblem_stats(r.stats, st, sub.prefix.size());
    }
    return r;
  });
}

}  // namespace csp_test
