// SPDX-License-Identifier: MIT
// What a reported cycle is, and the check every reported cycle passes before it is printed.
//
// The uniqueness rule: an undirected Hamiltonian cycle has n rotations and two directions. It
// is reported once, as the vertex sequence that starts and ends at vertex 0 (1 in output) and
// whose second vertex is smaller than its last-but-one (the direction rule), so "1 2 4 3 1"
// stands for itself and for "1 3 4 2 1", "2 4 3 1 2", ... The textbook lists both directions
// (K4: 6 cycles); a search that does so reports each cycle from vertex 0 in either direction
// (check_cycle with one_direction false), and one that does not gives each cycle's reverse
// beside it (reversed).
#pragma once

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// A Hamiltonian cycle as reported: n + 1 vertices, 0-based, first and last 0.
using cycle = std::vector<vertex>;

/// The cycle closing a path of n vertices that starts at 0 (the search's assignment).
inline cycle close_path(const std::vector<vertex>& path) {
  cycle c(path);
  c.push_back(path.empty() ? 0 : path.front());
  return c;
}

/// The cycle of a solution given as the values of positions 2..n (what the engine's
/// assignment visitor holds): 0, the values, 0.
template <class Values>
cycle cycle_of_values(const Values& values) {
  cycle c;
  c.reserve(values.size() + 2);
  c.push_back(0);
  for (const auto v : values) {
    c.push_back(static_cast<vertex>(v));
  }
  c.push_back(0);
  return c;
}

/// Why c is not a Hamiltonian cycle of g under the uniqueness rule, or "" when it is one;
/// one_direction false: from vertex 0 in either direction. Messages use 1-based vertices.
inline std::string check_cycle(const instance& g, const cycle& c, bool one_direction = true) {
  const std::size_t n = g.n;
  if (n < 3) {
    return "a Hamiltonian cycle needs at least 3 vertices";
  }
  if (c.size() != n + 1) {
    return "the sequence has " + std::to_string(c.size()) + " vertices, not " +
           std::to_string(n + 1);
  }
  if (c.front() != 0 || c.back() != 0) {
    return "the sequence does not start and end at vertex 1";
  }
  std::vector<char> seen(n, 0);
  for (std::size_t i = 0; i < n; ++i) {
    if (c[i] >= n) {
      return "vertex " + std::to_string(c[i] + 1) + " is not in the graph";
    }
    if (seen[c[i]] != 0) {
      return "vertex " + std::to_string(c[i] + 1) + " is visited twice";
    }
    seen[c[i]] = 1;
  }
  for (std::size_t i = 0; i < n; ++i) {
    if (!g.adjacent(c[i], c[i + 1])) {
      return "{" + std::to_string(c[i] + 1) + ", " + std::to_string(c[i + 1] + 1) +
             "} is not an edge";
    }
  }
  if (one_direction && c[1] > c[n - 1]) {
    return "the second vertex is larger than the last-but-one (the reverse is reported)";
  }
  return "";
}

/// The same cycle from vertex 0 the other way round: 0, c[n-1], ..., c[1], 0.
inline cycle reversed(const cycle& c) {
  cycle out(c);
  if (out.size() > 2) {
    std::reverse(out.begin() + 1, out.end() - 1);
  }
  return out;
}

/// The same cycle written under the uniqueness rule: rotated to start at 0 and turned so the
/// second vertex is the smaller neighbour of 0. c is a closed sequence (first == last).
inline cycle canonical(const cycle& c) {
  if (c.size() < 2) {
    return c;
  }
  const std::size_t n = c.size() - 1;
  std::size_t at = 0;
  while (at < n && c[at] != 0) {
    ++at;
  }
  cycle out;
  out.reserve(n + 1);
  for (std::size_t i = 0; i < n; ++i) {
    out.push_back(c[(at + i) % n]);
  }
  out.push_back(out.front());
  if (n >= 3 && out[1] > out[n - 1]) {
    std::reverse(out.begin() + 1, out.end() - 1);
  }
  return out;
}

}  // namespace bt::problems::hamiltonian
