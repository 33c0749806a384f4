// SPDX-License-Identifier: MIT
// A Sudoku grid as one line of text: n^2 x n^2 cells, row by row, '.' or '0' for a blank.
// Symbols: 1-9 for the values 1..9, then A, B, ... for 10, 11, ... (16x16: 1-9A-G).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace bt::problems::sudoku {

/// The box sizes read: 2 (4x4), 3 (9x9), 4 (16x16), 5 (25x25; one word per domain).
inline constexpr int min_box = 2;
inline constexpr int max_box = 5;

/// A board of side box^2: cells row by row, 0 for a blank, else the value 1..side.
struct grid {
  int box = 3;             ///< the side of a box: 3 for the classic 9x9
  std::vector<int> cells;  ///< side * side values, 0 for a blank

  /// The number of rows, columns, boxes and values: box^2.
  [[nodiscard]] int side() const { return box * box; }
  [[nodiscard]] int at(int row, int col) const {
    return cells[static_cast<std::size_t>(row * side() + col)];
  }
  friend bool operator==(const grid&, const grid&) = default;
};

/// The symbol of value v (0: '.').
constexpr char symbol(int v) {
  return v == 0 ? '.' : v <= 9 ? static_cast<char>('0' + v) : static_cast<char>('A' + v - 10);
}

/// The value of symbol c (0 for '.' and '0'), or -1 if c is no symbol of a board of this side.
constexpr int value_of(char c, int side) {
  int v = -1;
  if (c == '.' || c == '0') {
    v = 0;
  } else if (c >= '1' && c <= '9') {
    v = c - '0';
  } else if (c >= 'A' && c <= 'Z') {
    v = c - 'A' + 10;
  } else if (c >= 'a' && c <= 'z') {
    v = c - 'a' + 10;
  }
  return v <= side ? v : -1;
}

/// The result of reading a line: a grid, or why the line is not one.
struct parsed {
  std::optional<grid> puzzle;
  std::string error;  ///< one line, e.g. "80 cells; a line holds 16, 81, 256 or 625"
};

/// A character of a message: 'x' for printable ASCII, else its code point, U+XXXX.
inline std::string shown_char(char32_t c) {
  if (c >= 0x20 && c < 0x7f) return std::string("'") + static_cast<char>(c) + "'";
  static constexpr char hex[] = "0123456789ABCDEF";
  std::string digits;
  for (char32_t v = c; v != 0 || digits.size() < 4; v >>= 4U)
    digits.insert(digits.begin(), hex[v & 15U]);
  return "U+" + digits;
}

/// The characters (Unicode code points) of UTF-8 text; at the first byte that is no UTF-8
/// (a stray continuation byte, a truncated or overlong sequence, a surrogate), nothing, with
/// that byte in *bad and its character position in *at.
inline std::optional<std::vector<char32_t>> code_points(std::string_view text, unsigned char* bad,
                                                        std::size_t* at) {
  std::vector<char32_t> out;
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    std::size_t extra = 0;
    char32_t c = 0;
    char32_t least = 0;
    if (b < 0x80) {
      c = b;
    } else if ((b & 0xE0U) == 0xC0U) {
      extra = 1, c = b & 0x1FU, least = 0x80;
    } else if ((b & 0xF0U) == 0xE0U) {
      extra = 2, c = b & 0x0FU, least = 0x800;
    } else if ((b & 0xF8U) == 0xF0U) {
      extra = 3, c = b & 0x07U, least = 0x10000;
    } else {
      *bad = b, *at = out.size();
      return std::nullopt;
    }
    if (extra != 0 && i + extra >= text.size()) {
      *bad = b, *at = out.size();
      return std::nullopt;
    }
    for (std::size_t k = 1; k <= extra; ++k) {
      const auto cont = static_cast<unsigned char>(text[i + k]);
      if ((cont & 0xC0U) != 0x80U) {
        *bad = b, *at = out.size();
        return std::nullopt;
      }
      c = (c << 6U) | (cont & 0x3FU);
    }
    if (c < least || c > 0x10FFFF || (c >= 0xD800 && c <= 0xDFFF)) {
      *bad = b, *at = out.size();
      return std::nullopt;
    }
    out.push_back(c);
    i += extra + 1;
  }
  return out;
}

/// Read one puzzle line (trailing whitespace and '\r' ignored). Checks the length, the symbols
/// and that no two givens clash in a row, column or box. Cells are characters (UTF-8 code
/// points), so a line of 81 characters is 81 cells whatever its bytes; a character that is no
/// symbol is named by name(c) (shown_char by default: a runner may add Unicode's name).
template <class Name = std::string (*)(char32_t)>
parsed parse_line(std::string_view line, Name name = &shown_char) {
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ' || line.back() == '\t')) {
    line.remove_suffix(1);
  }
  unsigned char bad = 0;
  std::size_t bad_at = 0;
  const auto chars = code_points(line, &bad, &bad_at);
  if (!chars) {
    static constexpr char hex[] = "0123456789ABCDEF";
    return {std::nullopt, "column " + std::to_string(bad_at + 1) + ": byte 0x" + hex[bad >> 4U] +
                              hex[bad & 15U] + " is not UTF-8 text"};
  }
  int box = 0;
  for (int b = min_box; b <= max_box; ++b) {
    if (chars->size() == static_cast<std::size_t>(b * b * b * b)) box = b;
  }
  if (box == 0) {
    return {std::nullopt, std::to_string(chars->size()) +
                              " cells; a line holds 16, 81, 256 or 625 (4x4 to 25x25)"};
  }
  grid g{box, std::vector<int>(chars->size(), 0)};
  const int side = g.side();
  for (std::size_t i = 0; i < chars->size(); ++i) {
    const char32_t c = (*chars)[i];
    const int v = c < 0x80 ? value_of(static_cast<char>(c), side) : -1;
    if (v < 0) {
      return {std::nullopt, "column " + std::to_string(i + 1) + ": " + name(c) +
                                " is no symbol of a " + std::to_string(side) + "x" +
                                std::to_string(side) +
                                " board (use 1-9, then A-Z; '.' or '0' "
                                "for a blank)"};
    }
    g.cells[i] = v;
  }
  // Where each value was first given in each row, column and box (-1: not yet).
  const auto units = static_cast<std::size_t>(side) * static_cast<std::size_t>(side + 1);
  std::vector<int> in_row(units, -1), in_col(units, -1), in_box(units, -1);
  for (int i = 0; i < side * side; ++i) {
    const int v = g.cells[static_cast<std::size_t>(i)];
    if (v == 0) continue;
    const int r = i / side, c = i % side, b = r / box * box + c / box;
    for (std::vector<int>* seen : {&in_row, &in_col, &in_box}) {
      const int unit = seen == &in_row ? r : seen == &in_col ? c : b;
      int& first = (*seen)[static_cast<std::size_t>(unit * (side + 1) + v)];
      if (first >= 0) {
        return {std::nullopt, "the given " + std::string(1, symbol(v)) + " appears twice in " +
                                  (seen == &in_row   ? "row "
                                   : seen == &in_col ? "column "
                                                     : "box ") +
                                  std::to_string(unit + 1) + " (row " +
                                  std::to_string(first / side + 1) + " column " +
                                  std::to_string(first % side + 1) + " and row " +
                                  std::to_string(r + 1) + " column " + std::to_string(c + 1) + ")"};
      }
      first = i;
    }
  }
  return {std::move(g), {}};
}

/// The grid as one line of symbols.
inline std::string to_line(const grid& g) {
  std::string s;
  s.reserve(g.cells.size());
  for (const int v : g.cells) s += symbol(v);
  return s;
}

/// True when solution fills every cell, keeps the givens of puzzle, and holds each value once
/// in every row, column and box.
inline bool is_solution(const grid& puzzle, const grid& solution) {
  const int side = puzzle.side();
  if (solution.box != puzzle.box || solution.cells.size() != puzzle.cells.size()) return false;
  for (std::size_t i = 0; i < puzzle.cells.size(); ++i) {
    const int v = solution.cells[i];
    if (v < 1 || v > side || (puzzle.cells[i] != 0 && puzzle.cells[i] != v)) return false;
  }
  for (int unit = 0; unit < side; ++unit) {
    std::vector<bool> row(static_cast<std::size_t>(side) + 1), col(row), box(row);
    for (int k = 0; k < side; ++k) {
      const int br = unit / puzzle.box * puzzle.box + k / puzzle.box;
      const int bc = unit % puzzle.box * puzzle.box + k % puzzle.box;
      for (auto [seen, v] :
           {std::pair{&row, solution.at(unit, k)}, std::pair{&col, solution.at(k, unit)},
            std::pair{&box, solution.at(br, bc)}}) {
        if ((*seen)[static_cast<std::size_t>(v)]) return false;
        (*seen)[static_cast<std::size_t>(v)] = true;
      }
    }
  }
  return true;
}

}  // namespace bt::problems::sudoku
