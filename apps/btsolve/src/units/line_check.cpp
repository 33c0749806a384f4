// SPDX-License-Identifier: MIT
#include "units/line_check.hpp"

#include "units/checkpoint.hpp"

namespace btsolve {

std::string line_check(const nlohmann::json& line) {
  nlohmann::json fields = line;  // nlohmann::json keeps its keys sorted: one text per line
  fields.erase("check");
  return checksum(fields.dump());
}

}  // namespace btsolve
