// SPDX-License-Identifier: MIT
// The one explicit list of built-in problems: adding a problem adds one line here.
#include "plugin_colouring.hpp"
#include "plugin_hamiltonian.hpp"
#include "plugin_nqueens.hpp"
#include "plugin_subsets.hpp"
#include "plugin_sudoku.hpp"
#include "registry.hpp"

namespace btsolve {

void register_builtin_plugins(registry& r) {
  register_nqueens(r);
  register_colouring(r);
  register_hamiltonian(r);
  register_subsets(r);
  register_sudoku(r);
}

}  // namespace btsolve
