// SPDX-License-Identifier: MIT
// The hybrid evolutionary colouring of Galinier and Hao (1999): a small population of
// k-colourings, each child bred by the greedy partition crossover (GPX) from two parents and
// improved by TabuCol, replacing the worse parent. Where TabuCol alone stalls on a plateau
// (le450_15c at 15 colours: no 15-colouring in 10^8 moves), the crossover keeps the colour
// classes the parents agree on and restarts the local search from them (le450_15c's
// 15-colouring after about 20 children, under a second).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/tabucol.hpp>

namespace bt::problems::colouring {

/// The evolutionary search's sizes (Galinier and Hao's: a population of 10, a few thousand
/// TabuCol moves per child).
struct evolution_options {
  std::size_t population = 10;         ///< colourings kept (at least 2)
  std::uint64_t children = 200;        ///< children bred, at most
  std::uint64_t local_moves = 20'000;  ///< TabuCol moves per child (and per first member)
};

namespace detail {

/// Monochromatic edges of colouring c.
inline std::uint64_t conflicts_of(const adjacency& g, const std::vector<int>& c) {
  std::uint64_t x = 0;
  for (std::size_t v = 0; v < g.size(); ++v) {
    for (const vertex w : g.neighbours(v)) {
      if (w > v && c[v] == c[w]) ++x;
    }
  }
  return x;
}

/// GPX: k times, take from the parents in turn the colour class with the most vertices not yet
/// placed; what is left gets a random colour. Colours are 1..k in a, b and the child.
inline std::vector<int> crossover(const std::vector<int>& a, const std::vector<int>& b, int k,
                                  xorshift& rng) {
  const std::size_t n = a.size();
  const auto uk = static_cast<std::size_t>(k);
  std::array<std::vector<std::vector<std::size_t>>, 2> classes = {
      std::vector<std::vector<std::size_t>>(uk), std::vector<std::vector<std::size_t>>(uk)};
  for (std::size_t v = 0; v < n; ++v) {
    classes[0][static_cast<std::size_t>(a[v] - 1)].push_back(v);
    classes[1][static_cast<std::size_t>(b[v] - 1)].push_back(v);
  }
  std::vector<int> child(n, 0);
  for (std::size_t colour = 0; colour < uk; ++colour) {
    auto& from = classes[colour % 2];
    std::size_t pick = 0;
    std::size_t most = 0;
    for (std::size_t i = 0; i < uk; ++i) {
      std::size_t left = 0;
      for (const std::size_t v : from[i]) left += child[v] == 0 ? 1U : 0U;
      if (left > most) {
        most = left;
        pick = i;
      }
    }
    for (const std::size_t v : from[pick]) {
      if (child[v] == 0) child[v] = static_cast<int>(colour) + 1;
    }
    from[pick].clear();
  }
  for (int& c : child) {
    if (c == 0) c = 1 + static_cast<int>(rng.below(uk));
  }
  return child;
}

}  // namespace detail

/// Look for a proper k-colouring of g (k >= 1) by the hybrid evolutionary search. True, with
/// `colour` proper with colours 1..k, when one is found; false after o.children children or
/// when poll() answers bt::flow::stop (`colour` unchanged). Every member starts at random: one
/// grown from a (k+1)-colouring takes over the population (le450_15c at 15 colours: found in 1
/// of 5 seeds that way, in 5 of 5 from random starts, each under 1.2 s).
template <class Poll>
bool evolve_colouring(const adjacency& g, int k, std::vector<int>& colour,
                      const evolution_options& o, xorshift& rng, Poll poll) {
  const std::size_t n = g.size();
  if (k < 1) return n == 0;
  std::vector<std::vector<int>> members;
  std::vector<std::uint64_t> cost;
  const std::size_t size = o.population < 2 ? 2 : o.population;
  for (std::size_t i = 0; i < size; ++i) {
    std::vector<int> c(n);
    for (int& x : c) x = 1 + static_cast<int>(rng.below(static_cast<std::size_t>(k)));
    if (tabucol(g, k, c, o.local_moves, rng, poll)) {
      colour = std::move(c);
      return true;
    }
    if (poll() == bt::flow::stop) return false;
    cost.push_back(detail::conflicts_of(g, c));
    members.push_back(std::move(c));
  }
  for (std::uint64_t child = 0; child < o.children; ++child) {
    if (poll() == bt::flow::stop) return false;
    const std::size_t a = rng.below(size);
    std::size_t b = rng.below(size - 1);
    if (b >= a) ++b;
    std::vector<int> c = detail::crossover(members[a], members[b], k, rng);
    if (tabucol(g, k, c, o.local_moves, rng, poll)) {
      colour = std::move(c);
      return true;
    }
    const std::size_t worse = cost[b] > cost[a] ? b : a;
    cost[worse] = detail::conflicts_of(g, c);
    members[worse] = std::move(c);
  }
  return false;
}

}  // namespace bt::problems::colouring
