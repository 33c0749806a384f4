// SPDX-License-Identifier: MIT
// The search in words for bt::trace_visitor, in the textbook's terms: each item taken or left
// with the node's s and r after it, each child not generated with the failed bound, each
// backtrack, each solution. Items are named by their input position (x4 is the 4th weight).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/problems/subsets/instance.hpp>
#include <bt/problems/subsets/order.hpp>
#include <bt/problems/subsets/print.hpp>

namespace bt::problems::subsets {

/// Describer for any strategy's problem (it needs s(), r() and explain_prune(v)); indented by
/// depth. inst and o must outlive it.
class trace_describer {
 public:
  /// Describe a search over o, an order of inst's items.
  trace_describer(const instance& inst, const search_order& o) : inst_(&inst), o_(&o) {}

  /// "x4 = 1 (take 13): s = 28, r = 33": the item, its value and the new node's s and r.
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    path_.resize(e.depth + 1);
    path_[e.depth] = e.value;
    os << indent(e) << item(e.depth) << " = " << e.value << " ("
       << (e.value == take ? "take " : "leave ") << o_->weight[e.depth] << "): s = " << e.state.s()
       << ", r = " << e.state.r() << '\n';
  }
  /// "x4 = 1 pruned: <the failed bound>": a child not generated.
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << indent(e) << "node pruned\n";
      return;
    }
    os << indent(e) << item(e.depth) << " = " << e.value
       << " pruned: " << e.state.explain_prune(e.value) << '\n';
  }
  /// "backtrack x4 = 1": the child's subtree is exhausted.
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack " << item(e.depth) << " = " << e.value << '\n';
  }
  /// "solution: 1 1 0 1  {11,13,7}": the subset, as the runner prints it.
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    path_.resize(e.depth);
    os << indent(e) << "solution: ";
    print_selection(os, *inst_, to_selection(*o_, inst_->n(), path_));
    os << '\n';
  }

 private:
  [[nodiscard]] std::string item(std::size_t depth) const {
    return "x" + std::to_string(o_->index[depth] + 1);
  }

  const instance* inst_;
  const search_order* o_;
  std::vector<int> path_;
};

}  // namespace bt::problems::subsets
