// SPDX-License-Identifier: MIT
#include "plugins/named_solutions.hpp"

#include <cstddef>
#include <string>

namespace btsolve {

void print_colouring(std::ostream& os, const named_colouring& c) {
  os << "colours:";
  for (std::size_t v = 0; v < c.colours.size(); ++v) {
    os << ' ';
    if (c.names) os << (*c.names)[v] << '=';
    os << c.colours[v];
  }
  os << '\n';
}

nlohmann::json colouring_json(const named_colouring& c) {
  if (!c.names) return nlohmann::json(c.colours);
  nlohmann::json o = nlohmann::json::object();
  for (std::size_t v = 0; v < c.colours.size(); ++v) o[(*c.names)[v]] = c.colours[v];
  return o;
}

void print_colouring_csv(std::ostream& os, const named_colouring& c) {
  for (std::size_t v = 0; v < c.colours.size(); ++v) os << (v ? "," : "") << c.colours[v];
  os << '\n';
}

void print_cycle(std::ostream& os, const named_cycle& c) {
  for (std::size_t i = 0; i < c.cycle.size(); ++i) {
    os << (i ? " " : "") << vertex_label(c.names, c.cycle[i]);
  }
  os << '\n';
}

nlohmann::json cycle_json(const named_cycle& c) {
  nlohmann::json a = nlohmann::json::array();
  for (const auto v : c.cycle) {
    if (c.names) {
      a.push_back((*c.names)[v]);
    } else {
      a.push_back(v + 1);
    }
  }
  return a;
}

void print_cycle_csv(std::ostream& os, const named_cycle& c) {
  for (std::size_t i = 0; i < c.cycle.size(); ++i) os << (i ? "," : "") << c.cycle[i] + 1;
  os << '\n';
}

}  // namespace btsolve
