// SPDX-License-Identifier: MIT
// Graph file readers: DIMACS (.col colouring files and DIMACS edge files), TSPLIB HCP, plain
// edge lists (of numbers or of names) and AIMA's neighbour lists of named vertices
// (`SA: WA NT Q; T:`); the format is told by the content. Errors name FILE:LINE.
#pragma once

#include <cctype>
#include <charconv>
#include <cstddef>
#include <cstdint>
#include <fstream>
#include <istream>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <bt/text.hpp>
#include <bt/problems/graph/graph.hpp>

namespace bt::problems::graph {

/// The largest vertex count a file may declare: refused before anything is allocated.
inline constexpr std::size_t max_vertices = 10'000'000;

/// The longest vertex name, in bytes: a name is a label on a picture, not a text.
inline constexpr std::size_t max_name = 100;

/// The most edges a file may list: refused at the next one, before the edge list, the graph
/// and the searches' copies of it (about 100 bytes an edge in all) outgrow a few GB.
inline constexpr std::size_t max_edges = 20'000'000;

/// A file that cannot be read as a graph; what() is one line "FILE:LINE: what is wrong".
struct graph_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The file formats the readers know.
enum class format { dimacs, hcp, edge_list, neighbours };

/// A graph read from a file, with what the reader noticed but accepted.
struct read_result {
  edge_list edges;                  ///< vertices and edges as given
  format kind = format::edge_list;  ///< the format found
  std::string name;                 ///< NAME of an HCP file, else empty
  /// The vertices' names in order of first appearance (neighbour lists, edge lists of names);
  /// empty when the vertices are numbers.
  std::vector<std::string> names;
  std::vector<std::string> warnings;  ///< one line each, "FILE:LINE: ..." or "FILE: ..."
};

namespace detail {

// Splits a line into whitespace-separated tokens (CR and tabs are white space).
inline std::vector<std::string_view> tokens(std::string_view line) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    const std::size_t start = i;
    while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i]))) ++i;
    if (i > start) out.push_back(line.substr(start, i - start));
  }
  return out;
}

inline bool is_comment(std::string_view first) {
  return first.front() == '#' || first.front() == '%';
}

class reader {
 public:
  reader(std::istream& in, std::string file) : in_(in), file_(std::move(file)) {
    bt::skip_bom(in_);
  }

  bool next(std::string& line) {
    const bt::line_status st = bt::read_line(in_, line);
    if (st == bt::line_status::eof) return false;
    ++line_no_;
    if (st == bt::line_status::too_long) {
      // A comment of any length is skipped unstored; a data line that long is no graph.
      const auto t = tokens(line);
      if (t.empty() || !(t[0] == "c" || is_comment(t[0]) || t[0].starts_with("COMMENT"))) {
        fail("the line is longer than " + std::to_string(bt::max_line) +
             " bytes (1 MiB), the most a data line may hold");
      }
      bt::skip_line(in_);
    }
    // Text has no control characters but white space; UTF-8 in comments is fine.
    for (const char c : line) {
      const auto u = static_cast<unsigned char>(c);
      if ((u < 0x20 && c != '\t' && c != '\r' && c != '\v' && c != '\f') || u == 0x7f) {
        fail("binary data, not a graph file");
      }
    }
    return true;
  }
  [[noreturn]] void fail(const std::string& what) const {
    throw graph_error(file_ + ":" + std::to_string(line_no_) + ": " + what);
  }
  std::string where() const { return file_ + ":" + std::to_string(line_no_); }
  const std::string& file() const { return file_; }
  std::size_t line_no() const { return line_no_; }

  // A whole number in [lo, hi] or fail naming `what`.
  std::int64_t number(std::string_view t, std::string_view what, std::int64_t lo,
                      std::int64_t hi) const {
    std::int64_t v = 0;
    const auto [p, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec == std::errc::result_out_of_range) {
      fail(std::string(what) + " '" + bt::shown(t) + "' is out of range");
    }
    if (ec != std::errc{} || p != t.data() + t.size()) {
      fail(std::string(what) + " must be a whole number, not '" + bt::shown(t) + "'");
    }
    if (v < lo || v > hi) {
      fail(std::string(what) + " " + std::to_string(v) + " is out of range " + std::to_string(lo) +
           ".." + std::to_string(hi));
    }
    return v;
  }
  // Room for one more edge after `have`, or fail before the edge lists outgrow memory.
  void edge_room(std::size_t have) const {
    if (have >= max_edges) {
      fail("more than " + std::to_string(max_edges) + " edges, the most a graph file may list");
    }
  }
  std::size_t vertex_count(std::string_view t) const {
    return static_cast<std::size_t>(
        number(t, "vertex count", 1, static_cast<std::int64_t>(max_vertices)));
  }
  // A 1-based vertex of an n-vertex graph, returned 0-based.
  vertex vertex_of(std::string_view t, std::size_t n) const {
    return static_cast<vertex>(number(t, "vertex", 1, static_cast<std::int64_t>(n)) - 1);
  }

 private:
  std::istream& in_;
  std::string file_;
  std::size_t line_no_ = 0;
};

inline void read_dimacs(reader& r, read_result& out, std::string first_line) {
  std::size_t declared_edges = 0;
  bool have_header = false;
  std::string line = std::move(first_line);
  bool pending = true;
  while (pending || r.next(line)) {
    pending = false;
    const auto t = tokens(line);
    if (t.empty() || t[0] == "c") continue;
    if (t[0] == "p") {
      if (have_header) r.fail("second 'p' line");
      if (t.size() != 4) r.fail("the header must read 'p edge VERTICES EDGES'");
      if (t[1] != "edge" && t[1] != "edges" && t[1] != "col") {
        r.fail("unknown DIMACS problem '" + bt::shown(t[1]) + "' (expected 'edge')");
      }
      out.edges.n = r.vertex_count(t[2]);
      declared_edges = static_cast<std::size_t>(
          r.number(t[3], "edge count", 0, std::numeric_limits<std::int32_t>::max()));
      have_header = true;
      continue;
    }
    if (t[0] == "e") {
      if (!have_header) r.fail("edge before the 'p edge' header");
      if (t.size() != 3) r.fail("an edge line must read 'e U V'");
      r.edge_room(out.edges.edges.size());
      out.edges.edges.emplace_back(r.vertex_of(t[1], out.edges.n), r.vertex_of(t[2], out.edges.n));
      continue;
    }
    if (t[0] == "n") continue;  // vertex weights of weighted variants: not used here
    r.fail("unexpected line starting '" + bt::shown(t[0]) + "' in a DIMACS file");
  }
  if (!have_header) r.fail("no 'p edge' header");
  const std::size_t m = out.edges.edges.size();
  if (m != declared_edges && m != 2 * declared_edges && 2 * m != declared_edges) {
    out.warnings.push_back(r.file() + ": header declares " + std::to_string(declared_edges) +
                           " edges, the file lists " + std::to_string(m));
  }
}

inline void read_hcp(reader& r, read_result& out, std::string first_line) {
  std::string line = std::move(first_line);
  bool pending = true;
  bool have_dim = false;
  bool adjacency = false;
  bool section = false;
  while (pending || r.next(line)) {
    pending = false;
    const auto t = tokens(line);
    if (t.empty()) continue;
    if (t[0] == "EDGE_DATA_SECTION") {
      section = true;
      break;
    }
    if (t[0] == "EOF") r.fail("end of file before EDGE_DATA_SECTION");
    const auto colon = line.find(':');
    if (colon == std::string::npos) r.fail("expected 'KEY : VALUE' or EDGE_DATA_SECTION");
    const auto key = tokens(std::string_view(line).substr(0, colon));
    const auto value = std::string_view(line).substr(colon + 1);
    const auto vt = tokens(value);
    if (key.size() != 1) r.fail("malformed header key");
    if (key[0] == "DIMENSION") {
      if (vt.size() != 1) r.fail("DIMENSION needs one number");
      out.edges.n = r.vertex_count(vt[0]);
      have_dim = true;
    } else if (key[0] == "TYPE") {
      if (vt.size() != 1 || vt[0] != "HCP") {
        r.fail("TYPE must be HCP, not '" + bt::shown(vt.empty() ? std::string_view() : vt[0]) +
               "'");
      }
    } else if (key[0] == "EDGE_DATA_FORMAT") {
      if (vt.size() == 1 && vt[0] == "ADJ_LIST") {
        adjacency = true;
      } else if (vt.size() != 1 || vt[0] != "EDGE_LIST") {
        r.fail("EDGE_DATA_FORMAT must be EDGE_LIST or ADJ_LIST");
      }
    } else if (key[0] == "NAME") {
      std::string name;
      for (const auto& x : vt) name += (name.empty() ? "" : " ") + std::string(x);
      out.name = bt::shown(name, 200);
    }
  }
  if (!section) r.fail("the file ends before EDGE_DATA_SECTION (truncated?)");
  if (!have_dim) r.fail("no DIMENSION before EDGE_DATA_SECTION");
  const std::size_t n = out.edges.n;
  bool ended = false;
  while (!ended && r.next(line)) {
    const auto t = tokens(line);
    if (t.empty()) continue;
    if (t[0] == "EOF") break;
    if (t[0] == "-1") {
      if (!adjacency) ended = true;
      if (t.size() != 1 && !adjacency) r.fail("text after -1");
      if (adjacency) break;
      continue;
    }
    if (adjacency) {
      const vertex u = r.vertex_of(t[0], n);
      for (std::size_t i = 1; i < t.size(); ++i) {
        if (t[i] == "-1") break;
        r.edge_room(out.edges.edges.size());
        out.edges.edges.emplace_back(u, r.vertex_of(t[i], n));
      }
      continue;
    }
    if (t.size() != 2) r.fail("an edge line must hold two vertices");
    r.edge_room(out.edges.edges.size());
    out.edges.edges.emplace_back(r.vertex_of(t[0], n), r.vertex_of(t[1], n));
  }
}

/// A token of an edge list that is a vertex number: digits, perhaps after a minus sign (a
/// negative number is still a number, refused by its range, not a name).
inline bool is_number(std::string_view t) {
  const std::size_t digits = t.front() == '-' ? 1 : 0;
  return t.size() > digits &&
         t.substr(digits).find_first_not_of("0123456789") == std::string_view::npos;
}

/// The vertex called `name`, numbered in order of first appearance (out.names); r fails on a
/// name that holds ':' or ';', is longer than max_name bytes or is one too many.
vertex named_vertex(const reader& r, read_result& out,
                    std::unordered_map<std::string, vertex>& index, std::string_view name);

/// The keywords of a TSPLIB header: a `KEY : VALUE` line with one of them is HCP, any other
/// `NAME:` line starts AIMA's neighbour lists.
inline bool is_tsplib_key(std::string_view key) {
  for (const std::string_view k :
       {"NAME", "TYPE", "COMMENT", "DIMENSION", "EDGE_DATA_FORMAT", "EDGE_DATA_SECTION", "EOF",
        "CAPACITY", "EDGE_WEIGHT_TYPE", "EDGE_WEIGHT_FORMAT", "NODE_COORD_TYPE",
        "DISPLAY_DATA_TYPE", "NODE_COORD_SECTION", "EDGE_WEIGHT_SECTION", "FIXED_EDGES_SECTION",
        "DISPLAY_DATA_SECTION"}) {
    if (key == k) return true;
  }
  return false;
}

/// Whether `line` (tokens t) starts a TSPLIB HCP header: EDGE_DATA_SECTION, or `KEY : VALUE`
/// with a TSPLIB key and no semicolon.
inline bool is_hcp_line(std::string_view line, const std::vector<std::string_view>& t) {
  if (t[0] == "EDGE_DATA_SECTION") return true;
  const auto colon = line.find(':');
  if (colon == std::string_view::npos || line.find(';') != std::string_view::npos) return false;
  const auto key = tokens(line.substr(0, colon));
  return key.size() == 1 && is_tsplib_key(key[0]);
}

/// Read AIMA's neighbour lists (neighbours.cpp): `X: A B C;` entries, the first at first_line.
void read_neighbours(reader& r, read_result& out, std::string first_line);

inline void read_edge_list(reader& r, read_result& out, std::string first_line) {
  std::string line = std::move(first_line);
  bool pending = true;
  std::vector<std::pair<std::int64_t, std::int64_t>> raw;
  std::int64_t max_v = 0;
  // An edge list of names (`WA NT`) once a token is not a number: the numbers read before
  // become names too, so that `1 x` is the graph of vertices "1" and "x".
  std::unordered_map<std::string, vertex> index;
  bool named = false;
  while (pending || r.next(line)) {
    pending = false;
    const auto t = tokens(line);
    if (t.empty() || is_comment(t[0])) continue;
    if (t.size() != 2) r.fail("an edge line must hold two vertices 'U V'");
    if (!named && (!is_number(t[0]) || !is_number(t[1]))) {
      named = true;
      for (const auto& [u, v] : raw) {
        // One after the other: names are numbered in order of appearance.
        const vertex a = named_vertex(r, out, index, std::to_string(u));
        out.edges.edges.emplace_back(a, named_vertex(r, out, index, std::to_string(v)));
      }
      raw.clear();
    }
    if (named) {
      r.edge_room(out.edges.edges.size());
      const vertex a = named_vertex(r, out, index, t[0]);
      out.edges.edges.emplace_back(a, named_vertex(r, out, index, t[1]));
      continue;
    }
    const auto u = r.number(t[0], "vertex", 1, static_cast<std::int64_t>(max_vertices));
    const auto v = r.number(t[1], "vertex", 1, static_cast<std::int64_t>(max_vertices));
    r.edge_room(raw.size());
    raw.emplace_back(u, v);
    max_v = std::max({max_v, u, v});
  }
  if (named) {
    out.edges.n = out.names.size();
    return;
  }
  out.edges.n = static_cast<std::size_t>(max_v);
  for (const auto& [u, v] : raw) {
    out.edges.edges.emplace_back(static_cast<vertex>(u - 1), static_cast<vertex>(v - 1));
  }
}

}  // namespace detail

/// Read a graph from in; `file` names it in messages. The format is told by the first
/// meaningful line: `c`/`p` lines are DIMACS, `KEY : VALUE` lines with a TSPLIB keyword are
/// TSPLIB HCP, other lines with a colon or a semicolon are AIMA's neighbour lists (`SA: WA NT;
/// T:`), two vertices are an edge list, of numbers or of names ('#' and '%' start comments in
/// both).
inline read_result read_graph(std::istream& in, const std::string& file) {
  detail::reader r(in, file);
  read_result out;
  std::string line;
  while (r.next(line)) {
    const auto t = detail::tokens(line);
    // Comments ('#', '%') may lead an edge list or neighbour lists: the first other line tells.
    if (t.empty() || detail::is_comment(t[0])) continue;
    if (t[0] == "c" || t[0] == "p" || t[0] == "e") {
      out.kind = format::dimacs;
      detail::read_dimacs(r, out, line);
    } else if (detail::is_hcp_line(line, t)) {
      out.kind = format::hcp;
      detail::read_hcp(r, out, line);
    } else if (line.find(':') != std::string::npos || line.find(';') != std::string::npos) {
      out.kind = format::neighbours;
      detail::read_neighbours(r, out, line);
    } else {
      out.kind = format::edge_list;
      detail::read_edge_list(r, out, line);
    }
    if (out.edges.n == 0) r.fail("no vertices");
    return out;
  }
  throw graph_error(file + ": empty file, no graph");
}

/// Read the graph in the file at path.
inline read_result read_graph_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    throw graph_error(path + ": cannot open the file");
  }
  return read_graph(in, path);
}

}  // namespace bt::problems::graph
