// SPDX-License-Identifier: MIT
// libFuzzer target for one graph reader, chosen at build time by BT_FUZZ_FORMAT (dimacs, hcp,
// edge_list, neighbours): the reader itself is called, not the sniffing read_graph, so each target
// keeps its format's code paths. A reader may refuse the input with graph_error; anything else (a
// crash, a sanitizer report, another exception, an accepted graph that breaks the contract
// the plugins rely on) is a finding.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>

#include <bt/problems/graph/io.hpp>

namespace g = bt::problems::graph;

#define BT_CAT2(a, b) a##b
#define BT_CAT(a, b) BT_CAT2(a, b)

namespace {

void read_forced(std::istream& in, g::read_result& out) {
  g::detail::reader r(in, "fuzz");
  std::string first;
  if (!r.next(first)) return;
  g::detail::BT_CAT(read_, BT_FUZZ_FORMAT)(r, out, first);
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  g::read_result out;
  try {
    read_forced(in, out);
  } catch (const g::graph_error& e) {
    // A refusal must be one line that names the file.
    const std::string what = e.what();
    if (what.rfind("fuzz", 0) != 0 || what.find('\n') != std::string::npos) std::abort();
    return 0;
  }
  // Accepted: the vertex count is within the declared cap and every endpoint is a vertex.
  if (out.edges.n > g::max_vertices) std::abort();
  for (const auto& [u, v] : out.edges.edges) {
    if (static_cast<std::size_t>(u) >= out.edges.n || static_cast<std::size_t>(v) >= out.edges.n) {
      std::abort();
    }
  }
  // Named vertices (neighbour lists, edge lists of names): one name a vertex.
  if (!out.names.empty() && out.names.size() != out.edges.n) std::abort();
  // Small graphs also go through make_graph, as every plugin does (a large n is only memory).
  if (out.edges.n <= 4096) {
    g::cleanup dropped;
    const g::graph graph = g::make_graph(out.edges, &dropped);
    if (dropped.duplicates + dropped.loops > out.edges.edges.size()) std::abort();
  }
  return 0;
}
