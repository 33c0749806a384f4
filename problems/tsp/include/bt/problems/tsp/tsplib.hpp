// SPDX-License-Identifier: MIT
// TSPLIB files of TYPE TSP (Reinelt, "TSPLIB 95", Universitaet Heidelberg): the header
// keywords, NODE_COORD_SECTION with EDGE_WEIGHT_TYPE EUC_2D, CEIL_2D, ATT or GEO, and
// EDGE_WEIGHT_SECTION with EDGE_WEIGHT_TYPE EXPLICIT in the formats FULL_MATRIX, UPPER_ROW,
// LOWER_ROW, UPPER_DIAG_ROW and LOWER_DIAG_ROW. The distances are TSPLIB's, rounding
// included, so TSPLIB's published optima hold. Every error is one line, "FILE:LINE: ...".
#pragma once

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <bt/text.hpp>
#include <bt/problems/tsp/instance.hpp>

namespace bt::problems::tsp {

/// Thrown for a malformed instance text; what() is one line, "FILE:LINE: ..." for files.
struct parse_error : invalid_input {
  using invalid_input::invalid_input;
};

/// A city's coordinates as a TSPLIB file gives them.
struct point {
  double x = 0;  ///< x, or a GEO latitude in DDD.MM (degrees and minutes)
  double y = 0;  ///< y, or a GEO longitude in DDD.MM
};

/// TSPLIB's distance functions (TSPLIB 95, section 2). Each rounds as TSPLIB does; a distance
/// past max_distance comes back as max_distance + 1, for the reader to refuse.
namespace distance {

namespace detail {
// A rounded distance as a length, max_distance + 1 when it is larger (or not a number).
inline length clamp(double r) {
  return r >= 0 && r <= static_cast<double>(max_distance) ? static_cast<length>(r)
                                                          : max_distance + 1;
}
}  // namespace detail

/// TSPLIB's nint: (int) (x + 0.5), for x >= 0.
inline length nint(double x) { return detail::clamp(x + 0.5); }

/// EUC_2D: the Euclidean distance rounded to the nearest whole number.
inline length euc_2d(point a, point b) {
  const double xd = a.x - b.x;
  const double yd = a.y - b.y;
  return nint(std::sqrt(xd * xd + yd * yd));
}

/// CEIL_2D: the Euclidean distance rounded up.
inline length ceil_2d(point a, point b) {
  const double xd = a.x - b.x;
  const double yd = a.y - b.y;
  return detail::clamp(std::ceil(std::sqrt(xd * xd + yd * yd)));
}

/// ATT: the pseudo-Euclidean distance of att48 and att532: r = sqrt((xd^2 + yd^2) / 10),
/// t = nint(r), and t + 1 when t < r.
inline length att(point a, point b) {
  const double xd = a.x - b.x;
  const double yd = a.y - b.y;
  const double r = std::sqrt((xd * xd + yd * yd) / 10.0);
  const length t = nint(r);
  return static_cast<double>(t) < r ? detail::clamp(static_cast<double>(t) + 1) : t;
}

/// A GEO coordinate DDD.MM in radians, as TSPLIB converts it: PI = 3.141592 and the degrees
/// truncated, deg = (int) x. (TSPLIB 95's text writes nint(x); its published optima, its
/// optimal tours and its FAQ's code truncate: ulysses16 is 6859 by truncation, 6917 by nint.)
inline double geo_radians(double x) {
  constexpr double pi = 3.141592;
  const double deg = std::trunc(x);
  const double min = x - deg;
  return pi * (deg + 5.0 * min / 3.0) / 180.0;
}

/// GEO: the great-circle distance on the ideal sphere of radius RRR = 6378.388 km,
/// (int) (RRR * acos(...) + 1.0).
inline length geo(point a, point b) {
  constexpr double rrr = 6378.388;
  const double lat_a = geo_radians(a.x);
  const double lon_a = geo_radians(a.y);
  const double lat_b = geo_radians(b.x);
  const double lon_b = geo_radians(b.y);
  const double q1 = std::cos(lon_a - lon_b);
  const double q2 = std::cos(lat_a - lat_b);
  const double q3 = std::cos(lat_a + lat_b);
  return detail::clamp(rrr * std::acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0);
}

}  // namespace distance

/// The distance functions of NODE_COORD_SECTION files.
enum class weight_type { euc_2d, ceil_2d, att, geo, explicit_matrix };

/// The distance of a and b by t (not explicit_matrix).
inline length coordinate_distance(weight_type t, point a, point b) {
  switch (t) {
    case weight_type::euc_2d: return distance::euc_2d(a, b);
    case weight_type::ceil_2d: return distance::ceil_2d(a, b);
    case weight_type::att: return distance::att(a, b);
    case weight_type::geo: return distance::geo(a, b);
    case weight_type::explicit_matrix: break;
  }
  return no_edge;
}

namespace detail {

inline bool blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

// The whitespace-separated words of a line.
inline std::vector<std::string_view> words(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && blank(line[i])) ++i;
    const std::size_t start = i;
    while (i < line.size() && !blank(line[i])) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

inline std::string_view trim(std::string_view s) {
  while (!s.empty() && blank(s.front())) s.remove_prefix(1);
  while (!s.empty() && blank(s.back())) s.remove_suffix(1);
  return s;
}

// A text as numbered lines, with the file name for messages.
class lines {
 public:
  lines(std::string_view text, std::string file) : file_(std::move(file)) {
    if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
    std::size_t start = 0;
    while (start < text.size()) {
      const std::size_t nl = text.find('\n', start);
      const std::size_t end = nl == std::string_view::npos ? text.size() : nl;
      lines_.push_back(text.substr(start, end - start));
      start = end + 1;
    }
  }
  [[nodiscard]] std::size_t size() const { return lines_.size(); }
  [[nodiscard]] std::string_view operator[](std::size_t i) const { return lines_[i]; }
  [[nodiscard]] const std::string& file() const { return file_; }
  // Fail at line i (0-based; past the end: the last line).
  [[noreturn]] void fail(std::size_t i, const std::string& what) const {
    const std::size_t shown_line = lines_.empty() ? 1 : std::min(i, lines_.size() - 1) + 1;
    throw parse_error(file_ + ":" + std::to_string(shown_line) + ": " + what);
  }
  // Refuse control characters other than white space: a binary file is no instance.
  void check_text(std::size_t i) const {
    for (const char c : lines_[i]) {
      const auto u = static_cast<unsigned char>(c);
      if ((u < 0x20 && !blank(c)) || u == 0x7f) fail(i, "binary data, not an instance file");
    }
  }

 private:
  std::string file_;
  std::vector<std::string_view> lines_;
};

// A whole number 0..max_distance, or nothing.
inline std::optional<length> whole(std::string_view t) {
  if (t.empty() || t.size() > 18 || t.find_first_not_of("0123456789") != std::string_view::npos) {
    return std::nullopt;
  }
  length v = 0;
  for (const char c : t) v = v * 10 + (c - '0');
  return v;
}

// A decimal number as TSPLIB writes coordinates ("565.0", "-12.5", "1.2e+03"), or nothing.
// strtod rather than from_chars, which the WebAssembly build's libc++ lacks for doubles; the
// character check keeps out what strtod alone would take (hexadecimal, "inf", blanks).
inline std::optional<double> real(std::string_view t) {
  if (t.empty() || t.size() > 64 ||
      t.find_first_not_of("0123456789.+-eE") != std::string_view::npos) {
    return std::nullopt;
  }
  const std::string s(t);
  char* stop = nullptr;
  const double v = std::strtod(s.c_str(), &stop);
  if (stop != s.c_str() + s.size() || !std::isfinite(v)) return std::nullopt;
  return v;
}

// The keywords of TSPLIB's specification part and its data sections.
inline bool is_keyword(std::string_view w) {
  for (const std::string_view k :
       {"NAME", "TYPE", "COMMENT", "DIMENSION", "CAPACITY", "EDGE_WEIGHT_TYPE",
        "EDGE_WEIGHT_FORMAT", "EDGE_DATA_FORMAT", "NODE_COORD_TYPE", "DISPLAY_DATA_TYPE", "EOF",
        "NODE_COORD_SECTION", "DEPOT_SECTION", "DEMAND_SECTION", "EDGE_DATA_SECTION",
        "FIXED_EDGES_SECTION", "DISPLAY_DATA_SECTION", "TOUR_SECTION", "EDGE_WEIGHT_SECTION"}) {
    if (w == k) return true;
  }
  return false;
}

// A line's keyword and value: "KEY : VALUE", "KEY: VALUE" or a section name alone ("KEY" or
// "KEY :"); the key is empty when the line starts with none.
inline std::pair<std::string_view, std::string_view> keyword_of(std::string_view line) {
  const std::size_t colon = line.find(':');
  const std::string_view key = trim(line.substr(0, colon));
  if (!is_keyword(key)) return {};
  return {key, colon == std::string_view::npos ? std::string_view() : trim(line.substr(colon + 1))};
}

enum class matrix_format { full, upper_row, lower_row, upper_diag_row, lower_diag_row };

// How many numbers a format of n cities lists.
inline std::size_t matrix_entries(matrix_format f, std::size_t n) {
  switch (f) {
    case matrix_format::full: return n * n;
    case matrix_format::upper_row:
    case matrix_format::lower_row: return n * (n - 1) / 2;
    case matrix_format::upper_diag_row:
    case matrix_format::lower_diag_row: return n * (n + 1) / 2;
  }
  return 0;
}

// Entry k of format f, as (row, column).
class matrix_walk {
 public:
  matrix_walk(matrix_format f, std::size_t n) : f_(f), n_(n) { start(); }
  [[nodiscard]] std::pair<std::size_t, std::size_t> at() const { return {i_, j_}; }
  void next() {
    ++j_;
    const bool row_done = f_ == matrix_format::lower_row        ? j_ == i_
                          : f_ == matrix_format::lower_diag_row ? j_ > i_
                                                                : j_ == n_;
    if (!row_done) return;
    ++i_;
    switch (f_) {
      case matrix_format::upper_row: j_ = i_ + 1; break;
      case matrix_format::upper_diag_row: j_ = i_; break;
      case matrix_format::full:
      case matrix_format::lower_row:
      case matrix_format::lower_diag_row: j_ = 0; break;
    }
  }

 private:
  void start() {
    i_ = f_ == matrix_format::lower_row ? 1 : 0;
    j_ = f_ == matrix_format::upper_row ? 1 : 0;
  }
  matrix_format f_;
  std::size_t n_;
  std::size_t i_ = 0;
  std::size_t j_ = 0;
};

}  // namespace detail

/// Read a TSPLIB file of TYPE TSP from its text; `file` names it in messages. Throws
/// parse_error for a TYPE other than TSP, an EDGE_WEIGHT_TYPE or EDGE_WEIGHT_FORMAT not listed
/// above, a missing or out-of-range DIMENSION, a section that is short, long or holds
/// something other than numbers, a city listed twice or not at all, an asymmetric
/// FULL_MATRIX, and a distance past max_distance.
inline instance read_tsplib(std::string_view text, const std::string& file) {
  using detail::matrix_format;
  const detail::lines in(text, file);
  std::string name;
  std::size_t n = 0;
  std::optional<weight_type> type;
  std::optional<matrix_format> format;
  std::vector<point> coords;
  std::vector<length> d;
  bool have_coords = false;
  bool have_weights = false;
  std::size_t i = 0;
  const auto need_dimension = [&](std::string_view section) {
    if (n == 0) in.fail(i, std::string(section) + " before DIMENSION");
  };
  for (; i < in.size(); ++i) {
    in.check_text(i);
    const std::string_view line = in[i];
    if (detail::words(line).empty()) continue;
    const auto [key, value] = detail::keyword_of(line);
    const auto words = detail::words(value);
    const std::string shown_value = bt::shown(value);
    if (key.empty()) {
      in.fail(i, "expected a TSPLIB keyword, found '" + bt::shown(detail::words(line)[0]) + "'");
    }
    if (key == "EOF") break;
    if (key == "NAME") {
      name = bt::shown(value, 200);
    } else if (key == "COMMENT" || key == "DISPLAY_DATA_TYPE") {
      // Free text, and how to draw the cities: neither changes a distance.
    } else if (key == "TYPE") {
      if (value != "TSP") {
        in.fail(i, "TYPE " + shown_value + " is not supported; only TSP (symmetric) is");
      }
    } else if (key == "DIMENSION") {
      const auto v = words.size() == 1 ? detail::whole(words[0]) : std::nullopt;
      if (!v || *v < 1)
        in.fail(i, "DIMENSION must be a whole number of cities, not '" + shown_value + "'");
      if (static_cast<std::size_t>(*v) > max_cities) {
        in.fail(i, "DIMENSION " + std::to_string(*v) + " is more than the " +
                       std::to_string(max_cities) + " cities supported");
      }
      if (n != 0) in.fail(i, "a second DIMENSION");
      n = static_cast<std::size_t>(*v);
    } else if (key == "EDGE_WEIGHT_TYPE") {
      if (value == "EUC_2D") {
        type = weight_type::euc_2d;
      } else if (value == "CEIL_2D") {
        type = weight_type::ceil_2d;
      } else if (value == "ATT") {
        type = weight_type::att;
      } else if (value == "GEO") {
        type = weight_type::geo;
      } else if (value == "EXPLICIT") {
        type = weight_type::explicit_matrix;
      } else {
        in.fail(i, "EDGE_WEIGHT_TYPE " + shown_value +
                       " is not supported (EUC_2D, CEIL_2D, ATT, GEO and EXPLICIT are)");
      }
    } else if (key == "EDGE_WEIGHT_FORMAT") {
      if (value == "FULL_MATRIX") {
        format = matrix_format::full;
      } else if (value == "UPPER_ROW") {
        format = matrix_format::upper_row;
      } else if (value == "LOWER_ROW") {
        format = matrix_format::lower_row;
      } else if (value == "UPPER_DIAG_ROW") {
        format = matrix_format::upper_diag_row;
      } else if (value == "LOWER_DIAG_ROW") {
        format = matrix_format::lower_diag_row;
      } else if (value != "FUNCTION") {
        in.fail(i, "EDGE_WEIGHT_FORMAT " + shown_value +
                       " is not supported (FULL_MATRIX, UPPER_ROW, LOWER_ROW, UPPER_DIAG_ROW and "
                       "LOWER_DIAG_ROW are)");
      }
    } else if (key == "NODE_COORD_TYPE") {
      if (value != "TWOD_COORDS" && value != "NO_COORDS") {
        in.fail(i, "NODE_COORD_TYPE " + shown_value + " is not supported (TWOD_COORDS is)");
      }
    } else if (key == "NODE_COORD_SECTION" || key == "DISPLAY_DATA_SECTION") {
      need_dimension(key);
      const bool display = key == "DISPLAY_DATA_SECTION";
      if (!display && have_coords) in.fail(i, "a second NODE_COORD_SECTION");
      std::vector<point> read(n);
      std::vector<char> seen(n, 0);
      for (std::size_t k = 0; k < n;) {
        if (++i == in.size()) {
          in.fail(i, std::string(key) + " ends after " + std::to_string(k) + " of " +
                         std::to_string(n) + " cities");
        }
        in.check_text(i);
        const auto w = detail::words(in[i]);
        if (w.empty()) continue;
        if (detail::is_keyword(detail::keyword_of(in[i]).first)) {
          in.fail(i, std::string(key) + " ends after " + std::to_string(k) + " of " +
                         std::to_string(n) + " cities");
        }
        if (w.size() != 3) {
          in.fail(i,
                  "a city line must read 'CITY X Y', found " + std::to_string(w.size()) + " words");
        }
        const auto c = detail::whole(w[0]);
        if (!c || *c < 1 || static_cast<std::size_t>(*c) > n) {
          in.fail(i, "the city '" + bt::shown(w[0]) + "' is not a whole number from 1 to " +
                         std::to_string(n));
        }
        const auto x = detail::real(w[1]);
        const auto y = detail::real(w[2]);
        if (!x || !y) {
          in.fail(i, "the coordinate '" + bt::shown(!x ? w[1] : w[2]) + "' is not a number");
        }
        const auto city_index = static_cast<std::size_t>(*c - 1);
        if (seen[city_index] != 0) {
          in.fail(i, "city " + std::to_string(*c) + " is listed twice");
        }
        seen[city_index] = 1;
        read[city_index] = {*x, *y};
        ++k;
      }
      if (!display) {
        coords = std::move(read);
        have_coords = true;
      }
    } else if (key == "EDGE_WEIGHT_SECTION") {
      need_dimension(key);
      if (have_weights) in.fail(i, "a second EDGE_WEIGHT_SECTION");
      if (!format) in.fail(i, "EDGE_WEIGHT_SECTION without EDGE_WEIGHT_FORMAT");
      const std::size_t count = detail::matrix_entries(*format, n);
      d.assign(n * n, no_edge);
      detail::matrix_walk at(*format, n);
      std::size_t k = 0;
      while (k < count) {
        if (++i == in.size()) {
          in.fail(i, "EDGE_WEIGHT_SECTION ends after " + std::to_string(k) + " of the " +
                         std::to_string(count) + " distances " + std::to_string(n) +
                         " cities need");
        }
        in.check_text(i);
        const auto w = detail::words(in[i]);
        if (!w.empty() && detail::is_keyword(detail::keyword_of(in[i]).first)) {
          in.fail(i, "EDGE_WEIGHT_SECTION ends after " + std::to_string(k) + " of the " +
                         std::to_string(count) + " distances " + std::to_string(n) +
                         " cities need");
        }
        for (const std::string_view t : w) {
          if (k == count) {
            in.fail(i, "more distances than the " + std::to_string(count) + " " +
                           std::to_string(n) + " cities need (extra '" + bt::shown(t) + "')");
          }
          const auto v = detail::whole(t);
          if (!v || *v > max_distance) {
            in.fail(i, "a distance must be a whole number from 0 to " +
                           std::to_string(max_distance) + ", not '" + bt::shown(t) + "'");
          }
          const auto [r, c] = at.at();
          if (r != c) {
            const length other = d[c * n + r];
            if (*format == matrix_format::full && other != no_edge && other != *v) {
              in.fail(i, "the matrix is not symmetric: " + std::to_string(r + 1) + "-" +
                             std::to_string(c + 1) + " is " + std::to_string(*v) + ", " +
                             std::to_string(c + 1) + "-" + std::to_string(r + 1) + " is " +
                             std::to_string(other) + " (TYPE TSP is symmetric)");
            }
            d[r * n + c] = *v;
            d[c * n + r] = *v;
          }
          at.next();
          ++k;
        }
      }
      have_weights = true;
    } else {
      in.fail(i, std::string(key) + " is not supported for TYPE TSP");
    }
  }
  if (n == 0) in.fail(i, "no DIMENSION");
  if (!type) in.fail(i, "no EDGE_WEIGHT_TYPE");
  if (*type == weight_type::explicit_matrix) {
    if (!have_weights) in.fail(i, "EDGE_WEIGHT_TYPE EXPLICIT without an EDGE_WEIGHT_SECTION");
  } else {
    if (!have_coords) in.fail(i, "no NODE_COORD_SECTION");
    d.assign(n * n, 0);
    for (std::size_t a = 0; a < n; ++a) {
      for (std::size_t b = a + 1; b < n; ++b) {
        const length x = coordinate_distance(*type, coords[a], coords[b]);
        if (x > max_distance) {
          throw parse_error(file + ": cities " + std::to_string(a + 1) + " and " +
                            std::to_string(b + 1) + " are more than " +
                            std::to_string(max_distance) + " apart");
        }
        d[a * n + b] = x;
        d[b * n + a] = x;
      }
    }
  }
  return instance(n, std::move(d), std::move(name));
}

}  // namespace bt::problems::tsp
