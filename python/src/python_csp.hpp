// SPDX-License-Identifier: MIT
// A constraint network stated in Python (AIMA's shape: variables, domains, neighbours and a
// constraint callable) searched by the engine's CSP layer (bt/csp): every strategy the runner
// offers, with the runner's statistics, trace, tree, replay and limits.
#pragma once

#include <pybind11/pybind11.h>

#include <string>
#include <vector>

#include "python_call.hpp"
#include "search_run.hpp"

namespace btsolve::python {

/// How two assignments are checked: the Python callable, or a relation the engine knows and
/// evaluates without calling Python (the callable is then never called: it must be the
/// relation it declares, as btsolve.models' functions are).
enum class relation {
  python,     ///< constraint(A, a, B, b)
  not_equal,  ///< a != b (map colouring)
  queens      ///< whole-number rows and columns: no shared column or diagonal (AIMA's queens)
};

/// Most values a Python CSP may have (the engine's domain is a fixed bit set).
inline constexpr int max_values = 512;

/// The network, numbered and checked once (a CSP searched many times builds it once):
/// variable x is variables[x], value a is values[a]; a variable's domain is the values it may
/// take, tried in ascending number (the order they first appear across the domains);
/// neighbours are symmetric.
class network {
 public:
  /// Throws std::invalid_argument on a malformed network (a value or neighbour out of range,
  /// lists of different lengths, more than max_values values).
  network(std::vector<py::object> variables, std::vector<py::object> values,
          std::vector<std::string> variable_names, std::vector<std::string> value_names,
          const std::vector<std::vector<int>>& domains, std::vector<std::vector<int>> neighbours,
          std::vector<long long> variable_ints, std::vector<long long> value_ints);

  std::vector<py::object> variables;
  std::vector<py::object> values;
  std::vector<std::string> variable_names;  ///< str() of each, for traces
  std::vector<std::string> value_names;
  std::vector<std::vector<int>> neighbours;  ///< variable numbers, per variable
  std::vector<std::vector<bool>> allowed;    ///< allowed[x][a]: a is in x's domain
  std::vector<long long> variable_ints;      ///< each as a whole number (relation::queens),
  std::vector<long long> value_ints;         ///< or empty when they are not all numbers
};

/// Search net with `constraint` (or the relation `kind`, when the network fits it) and the
/// runner's words `args` (after the problem name: strategy, mode, limits, --format json, ...).
/// A relation other than python calls no Python, so the GIL is released meanwhile.
run_result search_csp(const network& net, const py::object& constraint, relation kind,
                      const std::vector<std::string>& args, bool catch_sigint);

}  // namespace btsolve::python
