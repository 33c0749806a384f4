// SPDX-License-Identifier: MIT
// How a described problem's solution prints in each format: Desc's own members when it has
// them, else a default for solutions that are sequences of numbers (a row, a tuple, a
// colouring, a cycle): one line of numbers in text, a JSON array, a CSV row.
#pragma once

#include <cstddef>
#include <nlohmann/json.hpp>
#include <ostream>
#include <ranges>
#include <string_view>

namespace btsolve {

/// A solution the defaults can print: a sequence of numbers.
template <class S>
concept number_sequence = std::ranges::input_range<S> && requires(std::ostream& os, const S& s) {
  os << *std::ranges::begin(s);
};

/// The numbers of s on os, separated by `sep`, then a newline.
template <number_sequence S>
void print_numbers(std::ostream& os, const S& s, const char* sep) {
  bool first = true;
  for (const auto& x : s) {
    os << (first ? "" : sep) << x;
    first = false;
  }
  os << '\n';
}

/// Print s in text `format` (one of Desc's formats); `index` counts the solutions printed
/// before it (a separator between boards). Default: the numbers on one line, space separated.
template <class Desc, class S>
void print_of(std::ostream& os, const S& s, std::string_view format, std::size_t index) {
  if constexpr (requires { Desc::print(os, s, format, index); }) {
    Desc::print(os, s, format, index);
  } else if constexpr (requires { Desc::print(os, s); }) {
    Desc::print(os, s);
  } else {
    static_assert(number_sequence<S>, "the problem needs print(os, solution[, format, index])");
    print_numbers(os, s, " ");
  }
}

/// s as a member of the JSON "solutions" array: Desc::to_json(s), or nlohmann's conversion.
template <class Desc, class S>
nlohmann::json to_json_of(const S& s) {
  if constexpr (requires { Desc::to_json(s); }) {
    return Desc::to_json(s);
  } else {
    return nlohmann::json(s);
  }
}

/// s as a CSV row: Desc::print_csv(os, s, index), or the numbers separated by commas.
template <class Desc, class S>
void print_csv_of(std::ostream& os, const S& s, std::size_t index) {
  if constexpr (requires { Desc::print_csv(os, s, index); }) {
    Desc::print_csv(os, s, index);
  } else if constexpr (number_sequence<S>) {
    print_numbers(os, s, ",");
  }
}

/// True when solutions of type S print as CSV (the --format csv a problem offers).
template <class Desc, class S>
constexpr bool prints_csv = number_sequence<S> || requires(std::ostream& os, const S& s) {
  Desc::print_csv(os, s, std::size_t{0});
};

}  // namespace btsolve
