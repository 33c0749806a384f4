// SPDX-License-Identifier: MIT
// Knuth's random-probe estimate of the size of a backtracking tree (Knuth 1975, "Estimating
// the efficiency of backtrack programs"), over the problem concepts alone: no search is run.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <random>
#include <type_traits>
#include <vector>

#include <bt/concepts.hpp>
#include <bt/optimise.hpp>

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

// Whether the engine would expand p: promising (if it can say), not complete, and under
// branch and bound a node whose bound can beat the incumbent.
template <class P>
bool expands(const P& p) {
  if constexpr (checks_nodes<P>) {
    if (!p.promising()) return false;
  }
  if (p.complete()) return false;
  if constexpr (optimising<P>) {
    if (const auto* inc = p.incumbent(); inc != nullptr && p.optimises()) {
      return inc->beaten_by(p.bound());
    }
  }
  return true;
}

// An optimising problem whose incumbent can be swapped (share()): the probes then prune
// against an incumbent of their own, and the search's is left as it was.
template <class P>
concept shares_incumbent = optimising<P> && requires(P& p) {
  p.share(p.incumbent());
};

// A probe's leaf offers its objective to the incumbent the probes share, so later probes
// prune as the search would once it has found as good a solution.
template <class P>
void offer_leaf(const P& p) {
  if constexpr (shares_incumbent<P>) {
    if (auto* inc = p.incumbent(); inc != nullptr && p.optimises() && p.complete()) {
      inc->offer(p.objective());
    }
  }
}

}  // namespace detail

namespace detail {
// A walk from p to a leaf taking the branch pick(count) of each node's `count`; returns
// Knuth's 1 + d1 + d1*d2 + ... along it. A trail problem is walked in place and left as given.
template <problem P, class Pick>
double probe_with(P& p, Pick&& pick) {
  double estimate = 1.0;
  double weight = 1.0;
  // From `node` down to a leaf; descend(v) takes branch v.
  const auto walk = [&](const auto& node, auto descend) {
    while (expands(node)) {
      const auto b = branches(node);
      if (b.empty()) break;
      weight *= static_cast<double>(b.size());
      estimate += weight;
      descend(b[pick(b.size())]);
    }
    offer_leaf(node);
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
}  // namespace detail

/// One probe: a walk from p to a leaf choosing uniformly among the consistent candidates;
/// returns 1 + d1 + d1*d2 + ..., where dk is the number of branches at depth k-1. Its
/// expectation is the node count of the full tree (every node the engine enters when it
/// explores everything). A trail problem is walked in place and left as given.
template <problem P, class Rng>
double knuth_probe(P& p, Rng& rng) {
  return detail::probe_with(p, [&](std::size_t count) {
    std::uniform_int_distribution<std::size_t> pick(0, count - 1);
    return pick(rng);
  });
}

/// estimate_tree_size with p's incumbent as it is (a problem that shares one: the probes'
/// leaves improve it).
template <problem P, class Stop>
tree_estimate estimate_tree_size_with(P& p, std::size_t probes, std::uint64_t seed, Stop&& stop) {
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

/// The mean of `probes` Knuth probes of p's tree, seeded by seed (the same seed, the same
/// estimate). probes == 0 is taken as 1. `stop()` is asked before each probe but the first:
/// when it says true, the estimate is the mean of the probes taken (a time limit or Ctrl-C
/// must not wait for 2^64 probes). Under branch and bound (a problem that shares its
/// incumbent) the probes prune against an incumbent of their own, seeded with p's and
/// improved by the leaves they reach: the estimate is of the tree the bound leaves, and p's
/// incumbent is left as it was.
template <problem P, class Stop>
tree_estimate estimate_tree_size(P& p, std::size_t probes, std::uint64_t seed, Stop&& stop) {
  if constexpr (detail::shares_incumbent<P>) {
    auto* shared = p.incumbent();
    if (shared != nullptr && p.optimises()) {
      std::remove_pointer_t<decltype(shared)> own(shared->direction());
      if (shared->has()) own.seed(shared->value());
      p.share(&own);
      // The search's first descent, its first branch at every node: the incumbent the search
      // has after it, before the random probes (which alone find poor solutions).
      (void)detail::probe_with(p, [](std::size_t) { return std::size_t{0}; });
      const tree_estimate e = estimate_tree_size_with(p, probes, seed, stop);
      p.share(shared);
      return e;
    }
  }
  return estimate_tree_size_with(p, probes, seed, stop);
}

/// The same, taking every probe.
template <problem P>
tree_estimate estimate_tree_size(P& p, std::size_t probes, std::uint64_t seed) {
  return estimate_tree_size(p, probes, seed, [] { return false; });
}

}  // namespace bt
