// SPDX-License-Identifier: MIT
// Helpers of the N-Queens tests: the known counts, run a strategy and collect its solutions,
// trace a search.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <span>
#include <sstream>
#include <string>
#include <type_traits>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

namespace nqueens_test {

namespace nq = bt::problems::nqueens;

/// The number of solutions of the n-queens board and of its fundamental ones.
struct known_count {
  std::uint64_t total;   ///< every solution
  std::uint64_t unique;  ///< one per class under the board's symmetries
};

/// n -> its known counts, from tests/data/nqueens/counts.csv.
inline std::map<int, known_count> read_counts() {
  std::ifstream in(std::string(BT_TEST_DATA) + "/nqueens/counts.csv");
  std::map<int, known_count> out;
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    std::istringstream ss(line);
    std::string a, b, c;
    std::getline(ss, a, ',');
    std::getline(ss, b, ',');
    std::getline(ss, c, ',');
    out[std::stoi(a)] = {std::stoull(b), std::stoull(c)};
  }
  return out;
}

/// Solutions as a column per row, 0-based.
using solutions = std::vector<std::vector<int>>;

/// What solve() found: the solutions in the order found, the statistics and the outcome.
struct run {
  solutions found;
  bt::stats stats;
  bt::outcome outcome{};
};

/// Strategy s on board (n, placed), up to `quota` solutions (0: all), the heuristic's order
/// fixed by `seed`.
inline run solve(nq::strategy s, int n, const std::vector<nq::queen>& placed = {},
                 std::uint64_t quota = 0, std::uint64_t seed = nq::heuristic::default_seed) {
  const nq::row_domains d(n, placed);
  run r;
  nq::with_strategy(
      s, d,
      [&](auto& p) {
        using P = std::remove_cvref_t<decltype(p)>;
        bt::stats_visitor sv{r.stats};
        bt::solution_quota q{quota, 0};
        auto rec = bt::make_assignment_visitor<P>([&](std::span<const typename P::value_type> v) {
          std::vector<int> cols(static_cast<std::size_t>(n), -1);
          for (std::size_t i = 0; i < v.size(); ++i) {
            cols[static_cast<std::size_t>(nq::row_of(v[i], i))] = nq::column_of(v[i]);
          }
          r.found.push_back(cols);
        });
        r.outcome = bt::search(p, bt::visitors(sv, rec, q));
      },
      seed);
  return r;
}

/// The textbook describer's trace of p's search on an n-queens board, up to its first
/// solution.
template <class P>
std::string first_solution_trace(P& p, int n) {
  std::ostringstream os;
  nq::textbook_describer desc(n);
  bt::trace_visitor<nq::textbook_describer> t(os, desc);
  bt::solution_quota q{1, 0};
  bt::search(p, bt::visitors(t, q));
  return os.str();
}

}  // namespace nqueens_test
