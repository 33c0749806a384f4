// SPDX-License-Identifier: MIT
// compare's --colours: one colour count for every input, one per input, or each graph's known
// chromatic number, looked up in the answers.csv beside the file (docs/compare.md).
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace btsolve {

/// The items of --colours: "3", "3,4,5", "chromatic" or a mix; an item is a count, or nothing
/// for "chromatic". Throws usage_error for any other word or a count out of 1..1,000,000.
std::vector<std::optional<int>> parse_colours(const std::string& text);

/// The chromatic number that the answers.csv in input's directory lists for it (the row whose
/// `instance` is the file's name without its extension, column `chromatic_number`), or nothing
/// when there is no such file, row or whole number. Throws usage_error for an unreadable file.
std::optional<int> listed_chromatic(const std::string& input);

}  // namespace btsolve
