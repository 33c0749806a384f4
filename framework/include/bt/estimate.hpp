// SPDX-License-Identifier: MIT
// Knuth's random-probe estimate of the size of a backtracking tree (Knuth 1975, "Estimating
// the efficiency of backtrack programs"), over the problem concepts alone: no search is run.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <vector>

#include <bt/concepts.hpp>

namespace bt {

/// The mean and spread of Knuth's estimate over a number of probes.
struct tree_estimate {
  double nodes = 0.0;      ///< mean estimate of the nodes of the whole tree (root included)
  double std_error = 0.0;  ///< standard error of that mean (0 with one probe)
  std::size_t probes = 0;  ///< probes taken
};

namespace detail {

// The consistent candidates of p's next variable: the branches the engine would take.
template <class P>
std::vector<typename P::value_type> branches(const P& p) {
  std::vector<typename P::value_type> out;
  for (auto&& v : p.candidates()) {
    if constexpr (checks_values<P>) {
      if (!p.consistent(v)) continue;
    }
    out.push_back(v);
  }
  return out;
}

// Whether the engine would expand p: promising (if it can say) and not complete.
template <class P>
bool expands(const P& p) {
  if constexpr (checks_nodes<P>) {
    if (!p.promising()) return false;
  }
  return !p.complete();
}

}  // namespace detail

/// One probe: a walk from p to a leaf choosing uniformly among the consistent candidates;
/// returns 1 + d1 + d1*d2 + ..., where dk is the number of branches at depth k-1. Its
/// expectation is the node count of the full tree (every node the engine enters when it
/// explores everything). A trail problem is walked in place and left as given.
template <problem P, class Rng>
double knuth_probe(P& p, Rng& rng) {
  double estimate = 1.0;
  double weight = 1.0;
  // From `node` down to a leaf; descend(v) takes branch v.
  const auto walk = [&](const auto& node, auto descend) {
    while (detail::expands(node)) {
      const auto b = detail::branches(node);
      if (b.empty()) break;
      std::uniform_int_distribution<std::size_t> pick(0, b.size() - 1);
      weight *= static_cast<double>(b.size());
      estimate += weight;
      descend(b[pick(rng)]);
    }
  };
  if constexpr (trail_problem<P>) {
    std::vector<typename P::value_type> path;
    walk(p, [&](const auto& v) {
      path.push_back(v);
      p.assign(path.back());
    });
    while (!path.empty()) {
      p.unassign(path.back());
      path.pop_back();
    }
  } else {
    P node = p;
    walk(node, [&](const auto& v) { node = node.child(v); });
  }
  return estimate;
}

/// The mean of `probes` Knuth probes of p's tree, seeded by seed (the same seed, the same
/// estimate). probes == 0 is taken as 1. `stop()` is asked before each probe but the first:
/// when it says true, the estimate is the mean of the probes taken (a time limit or Ctrl-C
/// must not wait for 2^64 probes).
template <problem P, class Stop>
tree_estimate estimate_tree_size(P& p, std::size_t probes, std::uint64_t seed, Stop&& stop) {
  if (probes == 0) probes = 1;
  std::mt19937_64 rng(seed);
  double sum = 0.0;
  double sum_sq = 0.0;
  std::size_t taken = 0;
  for (; taken < probes && (taken == 0 || !stop()); ++taken) {
    const double e = knuth_probe(p, rng);
    sum += e;
    sum_sq += e * e;
  }
  probes = taken;
  const double k = static_cast<double>(probes);
  tree_estimate r;
  r.probes = probes;
  r.nodes = sum / k;
  if (probes > 1) {
    const double var = std::max(0.0, (sum_sq - sum * sum / k) / (k - 1.0));
    r.std_error = std::sqrt(var / k);
  }
  return r;
}

/// The same, taking every probe.
template <problem P>
tree_estimate estimate_tree_size(P& p, std::size_t probes, std::uint64_t seed) {
  return estimate_tree_size(p, probes, seed, [] { return false; });
}

}  // namespace bt
