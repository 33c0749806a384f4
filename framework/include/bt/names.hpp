// SPDX-License-Identifier: MIT
// Name tables: an enumeration's values with the words the command line types for them, looked
// up both ways. One constexpr table per enumeration replaces a name() switch, a parse loop and a
// hand-kept list of every value.
#pragma once

#include <array>
#include <concepts>
#include <cstddef>
#include <optional>
#include <string_view>

namespace bt {

/// One row of a name table: a value, the word typed for it and a one-line summary.
template <class E>
struct named {
  E value;                        ///< the enumerator
  std::string_view name;          ///< the word the command line and the reports use
  std::string_view summary = {};  ///< what it does, in a few words (may be empty)
};

/// What a strategy can answer, as bits: the first solution, every solution, a count.
enum answer_bits : unsigned {
  answers_first = 1U,
  answers_all = 2U,
  answers_count = 4U,
  answers_every = 7U
};

/// One row of a problem's strategy table, declared once in the problem's layer and read by
/// every front end (the runner's --strategy, --help, compare, JSON, the studio, Python): a
/// name table row with what the strategy can do.
template <class E>
struct strategy_row {
  E value;                           ///< the enumerator
  std::string_view name;             ///< the word typed after --strategy
  std::string_view summary;          ///< what it is, in a few words
  unsigned answers = answers_every;  ///< the questions it answers (answer_bits)
  bool tree = true;  ///< a tree search the engine runs: it can be traced, drawn and estimated
  /// It optimises an objective by branch and bound: its solutions are improvements.
  bool optimises = false;
};

/// A row of a name table: a value and its name (named, strategy_row).
template <class Row>
concept name_row = requires(const Row& r) {
  r.value;
  { r.name } -> std::convertible_to<std::string_view>;
};

/// The name of `value` in `table`; "?" when no row holds it.
template <name_row Row, std::size_t N>
constexpr std::string_view name_of(const std::array<Row, N>& table, decltype(Row::value) value) {
  for (const Row& row : table) {
    if (row.value == value) return row.name;
  }
  return "?";
}

/// The value called `text` in `table`, if any (names are compared exactly).
template <name_row Row, std::size_t N>
constexpr std::optional<decltype(Row::value)> parse_name(const std::array<Row, N>& table,
                                                         std::string_view text) {
  for (const Row& row : table) {
    if (row.name == text) return row.value;
  }
  return std::nullopt;
}

/// Every value of `table`, in its order.
template <name_row Row, std::size_t N>
constexpr std::array<decltype(Row::value), N> values_of(const std::array<Row, N>& table) {
  std::array<decltype(Row::value), N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = table[i].value;
  return out;
}

}  // namespace bt
