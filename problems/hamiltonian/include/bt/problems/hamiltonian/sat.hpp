// SPDX-License-Identifier: MIT
// The sat strategy: the degree constraints as a SAT problem (CaDiCaL, Debian's libcadical-dev)
// refined by subtour cuts (counterexample-guided, as in Soh et al.'s SAT-based Hamiltonian
// cycle solver). Not the engine's tree search: CaDiCaL's conflict-driven search learns
// clauses, which is what the challenge graphs with degree-14 hubs need (docs/problems/
// hamiltonian.md). Finds one cycle, or proves that there is none.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <vector>

#include <cadical.hpp>

#include <bt/events.hpp>
#include <bt/problems/hamiltonian/cycle.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// One Boolean variable per edge (on the cycle or not) and, at every vertex, "exactly two of
/// its edges" (at least two: every edge's complement in the vertex's list holds one; at most
/// two: Sinz's sequential counter). A model is a 2-factor: vertex-disjoint cycles covering
/// the graph. While it has more than one cycle, each cycle S gets the cut clause "some edge
/// leaving S is on the cycle" (a Hamiltonian cycle crosses every cut), and the solver runs
/// again on the same clauses (incrementally, keeping what it learnt). Unsatisfiable means no
/// Hamiltonian cycle: every clause holds for each of them. Deterministic: the same graph gives
/// the same calls and the same cycle.
class sat_search {
 public:
  /// How run() ended.
  enum class result {
    found,       ///< solution() is a Hamiltonian cycle
    none,        ///< the clauses are unsatisfiable: there is no Hamiltonian cycle
    call_limit,  ///< max_calls solver calls were made without an answer
    stopped      ///< poll() said stop (checked by the solver as it searches)
  };

  /// The clauses of g (which must outlive the search).
  explicit sat_search(const instance& g) : g_(&g), next_var_(static_cast<int>(g.m()) + 1) {
    solver_.set("quiet", 1);  // nothing on stdout
    for (std::size_t v = 0; v < g.n; ++v) {
      exactly_two(g.arcs[v]);
    }
  }

  /// Call the solver, cutting subtours, until a cycle, a proof of none, max_calls calls (0: no
  /// limit) or poll() returning flow::stop; poll() is called by the solver as it searches.
  template <class Poll>
  result run(std::uint64_t max_calls, Poll&& poll) {
    if (g_->n < 3) {
      return result::none;
    }
    polling<Poll> stop{poll};
    solver_.connect_terminator(&stop);
    const result r = loop(max_calls);
    solver_.disconnect_terminator();
    return r;
  }

  /// The cycle found, as reported (from vertex 0, by the direction rule); after cycle only.
  [[nodiscard]] const cycle& solution() const { return cycle_; }
  /// Solver calls made.
  [[nodiscard]] std::uint64_t calls() const { return calls_; }
  /// Subtour cut clauses added.
  [[nodiscard]] std::uint64_t cuts() const { return cuts_; }

 private:
  // The solver's stop hook: CaDiCaL's own interface, asked between its steps.
  template <class Poll>
  struct polling final : CaDiCaL::Terminator {
    explicit polling(Poll& p) : poll(p) {}
    bool terminate() override { return poll() == flow::stop; }
    Poll& poll;
  };

  static int var(std::uint32_t edge) { return static_cast<int>(edge) + 1; }

  void clause(std::initializer_list<int> lits) {
    for (const int l : lits) solver_.add(l);
    solver_.add(0);
  }

  // Exactly two of the edges of one vertex (fewer than two edges: the empty clause).
  void exactly_two(const std::vector<arc>& arcs) {
    const std::size_t d = arcs.size();
    if (d < 2) {
      solver_.add(0);
      return;
    }
    for (std::size_t skip = 0; skip < d; ++skip) {  // at least two
      for (std::size_t i = 0; i < d; ++i) {
        if (i != skip) solver_.add(var(arcs[i].id));
      }
      solver_.add(0);
    }
    // At most two (Sinz 2005): one[i] / two[i] say that at least one / two of the first i + 1
    // edges are chosen.
    int one = 0;
    int two = 0;
    for (std::size_t i = 0; i < d; ++i) {
      const int x = var(arcs[i].id);
      if (i > 0) clause({-x, -two});  // a third edge
      if (i + 1 == d) break;
      const int one_next = next_var_++;
      const int two_next = next_var_++;
      clause({-x, one_next});
      if (i == 0) {
        clause({-two_next});
      } else {
        clause({-one, one_next});
        clause({-x, -one, two_next});
        clause({-two, two_next});
      }
      one = one_next;
      two = two_next;
    }
  }

  result loop(std::uint64_t max_calls) {
    const instance& g = *g_;
    std::vector<std::vector<vertex>> next(g.n);
    std::vector<std::size_t> part(g.n);
    for (;;) {
      if (max_calls != 0 && calls_ >= max_calls) return result::call_limit;
      ++calls_;
      const int answer = solver_.solve();
      if (answer == 20) return result::none;
      if (answer != 10) return result::stopped;
      for (auto& list : next) list.clear();
      for (std::uint32_t e = 0; e < g.m(); ++e) {
        if (solver_.val(var(e)) > 0) {
          next[g.edges[e].u].push_back(g.edges[e].v);
          next[g.edges[e].v].push_back(g.edges[e].u);
        }
      }
      // The cycles of the 2-factor: part[v] numbers v's cycle.
      constexpr std::size_t unseen = static_cast<std::size_t>(-1);
      std::fill(part.begin(), part.end(), unseen);
      std::size_t parts = 0;
      for (std::size_t s = 0; s < g.n; ++s) {
        if (part[s] != unseen) continue;
        std::vector<vertex> stack{static_cast<vertex>(s)};
        part[s] = parts;
        while (!stack.empty()) {
          const vertex u = stack.back();
          stack.pop_back();
          for (const vertex w : next[u]) {
            if (part[w] == unseen) {
              part[w] = parts;
              stack.push_back(w);
            }
          }
        }
        ++parts;
      }
      if (parts == 1) {
        cycle_ = walk(next);
        return result::found;
      }
      for (std::size_t k = 0; k < parts; ++k) {  // the cut of every subtour
        for (std::uint32_t e = 0; e < g.m(); ++e) {
          if ((part[g.edges[e].u] == k) != (part[g.edges[e].v] == k)) solver_.add(var(e));
        }
        solver_.add(0);
        ++cuts_;
      }
    }
  }

  // The Hamiltonian cycle of a one-cycle 2-factor, from vertex 0.
  [[nodiscard]] cycle walk(const std::vector<std::vector<vertex>>& next) const {
    cycle c{0};
    vertex prev = static_cast<vertex>(g_->n);
    vertex at = 0;
    for (std::size_t i = 0; i < g_->n; ++i) {
      const vertex to = next[at][0] == prev ? next[at][1] : next[at][0];
      prev = at;
      at = to;
      c.push_back(at);
    }
    return canonical(c);
  }

  const instance* g_;
  CaDiCaL::Solver solver_;
  int next_var_;  // the next auxiliary variable of the counters
  cycle cycle_;
  std::uint64_t calls_ = 0;
  std::uint64_t cuts_ = 0;
};

}  // namespace bt::problems::hamiltonian
