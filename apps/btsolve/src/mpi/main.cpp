// SPDX-License-Identifier: MIT
// btsolve-mpi: `mpirun -np P btsolve-mpi PROBLEM ... --count` counts any built-in problem on
// the ranks of an MPI job (docs/cluster.md).
#include <btsolve/mpi.hpp>
#include <btsolve/registry.hpp>

int main(int argc, char** argv) {
  btsolve::registry reg("btsolve-mpi");
  btsolve::register_builtin_plugins(reg);
  return btsolve::run_mpi(reg, argc, argv);
}
