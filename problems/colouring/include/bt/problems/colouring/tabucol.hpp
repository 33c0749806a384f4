// SPDX-License-Identifier: MIT
// TabuCol (Hertz and de Werra, with Galinier and Hao's tenure): local search for a proper
// k-colouring, used only to lower the upper bound before the exact search. It proves nothing;
// a colouring it finds is checked like any other.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <utility>
#include <vector>

#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>

namespace bt::problems::colouring {

/// A small, fast, reproducible generator (xorshift64*): runs do not depend on the library.
class xorshift {
 public:
  explicit xorshift(std::uint64_t seed) : s_(seed == 0 ? 0x9E3779B97F4A7C15ULL : seed) {}
  std::uint64_t next() {
    s_ ^= s_ >> 12U;
    s_ ^= s_ << 25U;
    s_ ^= s_ >> 27U;
    return s_ * 0x2545F4914F6CDD1DULL;
  }
  /// Uniform enough in 0..bound-1 for a heuristic (bound > 0).
  std::size_t below(std::size_t bound) { return static_cast<std::size_t>(next() % bound); }

 private:
  std::uint64_t s_;
};

/// Try to make `colour` (colours 1..k or more) a proper k-colouring: vertices above k are first
/// moved to their least conflicting colour, then tabu moves of one conflicting vertex at a time
/// minimise the number of monochromatic edges. True (and `colour` proper with colours 1..k) on
/// success; false after max_iterations moves or when poll() answers bt::flow::stop, with
/// `colour` the k-colouring of fewest conflicts reached (what an evolutionary search breeds).
template <class Poll>
bool tabucol(const adjacency& g, int k, std::vector<int>& colour, std::uint64_t max_iterations,
             xorshift& rng, Poll poll) {
  const std::size_t n = g.size();
  const auto uk = static_cast<std::size_t>(k);
  if (k < 1) return n == 0;
  if (k == 1) {  // no move to make: proper exactly when there is no edge
    if (g.edges() != 0) return false;
    colour.assign(n, 1);
    return true;
  }
  // gamma[v * k + c]: neighbours of v with colour c (0-based here).
  std::vector<int> gamma(n * uk, 0);
  std::vector<int> col(n, -1);
  for (std::size_t v = 0; v < n; ++v) {
    int c = colour[v] - 1;
    if (c < 0 || c >= k) {  // the least conflicting colour among those placed so far
      c = 0;
      for (int d = 1; d < k; ++d) {
        if (gamma[v * uk + static_cast<std::size_t>(d)] <
            gamma[v * uk + static_cast<std::size_t>(c)])
          c = d;
      }
    }
    col[v] = c;
    for (const vertex w : g.neighbours(v)) ++gamma[w * uk + static_cast<std::size_t>(c)];
  }
  // Conflicting vertices as a set with O(1) insert and erase.
  std::vector<vertex> conf;
  std::vector<std::size_t> where(n, std::numeric_limits<std::size_t>::max());
  const auto in = [&](std::size_t v) {
    return where[v] != std::numeric_limits<std::size_t>::max();
  };
  const auto update = [&](std::size_t v) {
    const bool bad = gamma[v * uk + static_cast<std::size_t>(col[v])] > 0;
    if (bad && !in(v)) {
      where[v] = conf.size();
      conf.push_back(static_cast<vertex>(v));
    } else if (!bad && in(v)) {
      const vertex last = conf.back();
      conf[where[v]] = last;
      where[last] = where[v];
      conf.pop_back();
      where[v] = std::numeric_limits<std::size_t>::max();
    }
  };
  long conflicts = 0;
  for (std::size_t v = 0; v < n; ++v) {
    conflicts += gamma[v * uk + static_cast<std::size_t>(col[v])];
    update(v);
  }
  conflicts /= 2;
  long best = conflicts;
  // The first state that reached `best`, for a search that ends above it: the moves made since
  // (vertex, colour before), undone at the end, or once they outnumber the vertices a copy of
  // that state. A copy at every improvement would cost O(n) a step of the first descent. (The
  // first state at the best, not a later one on its plateau: the evolutionary search breeds
  // better from it, le450_15c's 15-colouring in 6 of 6 seeds against 2 of 5.)
  std::vector<std::pair<std::size_t, int>> since_best;
  std::vector<int> best_col;
  bool best_copied = false;
  std::vector<std::uint64_t> tabu(n * uk, 0);
  // A move scans every conflicting vertex's k colours: from a random start on a large graph
  // that is most of n k, so the limits are asked by that work, not by a count of moves.
  std::uint64_t work = 0;
  for (std::uint64_t it = 1; conflicts > 0 && it <= max_iterations; ++it) {
    work += static_cast<std::uint64_t>(conf.size()) * uk;
    if (work >= (std::uint64_t{1} << 20) || (it & 1023U) == 0) {
      work = 0;
      if (poll() == bt::flow::stop) break;
    }
    // The best move among non-tabu ones, or a tabu one that beats the best ever (aspiration);
    // ties are broken at random (reservoir sampling).
    int best_delta = std::numeric_limits<int>::max();
    std::size_t mv = 0;
    int mc = -1;
    std::size_t ties = 0;
    for (const vertex v : conf) {
      const int own = gamma[v * uk + static_cast<std::size_t>(col[v])];
      for (int c = 0; c < k; ++c) {
        if (c == col[v]) continue;
        const int delta = gamma[v * uk + static_cast<std::size_t>(c)] - own;
        if (delta > best_delta) continue;
        if (tabu[v * uk + static_cast<std::size_t>(c)] >= it && conflicts + delta >= best) continue;
        if (delta < best_delta) {
          best_delta = delta;
          ties = 0;
        }
        if (rng.below(++ties) == 0) {
          mv = v;
          mc = c;
        }
      }
    }
    if (mc < 0) {  // everything tabu: a random move keeps the search going
      mv = conf[rng.below(conf.size())];
      mc = static_cast<int>(rng.below(uk - 1));
      if (mc >= col[mv]) ++mc;
      best_delta = gamma[mv * uk + static_cast<std::size_t>(mc)] -
                   gamma[mv * uk + static_cast<std::size_t>(col[mv])];
    }
    const int old = col[mv];
    col[mv] = mc;
    for (const vertex w : g.neighbours(mv)) {
      --gamma[w * uk + static_cast<std::size_t>(old)];
      ++gamma[w * uk + static_cast<std::size_t>(mc)];
      if (col[w] == old || col[w] == mc) update(w);
    }
    update(mv);
    conflicts += best_delta;
    if (conflicts < best) {
      best = conflicts;
      since_best.clear();
      best_copied = false;
    } else if (!best_copied) {
      since_best.emplace_back(mv, old);
      if (since_best.size() > n) {
        best_col = col;
        for (auto m = since_best.rbegin(); m != since_best.rend(); ++m)
          best_col[m->first] = m->second;
        since_best.clear();
        best_copied = true;
      }
    }
    tabu[mv * uk + static_cast<std::size_t>(old)] =
        it + rng.below(10) + static_cast<std::uint64_t>(0.6 * static_cast<double>(conf.size()));
  }
  if (conflicts == 0) {
    for (std::size_t v = 0; v < n; ++v) colour[v] = col[v] + 1;
    return true;
  }
  if (best_copied) col = std::move(best_col);
  for (auto m = since_best.rbegin(); m != since_best.rend(); ++m) col[m->first] = m->second;
  for (std::size_t v = 0; v < n; ++v) colour[v] = col[v] + 1;
  return false;
}

}  // namespace bt::problems::colouring
