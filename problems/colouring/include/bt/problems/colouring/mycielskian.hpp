// SPDX-License-Identifier: MIT
// A lower bound above the clique number: grow the clique into a generalised Mycielskian
// subgraph, one colour more per step (the idea of Hebrard and Katsirelos's ChromSAT bound).
//
// The step. Let H be a subgraph of G (a vertex set S and some of G's edges between them) that
// needs at least b colours. Pick a vertex w and, for every u in S, a vertex x(u) adjacent to w
// whose G-neighbourhood contains u's H-neighbourhood (x(u) = u when u is adjacent to w). Then
// H' = H + the edges x(u)z (z an H-neighbour of u) + the edges w x(u) needs b + 1 colours:
// in a colouring of H' with colours C, recolour each u that has w's colour a with x(u)'s colour;
// x(u) is adjacent to w, so no u keeps colour a, and x(u) is adjacent to every H-neighbour of u,
// so the result is a proper colouring of H without colour a; hence |C| - 1 >= b.
// Every H' is a subgraph of G, so each successful step raises the lower bound of chi(G) by one.
// On the Mycielski graphs (and graphs containing them) this reaches chi where cliques stay at 2.
//
// Finding the steps. Bottom-up, from the maximum clique, a depth-first search over w (greedy
// alone gets stuck: only the right 5-cycle of a Mycielski graph extends to the Grotzsch graph).
// Top-down, the way a Mycielskian is built: the apex w of M(H) sees none of H, so look for a
// certificate among the vertices not adjacent to w (recursively, trying the few vertices of
// highest degree there as w), then extend it with w. Both stop at a budget of work.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <numeric>
#include <span>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/clique.hpp>

namespace bt::problems::colouring {

/// Above this many vertices the Mycielskian bound is not tried (each step copies n^2 bits).
inline constexpr std::size_t max_mycielskian_vertices = 4096;

/// The lower bound certified by the Mycielskian steps found.
struct mycielskian_result {
  int bound = 0;             ///< chi(G) >= bound (at least |clique|)
  std::size_t vertices = 0;  ///< vertices of the certifying subgraph
  std::uint64_t work = 0;    ///< extension attempts and recursive calls spent
};

namespace detail {

// A subgraph of G (vertex set s, edges h[u] for u in s) that needs at least `bound` colours.
struct certificate {
  vertex_set s;
  std::vector<vertex_set> h;
  int bound = 0;
};

template <class Poll>
class mycielskian_search {
 public:
  mycielskian_search(const adjacency& g, int target, std::uint64_t budget, Poll& poll)
      : g_(g), n_(g.size()), target_(target), budget_(budget), poll_(poll) {}

  certificate of_clique(std::span<const vertex> clique) const {
    certificate c{vertex_set(n_), std::vector<vertex_set>(n_, vertex_set(n_)),
                  static_cast<int>(clique.size())};
    for (const vertex u : clique) {
      c.s.set(u);
      for (const vertex v : clique) {
        if (u != v) c.h[u].set(v);
      }
    }
    return c;
  }

  // Bottom-up: the longest chain of steps from c, trying every w in turn at each level.
  certificate bottom_up(const certificate& c) {
    certificate best = c;
    if (c.bound >= target_) return best;
    vertex_set all(n_);
    all.fill();
    for (std::size_t w = 0; w < n_ && !spent(); ++w) {
      certificate next;
      if (!extend(c, static_cast<vertex>(w), all, next)) continue;
      certificate deeper = bottom_up(next);
      if (deeper.bound > best.bound) best = std::move(deeper);
      if (best.bound >= target_) break;
    }
    return best;
  }

  // Top-down: the best certificate inside the vertex set r (at most `depth` steps deep).
  certificate top_down(const vertex_set& r, int depth) {
    certificate best = of_clique(clique_in(r));
    if (depth == 0 || best.bound >= target_ || spent()) return best;
    std::vector<std::pair<std::size_t, vertex>> by_degree;
    r.for_each([&](std::size_t v) {
      by_degree.emplace_back(g_.bits(v).count_common(r), static_cast<vertex>(v));
    });
    std::sort(by_degree.begin(), by_degree.end(), [](const auto& a, const auto& b) {
      return a.first != b.first ? a.first > b.first : a.second < b.second;
    });
    for (std::size_t i = 0; i < std::min<std::size_t>(branch, by_degree.size()) && !spent(); ++i) {
      const vertex w = by_degree[i].second;
      vertex_set rest = r;
      rest.subtract(g_.bits(w));
      rest.reset(w);
      if (rest.none()) continue;
      const certificate inner = top_down(rest, depth - 1);
      if (inner.bound + 1 <= best.bound) continue;
      certificate next;
      if (extend(inner, w, r, next)) best = std::move(next);
      if (best.bound >= target_) break;
    }
    return best;
  }

  [[nodiscard]] std::uint64_t work() const { return work_; }

 private:
  static constexpr std::size_t branch = 3;

  bool spent() {
    if (!done_ && (++work_ > budget_ || ((work_ & 63U) == 0 && poll_() == bt::flow::stop))) {
      done_ = true;
    }
    return done_;
  }

  // A clique of G[r], grown greedily by the most neighbours among the remaining candidates.
  std::vector<vertex> clique_in(const vertex_set& r) const {
    std::vector<vertex> c;
    grow_clique(g_, r, c);
    return c;
  }

  // The step with apex w, images taken from N(w) inside `within` (one already in the
  // subgraph when possible); false when some u has no image.
  bool extend(const certificate& c, vertex w, const vertex_set& within, certificate& out) {
    std::vector<vertex> members;
    c.s.for_each([&](std::size_t u) { members.push_back(static_cast<vertex>(u)); });
    std::vector<vertex> image(members.size());
    for (std::size_t i = 0; i < members.size(); ++i) {
      const vertex u = members[i];
      if (u != w && g_.adjacent(u, w)) {
        image[i] = u;
        continue;
      }
      std::size_t pick = vertex_set::npos;
      for (const vertex x : g_.neighbours(w)) {
        if (!within.test(x) || !c.h[u].subset_of(g_.bits(x))) continue;
        if (pick == vertex_set::npos) pick = x;
        if (c.s.test(x)) {
          pick = x;
          break;
        }
      }
      if (pick == vertex_set::npos) return false;
      image[i] = static_cast<vertex>(pick);
    }
    out = c;
    for (std::size_t i = 0; i < members.size(); ++i) {
      const vertex u = members[i];
      const vertex x = image[i];
      if (x != u) {
        c.h[u].for_each([&](std::size_t z) {
          out.h[x].set(z);
          out.h[z].set(x);
        });
      }
      out.h[x].set(w);
      out.h[w].set(x);
      out.s.set(x);
    }
    out.s.set(w);
    ++out.bound;
    return true;
  }

  const adjacency& g_;
  std::size_t n_;
  int target_;
  std::uint64_t budget_;
  Poll& poll_;
  std::uint64_t work_ = 0;
  bool done_ = false;
};

}  // namespace detail

/// The best Mycielskian bound found, bottom-up from `clique` and top-down, within `budget`
/// units of work; never above `target` (the best colouring known: no certificate can pass it).
/// poll() may answer bt::flow::stop to end early with the bound so far. Needs bitsets and at
/// most max_mycielskian_vertices vertices; otherwise the bound is the clique's size.
template <class Poll>
mycielskian_result mycielskian_bound(const adjacency& g, std::span<const vertex> clique, int target,
                                     std::uint64_t budget, Poll poll) {
  mycielskian_result r{static_cast<int>(clique.size()), clique.size(), 0};
  if (!g.has_bits() || clique.empty() || g.size() > max_mycielskian_vertices) return r;
  detail::mycielskian_search<Poll> search(g, target, budget / 2, poll);
  detail::certificate best = search.top_down(
      [&] {
        vertex_set all(g.size());
        all.fill();
        return all;
      }(),
      target - static_cast<int>(clique.size()));
  if (best.bound < target) {
    detail::mycielskian_search<Poll> up(g, target, budget / 2, poll);
    detail::certificate b = up.bottom_up(up.of_clique(clique));
    if (b.bound > best.bound) best = std::move(b);
    r.work = up.work();
  }
  if (best.bound > r.bound) {
    r.bound = best.bound;
    r.vertices = best.s.count();
  }
  r.work += search.work();
  return r;
}

}  // namespace bt::problems::colouring
