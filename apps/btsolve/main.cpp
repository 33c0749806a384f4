// SPDX-License-Identifier: MIT
// btsolve: one runner for every problem. Dispatches argv[1] to a registered plugin, composes
// the common options with the plugin's own, maps errors to exit codes (docs/cli.md).
#include <boost/program_options.hpp>
#include <csignal>
#include <exception>
#include <iostream>
#include <string>
#include <vector>

#include <bt/limits.hpp>

#include "common_options.hpp"
#include "merge.hpp"
#include "plugin.hpp"
#include "registry.hpp"

namespace {

namespace po = boost::program_options;
using btsolve::exit_code;

extern "C" void on_interrupt(int) {
  bt::interrupt_flag().store(true, std::memory_order_relaxed);
}

void print_list(const btsolve::registry& reg, std::ostream& os) {
  os << "Usage: btsolve <problem> [OPTIONS]   (btsolve <problem> --help for its options)\n\n"
        "Problems:\n";
  for (const auto& [name, summary] : reg.list()) {
    os << "  " << name << std::string(name.size() < 14 ? 14 - name.size() : 1, ' ') << summary
       << '\n';
  }
  os << "\nbtsolve merge FILES...   add up the results of --unit runs (docs/cluster.md)\n";
}

int run(int argc, char** argv) {
  btsolve::registry reg;
  btsolve::register_builtin_plugins(reg);
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
  const std::string name = reg.canonical(args[0]);
  auto plugin = reg.create(args[0]);
  if (!plugin) {
    std::cerr << "btsolve: unknown problem '" << args[0] << "'. Try 'btsolve list'.\n";
    return exit_code::bad_input;
  }
  po::options_description all;
  const po::variables_map vm = btsolve::parse_plugin_options(
      *plugin, std::vector<std::string>(args.begin() + 1, args.end()), all);
  if (vm.count("help")) {
    std::cout << "Usage: btsolve " << name << " [OPTIONS]\n\n" << all;
    return exit_code::solved;
  }
  const btsolve::run_options common = btsolve::read_common_options(vm);
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  return plugin->run(vm, common, std::cout, std::cerr);
}

}  // namespace

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  try {
    const int code = run(argc, argv);
    std::cout.flush();
    return code;
  } catch (const po::error& e) {
    std::cerr << "btsolve: error: " << e.what() << '\n';
  } catch (const btsolve::usage_error& e) {
    std::cerr << "btsolve: error: " << e.what() << '\n';
  } catch (const std::bad_alloc&) {
    std::cerr << "btsolve: error: out of memory\n";
  } catch (const std::exception& e) {
    std::cerr << "btsolve: internal error: " << e.what() << '\n';
    return 70;
  }
  return exit_code::bad_input;
}
