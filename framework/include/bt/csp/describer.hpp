// SPDX-License-Identifier: MIT
// csp::describer: the --trace words for a csp::solver, in the model's own names
// ("Q4 at column 2 rejected: diagonal with Q1", "forward check wiped out Q5's domain",
// "CBJ jumps to Q2", "all-different: row 3 can no longer take every value"). A model without
// names_variables reads "x4", "x4 = 2".
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <span>
#include <string>
#include <type_traits>
#include <utility>

#include <bt/csp/model.hpp>
#include <bt/csp/options.hpp>
#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt::csp {

/// Describer (bt/trace.hpp) for any solver<M, S>: one indented line per event.
struct describer {
  template <class S>
  static void variable(std::ostream& os, const S& s, int x) {
    if constexpr (names_variables<std::remove_cvref_t<decltype(s.model())>>) {
      s.model().name_variable(os, x);
    } else {
      os << 'x' << x + 1;
    }
  }
  template <class S>
  static void assignment(std::ostream& os, const S& s, int x, int a) {
    if constexpr (names_variables<std::remove_cvref_t<decltype(s.model())>>) {
      s.model().name_assignment(os, x, a);
    } else {
      os << 'x' << x + 1 << " = " << a + 1;
    }
  }
  template <class S>
  static void conflict(std::ostream& os, const S& s, int x, int a, int y, int b) {
    if constexpr (names_variables<std::remove_cvref_t<decltype(s.model())>>) {
      s.model().explain_conflict(os, x, a, y, b);
    } else {
      os << "conflicts with x" << y + 1 << " = " << b + 1;
    }
  }
  template <class S>
  static void group(std::ostream& os, const S& s, int g) {
    if constexpr (names_groups<std::remove_cvref_t<decltype(s.model())>>) {
      s.model().name_group(os, g);
    } else {
      os << "group " << g + 1;
    }
  }

  /// "<indent><verb> <the assignment at e.depth>".
  template <class E>
  static void step(std::ostream& os, const char* verb, const E& e) {
    os << indent(e) << verb << ' ';
    assignment(os, e.state, e.state.variable_at(e.depth), e.value);
    os << '\n';
  }

  template <class S>
  void describe(std::ostream& os, const ev::assign<S>& e) {
    step(os, "assign", e);
  }
  template <class S>
  void describe(std::ostream& os, const ev::prune<S>& e) {
    const S& s = e.state;
    os << indent(e);
    if (e.node_level) {
      if (s.failed_group() >= 0) {
        os << "all-different: ";
        group(os, s, s.failed_group());
        os << " can no longer take every value";
      } else {
        os << (s.switches().inf == inference::mac ? "arc consistency" : "forward check")
           << " wiped out ";
        variable(os, s, s.wiped());
        os << "'s domain";
      }
      if (s.culprit() < 0) os << " at the root";
      os << '\n';
      return;
    }
    const int x = s.current();
    assignment(os, s, x, e.value);
    os << " rejected: ";
    const int y = s.culprit();
    conflict(os, s, x, e.value, y, s.value_of(y));
    os << '\n';
  }
  template <class S>
  void describe(std::ostream& os, const ev::backtrack<S>& e) {
    step(os, "backtrack from", e);
  }
  template <class S>
  void describe(std::ostream& os, const ev::backjump<S>& e) {
    const S& s = e.state;
    if (static_cast<int>(e.depth) != s.jump_origin()) return;  // one line per jump
    os << indent(e) << "CBJ jumps to ";
    if (s.jump_target() < 0) {
      os << "the root: no solution left";
    } else {
      variable(os, s, s.variable_at(static_cast<std::size_t>(s.jump_target())));
    }
    os << '\n';
  }
  template <class S>
  void describe(std::ostream& os, const ev::solution<S>& e) {
    os << indent(e) << "solution\n";
  }

  /// For --tree and --replay: the model's short label ("Q4=2"), else its words, else "x4=2".
  template <class S>
  void label(std::ostream& os, const ev::assign<S>& e) const {
    short_label(os, e.state, e.state.variable_at(e.depth), e.value);
  }
  template <class S>
  void label(std::ostream& os, const ev::prune<S>& e) const {
    short_label(os, e.state, e.state.current(), e.value);
  }
  /// For --replay: where x = a stands on the problem's picture (places_assignments).
  template <class S>
  [[nodiscard]] std::pair<long long, long long> cell(const ev::assign<S>& e) const {
    return place(e.state, e.state.variable_at(e.depth), e.value);
  }
  template <class S>
  [[nodiscard]] std::pair<long long, long long> cell(const ev::prune<S>& e) const {
    return place(e.state, e.state.current(), e.value);
  }
  /// For --replay: a rejected value and the assignment it conflicts with; a wipe-out.
  template <class S>
  [[nodiscard]] why_info why(const ev::prune<S>& e, std::span<const bt::cell>) {
    why_info w{described_line(*this, e), {}, std::nullopt, {}, {}};
    const S& s = e.state;
    // A rejection names the assigned neighbour it conflicts with; a wipe-out, the assignment
    // whose propagation caused it.
    if (s.culprit() >= 0 && s.assigned(s.culprit())) {
      w.by.push_back(place(s, s.culprit(), s.value_of(s.culprit())));
    }
    return w;
  }

  /// x = a's short label.
  template <class S>
  static void short_label(std::ostream& os, const S& s, int x, int a) {
    using M = std::remove_cvref_t<decltype(s.model())>;
    if constexpr (labels_assignments<M>) {
      s.model().label_assignment(os, x, a);
    } else if constexpr (names_variables<M>) {
      s.model().name_assignment(os, x, a);
    } else {
      os << 'x' << x + 1 << '=' << a + 1;
    }
  }
  /// x = a's cell.
  template <class S>
  static std::pair<long long, long long> place(const S& s, int x, int a) {
    using M = std::remove_cvref_t<decltype(s.model())>;
    if constexpr (places_assignments<M>) {
      return s.model().cell(x, a);
    } else {
      return {x, a};
    }
  }
};

}  // namespace bt::csp
