// SPDX-License-Identifier: MIT
// A symmetric travelling-salesman instance: n cities and a distance for each pair, or no
// edge (a graph that is not complete: the tour must not use the pair). Validated once and
// shared by every strategy, the bounds and the dynamic programme; what a tour is, and how it
// is checked. Cities are 0-based inside, 1-based in files and reports; city 0 (1) is where
// every tour starts.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bt::problems::tsp {

/// A city, 0-based.
using city = std::uint32_t;
/// A distance or a length of a path or tour.
using length = std::int64_t;

/// The most cities an instance may have: its n x n matrix is then 32 MB. A branch and bound
/// over a path tree proves optimality far below it (docs/problems/tsp.md).
inline constexpr std::size_t max_cities = 2000;
/// The largest distance: 10^9. n of them sum below 2^63 even scaled by the bound's
/// precision (one_tree.hpp).
inline constexpr length max_distance = 1'000'000'000;
/// The distance of a pair that is not an edge.
inline constexpr length no_edge = -1;

/// An instance that cannot be searched; what() is one line.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// n cities and their symmetric distances, row-major, no_edge for a missing edge.
class instance {
 public:
  /// Validate and keep the matrix (n * n entries; the diagonal is ignored). Throws
  /// invalid_input for n = 0 or more than max_cities, a matrix of the wrong size, an entry
  /// below 0 (other than no_edge) or above max_distance, or d(i, j) != d(j, i); the message
  /// names the pair, 1-based.
  instance(std::size_t n, std::vector<length> d, std::string name = {})
      : n_(n), d_(std::move(d)), name_(std::move(name)) {
    if (n_ == 0) throw invalid_input("there are no cities");
    if (n_ > max_cities) {
      throw invalid_input(std::to_string(n_) + " cities are more than the " +
                          std::to_string(max_cities) + " supported");
    }
    if (d_.size() != n_ * n_) {
      throw invalid_input("the matrix has " + std::to_string(d_.size()) + " entries, not " +
                          std::to_string(n_) + " x " + std::to_string(n_));
    }
    for (std::size_t i = 0; i < n_; ++i) {
      d_[i * n_ + i] = 0;
      for (std::size_t j = 0; j < n_; ++j) {
        const length x = d_[i * n_ + j];
        if (x != no_edge && (x < 0 || x > max_distance)) {
          throw invalid_input("the distance " + pair(i, j) + " is " + std::to_string(x) +
                              "; distances are whole numbers from 0 to " +
                              std::to_string(max_distance));
        }
        if (x != d_[j * n_ + i]) {
          throw invalid_input("the distances are not symmetric: " + pair(i, j) + " is " + shown(x) +
                              ", " + pair(j, i) + " is " + shown(d_[j * n_ + i]));
        }
        if (x == no_edge) complete_ = false;
      }
    }
  }

  /// Number of cities.
  [[nodiscard]] std::size_t n() const { return n_; }
  /// The distance of i and j (0 when i = j), or no_edge.
  [[nodiscard]] length d(std::size_t i, std::size_t j) const { return d_[i * n_ + j]; }
  /// Whether i and j are joined (i != j).
  [[nodiscard]] bool edge(std::size_t i, std::size_t j) const {
    return i != j && d_[i * n_ + j] != no_edge;
  }
  /// The row of city i: d(i, 0), ..., d(i, n - 1).
  [[nodiscard]] std::span<const length> row(std::size_t i) const {
    return {d_.data() + i * n_, n_};
  }
  /// Whether every pair is an edge.
  [[nodiscard]] bool complete() const { return complete_; }
  /// The instance's name (a TSPLIB NAME, a file's), possibly empty.
  [[nodiscard]] const std::string& name() const { return name_; }

 private:
  static std::string shown(length x) { return x == no_edge ? "no edge" : std::to_string(x); }
  static std::string pair(std::size_t i, std::size_t j) {
    return std::to_string(i + 1) + "-" + std::to_string(j + 1);
  }

  std::size_t n_;
  std::vector<length> d_;
  std::string name_;
  bool complete_ = true;
};

/// A tour as it is reported.
struct solution {
  std::int64_t length = 0;        ///< the tour's length, the edge back to city 1 included
  std::vector<std::size_t> tour;  ///< the cities in tour order, 1-based, from city 1
  friend bool operator==(const solution&, const solution&) = default;
};

/// The length of the closed tour through `order` (0-based cities, from city 0), or nothing
/// when it is not every city once from city 0 or uses a pair that is not an edge.
inline std::optional<length> tour_length(const instance& in, std::span<const city> order) {
  const std::size_t n = in.n();
  if (order.size() != n || order.front() != 0) return std::nullopt;
  std::vector<char> seen(n, 0);
  length sum = 0;
  for (std::size_t k = 0; k < n; ++k) {
    const city c = order[k];
    if (c >= n || seen[c] != 0) return std::nullopt;
    seen[c] = 1;
    if (n == 1) break;
    const city next = order[(k + 1) % n];
    if (next >= n || in.d(c, next) == no_edge || c == next) return std::nullopt;
    sum += in.d(c, next);  // n distances of at most 10^9: no overflow
  }
  return sum;
}

/// The solution of the tour `order` (0-based, from city 0); nothing when it is no tour.
inline std::optional<solution> make_solution(const instance& in, std::span<const city> order) {
  const auto len = tour_length(in, order);
  if (!len) return std::nullopt;
  solution s;
  s.length = *len;
  for (const city c : order) s.tour.push_back(std::size_t{c} + 1);
  return s;
}

}  // namespace bt::problems::tsp
