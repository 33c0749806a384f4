// SPDX-License-Identifier: MIT
// What a problem states to get the engine's CSP strategies (solver.hpp): its variables, their
// domains and its binary constraints. Values are the integers 0 .. value_count()-1.
#pragma once

#include <concepts>
#include <ostream>
#include <ranges>
#include <utility>

#include <bt/csp/bitset.hpp>

namespace bt::csp {

/// A binary constraint network. neighbours(x) lists the variables sharing a constraint with x
/// (symmetric: y in neighbours(x) iff x in neighbours(y), no repeats, x itself excluded);
/// compatible(x, a, y, b) says whether x = a and y = b satisfy the constraint between x and y.
template <class M>
concept binary_model = requires(const M& m, int x, int a, int y, int b) {
  { m.variable_count() } -> std::convertible_to<int>;
  { m.value_count() } -> std::convertible_to<int>;
  { m.neighbours(x) } -> std::ranges::forward_range;
  { m.compatible(x, a, y, b) } -> std::convertible_to<bool>;
};

/// The domain type of a model: M::domain_type when it names one (more than 64 values), else
/// one word.
template <class M>
struct domain_of {
  using type = domain<1>;
};
template <class M>
  requires requires { typename M::domain_type; }
struct domain_of<M> {
  using type = typename M::domain_type;
};
template <class M>
using domain_t = typename domain_of<M>::type;

/// Optional: the initial domain is not every value (pre-placed queens, a fixed start vertex).
template <class M>
concept restricts_domains = requires(const M& m, int x, int a) {
  { m.in_domain(x, a) } -> std::convertible_to<bool>;
};

/// Optional fast path: every constraint is "x != y" (colouring, Sudoku); then compatible()
/// is never called in propagation, and forward checking removes one bit per neighbour.
template <class M>
concept not_equal_model = requires {
  requires static_cast<bool>(M::not_equal);
};

/// Optional fast path: the values of neighbour y that x = a rules out, as one domain (the
/// N-Queens column and two diagonals). Must agree with compatible().
template <class M>
concept masks_conflicts = requires(const M& m, int x, int a, int y) {
  { m.conflicts(x, a, y) } -> std::convertible_to<domain_t<M>>;
};

/// Optional global constraint: all-different groups that are permutations. Each group(g)
/// lists value_count() distinct variables, pairwise neighbours whose constraint implies
/// x != y, so every value occurs exactly once in the group (a Sudoku unit, a Latin square's
/// row). With forward checking or MAC (and chronological backtracking) the solver then also
/// fails a group whose domains no longer cover every value, and cuts a variable down to the
/// value it alone can still take in a group (a "hidden single"). Off for models without it.
template <class M>
concept all_different_groups = requires(const M& m, int g) {
  { m.group_count() } -> std::convertible_to<int>;
  { m.group(g) } -> std::ranges::forward_range;
};

/// Optional words for traces: "Q4", "Q4 at column 2", and why x = a conflicts with y = b
/// ("diagonal with Q1"). csp::describer falls back to "x4", "x4 = 2", "conflicts with x1 = 3".
template <class M>
concept names_variables = requires(const M& m, std::ostream& os, int x, int a, int y, int b) {
  m.name_variable(os, x);
  m.name_assignment(os, x, a);
  m.explain_conflict(os, x, a, y, b);
};

/// Optional short labels for trees and replays, in the words of the problem's own strategies
/// ("Q4=2", "v3=1"); csp::describer falls back to name_assignment(), then "x4=2".
template <class M>
concept labels_assignments = requires(const M& m, std::ostream& os, int x, int a) {
  m.label_assignment(os, x, a);
};

/// Optional placement of x = a on the problem's picture (docs/replay-format.md: a board's
/// (row, column), a graph's (vertex, colour 1-based), a grid's (cell, symbol 1-based));
/// csp::describer falls back to (x, a).
template <class M>
concept places_assignments = requires(const M& m, int x, int a) {
  { m.cell(x, a) } -> std::convertible_to<std::pair<long long, long long>>;
};

/// Optional words for traces of an all-different group ("row 3"); csp::describer falls back
/// to "group 3".
template <class M>
concept names_groups = requires(const M& m, std::ostream& os, int g) {
  m.name_group(os, g);
};

}  // namespace bt::csp
