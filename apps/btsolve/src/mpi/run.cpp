// SPDX-License-Identifier: MIT
// run_mpi (btsolve/mpi.hpp): every rank parses the same command line and counts work units
// (mpi_executor.hpp); rank 0 alone prints, and every rank exits with rank 0's code.
#include <btsolve/mpi.hpp>

#include <mpi.h>

#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <btsolve/cli.hpp>
#include <btsolve/errors.hpp>

#include "core/output_file.hpp"
#include "mpi/mpi_executor.hpp"

namespace btsolve {

int run_mpi(registry& reg, int argc, char** argv) {
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  std::ios::sync_with_stdio(false);
  mpi_executor executor(rank, ranks);
  set_active_executor(executor);
  if (argc > 0 && argv[0] != nullptr) {
    const std::string path(argv[0]);
    reg.set_program(path.substr(path.find_last_of('/') + 1));
  }
  install_interrupt_handler();
  std::ostringstream muted;  // what the other ranks would print
  std::ostream& out = rank == 0 ? std::cout : muted;
  std::ostream& err = rank == 0 ? std::cerr : muted;
  std::vector<std::string> args(argv + 1, argv + argc);
  // Rank 0 alone prints, so it alone writes --output; the others drop the option (its errors
  // are rank 0's to report).
  if (rank != 0) {
    try {
      (void)take_output_option(args);
    } catch (const usage_error&) {
    }
  }
  int code = exit_code::bad_input;
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    out << "Usage: mpirun -np P " << reg.program()
        << " PROBLEM [OPTIONS] --count [--threads T] [--checkpoint FILE] [--split DEPTH]\n"
           "(docs/cluster.md; PROBLEM --help for the options)\n";
    code = exit_code::solved;
  } else {
    code = run_args(reg, args, {out, err});
    err.flush();
    // A rank that failed while the others wait in the count would leave them waiting.
    if (code != exit_code::solved && code != exit_code::no_solution && code != exit_code::stopped &&
        executor.running()) {
      MPI_Abort(MPI_COMM_WORLD, code);
    }
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}

}  // namespace btsolve
