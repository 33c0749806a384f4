// SPDX-License-Identifier: MIT
// The runner's command line (cli.hpp): dispatch, compare, --version, help, exit codes, SIGINT.
#include "cli.hpp"

#include <boost/program_options.hpp>
#include <csignal>
#include <exception>
#include <iostream>
#include <string>
#include <string_view>
#include <vector>

#include <bt/limits.hpp>

#include "common_options.hpp"
#include "compare.hpp"
#include "merge.hpp"
#include "plugin.hpp"

namespace {

namespace po = boost::program_options;
using btsolve::exit_code;

extern "C" void on_interrupt(int) {
  bt::interrupt_flag().store(true, std::memory_order_relaxed);
}

// A message as printed: a newline or other control character inside it (from an argument
// that holds one) becomes '?', so every error stays the one line that docs/cli.md promises.
std::string one_line(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return out;
}

// Boost.Program_options (1.74) builds an error message by replacing placeholders such as
// %value% and %original_token% until none is left, so an argument that itself holds one makes
// that loop endless (found by tests/fuzz/argv_fuzz.cpp: `-%original_token%all` hung). Such an
// argument is refused before parsing.
void refuse_placeholders(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    for (const char* name : {"%value%", "%option%", "%canonical_option%", "%prefix%",
                             "%original_token%"}) {
      if (a.find(name) != std::string::npos) {
        throw btsolve::usage_error("argument '" + one_line(a) + "' holds '" + name +
                                   "', which the option parser cannot report");
      }
    }
  }
}

void print_list(const btsolve::registry& reg, std::ostream& os) {
  os << "Usage: btsolve <problem> [OPTIONS]   (btsolve <problem> --help for its options)\n\n"
        "Problems:\n";
  for (const auto& [name, summary] : reg.list()) {
    os << "  " << name << std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') << summary
       << '\n';
  }
  os << "\nbtsolve compare PROBLEM ...   every strategy on every size or input (docs/compare.md)\n"
        "btsolve merge FILES...        add up the results of --unit runs (docs/cluster.md)\n";
}

int run(const btsolve::registry& reg, int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "list" || args[0] == "help" || args[0] == "--help" ||
      args[0] == "-h") {
    print_list(reg, std::cout);
    return exit_code::solved;
  }
  if (args[0] == "--version") {
    std::cout << "btsolve " << BT_VERSION << '\n';
    return exit_code::solved;
  }
  if (args[0] == "merge") {
    return btsolve::run_merge(std::vector<std::string>(args.begin() + 1, args.end()), std::cout);
  }
  if (args[0] == "compare") {
    std::signal(SIGINT, on_interrupt);
    std::signal(SIGTERM, on_interrupt);
    return btsolve::run_compare(reg, {args.begin() + 1, args.end()}, std::cout, std::cerr);
  }
  const std::string name = reg.canonical(args[0]);
  auto plugin = reg.create(args[0]);
  if (!plugin) {
    std::cerr << "btsolve: unknown problem '" << one_line(args[0]) << "'. Try 'btsolve list'.\n";
    return exit_code::bad_input;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  refuse_placeholders(rest);
  po::options_description all;
  const po::variables_map vm = btsolve::parse_plugin_options(*plugin, rest, all);
  if (vm.count("help")) {
    std::cout << "Usage: btsolve " << name << " [OPTIONS]\n\n" << all;
    return exit_code::solved;
  }
  btsolve::run_options common = btsolve::read_common_options(vm);
  common.notes = &std::cerr;
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return plugin->run(vm, common, std::cout, std::cerr);
}

}  // namespace

namespace btsolve {

int run_cli(const registry& reg, int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    const int code = run(reg, argc, argv);
    std::cout.flush();
    if (!std::cout) {  // a full disk or a closed pipe: the answer did not reach the user
      std::cerr << "btsolve: error: cannot write the output (stdout)\n";
      return exit_code::bad_input;
    }
    return code;
  } catch (const po::error& e) {
    std::cerr << "btsolve: error: " << one_line(e.what()) << '\n';
  } catch (const btsolve::usage_error& e) {
    std::cerr << "btsolve: error: " << one_line(e.what()) << '\n';
  } catch (const std::bad_alloc&) {
    std::cerr << "btsolve: error: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "btsolve: internal error: " << one_line(e.what()) << '\n';
    return 70;
  }
  return exit_code::bad_input;
}

}  // namespace btsolve
