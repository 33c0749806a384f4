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

/// The events' kinds: tags that tell apart events with the same fields.
namespace kind {
struct node;
struct assign;
struct backtrack;
struct backjump;
struct solution;
}  // namespace kind

/// The fields of an event about a node: its depth and the state.
template <class P, class Kind>
struct node_event {
  std::size_t depth;  ///< the node's depth (the root's is 0)
  const P& state;     ///< the state, as each event says
};

/// The fields of an event about one value of the variable at `depth`.
template <class P, class Kind>
struct value_event {
  std::size_t depth;             ///< the variable's level
  typename P::value_type value;  ///< the value
  const P& state;                ///< the state, as each event says
};

/// Once per node entered, the root included, before any test of it; `state` is that node.
template <class P>
using node = node_event<P, kind::node>;

/// Once per value assigned to the variable at `depth`; `state` already holds the value.
template <class P>
using assign = value_event<P, kind::assign>;

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
using backtrack = value_event<P, kind::backtrack>;

/// Once per level skipped by a backjump (problems with skip_level(), concepts.hpp): the
/// variable at `depth` leaves its remaining values untried; `value` is the one just undone,
/// after its own backtrack event if it had one. `state` no longer holds the value.
template <class P>
using backjump = value_event<P, kind::backjump>;

/// Once per complete assignment that passed every test; `state` is the solution.
template <class P>
using solution = node_event<P, kind::solution>;

}  // namespace ev
}  // namespace bt
