// SPDX-License-Identifier: MIT
// mysolve: btsolve's runner with the built-in problems and commands, and langford beside them.
#include <btsolve/cli.hpp>
#include <btsolve/registry.hpp>

#include "plugin_langford.hpp"

int main(int argc, char** argv) {
  btsolve::registry reg;
  btsolve::register_builtin_plugins(reg);
  btsolve::register_builtin_commands(reg);
  langford::register_plugin(reg);
  return btsolve::run_cli(reg, argc, argv);
}
