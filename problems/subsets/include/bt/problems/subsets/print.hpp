// SPDX-License-Identifier: MIT
// A solution in words: the textbook's 0/1 vector over the weights in input order, then the
// chosen weights, e.g. "1 1 0 0 1 0  {5,10,15}".
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>

#include <bt/problems/subsets/instance.hpp>

namespace bt::problems::subsets {

/// Append x as "x1 x2 ... xn  {w,w,...}" to line (no newline); the braces list the chosen
/// weights in input order.
inline void format_selection(std::string& line, const instance& inst, const selection& x) {
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (i != 0) line.push_back(' ');
    line.push_back(x[i] == 1 ? '1' : '0');
  }
  line += "  {";
  bool first = true;
  char digits[24];
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] != 1) continue;
    if (!first) line.push_back(',');
    first = false;
    const auto res = std::to_chars(digits, digits + sizeof digits, inst.weights()[i]);
    line.append(digits, res.ptr);
  }
  line.push_back('}');
}

/// Write x as format_selection does (no newline), in one write: --all may print millions.
inline void print_selection(std::ostream& os, const instance& inst, const selection& x) {
  std::string line;
  line.reserve(2 * x.size() + 16);
  format_selection(line, inst, x);
  os.write(line.data(), static_cast<std::streamsize>(line.size()));
}

}  // namespace bt::problems::subsets
