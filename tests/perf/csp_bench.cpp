// SPDX-License-Identifier: MIT
// The engine's mrv+fc against the textbook board strategy on N-Queens, first solution and
// count: nodes and the best of several timed runs (docs/performance.md).
// Run: build/release/bin/bt_csp_bench [runs]   (default 5)
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <memory>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

namespace {

namespace nq = bt::problems::nqueens;

struct measure {
  bt::stats stats;
  double best = 1e300;
};

// Best wall time of `runs` searches of a fresh problem from make(), stopping after `quota`
// solutions (0: all); the counts are the last run's (they do not vary).
template <class Make>
measure time_search(Make make, std::uint64_t quota, int runs) {
  measure m;
  for (int i = 0; i < runs; ++i) {
    auto p = make();
    bt::stats s;
    bt::stats_visitor sv{s};
    bt::solution_quota q{quota, 0};
    const auto t0 = std::chrono::steady_clock::now();
    bt::search(*p, bt::visitors(sv, q));
    const double t = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    m.best = std::min(m.best, t);
    m.stats = s;
  }
  return m;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::atoi(argv[1]) : 5;
  std::printf("| n | mode | board nodes | board ms | mrv+fc nodes | mrv+fc ms |\n");
  std::printf("| ---: | --- | ---: | ---: | ---: | ---: |\n");
  for (int n = 8; n <= 12; ++n) {
    const nq::row_domains d(n, {});
    const nq::csp_model model(d);
    for (const std::uint64_t quota : {std::uint64_t{1}, std::uint64_t{0}}) {
      const auto board = time_search([&] { return std::make_unique<nq::board>(d); }, quota, runs);
      const auto csp = time_search(
          [&] {
            return std::make_unique<bt::csp::solver<nq::csp_model, *bt::csp::parse_spec("mrv+fc")>>(
                model);
          },
          quota, runs);
      std::printf("| %d | %s | %llu | %.3f | %llu | %.3f |\n", n, quota ? "first" : "count",
                  static_cast<unsigned long long>(board.stats.nodes), board.best * 1e3,
                  static_cast<unsigned long long>(csp.stats.nodes), csp.best * 1e3);
    }
  }
}
