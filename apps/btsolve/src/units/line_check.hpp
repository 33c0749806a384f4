// SPDX-License-Identifier: MIT
// The seal of a --unit result line, which `merge` reads: "check" (a checksum of every other
// field) without a key, "mac" (an HMAC of them) with one (key.hpp). Computed over the line's
// fields with their keys sorted, so a tool that reorders keys keeps the line valid; a changed
// value does not. Each line also carries "format" and the digest of its count's parameters
// (binding.hpp), both under the seal.
#pragma once

#include <optional>
#include <string>

#include <nlohmann/json.hpp>

#include "units/key.hpp"

namespace btsolve {

/// Seal a result line: add "check", or "mac" under key.
void seal_line(nlohmann::ordered_json& line, const std::optional<record_key>& key);

/// Why a result line's seal is not good under key, as the end of a message ("was changed
/// after it was written (its check does not match); count that unit again"); empty when good.
std::string seal_problem(const nlohmann::json& line, const std::optional<record_key>& key);

}  // namespace btsolve
