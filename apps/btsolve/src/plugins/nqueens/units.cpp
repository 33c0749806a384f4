// SPDX-License-Identifier: MIT
#include "plugins/nqueens/units.hpp"

#include <bit>
#include <string>
#include <vector>

#include <bt/limits.hpp>
#include <bt/split.hpp>

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

// Listing the joins of n = 23 takes seconds: Ctrl-C must be able to stop it.
bool interrupted() { return bt::interrupted(); }

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

nqueens_halves_units::nqueens_halves_units(int n, bool unique)
    : units_(n, unique, interrupted),
      params_(params_of(nq::row_domains(n, {}), nq::strategy::halves, unique, std::nullopt)) {
  if (!units_.complete()) throw bt::split_stopped("listing the joins: interrupted", true);
}

nlohmann::ordered_json nqueens_halves_units::describe(std::size_t k) const {
  const int turns = units_.turns(k);
  if (turns != 0) return {{"burnside", turns == 1 ? "quarter turn" : "half turn"}};
  const nq::detail::half_join& j = units_.plan().join(k);
  nlohmann::ordered_json top = nlohmann::ordered_json::array();
  for (std::uint32_t c = j.top; c != 0; c &= c - 1U) top.push_back(std::countr_zero(c) + 1);
  nlohmann::ordered_json out = {{"top", top}};
  out["middle"] =
      j.middle < 0 ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(j.middle + 1);
  out["weight"] = j.weight;
  return out;
}

unit_result nqueens_halves_units::count(std::size_t k, bt::shared_limits& limits,
                                        bool want_stats) const {
  const nq::unit_count c = units_.count(k, limits, want_stats);
  return {c.total, c.unique, c.stats, c.done};
}

}  // namespace btsolve
