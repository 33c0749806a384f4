// SPDX-License-Identifier: MIT
// bt::cp::model: a constraint problem stated once (docs/adding-a-problem.md, "Constraints of
// any arity"): integer and 0/1 variables, constraints of any arity, an optional objective and
// the order to branch in. A model is a description: every search builds its own space from it
// (cp::solver), so one model serves several searches, threads and work units.
//
//   bt::cp::model m;
//   auto q = m.int_vars(8, 1, 8, "Q");
//   m.all_different(q);
//   m.all_different(offset(q, +1));  ... (see constraints.hpp for every constraint)
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include <bt/cp/propagator.hpp>
#include <bt/cp/space.hpp>
#include <bt/cp/strategy.hpp>

namespace bt::cp {

/// Whether a model looks for any solution or an optimal one.
enum class sense { satisfy, minimize, maximize };

/// One phase of the branching (a FlatZinc int_search): its variables and its orders.
struct phase {
  std::vector<int> vars;  ///< the variables this phase decides, in its input order
  var_select var = var_select::input_order;
  val_select val = val_select::min;
};

/// A constraint problem: variables, constraints, objective, branching.
class model {
 public:
  /// Makes one propagator for a space built from the model.
  using factory = std::function<std::unique_ptr<propagator>(space&)>;

  /// A variable with domain lo..hi; throws std::invalid_argument for an empty or too wide one.
  int int_var(value_t lo, value_t hi, std::string name = {});
  /// A variable whose domain is the given values.
  int int_var(std::vector<value_t> values, std::string name = {});
  /// A 0/1 variable.
  int bool_var(std::string name = {}) { return int_var(0, 1, std::move(name)); }
  /// n variables lo..hi named prefix1 .. prefixN (no names when prefix is empty).
  std::vector<int> int_vars(int n, value_t lo, value_t hi, const std::string& prefix = {});
  /// A variable fixed to v (shared: the same constant is one variable).
  int constant(value_t v);
  /// Narrow x's initial domain to lo..hi (an empty domain makes the model infeasible: its
  /// root fails).
  void narrow(int x, value_t lo, value_t hi);
  /// Remove v from x's initial domain.
  void exclude(int x, value_t v);
  /// x's values number the objects `names` lists: traces and domains print the names.
  void set_value_names(int x, std::shared_ptr<const std::vector<std::string>> names) {
    vars_.at(static_cast<std::size_t>(x)).value_names = std::move(names);
  }

  /// Add a constraint: f makes its propagator in each space.
  void add(factory f) { constraints_.push_back(std::move(f)); }
  /// Add an exactly-one constraint over 0/1 variables (an exact cover's column): the space
  /// gets one propagator for all of them (constraints.hpp, exactly_one).
  void add_column(std::vector<int> vars) { columns_.push_back(std::move(vars)); }
  [[nodiscard]] const std::vector<std::vector<int>>& columns() const { return columns_; }

  /// Look for the smallest (largest) value of variable `objective`.
  void minimize(int objective) { objective_ = objective, sense_ = sense::minimize; }
  void maximize(int objective) { objective_ = objective, sense_ = sense::maximize; }
  [[nodiscard]] cp::sense goal() const { return sense_; }
  [[nodiscard]] int objective() const { return objective_; }

  /// Branch on these phases first (FlatZinc's search annotations), then on every variable
  /// not fixed yet, in order. Without phases the strategy's orders apply to every variable.
  void add_phase(phase p) { phases_.push_back(std::move(p)); }
  [[nodiscard]] const std::vector<phase>& phases() const { return phases_; }
  /// The variables a solution reports and the search must fix (default: every variable).
  void set_decisions(std::vector<int> vars) { decisions_ = std::move(vars); }
  [[nodiscard]] const std::vector<int>& decisions() const { return decisions_; }

  /// The variables made by constant() (never branched on).
  [[nodiscard]] std::vector<int> constants() const {
    std::vector<int> out;
    for (const auto& c : constants_) out.push_back(c.second);
    return out;
  }
  [[nodiscard]] int var_count() const { return static_cast<int>(vars_.size()); }
  [[nodiscard]] int constraint_count() const { return static_cast<int>(constraints_.size()); }
  [[nodiscard]] const std::string& name(int x) const {
    return vars_[static_cast<std::size_t>(x)].name;
  }
  /// The initial domain's bounds and size of x.
  [[nodiscard]] value_t lower(int x) const { return vars_[static_cast<std::size_t>(x)].lo; }
  [[nodiscard]] value_t upper(int x) const { return vars_[static_cast<std::size_t>(x)].hi; }
  [[nodiscard]] std::uint64_t domain_size(int x) const;

  /// A new space with the variables and the constraints (not yet propagated).
  [[nodiscard]] std::unique_ptr<space> build() const;

 private:
  struct var_spec {
    value_t lo = 0;
    value_t hi = 0;
    std::vector<value_t> values;  // when not the whole range
    std::string name;
    value_t min = 0;  // narrowed bounds
    value_t max = 0;
    std::vector<value_t> excluded;
    std::shared_ptr<const std::vector<std::string>> value_names;
  };
  std::vector<var_spec> vars_;
  std::vector<factory> constraints_;
  std::vector<std::vector<int>> columns_;
  std::vector<std::pair<value_t, int>> constants_;
  std::vector<phase> phases_;
  std::vector<int> decisions_;
  int objective_ = -1;
  cp::sense sense_ = sense::satisfy;
};

}  // namespace bt::cp
