// SPDX-License-Identifier: MIT
// The output of `btsolve compare` (docs/compare.md): the long table (one row per run) or the
// pivot (strategies by columns, one measure), as an aligned table, CSV, JSON, Markdown or
// LaTeX, with ratios to a baseline strategy. Nothing here runs anything.
#pragma once

#include <iosfwd>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "commands/compare.hpp"

namespace btsolve {

/// compare's --format values.
enum class compare_format { table, csv, json, markdown, latex };

/// The format --format names; throws usage_error for any other word.
compare_format parse_compare_format(const std::string& f);

/// work (checks + propagation_checks: every test of a value, by the search or by its
/// inference, the default measure), the statistics every run reports (docs/statistics.md) in
/// their usual order, and the inference counters of the engine's fc and mac: --measure takes
/// these without a probe run.
const std::vector<std::string>& standard_measures();

/// The measures of r: standard_measures(), then every other number any run's stats held, in
/// the order first seen.
std::vector<std::string> measures_of(const compare_report& r);

/// The value of measure m in c: "solutions" is the run's count, "work" its checks and
/// propagation checks, the others its stats member; nothing for a refused run or a run whose
/// stats have no such number.
std::optional<double> measure_of(const compare_cell& c, const std::string& m);

/// c's measure over the baseline strategy's in c's column, or nothing: no --baseline, either
/// run refused, stopped or without the measure, or a baseline of 0.
std::optional<double> ratio_of(const compare_report& r, const compare_cell& c);

/// "1,234,567": n with thousands separators.
std::string grouped(std::uint64_t n);

/// x with 3 significant digits and no exponent ("0.000123", "12.3", "1,235"); "0" for 0.
std::string significant(double x);

/// Print r in format f: the long table, or with `pivot` strategies by columns of r.measure.
void print_compare(std::ostream& out, const compare_report& r, compare_format f, bool pivot);

/// The JSON document of r (docs/compare.md): what was asked, every run with its whole stats
/// and ratio, and the pivot with its cells' values, ratios and texts.
nlohmann::json compare_json(const compare_report& r);

}  // namespace btsolve
