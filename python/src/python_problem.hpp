// SPDX-License-Identifier: MIT
// A problem written in Python against the engine's concept (bt/concepts.hpp, trail
// discipline): an object with complete(), candidates(), assign(v), unassign(v) and, when it
// has them, consistent(v) and promising(). The engine searches it with the runner's
// statistics, trace, tree, replay and limits; values are any Python objects.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "python_call.hpp"
#include "search_run.hpp"

namespace btsolve::python {

/// Search the object p with the runner's words `args` (mode, limits, --format json, ...).
/// Throws std::invalid_argument when p lacks one of the four required methods. `reported`
/// receives each reported solution as the Python object itself (the JSON document converts
/// what JSON cannot hold).
run_result search_problem(const py::object& p, const std::vector<std::string>& args,
                          bool catch_sigint, py::list* reported = nullptr);

}  // namespace btsolve::python
