// SPDX-License-Identifier: MIT
// A solution in words: the textbook's 0/1 vector over the weights in input order, then the
// chosen weights, e.g. "1 1 0 0 1 0  {5,10,15}".
#pragma once

#include <cstddef>
#include <cstdint>
#include <ostream>

#include <bt/problems/subsets/instance.hpp>

namespace bt::problems::subsets {

/// Write x as "x1 x2 ... xn  {w,w,...}" (no newline); the braces list the chosen weights in
/// input order.
inline void print_selection(std::ostream& os, const instance& inst, const selection& x) {
  for (std::size_t i = 0; i < x.size(); ++i) {
    os << (i ? " " : "") << x[i];
  }
  os << "  {";
  bool first = true;
  for (const std::uint64_t w : chosen_weights(inst, x)) {
    os << (first ? "" : ",") << w;
    first = false;
  }
  os << '}';
}

}  // namespace bt::problems::subsets
