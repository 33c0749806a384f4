// SPDX-License-Identifier: MIT
// The built-in problems' registration functions, one per file under plugins/.
#pragma once

#include <btsolve/registry.hpp>

namespace btsolve {

void register_nqueens(registry& r);
void register_colouring(registry& r);
void register_hamiltonian(registry& r);
void register_subsets(registry& r);
void register_sudoku(registry& r);
void register_knapsack(registry& r);
void register_tsp(registry& r);
#ifdef BT_HAVE_FLATZINC
void register_flatzinc(registry& r);  // not in the WebAssembly build (no MiniZinc there)
#endif

}  // namespace btsolve
