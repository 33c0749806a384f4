// SPDX-License-Identifier: MIT
// Search events: what the engine tells visitors, and exactly when. Visitors are in visitors.hpp.
#pragma once

#include <cstddef>

#include <bt/detail/config.hpp>

namespace bt {

/// A visitor's answer to an event: keep searching or stop now.
enum class flow { go_on, stop };

/// How a search ended: the whole tree was explored, or a visitor stopped it early.
enum class outcome { exhausted, stopped };

/// Events carry the depth (number of assigned variables) and the state they speak of.
/// None is emitted during the unwind that follows a stop.
namespace ev {

/// Once per node entered, the root included, before any test of it; `state` is that node.
template <class P>
struct node {
  std::size_t depth;
  const P& state;
};

/// Once per value assigned to the variable at `depth`; `state` already holds the value.
template <class P>
struct assign {
  std::size_t depth;
  typename P::value_type value;
  const P& state;
};

/// Once per rejection without search. `node_level == false`: candidate `value` of the variable
/// at `depth` failed consistent() and was never assigned (`state` is the parent).
/// `node_level == true`: the node at `depth` failed promising() (`state` is that node,
/// `value` is the last value assigned, or a default value at the root).
template <class P>
struct prune {
  std::size_t depth;
  typename P::value_type value;
  const P& state;
  bool node_level;
};

/// Once per assignment undone because its whole subtree was explored: never for a pruned
/// node and never in the unwind after a stop. `state` no longer holds the value.
template <class P>
struct backtrack {
  std::size_t depth;
  typename P::value_type value;
  const P& state;
};

/// Once per level skipped by a backjump (problems with skip_level(), concepts.hpp): the
/// variable at `depth` leaves its remaining values untried; `value` is the one just undone,
/// after its own backtrack event if it had one. `state` no longer holds the value.
template <class P>
struct backjump {
  std::size_t depth;
  typename P::value_type value;
  const P& state;
};

/// Once per complete assignment that passed every test; `state` is the solution.
template <class P>
struct solution {
  std::size_t depth;
  const P& state;
};

}  // namespace ev
}  // namespace bt
