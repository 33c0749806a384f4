// SPDX-License-Identifier: MIT
// The engine's CSP strategies against the problems' own textbook searches, timed in the same
// run: N-Queens n = 8..12 (first solution and count) against `board`, and a graph colouring
// against the colouring `textbook` (docs/performance.md, "CSP switches at run time").
// Run: build/release/bin/bt_csp_bench [runs]   (default 5)
//      build/release/bin/bt_csp_bench one STRATEGY N   (one count of N queens, for callgrind;
//      STRATEGY is board or a spec; N = 0: the colouring case, board meaning its textbook)
//
// Each cell is the best of `runs` samples; a sample times enough fresh searches to add up to
// about 2 ms (a first solution takes microseconds) and reports the time per search.
// The samples of one case are interleaved across its strategies, so a change of load on the
// shared machine hits all of them alike and the ratios stay comparable.
//
// The file also compiles against the solver of commit 5d8f29c, where every switch was a
// template constant (solver<M, config>, no runtime config): the before/after figures come from
// the same program.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <bt/bt.hpp>
#include <bt/csp.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/csp.hpp>
#include <bt/problems/colouring/textbook.hpp>
#include <bt/problems/graph/generators.hpp>
#include <bt/problems/nqueens/csp.hpp>
#include <bt/problems/nqueens/nqueens.hpp>

namespace {

namespace csp = bt::csp;
namespace nq = bt::problems::nqueens;
namespace col = bt::problems::colouring;
namespace gr = bt::problems::graph;

constexpr std::array<std::string_view, 10> strategies = {
    "bt",           "fc",         "mrv+fc",           "mac",       "mrv+mac", "dom-deg+fc",
    "dom-wdeg+mac", "mrv+fc+lcv", "dom-wdeg+mac+lcv", "mrv+fc+cbj"};

// Used only when built against the base commit (time_csp).
[[maybe_unused]] constexpr bool measured(const csp::config& c) {
  return std::any_of(strategies.begin(), strategies.end(),
                     [&](std::string_view s) { return *csp::parse_spec(s) == c; });
}

struct timing {
  bt::stats stats;
  double seconds = 0;  // per search
};

// `reps` searches of fresh problems from make(), stopping each after `quota` solutions
// (0: all). Each problem is built just before its own search and only the search is timed:
// built all in advance, a few thousand problems of a first-solution case would be timed
// with cold caches, and memory layout, not the search, would decide.
template <class P, class Make>
timing time_reps(Make make, std::uint64_t quota, int reps) {
  timing t;
  for (int i = 0; i < reps; ++i) {
    const auto p = make();
    bt::stats s;
    bt::stats_visitor sv{s};
    bt::solution_quota q{quota, 0};
    const auto t0 = std::chrono::steady_clock::now();
    bt::search(*p, bt::visitors(sv, q));
    t.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    t.stats = s;
  }
  t.seconds /= static_cast<double>(reps);
  return t;
}

// The engine's solver of m with switches c, `reps` times.
template <class M>
timing time_csp(const M& m, const csp::config& c, std::uint64_t quota, int reps) {
  return csp::dispatch(
      c, [&]<auto K>()->timing {
        using S = csp::solver<M, K>;
        if constexpr (std::is_same_v<std::remove_cvref_t<decltype(K)>, csp::config>) {
          // Commit 5d8f29c: K is the whole config; only the measured ones are instantiated.
          if constexpr (measured(K)) {
            return time_reps<S>([&] { return std::make_unique<S>(m); }, quota, reps);
          } else {
            return {};
          }
        } else {
          return time_reps<S>([&] { return std::make_unique<S>(m, c); }, quota, reps);
        }
      });
}

using runner = std::function<timing(std::uint64_t quota, int reps)>;

struct row {
  std::string name;
  runner run;
  int reps = 1;
  timing best{bt::stats{}, 1e300};
};

// Per strategy (the baseline first), the ratio to the baseline of every case, for the summary.
std::vector<std::vector<double>> ratios(strategies.size() + 1);

// One case: the baseline and every strategy, `runs` interleaved samples each.
void measure_case(const std::string& label, std::uint64_t quota, int runs, runner baseline,
                  const std::string& baseline_name,
                  const std::function<runner(csp::config)>& engine) {
  std::vector<row> rows;
  rows.push_back({baseline_name, std::move(baseline)});
  for (const auto s : strategies) rows.push_back({std::string(s), engine(*csp::parse_spec(s))});
  for (row& r : rows) {
    const timing probe = r.run(quota, 1);
    r.reps =
        static_cast<int>(std::clamp(std::ceil(2e-3 / std::max(probe.seconds, 1e-9)), 1.0, 2000.0));
  }
  for (int i = 0; i < runs; ++i) {
    for (row& r : rows) {
      const timing t = r.run(quota, r.reps);
      if (t.seconds < r.best.seconds) r.best = t;
    }
  }
  const double base = rows.front().best.seconds;
  for (std::size_t k = 0; k < rows.size(); ++k) {
    const row& r = rows[k];
    const double x = r.best.seconds / base;
    ratios[k].push_back(x);
    std::printf("| %s | %s | %llu | %.4f | %.3f |\n", label.c_str(), r.name.c_str(),
                static_cast<unsigned long long>(r.best.stats.nodes), r.best.seconds * 1e3, x);
    std::fflush(stdout);
  }
}

// One count, untimed: instruction counts under valgrind --tool=callgrind are the tie-breaker
// where wall times on the loaded machine are too noisy.
int one(const std::string& strategy, int n) {
  timing t;
  const auto c = csp::parse_spec(strategy);
  if (!c && strategy != "board") {
    std::fprintf(stderr, "bt_csp_bench: '%s' is neither board nor a spec\n", strategy.c_str());
    return 2;
  }
  if (n == 0) {
    const col::adjacency g(gr::make_graph(gr::queen_graph(5, 5)));
    const col::csp_model model(g, 5);
    t = c ? time_csp(model, *c, 0, 1)
          : time_reps<col::textbook>([&] { return std::make_unique<col::textbook>(g, 5); }, 0, 1);
  } else {
    const nq::row_domains d(n, {});
    const nq::csp_model model(d);
    t = c ? time_csp(model, *c, 0, 1)
          : time_reps<nq::board>([&] { return std::make_unique<nq::board>(d); }, 0, 1);
  }
  std::printf("%s n=%d: %llu nodes, %llu solutions\n", strategy.c_str(), n,
              static_cast<unsigned long long>(t.stats.nodes),
              static_cast<unsigned long long>(t.stats.solutions));
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc == 4 && std::string(argv[1]) == "one") return one(argv[2], std::atoi(argv[3]));
  const int runs = argc > 1 ? std::max(1, std::atoi(argv[1])) : 5;
  std::printf("| case | strategy | nodes | best ms | x baseline |\n");
  std::printf("| --- | --- | ---: | ---: | ---: |\n");
  for (int n = 8; n <= 12; ++n) {
    const nq::row_domains d(n, {});
    const nq::csp_model model(d);
    for (const std::uint64_t quota : {std::uint64_t{1}, std::uint64_t{0}}) {
      measure_case(
          "queens " + std::to_string(n) + (quota != 0 ? " first" : " count"), quota, runs,
          [&](std::uint64_t q, int reps) {
            return time_reps<nq::board>([&] { return std::make_unique<nq::board>(d); }, q, reps);
          },
          "board",
          [&](csp::config c) -> runner {
            return [&model, c](std::uint64_t q, int reps) { return time_csp(model, c, q, reps); };
          });
    }
  }
  {
    const col::adjacency g(gr::make_graph(gr::queen_graph(5, 5)));
    const int colours = 5;
    const col::csp_model model(g, colours);
    measure_case(
        "queen5_5, 5 colours, count", 0, runs,
        [&](std::uint64_t q, int reps) {
          return time_reps<col::textbook>(
              [&] { return std::make_unique<col::textbook>(g, colours); }, q, reps);
        },
        "textbook",
        [&](csp::config c) -> runner {
          return [&model, c](std::uint64_t q, int reps) { return time_csp(model, c, q, reps); };
        });
  }
  // The geometric mean over the cases of each strategy's ratio to its baseline.
  std::printf("\n| strategy | geometric mean x baseline |\n| --- | ---: |\n");
  for (std::size_t k = 1; k < ratios.size(); ++k) {
    double log_sum = 0;
    for (const double x : ratios[k]) log_sum += std::log(x);
    std::printf("| %s | %.3f |\n", std::string(strategies[k - 1]).c_str(),
                std::exp(log_sum / static_cast<double>(ratios[k].size())));
  }
}
