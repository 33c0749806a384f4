// SPDX-License-Identifier: MIT
// Umbrella header of the Hamiltonian cycle problem: the instance, the cycle rule and check,
// the quick proofs of non-existence, the strategies and the trace.
#pragma once

#include <bt/problems/hamiltonian/cycle.hpp>
#include <bt/problems/hamiltonian/cycle_cover.hpp>
#include <bt/problems/hamiltonian/edge_states.hpp>
#include <bt/problems/hamiltonian/instance.hpp>
#include <bt/problems/hamiltonian/obstruction.hpp>
#include <bt/problems/hamiltonian/propagate.hpp>
#include <bt/problems/hamiltonian/pruned.hpp>
#include <bt/problems/hamiltonian/sat.hpp>
#include <bt/problems/hamiltonian/strategy.hpp>
#include <bt/problems/hamiltonian/textbook.hpp>
#include <bt/problems/hamiltonian/trace.hpp>
