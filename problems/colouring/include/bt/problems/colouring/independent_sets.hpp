// SPDX-License-Identifier: MIT
// The maximal independent sets of a graph (the maximal cliques of its complement), enumerated by
// Bron and Kerbosch's algorithm with Tomita's pivot on bitsets. A colour class extends to a
// maximal independent set, so a k-colouring is a cover of the vertices by k of them: when they
// are few (dense graphs: DSJC125.9 has 524) the chromatic number is a small set cover (cover.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/vertex_set.hpp>

namespace bt::problems::colouring {

/// The vertices each vertex may share an independent set with: its non-neighbours but itself
/// (the neighbourhoods of the complement). Needs bitsets.
inline std::vector<vertex_set> non_neighbourhoods(const adjacency& g) {
  vertex_set all(g.size());
  all.fill();
  std::vector<vertex_set> apart(g.size(), all);
  for (std::size_t v = 0; v < g.size(); ++v) {
    apart[v].subtract(g.bits(v));
    apart[v].reset(v);
  }
  return apart;
}

namespace detail {

template <class Poll>
class independent_set_enumeration {
 public:
  independent_set_enumeration(const adjacency& g, std::size_t cap, std::uint64_t work, Poll& poll)
      : g_(g), cap_(cap), work_(work), poll_(poll), apart_(non_neighbourhoods(g)) {}

  // False when the cap, the work budget or poll() ended it first.
  bool run() {
    vertex_set all(g_.size());
    all.fill();
    vertex_set none(g_.size());
    vertex_set chosen(g_.size());
    return extend(chosen, all, none);
  }

  std::vector<vertex_set> found;

 private:
  // chosen: an independent set; p: the vertices that may join it; x: those that may join it but
  // whose sets were all listed already. Every maximal set above `chosen` is listed once.
  bool extend(vertex_set& chosen, vertex_set p, vertex_set x) {
    if (++calls_ > work_ || ((calls_ & 1023U) == 0 && poll_() == bt::flow::stop)) return false;
    if (p.none()) {
      if (x.none()) {
        if (found.size() >= cap_) return false;
        found.push_back(chosen);
      }
      return true;
    }
    // The pivot leaves the most of p to its own branch: only vertices it is adjacent to (or
    // itself) need a branch of their own.
    std::size_t pivot = vertex_set::npos;
    std::size_t most = 0;
    const auto consider = [&](std::size_t u) {
      const std::size_t k = p.count_common(apart_[u]);
      if (pivot == vertex_set::npos || k > most) {
        pivot = u;
        most = k;
      }
    };
    p.for_each(consider);
    x.for_each(consider);
    vertex_set branch = p;
    branch.subtract(apart_[pivot]);
    bool complete = true;
    branch.for_each([&](std::size_t v) {
      if (!complete) return;
      vertex_set p2 = p;
      p2 &= apart_[v];
      vertex_set x2 = x;
      x2 &= apart_[v];
      chosen.set(v);
      complete = extend(chosen, std::move(p2), std::move(x2));
      chosen.reset(v);
      p.reset(v);
      x.set(v);
    });
    return complete;
  }

  const adjacency& g_;
  std::size_t cap_;
  std::uint64_t work_;
  Poll& poll_;
  std::vector<vertex_set> apart_;  // the non-neighbours of each vertex
  std::uint64_t calls_ = 0;
};

}  // namespace detail

/// Every maximal independent set of g (bitsets needed), or nothing when there are more than
/// `cap`, when `work` steps of the enumeration were not enough, or when poll() answered
/// bt::flow::stop (it is asked every 1024 steps).
template <class Poll>
std::optional<std::vector<vertex_set>> maximal_independent_sets(const adjacency& g, std::size_t cap,
                                                                std::uint64_t work, Poll poll) {
  if (!g.has_bits()) return std::nullopt;
  detail::independent_set_enumeration<Poll> e(g, cap, work, poll);
  if (!e.run()) return std::nullopt;
  return std::move(e.found);
}

}  // namespace bt::problems::colouring
