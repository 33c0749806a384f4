// SPDX-License-Identifier: MIT
#include "plugins/nqueens/units.hpp"

#include <string>
#include <vector>

namespace btsolve {
namespace {

namespace nq = bt::problems::nqueens;

// The parameters that decide the units and their counts, as one line (threads do not).
std::string params_of(const nq::row_domains& d, nq::strategy s, bool unique,
                      std::optional<std::size_t> depth) {
  std::string p = "nqueens n=" + std::to_string(d.n()) + " strategy=" + std::string(nq::name(s)) +
                  " unique=" + (unique ? "yes" : "no") + " placed=";
  if (d.free()) p += '-';
  for (std::size_t i = 0; i < d.placed().size(); ++i) {
    const auto& q = d.placed()[i];
    p += (i ? ";" : "") + std::to_string(q.row + 1) + ',' + std::to_string(q.col + 1);
  }
  p += " split=" + (depth ? std::to_string(*depth) : std::string("auto"));
  return p + " units=v1";
}

}  // namespace

nqueens_units::nqueens_units(const nq::row_domains& d, nq::strategy s, bool unique,
                             std::optional<std::size_t> depth)
    : units_(d, s == nq::strategy::symmetry, depth), params_(params_of(d, s, unique, depth)) {}

nlohmann::ordered_json nqueens_units::describe(std::size_t k) const {
  const std::vector<int> cols = units_.columns(k);
  nlohmann::ordered_json placed = nlohmann::ordered_json::array();
  for (std::size_t r = 0; r < cols.size(); ++r) placed.push_back({r + 1, cols[r] + 1});
  return {{"placed", placed}};
}

unit_result nqueens_units::count(std::size_t k, bt::shared_limits& limits, bool want_stats) const {
  const nq::unit_count c = units_.count(k, limits, want_stats);
  return {c.total, c.unique, c.stats, c.done};
}

}  // namespace btsolve
