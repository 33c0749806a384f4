// SPDX-License-Identifier: MIT
#include "commands/compare_colours.hpp"

#include <algorithm>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string_view>

#include <btsolve/errors.hpp>
#include <btsolve/options.hpp>

namespace btsolve {
namespace {

/// The largest colour count (colouring's own --colours bound).
constexpr std::int64_t max_colours = 1'000'000;

// One CSV line's fields (RFC 4180 quotes: the answers files quote their sources).
std::vector<std::string> csv_fields(std::string_view line) {
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  std::vector<std::string> fields(1);
  bool quoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char ch = line[i];
    if (quoted) {
      if (ch == '"' && i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else if (ch == '"') {
        quoted = false;
      } else {
        fields.back() += ch;
      }
    } else if (ch == '"') {
      quoted = true;
    } else if (ch == ',') {
      fields.emplace_back();
    } else {
      fields.back() += ch;
    }
  }
  return fields;
}

std::optional<std::size_t> index_of(const std::vector<std::string>& head, std::string_view name) {
  const auto it = std::find(head.begin(), head.end(), name);
  if (it == head.end()) return std::nullopt;
  return static_cast<std::size_t>(it - head.begin());
}

}  // namespace

std::vector<std::optional<int>> parse_colours(const std::string& text) {
  std::vector<std::optional<int>> items;
  std::string item;
  for (std::size_t at = 0; at <= text.size(); ++at) {
    if (at < text.size() && text[at] != ',') {
      item += text[at];
      continue;
    }
    if (item == "chromatic") {
      items.emplace_back();
    } else if (item.empty() || item.size() > 18 ||
               !std::all_of(item.begin(), item.end(),
                            [](char ch) { return ch >= '0' && ch <= '9'; })) {
      throw usage_error("--colours takes colour counts or 'chromatic', comma-separated, not " +
                        quote(item));
    } else {
      const std::int64_t m = parse_int(item, "--colours");
      if (m < 1 || m > max_colours) {
        throw usage_error("--colours " + quote(item) + " is out of range 1..1000000");
      }
      items.emplace_back(static_cast<int>(m));
    }
    item.clear();
  }
  return items;
}

std::optional<int> listed_chromatic(const std::string& input) {
  const std::filesystem::path file(input);
  const std::filesystem::path answers = file.parent_path() / "answers.csv";
  std::error_code ec;
  if (!std::filesystem::is_regular_file(answers, ec)) return std::nullopt;
  std::ifstream in(answers);
  if (!in) throw usage_error("--colours chromatic: cannot read " + quote(answers.string()));
  std::string line;
  if (!std::getline(in, line)) return std::nullopt;
  const auto head = csv_fields(line);
  const auto name = index_of(head, "instance");
  const auto chromatic = index_of(head, "chromatic_number");
  if (!name || !chromatic) return std::nullopt;
  const std::string stem = file.stem().string();
  while (std::getline(in, line)) {
    const auto row = csv_fields(line);
    if (row.size() <= std::max(*name, *chromatic) || row[*name] != stem) continue;
    const std::string& value = row[*chromatic];
    if (value.empty() ||
        !std::all_of(value.begin(), value.end(), [](char ch) { return ch >= '0' && ch <= '9'; })) {
      return std::nullopt;
    }
    if (value.size() > 7) return std::nullopt;
    const int m = std::stoi(value);
    if (m < 1 || m > max_colours) return std::nullopt;
    return m;
  }
  return std::nullopt;
}

}  // namespace btsolve
