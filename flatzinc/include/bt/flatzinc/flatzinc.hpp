// SPDX-License-Identifier: MIT
// bt::flatzinc: btsolve as a FlatZinc solver (docs/minizinc.md). parse() reads a model,
// translate() puts it on the constraint layer, solve() searches it and prints as MiniZinc
// expects; run_cli() is fzn-btsolve's whole command.
#pragma once

#include <bt/flatzinc/ast.hpp>
#include <bt/flatzinc/parser.hpp>
#include <bt/flatzinc/solve.hpp>
#include <bt/flatzinc/translate.hpp>
