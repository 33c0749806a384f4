// SPDX-License-Identifier: MIT
// btsolve-mpi: `mpirun -np P btsolve-mpi PROBLEM ... --count` counts the work units of one
// count on every rank (mpi_executor.hpp), for any problem that counts. Every rank parses the
// same command line; rank 0 alone prints, and every rank exits with rank 0's code.
#include <mpi.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <btsolve/cli.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/registry.hpp>

#include "mpi/mpi_executor.hpp"

int main(int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::ios::sync_with_stdio(false);
  btsolve::mpi_executor executor(rank, ranks);
  btsolve::set_active_executor(executor);
  btsolve::registry reg("btsolve-mpi");
  btsolve::register_builtin_plugins(reg);
  btsolve::install_interrupt_handler();
  std::ostringstream muted;  // what the other ranks would print
  std::ostream& out = rank == 0 ? std::cout : muted;
  std::ostream& err = rank == 0 ? std::cerr : muted;
  const std::vector<std::string> args(argv + 1, argv + argc);
  int code = btsolve::exit_code::bad_input;
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    out << "Usage: mpirun -np P btsolve-mpi PROBLEM [OPTIONS] --count [--threads T] "
           "[--checkpoint FILE] [--split DEPTH]\n(docs/cluster.md; btsolve PROBLEM --help for "
           "the options)\n";
    code = btsolve::exit_code::solved;
  } else {
    code = btsolve::run_args(reg, args, {out, err});
    err.flush();
    // A rank that failed while the others wait in the count would leave them waiting.
    if (code != btsolve::exit_code::solved && code != btsolve::exit_code::no_solution &&
        code != btsolve::exit_code::stopped && executor.running()) {
      MPI_Abort(MPI_COMM_WORLD, code);
    }
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}
