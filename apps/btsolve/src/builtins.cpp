// SPDX-License-Identifier: MIT
// The one explicit list of built-in problems and commands: a new problem adds one line here
// and its file under plugins/.
#include <btsolve/registry.hpp>

#include "commands/compare.hpp"
#include "commands/merge.hpp"
#include "plugins/plugins.hpp"

namespace btsolve {

void register_builtin_plugins(registry& r) {
  register_nqueens(r);
  register_colouring(r);
  register_hamiltonian(r);
  register_subsets(r);
  register_sudoku(r);
  register_knapsack(r);
  register_tsp(r);
#ifdef BT_HAVE_FLATZINC
  register_flatzinc(r);
#endif
}

const registry& builtin_registry() {
  static const registry reg = [] {
    registry r("btsolve");
    register_builtin_plugins(r);
    register_builtin_commands(r);
    return r;
  }();
  return reg;
}

void register_builtin_commands(registry& r) {
  r.add_command("compare", "every strategy on every size or input, tabulated (docs/compare.md)",
                [] { return std::make_unique<compare_command>(); });
  r.add_command("merge", "add up the results of --unit runs (docs/cluster.md)",
                [] { return std::make_unique<merge_command>(); });
}

}  // namespace btsolve
