// SPDX-License-Identifier: MIT
// The fractional chromatic number by column generation, for graphs with too many maximal
// independent sets to list (DSJC125.5): the set cover's relaxation over the columns found so far
// (cover.hpp), priced by an exact maximum-weight independent set under the duals. Each exact
// pricing also proves a bound (Farley's): with integer weights w and the heaviest independent
// set W, w / W is a dual solution, so chi >= chi_f >= sum(w) / W, rounded up in integers.
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/cover.hpp>
#include <bt/problems/colouring/independent_sets.hpp>
#include <bt/problems/colouring/vertex_set.hpp>

namespace bt::problems::colouring {

namespace detail {

// Branch and bound for the heaviest independent set above a threshold: candidates are split
// greedily into cliques of g (an independent set takes one vertex of each at most), whose
// heaviest members bound what can still be added (Kumlander's weighted colouring bound, on
// bitsets). Every set found heavier than the best so far is kept: pricing adds them all.
template <class Poll>
class weighted_independent_set {
 public:
  weighted_independent_set(const adjacency& g, std::span<const std::uint64_t> weight,
                           std::uint64_t budget, Poll& poll)
      : g_(g),
        w_(weight),
        budget_(budget),
        poll_(poll),
        apart_(non_neighbourhoods(g)),
        chosen_(g.size()) {}

  // The heaviest weight above `above`, or `above` when none is heavier; false when the budget
  // or poll() ended the search first (then only `found` is meaningful).
  bool run(std::uint64_t above) {
    best_ = above;
    vertex_set all(g_.size());
    for (std::size_t v = 0; v < g_.size(); ++v) {
      if (w_[v] != 0) all.set(v);
    }
    return expand(all, 0);
  }
  [[nodiscard]] std::uint64_t best() const { return best_; }
  [[nodiscard]] std::uint64_t nodes() const { return nodes_; }
  std::vector<vertex_set> found;  // each heavier than all before it: the heaviest last

 private:
  bool expand(vertex_set p, std::uint64_t weight) {
    if (++nodes_ > budget_ || ((nodes_ & 1023U) == 0 && poll_() == bt::flow::stop)) return false;
    if (p.none()) {
      if (weight > best_) {
        best_ = weight;
        found.push_back(chosen_);
      }
      return true;
    }
    // Cliques of the candidates, heaviest vertices first; bound[i]: the heaviest of each clique
    // up to order[i]'s.
    std::vector<std::size_t> order;
    std::vector<std::uint64_t> bound;
    vertex_set left = p;
    std::uint64_t total = 0;
    while (left.any()) {
      vertex_set q = left;
      std::uint64_t heaviest = 0;
      while (q.any()) {
        std::size_t pick = vertex_set::npos;
        q.for_each([&](std::size_t v) {
          if (pick == vertex_set::npos || w_[v] > w_[pick]) pick = v;
        });
        order.push_back(pick);
        heaviest = std::max(heaviest, w_[pick]);
        left.reset(pick);
        q.reset(pick);
        q &= g_.bits(pick);
      }
      total += heaviest;
      bound.resize(order.size(), total);
    }
    for (std::size_t i = order.size(); i-- > 0;) {
      if (weight + bound[i] <= best_) return true;
      const std::size_t v = order[i];
      vertex_set next = p;
      next &= apart_[v];
      chosen_.set(v);
      const bool complete = expand(std::move(next), weight + w_[v]);
      chosen_.reset(v);
      if (!complete) return false;
      p.reset(v);
    }
    return true;
  }

  const adjacency& g_;
  std::span<const std::uint64_t> w_;
  std::uint64_t budget_;
  Poll& poll_;
  std::vector<vertex_set> apart_;
  vertex_set chosen_;
  std::uint64_t best_ = 0;
  std::uint64_t nodes_ = 0;
};

// An independent set made maximal: vertices added in turn, heaviest first.
inline vertex_set make_maximal(const adjacency& g, vertex_set s,
                               std::span<const std::size_t> by_weight) {
  vertex_set blocked(g.size());
  s.for_each([&](std::size_t v) { blocked |= g.bits(v); });
  for (const std::size_t v : by_weight) {
    if (!s.test(v) && !blocked.test(v)) {
      s.set(v);
      blocked |= g.bits(v);
    }
  }
  return s;
}

}  // namespace detail

/// What fractional_bound proved.
struct fractional_result {
  int lower = 0;            ///< proven: chi >= lower (0: nothing proven)
  double relaxation = 0;    ///< the last relaxation's value (chi_f when `complete`)
  bool complete = false;    ///< the relaxation was solved to optimality
  std::size_t columns = 0;  ///< independent sets generated
  std::uint64_t nodes = 0;  ///< nodes of the pricing searches
};

/// A lower bound on chi(g) from the fractional chromatic number, starting from the colour
/// classes of `colouring` (proper, 1-based). Stops once the bound reaches `enough`, once the
/// relaxation shows no bound above `useless` can come (it only falls), after `budget` pricing
/// nodes in all, or when poll() says bt::flow::stop. Needs bitsets.
template <class Poll>
fractional_result fractional_bound(const adjacency& g, std::span<const int> colouring, int enough,
                                   int useless, std::uint64_t budget, Poll poll) {
  fractional_result r;
  const std::size_t n = g.size();
  if (n == 0 || !g.has_bits()) return r;
  cover_relaxation lp(n);
  const int k = *std::max_element(colouring.begin(), colouring.end());
  std::vector<std::size_t> by_index(n);
  std::iota(by_index.begin(), by_index.end(), std::size_t{0});
  for (int c = 1; c <= k; ++c) {
    vertex_set s(n);
    for (std::size_t v = 0; v < n; ++v) {
      if (colouring[v] == c) s.set(v);
    }
    if (s.any()) lp.add(detail::make_maximal(g, std::move(s), by_index));
  }
  std::vector<std::uint64_t> w;
  std::vector<std::size_t> by_weight(n);
  while (true) {
    r.relaxation = lp.solve();
    if (static_cast<int>(std::ceil(r.relaxation - 1e-9)) <= std::max(useless, r.lower)) break;
    const std::uint64_t total = integer_weights(lp.duals(), w);
    std::iota(by_weight.begin(), by_weight.end(), std::size_t{0});
    std::stable_sort(by_weight.begin(), by_weight.end(),
                     [&](std::size_t a, std::size_t b) { return w[a] > w[b]; });
    if (r.nodes >= budget) break;
    detail::weighted_independent_set<Poll> pricing(g, w, budget - r.nodes, poll);
    const bool complete = pricing.run(unit_weight);
    r.nodes += pricing.nodes();
    if (complete) {
      // Farley's bound: no independent set weighs more than best().
      r.lower = std::max(r.lower, columns_needed(total, pricing.best()));
      if (pricing.found.empty()) {
        r.complete = true;
        break;
      }
    }
    if (pricing.found.empty() || r.lower >= enough) break;
    for (vertex_set& s : pricing.found) {
      lp.add(detail::make_maximal(g, std::move(s), by_weight));
      ++r.columns;
    }
  }
  return r;
}

}  // namespace bt::problems::colouring
