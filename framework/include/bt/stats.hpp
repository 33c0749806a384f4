// SPDX-License-Identifier: MIT
// The search statistics, defined once (docs/statistics.md), and the visitor that counts them.
#pragma once

#include <algorithm>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <type_traits>

#include <bt/events.hpp>

namespace bt {

/// The counters every problem and every output format reports, under these names.
struct stats {
  std::uint64_t nodes = 0;       ///< nodes entered, the root included
  std::uint64_t checks = 0;      ///< candidates tested: assigns + value-level prunes
  std::uint64_t assigns = 0;     ///< values assigned
  std::uint64_t prunes = 0;      ///< candidates failing consistent() + nodes failing promising()
  std::uint64_t backtracks = 0;  ///< assignments undone because their subtree was exhausted
  std::uint64_t solutions = 0;   ///< solutions reached
  std::size_t max_depth = 0;     ///< deepest node entered (variables assigned there)
  double seconds = 0.0;          ///< wall time of the search, filled by the caller
  /// The search propagated (forward checking, MAC): the three counters below are its work.
  bool infers = false;
  std::uint64_t propagation_checks = 0;  ///< constraints revised (csp/propagation.hpp)
  std::uint64_t removals = 0;            ///< values removed from domains by propagation
  std::uint64_t wipeouts = 0;            ///< propagations that left a domain empty

  /// Add another run's counters (max_depth takes the maximum).
  stats& operator+=(const stats& o) {
    nodes += o.nodes;
    checks += o.checks;
    assigns += o.assigns;
    prunes += o.prunes;
    backtracks += o.backtracks;
    solutions += o.solutions;
    max_depth = std::max(max_depth, o.max_depth);
    seconds += o.seconds;
    infers = infers || o.infers;
    propagation_checks += o.propagation_checks;
    removals += o.removals;
    wipeouts += o.wipeouts;
    return *this;
  }
  friend bool operator==(const stats&, const stats&) = default;
};

/// A state that propagates (csp::solver with forward checking or MAC): it reports the work
/// of the root's propagation and of the last assignment's (csp/propagation.hpp).
template <class P>
concept propagating = P::propagates && requires(const P& p) {
  p.propagation().checks;
  p.root_propagation().checks;
  { p.counts_inference() } -> std::convertible_to<bool>;
  { p.depth() } -> std::convertible_to<std::size_t>;
};

/// The problem a search's state stands for: a split's cut wrapper (split.hpp) stands for the
/// node() it points at, any other state for itself.
template <class P>
constexpr const auto& searched_state(const P& p) {
  if constexpr (requires { p.node(); }) {
    return p.node();
  } else {
    return p;
  }
}

/// Counts every event into a stats object; never stops the search.
struct stats_visitor {
  stats& s;  ///< where the counts go

  template <class P>
  void on(const ev::node<P>& e) {
    ++s.nodes;
    s.max_depth = std::max(s.max_depth, e.depth);
    const auto& p = searched_state(e.state);
    if constexpr (propagating<std::remove_cvref_t<decltype(p)>>) {
      if (!p.counts_inference()) return;  // a run that reports no statistics left it off
      s.infers = true;
      // The root's propagation is the work of the problem's root node; a work unit's root
      // (deeper in the problem, though depth 0 of its own search) was counted by the split.
      if (e.depth == 0 && static_cast<std::size_t>(p.depth()) == 0) add(p.root_propagation());
    }
  }
  template <class P>
  void on(const ev::assign<P>& e) {
    ++s.assigns;
    ++s.checks;
    const auto& p = searched_state(e.state);
    if constexpr (propagating<std::remove_cvref_t<decltype(p)>>) {
      if (p.counts_inference()) add(p.propagation());
    }
    static_cast<void>(p);
  }
  template <class P>
  void on(const ev::prune<P>& e) {
    ++s.prunes;
    if (!e.node_level) {
      ++s.checks;
    }
  }
  template <class P>
  void on(const ev::backtrack<P>&) {
    ++s.backtracks;
  }
  template <class P>
  void on(const ev::solution<P>&) {
    ++s.solutions;
  }

 private:
  template <class C>
  void add(const C& c) {
    s.propagation_checks += c.checks;
    s.removals += c.removals;
    s.wipeouts += c.wipeouts;
  }
};

/// The statistics block: one `name: value` line per counter.
inline std::ostream& operator<<(std::ostream& os, const stats& s) {
  os << "nodes: " << s.nodes << '\n'
     << "checks: " << s.checks << '\n'
     << "assigns: " << s.assigns << '\n'
     << "prunes: " << s.prunes << '\n'
     << "backtracks: " << s.backtracks << '\n'
     << "solutions: " << s.solutions << '\n'
     << "max_depth: " << s.max_depth << '\n';
  if (s.infers) {
    os << "propagation_checks: " << s.propagation_checks << '\n'
       << "removals: " << s.removals << '\n'
       << "wipeouts: " << s.wipeouts << '\n';
  }
  os << "seconds: " << s.seconds << '\n';
  return os;
}

}  // namespace bt
