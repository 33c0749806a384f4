// SPDX-License-Identifier: MIT
// The search in words for bt::trace_visitor: each city added with the path's length and the
// node's bound, each city without a road from the path's end, each node whose bound cannot
// beat the best tour, each shorter tour. Cities are 1-based; x3 is the third city of the tour
// (x1 is city 1).
#pragma once

#include <cstddef>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>

#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/tour.hpp>

namespace bt::problems::tsp {

/// Describer for any strategy's problem (search.hpp), indented by depth.
struct tour_describer {
  /// The instance, for picture(); may be null (no picture).
  const instance* graph = nullptr;

  /// "city 5 (+12 from 3): length 40, bound 55" (a complete path: "tour length 47").
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    const auto path = e.state.path();
    const city from = path[path.size() - 2];
    os << indent(e) << "city " << e.value + 1 << " (+" << e.state.graph().d(from, e.value)
       << " from " << from + 1 << "): ";
    if (e.state.complete()) {
      os << "tour length " << e.state.objective() << '\n';
    } else {
      os << "length " << e.state.path_length() << ", bound " << bound_text(e.state) << '\n';
    }
  }
  /// "reject city 5: no road 3-5", or a pruned node: "bound 60 >= best 58: prune".
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    os << indent(e) << sentence(e) << '\n';
  }
  /// "backtrack: city 5": the subtree below it is exhausted.
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack: city " << e.value + 1 << '\n';
  }
  /// "shorter tour, length 58: 1 3 5 2 4 1".
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "shorter tour, length " << e.state.objective() << ':';
    for (const city c : e.state.path()) os << ' ' << c + 1;
    os << " 1\n";
  }
  /// For --tree and --replay: "x3=5", the tour's third city is city 5.
  template <class E>
  void label(std::ostream& os, const E& e) const {
    os << 'x' << e.depth + 2 << '=' << e.value + 1;
  }
  /// For --replay: (position, city), 0-based; position 0 is city 1.
  template <class E>
  [[nodiscard]] std::pair<long long, long long> cell(const E& e) const {
    return {static_cast<long long>(e.depth) + 1, e.value};
  }
  /// For --replay: the graph, its path drawn from city 1 (no edges listed past 5,000).
  void picture(std::ostream& os) const {
    if (graph == nullptr) {
      os << "{}";
      return;
    }
    const std::size_t n = graph->n();
    os << "{\"kind\":\"graph\",\"mode\":\"path\",\"n\":" << n << ",\"start\":0,\"edges\":[";
    std::size_t listed = 0;
    for (std::size_t u = 0; u < n && listed < 5000; ++u) {
      for (std::size_t v = u + 1; v < n && listed < 5000; ++v) {
        if (!graph->edge(u, v)) continue;
        os << (listed++ == 0 ? "" : ",") << '[' << u << ',' << v << ']';
      }
    }
    os << "],\"title\":\"travelling salesman" << (graph->name().empty() ? "" : ", ")
       << json_safe(graph->name()) << "\"}";
  }
  /// For --replay: the missing road, or the bound that cannot beat the best, with its numbers.
  template <class P>
  why_info why(const ev::prune<P>& e, std::span<const bt::cell>) const {
    why_info w;
    w.text = sentence(e);
    const auto num = [](length x) { return std::to_string(x); };
    if (!e.node_level) {
      const city from = e.state.last();
      w.edge = e.state.graph().edge(from, e.value) ? bt::cell{e.value, 0} : bt::cell{from, e.value};
      return w;
    }
    const auto* inc = e.state.incumbent();
    if (inc == nullptr || !inc->has() || !promising(e.state)) return w;
    const bool done = e.state.complete();
    w.bound_rule = done ? "length >= best" : "bound >= best";
    w.bound_values = {
        {done ? "length" : "bound", num(done ? e.state.objective() : e.state.bound())},
        {"best", num(inc->value())}};
    return w;
  }

 private:
  template <class P>
  static bool promising(const P& p) {
    if constexpr (requires { p.promising(); }) {
      return p.promising();
    } else {
      return true;
    }
  }
  template <class P>
  static std::string bound_text(const P& p) {
    return promising(p) ? std::to_string(p.bound()) : std::string("none (no tour)");
  }
  template <class P>
  static std::string sentence(const ev::prune<P>& e) {
    const auto num = [](std::size_t x) { return std::to_string(x); };
    if (!e.node_level) {
      const city from = e.state.last();
      const std::size_t v = std::size_t{e.value} + 1;
      if (!e.state.graph().edge(from, e.value)) {
        return "reject city " + num(v) + ": no road " + num(from + std::size_t{1}) + "-" + num(v);
      }
      return "reject city " + num(v) + ": the last city, no road " + num(v) + "-1 back";
    }
    if (!promising(e.state)) return "no tour passes through this path: prune";
    const auto* inc = e.state.incumbent();
    const std::string best = inc != nullptr && inc->has() ? std::to_string(inc->value()) : "?";
    if (e.state.complete()) {
      return "tour length " + std::to_string(e.state.objective()) + " >= best " + best +
             ": not shorter";
    }
    return "bound " + std::to_string(e.state.bound()) + " >= best " + best + ": prune";
  }
  static std::string json_safe(const std::string& s) {
    std::string out;
    for (const char c : s) {
      if (c == '"' || c == '\\') out.push_back('\\');
      if (static_cast<unsigned char>(c) >= 0x20) out.push_back(c);
    }
    return out;
  }
};

}  // namespace bt::problems::tsp
