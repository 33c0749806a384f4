// SPDX-License-Identifier: MIT
// cp::describer: the --trace, --tree and --replay words for a cp::solver, in the model's own
// names: "Q3 = 5", "Q3 = 5 fails: all_different(...)", "fail: ...", "backtrack Q3 = 5",
// "solution (objective 42)". The culprit of a failure is the constraint whose propagation
// (or check) failed, printed as the constraint prints itself.
#pragma once

#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>

#include <bt/cp/propagator.hpp>
#include <bt/cp/solver.hpp>
#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt::cp {

/// Describer (bt/describer.hpp) for a cp::solver: one indented line per event.
struct describer {
  void describe(std::ostream& os, const ev::assign<solver>& e) const {
    os << indent(e) << to_string(e.value, e.state.store()) << '\n';
  }
  void describe(std::ostream& os, const ev::prune<solver>& e) const {
    os << indent(e) << sentence(e) << '\n';
  }
  void describe(std::ostream& os, const ev::backtrack<solver>& e) const {
    os << indent(e) << "backtrack " << to_string(e.value, e.state.store()) << '\n';
  }
  void describe(std::ostream& os, const ev::solution<solver>& e) const {
    os << indent(e) << "solution";
    if (e.state.optimises()) os << " (objective " << e.state.objective() << ')';
    os << '\n';
  }

  /// For --tree and --replay: "Q4 = 2" (the decision in the model's names).
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << to_string(e.value, e.state.store());
  }
  /// For --replay: the decision as (variable, value).
  template <class E>
  [[nodiscard]] std::pair<long long, long long> cell(const E& e) const {
    return {e.value.var, static_cast<long long>(e.value.val)};
  }
  /// For --replay: the failure in words, with the constraint that failed.
  [[nodiscard]] why_info why(const ev::prune<solver>& e, std::span<const bt::cell>) const {
    why_info w;
    w.text = sentence(e);
    return w;
  }

 private:
  // "Q3 = 5 fails: <constraint>" or "fail: <constraint>".
  static std::string sentence(const ev::prune<solver>& e) {
    std::ostringstream os;
    if (e.node_level) {
      os << "fail";
    } else {
      os << to_string(e.value, e.state.store()) << " fails";
    }
    if (const int c = e.state.failed_constraint(); c >= 0) {
      os << ": ";
      e.state.store().prop(c).print(os, e.state.store());
    }
    return os.str();
  }
};

}  // namespace bt::cp
