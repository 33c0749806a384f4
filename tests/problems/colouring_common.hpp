// SPDX-License-Identifier: MIT
// Helpers of the colouring tests: load an instance, run a strategy, collect its colourings.
#pragma once

#include <cstdint>
#include <fstream>
#include <map>
#include <set>
#include <span>
#include <sstream>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/problems/colouring/colouring.hpp>
#include <bt/problems/graph/io.hpp>

namespace colouring_test {

namespace col = bt::problems::colouring;
namespace gr = bt::problems::graph;

inline const std::string data = BT_TEST_DATA;

/// instance -> chromatic number, from tests/data/coloring/answers.csv.
inline const std::map<std::string, int>& answers() {
  static const std::map<std::string, int> out = [] {
    std::map<std::string, int> m;
    std::ifstream in(data + "/coloring/answers.csv");
    std::string line;
    std::getline(in, line);
    while (std::getline(in, line)) {
      std::vector<std::string> f;
      std::istringstream ss(line);
      for (std::string x; std::getline(ss, x, ',');) f.push_back(x);
      m[f.at(0)] = std::stoi(f.at(3));
    }
    return m;
  }();
  return out;
}

/// The instances left to the `slow` test (seconds in a sanitizer build); none at present.
inline const std::set<std::string>& slow_instances() {
  static const std::set<std::string> s{};
  return s;
}

inline gr::graph load(const std::string& name) {
  return gr::make_graph(gr::read_graph_file(data + "/coloring/" + name + ".col").edges);
}

/// A G(n, p) random graph, reproducible from seed.
inline gr::graph random_graph(std::size_t n, double p, std::uint64_t seed) {
  col::xorshift rng(seed);
  gr::edge_list e{n, {}};
  for (std::size_t u = 0; u < n; ++u)
    for (std::size_t v = u + 1; v < n; ++v)
      if (static_cast<double>(rng.below(1'000'000)) < p * 1e6)
        e.edges.emplace_back(static_cast<gr::vertex>(u), static_cast<gr::vertex>(v));
  return gr::make_graph(e);
}

struct run {
  std::uint64_t count = 0;                   ///< labelled colourings
  std::vector<std::vector<int>> colourings;  ///< in the order found (all())
  bt::stats stats;
};

/// Search every m-colouring of g with strategy s; keep them when `keep`.
inline run search(col::strategy s, const gr::graph& g, int m, bool keep, std::uint64_t quota = 0) {
  const col::adjacency adj(g);
  const auto clique = col::greedy_clique(adj);
  run r;
  col::with_strategy(s, adj, m, clique, [&](auto& p) {
    const col::renamings ways(m, static_cast<int>(adj.size()));
    bt::stats_visitor sv{r.stats};
    auto sink = bt::solution_sink([&](const auto& state) {
      if (!keep) {
        r.count = col::add_count(r.count, col::colourings_of(state, ways));
        return bt::flow::go_on;
      }
      return col::for_each_colouring(state, m, [&](std::span<const int> c) {
        r.colourings.emplace_back(c.begin(), c.end());
        ++r.count;
        return quota != 0 && r.count >= quota ? bt::flow::stop : bt::flow::go_on;
      });
    });
    bt::search(p, bt::visitors(sv, sink));
  });
  return r;
}

inline run count(col::strategy s, const gr::graph& g, int m) { return search(s, g, m, false); }
inline run all(col::strategy s, const gr::graph& g, int m) { return search(s, g, m, true); }
inline std::vector<int> first(col::strategy s, const gr::graph& g, int m) {
  auto r = search(s, g, m, true, 1);
  return r.colourings.empty() ? std::vector<int>{} : r.colourings.front();
}

struct chromatic_run {
  col::chromatic_result result;
  bt::stats stats;
};

inline chromatic_run chromatic(const gr::graph& g, col::strategy s = col::strategy::dsatur,
                               col::chromatic_options o = {}) {
  o.how = s;
  const col::adjacency adj(g);
  chromatic_run r;
  bt::stats_visitor sv{r.stats};
  r.result = col::chromatic_number(adj, o, sv, [] { return bt::flow::go_on; });
  return r;
}

}  // namespace colouring_test
