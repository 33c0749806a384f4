// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen tree search and hands it to a generic callable. The SAT
// strategy (sat.hpp) and auto (a bounded propagate search, then sat) are driven by the runner.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string_view>

#include <bt/names.hpp>
#include <bt/problems/hamiltonian/instance.hpp>
#include <bt/problems/hamiltonian/propagate.hpp>
#include <bt/problems/hamiltonian/pruned.hpp>
#include <bt/problems/hamiltonian/textbook.hpp>

namespace bt::problems::hamiltonian {

/// How the cycle is searched.
enum class strategy { textbook, pruned, propagate, sat, automatic };

/// The tree searches (with_strategy builds them), in the order documented: they find every
/// cycle, count them, and prove that there is none.
inline constexpr std::array<strategy, 3> tree_strategies = {strategy::textbook, strategy::pruned,
                                                            strategy::propagate};

/// The strategy table, the one place a strategy is declared: its value, the name typed after
/// --strategy, its summary and what it answers, in the order the runner lists (the first is
/// the default where no other is set). The runner, compare, --help, JSON, the studio and Python
/// all read it.
inline constexpr std::array<bt::strategy_row<strategy>, 5> strategy_names = {{
    {strategy::automatic, "auto", "propagate within 10 max(n, 100) nodes, then sat"},
    {strategy::sat, "sat", "CaDiCaL with subtour cuts", bt::answers_first, false},
    {strategy::textbook, "textbook", "the textbook's path extension"},
    {strategy::pruned, "pruned", "path extension with connectivity and degree pruning"},
    {strategy::propagate, "propagate",
     "edge branching with propagation, restarts for the first cycle"},
}};

/// Every strategy, in the order documented and listed.
inline constexpr std::array<strategy, 5> all_strategies = bt::values_of(strategy_names);

/// The strategy used when none is named.
inline constexpr strategy default_strategy = strategy::automatic;

/// The tree search that stands in for s where a tree is needed (every cycle, a count, a
/// trace): propagate for sat and auto, s itself otherwise.
constexpr strategy tree_search_of(strategy s) {
  return s == strategy::sat || s == strategy::automatic ? strategy::propagate : s;
}

/// The nodes auto gives its propagate search before it turns to sat: 10 max(n, 100). The
/// small and the easy graphs are solved or refuted within it (docs/problems/hamiltonian.md),
/// among them cubic ones with many short cycles on which sat needs hundreds of calls
/// (graph4, graph21); the hard ones lose under 0.3 s.
inline std::uint64_t auto_tree_nodes(const instance& g) {
  return 10 * std::max<std::uint64_t>(g.n, 100);
}

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) { return bt::name_of(strategy_names, s); }

/// The strategy called `text`, if any.
constexpr std::optional<strategy> parse_strategy(std::string_view text) {
  return bt::parse_name(strategy_names, text);
}

/// Build the tree search of s (tree_search_of) over g and call f(problem&); returns what f
/// returns. `plan` tells the propagate strategy whether to restart (the others search once),
/// and the textbook whether to list both directions (the others keep one: cycle.hpp).
template <class F>
decltype(auto) with_strategy(strategy s, const instance& g, F&& f, run_plan plan = {}) {
  s = tree_search_of(s);
  if (s == strategy::textbook) {
    textbook p(g, plan.both_directions);
    return f(p);
  }
  if (s == strategy::pruned) {
    pruned p(g);
    return f(p);
  }
  propagate p(g, plan);
  return f(p);
}

}  // namespace bt::problems::hamiltonian
