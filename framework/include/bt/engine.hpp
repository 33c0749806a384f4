// SPDX-License-Identifier: MIT
// bt::search, the depth-first backtracking engine, for both state disciplines of concepts.hpp.
// Everything is a template: with null_visitor the loop is close to a hand-written loop. The
// search is one loop over an explicit stack of frames (detail/frame_stack.hpp), not a
// recursion, so its depth is bounded by memory and not by the thread's stack
// (docs/architecture.md says why, docs/performance.md what it costs).
#pragma once

#include <concepts>
#include <cstddef>
#include <memory>
#include <ranges>
#include <type_traits>
#include <utility>

#include <bt/concepts.hpp>
#include <bt/detail/config.hpp>
#include <bt/detail/frame_stack.hpp>
#include <bt/events.hpp>
#include <bt/optimise.hpp>
#include <bt/visitors.hpp>

namespace bt {
namespace detail {

/// What entering a node decided: expand it, or it is done (a solution, pruned, or stopped).
enum class entry { expand, solution, pruned, stopped };

/// What the test of a candidate decided.
enum class verdict { admitted, rejected, stopped };

/// Node entry shared by both disciplines: node event, promising() test, solution event.
template <class P, class Vis>
BT_INLINE entry enter(const P& p, Vis& vis, std::size_t depth, const typename P::value_type& last) {
  if (notify(vis, ev::node<P>{depth, p}) == flow::stop) {
    return entry::stopped;
  }
  if constexpr (checks_nodes<P>) {
    if (!p.promising()) {
      return notify(vis, ev::prune<P>{depth, last, p, true}) == flow::stop ? entry::stopped
                                                                           : entry::pruned;
    }
  }
  if constexpr (optimising<P>) {
    // Branch and bound (optimise.hpp): a node whose bound cannot beat the incumbent, and a
    // complete assignment that does not improve on it, are pruned.
    if (auto* inc = p.incumbent(); inc != nullptr && p.optimises()) {
      if (p.complete() ? !inc->offer(p.objective()) : !inc->beaten_by(p.bound())) {
        return notify(vis, ev::prune<P>{depth, last, p, true}) == flow::stop ? entry::stopped
                                                                             : entry::pruned;
      }
    }
  }
  if (p.complete()) {
    return notify(vis, ev::solution<P>{depth, p}) == flow::stop ? entry::stopped : entry::solution;
  }
  return entry::expand;
}

/// Candidate test shared by both disciplines.
template <class P, class Vis>
BT_INLINE verdict admit(const P& p, Vis& vis, std::size_t depth, const typename P::value_type& v) {
  if constexpr (checks_values<P>) {
    if (!p.consistent(v)) {
      return notify(vis, ev::prune<P>{depth, v, p, false}) == flow::stop ? verdict::stopped
                                                                         : verdict::rejected;
    }
  }
  return verdict::admitted;
}

/// The candidates of a node as a frame keeps them: the range itself, or a pointer to it when
/// candidates() returns a reference (as a range-for binds it).
template <class R>
struct held_range {
  R range;
  BT_INLINE R& get() noexcept { return range; }
};
template <class R>
  requires std::is_reference_v<R>
struct held_range<R> {
  std::remove_reference_t<R>* range;
  BT_INLINE std::remove_reference_t<R>& get() noexcept { return *range; }
};

/// A range whose iterators do not need it (borrowed) and whose end does nothing need not be
/// kept once its iterators are made: one store less per node.
template <class R>
inline constexpr bool keeps_range =
    !(std::ranges::borrowed_range<R> && std::is_trivially_destructible_v<std::remove_cvref_t<R>>);

/// One expanded node: its candidates, where the search stands in them, the value being tried
/// (assigned while the subtree below is searched) and, for the copy discipline, the state.
/// Frames never move (frame_stack), so a range's iterator may point into the range.
template <class P, bool Copy>
struct frame {
  using value_type = typename P::value_type;
  using range_type = decltype(std::declval<P&>().candidates());
  using held = held_range<range_type>;
  using range_ref = decltype(std::declval<held&>().get());
  using iterator = decltype(std::ranges::begin(std::declval<range_ref>()));
  using sentinel = decltype(std::ranges::end(std::declval<range_ref>()));
  struct no_range {};

  cell<iterator> it;
  cell<sentinel> end;
  value_type value;
  [[no_unique_address]] std::conditional_t<keeps_range<range_type>, cell<held>, no_range> range;

  /// Ask p for its candidates and put the cursor on the first.
  template <class Cursor>
  BT_INLINE void open(P& p, Cursor& at) {
    if constexpr (keeps_range<range_type>) {
      held& h = range.make([&] {
        if constexpr (std::is_reference_v<range_type>) {
          return held{std::addressof(p.candidates())};
        } else {
          return held{p.candidates()};
        }
      });
      at.start(this, std::ranges::begin(h.get()), std::ranges::end(h.get()));
    } else {
      auto&& r = p.candidates();
      at.start(this, std::ranges::begin(r), std::ranges::end(r));
    }
  }
  /// End what open() made, in the reverse order.
  BT_INLINE void close() noexcept {
    end.end();
    it.end();
    if constexpr (keeps_range<range_type>) {
      range.end();
    }
  }
};

template <class P>
struct frame<P, true> : frame<P, false> {
  cell<P> state;
};

/// Where the search stands in the top frame's candidates. An iterator and sentinel that are
/// a few plain words stay in registers, as a recursion keeps them; they go to the frame only
/// when a child is expanded above it (save), and come back when the child is done (load).
template <class F, class I = typename F::iterator, class S = typename F::sentinel>
class cursor {
 public:
  BT_INLINE void start(F*, I it, S end) {
    it_ = std::move(it);
    end_ = std::move(end);
  }
  BT_INLINE void save(F* f) {
    f->it.make([&] { return it_; });
    f->end.make([&] { return end_; });
  }
  BT_INLINE void load(F* f) {
    it_ = f->it.get();
    end_ = f->end.get();
  }
  [[nodiscard]] BT_INLINE bool done() const { return it_ == end_; }
  [[nodiscard]] BT_INLINE decltype(auto) value() const { return *it_; }
  BT_INLINE void next() { ++it_; }

 private:
  I it_;
  S end_;
};

/// Any other iterator stays in its frame, which the cursor points to.
template <class F, class I, class S>
  requires(!(std::is_trivially_copyable_v<I> && std::is_trivially_copyable_v<S> &&
             std::copyable<I> && std::copyable<S> && std::default_initializable<I> &&
             std::default_initializable<S> && sizeof(I) + sizeof(S) <= 4 * sizeof(void*)))
class cursor<F, I, S> {
 public:
  BT_INLINE void start(F* f, I it, S end) {
    f_ = f;
    f->it.make([&] { return std::move(it); });
    f->end.make([&] { return std::move(end); });
  }
  BT_INLINE void save(F*) {}
  BT_INLINE void load(F* f) { f_ = f; }
  [[nodiscard]] BT_INLINE bool done() const { return f_->it.get() == f_->end.get(); }
  [[nodiscard]] BT_INLINE decltype(auto) value() const { return *f_->it.get(); }
  BT_INLINE void next() { ++f_->it.get(); }

 private:
  F* f_ = nullptr;
};

/// The copy-discipline state the loop works on: a copy in registers when it is a few
/// trivially copyable words (as a recursion passes it by value), else the frame's own.
template <class P, bool = std::is_trivially_copyable_v<P> && sizeof(P) <= 4 * sizeof(void*)>
class current_state {
 public:
  BT_INLINE void set(const P& s) {
    s_.make([&] { return s; });
  }
  [[nodiscard]] BT_INLINE const P& get() const { return s_.get(); }

 private:
  cell<P> s_;  // a P need not be default-constructible
};
template <class P>
class current_state<P, false> {
 public:
  BT_INLINE void set(const P& s) { s_ = &s; }
  [[nodiscard]] BT_INLINE const P& get() const { return *s_; }

 private:
  const P* s_ = nullptr;
};

/// Trail discipline: one state, assigned before and undone after each child's subtree.
/// Searches the subtree of p's current node, whose depth is `depth`.
template <trail_problem P, class Vis>
BT_SEARCH_FUNCTION outcome iterate(P& p, Vis& vis, std::size_t depth,
                                   const typename P::value_type& last) {
  using frame_t = frame<P, false>;
  using value_type = typename P::value_type;
  if (const entry e = enter(p, vis, depth, last); e != entry::expand) {
    return e == entry::stopped ? outcome::stopped : outcome::exhausted;
  }
  frame_stack<frame_t> stack;
  frame_t* f = stack.bottom();
  cursor<frame_t> at;
  f->open(p, at);

  // After a stop: undo the assignments still made, the top frame's own first when it is
  // assigned, without events (the unwind after a stop is not a backtrack).
  const auto unwind = [&](const value_type* top_value) {
    if (top_value != nullptr) {
      p.unassign(*top_value);
    }
    for (;;) {
      f->close();
      if (!stack.pop(f)) {
        return outcome::stopped;
      }
      p.unassign(f->value);
    }
  };

  for (;;) {
    // Try the candidates of f's node; an expanded child becomes f.
    while (!at.done()) {
      value_type v = at.value();
      if constexpr (checks_values<P>) {
        // Rejected candidates in a loop of their own, as tight as a range-for's.
        verdict t = admit(p, vis, depth, v);
        while (t == verdict::rejected) {
          at.next();
          if (at.done()) {
            break;
          }
          v = at.value();
          t = admit(p, vis, depth, v);
        }
        if (t == verdict::rejected) {
          break;
        }
        if (t == verdict::stopped) {
          return unwind(nullptr);
        }
      }
      p.assign(v);
      if (notify(vis, ev::assign<P>{depth, v, p}) == flow::stop) {
        return unwind(&v);
      }
      const entry c = enter(p, vis, depth + 1, v);
      if (c == entry::expand) {
        f->value = v;
        at.save(f);
        stack.push(f);
        f->open(p, at);
        ++depth;
        continue;
      }
      p.unassign(v);
      if (c == entry::stopped) {
        return unwind(nullptr);
      }
      if (c == entry::solution && notify(vis, ev::backtrack<P>{depth, v, p}) == flow::stop) {
        return unwind(nullptr);
      }
      if constexpr (skips_values<P>) {
        if (p.skip_level()) {
          if (notify(vis, ev::backjump<P>{depth, v, p}) == flow::stop) {
            return unwind(nullptr);
          }
          break;  // the node is done: its remaining values are skipped
        }
      }
      at.next();
    }
    // f's node is explored: back to its parent, whose value is undone (and whose remaining
    // values a backjump may skip as well).
    for (;;) {
      f->close();
      if (!stack.pop(f)) {
        return outcome::exhausted;
      }
      --depth;
      at.load(f);
      const value_type& v = f->value;
      p.unassign(v);
      if (notify(vis, ev::backtrack<P>{depth, v, p}) == flow::stop) {
        return unwind(nullptr);
      }
      if constexpr (skips_values<P>) {
        if (p.skip_level()) {
          if (notify(vis, ev::backjump<P>{depth, v, p}) == flow::stop) {
            return unwind(nullptr);
          }
          continue;
        }
      }
      at.next();
      break;
    }
  }
}

/// Copy discipline: a child is a new state, made in a local as a recursion would make it,
/// and moved to a frame only when it is expanded. Searches the subtree of the node p, whose
/// depth is `depth`.
template <copy_problem P, class Vis>
BT_SEARCH_FUNCTION outcome iterate(P p, Vis& vis, std::size_t depth,
                                   const typename P::value_type& last) {
  using frame_t = frame<P, true>;
  using value_type = typename P::value_type;
  // The value tried at a level is needed after its subtree only for the backtrack event.
  constexpr bool keep_values = visitor_for<Vis, ev::backtrack<P>>;
  if (const entry e = enter(p, vis, depth, last); e != entry::expand) {
    return e == entry::stopped ? outcome::stopped : outcome::exhausted;
  }
  frame_stack<frame_t> stack;
  frame_t* f = stack.bottom();
  current_state<P> s;
  cursor<frame<P, false>> at;
  s.set(f->state.make([&] { return std::move(p); }));
  f->open(f->state.get(), at);

  // After a stop: end the frames' candidates and states without events.
  const auto unwind = [&] {
    for (;;) {
      f->close();
      f->state.end();
      if (!stack.pop(f)) {
        return outcome::stopped;
      }
    }
  };

  for (;;) {
    while (!at.done()) {
      value_type v = at.value();
      if constexpr (checks_values<P>) {
        verdict t = admit(s.get(), vis, depth, v);
        while (t == verdict::rejected) {
          at.next();
          if (at.done()) {
            break;
          }
          v = at.value();
          t = admit(s.get(), vis, depth, v);
        }
        if (t == verdict::rejected) {
          break;
        }
        if (t == verdict::stopped) {
          return unwind();
        }
      }
      P c = s.get().child(v);
      if (notify(vis, ev::assign<P>{depth, v, c}) == flow::stop) {
        return unwind();
      }
      const entry ce = enter(c, vis, depth + 1, v);
      if (ce == entry::expand) {
        if constexpr (keep_values) {
          f->value = v;
        }
        at.save(f);
        stack.push(f);
        s.set(f->state.make([&] { return std::move(c); }));
        f->open(f->state.get(), at);
        ++depth;
        continue;
      }
      if (ce == entry::stopped) {
        return unwind();
      }
      if (ce == entry::solution && notify(vis, ev::backtrack<P>{depth, v, s.get()}) == flow::stop) {
        return unwind();
      }
      at.next();
    }
    f->close();
    f->state.end();
    if (!stack.pop(f)) {
      return outcome::exhausted;
    }
    --depth;
    s.set(f->state.get());
    at.load(f);
    if constexpr (keep_values) {
      if (notify(vis, ev::backtrack<P>{depth, f->value, s.get()}) == flow::stop) {
        return unwind();
      }
    }
    at.next();
  }
}

}  // namespace detail

/// Depth-first search of p's tree, every event to vis. Returns `stopped` if a visitor stopped
/// the search, `exhausted` if the whole tree was explored. A trail problem is left as given,
/// also after a stop. Any depth: the search keeps its own stack, on the heap past the first
/// few kilobytes, and allocates only when it first goes deeper than before.
template <problem P, class Vis = null_visitor>
outcome search(P& p, Vis&& vis = Vis{}) {
  const typename P::value_type none{};  // the root's node-level prune names no value
  return detail::iterate(p, vis, 0, none);
}

/// Same, for a copy-discipline root given as a temporary.
template <copy_problem P, class Vis = null_visitor>
outcome search(P&& p, Vis&& vis = Vis{}) {
  P root = std::forward<P>(p);
  return search(root, vis);
}

}  // namespace bt
