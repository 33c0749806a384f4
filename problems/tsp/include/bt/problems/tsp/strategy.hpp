// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen problem and hands it to a generic callable.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include <bt/names.hpp>
#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/search.hpp>

namespace bt::problems::tsp {

/// How tours are searched (search.hpp): all extend the path from city 1; the bound differs.
enum class strategy { plain, reduced, held_karp };

/// What a branch and bound answers: its best solution, or every improvement (--all); a count
/// of improvements means nothing.
inline constexpr unsigned optimising = bt::answers_first | bt::answers_all;

/// The strategy table, the one place a strategy is declared: its value, the name typed after
/// --strategy, its summary and what it answers, in the order the runner lists (the first is
/// the default where no other is set). The runner, compare, --help, JSON, the studio and Python
/// all read it.
inline constexpr std::array<bt::strategy_row<strategy>, 3> strategy_names = {{
    {strategy::held_karp, "held-karp",
     "Held-Karp 1-trees with subgradient ascent, the cheapest penalised edge first", optimising,
     true, true},
    {strategy::reduced, "reduced",
     "the textbook's reduced cost matrix (Little et al., Horowitz-Sahni), cities in order",
     optimising, true, true},
    {strategy::plain, "plain", "extend the path city by city; prune paths as long as the best",
     optimising, true, true},
}};

/// Every strategy, in the order documented and listed.
inline constexpr std::array<strategy, 3> all_strategies = bt::values_of(strategy_names);

/// The strategy used when none is named.
inline constexpr strategy default_strategy = strategy::held_karp;

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) { return bt::name_of(strategy_names, s); }

/// The strategy called `text`, if any.
constexpr std::optional<strategy> parse_strategy(std::string_view text) {
  return bt::parse_name(strategy_names, text);
}

/// Build strategy s over in and call f(problem&); returns what f returns. The problem has no
/// incumbent: f shares one (problem.share(&inc)) to prune and to hear improvements only; a
/// solution's tour is problem.path() (or the values on the engine's path after city 1).
template <class F>
decltype(auto) with_strategy(strategy s, const instance& in, F&& f) {
  if (s == strategy::plain) {
    plain_search p(in);
    return f(p);
  }
  if (s == strategy::reduced) {
    reduced_search p(in);
    return f(p);
  }
  held_karp_search p(in);
  return f(p);
}

}  // namespace bt::problems::tsp
