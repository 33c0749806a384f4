// SPDX-License-Identifier: MIT
// How a watcher (tree, replay) names an assignment. The problem's Describer may say it with
// label(os, event) for ev::assign and ev::prune (a value of the variable at event.depth), and
// place it with cell(event) -> {variable, value} as whole numbers for a picture; otherwise the
// label is "x<depth+1>=<value>" when the value prints with <<, and there is no cell.
#pragma once

#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>

namespace bt {

/// A Describer that names the assignment an event speaks of.
template <class D, class E>
concept labels_values = requires(D& d, std::ostream& os, const E& e) { d.label(os, e); };

/// A Describer that places the assignment an event speaks of as (variable, value) numbers.
template <class D, class E>
concept places_values = requires(D& d, const E& e) {
  { d.cell(e) } -> std::convertible_to<std::pair<long long, long long>>;
};

/// The label of the assignment of event e, in the problem's words when it has them.
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

/// The (variable, value) of event e when the Describer can say, else nothing.
template <class Describer, class E>
std::optional<std::pair<long long, long long>> cell_of(Describer& d, const E& e) {
  if constexpr (places_values<Describer, E>) {
    return d.cell(e);
  } else {
    return std::nullopt;
  }
}

}  // namespace bt
