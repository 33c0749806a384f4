// SPDX-License-Identifier: MIT
// libFuzzer target for the runner's command line: the input, split at newlines, is argv after
// "btsolve", run by the runner library's run_args over the built-in problems and commands.
// Work is bounded: a watchdog calls bt::interrupt_all (Ctrl-C) 50 ms into a call, so a search
// stops as it would on Ctrl-C; arguments holding '/' are refused, so a run can only read or
// write files in the working directory (.ci/fuzz runs in a scratch one). A crash, a sanitizer
// report, an exit code outside 0..3, or an exit 2 whose stderr is not one line
// "btsolve: error: ..." (or the unknown-problem line) is a finding.
#include <atomic>
#include <chrono>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <bt/limits.hpp>
#include <btsolve/cli.hpp>
#include <btsolve/registry.hpp>

namespace {

using clock_type = std::chrono::steady_clock;

constexpr std::size_t max_args = 24;
constexpr std::size_t max_arg_size = 64;
constexpr auto budget = std::chrono::milliseconds(50);

std::atomic<std::uint64_t> call_no{0};  // odd while a call runs
std::atomic<clock_type::rep> call_start{0};

// Raises the interrupt flag when one call has run past its budget.
void watchdog() {
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    const std::uint64_t n = call_no.load();
    if (n % 2 == 1 &&
        clock_type::now().time_since_epoch().count() - call_start.load() >
            std::chrono::duration_cast<clock_type::duration>(budget).count() &&
        call_no.load() == n) {
      bt::interrupt_all();
    }
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const btsolve::registry reg = [] {
    std::thread(watchdog).detach();
    btsolve::registry r;
    btsolve::register_builtin_plugins(r);
    btsolve::register_builtin_commands(r);
    return r;
  }();
  std::vector<std::string> args{"btsolve"};
  std::string cur;
  for (std::size_t i = 0; i < size; ++i) {
    const char c = static_cast<char>(data[i]);
    if (c == '\n') {
      args.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  args.push_back(cur);
  if (args.size() > max_args + 1) return 0;
  for (const auto& a : args) {
    if (a.size() > max_arg_size || a.find('/') != std::string::npos ||
        a.find('\0') != std::string::npos) {
      return 0;
    }
  }
  args.erase(args.begin());

  bt::clear_interrupt();
  call_start.store(clock_type::now().time_since_epoch().count());
  call_no.fetch_add(1);
  std::ostringstream out;
  std::ostringstream err;
  // Problems that read stdin (sudoku) read file descriptor 0 (btsolve/input.hpp), which
  // .ci/fuzz points at /dev/null: an empty input.
  const int rc = btsolve::run_args(reg, args, {out, err});
  call_no.fetch_add(1);
  bt::clear_interrupt();
  if (rc < 0 || rc > 3) {
    std::cerr << "exit " << rc << ": " << err.str();
    std::abort();
  }
  if (rc == 2) {
    const std::string e = err.str();
    const bool one_line = !e.empty() && e.find('\n') == e.size() - 1;
    const bool prefixed = e.rfind("btsolve: error: ", 0) == 0;
    if (!one_line || !prefixed) {
      std::cerr << "exit 2 without one error line:\n" << e;
      std::abort();
    }
  }
  return 0;
}
