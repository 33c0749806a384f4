// SPDX-License-Identifier: MIT
// The search in words for bt::trace_visitor, in the textbook's terms: each item taken or left
// with the node's weight, value and bound after it, each take that does not fit, each node
// whose bound cannot beat the best packing, each better packing. Items are named by their
// input position (item 4 is the 4th line after the first).
#pragma once

#include <cstddef>
#include <ostream>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/problems/knapsack/instance.hpp>
#include <bt/problems/knapsack/order.hpp>

namespace bt::problems::knapsack {

/// Describer for any strategy's problem (search.hpp), indented by depth. inst and o must
/// outlive it.
class trace_describer {
 public:
  /// Describe a search over o, an order of inst's items.
  trace_describer(const instance& inst, const search_order& o) : inst_(&inst), o_(&o) {}

  /// "take item 3 (w 5, v 10): weight 12, value 40, bound 55" (or "leave item 3: ...").
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    path_.resize(e.depth + 1);
    path_[e.depth] = e.value;
    os << indent(e) << (e.value == take ? "take " : "leave ") << item_name(e.depth);
    if (e.value == take) os << " (w " << o_->weight[e.depth] << ", v " << o_->value[e.depth] << ')';
    os << ": weight " << e.state.weight() << ", value " << e.state.value();
    if (!e.state.complete()) os << ", bound " << e.state.bound();
    os << '\n';
  }
  /// "item 3 (w 5) does not fit: weight 12 + 5 > capacity 15", or a pruned node:
  /// "bound 42 <= best 45: prune" ("value 40 <= best 45: not better" for a complete one).
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    os << indent(e) << sentence(e) << '\n';
  }
  /// "backtrack: take item 3": the subtree below the choice is exhausted.
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack: " << (e.value == take ? "take " : "leave ") << item_name(e.depth)
       << '\n';
  }
  /// "better packing: value 45, weight 15, items {1,3,4}".
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    path_.resize(e.depth);
    os << indent(e) << "better packing: value " << e.state.value() << ", weight "
       << e.state.weight() << ", items {";
    const selection x = to_selection(*o_, path_);
    bool first = true;
    for (std::size_t i = 0; i < x.size(); ++i) {
      if (x[i] != 1) continue;
      os << (first ? "" : ",") << i + 1;
      first = false;
    }
    os << "}\n";
  }
  /// For --tree and --replay: "x3=1" (the item by its input position, taken 1 or left 0).
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << 'x' << o_->index[e.depth] + 1 << '=' << e.value;
  }
  /// For --replay: (item's input index, taken).
  template <class E>
  [[nodiscard]] std::pair<long long, long long> cell(const E& e) const {
    return {static_cast<long long>(o_->index[e.depth]), e.value};
  }
  /// For --replay: the items by their weights against the capacity (the subsets picture).
  void picture(std::ostream& os) const {
    os << "{\"kind\":\"subsets\",\"weights\":[";
    for (std::size_t i = 0; i < inst_->n(); ++i) os << (i ? "," : "") << inst_->items()[i].weight;
    os << "],\"target\":" << inst_->capacity() << ",\"title\":\"0/1 knapsack, capacity "
       << inst_->capacity() << "\"}";
  }
  /// For --replay: the take that does not fit, or the bound that cannot beat the best, with
  /// its numbers.
  template <class P>
  why_info why(const ev::prune<P>& e, std::span<const bt::cell>) const {
    why_info w;
    w.text = sentence(e);
    const auto num = [](amount a) { return std::to_string(a); };
    if (!e.node_level) {
      w.bound_rule = "weight + w > capacity";
      w.bound_values = {{"weight", num(e.state.weight())},
                        {"w", num(o_->weight[e.depth])},
                        {"capacity", num(o_->capacity)}};
    } else if (const auto* inc = e.state.incumbent(); inc != nullptr && inc->has()) {
      const bool done = e.state.complete();
      w.bound_rule = done ? "value <= best" : "bound <= best";
      w.bound_values = {{done ? "value" : "bound", num(done ? e.state.value() : e.state.bound())},
                        {"best", num(inc->value())}};
    }
    return w;
  }

 private:
  [[nodiscard]] std::string item_name(std::size_t depth) const {
    return "item " + std::to_string(o_->index[depth] + 1);
  }
  template <class P>
  [[nodiscard]] std::string sentence(const ev::prune<P>& e) const {
    const auto num = [](amount a) { return std::to_string(a); };
    if (!e.node_level) {
      return item_name(e.depth) + " (w " + num(o_->weight[e.depth]) + ") does not fit: weight " +
             num(e.state.weight()) + " + " + num(o_->weight[e.depth]) + " > capacity " +
             num(o_->capacity);
    }
    const auto* inc = e.state.incumbent();
    const std::string best = inc != nullptr && inc->has() ? num(inc->value()) : "?";
    if (e.state.complete())
      return "value " + num(e.state.value()) + " <= best " + best + ": not better";
    return "bound " + num(e.state.bound()) + " <= best " + best + ": prune";
  }

  const instance* inst_;
  const search_order* o_;
  std::vector<int> path_;
};

}  // namespace bt::problems::knapsack
