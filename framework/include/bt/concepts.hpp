// SPDX-License-Identifier: MIT
// The problem concepts: what a problem gives the engine (engine.hpp), in either state discipline.
#pragma once

#include <concepts>
#include <ranges>

namespace bt {

/// What every problem gives the engine: is the assignment complete, and the next variable's domain.
/// A value is semiregular: the engine keeps the value tried at each level in its own stack, and
/// the root's node-level prune (ev::prune) carries a value-initialized one.
template <class P>
concept problem_base = std::semiregular<typename P::value_type> && requires(const P& p) {
  { p.complete() } -> std::convertible_to<bool>;   ///< every variable assigned?
  { p.candidates() } -> std::ranges::input_range;  ///< next variable's domain, in try order
};

/// Trail discipline: one mutable state, assigned and undone in place (a 2-D board).
template <class P>
concept trail_problem = problem_base<P> && requires(P& p, typename P::value_type v) {
  p.assign(v);    ///< give the next variable value v
  p.unassign(v);  ///< undo the matching assign(v); assigns and unassigns nest like a stack
};

/// Copy discipline: a node is a small regular value and a child is a new one (three bit masks).
// (clang-format 14 breaks the layout of this requires-clause)
// clang-format off
template <class P>
concept copy_problem = problem_base<P> && std::copyable<P> &&
                       requires(const P& p, typename P::value_type v) {
                         { p.child(v) } -> std::same_as<P>;  ///< this state with v assigned
                       };
// clang-format on

/// A problem the engine can search, in exactly one discipline.
template <class P>
concept problem = (trail_problem<P> && !copy_problem<P>) || (copy_problem<P> && !trail_problem<P>);

/// Optional value test run before a candidate is assigned (the textbook isSafe).
template <class P>
concept checks_values = requires(const P& p, typename P::value_type v) {
  { p.consistent(v) } -> std::convertible_to<bool>;
};

/// Optional node test run on entering every node (the textbook promising(), a bound,
/// or the final test of generate-and-test): false prunes the node without exploring it.
template <class P>
concept checks_nodes = requires(const P& p) {
  { p.promising() } -> std::convertible_to<bool>;
};

/// Optional, trail discipline: asked after each child subtree of a node is done (and its value
/// undone); true skips the node's remaining values, a backjump past this level (CBJ). The
/// problem decides in unassign(); problems without it pay nothing.
template <class P>
concept skips_values = requires(const P& p) {
  { p.skip_level() } -> std::convertible_to<bool>;
};

}  // namespace bt
