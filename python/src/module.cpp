// SPDX-License-Identifier: MIT
// _btsolve: the compiled half of the Python package (python/btsolve wraps it). Three entry
// points, each a whole run of the runner printing --format json: run() for the built-in
// problems and commands, search_csp() for a network stated in Python, search_problem() for an
// object with the engine's methods.
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <btsolve/cli.hpp>
#include <btsolve/registry.hpp>

#include "python_csp.hpp"
#include "python_problem.hpp"
#include "search_run.hpp"

namespace py = pybind11;
using btsolve::python::run_result;

namespace {

py::dict as_dict(const run_result& r) {
  py::dict d;
  d["code"] = r.code;
  d["out"] = py::bytes(r.out).attr("decode")("utf-8", "replace");
  d["err"] = py::bytes(r.err).attr("decode")("utf-8", "replace");
  d["calls"] = r.calls;
  d["interrupted"] = r.interrupted;
  return d;
}

}  // namespace

PYBIND11_MODULE(_btsolve, m) {
  m.doc() = "btsolve's engine and runner (use the btsolve package, not this module)";
  m.attr("version") = BT_VERSION;
  m.attr("max_values") = btsolve::python::max_values;

  m.def(
      "run",
      [](const std::vector<std::string>& args, bool catch_sigint) {
        return as_dict(
            btsolve::python::run_runner(btsolve::builtin_registry(), args, catch_sigint, true));
      },
      py::arg("args"), py::arg("catch_sigint"),
      "Run the command line args (the words after `btsolve`); returns code, out, err.");

  py::class_<btsolve::python::network, std::shared_ptr<btsolve::python::network>>(
      m, "network", "A CSP numbered and checked once, for any number of searches.")
      .def(
          py::init<std::vector<py::object>, std::vector<py::object>, std::vector<std::string>,
                   std::vector<std::string>, const std::vector<std::vector<int>>&,
                   std::vector<std::vector<int>>, std::vector<long long>, std::vector<long long>>(),
          py::arg("variables"), py::arg("values"), py::arg("variable_names"),
          py::arg("value_names"), py::arg("domains"), py::arg("neighbours"),
          py::arg("variable_ints"), py::arg("value_ints"));

  m.def(
      "search_csp",
      [](const btsolve::python::network& net, const py::object& constraint,
         const std::string& known, const std::vector<std::string>& args, bool catch_sigint) {
        using btsolve::python::relation;
        relation kind = relation::python;
        if (known == "!=") {
          kind = relation::not_equal;
        } else if (known == "queens") {
          kind = relation::queens;
        } else if (!known.empty()) {
          throw std::invalid_argument("unknown relation " + known);
        }
        return as_dict(btsolve::python::search_csp(net, constraint, kind, args, catch_sigint));
      },
      py::arg("network"), py::arg("constraint"), py::arg("relation"), py::arg("args"),
      py::arg("catch_sigint"),
      "Search a network with a constraint (or a relation the engine knows) and the runner's "
      "words args.");

  m.def(
      "search_problem",
      [](const py::object& problem, const std::vector<std::string>& args, bool catch_sigint) {
        return as_dict(btsolve::python::search_problem(problem, args, catch_sigint));
      },
      py::arg("problem"), py::arg("args"), py::arg("catch_sigint"),
      "Search an object with complete/candidates/assign/unassign with the runner's words args.");
}
