// SPDX-License-Identifier: MIT
// A FlatZinc model (ast.hpp) onto the constraint layer (bt/cp): every variable a cp variable
// (bools are 0/1, constants the model's shared constants, an alias the variable it names),
// every builtin and every global of the solver library (share/minizinc/btsolve) a cp
// constraint, the output items and the search annotations kept for the run (solve.hpp).
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <bt/cp/model.hpp>
#include <bt/flatzinc/ast.hpp>

namespace bt::flatzinc {

/// What a solution prints for one output item: `name = 3;`, `name = true;` or
/// `name = array2d(1..2, 1..3, [...]);`, in the order the model declares them.
struct output_item {
  std::string name;
  bool boolean = false;  ///< printed as true / false
  bool array = false;    ///< printed as arrayNd(...)
  /// An array's index sets, from output_array([1..2, 1..3]).
  std::vector<std::pair<std::int64_t, std::int64_t>> dims;
  /// The cp variables printed (a fixed element is a model constant).
  std::vector<int> vars;
};

/// One int_search / bool_search of the solve item, in the order given (seq_search flattened).
struct search_phase {
  std::vector<int> vars;  ///< cp variables (constants are skipped by the solver)
  cp::var_select var = cp::var_select::input_order;
  cp::val_select val = cp::val_select::min;
};

/// A FlatZinc model translated: the cp model, what to print, what to optimise, how to search.
struct instance {
  /// Variables and constraints; no phases (solve.hpp adds the annotations' unless the run
  /// searches freely). Its decisions are the variables the model did not introduce.
  std::shared_ptr<cp::model> model;
  std::vector<output_item> outputs;
  flatzinc::goal goal = goal::satisfy;
  int objective = -1;  ///< the cp variable minimised or maximised
  std::vector<search_phase> phases;
  /// The first search annotation this solver cannot follow ("FILE:LINE:COL: ..."): an error
  /// unless the run ignores the annotations (free search).
  std::optional<std::string> search_problem;
  /// Annotations accepted and ignored, said once each on request (restarts, warm starts).
  std::vector<std::string> ignored;
  std::size_t fzn_variables = 0;    ///< variables declared (array elements counted)
  std::size_t fzn_constraints = 0;  ///< constraint items
};

/// Translate m. Throws error (one line, with the place) for what this solver refuses: the
/// first float or set variable ("set variables are not supported: s"), an unknown constraint
/// or annotation (named), an argument of the wrong type or an undeclared name.
instance translate(const model& m);

/// Fix the output items of `inst` to the values of a solution printed as FlatZinc prints it
/// (`x = 3;`, `a = array1d(1..2, [1, 2]);` lines, the first solution of `text`): a search of
/// the result checks that solution and completes the variables not printed. Throws error for
/// a name that is no output item or a malformed line ("SOURCE:LINE: ...").
void fix_outputs(instance& inst, const std::string& text, const std::string& source);

}  // namespace bt::flatzinc
