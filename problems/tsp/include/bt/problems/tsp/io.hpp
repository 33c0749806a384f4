// SPDX-License-Identifier: MIT
// Reading instances, the format told by the content: TSPLIB TYPE TSP (tsplib.hpp); the
// Hamiltonian plugin's graph files (DIMACS, TSPLIB HCP, edge lists `u v`: graph/io.hpp), each
// edge of length 1; and weighted edge lists, a line `u v w` an edge of length w. In a graph
// file a pair that is not listed is no edge: a tour never uses it. Errors are one line,
// "FILE:LINE: ...".
#pragma once

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <fstream>
#include <istream>
#include <iterator>
#include <sstream>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <bt/problems/graph/io.hpp>
#include <bt/problems/tsp/instance.hpp>
#include <bt/problems/tsp/tsplib.hpp>

namespace bt::problems::tsp {

/// The largest text read: 256 MiB (a FULL_MATRIX of max_cities cities is about 40 MB).
inline constexpr std::size_t max_text = std::size_t{256} << 20;

/// The formats read_tsp knows.
enum class format { tsplib, hcp, dimacs, edge_list, weighted_edge_list };

/// An instance read from a text, with what the reader noticed but accepted.
struct read_result {
  instance inst;                      ///< the cities and their distances
  format kind = format::tsplib;       ///< the format found
  std::vector<std::string> warnings;  ///< one line each, "FILE:LINE: ..." or "FILE: ..."
};

namespace detail {

// The instance of a graph, each edge of length 1 (a loop or a repeated edge changes nothing).
inline instance unit_instance(const graph::edge_list& e, const std::string& file,
                              std::string name) {
  if (e.n > max_cities) {
    throw parse_error(file + ": the graph has " + std::to_string(e.n) +
                      " vertices, more than the " + std::to_string(max_cities) +
                      " cities supported");
  }
  std::vector<length> d(e.n * e.n, no_edge);
  for (const auto& [u, v] : e.edges) {
    if (u == v) continue;
    d[std::size_t{u} * e.n + v] = 1;
    d[std::size_t{v} * e.n + u] = 1;
  }
  return instance(e.n, std::move(d), std::move(name));
}

// A weighted edge list: lines `u v w` (u, v 1-based, w a whole number 0..max_distance), '#'
// and '%' comments and blank lines; n is the largest vertex. A repeated pair must repeat its
// length; a loop is dropped with a warning.
inline read_result read_weighted(const lines& in) {
  struct edge {
    std::size_t u, v;
    length w;
    std::size_t line;
  };
  std::vector<edge> edges;
  std::size_t n = 0;
  std::size_t loops = 0;
  for (std::size_t i = 0; i < in.size(); ++i) {
    in.check_text(i);
    const auto w = words(in[i]);
    if (w.empty() || w[0].front() == '#' || w[0].front() == '%') continue;
    if (w.size() != 3) {
      in.fail(i, "an edge line of a weighted edge list must read 'U V LENGTH', found " +
                     std::to_string(w.size()) + (w.size() == 1 ? " word" : " words"));
    }
    std::size_t ends[2] = {0, 0};
    for (std::size_t k = 0; k < 2; ++k) {
      const auto v = whole(w[k]);
      if (!v || *v < 1 || static_cast<std::size_t>(*v) > max_cities) {
        in.fail(i, "the vertex '" + bt::shown(w[k]) + "' is not a whole number from 1 to " +
                       std::to_string(max_cities));
      }
      ends[k] = static_cast<std::size_t>(*v);
    }
    const auto len = whole(w[2]);
    if (!len || *len > max_distance) {
      in.fail(i, "the length '" + bt::shown(w[2]) + "' is not a whole number from 0 to " +
                     std::to_string(max_distance));
    }
    n = std::max({n, ends[0], ends[1]});
    if (ends[0] == ends[1]) {
      ++loops;
      continue;
    }
    edges.push_back({ends[0] - 1, ends[1] - 1, *len, i});
  }
  if (n == 0) in.fail(in.size(), "no edges");
  std::vector<length> d(n * n, no_edge);
  std::vector<std::size_t> first_line(n * n, 0);
  for (const edge& e : edges) {
    length& here = d[e.u * n + e.v];
    if (here != no_edge && here != e.w) {
      in.fail(e.line, "the edge " + std::to_string(e.u + 1) + "-" + std::to_string(e.v + 1) +
                          " has length " + std::to_string(e.w) + " here and " +
                          std::to_string(here) + " on line " +
                          std::to_string(first_line[e.u * n + e.v] + 1));
    }
    here = e.w;
    d[e.v * n + e.u] = e.w;
    first_line[e.u * n + e.v] = e.line;
    first_line[e.v * n + e.u] = e.line;
  }
  read_result r{instance(n, std::move(d)), format::weighted_edge_list, {}};
  if (loops != 0) {
    r.warnings.push_back(in.file() + ": " + std::to_string(loops) +
                         (loops == 1 ? " loop (an edge u-u) was" : " loops (edges u-u) were") +
                         " dropped: a tour never uses one");
  }
  return r;
}

// The format of a text by its first line that is not blank (or a comment, for edge lists).
inline format sniff(const lines& in) {
  for (std::size_t i = 0; i < in.size(); ++i) {
    const auto w = words(in[i]);
    if (w.empty()) continue;
    if (w[0].front() == '#' || w[0].front() == '%') continue;  // an edge list's comment
    if (w[0] == "c" || w[0] == "p" || w[0] == "e") return format::dimacs;
    const auto [key, value] = keyword_of(in[i]);
    if (!key.empty() || in[i].find(':') != std::string_view::npos) {
      // A TSPLIB file: TYPE says TSP or HCP (the graph reader's).
      for (std::size_t j = i; j < in.size(); ++j) {
        const auto [k, v] = keyword_of(in[j]);
        if (k == "TYPE") return v == "HCP" ? format::hcp : format::tsplib;
        if (k.ends_with("_SECTION") || k == "EOF") break;
      }
      return format::tsplib;
    }
    return w.size() == 3 ? format::weighted_edge_list : format::edge_list;
  }
  return format::edge_list;
}

}  // namespace detail

/// Read an instance from text; `file` names it in messages. Throws parse_error (one line)
/// for a text the format's reader refuses, a graph of more than max_cities vertices, or an
/// empty text.
inline read_result read_tsp_text(std::string_view text, const std::string& file) {
  const detail::lines in(text, file);
  const format kind = detail::sniff(in);
  if (kind == format::tsplib) return {read_tsplib(text, file), kind, {}};
  if (kind == format::weighted_edge_list) return detail::read_weighted(in);
  // The graph readers' own formats, errors and warnings.
  std::istringstream s{std::string(text)};
  graph::read_result g;
  try {
    g = graph::read_graph(s, file);
  } catch (const graph::graph_error& e) {
    throw parse_error(e.what());
  }
  const format found = g.kind == graph::format::hcp      ? format::hcp
                       : g.kind == graph::format::dimacs ? format::dimacs
                                                         : format::edge_list;
  return {detail::unit_instance(g.edges, file, g.name), found, std::move(g.warnings)};
}

/// read_tsp_text of everything in; throws parse_error past max_text bytes.
inline read_result read_tsp(std::istream& in, const std::string& file) {
  std::string text;
  char buffer[1 << 16];
  while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
    text.append(buffer, static_cast<std::size_t>(in.gcount()));
    if (text.size() > max_text) {
      throw parse_error(file + ": the file is larger than " + std::to_string(max_text >> 20) +
                        " MiB, the most an instance may take");
    }
  }
  return read_tsp_text(text, file);
}

/// read_tsp from the file at path; "path: cannot open the file" when it cannot be read.
inline read_result read_tsp_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) {
    throw parse_error(path + ": is a directory, not an instance file");
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) throw parse_error(path + ": cannot open the file");
  return read_tsp(in, path);
}

}  // namespace bt::problems::tsp
