// SPDX-License-Identifier: MIT
// A constraint model stated in Python (btsolve.Model, python/btsolve/model.py): the package
// flattens its expressions into the constraint layer's primitives (bt/cp/constraints.hpp),
// posted here into one bt::cp::model, and searches it with the runner's words: every
// strategy of the layer, branch and bound, statistics, trace, tree, replay and limits.
#pragma once

#include <pybind11/pybind11.h>

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <bt/cp/model.hpp>

#include "python_call.hpp"
#include "search_run.hpp"

namespace btsolve::python {

/// The model as the package builds it. Values of object-valued variables (Model.var(["red",
/// ...])) are numbered in `labels`, so constraints and the engine see whole numbers and a
/// predicate sees the objects given.
struct python_model {
  std::shared_ptr<bt::cp::model> model = std::make_shared<bt::cp::model>();
  std::vector<py::object> labels;  ///< value number -> the object (labelled variables)
  /// value number -> str(object), for traces, trees and domains (shared with the model)
  std::shared_ptr<std::vector<std::string>> label_names =
      std::make_shared<std::vector<std::string>>();
  std::vector<unsigned char> labelled;  ///< per variable: its values are label numbers
  int predicates = 0;                   ///< Python predicates (the search keeps the GIL)
  std::shared_ptr<callback_guard*> guard = std::make_shared<callback_guard*>(nullptr);

  /// A variable lo..hi, or of the given values; labelled: the values are label numbers.
  int add_variable(bt::cp::value_t lo, bt::cp::value_t hi, const std::string& name,
                   bool is_labelled);
  int add_variable(std::vector<bt::cp::value_t> values, const std::string& name, bool is_labelled);
  /// Number the object o (a labelled variable's value); returns its number.
  bt::cp::value_t label(const py::object& o);
  /// A Python predicate over scope: test(*values) is true when the values agree (labelled
  /// variables' values passed as their objects). Checked when the scope is fixed; under mac
  /// filtered by support search while the scope has at most support_limit assignments.
  /// pure: test gives the same answer for the same values, so the support search may keep
  /// the allowed tuples it found and answer from them (bt::cp::predicate's pure).
  void add_predicate(std::vector<int> scope, py::object test, std::string name,
                     std::uint64_t support_limit, bool pure);
};

/// Search m with the runner's words args (after the problem name: --strategy, the mode,
/// limits, --var-order/--val-order/--branching, --format json). Without Python predicates the
/// GIL is released for the search.
run_result search_model(python_model& m, const std::vector<std::string>& args, bool catch_sigint);

/// The lean search: m searched with the layer's spec in mode "first", "all" or "count", no
/// limits, watchers or more words, and no objective. Returns the document the runner's
/// --format json gives for the same words (the same keys, values and order; its seconds
/// unrounded) as a dict, with "calls", "interrupted" and "halted" beside it:
/// {"document": ..., "calls": n, "interrupted": b, "halted": b}, or {"usage": message} for
/// what the runner refuses as bad usage (an unknown switch, a model the layer refuses). No words
/// are parsed, no session made, no JSON written and read back: a small search's time was half of
/// that.
py::dict search_model_direct(python_model& m, const std::string& spec, const std::string& mode,
                             bool catch_sigint);

}  // namespace btsolve::python
