// SPDX-License-Identifier: MIT
// Built-in graph families: queen and knight graphs, Mycielski graphs, hypercubes, the
// Petersen graph and the dodecahedron. Each returns an edge_list (vertices 0-based).
#pragma once

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>

#include <bt/problems/graph/graph.hpp>

namespace bt::problems::graph {

/// The largest vertex count a generator builds (the limit of the file readers).
inline constexpr std::size_t max_generated = 10'000'000;

namespace detail {
inline void check_size(std::size_t n, const std::string& what) {
  if (n == 0 || n > max_generated) {
    throw std::invalid_argument(what + " would have " + std::to_string(n) + " vertices; 1.." +
                                std::to_string(max_generated) + " allowed");
  }
}
}  // namespace detail

/// The edges queen_graph(rows, cols) would have, counted without building it: the pairs on
/// each row, column and diagonal.
inline std::uint64_t queen_edges(std::uint64_t rows, std::uint64_t cols) {
  const auto pairs = [](std::uint64_t k) { return k * (k - (k > 0 ? 1 : 0)) / 2; };
  std::uint64_t e = rows * pairs(cols) + cols * pairs(rows);
  for (std::uint64_t d = 0; d + 1 < rows + cols; ++d) {  // the cells with row + col = d
    const std::uint64_t lo = d + 1 > cols ? d + 1 - cols : 0;
    const std::uint64_t hi = std::min(d, rows - 1);
    e += 2 * pairs(hi - lo + 1);  // and as many on the other diagonals
  }
  return e;
}

/// The edges knight_graph(rows, cols) would have: each (1,2) and (2,1) move shape fits in
/// (rows-1)(cols-2) and (rows-2)(cols-1) places, in two mirror images.
inline std::uint64_t knight_edges(std::uint64_t rows, std::uint64_t cols) {
  const auto fits = [](std::uint64_t a, std::uint64_t b) {
    return a >= 1 && b >= 2 ? (a - 1) * (b - 2) : 0;
  };
  return 2 * (fits(rows, cols) + fits(cols, rows));
}

/// The edges mycielski(k) would have: m(1) = 1, m(k+1) = 3 m(k) + n(k) (each edge, its two
/// shadows, and the apex's edge to each shadow vertex); exact for k up to 30.
inline std::uint64_t mycielski_edges(int k) {
  std::uint64_t n = 2;
  std::uint64_t m = 1;
  for (int i = 1; i < k && i < 30; ++i) {
    m = 3 * m + n;
    n = 2 * n + 1;
  }
  return m;
}

/// The edges hypercube(d) would have: d 2^(d-1) (exact for d up to 40).
inline std::uint64_t hypercube_edges(int d) {
  return d < 1 ? 0 : static_cast<std::uint64_t>(d) << std::min(d - 1, 40);
}

/// Queen graph R x C: squares, adjacent when a queen moves between them (DIMACS queenR_C).
template <class Stop = never_stop>
edge_list queen_graph(std::size_t rows, std::size_t cols, Stop stop = {}) {
  detail::check_size(rows * cols,
                     "queen graph " + std::to_string(rows) + "x" + std::to_string(cols));
  edge_list e{rows * cols, {}};
  e.edges.reserve(queen_edges(rows, cols));
  const auto id = [&](std::size_t r, std::size_t c) { return static_cast<vertex>(r * cols + c); };
  // Along the lines from each square (right, down, both diagonals down): linear in the edges.
  for (std::size_t r1 = 0; r1 < rows; ++r1)
    for (std::size_t c1 = 0; c1 < cols; ++c1) {
      if (stop()) throw build_stopped();
      for (std::size_t c2 = c1 + 1; c2 < cols; ++c2) e.edges.emplace_back(id(r1, c1), id(r1, c2));
      for (std::size_t dr = 1; r1 + dr < rows; ++dr) {
        e.edges.emplace_back(id(r1, c1), id(r1 + dr, c1));
        if (c1 + dr < cols) e.edges.emplace_back(id(r1, c1), id(r1 + dr, c1 + dr));
        if (dr <= c1) e.edges.emplace_back(id(r1, c1), id(r1 + dr, c1 - dr));
      }
    }
  return e;
}

/// Knight graph R x C: squares, adjacent when a knight moves between them.
template <class Stop = never_stop>
edge_list knight_graph(std::size_t rows, std::size_t cols, Stop stop = {}) {
  detail::check_size(rows * cols,
                     "knight graph " + std::to_string(rows) + "x" + std::to_string(cols));
  edge_list e{rows * cols, {}};
  e.edges.reserve(knight_edges(rows, cols));
  for (std::size_t r = 0; r < rows; ++r) {
    if (stop()) throw build_stopped();
    for (std::size_t c = 0; c < cols; ++c)
      for (const auto [dr, dc] :
           std::array<std::array<long, 2>, 4>{{{1, 2}, {2, 1}, {1, -2}, {2, -1}}}) {
        const long r2 = static_cast<long>(r) + dr;
        const long c2 = static_cast<long>(c) + dc;
        if (r2 < static_cast<long>(rows) && c2 >= 0 && c2 < static_cast<long>(cols)) {
          e.edges.emplace_back(static_cast<vertex>(r * cols + c),
                               static_cast<vertex>(static_cast<std::size_t>(r2) * cols +
                                                   static_cast<std::size_t>(c2)));
        }
      }
  }
  return e;
}

/// Mycielski graph in DIMACS numbering: mycielski(1) = K2, mycielski(k+1) = the Mycielskian of
/// mycielski(k); so mycielski(3) is myciel3.col (11 vertices, chromatic number 4) and
/// mycielski(k) has chromatic number k + 1 and 3 * 2^(k-1) - 1 vertices.
template <class Stop = never_stop>
edge_list mycielski(int k, Stop stop = {}) {
  if (k < 1 || k > 22) {
    throw std::invalid_argument("mycielski order " + std::to_string(k) + " is out of range 1..22");
  }
  edge_list g{2, {{0, 1}}};
  for (int i = 1; i < k; ++i) {
    const auto n = static_cast<vertex>(g.n);
    edge_list h{2 * g.n + 1, {}};
    h.edges.reserve(3 * g.edges.size() + g.n);
    h.edges.assign(g.edges.begin(), g.edges.end());
    std::size_t done = 0;
    for (const auto& [u, v] : g.edges) {  // shadow u' of u joins the neighbours of u
      if ((++done & 0xFFFFU) == 0 && stop()) throw build_stopped();
      h.edges.emplace_back(u, v + n);
      h.edges.emplace_back(v, u + n);
    }
    for (vertex u = 0; u < n; ++u) h.edges.emplace_back(u + n, 2 * n);  // the apex
    g = std::move(h);
  }
  return g;
}

/// Hypercube Q_d: d-bit words, adjacent when they differ in one bit.
template <class Stop = never_stop>
edge_list hypercube(int d, Stop stop = {}) {
  if (d < 1 || d > 23) {
    throw std::invalid_argument("hypercube dimension " + std::to_string(d) +
                                " is out of range 1..23");
  }
  const std::size_t n = std::size_t{1} << d;
  edge_list e{n, {}};
  e.edges.reserve(n / 2 * static_cast<std::size_t>(d));
  for (std::size_t v = 0; v < n; ++v) {
    if ((v & 0xFFFFU) == 0 && stop()) throw build_stopped();
    for (int b = 0; b < d; ++b) {
      const std::size_t w = v ^ (std::size_t{1} << b);
      if (v < w) e.edges.emplace_back(static_cast<vertex>(v), static_cast<vertex>(w));
    }
  }
  return e;
}

/// The Petersen graph: outer 5-cycle 0..4, inner pentagram 5..9, spokes i -- i+5.
inline edge_list petersen() {
  edge_list e{10, {}};
  for (vertex i = 0; i < 5; ++i) {
    e.edges.emplace_back(i, (i + 1) % 5);
    e.edges.emplace_back(i + 5, (i + 2) % 5 + 5);
    e.edges.emplace_back(i, i + 5);
  }
  return e;
}

/// The dodecahedron: a 20-cycle with chords by LCF notation [10,7,4,-4,-7,10,-4,7,-7,4]^2.
inline edge_list dodecahedron() {
  constexpr std::array<int, 10> lcf{10, 7, 4, -4, -7, 10, -4, 7, -7, 4};
  edge_list e{20, {}};
  for (int i = 0; i < 20; ++i) {
    e.edges.emplace_back(static_cast<vertex>(i), static_cast<vertex>((i + 1) % 20));
    const int j = ((i + lcf[static_cast<std::size_t>(i % 10)]) % 20 + 20) % 20;
    if (i < j) e.edges.emplace_back(static_cast<vertex>(i), static_cast<vertex>(j));
  }
  return e;
}

/// "RxC" as two positive numbers, e.g. for --queen-graph 8x8; throws std::invalid_argument.
inline std::pair<std::size_t, std::size_t> parse_dimensions(const std::string& text) {
  const auto x = text.find('x');
  const auto num = [&](const std::string& s) {
    if (s.empty() || s.size() > 7 || s.find_first_not_of("0123456789") != std::string::npos) {
      throw std::invalid_argument("'" + text + "' is not ROWSxCOLUMNS (e.g. 8x8)");
    }
    const auto v = std::stoul(s);
    if (v == 0) throw std::invalid_argument("'" + text + "' has a zero dimension");
    return static_cast<std::size_t>(v);
  };
  if (x == std::string::npos)
    throw std::invalid_argument("'" + text + "' is not ROWSxCOLUMNS (e.g. 8x8)");
  return {num(text.substr(0, x)), num(text.substr(x + 1))};
}

}  // namespace bt::problems::graph
