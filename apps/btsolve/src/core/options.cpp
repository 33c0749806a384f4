// SPDX-License-Identifier: MIT
#include <btsolve/options.hpp>

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <string>
#include <string_view>

#include <btsolve/errors.hpp>

namespace btsolve {

namespace po = boost::program_options;

std::uint64_t parse_count(const std::string& text, std::string_view option) {
  std::uint64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc{} || p != end) {
    throw usage_error(std::string(option) + " wants a whole number from 0 to " +
                      std::to_string(UINT64_MAX) + ", not " + quote(text));
  }
  return v;
}

std::int64_t parse_int(const std::string& text, std::string_view option) {
  std::int64_t v = 0;
  const char* end = text.data() + text.size();
  const auto [p, ec] = std::from_chars(text.data(), end, v);
  if (text.empty() || ec != std::errc{} || p != end) {
    throw usage_error(std::string(option) + " wants a whole number, not " + quote(text));
  }
  return v;
}

double parse_seconds(const std::string& text, std::string_view option) {
  // strtod rather than from_chars: the WebAssembly build's libc++ has no floating-point
  // from_chars. strtod alone would also take leading blanks, a '+' and hexadecimal, which the
  // checks before it refuse, so both builds accept the same texts.
  const bool plain = !text.empty() && text.find_first_not_of("0123456789.-eE") == std::string::npos;
  char* stop = nullptr;
  const double v = plain ? std::strtod(text.c_str(), &stop) : 0.0;
  if (!plain || stop != text.c_str() + text.size() || !std::isfinite(v)) {
    throw usage_error(std::string(option) + " wants a number of seconds, not " + quote(text));
  }
  return v;
}

void add_mode_options(po::options_description& d, unsigned modes) {
  if ((modes & finds_all) != 0)
    d.add_options()("all", "print every solution (or the first K with --limit)");
  if ((modes & counts) != 0)
    d.add_options()("count", "count the solutions instead of printing them");
  if ((modes & (finds_all | counts)) != 0) {
    d.add_options()("limit", po::value<std::string>(), "stop after K solutions");
  }
}

void add_limit_options(po::options_description& d) {
  d.add_options()("time-limit", po::value<std::string>(), "stop after S seconds (exit 3)")(
      "node-limit", po::value<std::string>(), "stop after N nodes (exit 3)");
}

po::options_description common_options(bool with_seed, const std::vector<std::string>& formats,
                                       unsigned modes) {
  std::string format_help = "output format:";
  for (const std::string& f : formats) format_help += (&f == &formats.front() ? " " : " | ") + f;
  if (formats.empty()) format_help = "output format";
  po::options_description d("Common options");
  d.add_options()("help,h", "show this help");
  add_mode_options(d, modes);
  d.add_options()("format", po::value<std::string>(), format_help.c_str())(
      "stats", "print the search statistics on stderr")(
      "textbook-backtracks",
      "count backtracks as seed 003 does: not the last value taken off right after a solution "
      "(docs/statistics.md)")("trace", "print the search step by step");
  add_limit_options(d);
  d.add_options()("tree", po::value<std::string>(), "write the search tree to FILE.dot (Graphviz)")(
      "tree-max-nodes", po::value<std::string>(), "at most K nodes in --tree (default 1000)")(
      "tree-hide-rejected", "--tree without the candidates consistent() rejected")(
      "replay", po::value<std::string>(),
      "write the search step by step: FILE.html a page that plays it, FILE.json the data "
      "(docs/replay-format.md)")("replay-max-steps", po::value<std::string>(),
                                 "at most K steps in --replay (default 20000)")(
      "estimate", "Knuth's estimate of the tree size, before the run and beside its count")(
      "estimate-probes", po::value<std::string>(), "random probes for --estimate (default 1000)");
  if (with_seed) {
    d.add_options()("seed", po::value<std::string>(), "seed of --estimate's probes (default 1)");
  }
  return d;
}

std::optional<std::chrono::steady_clock::time_point> deadline_of(
    const run_options& o, std::chrono::steady_clock::time_point start) {
  if (!o.time_limit) {
    return std::nullopt;
  }
  // The clock's nanoseconds hold about 290 years: past 100 years the limit is no limit (and
  // adding it would overflow into the past, stopping the run at once).
  constexpr double longest = 100.0 * 365.25 * 24.0 * 3600.0;
  if (*o.time_limit >= longest) {
    return std::nullopt;
  }
  return start + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                     std::chrono::duration<double>(*o.time_limit));
}

void read_mode_options(const po::variables_map& vm, run_options& o) {
  if (vm.count("all") && vm.count("count")) {
    throw usage_error("--all and --count exclude each other");
  }
  if (vm.count("all")) {
    o.what = mode::all;
  } else if (vm.count("count")) {
    o.what = mode::count;
  }
  if (vm.count("limit")) {
    o.limit = parse_count(vm["limit"].as<std::string>(), "--limit");
    if (o.limit == 0) {
      throw usage_error("--limit must be at least 1");
    }
    if (o.what == mode::first) {
      o.what = mode::all;  // --limit K alone means the first K solutions
    }
  }
}

void read_limit_options(const po::variables_map& vm, run_options& o) {
  if (vm.count("time-limit")) {
    const double s = parse_seconds(vm["time-limit"].as<std::string>(), "--time-limit");
    if (!std::isfinite(s) || s <= 0.0) {
      throw usage_error("--time-limit must be a positive number of seconds");
    }
    o.time_limit = s;
  }
  if (vm.count("node-limit")) {
    o.node_limit = parse_count(vm["node-limit"].as<std::string>(), "--node-limit");
    if (o.node_limit == 0) {
      throw usage_error("--node-limit must be at least 1");
    }
  }
}

run_options read_common_options(const po::variables_map& vm) {
  run_options o;
  read_mode_options(vm, o);
  if (vm.count("format")) {
    o.format = vm["format"].as<std::string>();
  }
  o.stats = vm.count("stats") > 0;
  o.textbook_backtracks = vm.count("textbook-backtracks") > 0;
  o.trace = vm.count("trace") > 0;
  read_limit_options(vm, o);
  if (vm.count("tree")) o.tree_file = vm["tree"].as<std::string>();
  o.tree_rejected = vm.count("tree-hide-rejected") == 0;
  if (vm.count("replay")) o.replay_file = vm["replay"].as<std::string>();
  o.estimate = vm.count("estimate") > 0;
  const auto positive = [&](const char* name, std::uint64_t& into, std::uint64_t most) {
    if (!vm.count(name)) return;
    into = parse_count(vm[name].as<std::string>(), std::string("--") + name);
    if (into == 0 || into > most) {
      throw usage_error(std::string("--") + name + " " + std::to_string(into) +
                        " is out of range 1.." + std::to_string(most));
    }
  };
  // The tree and the replay are held in memory until written, and grow with these values:
  // 10^5 nodes is a 10 MB DOT file that Graphviz takes minutes to lay out, 10^6 steps a page of
  // about 100 MB. The probes take no memory, and the time limit and Ctrl-C end them.
  positive("tree-max-nodes", o.tree_max_nodes, 100'000);
  positive("replay-max-steps", o.replay_max_steps, 1'000'000);
  positive("estimate-probes", o.estimate_probes, std::numeric_limits<std::uint64_t>::max());
  if (vm.count("seed")) o.seed = parse_count(vm["seed"].as<std::string>(), "--seed");
  return o;
}

}  // namespace btsolve
