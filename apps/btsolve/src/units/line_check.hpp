// SPDX-License-Identifier: MIT
// The "check" field of a --unit result line: a checksum of every other field, so that `merge`
// refuses a line edited by hand or damaged in transit (a changed total would otherwise be
// added up silently). Computed over the line's fields with their keys sorted, so a tool that
// reorders keys keeps the line valid; a changed value does not.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace btsolve {

/// The check of a result line: checksum() of the JSON of all its fields but "check".
std::string line_check(const nlohmann::json& line);

}  // namespace btsolve
