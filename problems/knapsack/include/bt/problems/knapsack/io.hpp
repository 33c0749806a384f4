// SPDX-License-Identifier: MIT
// Reading instances. The file: the first line `n capacity`, then n lines `weight value`, every
// number a positive whole number below 2^63. Blank lines and lines whose first non-blank
// character is '#' (comments) may stand anywhere; nothing else may. Every error is one line,
// "FILE:LINE: ...", naming the item (1-based) where there is one.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <bt/text.hpp>
#include <bt/problems/knapsack/instance.hpp>

namespace bt::problems::knapsack {

/// Thrown for a malformed instance text; what() is one line, "FILE:LINE: ..." for files.
struct parse_error : invalid_input {
  using invalid_input::invalid_input;
};

namespace detail {

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// The whitespace-separated words of one line.
inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

// `what` (e.g. "the capacity", "item 3: the weight") as a positive whole number below 2^63;
// the error message when it is not, else empty.
inline std::string positive(std::string_view token, const std::string& what, amount& out) {
  const bool minus = !token.empty() && token.front() == '-';
  const std::string_view digits = minus ? token.substr(1) : token;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return what + " must be a whole number, not '" + bt::shown(token) + "'";
  }
  if (minus) return what + " is negative (" + bt::shown(token) + "); it must be positive";
  const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
  if (ec == std::errc::result_out_of_range) {
    return what + " (" + bt::shown(token) + ") is more than 2^63 - 1";
  }
  if (ec != std::errc{} || p != digits.data() + digits.size()) {
    return what + " must be a whole number, not '" + bt::shown(token) + "'";
  }
  if (out == 0) return what + " is 0; it must be positive";
  return {};
}

}  // namespace detail

/// Read an instance; `name` prefixes every error, as "name:LINE: ...". Throws parse_error for
/// an empty text, a first line that is not `n capacity` (n from 1 to max_items), an item line
/// that is not two positive whole numbers below 2^63, weights (values) summing past 2^63 - 1,
/// fewer or more item lines than n, and a line longer than bt::max_line.
inline instance read_instance(std::istream& in, const std::string& name) {
  std::string line;
  std::size_t line_no = 0;
  const auto fail = [&](const std::string& msg) {
    throw parse_error(name + ":" + std::to_string(line_no == 0 ? 1 : line_no) + ": " + msg);
  };
  // The words of the next line that is not blank or a comment; empty at the end.
  const auto next = [&] {
    for (;;) {
      const bt::line_status st = bt::read_line(in, line);
      if (st == bt::line_status::eof) return std::vector<std::string_view>{};
      ++line_no;
      std::vector<std::string_view> w = detail::words(line);
      if (!w.empty() && w.front().front() == '#') {
        if (st == bt::line_status::too_long) bt::skip_line(in);
        continue;
      }
      if (st == bt::line_status::too_long) {
        fail("the line is longer than " + std::to_string(bt::max_line) +
             " bytes (1 MiB), the most a line may hold");
      }
      if (!w.empty()) return w;
    }
  };
  bt::skip_bom(in);
  const std::vector<std::string_view> head = next();
  if (head.empty()) fail("the file is empty; expected 'n capacity' on the first line");
  if (head.size() != 2) {
    fail(head.size() < 2 ? "expected 'n capacity', found only '" + bt::shown(head[0]) + "'"
                         : "expected 'n capacity', found extra '" + bt::shown(head[2]) + "'");
  }
  amount n = 0;
  if (const std::string e = detail::positive(head[0], "n", n); !e.empty()) fail(e);
  if (static_cast<std::uint64_t>(n) > max_items) {
    fail("n = " + std::to_string(n) + " is more than the " + std::to_string(max_items) +
         " items supported");
  }
  amount capacity = 0;
  if (const std::string e = detail::positive(head[1], "the capacity", capacity); !e.empty()) {
    fail(e);
  }
  std::vector<item> items;
  items.reserve(static_cast<std::size_t>(n));
  amount weights = 0;
  amount values = 0;
  for (std::vector<std::string_view> w = next(); !w.empty(); w = next()) {
    const std::string which = "item " + std::to_string(items.size() + 1);
    if (items.size() == static_cast<std::size_t>(n)) {
      fail("more item lines than the n = " + std::to_string(n) + " of the first line");
    }
    if (w.size() != 2) {
      fail(which + ": expected 'weight value', found " + std::to_string(w.size()) +
           (w.size() == 1 ? " number" : " numbers"));
    }
    item it;
    if (const std::string e = detail::positive(w[0], which + ": the weight", it.weight);
        !e.empty()) {
      fail(e);
    }
    if (const std::string e = detail::positive(w[1], which + ": the value", it.value); !e.empty()) {
      fail(e);
    }
    if (it.weight > max_amount - weights) fail(which + ": the weights sum past 2^63 - 1");
    if (it.value > max_amount - values) fail(which + ": the values sum past 2^63 - 1");
    weights += it.weight;
    values += it.value;
    items.push_back(it);
  }
  if (items.size() != static_cast<std::size_t>(n)) {
    fail("expected " + std::to_string(n) + " item lines after the first line, found " +
         std::to_string(items.size()));
  }
  return instance(std::move(items), capacity);
}

/// read_instance from the file at path; errors are "path:LINE: ...", and "path: cannot open
/// the file" when it cannot be read.
inline instance read_instance_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw parse_error(path + ": is a directory, not an instance file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw parse_error(path + ": cannot open the file");
  return read_instance(in, path);
}

}  // namespace bt::problems::knapsack
