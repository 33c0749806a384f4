// SPDX-License-Identifier: MIT
// The --plot of `btsolve compare`: a measure against size (lines: sizes are a scale) or input
// (points over the inputs' names: unrelated instances are not joined), one series per
// strategy, drawn by gnuplot (an external program: the runner works without it until --plot
// is asked).
#pragma once

#include <string>

#include "commands/compare.hpp"

namespace btsolve {

/// The gnuplot script that draws r to the SVG file `path` (data inline, log scale): r.measure
/// when --measure was given, else nodes and seconds side by side. Runs that were stopped,
/// refused, lack the measure or measured 0 are left out (log scale).
std::string comparison_script(const std::string& path, const compare_report& r);

/// Throws usage_error, naming the Debian package, when gnuplot is not on PATH.
void require_gnuplot();

/// Draw r to `path` with gnuplot; throws usage_error when gnuplot is not installed or fails.
void plot_comparison(const std::string& path, const compare_report& r);

}  // namespace btsolve
