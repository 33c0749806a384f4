// SPDX-License-Identifier: MIT
// The runner's command line as a library function, so an outside project builds its own
// runner: a registry with the built-in problems and commands and its own, then run_cli.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

#include <btsolve/registry.hpp>

namespace btsolve {

/// The whole command line over reg: `list`, `--version`, a command (compare, merge) or a
/// problem with its options; the SIGINT / SIGTERM / SIGHUP handler; errors as one line and
/// the exit codes of docs/cli.md (2 for bad usage or input, 70 for an internal error). The
/// runner is named after argv[0] in its messages unless reg was given a name.
int run_cli(registry& reg, int argc, char** argv);

/// The same over args (the words after the program's name), printing to io: the library
/// form, for tests, fuzzing and btsolve-mpi. No signal handler is installed.
/// executor: where work units are counted (btsolve-mpi's ranks); none: this process's threads.
int run_args(const registry& reg, const std::vector<std::string>& args, run_io io,
             unit_executor* executor = nullptr);

/// Stop searches on SIGINT, SIGTERM and SIGHUP (bt::interrupt_all): what was found is still
/// printed, and the run ends with exit code 3.
void install_interrupt_handler();

}  // namespace btsolve
