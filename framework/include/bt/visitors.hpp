// SPDX-License-Identifier: MIT
// Visitor dispatch and the small built-in visitors. A visitor is any object with overloads
// `on(const ev::X<P>&)` for the events it wants; the others cost nothing.
#pragma once

#include <concepts>
#include <cstddef>
#include <cstdint>
#include <tuple>
#include <type_traits>
#include <utility>

#include <bt/events.hpp>

namespace bt {

/// True when Vis has a hook for event E. A hook taking a non-const reference is not one.
template <class Vis, class E>
concept visitor_for = requires(Vis& v, const E& e) {
  v.on(e);
};

namespace detail {

/// Deliver e to vis: a hook returning flow decides, a void hook or no hook means go on.
template <class Vis, class E>
BT_INLINE constexpr flow notify(Vis& vis, const E& e) {
  if constexpr (visitor_for<Vis, E>) {
    if constexpr (std::same_as<decltype(vis.on(e)), flow>) {
      return vis.on(e);
    } else {
      vis.on(e);
      return flow::go_on;
    }
  } else {
    return flow::go_on;
  }
}

}  // namespace detail

/// The visitor that hears nothing: with it every notification folds away.
struct null_visitor {};

/// Fan-out to several visitors, held by reference, in order; stops if any of them says stop
/// (all of them still hear the event).
template <class... Vis>
class visitors {
 public:
  /// Hold references to vis...; they must outlive this object.
  explicit visitors(Vis&... vis) : vis_(vis...) {}

  /// Forward e to each visitor with a hook for it.
  template <class E>
    requires(visitor_for<Vis, E> || ...)
  BT_INLINE flow on(const E& e) { return each(e, std::index_sequence_for<Vis...>{}); }

 private:
  // A fold over the indices rather than std::apply and a lambda: Clang 14 left that lambda
  // out of line in the iterative search loop, a call per event.
  template <class E, std::size_t... I>
  BT_INLINE flow each(const E& e, std::index_sequence<I...>) {
    bool stop = false;
    ((stop |= detail::notify(std::get<I>(vis_), e) == flow::stop), ...);
    return stop ? flow::stop : flow::go_on;
  }

  std::tuple<Vis&...> vis_;
};

/// Counts solutions and never stops the search.
struct solution_counter {
  std::uint64_t count = 0;  ///< solutions heard so far

  template <class P>
  void on(const ev::solution<P>&) {
    ++count;
  }
};

/// Hands each solution's state to f; f returns flow (stop to end the search) or nothing.
template <class F>
class solution_sink {
 public:
  /// Call f(const P& state) once per solution.
  explicit solution_sink(F f) : f_(std::move(f)) {}

  template <class P>
  flow on(const ev::solution<P>& e) {
    if constexpr (std::same_as<std::invoke_result_t<F&, const P&>, flow>) {
      return f_(e.state);
    } else {
      f_(e.state);
      return flow::go_on;
    }
  }

 private:
  F f_;
};

/// Stops the search after `wanted` solutions (the runner's first solution and --limit K).
struct solution_quota {
  std::uint64_t wanted = 1;  ///< how many solutions to let through; 0 means no quota
  std::uint64_t seen = 0;    ///< solutions heard so far

  /// True when the quota was met, so the stop was asked for and the search is not exhausted.
  [[nodiscard]] bool met() const { return wanted != 0 && seen >= wanted; }

  template <class P>
  flow on(const ev::solution<P>&) {
    ++seen;
    return met() ? flow::stop : flow::go_on;
  }
};

}  // namespace bt
