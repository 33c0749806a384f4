// SPDX-License-Identifier: MIT
// fzn-btsolve: MiniZinc's solver interface to btsolve (docs/minizinc.md): a FlatZinc file and
// the standard flags in, solutions and status lines out. Ctrl-C and SIGTERM (MiniZinc's stop)
// end the search at its next poll, printing what was found.
#include <csignal>
#include <iostream>
#include <string>
#include <vector>

#include <bt/flatzinc/solve.hpp>
#include <bt/limits.hpp>

namespace {

extern "C" void on_interrupt(int /*signal*/) { bt::interrupt_all(); }

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  const std::vector<std::string> args(argv + 1, argv + argc);
  return bt::flatzinc::run_cli(args, std::cout, std::cerr);
}
