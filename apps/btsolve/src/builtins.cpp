// SPDX-License-Identifier: MIT
// The built-in problems, registered in the order of their list (cmake/problems.cmake, from which
// CMake writes builtin_problems.hpp), and the built-in commands.
#include <btsolve/registry.hpp>

#include "commands/compare.hpp"
#include "commands/merge.hpp"
#include "plugins/plugins.hpp"

namespace btsolve {

void register_builtin_plugins(registry& r) {
  for (const auto register_problem : builtin_problems) register_problem(r);
}

const registry& builtin_registry() {
  static const registry reg = [] {
    registry r("btsolve");
    register_builtin_plugins(r);
    register_builtin_commands(r);
    return r;
  }();
  return reg;
}

void register_builtin_commands(registry& r) {
  r.add_command("compare", "every strategy on every size or input, tabulated (docs/compare.md)",
                [] { return std::make_unique<compare_command>(); });
  r.add_command("merge", "add up the results of --unit runs (docs/cluster.md)",
                [] { return std::make_unique<merge_command>(); });
}

}  // namespace btsolve
