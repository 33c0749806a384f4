// SPDX-License-Identifier: MIT
#include "commands/compare_plot.hpp"

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <sstream>
#include <string>
#include <string_view>

#include <btsolve/errors.hpp>

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

std::string comparison_script(const std::string& path, const std::string& problem,
                              const std::vector<std::string>& strategies,
                              const std::vector<std::string>& instances, bool sizes,
                              const std::vector<compare_cell>& cells) {
  std::ostringstream gp;
  gp << "set terminal svg size 1100,480 dynamic noenhanced font 'sans,11'\nset format y '%g'\n"
     << "set output " << gnuplot_quoted(path) << '\n';
  for (std::size_t s = 0; s < strategies.size(); ++s) {
    gp << "$s" << s << " << EOD\n";
    for (std::size_t i = 0; i < instances.size(); ++i) {
      for (const auto& c : cells) {
        if (c.strategy != strategies[s] || c.instance != instances[i]) continue;
        const bool done = c.stopped.empty();
        gp << (sizes ? instances[i] : std::to_string(i + 1)) << ' ';
        if (done && c.nodes > 0)
          gp << c.nodes;
        else
          gp << "NaN";
        gp << ' ';
        if (done && c.seconds > 0)
          gp << c.seconds;
        else
          gp << "NaN";
        gp << '\n';
      }
    }
    gp << "EOD\n";
  }
  gp << "set multiplot layout 1,2 title " << gnuplot_quoted(problem + ": strategies compared")
     << '\n'
     << "set logscale y\nset key top left\nset grid\n"
     << "set xlabel " << gnuplot_quoted(sizes ? "n" : "input") << '\n';
  if (!sizes) {
    gp << "set xtics (";
    for (std::size_t i = 0; i < instances.size(); ++i) {
      gp << (i ? ", " : "")
         << gnuplot_quoted(std::filesystem::path(instances[i]).filename().string()) << ' ' << i + 1;
    }
    gp << ") rotate by -30\n";
  } else {
    gp << "set xtics 1\n";
  }
  for (const auto& [column, label] : {std::pair{2, "nodes"}, std::pair{3, "seconds"}}) {
    gp << "set ylabel " << gnuplot_quoted(label) << "\nplot ";
    for (std::size_t s = 0; s < strategies.size(); ++s) {
      gp << (s ? ", " : "") << "$s" << s << " using 1:" << column << " with linespoints title "
         << gnuplot_quoted(strategies[s]);
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

void plot_comparison(const std::string& path, const std::string& problem,
                     const std::vector<std::string>& strategies,
                     const std::vector<std::string>& instances, bool sizes,
                     const std::vector<compare_cell>& cells) {
  require_gnuplot();
  FILE* pipe = popen("gnuplot", "w");
  if (pipe == nullptr) throw usage_error("--plot: cannot start gnuplot");
  const std::string script = comparison_script(path, problem, strategies, instances, sizes, cells);
  const bool written = std::fwrite(script.data(), 1, script.size(), pipe) == script.size();
  if (pclose(pipe) != 0 || !written) {
    throw usage_error("--plot: gnuplot could not write '" + path + "'");
  }
}

}  // namespace btsolve
