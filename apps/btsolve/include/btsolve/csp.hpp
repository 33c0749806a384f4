// SPDX-License-Identifier: MIT
// The engine's CSP strategies in the runner, shared by every problem with a CSP model:
// the options --var-order, --val-order, --inference, --jump, the "+"-joined --strategy specs
// (docs/cli.md), and the one dispatch from the chosen switches to a solver instantiation.
#pragma once

#include <optional>
#include <string>
#include <type_traits>
#include <vector>

#include <bt/csp.hpp>

#include <btsolve/plugin.hpp>

namespace btsolve {

/// Add --var-order, --val-order, --inference and --jump to d (csp_switch_records).
void add_csp_options(po::options_description& d);

/// --var-order, --val-order, --inference and --jump as declared: each a choice of the engine's
/// words, its default first.
const std::vector<option_record>& csp_switch_records();

/// The engine switches a run asks for, from `strategy` (the --strategy text when the user gave
/// one and it is none of the problem's own strategies, else nothing) and the four switch
/// options; nothing when neither asks (the problem's own strategy runs). Throws usage_error
/// for an unknown name (listing `own_strategies` beside the engine's), a switch set twice
/// differently, or a switch option beside one of the problem's own strategies
/// (`own_strategy_named`).
std::optional<bt::csp::config> csp_switches(const po::variables_map& vm,
                                            const std::optional<std::string>& strategy,
                                            bool own_strategy_named,
                                            const std::string& own_strategies);

/// The engine's switches c in words, for the strategy's summary ("the engine's CSP search:
/// minimum remaining values, values ascending, forward checking, chronological backtracking").
std::string csp_summary(const bt::csp::config& c);

/// The values of a solver's current (complete) assignment, indexed by variable.
template <class Solver>
std::vector<int> values_by_variable(const Solver& s) {
  std::vector<int> v(static_cast<std::size_t>(s.variable_count()));
  for (int x = 0; x < s.variable_count(); ++x) v[static_cast<std::size_t>(x)] = s.value_of(x);
  return v;
}

/// Build the solver of model m with switches c and return f(solver&): the only place where
/// the runtime switches become a template instantiation (of their static part).
template <class M, class F>
decltype(auto) with_csp_solver(const M& m, const bt::csp::config& c, F&& f) {
  return bt::csp::dispatch(c, [&]<bt::csp::static_switches S>() -> decltype(auto) {
    bt::csp::solver<M, S> s(m, c);
    return f(s);
  });
}

}  // namespace btsolve
