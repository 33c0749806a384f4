// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen order and problem and hands them to a generic callable.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include <bt/names.hpp>
#include <bt/problems/knapsack/instance.hpp>
#include <bt/problems/knapsack/order.hpp>
#include <bt/problems/knapsack/search.hpp>

namespace bt::problems::knapsack {

/// How the items are searched (search.hpp): the order and the bound.
enum class strategy { plain, fractional, sorted };

/// What a branch and bound answers: its best solution, or every improvement (--all); a count
/// of improvements means nothing.
inline constexpr unsigned optimising = bt::answers_first | bt::answers_all;

/// The strategy table, the one place a strategy is declared: its value, the name typed after
/// --strategy, its summary and what it answers, in the order the runner lists (the first is
/// the default where no other is set). The runner, compare, --help, JSON, the studio and Python
/// all read it.
inline constexpr std::array<bt::strategy_row<strategy>, 3> strategy_names = {{
    {strategy::sorted, "sorted",
     "items by value/weight, the textbook's fractional bound (Horowitz-Sahni)", optimising, true,
     true},
    {strategy::fractional, "fractional",
     "input order, pruned by the fractional (Dantzig) bound of the items left", optimising, true,
     true},
    {strategy::plain, "plain",
     "take or leave each item in input order; no bound but the values left", optimising, true,
     true},
}};

/// Every strategy, in the order documented and listed.
inline constexpr std::array<strategy, 3> all_strategies = bt::values_of(strategy_names);

/// The strategy used when none is named.
inline constexpr strategy default_strategy = strategy::sorted;

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) { return bt::name_of(strategy_names, s); }

/// The strategy called `text`, if any.
constexpr std::optional<strategy> parse_strategy(std::string_view text) {
  return bt::parse_name(strategy_names, text);
}

/// The order strategy s searches the items in.
constexpr item_order order_of(strategy s) {
  return s == strategy::sorted ? item_order::ratio : item_order::input;
}

/// Build strategy s for inst and call f(problem&, const search_order&); returns what f
/// returns. The problem has no incumbent: f shares one (problem.share(&inc)) to prune and to
/// hear improvements only; to_selection(order, path) turns a solution's path into items.
template <class F>
decltype(auto) with_strategy(strategy s, const instance& inst, F&& f) {
  const search_order o = make_order(inst, order_of(s));
  if (s == strategy::plain) {
    plain_search p(o);
    return f(p, o);
  }
  if (s == strategy::fractional) {
    fractional_search p(o);
    return f(p, o);
  }
  sorted_search p(o);
  return f(p, o);
}

}  // namespace bt::problems::knapsack
