// SPDX-License-Identifier: MIT
// Reading instances: the file format (first line `n target`, then the n weights, whitespace
// separated over any number of lines) and the comma list of the command line. Every error
// names its place, FILE:LINE for files, in one line.
#pragma once

#include <charconv>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <istream>
#include <limits>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include <bt/text.hpp>
#include <bt/problems/subsets/instance.hpp>

namespace bt::problems::subsets {

/// Thrown for a malformed instance text; what() is one line, "FILE:LINE: ..." for files.
struct parse_error : invalid_input {
  using invalid_input::invalid_input;
};

/// How a token failed to be a 64-bit whole number.
enum class number_status { ok, not_number, negative, too_big };

/// Parse a whole number 0..2^64-1 written in decimal digits only (a leading '-' is reported as
/// negative, anything else as not a number).
inline number_status parse_u64(std::string_view token, std::uint64_t& out) {
  if (token.empty()) {
    return number_status::not_number;
  }
  const bool minus = token.front() == '-';
  const std::string_view digits = minus ? token.substr(1) : token;
  if (digits.empty() || digits.find_first_not_of("0123456789") != std::string_view::npos) {
    return number_status::not_number;
  }
  if (minus) {
    // "-0" is not negative, but a sign has no business in a weight or target either.
    return digits.find_first_not_of('0') == std::string_view::npos ? number_status::not_number
                                                                   : number_status::negative;
  }
  const auto [p, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), out);
  if (ec == std::errc::result_out_of_range) {
    return number_status::too_big;
  }
  return ec == std::errc{} && p == digits.data() + digits.size() ? number_status::ok
                                                                 : number_status::not_number;
}

namespace detail {

// A token as shown in a message: control characters (a newline inside a --weights argument)
// become '?', so the message stays one line, and a huge token is cut to its first characters.
inline std::string shown(std::string_view token) { return bt::shown(token); }

// The message for weight i (1-based) written as `token` that is not a positive 64-bit number.
inline std::string weight_problem(std::size_t i, std::string_view token, number_status st) {
  const std::string what = "weight " + std::to_string(i);
  switch (st) {
    case number_status::not_number:
      return what + " must be a whole number, not '" + shown(token) + "'";
    case number_status::negative:
      return what + " is negative (" + shown(token) + "); weights must be positive";
    case number_status::too_big: return what + " (" + shown(token) + ") does not fit 64 bits";
    case number_status::ok: break;
  }
  return what + " is 0; weights must be positive";
}

// Check one weight and add it to `sum`; returns the error message, empty when it is fine.
inline std::string take_weight(std::size_t i, std::string_view token, std::uint64_t& sum,
                               std::vector<std::uint64_t>& out) {
  std::uint64_t w = 0;
  const number_status st = parse_u64(token, w);
  if (st != number_status::ok || w == 0) {
    return weight_problem(i, token, st);
  }
  if (w > std::numeric_limits<std::uint64_t>::max() - sum) {
    return "the weights sum to more than 2^64 - 1 (at weight " + std::to_string(i) + ")";
  }
  sum += w;
  out.push_back(w);
  return {};
}

inline bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f';
}

// The whitespace-separated words of one line.
inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && is_space(line[i])) {
      ++i;
    }
    const std::size_t start = i;
    while (i < line.size() && !is_space(line[i])) {
      ++i;
    }
    if (i > start) {
      out.push_back(line.substr(start, i - start));
    }
  }
  return out;
}

}  // namespace detail

/// The weights of a comma-separated list such as "5,10,12" (spaces around a weight are allowed).
/// Throws invalid_input naming the weight (1-based) that is empty, not a positive 64-bit
/// number, or makes the sum overflow; or when there are more than max_items weights.
inline std::vector<std::uint64_t> parse_weight_list(std::string_view text) {
  std::vector<std::uint64_t> out;
  std::uint64_t sum = 0;
  std::size_t i = 0;
  std::size_t start = 0;
  while (true) {
    const std::size_t comma = text.find(',', start);
    std::string_view token = text.substr(
        start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
    while (!token.empty() && detail::is_space(token.front())) token.remove_prefix(1);
    while (!token.empty() && detail::is_space(token.back())) token.remove_suffix(1);
    ++i;
    if (token.empty()) {
      throw invalid_input(text.find_first_not_of(" \t") == std::string_view::npos
                              ? std::string("there are no weights")
                              : "weight " + std::to_string(i) + " is empty");
    }
    if (i > max_items) {
      throw invalid_input("more than the " + std::to_string(max_items) + " weights supported");
    }
    if (const std::string e = detail::take_weight(i, token, sum, out); !e.empty()) {
      throw invalid_input(e);
    }
    if (comma == std::string_view::npos) {
      return out;
    }
    start = comma + 1;
  }
}

/// Read an instance: the first non-blank line is `n target`, then exactly n weights follow,
/// whitespace separated over any number of lines. `name` prefixes every error, as
/// "name:LINE: ..."; throws parse_error for an empty text, a bad header (n not in
/// 1..max_items, target not in 0..2^64-1), a weight that is not a positive 64-bit number,
/// weights summing past 2^64 - 1, and missing or extra weights.
inline instance read_instance(std::istream& in, const std::string& name) {
  std::string line;
  std::size_t line_no = 0;
  const auto fail = [&](const std::string& msg) {
    throw parse_error(name + ":" + std::to_string(line_no) + ": " + msg);
  };
  // The next line into `line`, or false at the end; a line past bt::max_line is refused
  // before it is stored whole (the format has no comments to skip).
  const auto next = [&] {
    const bt::line_status st = bt::read_line(in, line);
    if (st == bt::line_status::eof) return false;
    ++line_no;
    if (st == bt::line_status::too_long) {
      fail("the line is longer than " + std::to_string(bt::max_line) +
           " bytes (1 MiB), the most a line may hold");
    }
    return true;
  };
  bt::skip_bom(in);
  std::vector<std::string_view> head;
  while (head.empty() && next()) head = detail::words(line);
  if (head.empty()) {
    line_no = line_no == 0 ? 1 : line_no;
    fail("the file is empty; expected 'n target' on the first line");
  }
  if (head.size() != 2) {
    fail(head.size() < 2 ? "expected 'n target', found only '" + detail::shown(head[0]) + "'"
                         : "expected 'n target', found extra '" + detail::shown(head[2]) + "'");
  }
  std::uint64_t n = 0;
  if (parse_u64(head[0], n) != number_status::ok || n == 0 || n > max_items) {
    fail("n must be a whole number from 1 to " + std::to_string(max_items) + ", not '" +
         detail::shown(head[0]) + "'");
  }
  std::uint64_t target = 0;
  const number_status st = parse_u64(head[1], target);
  if (st == number_status::negative) {
    fail("the target must not be negative (" + detail::shown(head[1]) + ")");
  } else if (st == number_status::too_big) {
    fail("the target (" + detail::shown(head[1]) + ") does not fit 64 bits");
  } else if (st == number_status::not_number) {
    fail("the target must be a whole number, not '" + detail::shown(head[1]) + "'");
  }
  std::vector<std::uint64_t> weights;
  std::uint64_t sum = 0;
  while (next()) {
    for (const std::string_view token : detail::words(line)) {
      if (weights.size() == n) {
        fail("more weights than the n = " + std::to_string(n) + " of the first line (extra '" +
             detail::shown(token) + "')");
      }
      if (const std::string e = detail::take_weight(weights.size() + 1, token, sum, weights);
          !e.empty()) {
        fail(e);
      }
    }
  }
  if (weights.size() != n) {
    fail("expected " + std::to_string(n) + " weights after the first line, found " +
         std::to_string(weights.size()));
  }
  return instance(std::move(weights), target);
}

/// read_instance from the file at path; errors are "path:LINE: ...", and "path: cannot open
/// the file" when it cannot be read.
inline instance read_instance_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw parse_error(path + ": is a directory, not an instance file");
  }
  std::ifstream in(path);
  if (!in) {
    throw parse_error(path + ": cannot open the file");
  }
  return read_instance(in, path);
}

}  // namespace bt::problems::subsets
