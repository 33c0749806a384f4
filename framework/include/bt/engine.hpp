// SPDX-License-Identifier: MIT
// bt::search, the depth-first backtracking engine, for both state disciplines of concepts.hpp.
// Everything is a template: with null_visitor the loop is the hand-written loop.
#pragma once

#include <cstddef>
#include <utility>

#include <bt/concepts.hpp>
#include <bt/events.hpp>
#include <bt/visitors.hpp>

namespace bt {
namespace detail {

/// What a subtree search tells its parent: explored, stopped, or pruned at its root.
enum class step { explored, stopped, pruned };

/// Node entry shared by both disciplines: node event, promising() test, solution event.
/// Returns `explored` when the node still has to be expanded (and is not complete).
template <class P, class Vis>
BT_INLINE step enter(const P& p, Vis& vis, std::size_t depth, typename P::value_type last,
           bool& expand) {
  expand = false;
  if (notify(vis, ev::node<P>{depth, p}) == flow::stop) {
    return step::stopped;
  }
  if constexpr (checks_nodes<P>) {
    if (!p.promising()) {
      return notify(vis, ev::prune<P>{depth, last, p, true}) == flow::stop ? step::stopped
                                                                            : step::pruned;
    }
  }
  if (p.complete()) {
    return notify(vis, ev::solution<P>{depth, p}) == flow::stop ? step::stopped
                                                                : step::explored;
  }
  expand = true;
  return step::explored;
}

/// Candidate test shared by both disciplines; false means skip v (or stop, via `stopped`).
template <class P, class Vis>
BT_INLINE bool admit(const P& p, Vis& vis, std::size_t depth, const typename P::value_type& v, bool& stopped) {
  if constexpr (checks_values<P>) {
    if (!p.consistent(v)) {
      stopped = notify(vis, ev::prune<P>{depth, v, p, false}) == flow::stop;
      return false;
    }
  }
  return true;
}

/// Trail discipline: one state, assign / unassign around each subtree.
template <trail_problem P, class Vis>
BT_SEARCH_FUNCTION step dfs(P& p, Vis& vis, std::size_t depth, typename P::value_type last) {
  bool expand = false;
  const step s = enter(p, vis, depth, last, expand);
  if (!expand) {
    return s;
  }
  for (auto&& v : p.candidates()) {
    bool stopped = false;
    if (!admit(p, vis, depth, v, stopped)) {
      if (stopped) {
        return step::stopped;
      }
      continue;
    }
    p.assign(v);
    if (notify(vis, ev::assign<P>{depth, v, p}) == flow::stop) {
      p.unassign(v);
      return step::stopped;
    }
    const step child = dfs(p, vis, depth + 1, v);
    p.unassign(v);
    if (child == step::stopped) {
      return step::stopped;  // the unwind after a stop is not a backtrack
    }
    if (child == step::explored &&
        notify(vis, ev::backtrack<P>{depth, v, p}) == flow::stop) {
      return step::stopped;
    }
    if constexpr (skips_values<P>) {
      if (p.skip_level()) {
        return notify(vis, ev::backjump<P>{depth, v, p}) == flow::stop ? step::stopped
                                                                        : step::explored;
      }
    }
  }
  return step::explored;
}

/// Copy discipline: the state is passed by value, so small states stay in registers.
template <copy_problem P, class Vis>
BT_SEARCH_FUNCTION step dfs(P p, Vis& vis, std::size_t depth, typename P::value_type last) {
  bool expand = false;
  const step s = enter(p, vis, depth, last, expand);
  if (!expand) {
    return s;
  }
  for (auto&& v : p.candidates()) {
    bool stopped = false;
    if (!admit(p, vis, depth, v, stopped)) {
      if (stopped) {
        return step::stopped;
      }
      continue;
    }
    P c = p.child(v);
    if (notify(vis, ev::assign<P>{depth, v, c}) == flow::stop) {
      return step::stopped;
    }
    const step child = dfs(std::move(c), vis, depth + 1, v);
    if (child == step::stopped) {
      return step::stopped;
    }
    if (child == step::explored &&
        notify(vis, ev::backtrack<P>{depth, v, p}) == flow::stop) {
      return step::stopped;
    }
  }
  return step::explored;
}

}  // namespace detail

/// Depth-first search of p's tree, every event to vis. Returns `stopped` if a visitor stopped
/// the search, `exhausted` if the whole tree was explored. A trail problem is left as given.
template <problem P, class Vis = null_visitor>
outcome search(P& p, Vis&& vis = Vis{}) {
  const typename P::value_type none{};
  return detail::dfs(p, vis, 0, none) == detail::step::stopped ? outcome::stopped
                                                                : outcome::exhausted;
}

/// Same, for a copy-discipline root given as a temporary.
template <copy_problem P, class Vis = null_visitor>
outcome search(P&& p, Vis&& vis = Vis{}) {
  P root = std::forward<P>(p);
  return search(root, vis);
}

}  // namespace bt
