// SPDX-License-Identifier: MIT
// Splitting a search into independent subproblems: the nodes of a tree at a given depth,
// each with the values on its path. Searching every subproblem and adding the results gives
// exactly the whole search (docs/statistics.md says how the counters add up). A trail
// problem's subproblem is a copy of its state at the cut: replaying the values on a fresh
// root would not do for a problem that learns as it searches (dom/wdeg's weights).
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <bt/assignment.hpp>
#include <bt/concepts.hpp>
#include <bt/engine.hpp>
#include <bt/limits.hpp>
#include <bt/stats.hpp>
#include <bt/stop.hpp>
#include <bt/visitors.hpp>

namespace bt {

/// P's tree cut at depth `cut`: a node at that depth counts as complete.
template <copy_problem P>
struct cut_problem {
  using value_type = typename P::value_type;

  P state;                ///< the node of P's tree
  std::size_t depth = 0;  ///< its depth
  std::size_t cut = 0;    ///< where the tree is cut

  [[nodiscard]] bool complete() const { return depth == cut || state.complete(); }
  [[nodiscard]] auto candidates() const { return state.candidates(); }
  [[nodiscard]] bool consistent(value_type v) const requires checks_values<P> {
    return state.consistent(v);
  }
  [[nodiscard]] bool promising() const requires checks_nodes<P> { return state.promising(); }
  [[nodiscard]] cut_problem child(value_type v) const { return {state.child(v), depth + 1, cut}; }
  /// The state of P at this node.
  [[nodiscard]] const P& node() const { return state; }
  friend bool operator==(const cut_problem&, const cut_problem&) = default;
};

/// P's tree cut at depth `cut`, trail discipline: the cut wrapper assigns through to the
/// problem it points at. No backjump crosses the cut: a level above it is left only when all
/// its values are tried, so every subtree the whole search could enter is a subproblem.
template <trail_problem P>
struct cut_trail_problem {
  using value_type = typename P::value_type;

  P* state;               ///< the problem, at the node this wrapper stands for
  std::size_t depth = 0;  ///< its depth
  std::size_t cut = 0;    ///< where the tree is cut

  [[nodiscard]] bool complete() const { return depth == cut || state->complete(); }
  [[nodiscard]] auto candidates() const { return state->candidates(); }
  [[nodiscard]] bool consistent(value_type v) const requires checks_values<P> {
    return state->consistent(v);
  }
  [[nodiscard]] bool promising() const requires checks_nodes<P> { return state->promising(); }
  void assign(value_type v) {
    state->assign(v);
    ++depth;
  }
  void unassign(value_type v) {
    // A node at the cut was not searched here but stands for a subtree searched elsewhere:
    // a problem that learns from exhausted subtrees (CBJ) must not take it for a dead end.
    if constexpr (requires { state->leaf_below(); }) {
      if (depth == cut && !state->complete()) state->leaf_below();
    }
    --depth;
    state->unassign(v);
  }
  /// The state of P at this node.
  [[nodiscard]] const P& node() const { return *state; }
};

/// Why a split was given up: it would hold more subproblems than allowed (their memory is
/// spent before any is searched), or Ctrl-C / SIGTERM came while it ran.
class split_stopped : public std::runtime_error {
 public:
  /// what: one line for the user; interrupted: Ctrl-C rather than the bound.
  split_stopped(const std::string& what, bool interrupted)
      : std::runtime_error(what), interrupted_(interrupted) {}
  /// True when Ctrl-C (or SIGTERM, SIGHUP) stopped the split.
  [[nodiscard]] bool interrupted() const { return interrupted_; }

 private:
  bool interrupted_;
};

/// A visitor for split() and probe_split(): stops them after `most` subproblems, and at
/// Ctrl-C (asked every 1,024 nodes). check() then throws split_stopped, so that a caller never
/// goes on with part of the subproblems, which would count part of the tree.
class split_guard {
 public:
  /// At most `most` subproblems; stopped by Ctrl-C (bt::interrupted).
  explicit split_guard(std::size_t most) : most_(most) {}
  /// At most `most` subproblems; stopped by `source` (which must outlive the guard).
  split_guard(std::size_t most, const stop_source& source) : most_(most), source_(&source) {}

  template <class P>
  flow on(const ev::solution<P>&) {
    if (++found_ <= most_) return flow::go_on;
    too_many_ = true;
    return flow::stop;
  }
  template <class P>
  flow on(const ev::node<P>&) {
    // Every 64 nodes: a node of the top may copy a large state (a TSP's matrix), and Ctrl-C
    // should not wait for a thousand of them.
    if ((++nodes_ & 63U) != 0 || !(source_ ? source_->stop_requested() : bt::interrupted())) {
      return flow::go_on;
    }
    interrupted_ = true;
    return flow::stop;
  }
  /// Throw split_stopped if the split was stopped; `what` says what was split, e.g.
  /// "--split 8".
  void check(const std::string& what) const {
    if (too_many_) {
      throw split_stopped(what + " makes more than " + std::to_string(most_) +
                              " work units (their memory is spent before any is counted); "
                              "split less deep",
                          false);
    }
    if (interrupted_) throw split_stopped(what + ": interrupted", true);
  }
  /// The subproblems counted so far (all of them when the walk was not stopped).
  [[nodiscard]] std::size_t found() const { return found_; }
  /// Whether Ctrl-C stopped the walk.
  [[nodiscard]] bool interrupted() const { return interrupted_; }

 private:
  std::size_t most_;
  const stop_source* source_ = nullptr;  // none: Ctrl-C alone
  std::size_t found_ = 0;
  std::uint64_t nodes_ = 0;
  bool too_many_ = false;
  bool interrupted_ = false;
};

/// An independent piece of a search: a node and the values that lead to it from the root.
template <problem P>
struct subproblem {
  P state;                                     ///< the node, to be searched as a root
  std::vector<typename P::value_type> prefix;  ///< values assigned on the way, in order
};

namespace detail {

// The subproblems below the cut wrapper `top` (cut_problem or cut_trail_problem), whose
// node() is P's state at each cut; none kept when !hold (a probe, which the same search
// instantiation serves).
template <class P, class Cut, class... Extra>
std::vector<subproblem<P>> gather_cut(Cut& top, stats& s, bool hold, Extra&... extra) {
  using value_type = typename P::value_type;
  std::vector<subproblem<P>> out;
  stats_visitor sv{s};
  auto collect = make_assignment_visitor<Cut>([](std::span<const value_type>) {});
  struct gather {
    std::vector<subproblem<P>>& out;
    decltype(collect)& path;
    bool hold;
    void on(const ev::solution<Cut>& e) {
      if (!hold) return;
      const auto first = path.values().begin();
      out.push_back({e.state.node(),
                     std::vector<value_type>(first, first + static_cast<std::ptrdiff_t>(e.depth))});
    }
  } g{out, collect, hold};
  search(top, visitors(sv, collect, g, extra...));
  return out;
}

}  // namespace detail

/// The nodes of root's tree at depth `cut` (and the complete nodes above it), in the engine's
/// order. `s` receives the statistics of this top part of the tree; the subproblems' roots
/// are counted there as nodes and as `solutions` (see add_subproblem_stats). `extra` visitors
/// see the top part too: a limit visitor among them stops a split that is itself long (the
/// N-Queens split of n = 32 enters millions of nodes), leaving the subproblems found so far.
template <copy_problem P, class... Extra>
std::vector<subproblem<P>> split(const P& root, std::size_t cut, stats& s, Extra&... extra) {
  cut_problem<P> top{root, 0, cut};
  return detail::gather_cut<P>(top, s, true, extra...);
}

/// The same for a trail problem: each subproblem holds a copy of root's state at the cut.
/// root is searched in place and left as given.
// (clang-format 14 breaks the layout of this requires-clause)
// clang-format off
template <trail_problem P, class... Extra>
  requires std::copy_constructible<P>
std::vector<subproblem<P>> split(P& root, std::size_t cut, stats& s, Extra&... extra) {
    // clang-format on
    cut_trail_problem<P> top{&root, 0, cut};
    return detail::gather_cut<P>(top, s, true, extra...);
  }

/// Walk the top of root's tree down to depth `cut` holding nothing, `guard` counting the
/// subproblems split() would make: called first, it lets guard.check() refuse a split too
/// large before the split's memory is spent.
template <copy_problem P, class... Extra>
void probe_split(const P& root, std::size_t cut, split_guard& guard, Extra&... extra) {
  cut_problem<P> top{root, 0, cut};
  search(top, visitors(guard, extra...));
}

/// The same for a trail problem, searched in place and left as given.
// clang-format off
template <trail_problem P, class... Extra>
  requires std::copy_constructible<P>
void probe_split(P& root, std::size_t cut, split_guard& guard, Extra&... extra) {
  // clang-format on
  cut_trail_problem<P> top{&root, 0, cut};
  search(top, visitors(guard, extra...));
}

/// split(root, cut, s, guard)'s walk holding nothing: the top part's statistics in `s`, the
/// subproblems counted by `guard`. The same instantiation of the search as that split, so
/// that a caller probing before it splits (or choosing its cut) compiles one walk, not two.
template <copy_problem P>
void probe_split(const P& root, std::size_t cut, stats& s, split_guard& guard) {
  cut_problem<P> top{root, 0, cut};
  detail::gather_cut<P>(top, s, false, guard);
}

/// The same for a trail problem, searched in place and left as given.
// clang-format off
template <trail_problem P>
  requires std::copy_constructible<P>
void probe_split(P& root, std::size_t cut, stats& s, split_guard& guard) {
  // clang-format on
  cut_trail_problem<P> top{&root, 0, cut};
  detail::gather_cut<P>(top, s, false, guard);
}

/// Add the statistics of one subproblem's search (rooted at depth `offset`) to the total
/// started by split(): its root was already counted as a node of the top part. A subproblem
/// that was never searched (all zero) adds nothing.
inline void add_subproblem_stats(stats& total, const stats& sub, std::size_t offset) {
  if (sub.nodes == 0) return;  // never searched (a limit stopped the run first): adds nothing
  stats s = sub;
  s.nodes -= 1;
  s.max_depth += offset;
  total += s;
}

}  // namespace bt
