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

}  // namespace btsolve
