// SPDX-License-Identifier: MIT
// The --plot of `btsolve compare`: nodes and seconds against size, one line per strategy,
// drawn by gnuplot (an external program: the runner works without it until --plot is asked).
#pragma once

#include <string>
#include <vector>

#include "commands/compare.hpp"

namespace btsolve {

/// The gnuplot script that draws cells to the SVG file `path` (data inline, log scale).
/// Runs stopped by a limit and zero counts are left out of the lines (log scale).
std::string comparison_script(const std::string& path, const std::string& problem,
                              const std::vector<std::string>& strategies,
                              const std::vector<std::string>& instances, bool sizes,
                              const std::vector<compare_cell>& cells);

/// Throws usage_error, naming the Debian package, when gnuplot is not on PATH.
void require_gnuplot();

/// Draw cells to `path` with gnuplot; throws usage_error when gnuplot is not installed or fails.
void plot_comparison(const std::string& path, const std::string& problem,
                     const std::vector<std::string>& strategies,
                     const std::vector<std::string>& instances, bool sizes,
                     const std::vector<compare_cell>& cells);

}  // namespace btsolve
