// SPDX-License-Identifier: MIT
// Cliques, the first lower bound of the chromatic number (every clique vertex needs its own
// colour): a greedy clique, then an exact maximum clique by branch and bound with a colouring
// bound on bitsets (Tomita's MCQ in San Segundo's bitset form), within a node budget.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <span>
#include <utility>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>

namespace bt::problems::colouring {

/// Is every pair of `c` adjacent in g?
inline bool is_clique(const adjacency& g, std::span<const vertex> c) {
  for (std::size_t i = 0; i < c.size(); ++i) {
    for (std::size_t j = i + 1; j < c.size(); ++j) {
      if (!g.adjacent(c[i], c[j])) return false;
    }
  }
  return true;
}

/// Add to `clique` the vertices of `cand` (each adjacent to all of clique; bitsets needed) one
/// at a time: always the candidate with the most neighbours among the remaining candidates,
/// the lowest on ties; cand keeps the common neighbours. The result is a maximal clique.
inline void grow_clique(const adjacency& g, vertex_set cand, std::vector<vertex>& clique) {
  while (cand.any()) {
    std::size_t pick = vertex_set::npos;
    std::size_t most = 0;
    cand.for_each([&](std::size_t u) {
      const std::size_t k = cand.count_common(g.bits(u));
      if (pick == vertex_set::npos || k > most) {
        pick = u;
        most = k;
      }
    });
    clique.push_back(static_cast<vertex>(pick));
    cand &= g.bits(pick);
  }
}

/// A maximal clique grown greedily from each of the `starts` highest-degree vertices: always
/// add the candidate with the most neighbours among the remaining candidates. The largest wins.
inline std::vector<vertex> greedy_clique(const adjacency& g, std::size_t starts = 64) {
  const std::size_t n = g.size();
  std::vector<vertex> by_degree(n);
  std::iota(by_degree.begin(), by_degree.end(), vertex{0});
  std::stable_sort(by_degree.begin(), by_degree.end(),
                   [&](vertex a, vertex b) { return g.degree(a) > g.degree(b); });
  std::vector<vertex> best;
  for (std::size_t s = 0; s < std::min(starts, n); ++s) {
    const vertex v = by_degree[s];
    if (g.degree(v) + 1 <= best.size()) break;  // no clique through v can be larger
    std::vector<vertex> clique{v};
    if (g.has_bits()) {
      grow_clique(g, g.bits(v), clique);
    } else {
      std::vector<vertex> cand(g.neighbours(v).begin(), g.neighbours(v).end());
      while (!cand.empty()) {
        const vertex pick = *std::max_element(cand.begin(), cand.end(), [&](vertex a, vertex b) {
          return g.degree(a) < g.degree(b);
        });
        clique.push_back(pick);
        std::vector<vertex> next;
        std::set_intersection(cand.begin(), cand.end(), g.neighbours(pick).begin(),
                              g.neighbours(pick).end(), std::back_inserter(next));
        cand = std::move(next);
      }
    }
    if (clique.size() > best.size()) best = std::move(clique);
  }
  return best;
}

/// Cliques spread over the graph for the branch and bound's pigeonhole test: from each edge, a
/// maximal clique grown greedily (most common neighbours first); those with at least min_size
/// vertices, distinct, largest first, at most max_count. Empty without bitsets.
inline std::vector<std::vector<vertex>> edge_cliques(const adjacency& g, std::size_t min_size,
                                                     std::size_t max_count) {
  std::vector<std::vector<vertex>> out;
  if (!g.has_bits()) return out;
  for (std::size_t u = 0; u < g.size(); ++u) {
    for (const vertex v : g.neighbours(u)) {
      if (v < u) continue;
      vertex_set cand = g.bits(u);
      cand &= g.bits(v);
      if (cand.count() + 2 < min_size) continue;
      std::vector<vertex> c{static_cast<vertex>(u), v};
      grow_clique(g, std::move(cand), c);
      if (c.size() < min_size) continue;
      std::sort(c.begin(), c.end());
      out.push_back(std::move(c));
    }
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) {
    return a.size() != b.size() ? a.size() > b.size() : a < b;
  });
  out.erase(std::unique(out.begin(), out.end()), out.end());
  if (out.size() > max_count) out.resize(max_count);
  return out;
}

/// What max_clique found.
struct clique_result {
  std::vector<vertex> vertices;  ///< the largest clique found
  bool maximum = false;          ///< true when the search proved no larger clique exists
  std::uint64_t nodes = 0;       ///< branch and bound nodes used
};

namespace detail {

// MCQ on bitsets over the vertices renumbered by non-increasing degree: colour classes of the
// candidates bound the clique that can still be added, and the search branches on the
// highest-coloured candidate first.
template <class Poll>
class clique_search {
 public:
  clique_search(const adjacency& g, std::uint64_t max_nodes, std::size_t enough, Poll& poll)
      : g_(g), max_nodes_(max_nodes), enough_(enough), poll_(poll), rank_(g.size()) {
    const std::size_t n = g.size();
    std::iota(rank_.begin(), rank_.end(), vertex{0});
    std::stable_sort(rank_.begin(), rank_.end(),
                     [&](vertex a, vertex b) { return g.degree(a) > g.degree(b); });
    std::vector<vertex> id(n);
    for (std::size_t i = 0; i < n; ++i) id[rank_[i]] = static_cast<vertex>(i);
    adj_.assign(n, vertex_set(n));
    for (std::size_t i = 0; i < n; ++i) {
      for (const vertex w : g.neighbours(rank_[i])) adj_[i].set(id[w]);
    }
  }

  clique_result run(const std::vector<vertex>& start) {
    for (const vertex v : start) best_.push_back(v);
    vertex_set all(g_.size());
    all.fill();
    expand(all);
    clique_result r;
    r.vertices = best_;
    r.maximum = !stopped_ || best_.size() >= g_.size();
    r.nodes = nodes_;
    return r;
  }

 private:
  void expand(vertex_set& p) {
    if (++nodes_ > max_nodes_ || ((nodes_ & 1023U) == 0 && poll_() == bt::flow::stop)) {
      stopped_ = true;
      return;
    }
    // Colour the candidates greedily; only colours that could still beat best_ are listed.
    const long need = static_cast<long>(best_.size()) - static_cast<long>(clique_.size()) + 1;
    std::vector<std::pair<vertex, long>> list;
    vertex_set uncoloured = p;
    long colour = 0;
    while (uncoloured.any()) {
      ++colour;
      vertex_set q = uncoloured;
      for (std::size_t v = q.first(); v != vertex_set::npos; v = q.first()) {
        q.reset(v);
        q.subtract(adj_[v]);
        uncoloured.reset(v);
        if (colour >= need) list.emplace_back(static_cast<vertex>(v), colour);
      }
    }
    for (std::size_t i = list.size(); i-- > 0;) {
      const auto [v, c] = list[i];
      if (static_cast<long>(clique_.size()) + c <= static_cast<long>(best_.size())) return;
      clique_.push_back(rank_[v]);
      vertex_set np = p;
      np &= adj_[v];
      if (np.none()) {
        if (clique_.size() > best_.size()) best_ = clique_;
        if (best_.size() >= enough_) {
          stopped_ = true;  // large enough for the caller: not proven maximum
          return;
        }
      } else {
        expand(np);
      }
      clique_.pop_back();
      if (stopped_) return;
      p.reset(v);
    }
  }

  const adjacency& g_;
  std::uint64_t max_nodes_;
  std::size_t enough_;
  Poll& poll_;
  std::vector<vertex> rank_;  // rank_[i]: the vertex numbered i (degree order)
  std::vector<vertex_set> adj_;
  std::vector<vertex> clique_;
  std::vector<vertex> best_;
  std::uint64_t nodes_ = 0;
  bool stopped_ = false;
};

}  // namespace detail

/// The largest clique found by branch and bound from `start` (a clique: the result is never
/// smaller), within max_nodes nodes, stopping early once it has `enough` vertices (then it is
/// not marked maximum); poll() is called every 1024 nodes and may answer bt::flow::stop.
/// Without bitsets (very large graphs) returns `start` unproven.
template <class Poll>
clique_result max_clique(const adjacency& g, const std::vector<vertex>& start,
                         std::uint64_t max_nodes, std::size_t enough, Poll poll) {
  if (!g.has_bits() || g.size() == 0) return {start, g.size() == 0, 0};
  if (start.size() >= enough) return {start, false, 0};
  detail::clique_search<Poll> s(g, max_nodes, enough, poll);
  return s.run(start);
}

}  // namespace bt::problems::colouring
