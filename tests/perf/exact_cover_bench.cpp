// SPDX-License-Identifier: MIT
// Exact cover through the constraint layer against a dancing-links program, timed in the same
// run: the pentomino packings of the 20x3, 15x4, 12x5 and 10x6 boards (Knuth, "Dancing links",
// 2000: 8, 1472, 4040 and 9356 packings, the board's symmetries included). The constraint
// layer states one exactly-one constraint per column (piece or cell) over one 0/1 variable per
// placement and branches on the column with the fewest options left (`options+mac`), Knuth's
// column choice; the baseline is Algorithm X with dancing links (tests/common/exact_cover.hpp).
// Run: build/release/bin/bt_exact_cover_bench [runs [WxH]]   (default 5 runs, every board)
//
// The two searches alternate, each cell is the fastest of `runs` in CPU time, so a change of load
// on the shared machine hits both alike; the ratio is the constraint layer's time over dancing
// links'.
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/cp/constraints.hpp>
#include <bt/cp/solver.hpp>

#include "common/exact_cover.hpp"

namespace {

// CPU time of this thread: the shared machine's other work does not count.
double cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

struct result {
  unsigned long long solutions = 0;
  unsigned long long nodes = 0;
  double seconds = 0;
};

std::shared_ptr<const bt::cp::model> as_model(const exact_cover::instance& in) {
  auto m = std::make_shared<bt::cp::model>();
  std::vector<int> y;
  y.reserve(in.rows.size());
  for (std::size_t r = 0; r < in.rows.size(); ++r) y.push_back(m->bool_var());
  std::vector<std::vector<int>> cols(static_cast<std::size_t>(in.columns));
  for (std::size_t r = 0; r < in.rows.size(); ++r) {
    for (const int c : in.rows[r]) cols[static_cast<std::size_t>(c)].push_back(y[r]);
  }
  for (const auto& col : cols) bt::cp::exactly_one(*m, col);
  return m;
}

result run_cp(const std::shared_ptr<const bt::cp::model>& m, const bt::cp::strategy& st) {
  result r;
  const double t0 = cpu_seconds();
  bt::cp::solver s(m, st);
  bt::stats stats;
  bt::stats_visitor sv{stats};
  auto sink = bt::solution_sink([&](const bt::cp::solver&) { ++r.solutions; });
  bt::search(s, bt::visitors(sv, sink));
  r.seconds = cpu_seconds() - t0;
  r.nodes = stats.nodes;
  return r;
}

result run_dlx(const exact_cover::instance& in) {
  result r;
  const double t0 = cpu_seconds();
  exact_cover::dancing_links dl(in);
  r.solutions = dl.count();
  r.seconds = cpu_seconds() - t0;
  r.nodes = dl.nodes;
  return r;
}

}  // namespace

int main(int argc, char** argv) {
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  const auto st = *bt::cp::parse_strategy("options+mac");
  std::printf(
      "| board | packings | dancing links s | nodes | constraint layer s | nodes | ratio |\n");
  std::printf("|---|--:|--:|--:|--:|--:|--:|\n");
  for (const auto& [w, h] : std::vector<std::pair<int, int>>{{20, 3}, {15, 4}, {12, 5}, {10, 6}}) {
    if (argc > 2 && std::to_string(w) + "x" + std::to_string(h) != argv[2]) continue;
    const exact_cover::instance in = exact_cover::pentominoes(w, h);
    const auto m = as_model(in);
    result best_dl, best_cp;
    for (int i = 0; i < runs; ++i) {
      const result d = run_dlx(in);
      const result c = run_cp(m, st);
      if (i == 0 || d.seconds < best_dl.seconds) best_dl = d;
      if (i == 0 || c.seconds < best_cp.seconds) best_cp = c;
    }
    if (best_dl.solutions != best_cp.solutions) {
      std::fprintf(stderr, "%dx%d: dancing links counts %llu, the constraint layer %llu\n", w, h,
                   best_dl.solutions, best_cp.solutions);
      return 1;
    }
    std::printf("| %dx%d | %llu | %.3f | %llu | %.3f | %llu | %.2f |\n", w, h, best_dl.solutions,
                best_dl.seconds, best_dl.nodes, best_cp.seconds, best_cp.nodes,
                best_cp.seconds / best_dl.seconds);
    std::fflush(stdout);
  }
  return 0;
}
