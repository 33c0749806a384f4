// SPDX-License-Identifier: MIT
// The graph problems' solutions as they are reported: a colouring or a cycle together with the
// graph's vertex names, printed with the names when the graph has them (a map, neighbour lists)
// and as 1-based numbers, unchanged, when it does not.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <ostream>
#include <vector>

#include "plugins/graph_source.hpp"

namespace btsolve {

/// A colouring as reported: colour 1..m per vertex, and the graph's names.
struct named_colouring {
  std::vector<int> colours;  ///< vertex v's colour, 1-based
  vertex_names names;        ///< nullptr: the vertices are numbers
};

/// "colours: 1 2 1" or, with names, "colours: SA=1 WA=2 T=1", and a newline.
void print_colouring(std::ostream& os, const named_colouring& c);
/// [1,2,1] or, with names, {"SA":1,"WA":2,"T":1}.
nlohmann::json colouring_json(const named_colouring& c);
/// The colours as a CSV row, in vertex order (the names are the file's order).
void print_colouring_csv(std::ostream& os, const named_colouring& c);

/// A Hamiltonian cycle as reported: the vertices in order, back to the first, and the names.
struct named_cycle {
  std::vector<std::uint32_t> cycle;  ///< 0-based vertices
  vertex_names names;                ///< nullptr: the vertices are numbers
};

/// "1 2 3 1" or, with names, "WA OR CA WA", and a newline.
void print_cycle(std::ostream& os, const named_cycle& c);
/// [1,2,3,1] or, with names, ["WA","OR","CA","WA"].
nlohmann::json cycle_json(const named_cycle& c);
/// The cycle's 1-based vertex numbers as a CSV row (names or not: a row of numbers).
void print_cycle_csv(std::ostream& os, const named_cycle& c);

}  // namespace btsolve
