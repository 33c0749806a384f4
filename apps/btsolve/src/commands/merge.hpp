// SPDX-License-Identifier: MIT
// `btsolve merge FILES...`: add up the result lines of --unit runs (docs/cluster.md). Every
// unit of the count must be there exactly once, each line checked field by field, all with
// the same parameters digest; the totals are then exactly those of the single run.
#pragma once

#include <string>
#include <vector>

#include <btsolve/plugin.hpp>

namespace btsolve {

/// `merge [--format text|json] FILES...`: count (and the problem's tally) as the single run
/// prints them. Exit 0, 1 when the total is 0, 2 for a missing, duplicated, foreign, stopped
/// or malformed unit (one line naming the file and line).
class merge_command final : public command {
 public:
  int run(const registry& reg, const std::vector<std::string>& args, run_io io) override;
};

}  // namespace btsolve
