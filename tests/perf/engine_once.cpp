// SPDX-License-Identifier: MIT
// One search, once, for instruction counts: run under `valgrind --tool=callgrind` it gives a
// repeatable measure of the engine where wall-clock ratios on a loaded machine do not
// (docs/performance.md, "Any depth").
// Run: bt_engine_once PROBLEM VISITOR N, PROBLEM bitboard | arrays | board | csp-fc | csp-cbj,
// VISITOR null | limits | stats; prints the solutions counted.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

namespace {

namespace nq = bt::problems::nqueens;

// Counts solutions with the visitor named: none, the runner's limit visitor, or statistics.
template <class P>
std::uint64_t count(P& p, const std::string& visitor) {
  bt::solution_counter c;
  if (visitor == "limits") {
    bt::limit_visitor lim(0, std::nullopt);
    bt::search(p, bt::visitors(c, lim));
  } else if (visitor == "stats") {
    bt::stats s;
    bt::stats_visitor sv{s};
    bt::search(p, bt::visitors(c, sv));
  } else {
    bt::search(p, c);
  }
  return c.count;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s bitboard|arrays|board|csp-fc|csp-cbj null|limits|stats N\n",
                 argv[0]);
    return 2;
  }
  const std::string problem = argv[1];
  const std::string visitor = argv[2];
  const int n = std::atoi(argv[3]);
  if (n < 1 || n > 32) {
    std::fprintf(stderr, "N must be 1..32\n");
    return 2;
  }
  const nq::row_domains d(n, {});
  std::uint64_t solutions = 0;
  if (problem == "bitboard") {
    auto p = nq::make_bitboard<std::uint32_t>(n);
    solutions = count(p, visitor);
  } else if (problem == "arrays") {
    nq::arrays p(d);
    solutions = count(p, visitor);
  } else if (problem == "board") {
    nq::board p(d);
    solutions = count(p, visitor);
  } else if (problem == "csp-fc" || problem == "csp-cbj") {
    const nq::csp_model model(d);
    if (problem == "csp-fc") {
      constexpr bt::csp::config c = *bt::csp::parse_spec("mrv+fc");
      bt::csp::solver<nq::csp_model, bt::csp::static_part(c)> p(model, c);
      solutions = count(p, visitor);
    } else {
      constexpr bt::csp::config c = *bt::csp::parse_spec("mrv+fc+cbj");
      bt::csp::solver<nq::csp_model, bt::csp::static_part(c)> p(model, c);
      solutions = count(p, visitor);
    }
  } else {
    std::fprintf(stderr, "unknown problem '%s'\n", problem.c_str());
    return 2;
  }
  std::printf("%llu\n", static_cast<unsigned long long>(solutions));
  return 0;
}
