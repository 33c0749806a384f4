// SPDX-License-Identifier: MIT
#include "commands/compare_plot.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <btsolve/errors.hpp>

#include "commands/compare_table.hpp"

namespace btsolve {
namespace {

// A gnuplot single-quoted string: only the quote itself needs doubling.
std::string gnuplot_quoted(std::string_view s) {
  std::string q = "'";
  for (const char ch : s) q += ch == '\'' ? std::string("''") : std::string(1, ch);
  return q + '\'';
}

bool on_path(const std::string& program) {
  const char* path = std::getenv("PATH");
  if (path == nullptr) return false;
  std::istringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':')) {
    std::error_code ec;
    if (!dir.empty() && std::filesystem::exists(std::filesystem::path(dir) / program, ec)) {
      return true;
    }
  }
  return false;
}

}  // namespace

std::string comparison_script(const std::string& path, const compare_report& r) {
  const std::vector<std::string> measures = r.measure_given
                                                ? std::vector<std::string>{r.measure}
                                                : std::vector<std::string>{"work", "seconds"};
  const std::size_t strategies = r.strategies.size();
  std::ostringstream gp;
  gp << "set terminal svg size " << (measures.size() == 1 ? 640 : 1100)
     << ",480 dynamic noenhanced font 'sans,11'\nset format y '%g'\n"
     << "set output " << gnuplot_quoted(path) << '\n';
  // Column 1 is x: the size, or the input's place with each strategy a little aside so that
  // equal values stay visible; then one column per measure.
  for (std::size_t s = 0; s < strategies; ++s) {
    gp << "$s" << s << " << EOD\n";
    for (const auto& c : r.cells) {
      if (c.strategy != r.strategies[s]) continue;
      if (r.sizes) {
        gp << c.instance;
      } else {
        const double aside =
            (static_cast<double>(s) - static_cast<double>(strategies - 1) / 2.0) * 0.08;
        gp << static_cast<double>(c.column + 1) + aside;
      }
      for (const auto& m : measures) {
        const auto v = measure_of(c, m);
        gp << ' ';
        if (c.stopped.empty() && v && *v > 0) {
          gp << *v;
        } else {
          gp << "NaN";
        }
      }
      gp << '\n';
    }
    gp << "EOD\n";
  }
  gp << "set multiplot layout 1," << measures.size() << " title "
     << gnuplot_quoted(r.problem + ": strategies compared") << '\n'
     << "set logscale y\nset key top left\nset grid\n"
     << "set xlabel " << gnuplot_quoted(r.sizes ? "n" : "input") << '\n';
  if (!r.sizes) {
    gp << "set xrange [0.5:" << r.columns.size() << ".5]\nset xtics (";
    for (std::size_t i = 0; i < r.columns.size(); ++i) {
      gp << (i ? ", " : "") << gnuplot_quoted(r.columns[i].label) << ' ' << i + 1;
    }
    gp << ") rotate by -30\n";
  } else {
    gp << "set xtics 1\n";
  }
  // Sizes are a scale: a strategy's points are joined. Inputs are unrelated: points only.
  const char* style = r.sizes ? "linespoints" : "points pointsize 1.5";
  for (std::size_t k = 0; k < measures.size(); ++k) {
    gp << "set ylabel " << gnuplot_quoted(measures[k]) << "\nplot ";
    for (std::size_t s = 0; s < strategies; ++s) {
      gp << (s ? ", " : "") << "$s" << s << " using 1:" << k + 2 << " with " << style << " title "
         << gnuplot_quoted(r.strategies[s]);
    }
    gp << '\n';
  }
  gp << "unset multiplot\n";
  return gp.str();
}

void require_gnuplot() {
  if (!on_path("gnuplot")) {
    throw usage_error(
        "--plot needs gnuplot, which is not installed (Debian: apt-get install gnuplot-nox)");
  }
}

void plot_comparison(const std::string& path, const compare_report& r) {
  require_gnuplot();
  FILE* pipe = popen("gnuplot", "w");
  if (pipe == nullptr) throw usage_error("--plot: cannot start gnuplot");
  const std::string script = comparison_script(path, r);
  const bool written = std::fwrite(script.data(), 1, script.size(), pipe) == script.size();
  if (pclose(pipe) != 0 || !written) {
    throw usage_error("--plot: gnuplot could not write '" + path + "'");
  }
}

}  // namespace btsolve
