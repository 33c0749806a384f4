// SPDX-License-Identifier: MIT
// trace_visitor: a step-by-step account of the search in words, for --trace and for tests.
// The problem side supplies the words through a Describer (how a value, a state read).
#pragma once

#include <cstddef>
#include <ostream>
#include <string>

#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt {

/// Writes one entry per event that the Describer can describe, in the order of the search.
template <class Describer>
class trace_visitor {
 public:
  /// Write to os through d; both must outlive the visitor.
  trace_visitor(std::ostream& os, Describer& d) : os_(os), d_(d) {}

  template <class E>
    requires describes<Describer, E>
  void on(const E& e) { d_.describe(os_, e); }

 private:
  std::ostream& os_;
  Describer& d_;
};

/// A Describer for any problem whose values print with <<: indented lines in the textbook's
/// words, e.g. "  assign x2 = 5", "  prune x2 = 7", "  backtrack x2 = 5", "solution".
struct word_describer {
  template <class P>
  void describe(std::ostream& os, const ev::assign<P>& e) {
    os << indent(e) << "assign x" << e.depth + 1 << " = " << e.value << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::prune<P>& e) {
    if (e.node_level) {
      os << indent(e) << "prune node (not promising)\n";
    } else {
      os << indent(e) << "prune x" << e.depth + 1 << " = " << e.value << '\n';
    }
  }
  template <class P>
  void describe(std::ostream& os, const ev::backtrack<P>& e) {
    os << indent(e) << "backtrack x" << e.depth + 1 << " = " << e.value << '\n';
  }
  template <class P>
  void describe(std::ostream& os, const ev::solution<P>& e) {
    os << indent(e) << "solution\n";
  }
};

}  // namespace bt
