// SPDX-License-Identifier: MIT
// The chromatic number with its proof: a colouring with `upper` colours and a certificate that
// no fewer will do. Bounds first (cheap, often enough), then the exact search through bt::search:
// - dsatur: greedy DSATUR upper bound, maximum clique and Mycielskian lower bound, TabuCol and
//   then the evolutionary search (evolution.hpp) to lower the upper bound, reduction of vertices
//   that cannot matter, then the DSATUR branch and bound (Brélaz; as in San Segundo's and Furini et
//   al.'s exact DSATUR): the clique precoloured, colours 1..k+1 with k the colours used so far,
//   nodes cut when they cannot beat the best; before it, on graphs with few maximal
//   independent sets (dense ones), the set cover over all of them (cover.hpp) by GLPK, and on
//   the others the fractional chromatic number's bound by column generation (fractional.hpp);
// - textbook: first fit in input order, then the textbook m-colouring for m = best - 1 while it
//   succeeds (the decision version run with decreasing m).
// Events of the exact search go to the caller's visitor, so statistics, traces and limits work as
// for any problem; the phases before it call poll() and stop when it says so.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <bt/engine.hpp>
#include <bt/events.hpp>
#include <bt/limits.hpp>
#include <bt/visitors.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/clique.hpp>
#include <bt/problems/colouring/cover.hpp>
#include <bt/problems/colouring/dsatur.hpp>
#include <bt/problems/colouring/evolution.hpp>
#include <bt/problems/colouring/fractional.hpp>
#include <bt/problems/colouring/greedy.hpp>
#include <bt/problems/colouring/independent_sets.hpp>
#include <bt/problems/colouring/mycielskian.hpp>
#include <bt/problems/colouring/reduce.hpp>
#include <bt/problems/colouring/strategy.hpp>
#include <bt/problems/colouring/tabucol.hpp>
#include <bt/problems/colouring/textbook.hpp>
#include <bt/problems/colouring/verify.hpp>

namespace bt::problems::colouring {

/// What the chromatic search may use (the defaults are the documented ones).
struct chromatic_options {
  strategy how = strategy::dsatur;           ///< dsatur: everything below; textbook: plain
  std::uint64_t clique_nodes = 1'000'000;    ///< budget of the exact maximum clique search
  std::uint64_t mycielskian_work = 200'000;  ///< budget of the Mycielskian bound (0: off)
  std::uint64_t tabu_iterations =
      1'000'000;           ///< TabuCol moves per number of colours tried, at most
  std::uint64_t seed = 1;  ///< TabuCol's random seed
  /// Runs of the evolutionary search per number of colours tried after TabuCol (0: off), and
  /// children per run.
  std::uint64_t evolution_runs = 5;
  std::uint64_t evolution_children = 150;
  /// Nodes of the exact search tried before the evolutionary search (which runs only when
  /// they do not settle the question).
  std::uint64_t exact_first_nodes = 100'000;
  /// The set cover runs when the graph left for the exact search has at most this many maximal
  /// independent sets (0: off), found within `cover_work` steps of their enumeration.
  std::size_t cover_columns = 20'000;
  std::uint64_t cover_work = 2'000'000;
  /// Where they are too many: nodes of the column generation's pricing searches, in all, spent on
  /// the fractional chromatic number's bound (0: off).
  std::uint64_t fractional_nodes = 20'000'000;
  bool reduce = true;      ///< drop low-degree and dominated vertices
  bool pigeonhole = true;  ///< clique pigeonhole test in the branch and bound
};

/// The bounds reached and how (the exact search's statistics are the caller's visitor's).
struct chromatic_result {
  int lower = 0;                     ///< proven: chi >= lower
  int upper = 0;                     ///< colours of `colouring`, so chi <= upper
  std::vector<int> colouring;        ///< a proper colouring with `upper` colours, 1-based
  std::vector<vertex> clique;        ///< the largest clique found
  bool clique_maximum = false;       ///< the clique was proven maximum
  int greedy = 0;                    ///< colours of the greedy colouring
  int heuristic = 0;                 ///< colours after TabuCol (0: not run)
  int evolution = 0;                 ///< colours after the evolutionary search (0: not run)
  int mycielskian = 0;               ///< the Mycielskian bound (0: not run)
  std::size_t search_vertices = 0;   ///< vertices left for the exact search (0: not run)
  bool searched = false;             ///< the exact search ran
  std::size_t independent_sets = 0;  ///< columns of the set cover (0: it did not run)
  /// The set cover's relaxation, or the column generation's: the fractional chromatic number
  /// (0: neither ran; an upper estimate when the column generation stopped early).
  double fractional = 0;
  std::size_t generated_sets = 0;  ///< independent sets the column generation added
  std::uint64_t cover_nodes = 0;   ///< branch-and-bound nodes of the set cover
  /// The phase that proved `lower` (clique, mycielskian, set cover, fractional, exact search)
  /// and the one that found `colouring` (dsatur, first fit, tabucol, evolution, set cover,
  /// exact search).
  std::string lower_by;
  std::string upper_by;
  /// Proven optimal: the bounds met.
  [[nodiscard]] bool optimal() const { return lower == upper; }
};

namespace detail {

// Keeps the best colouring the branch and bound reaches and lowers its bound; stops the search
// once the lower bound is met. improved() hears each better colouring.
template <class Improved>
struct incumbent {
  const adjacency& g;
  const reduction& red;
  chromatic_result& r;
  int& limit;  // the dsatur bound: colours of the reduced graph must stay below it
  Improved& improved;
  bool reached = false;

  flow on(const ev::solution<dsatur>& e) {
    std::vector<int> full = red.extend(e.state.colours());
    const int k = colours_used(full);
    for (std::size_t v = 0; v < g.size(); ++v) {
      for (const vertex w : g.neighbours(v)) {
        if (full[v] == full[w] || full[v] < 1) {
          throw std::logic_error(
              "internal error: the branch and bound reached an improper colouring");
        }
      }
    }
    limit = std::min(limit, e.state.colours_used());
    if (k < r.upper) {
      r.upper = k;
      r.colouring = std::move(full);
      improved();
    }
    if (r.upper <= r.lower) {
      reached = true;
      return flow::stop;
    }
    return flow::go_on;
  }
};

// Keeps the first colouring of a decision search and stops it.
struct first_colouring {
  std::vector<int> found;
  flow on(const ev::solution<textbook>& e) {
    found.assign(e.state.colours().begin(), e.state.colours().end());
    return flow::stop;
  }
};

// A colouring of the cover's graph from the chosen columns: each vertex takes the first column
// that holds it.
inline std::vector<int> colouring_of_cover(std::size_t n, std::span<const vertex_set> columns,
                                           std::span<const std::size_t> chosen) {
  std::vector<int> c(n, 0);
  for (std::size_t i = chosen.size(); i-- > 0;) {
    columns[chosen[i]].for_each([&](std::size_t v) { c[v] = static_cast<int>(i) + 1; });
  }
  if (std::find(c.begin(), c.end(), 0) != c.end()) {
    throw std::logic_error("internal error: the set cover left a vertex uncovered");
  }
  return c;
}

}  // namespace detail

/// Hears nothing (chromatic_number's default report).
struct no_report {
  void operator()(const chromatic_result& /*unused*/) const {}
};

/// The chromatic number of g as far as the limits allow. vis hears every event of the exact
/// search (it may stop it: the bounds reached are returned); poll() is asked between and inside
/// the other phases and may answer bt::flow::stop; report(r) hears each improvement of the
/// bounds, with lower_by and upper_by telling how. On return `colouring` is proper with `upper`
/// colours and chi(g) is in [lower, upper]; optimal() tells whether it is proven.
template <class Vis, class Poll, class Report = no_report>
chromatic_result chromatic_number(const adjacency& g, const chromatic_options& o, Vis& vis,
                                  Poll poll, Report report = {}) {
  chromatic_result r;
  const std::size_t n = g.size();
  if (n == 0) return r;
  // Each phase ends with note(its name): bounds it moved are credited to it and reported.
  int noted_lower = 0;
  int noted_upper = 0;
  const auto note = [&](const char* phase) {
    if (r.lower > r.upper) r.lower = r.upper;  // a lower bound past a found colouring
    if (r.lower == noted_lower && r.upper == noted_upper) return;
    if (r.lower != noted_lower) r.lower_by = phase;
    if (r.upper != noted_upper) r.upper_by = phase;
    noted_lower = r.lower;
    noted_upper = r.upper;
    report(static_cast<const chromatic_result&>(r));
  };
  bool stopped = false;
  const auto go_on = [&] {
    if (!stopped && poll() == flow::stop) stopped = true;
    return !stopped;
  };
  const bool strong = o.how == strategy::dsatur;

  const auto poll_phase = [&] { return go_on() ? flow::go_on : flow::stop; };
  // Cheapest first: each phase runs only while the bounds still differ.
  r.colouring = strong ? dsatur_colouring(g) : first_fit(g);
  r.upper = r.greedy = colours_used(r.colouring);
  r.clique = greedy_clique(g);
  r.lower = static_cast<int>(r.clique.size());
  r.lower_by = "clique";
  r.upper_by = strong ? "dsatur" : "first fit";
  noted_lower = r.lower;
  noted_upper = r.upper;
  report(static_cast<const chromatic_result&>(r));
  const auto clique_phase = [&](std::uint64_t nodes) {
    const clique_result c =
        max_clique(g, r.clique, nodes, static_cast<std::size_t>(r.upper), poll_phase);
    r.clique = c.vertices;
    r.clique_maximum = c.maximum;
    r.lower = static_cast<int>(r.clique.size());
  };
  // A short exact clique search first: a clique that meets the greedy colouring ends it all.
  if (strong && r.lower < r.upper && go_on()) clique_phase(o.clique_nodes / 100);
  note("clique");
  if (strong && o.tabu_iterations != 0 && r.lower < r.upper && go_on()) {
    xorshift rng(o.seed);
    for (int k = r.upper - 1; k >= r.lower && go_on(); k = r.upper - 1) {
      // Small graphs need few moves, and the last k tried is often infeasible: the budget grows
      // with n k. Runs restart from the best colouring with doubling lengths, which escapes a
      // bad basin more surely than one long run.
      const std::uint64_t budget =
          std::min<std::uint64_t>(o.tabu_iterations, 1000 + 50 * static_cast<std::uint64_t>(n) *
                                                                static_cast<std::uint64_t>(k));
      bool found = false;
      for (std::uint64_t spent = 0, run = 2000; spent < budget && !found && go_on(); run *= 2) {
        const std::uint64_t moves = std::min(run, budget - spent);
        std::vector<int> c = r.colouring;
        if (tabucol(g, k, c, moves, rng, poll_phase)) {
          r.upper = colours_used(c);
          r.colouring = std::move(c);
          found = true;
        }
        spent += moves;
      }
      if (!found) break;
      note("tabucol");
    }
    r.heuristic = r.upper;
  }
  if (strong && r.lower < r.upper && !r.clique_maximum && go_on()) clique_phase(o.clique_nodes);
  note("clique");
  if (strong && o.mycielskian_work != 0 && r.lower < r.upper && go_on()) {
    r.mycielskian = mycielskian_bound(g, r.clique, r.upper, o.mycielskian_work, poll_phase).bound;
    r.lower = std::max(r.lower, r.mycielskian);
    note("mycielskian");
  }
  // Where TabuCol stalls, the evolutionary search (crossover of colour classes, then TabuCol)
  // tries each smaller k: a few runs of a bounded number of children, each from a new random
  // population (a run that fails early stays stuck: le450_15c's 15 colours come within 150
  // children in about 3 runs of 5, and not in 3,000 children in the others). TabuCol moves per
  // child grow with n k, so an infeasible k costs small graphs little (queen9_9 at 9: 0.3 s).
  // Run between a short exact search and the full one (below).
  const auto evolution_phase = [&] {
    xorshift rng(o.seed + 1);
    for (int k = r.upper - 1; k >= r.lower && go_on(); k = r.upper - 1) {
      evolution_options eo;
      eo.children = o.evolution_children;
      eo.local_moves = std::max<std::uint64_t>(
          2000, 3 * static_cast<std::uint64_t>(n) * static_cast<std::uint64_t>(k));
      std::vector<int> c;
      bool found = false;
      for (std::uint64_t run = 0; run < o.evolution_runs && !found && go_on(); ++run) {
        found = evolve_colouring(g, k, c, eo, rng, poll_phase);
      }
      if (!found) break;
      r.upper = colours_used(c);
      r.colouring = std::move(c);
      note("evolution");
    }
    r.evolution = r.upper;
  };
  if (r.lower >= r.upper || !go_on()) return r;

  r.searched = true;
  if (strong) {
    const reduction red(g, o.reduce ? r.lower : 0, r.clique, o.reduce);
    r.search_vertices = red.graph().size();
    std::vector<std::vector<vertex>> cliques;
    if (o.pigeonhole) {
      const auto min_size = static_cast<std::size_t>(std::max(3, r.lower - 2));
      cliques = edge_cliques(red.graph(), min_size, 2 * red.graph().size());
    }
    // The branch and bound below the best colouring so far; `budget` nodes at most (0: no
    // budget). True when the budget ran out (false: settled, or stopped by vis).
    const auto exact = [&](std::uint64_t budget) {
      int limit = r.upper;
      dsatur p(red.graph(), r.upper - 1, &limit, red.clique());
      p.set_labels(red.kept());
      if (o.pigeonhole) p.set_cliques(cliques);
      const auto improved = [&] { note("exact search"); };
      detail::incumbent<decltype(improved)> inc{g, red, r, limit, improved};
      bt::limit_visitor nodes(budget, std::nullopt);
      const outcome out = bt::search(p, bt::visitors(vis, inc, nodes));
      if (out == outcome::exhausted || inc.reached) r.lower = r.upper;
      note("exact search");
      return nodes.reason() == stop_reason::node_limit;
    };
    // Dense graphs have few maximal independent sets: the set cover over all of them is a small
    // integer program whose relaxation (the fractional chromatic number) is far stronger than a
    // clique (DSJC125.9: 42.7 against 34), and GLPK's branch and cut closes it.
    const auto cover_phase = [&] {
      const adjacency& h = red.graph();
      const auto columns = maximal_independent_sets(h, o.cover_columns, o.cover_work, poll_phase);
      if (!columns || !go_on()) return;
      r.independent_sets = columns->size();
      const cover_result c = minimum_cover(h.size(), *columns, r.upper, [&] { return !go_on(); });
      r.fractional = c.relaxation;
      r.cover_nodes = c.nodes;
      if (c.status == cover_status::found) {
        std::vector<int> full =
            red.extend(detail::colouring_of_cover(h.size(), *columns, c.chosen));
        if (colours_used(full) < r.upper) {
          r.upper = colours_used(full);
          r.colouring = std::move(full);
        }
      }
      r.lower = std::max(r.lower, c.lower);
      note("set cover");
    };
    // Too many to list: the relaxation by column generation, for its bound alone.
    const auto fractional_phase = [&] {
      const adjacency& h = red.graph();
      std::vector<int> c(h.size());
      for (std::size_t i = 0; i < h.size(); ++i) c[i] = r.colouring[red.kept()[i]];
      const fractional_result f =
          fractional_bound(h, c, r.upper, r.lower, o.fractional_nodes, poll_phase);
      r.fractional = f.relaxation;
      r.generated_sets = f.columns;
      r.lower = std::max(r.lower, f.lower);
      note("fractional");
    };
    // A short exact search first: most instances it settles at once cost the evolutionary
    // search's tries at infeasible k nothing (queen8_8: 27,893 nodes).
    if (o.evolution_runs != 0 && o.tabu_iterations != 0) {
      if (!exact(o.exact_first_nodes)) return r;
    }
    if (o.cover_columns != 0) {
      cover_phase();
      if (r.lower >= r.upper || !go_on()) return r;
    }
    if (o.evolution_runs != 0 && o.tabu_iterations != 0) {
      evolution_phase();
      if (r.lower >= r.upper || !go_on()) return r;
    }
    if (o.fractional_nodes != 0 && r.independent_sets == 0 && red.graph().has_bits()) {
      fractional_phase();
      if (r.lower >= r.upper || !go_on()) return r;
    }
    exact(0);
    return r;
  }
  r.search_vertices = n;
  for (int m = r.upper - 1; m >= r.lower; m = r.upper - 1) {
    textbook p(g, m);
    detail::first_colouring first;
    const outcome out = bt::search(p, bt::visitors(vis, first));
    if (!first.found.empty()) {
      r.upper = colours_used(first.found);
      r.colouring = std::move(first.found);
      note("exact search");
      continue;
    }
    if (out == outcome::exhausted) r.lower = m + 1;
    break;
  }
  if (r.upper <= r.lower) r.lower = r.upper;
  note("exact search");
  return r;
}

}  // namespace bt::problems::colouring
