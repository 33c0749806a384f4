// SPDX-License-Identifier: MIT
#include "merge.hpp"

#include <cstdint>
#include <fstream>
#include <optional>
#include <ostream>

#include <nlohmann/json.hpp>

#include "plugin.hpp"

namespace btsolve {

namespace {
// Where a unit's result was read.
struct origin {
  std::string file;
  std::size_t line = 0;
  [[nodiscard]] std::string where() const { return file + " line " + std::to_string(line); }
};
}  // namespace

int run_merge(const std::vector<std::string>& files, std::ostream& out) {
  if (files.empty()) throw usage_error("merge needs the result files of --unit runs");
  std::string digest;
  origin first;
  std::size_t units = 0;
  bool with_unique = false;
  std::vector<std::optional<origin>> seen;
  std::uint64_t total = 0;
  std::uint64_t unique = 0;
  for (const auto& file : files) {
    std::ifstream in(file);
    if (!in) throw usage_error("merge: cannot read " + file);
    std::string text;
    std::size_t line_no = 0;
    while (std::getline(in, text)) {
      ++line_no;
      if (text.find_first_not_of(" \t\r") == std::string::npos) continue;
      const origin here{file, line_no};
      const auto j = nlohmann::json::parse(text, nullptr, false);
      std::size_t k = 0;
      std::uint64_t t = 0;
      try {
        if (j.is_discarded()) throw std::runtime_error("not JSON");
        k = j.at("unit").get<std::size_t>();
        t = j.at("total").get<std::uint64_t>();
        if (!j.at("done").get<bool>()) {
          throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                            " was stopped before its end; run it again");
        }
        if (digest.empty()) {
          digest = j.at("digest").get<std::string>();
          units = j.at("units").get<std::size_t>();
          with_unique = j.contains("unique");
          first = here;
          seen.resize(units);
        } else if (j.at("digest").get<std::string>() != digest) {
          throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                            " has parameters digest " + j.at("digest").get<std::string>() +
                            ", not " + digest + " as " + first.where() + " (" +
                            j.value("params", std::string()) + ")");
        }
      } catch (const usage_error&) {
        throw;
      } catch (const std::exception&) {
        throw usage_error("merge: " + here.where() + " is not a result line of --unit");
      }
      if (k >= units) {
        throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                          " is out of range 0.." + std::to_string(units - 1));
      }
      if (seen[k]) {
        throw usage_error("merge: unit " + std::to_string(k) + " is duplicated: " +
                          seen[k]->where() + " and " + here.where());
      }
      seen[k] = here;
      total += t;
      if (with_unique) unique += j.value("unique", std::uint64_t{0});
    }
  }
  if (digest.empty()) throw usage_error("merge: no result lines in the files given");
  std::size_t missing = 0;
  std::size_t first_missing = 0;
  for (std::size_t k = 0; k < units; ++k) {
    if (!seen[k] && missing++ == 0) first_missing = k;
  }
  if (missing != 0) {
    throw usage_error("merge: unit " + std::to_string(first_missing) + " is missing" +
                      (missing > 1 ? " (and " + std::to_string(missing - 1) + " more)" : "") +
                      " from the files given (" + std::to_string(units) + " units, digest " +
                      digest + ")");
  }
  out << "count: " << total << '\n';
  if (with_unique) out << "unique: " << unique << '\n';
  return total == 0 ? exit_code::no_solution : exit_code::solved;
}

}  // namespace btsolve
