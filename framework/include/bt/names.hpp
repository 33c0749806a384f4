// SPDX-License-Identifier: MIT
// Name tables: an enumeration's values with the words the command line types for them, looked
// up both ways. One constexpr table per enumeration replaces a name() switch, a parse loop and a
// hand-kept list of every value.
#pragma once

#include <array>
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

/// The name of `value` in `table`; "?" when no row holds it.
template <class E, std::size_t N>
constexpr std::string_view name_of(const std::array<named<E>, N>& table, E value) {
  for (const named<E>& row : table) {
    if (row.value == value) return row.name;
  }
  return "?";
}

/// The value called `text` in `table`, if any (names are compared exactly).
template <class E, std::size_t N>
constexpr std::optional<E> parse_name(const std::array<named<E>, N>& table, std::string_view text) {
  for (const named<E>& row : table) {
    if (row.name == text) return row.value;
  }
  return std::nullopt;
}

/// Every value of `table`, in its order.
template <class E, std::size_t N>
constexpr std::array<E, N> values_of(const std::array<named<E>, N>& table) {
  std::array<E, N> out{};
  for (std::size_t i = 0; i < N; ++i) out[i] = table[i].value;
  return out;
}

}  // namespace bt
