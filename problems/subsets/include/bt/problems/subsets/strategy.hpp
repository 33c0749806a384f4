// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen order and problem and hands them to a generic callable.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include <bt/names.hpp>
#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/order.hpp>
#include <bt/problems/subsets/reach.hpp>
#include <bt/problems/subsets/reachability.hpp>
#include <bt/problems/subsets/textbook.hpp>

namespace bt::problems::subsets {

/// textbook: Horowitz-Sahni SumOfSub; reach: dropped heavy items, heaviest first, reachability.
enum class strategy { textbook, reach };

/// The strategy table, the one place a strategy is declared: its value, the name typed after
/// --strategy, its summary and what it answers, in the order the runner lists (the first is
/// the default where no other is set). The runner, compare, --help, JSON, the studio and Python
/// all read it.
inline constexpr std::array<bt::strategy_row<strategy>, 2> strategy_names = {{
    {strategy::textbook, "textbook", "Horowitz-Sahni SumOfSub, as the textbook writes it"},
    {strategy::reach, "reach", "heaviest first, with a reachability oracle"},
}};

/// Every strategy, in the order documented and listed.
inline constexpr std::array<strategy, 2> all_strategies = bt::values_of(strategy_names);

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) { return bt::name_of(strategy_names, s); }

/// The strategy called `text`, if any.
constexpr std::optional<strategy> parse_strategy(std::string_view text) {
  return bt::parse_name(strategy_names, text);
}

/// Build strategy s for inst and call f(problem&, const search_order&); returns what f
/// returns. The order maps the problem's variables to input items (to_selection).
template <class F>
decltype(auto) with_strategy(strategy s, const instance& inst, F&& f) {
  if (s == strategy::textbook) {
    const search_order o = textbook_order(inst);
    textbook p(o);
    return f(p, o);
  }
  const search_order o = reach_order(inst);
  const reach_oracle oracle(o);
  reach p(o, oracle);
  return f(p, o);
}

}  // namespace bt::problems::subsets
