// SPDX-License-Identifier: MIT
// AIMA's neighbour lists (Russell and Norvig's aima-python, csp.py's parse_neighbors): entries
// `X: A B C;` name a vertex and its neighbours, the edges are undirected, and an entry with no
// neighbours (`T:`) is an isolated vertex. Stricter than AIMA's own parser, which trusts its
// text: a vertex's second entry, a neighbour listed twice and a vertex its own neighbour are
// refused, as they are typing slips in a map.
#include <bt/problems/graph/io.hpp>

#include <cctype>
#include <cstddef>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>

namespace bt::problems::graph::detail {
namespace {

/// Whether s is UTF-8: names reach JSON, which holds nothing else (the overlong forms and
/// surrogates are not checked: they only garble a label).
bool is_utf8(std::string_view s) {
  std::size_t i = 0;
  while (i < s.size()) {
    const auto c = static_cast<unsigned char>(s[i]);
    // The continuation bytes the lead byte announces; 4: no lead byte.
    const std::size_t more = c < 0x80            ? 0
                             : (c >> 5) == 0x6U  ? 1
                             : (c >> 4) == 0xeU  ? 2
                             : (c >> 3) == 0x1eU ? 3
                                                 : 4;
    if (more == 4) return false;
    for (std::size_t k = 1; k <= more; ++k) {
      if (i + k >= s.size() || (static_cast<unsigned char>(s[i + k]) >> 6) != 0x2) return false;
    }
    i += more + 1;
  }
  return true;
}

}  // namespace

vertex named_vertex(const reader& r, read_result& out,
                    std::unordered_map<std::string, vertex>& index, std::string_view name) {
  if (name.find_first_of(":;") != std::string_view::npos) {
    r.fail("the name '" + bt::shown(name) + "' holds ':' or ';', which separate entries");
  }
  if (!is_utf8(name)) r.fail("a name that is not UTF-8 text");
  if (name.size() > max_name) {
    r.fail("a name of " + std::to_string(name.size()) + " bytes; a name may have at most " +
           std::to_string(max_name));
  }
  const auto [at, added] =
      index.try_emplace(std::string(name), static_cast<vertex>(out.names.size()));
  if (added) {
    if (out.names.size() >= max_vertices) {
      r.fail("more than " + std::to_string(max_vertices) + " vertices, the most a graph may have");
    }
    out.names.emplace_back(name);
  }
  return at->second;
}

namespace {

/// The entries as they are read: the open entry, its neighbours, the heads seen.
class entries {
 public:
  entries(reader& r, read_result& out) : r_(r), out_(out) {}

  /// `name` followed by ':': a new entry, which must start the text, a line or follow ';'.
  void head(std::string_view name, bool starts_line) {
    if (open_ && !starts_line) {
      r_.fail("'" + bt::shown(name) + ":' starts an entry inside the entry of '" +
              bt::shown(out_.names[*open_]) + "'; end that one with ';'");
    }
    const vertex v = named_vertex(r_, out_, index_, name);
    const auto [at, fresh] = first_line_.try_emplace(v, r_.line_no());
    if (!fresh) {
      r_.fail("'" + bt::shown(name) + "' has a second entry (the first is on line " +
              std::to_string(at->second) + "); list its neighbours in one");
    }
    open_ = v;
    listed_.clear();
  }
  /// A neighbour of the open entry.
  void neighbour(std::string_view name) {
    if (!open_) {
      r_.fail("'" + bt::shown(name) + "' stands outside an entry; entries read 'X: A B C;'");
    }
    const vertex v = named_vertex(r_, out_, index_, name);
    if (v == *open_) r_.fail("'" + bt::shown(name) + "' is listed as its own neighbour");
    if (!listed_.insert(v).second) {
      r_.fail("'" + bt::shown(name) + "' is listed twice as a neighbour of '" +
              bt::shown(out_.names[*open_]) + "'");
    }
    r_.edge_room(out_.edges.edges.size());
    out_.edges.edges.emplace_back(*open_, v);
  }
  /// ';' ends the open entry.
  void end() {
    open_.reset();
    listed_.clear();
  }

 private:
  reader& r_;
  read_result& out_;
  std::unordered_map<std::string, vertex> index_;
  std::unordered_map<vertex, std::size_t> first_line_;  // each head's line
  std::optional<vertex> open_;
  std::set<vertex> listed_;  // the open entry's neighbours
};

}  // namespace

void read_neighbours(reader& r, read_result& out, std::string first_line) {
  entries e(r, out);
  std::string line = std::move(first_line);
  // A name is known to be a head or a neighbour only at the next token (':' or not), which may
  // be on the next line.
  // (A string and a flag rather than an optional: GCC 12 at -O3 warns of the optional.)
  std::string pending;
  bool has_pending = false;
  bool pending_starts_line = false;
  const auto flush = [&] {
    if (has_pending) e.neighbour(pending);
    has_pending = false;
  };
  bool more = true;
  while (more) {
    const auto t = tokens(line);
    if (!t.empty() && is_comment(t[0])) {
      more = r.next(line);
      continue;
    }
    bool line_start = true;
    std::size_t i = 0;
    while (i < line.size()) {
      const char c = line[i];
      if (std::isspace(static_cast<unsigned char>(c))) {
        ++i;
        continue;
      }
      if (c == ':') {
        if (!has_pending) r.fail("':' with no name before it");
        e.head(pending, pending_starts_line);
        has_pending = false;
        ++i;
      } else if (c == ';') {
        flush();
        e.end();
        ++i;
      } else {
        const std::size_t start = i;
        while (i < line.size() && !std::isspace(static_cast<unsigned char>(line[i])) &&
               line[i] != ':' && line[i] != ';') {
          ++i;
        }
        flush();
        pending.assign(line, start, i - start);
        has_pending = true;
        pending_starts_line = line_start;
      }
      line_start = false;
    }
    more = r.next(line);
  }
  flush();
  out.edges.n = out.names.size();
}

}  // namespace bt::problems::graph::detail
