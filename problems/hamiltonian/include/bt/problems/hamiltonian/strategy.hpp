// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen search state and hands it to a generic callable.
#pragma once

#include <array>
#include <optional>
#include <string_view>

#include <bt/problems/hamiltonian/instance.hpp>
#include <bt/problems/hamiltonian/propagate.hpp>
#include <bt/problems/hamiltonian/pruned.hpp>
#include <bt/problems/hamiltonian/textbook.hpp>

namespace bt::problems::hamiltonian {

/// How the path is searched.
enum class strategy { textbook, pruned, propagate };

/// Every strategy, in the order documented and listed.
inline constexpr std::array<strategy, 3> all_strategies = {strategy::textbook, strategy::pruned,
                                                           strategy::propagate};

/// The strategy used when none is named.
inline constexpr strategy default_strategy = strategy::propagate;

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) {
  switch (s) {
    case strategy::textbook: return "textbook";
    case strategy::pruned: return "pruned";
    case strategy::propagate: return "propagate";
  }
  return "?";
}

/// The strategy called `text`, if any.
inline std::optional<strategy> parse_strategy(std::string_view text) {
  for (const strategy s : all_strategies) {
    if (name(s) == text) {
      return s;
    }
  }
  return std::nullopt;
}

/// Build strategy s over g and call f(problem&); returns what f returns. `plan` tells the
/// propagate strategy whether to restart (the others search once).
template <class F>
decltype(auto) with_strategy(strategy s, const instance& g, F&& f, run_plan plan = {}) {
  if (s == strategy::textbook) {
    textbook p(g);
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
