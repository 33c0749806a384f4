// SPDX-License-Identifier: MIT
// m-colouring as a binary CSP for the engine's strategies (bt/csp): vertices are the
// variables, colours 1..m the values (0..m-1 inside), a not-equal constraint on every edge.
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <bt/csp/bitset.hpp>
#include <bt/csp/solver.hpp>
#include <bt/events.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/renaming.hpp>
#include <bt/problems/graph/names.hpp>

namespace bt::problems::colouring {

/// The CSP model of colouring g (which must outlive it) with colours 1..m, m <= 64.
class csp_model {
 public:
  static constexpr int max_colours = csp::domain<1>::capacity;  ///< one word per domain
  static constexpr bool not_equal = true;  ///< every constraint is colour(u) != colour(v)

  /// Throws std::invalid_argument when m is not in 1..max_colours. names: the vertices' names
  /// for the trace (a map; it must outlive the model), or nullptr for "v3".
  csp_model(const adjacency& g, int m, const std::vector<std::string>* names = nullptr)
      : g_(g), m_(m), names_(names) {
    if (m < 1 || m > max_colours) {
      throw std::invalid_argument("the CSP strategies colour with 1.." +
                                  std::to_string(max_colours) + " colours, not " +
                                  std::to_string(m));
    }
  }

  [[nodiscard]] int variable_count() const { return static_cast<int>(g_.size()); }
  [[nodiscard]] int value_count() const { return m_; }
  [[nodiscard]] std::span<const vertex> neighbours(int v) const {
    return g_.neighbours(static_cast<std::size_t>(v));
  }
  [[nodiscard]] bool compatible(int, int a, int, int b) const { return a != b; }

  void name_variable(std::ostream& os, int v) const { os << name(v); }
  /// "v3=2" ("SA=2"), as the problem's own strategies label a colour (trace.hpp).
  void label_assignment(std::ostream& os, int v, int a) const { os << name(v) << '=' << a + 1; }
  /// The picture's (vertex, colour), colours 1-based as the problem numbers them.
  [[nodiscard]] std::pair<long long, long long> cell(int v, int a) const { return {v, a + 1}; }
  void name_assignment(std::ostream& os, int v, int a) const {
    os << name(v) << " colour " << a + 1;
  }
  /// "v1 has colour 2".
  void explain_conflict(std::ostream& os, int, int, int w, int b) const {
    os << name(w) << " has colour " << b + 1;
  }

 private:
  [[nodiscard]] graph::vertex_name name(int v) const {
    return {names_, static_cast<std::size_t>(v)};
  }

  const adjacency& g_;
  int m_;
  const std::vector<std::string>* names_;
};

/// As for the other strategies (strategy.hpp): a solution state is one labelled colouring...
template <csp::static_switches S>
std::uint64_t colourings_of(const csp::solver<csp_model, S>&, const renamings&) {
  return 1;
}
/// ...handed to f as colours 1..m per vertex.
template <csp::static_switches S, class F>
bt::flow for_each_colouring(const csp::solver<csp_model, S>& p, int, F f) {
  std::vector<int> colours(static_cast<std::size_t>(p.variable_count()));
  for (int v = 0; v < p.variable_count(); ++v) {
    colours[static_cast<std::size_t>(v)] = p.value_of(v) + 1;
  }
  return f(std::span<const int>(colours));
}

}  // namespace bt::problems::colouring
