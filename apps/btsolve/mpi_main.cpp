// SPDX-License-Identifier: MIT
// btsolve-mpi: `mpirun -np P btsolve-mpi nqueens -n N --count [...]` counts the work units of
// one N-Queens count on every rank (mpi_executor.hpp). Every rank parses the same command
// line; rank 0 alone prints, and every rank exits with rank 0's code.
#include <mpi.h>

#include <boost/program_options.hpp>
#include <csignal>
#include <exception>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include <bt/limits.hpp>

#include "common_options.hpp"
#include "mpi_executor.hpp"
#include "plugin.hpp"
#include "plugin_nqueens.hpp"
#include "registry.hpp"

namespace {

namespace po = boost::program_options;
using btsolve::exit_code;

extern "C" void on_interrupt(int) {
  bt::interrupt_flag().store(true, std::memory_order_relaxed);
}

int run(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
  btsolve::registry reg;
  btsolve::register_nqueens(reg);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    out << "Usage: mpirun -np P btsolve-mpi nqueens -n N --count [--unique] [--threads T] "
           "[--checkpoint FILE] [--split DEPTH]\n(docs/cluster.md; btsolve nqueens --help for "
           "the options)\n";
    return exit_code::solved;
  }
  auto plugin = reg.create(args[0]);
  if (!plugin) {
    throw btsolve::usage_error("btsolve-mpi counts N-Queens solutions only: btsolve-mpi nqueens -n N --count");
  }
  po::options_description all;
  const po::variables_map vm = btsolve::parse_plugin_options(
      *plugin, std::vector<std::string>(args.begin() + 1, args.end()), all);
  if (vm.count("help")) {
    out << "Usage: mpirun -np P btsolve-mpi nqueens [OPTIONS]\n\n" << all;
    return exit_code::solved;
  }
  const btsolve::run_options common = btsolve::read_common_options(vm);
  if (common.what != btsolve::mode::count) {
    throw btsolve::usage_error("btsolve-mpi only counts: add --count");
  }
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return plugin->run(vm, common, out, err);
}

}  // namespace

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
  std::ostringstream muted;  // what the other ranks would print
  std::ostream& out = rank == 0 ? std::cout : muted;
  std::ostream& err = rank == 0 ? std::cerr : muted;
  int code = exit_code::bad_input;
  const auto fail = [&](const std::string& line, int c) {
    err << line << '\n';
    err.flush();
    if (executor.running()) MPI_Abort(MPI_COMM_WORLD, c);  // the other ranks wait on this one
    code = c;
  };
  try {
    code = run(std::vector<std::string>(argv + 1, argv + argc), out, err);
    out.flush();
  } catch (const po::error& e) {
    fail(std::string("btsolve-mpi: error: ") + e.what(), exit_code::bad_input);
  } catch (const btsolve::usage_error& e) {
    fail(std::string("btsolve-mpi: error: ") + e.what(), exit_code::bad_input);
  } catch (const std::exception& e) {
    fail(std::string("btsolve-mpi: internal error: ") + e.what(), 70);
  }
  MPI_Bcast(&code, 1, MPI_INT, 0, MPI_COMM_WORLD);
  MPI_Finalize();
  return code;
}
