// SPDX-License-Identifier: MIT
// The search statistics, defined once (docs/statistics.md), and the visitor that counts them.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <ostream>

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
    return *this;
  }
  friend bool operator==(const stats&, const stats&) = default;
};

/// Counts every event into a stats object; never stops the search.
struct stats_visitor {
  stats& s;  ///< where the counts go

  template <class P>
  void on(const ev::node<P>& e) {
    ++s.nodes;
    s.max_depth = std::max(s.max_depth, e.depth);
  }
  template <class P>
  void on(const ev::assign<P>&) {
    ++s.assigns;
    ++s.checks;
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
};

/// The statistics block: one `name: value` line per counter.
inline std::ostream& operator<<(std::ostream& os, const stats& s) {
  os << "nodes: " << s.nodes << '\n'
     << "checks: " << s.checks << '\n'
     << "assigns: " << s.assigns << '\n'
     << "prunes: " << s.prunes << '\n'
     << "backtracks: " << s.backtracks << '\n'
     << "solutions: " << s.solutions << '\n'
     << "max_depth: " << s.max_depth << '\n'
     << "seconds: " << s.seconds << '\n';
  return os;
}

}  // namespace bt
