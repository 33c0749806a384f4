// SPDX-License-Identifier: MIT
#include "units/line_check.hpp"

#include "units/binding.hpp"

namespace btsolve {
namespace {

// The text a seal covers: every field but the seal, keys sorted (nlohmann::json keeps its
// keys sorted: one text per line, whatever order a tool wrote them in).
std::string sealed_text(const nlohmann::json& line) {
  nlohmann::json fields = line;
  fields.erase("check");
  fields.erase("mac");
  return fields.dump();
}

}  // namespace

void seal_line(nlohmann::ordered_json& line, const std::optional<record_key>& key) {
  const std::string token = seal(key, sealed_text(nlohmann::json(line)));
  line[key ? "mac" : "check"] = token;
}

std::string seal_problem(const nlohmann::json& line, const std::optional<record_key>& key) {
  const bool has_mac = line.contains("mac") && line["mac"].is_string();
  const bool has_check = line.contains("check") && line["check"].is_string();
  if (!line.contains("format")) {
    return "is from an older btsolve (result line format 1: its check neither binds it to its "
           "count nor resists forgery); count that unit again";
  }
  if (!line["format"].is_number_unsigned() || line["format"].get<std::uint64_t>() != 2) {
    return "has format " + line["format"].dump() + ", which this btsolve does not read (it reads " +
           std::to_string(record_format) + ")";
  }
  if (has_mac && !key) {
    return "carries a MAC: give the key it was sealed with (--key-file FILE or " +
           std::string(key_file_variable) + ")";
  }
  if (!has_mac && key) {
    return has_check ? "has no MAC, and merge was given a key (a line without one could be "
                       "forged); count that unit again with the key"
                     : "has no \"mac\" field; count that unit again with the key";
  }
  if (!has_mac && !has_check) {
    return "has no \"check\" field (written before btsolve checked its lines?); count that unit "
           "again";
  }
  const std::string token = line[has_mac ? "mac" : "check"].get<std::string>();
  if (sealed(key, sealed_text(line), token)) return {};
  return has_mac ? "was changed after it was written, or sealed with another key (its MAC does "
                   "not match); count that unit again"
                 : "was changed after it was written (its check does not match); count that "
                   "unit again";
}

}  // namespace btsolve
