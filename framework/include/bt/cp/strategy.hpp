// SPDX-License-Identifier: MIT
// The switches of a search of the constraint layer (docs/strategies.md): which variable, which
// value, what an assignment propagates, where a failure sends the search, and how a node
// branches. The spec grammar is the engine's ("mrv+fc+cbj", csp/options.hpp) with more words:
// the FlatZinc orders and the branchings.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include <bt/csp/options.hpp>
#include <bt/names.hpp>

namespace bt::cp {

/// Which variable is decided next. Ties go to the earliest variable of the phase.
enum class var_select {
  input_order,      ///< the order given (the engine's `static`)
  first_fail,       ///< the smallest domain (`mrv`)
  anti_first_fail,  ///< the largest domain
  smallest,         ///< the smallest minimum
  largest,          ///< the largest maximum
  occurrence,       ///< the most constraints
  max_regret,       ///< the largest gap between its two smallest values
  dom_deg,          ///< the smallest domain / constraints with another unfixed variable
  dom_wdeg,         ///< the smallest domain / their weights (failures of the constraint)
  options           ///< the fewest options: a variable's values, or an exactly-one
                    ///< constraint's candidates (Knuth's column choice, exact cover)
};

/// In which order a variable's values are tried (or how its domain is split).
enum class val_select {
  min,            ///< ascending (the engine's `natural`)
  max,            ///< descending
  median,         ///< the median value first, then the others ascending
  split,          ///< binary: the lower half, then the upper
  reverse_split,  ///< binary: the upper half, then the lower
  lcv,            ///< least constraining value first: fewest values removed by propagation
  random          ///< a random value first (the search's seed), then the others ascending
};

/// How a node branches.
enum class branching {
  dway,   ///< the textbook's: one child per value, x = v1 | x = v2 | ...; every variable is
          ///< assigned by a decision, fixed or not
  binary  ///< Gecode's and MiniZinc's: x = v | x != v (split: x <= m | x > m); fixed
          ///< variables are skipped
};

/// Every word of the spec grammar, by switch.
inline constexpr std::array<bt::named<var_select>, 14> var_select_names = {{
    {var_select::input_order, "static", "variables in the order given"},
    {var_select::input_order, "input-order", ""},
    {var_select::first_fail, "mrv", "minimum remaining values"},
    {var_select::first_fail, "first-fail", ""},
    {var_select::anti_first_fail, "anti-first-fail", "the largest domain"},
    {var_select::smallest, "smallest", "the smallest value"},
    {var_select::largest, "largest", "the largest value"},
    {var_select::occurrence, "occurrence", "the most constraints"},
    {var_select::max_regret, "max-regret", "the largest gap between its two smallest values"},
    {var_select::dom_deg, "dom-deg", "smallest domain by degree"},
    {var_select::dom_wdeg, "dom-wdeg", "smallest domain by weighted degree"},
    {var_select::dom_wdeg, "dom-w-deg", ""},
    {var_select::options, "options", "the fewest options, variables or exactly-one constraints"},
    {var_select::options, "columns", ""},
}};
inline constexpr std::array<bt::named<val_select>, 8> val_select_names = {{
    {val_select::min, "natural", "values ascending"},
    {val_select::min, "min", ""},
    {val_select::max, "max", "values descending"},
    {val_select::median, "median", "the median value first"},
    {val_select::split, "split", "the lower half first"},
    {val_select::reverse_split, "reverse-split", "the upper half first"},
    {val_select::lcv, "lcv", "least constraining value first"},
    {val_select::random, "random", "a random value first"},
}};
inline constexpr std::array<bt::named<branching>, 2> branching_names = {{
    {branching::dway, "dway", "one child per value"},
    {branching::binary, "binary", "x = v, then x != v"},
}};

/// One combination of switches.
struct strategy {
  var_select var = var_select::input_order;
  val_select val = val_select::min;
  csp::inference inf = csp::inference::none;
  csp::jump jmp = csp::jump::bt;
  cp::branching branch = branching::dway;
  std::uint64_t seed = 1;  ///< for val_select::random
  friend constexpr bool operator==(const strategy&, const strategy&) = default;
};

/// Parse a spec: words joined by '+' ("mrv+fc+cbj", "first-fail+mac+binary", "options+mac"),
/// each naming one switch at most once; unnamed switches keep their defaults. Nothing when a
/// word is unknown or repeated. split and reverse-split imply binary branching.
constexpr std::optional<strategy> parse_strategy(std::string_view spec) {
  strategy s;
  bool seen[5] = {false, false, false, false, false};
  while (true) {
    const auto plus = spec.find('+');
    const std::string_view word = spec.substr(0, plus);
    int kind = -1;
    if (const auto v = bt::parse_name(var_select_names, word)) {
      s.var = *v;
      kind = 0;
    } else if (const auto a = bt::parse_name(val_select_names, word)) {
      s.val = *a;
      kind = 1;
    } else if (const auto i = bt::parse_name(csp::inference_names, word)) {
      s.inf = *i;
      kind = 2;
    } else if (const auto j = bt::parse_name(csp::jump_names, word)) {
      s.jmp = *j;
      kind = 3;
    } else if (const auto b = bt::parse_name(branching_names, word)) {
      s.branch = *b;
      kind = 4;
    }
    if (kind < 0 || seen[kind]) return std::nullopt;
    seen[kind] = true;
    if (plus == std::string_view::npos) break;
    spec.remove_prefix(plus + 1);
  }
  if (s.val == val_select::split || s.val == val_select::reverse_split) {
    if (seen[4] && s.branch != branching::binary) return std::nullopt;
    s.branch = branching::binary;
  }
  return s;
}

/// The canonical spec of s: its non-default switches joined by '+' ("bt" when all default).
inline std::string spec_of(const strategy& s) {
  std::string out;
  const auto add = [&](std::string_view w) {
    if (!out.empty()) out += '+';
    out += w;
  };
  if (s.var != var_select::input_order) add(bt::name_of(var_select_names, s.var));
  if (s.inf != csp::inference::none) add(csp::name(s.inf));
  if (s.val != val_select::min) add(bt::name_of(val_select_names, s.val));
  if (s.jmp != csp::jump::bt) add(csp::name(s.jmp));
  const bool implied = s.val == val_select::split || s.val == val_select::reverse_split;
  if (s.branch != branching::dway && !implied) add(bt::name_of(branching_names, s.branch));
  return out.empty() ? std::string("bt") : out;
}

/// The strategy of the binary layer's switches (csp::config): the same search.
constexpr strategy from_config(const csp::config& c) {
  strategy s;
  switch (c.var) {
    case csp::var_order::static_order: s.var = var_select::input_order; break;
    case csp::var_order::mrv: s.var = var_select::first_fail; break;
    case csp::var_order::dom_deg: s.var = var_select::dom_deg; break;
    case csp::var_order::dom_wdeg: s.var = var_select::dom_wdeg; break;
  }
  s.val = c.val == csp::val_order::lcv ? val_select::lcv : val_select::min;
  s.inf = c.inf;
  s.jmp = c.jmp;
  return s;
}

}  // namespace bt::cp
