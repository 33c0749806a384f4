// SPDX-License-Identifier: MIT
// `btsolve merge FILES...`: add up the result lines of `--unit` runs (a batch system's jobs)
// into the totals of the whole count, after checking that they belong to one count and that
// every unit is there exactly once.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace btsolve {

/// Merge the result files and print the count as the single run does (`count: N`, and
/// `unique: U` when the units counted them). Throws usage_error, one line naming the unit and
/// the file and line, for a missing, duplicated or unfinished unit, a digest that differs, or
/// a line that is not a unit result. Returns the exit code (0, or 1 for a count of 0).
int run_merge(const std::vector<std::string>& files, std::ostream& out);

}  // namespace btsolve
