// SPDX-License-Identifier: MIT
// The CSP strategy switches, their names, the "+"-joined spec grammar, and dispatch: the one
// place where a runtime choice of switches becomes a template instantiation of the solver.
// Only the inference and the jump are template constants (static_switches): they decide what
// the trail holds and which tests and events the engine sees. The variable and value orders
// are read at run time by the solver, so a model has 6 solver types, not 48.
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

#include <bt/names.hpp>

namespace bt::csp {

/// Which variable is assigned next. Ties go to the lowest variable index.
enum class var_order {
  static_order,  ///< the textbook's fixed order: variable 0, 1, 2, ...
  mrv,           ///< minimum remaining values: the smallest current domain
  dom_deg,       ///< smallest domain / number of unassigned neighbours
  dom_wdeg       ///< smallest domain / sum of weights of constraints to unassigned neighbours
};
/// In which order a variable's values are tried.
enum class val_order {
  natural,  ///< ascending value
  lcv       ///< least constraining value first: fewest values removed from unassigned
            ///< neighbours' domains; ties by ascending value
};
/// What an assignment propagates.
enum class inference {
  none,  ///< plain backtracking: each value is checked against the assigned neighbours
  fc,    ///< forward checking: remove the unassigned neighbours' conflicting values
  mac    ///< maintain arc consistency (AC-3) over the unassigned variables
};
/// Where a failure sends the search.
enum class jump {
  bt,  ///< chronological backtracking
  cbj  ///< conflict-directed backjumping (Prosser 1993)
};

/// One combination of switches, as the user chose it (the solver's constructor takes it).
/// A structural type, so a constant of it can still name a strategy at compile time.
struct config {
  var_order var = var_order::static_order;
  val_order val = val_order::natural;
  inference inf = inference::none;
  jump jmp = jump::bt;
  friend constexpr bool operator==(const config&, const config&) = default;
};

/// The switches a solver type is built for (its template argument): inference and jump
/// change the trail's contents, the engine's tests (consistent(), promising(),
/// skip_level()) and the events, so each is compiled in; the orders are not.
struct static_switches {
  inference inf = inference::none;
  jump jmp = jump::bt;
  friend constexpr bool operator==(const static_switches&, const static_switches&) = default;
};

/// The part of c that is a template argument of the solver.
constexpr static_switches static_part(const config& c) { return {c.inf, c.jmp}; }

/// The switches' names as spec words, in the order listed.
inline constexpr std::array<bt::named<var_order>, 4> var_order_names = {
    {{var_order::static_order, "static"},
     {var_order::mrv, "mrv"},
     {var_order::dom_deg, "dom-deg"},
     {var_order::dom_wdeg, "dom-wdeg"}}};
inline constexpr std::array<bt::named<val_order>, 2> val_order_names = {
    {{val_order::natural, "natural"}, {val_order::lcv, "lcv"}}};
inline constexpr std::array<bt::named<inference>, 3> inference_names = {
    {{inference::none, "none"}, {inference::fc, "fc"}, {inference::mac, "mac"}}};
inline constexpr std::array<bt::named<jump>, 2> jump_names = {
    {{jump::bt, "bt"}, {jump::cbj, "cbj"}}};

/// A switch's name as a spec word.
constexpr std::string_view name(var_order v) { return bt::name_of(var_order_names, v); }
constexpr std::string_view name(val_order v) { return bt::name_of(val_order_names, v); }
constexpr std::string_view name(inference i) { return bt::name_of(inference_names, i); }
constexpr std::string_view name(jump j) { return bt::name_of(jump_names, j); }

/// Every value of each switch, in the order listed.
inline constexpr std::array<var_order, 4> all_var_orders = bt::values_of(var_order_names);
inline constexpr std::array<val_order, 2> all_val_orders = bt::values_of(val_order_names);
inline constexpr std::array<inference, 3> all_inferences = bt::values_of(inference_names);
inline constexpr std::array<jump, 2> all_jumps = bt::values_of(jump_names);

/// Set the switch that `word` names in c; returns which switch (0 var-order, 1 val-order,
/// 2 inference, 3 jump), or -1 if `word` names none.
constexpr int apply_word(config& c, std::string_view word) {
  const auto set = [word](const auto& table, auto& field) {
    const auto v = bt::parse_name(table, word);
    if (v) field = *v;
    return v.has_value();
  };
  if (set(var_order_names, c.var)) return 0;
  if (set(val_order_names, c.val)) return 1;
  if (set(inference_names, c.inf)) return 2;
  if (set(jump_names, c.jmp)) return 3;
  return -1;
}

/// Parse a spec: switch names joined by '+', e.g. "mrv+fc+cbj", "dom-wdeg+mac+lcv", "bt";
/// unnamed switches keep their defaults (static, natural, none, bt). Returns nothing if a
/// word is no switch, a word is empty, or two words set the same switch.
constexpr std::optional<config> parse_spec(std::string_view spec) {
  config c;
  bool seen[4] = {false, false, false, false};
  while (true) {
    const auto plus = spec.find('+');
    const int kind = apply_word(c, spec.substr(0, plus));
    if (kind < 0 || seen[kind]) {
      return std::nullopt;
    }
    seen[kind] = true;
    if (plus == std::string_view::npos) {
      return c;
    }
    spec.remove_prefix(plus + 1);
  }
}

/// The canonical spec of c: the non-default switches joined by '+' ("bt" when all default).
inline std::string spec_of(const config& c) {
  std::string s;
  const auto add = [&](std::string_view w) {
    if (!s.empty()) s += '+';
    s += w;
  };
  if (c.var != var_order::static_order) add(name(c.var));
  if (c.inf != inference::none) add(name(c.inf));
  if (c.val != val_order::natural) add(name(c.val));
  if (c.jmp != jump::bt) add(name(c.jmp));
  return s.empty() ? std::string("bt") : s;
}

/// Call f.template operator()<S>() with S the constant equal to static_part(c), and return
/// what it returns: each of the 6 combinations of inference and jump is its own
/// instantiation, so neither is tested inside the search loop. f builds the solver with c
/// itself (solver<M, S>(m, c)), which carries the variable and value orders.
template <class F>
decltype(auto) dispatch(const config& c, F&& f) {
  const auto by_jump = [&]<inference I>() -> decltype(auto) {
    if (c.jmp == jump::cbj) return f.template operator()<static_switches{I, jump::cbj}>();
    return f.template operator()<static_switches{I, jump::bt}>();
  };
  switch (c.inf) {
    case inference::fc: return by_jump.template operator()<inference::fc>();
    case inference::mac: return by_jump.template operator()<inference::mac>();
    case inference::none: break;
  }
  return by_jump.template operator()<inference::none>();
}

}  // namespace bt::csp
