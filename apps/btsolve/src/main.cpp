// SPDX-License-Identifier: MIT
// btsolve: one runner for every built-in problem. The command line itself is run_cli (cli.hpp),
// so an outside runner is these few lines with its own problems registered beside these.
#include <btsolve/cli.hpp>
#include <btsolve/registry.hpp>

int main(int argc, char** argv) {
  btsolve::registry reg;
  btsolve::register_builtin_plugins(reg);
  btsolve::register_builtin_commands(reg);
  return btsolve::run_cli(reg, argc, argv);
}
