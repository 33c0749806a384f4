// SPDX-License-Identifier: MIT
// The m-colouring strategies by name, the one place where the runtime choice becomes a static
// type, and how a solution state of each stands for labelled colourings.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <string_view>

#include <bt/events.hpp>
#include <bt/names.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/dsatur.hpp>
#include <bt/problems/colouring/renaming.hpp>
#include <bt/problems/colouring/textbook.hpp>

namespace bt::problems::colouring {

/// How the search orders vertices and colours (docs/problems/colouring.md).
enum class strategy { textbook, dsatur };

/// The strategy table, the one place a strategy is declared: its value, the name typed after
/// --strategy, its summary and what it answers, in the order the runner lists (the first is
/// the default where no other is set). The runner, compare, --help, JSON, the studio and Python
/// all read it.
inline constexpr std::array<bt::strategy_row<strategy>, 2> strategy_names = {{
    {strategy::dsatur, "dsatur", "DSATUR branching with a clique first, colourings up to renaming"},
    {strategy::textbook, "textbook", "the textbook's m-colouring: vertices in order, colours 1..m"},
}};

/// Every strategy, in the order documented.
inline constexpr std::array<strategy, 2> all_strategies = bt::values_of(strategy_names);

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) { return bt::name_of(strategy_names, s); }

/// The strategy called `text`, if any.
constexpr std::optional<strategy> parse_strategy(std::string_view text) {
  return bt::parse_name(strategy_names, text);
}

/// Build the m-colouring model of strategy s over g and call f(problem&); returns what f
/// returns. dsatur colours `clique` (a clique of g; may be empty) first. m >= 1.
template <class F>
decltype(auto) with_strategy(strategy s, const adjacency& g, int m, std::span<const vertex> clique,
                             F&& f) {
  if (s == strategy::textbook) {
    textbook p(g, m);
    return f(p);
  }
  const int limit = m + 1;
  dsatur p(g, static_cast<int>(std::min<std::size_t>(static_cast<std::size_t>(m), g.size())),
           &limit, clique);
  return f(p);
}

/// The number of labelled colourings a solution state stands for: one for textbook...
inline std::uint64_t colourings_of(const textbook&, const renamings&) { return 1; }
/// ...and every renaming of the canonical colouring into 1..m for dsatur.
inline std::uint64_t colourings_of(const dsatur& p, const renamings& r) {
  return r.of(p.colours_used());
}

/// Call f(std::span<const int> colouring) for each labelled colouring with colours from 1..m
/// that a solution state stands for; stops (and returns stop) when f returns bt::flow::stop.
/// textbook: the state's own colouring.
template <class F>
bt::flow for_each_colouring(const textbook& p, int, F f) {
  return f(p.colours());
}
/// dsatur: the renamings of the canonical colouring, the identity first.
template <class F>
bt::flow for_each_colouring(const dsatur& p, int m, F f) {
  return for_each_renaming(p.colours(), p.colours_used(), m, f);
}

}  // namespace bt::problems::colouring
