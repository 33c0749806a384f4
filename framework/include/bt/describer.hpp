// SPDX-License-Identifier: MIT
// The naming interface: how a problem tells its search in its own words. A Describer is any
// object with some of these members, each optional (docs/naming.md):
//   describe(os, event)  the trace: a line (or a board) for the events it wants to show;
//   label(os, event)     an assignment's name, for ev::assign and ev::prune ("Q2=4");
//   cell(event)          the assignment as (variable, value) whole numbers, for a picture;
//   picture(os)          the picture those cells are drawn on, as a JSON object
//                        ({"kind":"board","n":8}, {"kind":"graph",...});
//   why(event, path)     why a candidate was rejected or a node pruned (why_info): the
//                        sentence, the cells in conflict, an edge, a bound with its numbers.
// Watchers (trace.hpp, tree.hpp, replay.hpp) use what is there and fall back on "x2=4".
#pragma once

#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

namespace bt {

/// Two spaces per variable assigned at event e: a trace line indented by its depth, so that
/// the trace reads as the tree it walks.
template <class E>
std::string indent(const E& e) {
  return std::string(2 * e.depth, ' ');
}

/// A Describer that traces event E: describe(os, e).
template <class D, class E>
concept describes = requires(D& d, std::ostream& os, const E& e) {
  d.describe(os, e);
};

/// A Describer that names the assignment an event speaks of.
template <class D, class E>
concept labels_values = requires(D& d, std::ostream& os, const E& e) {
  d.label(os, e);
};

/// A Describer that places the assignment an event speaks of as (variable, value) numbers,
/// always or (optional) where it can.
template <class D, class E>
concept places_values = requires(D& d, const E& e) {
  { d.cell(e) } -> std::convertible_to<std::optional<std::pair<long long, long long>>>;
};

/// A cell of a picture: (variable, value) as whole numbers (docs/replay-format.md).
using cell = std::pair<long long, long long>;

/// Why a candidate was rejected or a node pruned, for --replay's picture (docs/replay-format.md,
/// "why"): the sentence, and what to draw.
struct why_info {
  std::string text;          ///< the sentence, in the problem's words
  std::vector<cell> by;      ///< cells of the assignments it conflicts with
  std::optional<cell> edge;  ///< a graph's clashing or missing edge (0-based vertices)
  std::string bound_rule;    ///< a failed bound: its rule ("s + w > m")
  std::vector<std::pair<std::string, std::string>> bound_values;  ///< its numbers, as digits
};

/// A Describer that explains event E: why(e, path) with the cells of the assignments on the
/// current path, in order.
template <class D, class E>
concept explains = requires(D& d, const E& e, std::span<const cell> path) {
  { d.why(e, path) } -> std::convertible_to<why_info>;
};

/// A Describer with a picture to draw the cells on.
template <class D>
concept draws_picture = requires(const D& d, std::ostream& os) {
  d.picture(os);
};

/// The label of the assignment of event e, in the problem's words when it has them, else
/// "x<depth+1>=<value>" (or "x<depth+1>" when the value does not print).
template <class Describer, class E>
std::string label_of(Describer& d, const E& e) {
  std::ostringstream os;
  if constexpr (labels_values<Describer, E>) {
    d.label(os, e);
  } else if constexpr (requires { os << e.value; }) {
    os << 'x' << e.depth + 1 << '=' << e.value;
  } else {
    os << 'x' << e.depth + 1;
  }
  return os.str();
}

/// The line d.describe() writes for event e without its indentation and newline (its first
/// line, should it write more): the sentence of --replay's "why".
template <class Describer, class E>
std::string described_line(Describer& d, const E& e) {
  std::ostringstream os;
  d.describe(os, e);
  std::string text = os.str();
  const auto begin = text.find_first_not_of(' ');
  if (begin == std::string::npos) return {};
  text.erase(0, begin);
  if (const auto nl = text.find('\n'); nl != std::string::npos) text.resize(nl);
  return text;
}

/// The (variable, value) of event e when the Describer can say, else nothing.
template <class Describer, class E>
std::optional<std::pair<long long, long long>> cell_of(Describer& d, const E& e) {
  if constexpr (places_values<Describer, E>) {
    return d.cell(e);
  } else {
    return std::nullopt;
  }
}

/// The Describer's picture as a JSON object, or {} when it has none.
template <class Describer>
std::string picture_of(const Describer& d) {
  std::ostringstream os;
  if constexpr (draws_picture<Describer>) {
    d.picture(os);
  } else {
    os << "{}";
  }
  return os.str();
}

}  // namespace bt
