// SPDX-License-Identifier: MIT
// Hamiltonian cycle as a binary CSP for the engine's strategies (bt/csp): path positions are
// the variables, vertices the values. Position 1 holds vertex 1; consecutive positions (the
// last and the first included) hold adjacent vertices; all positions differ; and the vertex
// at position 2 is below the one at position n, so each cycle is found in one direction only
// (the rule of cycle.hpp and of the textbook strategy), unless both directions are wanted.
#pragma once

#include <cstddef>
#include <ostream>
#include <string>
#include <vector>

#include <bt/csp/bitset.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// The CSP model of the Hamiltonian cycles of `in` (which must outlive it), n <= 256.
class csp_model {
 public:
  using domain_type = csp::domain<4>;  ///< up to 256 vertices
  static constexpr int max_n = domain_type::capacity;

  /// Throws invalid_input when the graph has more than max_n vertices. both_directions: no
  /// direction rule, every cycle is found in both directions (the textbook's listing).
  explicit csp_model(const instance& in, bool both_directions = false)
      : n_(static_cast<int>(in.n)), one_direction_(!both_directions) {
    if (n_ > max_n) {
      throw invalid_input("the CSP strategies search graphs of up to " + std::to_string(max_n) +
                          " vertices, not " + std::to_string(n_));
    }
    const auto N = static_cast<std::size_t>(n_);
    adj_.assign(N, domain_type{});
    for (std::size_t u = 0; u < N; ++u) {
      for (const vertex v : in.adj[u]) adj_[u].set(static_cast<int>(v));
    }
    positions_.resize(N);
    for (int p = 0; p < n_; ++p) {
      for (int q = 0; q < n_; ++q) {
        if (q != p) positions_[static_cast<std::size_t>(p)].push_back(q);
      }
    }
  }

  [[nodiscard]] int variable_count() const { return n_; }
  [[nodiscard]] int value_count() const { return n_; }
  /// Every other position (all different).
  [[nodiscard]] const std::vector<int>& neighbours(int p) const {
    return positions_[static_cast<std::size_t>(p)];
  }
  /// Fewer than 3 vertices have no cycle: an empty domain. Else position 1 is vertex 1.
  [[nodiscard]] bool in_domain(int p, int v) const {
    if (n_ < 3) return false;
    return p == 0 ? v == 0 : v != 0;
  }
  [[nodiscard]] bool compatible(int p, int a, int q, int b) const {
    if (a == b) return false;
    if (consecutive(p, q) && !adj_[static_cast<std::size_t>(a)].test(b)) return false;
    if (one_direction_ && p == 1 && q == n_ - 1) return a < b;
    if (one_direction_ && q == 1 && p == n_ - 1) return b < a;
    return true;
  }
  /// The vertices position q cannot take once position p holds a.
  [[nodiscard]] domain_type conflicts(int p, int a, int q) const {
    domain_type m = domain_type::single(a);
    if (consecutive(p, q)) {
      domain_type non = domain_type::first(n_);
      non.remove(adj_[static_cast<std::size_t>(a)]);
      m |= non;
    }
    if (one_direction_ && p == 1 && q == n_ - 1) m |= domain_type::first(a + 1);
    if (one_direction_ && q == 1 && p == n_ - 1) {
      domain_type above = domain_type::first(n_);
      above.remove(domain_type::first(a));
      m |= above;
    }
    return m;
  }
  void name_variable(std::ostream& os, int p) const { os << "position " << p + 1; }
  /// "x3=5", as the path strategies label a position (trace.hpp).
  void label_assignment(std::ostream& os, int p, int v) const {
    os << 'x' << p + 1 << '=' << v + 1;
  }
  void name_assignment(std::ostream& os, int p, int v) const {
    os << "position " << p + 1 << " = vertex " << v + 1;
  }
  /// "vertex 3 is already at position 2", "vertex 3 is not adjacent to vertex 5 at
  /// position 2", or the direction rule.
  void explain_conflict(std::ostream& os, int p, int a, int q, int b) const {
    if (a == b) {
      os << "vertex " << a + 1 << " is already at position " << q + 1;
    } else if (consecutive(p, q) && !adj_[static_cast<std::size_t>(a)].test(b)) {
      os << "vertex " << a + 1 << " is not adjacent to vertex " << b + 1 << " at position "
         << q + 1;
    } else {
      os << "one direction only: position 2 must hold a smaller vertex than position " << n_;
    }
  }

 private:
  [[nodiscard]] bool consecutive(int p, int q) const {
    const int d = p > q ? p - q : q - p;
    return d == 1 || d == n_ - 1;
  }

  int n_;
  bool one_direction_;
  std::vector<domain_type> adj_;
  std::vector<std::vector<int>> positions_;
};

}  // namespace bt::problems::hamiltonian
