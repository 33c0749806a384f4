// SPDX-License-Identifier: MIT
// run_mpi (btsolve/mpi.hpp): every rank parses the same command line and counts work units
// (mpi_executor.hpp); rank 0 alone prints, and every rank exits with rank 0's code. Rank 0's
// output is held until its run ends: then it is printed, unless another rank failed first, in
// which case that rank's one line is printed instead (a count another rank cut short is no
// answer).
#include <btsolve/mpi.hpp>

#include <mpi.h>

#include <iostream>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include <btsolve/cli.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/input.hpp>

#include "core/output_file.hpp"
#include "mpi/mpi_executor.hpp"

namespace btsolve {
namespace {

// The last error line a rank's run printed ("btsolve-mpi: error: X" -> "X"), or its last line.
std::string error_of(const std::string& printed) {
  std::istringstream in(printed);
  std::string last;
  std::string error;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) continue;
    last = line;
    if (const auto at = line.find(": error: "); at != std::string::npos) {
      error = line.substr(at + 9);
    } else if (const auto internal = line.find(": internal error: ");
               internal != std::string::npos) {
      error = "internal error: " + line.substr(internal + 18);
    }
  }
  return error.empty() ? last : error;
}

}  // namespace

int run_mpi(registry& reg, int argc, char** argv) {
  // Before MPI starts: a SIGTERM during its start-up (seconds on a loaded node) is then a stop
  // like any other, not a kill.
  install_interrupt_handler();
  int provided = 0;
  MPI_Init_thread(&argc, &argv, MPI_THREAD_MULTIPLE, &provided);
  int rank = 0;
  int ranks = 1;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &ranks);
  if (argc > 0 && argv[0] != nullptr) {
    const std::string path(argv[0]);
    reg.set_program(path.substr(path.find_last_of('/') + 1));
  }
  set_mpi_program(reg.program());
  if (provided < MPI_THREAD_MULTIPLE) {
    if (rank == 0) {
      std::cerr << reg.program()
                << ": error: this MPI gives no MPI_THREAD_MULTIPLE, which btsolve-mpi needs\n";
    }
    MPI_Finalize();
    return exit_code::bad_input;
  }
  // Errors come back as codes, each one ends the job with one line (mpi_executor.cpp).
  MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
  std::ios::sync_with_stdio(false);
  mpi_executor executor(rank, ranks);
  executor.start();
  std::ostringstream out;  // rank 0's output, printed when its run ended (above)
  std::ostringstream err;
  std::vector<std::string> args(argv + 1, argv + argc);
  int code = exit_code::bad_input;
  std::optional<output_file> file;
  std::optional<std::string> output_path;
  try {
    // Rank 0 alone prints, so it alone writes --output; the others drop the option (its errors
    // are rank 0's to report).
    output_path = take_output_option(args);
    if (rank == 0 && output_path) file.emplace(*output_path);
    if (args.empty() || args[0] == "--help" || args[0] == "-h") {
      out << "Usage: mpirun -np P " << reg.program()
          << " PROBLEM [OPTIONS] --count [--threads T] [--checkpoint FILE] [--split DEPTH]\n"
             "(docs/cluster.md; PROBLEM --help for the options)\n";
      code = exit_code::solved;
    } else {
      code = run_args(reg, args, {out, err}, &executor);
    }
  } catch (const usage_error& e) {
    err << reg.program() << ": error: " << one_line(e.what()) << '\n';
    code = exit_code::bad_input;
  } catch (const input_interrupted& e) {  // Ctrl-C while --output waited for a FIFO's reader
    err << "stopped: " << one_line(e.what()) << '\n';
    code = exit_code::stopped;
  }
  if (rank == 0) {
    const auto failure = executor.remote_failure();
    if (failure && code != exit_code::bad_input && code != exit_code::internal) {
      std::cerr << reg.program() << ": error: " << one_line(failure->second) << '\n';
      code = failure->first;
    } else {
      std::ostream& to = file ? file->stream() : std::cout;
      to << out.str();
      to.flush();
      std::cerr << err.str();
      if (file && !to) {  // a full disk: the answer did not reach the file (as run_args says it)
        std::cerr << reg.program() << ": error: cannot write the output ("
                  << one_line(output_path.value_or(std::string()), 200) << ")\n";
        code = exit_code::bad_input;
      } else if (file && code != exit_code::bad_input && code != exit_code::internal) {
        try {
          file->commit();
        } catch (const usage_error& e) {
          std::cerr << reg.program() << ": error: " << one_line(e.what()) << '\n';
          code = exit_code::bad_input;
        }
      }
    }
    std::cout.flush();
    std::cerr.flush();
  }
  const std::optional<int> agreed = executor.finish(code, error_of(err.str()));
  if (!agreed) {
    // A rank stopped answering: MPI_Finalize would wait for it for ever.
    MPI_Abort(MPI_COMM_WORLD, code == exit_code::solved ? exit_code::bad_input : code);
    return exit_code::bad_input;
  }
  MPI_Finalize();
  return *agreed;
}

}  // namespace btsolve
