// SPDX-License-Identifier: MIT
// The runner's command line (cli.hpp): dispatch to a command or a problem, --version, help,
// errors and exit codes, and the interrupt handler.
#include <btsolve/cli.hpp>

#include <boost/program_options.hpp>
#include <csignal>
#include <cstddef>
#include <exception>
#include <iostream>
#include <new>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <bt/limits.hpp>
#include <bt/split.hpp>
#include <btsolve/describe.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/input.hpp>
#include <btsolve/options.hpp>

#include "core/output_file.hpp"

namespace btsolve {
namespace {

extern "C" void on_interrupt(int) { bt::interrupt_all(); }

// The run's arguments as the replay document names them: without --replay FILE, which says
// where the document goes, not what ran.
std::vector<std::string> args_without_replay(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--replay") {
      ++i;
    } else if (args[i].rfind("--replay=", 0) != 0) {
      out.push_back(args[i]);
    }
  }
  return out;
}

void print_list(const registry& reg, std::ostream& os) {
  const auto column = [](const std::string& name) {
    return std::string(name.size() < 14 ? 14 - name.size() : 1, ' ');
  };
  os << "Usage: " << reg.program() << " <problem> [OPTIONS]   (" << reg.program()
     << " <problem> --help for its options)\n\nProblems:\n";
  for (const auto& [name, summary] : reg.list())
    os << "  " << name << column(name) << summary << '\n';
  if (!reg.commands().empty()) os << "\nCommands:\n";
  for (const auto& [name, summary] : reg.commands()) {
    os << "  " << name << column(name) << summary << '\n';
  }
}

int dispatch(const registry& reg, const std::vector<std::string>& args, run_io io,
             unit_executor* executor) {
  if (args.empty() || args[0] == "list" || args[0] == "help" || args[0] == "--help" ||
      args[0] == "-h") {
    print_list(reg, io.out);
    return exit_code::solved;
  }
  if (args[0] == "describe") {
    // The vocabulary as JSON (describe.hpp): every problem, or the one named.
    if (args.size() > 2)
      throw usage_error("describe takes at most one problem, not " + quote(args[2]));
    io.out << (args.size() == 2 ? describe_problem(reg, args[1]) : describe_all(reg)).dump()
           << '\n';
    return exit_code::solved;
  }
  if (args[0] == "--version") {
    io.out << reg.program() << ' ' << BT_VERSION << '\n';
    return exit_code::solved;
  }
  const std::vector<std::string> rest(args.begin() + 1, args.end());
  if (auto cmd = reg.create_command(args[0])) return cmd->run(reg, rest, io);
  auto plugin = reg.create(args[0]);
  if (!plugin) {
    throw usage_error("unknown problem " + quote(args[0]) + ". Try '" + reg.program() + " list'.");
  }
  po::options_description all;
  const po::variables_map vm = parse_plugin_options(*plugin, rest, all);
  if (vm.count("help")) {
    // Parsed with every mode (a mode the problem refuses gets its own message), listed with
    // only those it answers.
    io.out << "Usage: " << reg.program() << ' ' << reg.canonical(args[0]) << " [OPTIONS]\n\n"
           << help_options(*plugin);
    return exit_code::solved;
  }
  run_options common = read_common_options(vm);
  common.notes = &io.err;
  common.executor = executor;
  common.argv = args_without_replay(args);
  return plugin->run(vm, common, io);
}

}  // namespace

void install_interrupt_handler() {
  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  std::signal(SIGHUP, on_interrupt);
  // A file-size limit (ulimit -f, a quota-like cap) makes a write fail with EFBIG, which the
  // writers report in one line, instead of killing the process with a core.
  std::signal(SIGXFSZ, SIG_IGN);
}

int run_args(const registry& reg, const std::vector<std::string>& args, run_io io,
             unit_executor* executor) {
  const std::string& me = reg.program();
  try {
    std::vector<std::string> rest = args;
    const std::optional<std::string> path = take_output_option(rest);
    std::optional<output_file> file;
    if (path) file.emplace(*path);
    std::ostream& out = file ? file->stream() : io.out;
    const int code = dispatch(reg, rest, {out, io.err}, executor);
    out.flush();
    if (!out) {  // a full disk: the answer did not reach the user
      io.err << me << ": error: cannot write the output ("
             << (file ? one_line(*path, 200) : std::string("stdout")) << ")\n";
      return exit_code::bad_input;
    }
    if (file) file->commit();
    return code;
  } catch (const bt::split_stopped& e) {
    if (e.interrupted()) {
      io.err << "stopped: interrupted\n";
      return exit_code::stopped;
    }
    io.err << me << ": error: " << one_line(e.what()) << '\n';
  } catch (const input_interrupted& e) {
    // Like an interrupted search (exit 3, the reason on stderr), with nothing found to print.
    io.err << "stopped: " << one_line(e.what()) << '\n';
    return exit_code::stopped;
  } catch (const po::error& e) {
    io.err << me << ": error: " << one_line(e.what()) << '\n';
  } catch (const usage_error& e) {
    io.err << me << ": error: " << one_line(e.what()) << '\n';
  } catch (const std::bad_alloc&) {
    io.err << me << ": error: out of memory\n";
  } catch (const std::exception& e) {
    io.err << me << ": internal error: " << one_line(e.what()) << '\n';
    return exit_code::internal;
  }
  return exit_code::bad_input;
}

int run_cli(registry& reg, int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  if (reg.program() == "btsolve" && argc > 0 && argv[0] != nullptr) {
    const std::string_view path(argv[0]);
    const std::string_view base = path.substr(path.find_last_of('/') + 1);
    if (!base.empty()) reg.set_program(std::string(base));
  }
  install_interrupt_handler();
  const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  return run_args(reg, args, {std::cout, std::cerr});
}

}  // namespace btsolve
