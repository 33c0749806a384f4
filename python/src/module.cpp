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

#include <bt/cp/constraints.hpp>

#include "python_csp.hpp"
#include "python_model.hpp"
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
  d["halted"] = r.halted;
  return d;
}

namespace cp = bt::cp;
using btsolve::python::python_model;
using cp::value_t;

cp::relation relation_of(const std::string& r) {
  if (r == "==") return cp::relation::eq;
  if (r == "!=") return cp::relation::ne;
  if (r == "<=") return cp::relation::le;
  if (r == "<") return cp::relation::lt;
  if (r == ">=") return cp::relation::ge;
  if (r == ">") return cp::relation::gt;
  throw std::invalid_argument("unknown relation " + r);
}

cp::reif reif_of(const std::string& how) {
  if (how == "<->") return cp::reif::equiv;
  if (how == "->") return cp::reif::imp;
  if (how == "<-") return cp::reif::pmi;
  throw std::invalid_argument("unknown reification " + how);
}

cp::consistency consistency_of(const std::string& c) {
  if (c == "auto") return cp::consistency::automatic;
  if (c == "value") return cp::consistency::value;
  if (c == "bounds") return cp::consistency::bounds;
  if (c == "domain") return cp::consistency::domain;
  throw std::invalid_argument("consistency must be auto, value, bounds or domain, not " + c);
}

cp::var_select var_select_of(const std::string& w) {
  if (const auto v = bt::parse_name(cp::var_select_names, w)) return *v;
  throw std::invalid_argument("unknown variable order " + w);
}

cp::val_select val_select_of(const std::string& w) {
  if (const auto v = bt::parse_name(cp::val_select_names, w)) return *v;
  throw std::invalid_argument("unknown value order " + w);
}

/// The primitives of the constraint layer on a model the package builds (python/btsolve/
/// model.py flattens expressions into them). Variables are the numbers add_variable returned.
void bind_model(py::module_& m) {
  py::class_<python_model, std::shared_ptr<python_model>>(
      m, "cp_model", "A constraint model under construction (btsolve.Model builds it).")
      .def(py::init<>())
      .def("int_var", [](python_model& pm, value_t lo, value_t hi, const std::string& name,
                         bool labelled) { return pm.add_variable(lo, hi, name, labelled); })
      .def("int_var_values",
           [](python_model& pm, std::vector<value_t> values, const std::string& name,
              bool labelled) { return pm.add_variable(std::move(values), name, labelled); })
      .def("label", [](python_model& pm, const py::object& o) { return pm.label(o); })
      .def("constant",
           [](python_model& pm, value_t v) {
             const int before = pm.model->var_count();
             const int x = pm.model->constant(v);
             if (pm.model->var_count() > before) pm.labelled.push_back(0);
             return x;
           })
      .def("var_count", [](const python_model& pm) { return pm.model->var_count(); })
      .def("constraint_count", [](const python_model& pm) { return pm.model->constraint_count(); })
      .def("bounds", [](const python_model& pm,
                        int x) { return std::pair(pm.model->lower(x), pm.model->upper(x)); })
      .def("restrict", [](python_model& pm, int x, const std::string& r,
                          value_t c) { cp::restrict(*pm.model, x, relation_of(r), c); })
      .def("exclude", [](python_model& pm, int x, value_t v) { pm.model->exclude(x, v); })
      .def("rel", [](python_model& pm, int x, const std::string& r, int y,
                     value_t c) { cp::rel(*pm.model, x, relation_of(r), y, c); })
      .def("linear",
           [](python_model& pm, std::vector<value_t> a, std::vector<int> x, const std::string& r,
              value_t c) { cp::linear(*pm.model, std::move(a), std::move(x), relation_of(r), c); })
      .def("linear_reif",
           [](python_model& pm, std::vector<value_t> a, std::vector<int> x, const std::string& r,
              value_t c, int b, const std::string& how) {
             cp::linear_reif(*pm.model, std::move(a), std::move(x), relation_of(r), c, b,
                             reif_of(how));
           })
      .def("times", [](python_model& pm, int x, int y, int z) { cp::times(*pm.model, x, y, z); })
      .def("div", [](python_model& pm, int x, int y, int z) { cp::div(*pm.model, x, y, z); })
      .def("mod", [](python_model& pm, int x, int y, int z) { cp::mod(*pm.model, x, y, z); })
      .def("power", [](python_model& pm, int x, int y, int z) { cp::power(*pm.model, x, y, z); })
      .def("abs", [](python_model& pm, int x, int z) { cp::abs(*pm.model, x, z); })
      .def("minimum", [](python_model& pm, std::vector<int> x,
                         int z) { cp::minimum(*pm.model, std::move(x), z); })
      .def("maximum", [](python_model& pm, std::vector<int> x,
                         int z) { cp::maximum(*pm.model, std::move(x), z); })
      .def("all_different",
           [](python_model& pm, std::vector<int> x, std::vector<value_t> offsets,
              const std::string& c) {
             cp::all_different(*pm.model, std::move(x), std::move(offsets), consistency_of(c));
           })
      .def("clause",
           [](python_model& pm, std::vector<int> pos, std::vector<int> neg) {
             cp::clause(*pm.model, std::move(pos), std::move(neg));
           })
      .def("and_reif", [](python_model& pm, std::vector<int> x,
                          int b) { cp::and_reif(*pm.model, std::move(x), b); })
      .def("or_reif", [](python_model& pm, std::vector<int> x,
                         int b) { cp::or_reif(*pm.model, std::move(x), b); })
      .def("xor_reif",
           [](python_model& pm, int a, int b, int c) { cp::xor_reif(*pm.model, a, b, c); })
      .def("exactly_one",
           [](python_model& pm, std::vector<int> x) { cp::exactly_one(*pm.model, std::move(x)); })
      .def("element_values",
           [](python_model& pm, int index, std::vector<value_t> array, int result, value_t offset) {
             cp::element(*pm.model, index, std::move(array), result, offset);
           })
      .def("element_vars",
           [](python_model& pm, int index, std::vector<int> array, int result, value_t offset) {
             cp::element(*pm.model, index, std::move(array), result, offset);
           })
      .def("table",
           [](python_model& pm, std::vector<int> x, std::vector<value_t> tuples, bool positive) {
             cp::table(*pm.model, std::move(x), std::move(tuples), positive);
           })
      .def("circuit",
           [](python_model& pm, std::vector<int> succ, value_t offset, const std::string& c) {
             cp::circuit(*pm.model, std::move(succ), offset, consistency_of(c));
           })
      .def("count", [](python_model& pm, std::vector<int> x, int y,
                       int c) { cp::count(*pm.model, std::move(x), y, c); })
      .def("lex_lesseq",
           [](python_model& pm, std::vector<int> x, std::vector<int> y, bool strict) {
             cp::lex_lesseq(*pm.model, std::move(x), std::move(y), strict);
           })
      .def("in_set", [](python_model& pm, int x,
                        cp::ranges set) { cp::in_set(*pm.model, x, std::move(set)); })
      .def("in_set_reif", [](python_model& pm, int x, cp::ranges set,
                             int b) { cp::in_set_reif(*pm.model, x, std::move(set), b); })
      .def("predicate", &python_model::add_predicate)
      .def("minimize", [](python_model& pm, int x) { pm.model->minimize(x); })
      .def("maximize", [](python_model& pm, int x) { pm.model->maximize(x); })
      .def("add_phase",
           [](python_model& pm, std::vector<int> vars, const std::string& var,
              const std::string& val) {
             pm.model->add_phase({std::move(vars), var_select_of(var), val_select_of(val)});
           })
      .def("set_decisions", [](python_model& pm,
                               std::vector<int> vars) { pm.model->set_decisions(std::move(vars)); })
      .def_readonly("predicates", &python_model::predicates);
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

  bind_model(m);

  m.def(
      "search_model",
      [](python_model& model, const std::vector<std::string>& args, bool catch_sigint) {
        return as_dict(btsolve::python::search_model(model, args, catch_sigint));
      },
      py::arg("model"), py::arg("args"), py::arg("catch_sigint"),
      "Search a cp_model with the runner's words args (--search SPEC, mode, limits, ...).");

  m.def("search_model_direct", &btsolve::python::search_model_direct, py::arg("model"),
        py::arg("spec"), py::arg("mode"), py::arg("catch_sigint"),
        "Search a cp_model without the runner (mode first, all or count; no limits, watchers "
        "or objective): {document, calls, interrupted, halted}.");

  m.def(
      "search_problem",
      [](const py::object& problem, const std::vector<std::string>& args, bool catch_sigint) {
        py::list reported;
        py::dict d =
            as_dict(btsolve::python::search_problem(problem, args, catch_sigint, &reported));
        d["reported"] = reported;
        return d;
      },
      py::arg("problem"), py::arg("args"), py::arg("catch_sigint"),
      "Search an object with complete/candidates/assign/unassign with the runner's words args.");
}
