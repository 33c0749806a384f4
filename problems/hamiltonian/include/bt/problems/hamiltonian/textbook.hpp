// SPDX-License-Identifier: MIT
// The textbook strategy: Horowitz and Sahni's Hamiltonian-cycle backtracking (NextValue).
// Position k of the path tries every vertex in increasing number and keeps one that is
// adjacent to position k-1 and not on the path yet; the last position must also be adjacent
// to the start. Nothing looks further ahead. Both directions of a cycle are the book's own
// listing; by default the direction rule of cycle.hpp keeps one.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <bt/ranges.hpp>
#include <bt/problems/hamiltonian/cycle.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// Trail discipline: the path from vertex 0, a visited flag per vertex, and the adjacency
/// matrix the textbook indexes, one bit per pair, up to matrix_max_vertices (32 MiB); above,
/// where the matrix would take n^2 / 8 bytes (11 GiB at 300,000 vertices), the graph's
/// sorted neighbour lists answer instead (binary search). Each position still tries all n
/// vertices, as NextValue does: a path of n positions costs n^2 / 2 tests at least.
class textbook {
 public:
  using value_type = int;  ///< the vertex (0-based) at the next position of the path

  /// The largest graph given an adjacency matrix.
  static constexpr std::size_t matrix_max_vertices = 16384;

  /// The empty path {0} over g, which must outlive the search; both_directions: every cycle
  /// in both directions, as the textbook lists them (no direction rule).
  explicit textbook(const instance& g, bool both_directions = false)
      : g_(&g),
        both_directions_(both_directions),
        n_(static_cast<int>(g.n)),
        words_(g.n <= matrix_max_vertices ? (g.n + 63) / 64 : 0),
        matrix_(g.n * words_, 0),
        visited_(g.n, 0) {
    for (std::size_t u = 0; u < g.n && words_ != 0; ++u) {
      for (const vertex v : g.adj[u]) {
        matrix_[u * words_ + v / 64] |= std::uint64_t{1} << (v % 64);
      }
    }
    path_.reserve(g.n);
    path_.push_back(0);
    if (n_ > 0) visited_[0] = 1;
  }

  /// Every position filled; n >= 3, since smaller graphs have no cycle.
  [[nodiscard]] bool complete() const { return n_ >= 3 && size() == n_; }
  /// NextValue's order: all vertices, ascending (the start included, as in the book).
  [[nodiscard]] int_range candidates() const { return {0, n_}; }
  /// Adjacent to the path's end and unvisited; at the last position also adjacent to the
  /// start and, unless both directions are wanted, larger than the second vertex (the
  /// direction rule of cycle.hpp).
  [[nodiscard]] bool consistent(int v) const {
    if (visited_[u(v)] != 0 || !adjacent(path_.back(), v)) {
      return false;
    }
    if (size() + 1 < n_) {
      return true;
    }
    return adjacent(v, 0) && size() >= 2 && (both_directions_ || v > path_[1]);
  }
  void assign(int v) {
    visited_[u(v)] = 1;
    path_.push_back(v);
  }
  void unassign(int v) {
    path_.pop_back();
    visited_[u(v)] = 0;
  }

  /// The path so far (0-based vertices), starting at 0.
  [[nodiscard]] const std::vector<int>& path() const { return path_; }
  /// The cycle of a complete path, as reported.
  [[nodiscard]] cycle solution() const {
    return close_path(std::vector<vertex>(path_.begin(), path_.end()));
  }

 private:
  static std::size_t u(int v) { return static_cast<std::size_t>(v); }
  [[nodiscard]] int size() const { return static_cast<int>(path_.size()); }
  [[nodiscard]] bool adjacent(int a, int b) const {
    if (words_ == 0) {
      return g_->adjacent(static_cast<vertex>(a), static_cast<vertex>(b));
    }
    return ((matrix_[u(a) * words_ + u(b) / 64] >> (u(b) % 64)) & 1U) != 0;
  }

  const instance* g_;
  bool both_directions_;
  int n_;
  std::size_t words_;
  std::vector<std::uint64_t> matrix_;
  std::vector<char> visited_;
  std::vector<int> path_;
};

}  // namespace bt::problems::hamiltonian
