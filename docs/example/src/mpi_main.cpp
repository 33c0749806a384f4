// SPDX-License-Identifier: MIT
// mysolve-mpi: mysolve's problems on the ranks of an MPI job (docs/cluster.md):
// `mpirun -np 4 mysolve-mpi langford -n 15 --count`.
#include <btsolve/mpi.hpp>
#include <btsolve/registry.hpp>

#include "plugin_langford.hpp"

int main(int argc, char** argv) {
  btsolve::registry reg;
  btsolve::register_builtin_plugins(reg);
  langford::register_plugin(reg);
  return btsolve::run_mpi(reg, argc, argv);
}
