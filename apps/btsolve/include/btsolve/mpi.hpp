// SPDX-License-Identifier: MIT
// A runner on the ranks of an MPI job (docs/cluster.md): the same command line on every rank,
// a count split into work units that the ranks share, rank 0 alone printing. btsolve-mpi is
// this over the built-in problems; an outside runner is this over its own registry (target
// btsolve::mpi, built when MPI is found).
#pragma once

#include <btsolve/registry.hpp>

namespace btsolve {

/// `mpirun -np P RUNNER PROBLEM ... --count`: initialise MPI, make the MPI executor the active
/// one, run the command line over reg on every rank (only counts can run: they go by units)
/// and return rank 0's exit code on every rank.
int run_mpi(registry& reg, int argc, char** argv);

}  // namespace btsolve
