// SPDX-License-Identifier: MIT
// The runner's command line as a library function, so an outside project can build its own
// runner: a registry with the built-in problems and its own, then run_cli.
#pragma once

#include "registry.hpp"

namespace btsolve {

/// The whole `btsolve` command line over the problems of reg: dispatch argv[1] to a plugin,
/// compose the common options with its own, install the SIGINT/SIGTERM handler, map errors to
/// the exit codes of docs/cli.md (2 for bad usage or input, 70 for an internal error).
int run_cli(const registry& reg, int argc, char** argv);

}  // namespace btsolve
