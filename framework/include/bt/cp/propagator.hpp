// SPDX-License-Identifier: MIT
// bt::cp::propagator: one constraint of any arity as the space runs it. A propagator filters
// the domains of its scope (propagate), says whether a fixed scope satisfies it (holds), and
// has a forward pass for forward checking. The space calls it through a virtual function once
// per execution, which does real work; the engine's search loop itself has no virtual call
// (docs/architecture.md, "The constraint layer").
#pragma once

#include <algorithm>
#include <cstdint>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <bt/cp/space.hpp>

namespace bt::cp {

/// How soon a queued propagator runs: cheap ones first (Gecode's propagation cost).
enum class priority : unsigned char {
  cheap = 0,   ///< constant time in the scope's size: x != y, x <= y + c, reification of these
  linear = 1,  ///< linear in the scope: sums, element, clauses, value all-different
  heavy = 2    ///< more: matching all-different, tables, user predicates
};

/// A constraint as the space runs it. Subclasses set scope and the event each variable is
/// watched for in their constructor (watch()).
class propagator {
 public:
  virtual ~propagator() = default;
  propagator(const propagator&) = delete;
  propagator& operator=(const propagator&) = delete;

  /// Filter the domains of the scope with this constraint's full strength (what MAC runs).
  /// Returns false when the constraint cannot hold (a domain emptied, or a check failed).
  virtual bool propagate(space& s) = 0;
  /// Forward checking's pass (nFC1): the variable at scope position `pos` was just assigned;
  /// filter the scope's other variables once. The default is propagate().
  virtual bool forward(space& s, int pos) {
    static_cast<void>(pos);
    return propagate(s);
  }
  /// Whether the constraint holds when every variable of the scope is fixed (plain
  /// backtracking's test).
  [[nodiscard]] virtual bool holds(const space& s) const = 0;
  /// For a constraint that is a conjunction of smaller ones (all-different: its pairs),
  /// whether those whose variables are all fixed hold; plain backtracking checks it after every
  /// assignment to the scope. By default true (the constraint is checked whole, holds()).
  [[nodiscard]] virtual bool holds_so_far(const space& s) const {
    static_cast<void>(s);
    return true;
  }
  /// After holds() or holds_so_far() failed for the fixed value of x: the fixed variables of
  /// the scope that take part in the failure (conflict-directed backjumping's culprits). By
  /// default every other fixed variable of the scope.
  virtual void conflict(const space& s, int x, std::vector<int>& out) const {
    out.clear();
    for (const int y : scope_) {
      if (y != x && s.fixed(y) && std::find(out.begin(), out.end(), y) == out.end())
        out.push_back(y);
    }
  }
  /// The constraint in words, with the variables' names: "x + 2*y <= 7".
  virtual void print(std::ostream& os, const space& s) const = 0;
  /// Exactly-one constraints (an exact cover's columns: sums of 0/1 variables equal to 1):
  /// among its columns none of whose variables is 1 yet, the one with the fewest variables
  /// that can still be 1 (ties: the first), its number of them returned and, when out is not
  /// null, the variables listed in the constraint's order; -1 when every column is covered or
  /// the constraint has none. Knuth's column choice branches on the fewest (solver.hpp).
  virtual int options(const space& s, std::vector<int>* out) const {
    static_cast<void>(s);
    static_cast<void>(out);
    return -1;
  }
  /// Called before the search when it chooses among this propagator's options() (Knuth's
  /// column choice, under mac) before it branches on any variable. A propagator that alone
  /// watches its variables may then keep the zeros it rules out in its own state (counted with
  /// space::note_removals) and write them into the domains once no option is left: dancing
  /// links' cost per ruled-out variable instead of a domain change and its undoing.
  virtual void chosen_by_options(space& s) { static_cast<void>(s); }
  /// Whether running again at once would change nothing (Gecode's idempotence): then its own
  /// changes do not queue it again.
  [[nodiscard]] bool idempotent() const { return idempotent_; }
  /// Whether the space records its changed positions (track_changes()).
  [[nodiscard]] bool tracks_changes() const { return tracks_; }

  /// The variables, in the constraint's order (a variable may occur more than once).
  [[nodiscard]] std::span<const int> scope() const { return scope_; }
  /// The event each scope position is watched for.
  [[nodiscard]] event watched(std::size_t pos) const { return events_[pos]; }
  [[nodiscard]] cp::priority priority() const { return priority_; }
  /// Its number in the space (set by space::post).
  [[nodiscard]] int id() const { return id_; }
  /// A short name of its kind for statistics and traces ("linear", "all-different").
  [[nodiscard]] const std::string& kind() const { return kind_; }

 protected:
  /// kind: the short name; p: the priority.
  propagator(std::string kind, cp::priority p) : kind_(std::move(kind)), priority_(p) {}
  /// Add variable x to the scope, watched for event e; returns its position.
  int watch(int x, event e) {
    scope_.push_back(x);
    events_.push_back(e);
    return static_cast<int>(scope_.size()) - 1;
  }
  /// Make room for n scope positions (watch() then allocates nothing).
  void reserve_scope(std::size_t n) {
    scope_.reserve(n);
    events_.reserve(n);
  }
  void set_idempotent(bool on) { idempotent_ = on; }
  /// Ask the space to record which scope positions changed between runs (space::modified);
  /// off by default, as most propagators read their whole scope.
  void track_changes() { tracks_ = true; }

 private:
  friend class space;
  std::vector<int> scope_;
  std::vector<event> events_;
  std::string kind_;
  cp::priority priority_;
  bool idempotent_ = true;
  bool tracks_ = false;
  int id_ = -1;
};

}  // namespace bt::cp
