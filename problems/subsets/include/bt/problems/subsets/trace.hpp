// SPDX-License-Identifier: MIT
// The search in words for bt::trace_visitor, in the textbook's terms: each item taken or left
// with the node's s and r after it, each child not generated with the failed bound, each
// backtrack, each solution. Items are named by their input position (x4 is the 4th weight).
#pragma once

#include <algorithm>
#include <cstddef>
#include <iterator>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>
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
  /// For --tree and --replay: "x4=1" (the item by its input position, taken 1 or left 0).
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << item(e.depth) << '=' << e.value;
  }
  /// For --replay: (item's input index, taken).
  template <class E>
  [[nodiscard]] std::pair<long long, long long> cell(const E& e) const {
    return {static_cast<long long>(o_->index[e.depth]), e.value};
  }
  /// For --replay: the items by their weights and the target.
  void picture(std::ostream& os) const {
    os << "{\"kind\":\"subsets\",\"weights\":[";
    for (std::size_t i = 0; i < inst_->n(); ++i) os << (i ? "," : "") << inst_->weights()[i];
    os << "],\"target\":" << inst_->target()
       << ",\"title\":\"sum of subsets, m = " << inst_->target() << "\"}";
  }
  /// For --replay: the bound that failed, with its numbers ("s + w = 35 > m = 30" gives the
  /// rule "s + w > m" and s + w = 35, m = 30).
  template <class P>
  why_info why(const ev::prune<P>& e, std::span<const bt::cell>) const {
    why_info w;
    if (e.node_level) {
      w.text = "node pruned";
      return w;
    }
    const std::string bound = e.state.explain_prune(e.value);
    w.text = item(e.depth) + "=" + std::to_string(e.value) + " pruned: " + bound;
    parse_bound(bound, w);
    return w;
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
  // "LHS = N OP m = M[ ...]" -> rule "LHS OP m", values LHS: N, m: M; other texts give none.
  static void parse_bound(const std::string& text, why_info& w) {
    std::istringstream in(text);
    std::vector<std::string> words;
    for (std::string t; in >> t;) words.push_back(t);
    const auto eq = std::find(words.begin(), words.end(), "=");
    if (eq == words.end() || eq == words.begin() || std::distance(eq, words.end()) < 6) return;
    const auto n = eq + 1;
    const auto op = eq + 2;
    if ((*op != ">" && *op != "<") || *(eq + 4) != "=") return;
    std::string lhs;
    for (auto it = words.begin(); it != eq; ++it) lhs += (lhs.empty() ? "" : " ") + *it;
    w.bound_rule = lhs + " " + *op + " " + *(eq + 3);
    w.bound_values = {{lhs, *n}, {*(eq + 3), *(eq + 5)}};
  }

  const instance* inst_;
  const search_order* o_;
  std::vector<int> path_;
};

}  // namespace bt::problems::subsets
