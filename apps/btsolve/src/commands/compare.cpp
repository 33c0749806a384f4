// SPDX-License-Identifier: MIT
#include "commands/compare.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdio>
#include <iomanip>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <vector>

#include <btsolve/errors.hpp>
#include <btsolve/options.hpp>
#include <btsolve/registry.hpp>

#include "commands/compare_plot.hpp"

namespace btsolve {
namespace {

namespace po = boost::program_options;

enum class table_format { table, csv, json };

table_format parse_table_format(const std::string& f) {
  if (f.empty() || f == "table") return table_format::table;
  if (f == "csv") return table_format::csv;
  if (f == "json") return table_format::json;
  throw usage_error("--format for compare is table, csv or json, not '" + f + "'");
}

// What compare was asked, after parsing its own options.
struct compare_request {
  std::string problem;
  std::vector<std::string> strategies;
  std::vector<std::string> instances;   // sizes as text, or input files
  bool sizes = false;                   // instances are -n values, not --input files
  std::vector<std::string> mode_args;   // --all / --count / --limit K
  std::vector<std::string> limit_args;  // --time-limit S / --node-limit N
  std::optional<double> time_limit;
  std::vector<std::string> passthrough;  // the plugin's own options, given to every run
  table_format format = table_format::table;
  std::string plot;
};

po::options_description compare_options() {
  po::options_description d("Compare options (any other option is given to every run)");
  d.add_options()("help,h", "show this help")("problem", po::value<std::string>(),
                                              "the problem (first argument)")(
      "size,n", po::value<std::string>(), "sizes: 4..12, 4,6,8 or a mix (problems with -n)")(
      "inputs", po::value<std::vector<std::string>>()->composing(),
      "instance files, comma-separated or repeated (problems with --input)")(
      "strategies", po::value<std::string>(),
      "strategies to compare, comma-separated, each as the problem's --strategy takes it "
      "(default: every strategy the problem declares for the mode)")(
      "all", "every solution in each run")("count", "count the solutions in each run")(
      "limit", po::value<std::string>(), "stop each run after K solutions")(
      "time-limit", po::value<std::string>(), "stop each run after S seconds (shown as >Ss)")(
      "node-limit", po::value<std::string>(), "stop each run after N nodes")(
      "format", po::value<std::string>(), "table (default), csv or json")(
      "plot", po::value<std::string>(), "write nodes and time against size to FILE.svg (gnuplot)");
  return d;
}

// Split args into compare's own (with their values) and the rest, given to every run as is
// with the words that follow each (program_options would take `--colours 3`'s 3 as positional).
void split_args(const std::vector<std::string>& args, std::vector<std::string>& own,
                std::vector<std::string>& rest) {
  static const std::vector<std::string> with_value{"-n",           "--size",   "--inputs",
                                                   "--strategies", "--limit",  "--time-limit",
                                                   "--node-limit", "--format", "--plot"};
  static const std::vector<std::string> flags{"-h", "--help", "--all", "--count"};
  const auto is = [](const std::vector<std::string>& names, const std::string& a) {
    return std::find(names.begin(), names.end(), a.substr(0, a.find('='))) != names.end();
  };
  bool problem_seen = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (is(flags, a)) {
      own.push_back(a);
    } else if (is(with_value, a)) {
      own.push_back(a);
      if (a.find('=') == std::string::npos && i + 1 < args.size()) own.push_back(args[++i]);
    } else if (a.empty() || a[0] != '-') {
      if (problem_seen) {
        rest.push_back(a);
      } else {
        own.push_back(a);
        problem_seen = true;
      }
    } else {
      rest.push_back(a);
      while (a.find('=') == std::string::npos && i + 1 < args.size() &&
             (args[i + 1].empty() || args[i + 1][0] != '-')) {
        rest.push_back(args[++i]);
      }
    }
  }
}

compare_request read_request(const std::vector<std::string>& args, std::ostream& out, bool& help) {
  const po::options_description desc = compare_options();
  po::positional_options_description pos;
  pos.add("problem", 1);
  std::vector<std::string> own;
  std::vector<std::string> rest;
  split_args(args, own, rest);
  const po::parsed_options parsed =
      po::command_line_parser(own).options(desc).positional(pos).run();
  po::variables_map vm;
  po::store(parsed, vm);
  po::notify(vm);
  help = vm.count("help") > 0;
  if (help) {
    out << "Usage: btsolve compare PROBLEM (-n SIZES | --inputs FILES) [--strategies S1,S2,...]\n"
           "                       [--all | --count] [--time-limit S] [--format F] [--plot "
           "F.svg]\n\n"
        << desc;
    return {};
  }
  compare_request r;
  if (!vm.count("problem"))
    throw usage_error("compare needs a problem: btsolve compare PROBLEM ...");
  r.problem = vm["problem"].as<std::string>();
  if (vm.count("strategies")) {
    r.strategies = split_list(vm["strategies"].as<std::string>());
    if (r.strategies.empty()) throw usage_error("--strategies names no strategy");
  }
  if (vm.count("size") && vm.count("inputs")) {
    throw usage_error("compare takes sizes (-n) or --inputs, not both");
  }
  if (vm.count("size")) {
    r.sizes = true;
    for (const auto n : parse_sizes(vm["size"].as<std::string>(), "-n")) {
      r.instances.push_back(std::to_string(n));
    }
  } else if (vm.count("inputs")) {
    for (const auto& item : vm["inputs"].as<std::vector<std::string>>()) {
      for (auto& f : split_list(item)) r.instances.push_back(std::move(f));
    }
  }
  if (r.instances.empty()) throw usage_error("compare needs sizes (-n 4..12) or --inputs FILES");
  if (vm.count("all") && vm.count("count"))
    throw usage_error("--all and --count exclude each other");
  if (vm.count("all")) r.mode_args.emplace_back("--all");
  if (vm.count("count")) r.mode_args.emplace_back("--count");
  if (vm.count("limit")) {
    r.mode_args.insert(r.mode_args.end(), {"--limit", vm["limit"].as<std::string>()});
  }
  if (vm.count("time-limit")) {
    const std::string s = vm["time-limit"].as<std::string>();
    const double t = parse_seconds(s, "--time-limit");
    if (t <= 0.0) throw usage_error("--time-limit must be a positive number of seconds");
    r.time_limit = t;
    r.limit_args.insert(r.limit_args.end(), {"--time-limit", s});
  }
  if (vm.count("node-limit")) {
    r.limit_args.insert(r.limit_args.end(), {"--node-limit", vm["node-limit"].as<std::string>()});
  }
  if (vm.count("format")) r.format = parse_table_format(vm["format"].as<std::string>());
  if (vm.count("plot")) r.plot = vm["plot"].as<std::string>();
  r.passthrough = rest;
  return r;
}

std::string instance_name(const compare_request& r, const std::string& instance) {
  return r.sizes ? "-n " + instance : instance;
}

// One run of the plugin, in-process, as `btsolve PROBLEM argv` would do it.
// preflight: a one-node run, to refuse an unknown strategy before any long run.
compare_cell run_one(const registry& reg, const compare_request& r, const std::string& strategy,
                     const std::string& instance, bool preflight = false) {
  std::vector<std::string> argv{"--strategy", strategy, "--format", "json"};
  if (r.sizes) {
    argv.insert(argv.end(), {"-n", instance});
  } else {
    argv.insert(argv.end(), {"--input", instance});
  }
  argv.insert(argv.end(), r.mode_args.begin(), r.mode_args.end());
  if (preflight) {
    argv.insert(argv.end(), {"--node-limit", "1"});
  } else {
    argv.insert(argv.end(), r.limit_args.begin(), r.limit_args.end());
  }
  argv.insert(argv.end(), r.passthrough.begin(), r.passthrough.end());

  auto plugin = reg.create(r.problem);
  std::ostringstream out;
  std::ostringstream err;
  compare_cell c;
  c.strategy = strategy;
  c.instance = instance;
  try {
    po::options_description all;
    const po::variables_map vm = parse_plugin_options(*plugin, argv, all);
    c.exit = plugin->run(vm, read_common_options(vm), {out, err});
  } catch (const std::exception& e) {
    // Before any long run every strategy is tried once (preflight): a refusal there ends
    // compare; a refusal of one size or input later (a board too wide for a strategy) is
    // shown in its cell.
    const std::string why =
        "strategy " + quote(strategy) + " on " + instance_name(r, instance) + ": " + e.what();
    if (preflight ||
        (!dynamic_cast<const po::error*>(&e) && !dynamic_cast<const usage_error*>(&e))) {
      throw usage_error(why);
    }
    c.refused = e.what();
    c.exit = exit_code::bad_input;
    return c;
  }
  const auto doc = nlohmann::json::parse(out.str(), nullptr, false);
  if (doc.is_discarded() || !doc.contains("stats")) {
    throw usage_error("strategy '" + strategy + "' on " + instance_name(r, instance) +
                      ": the run gave no JSON statistics");
  }
  const auto& s = doc["stats"];
  c.nodes = s.value("nodes", std::uint64_t{0});
  c.checks = s.value("checks", std::uint64_t{0});
  c.backtracks = s.value("backtracks", std::uint64_t{0});
  c.solutions = doc.contains("count") ? doc["count"].get<std::uint64_t>()
                                      : s.value("solutions", std::uint64_t{0});
  c.seconds = s.value("seconds", 0.0);
  if (doc.contains("stopped") && doc["stopped"].is_string()) {
    c.stopped = doc["stopped"].get<std::string>();
  }
  return c;
}

std::string seconds_text(const compare_cell& c, const compare_request& r) {
  std::ostringstream os;
  if (!c.refused.empty()) {
    os << '-';
  } else if (c.stopped == "time limit reached" && r.time_limit) {
    os << '>' << *r.time_limit << 's';
  } else if (!c.stopped.empty()) {
    os << "stopped";
  } else {
    os << std::fixed << std::setprecision(4) << c.seconds;
  }
  return os.str();
}

std::string status_text(const compare_cell& c) {
  if (!c.refused.empty()) return "refused: " + c.refused;
  if (!c.stopped.empty()) return "stopped: " + c.stopped;
  return c.exit == exit_code::no_solution ? "no solution" : "ok";
}

void print_table(std::ostream& out, const compare_request& r,
                 const std::vector<compare_cell>& cells) {
  const std::vector<std::string> head{
      "strategy", r.sizes ? "n" : "input", "nodes", "checks", "backtracks", "solutions", "seconds",
      "status"};
  std::vector<std::vector<std::string>> rows;
  for (const auto& c : cells) {
    rows.push_back({c.strategy, c.instance, std::to_string(c.nodes), std::to_string(c.checks),
                    std::to_string(c.backtracks), std::to_string(c.solutions), seconds_text(c, r),
                    status_text(c)});
  }
  std::vector<std::size_t> width(head.size());
  for (std::size_t i = 0; i < head.size(); ++i) {
    width[i] = head[i].size();
    for (const auto& row : rows) width[i] = std::max(width[i], row[i].size());
  }
  const auto line = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) {
      const bool left = i < 2 || i + 1 == row.size();
      if (i) out << "  ";
      if (i + 1 == row.size()) {
        out << row[i];
      } else {
        out << (left ? std::left : std::right) << std::setw(static_cast<int>(width[i])) << row[i];
      }
    }
    out << std::right << '\n';
  };
  line(head);
  for (const auto& row : rows) line(row);
}

// CSV per RFC 4180: quote a field only when it needs it.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (const char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + '"';
}

void print_csv(std::ostream& out, const compare_request& r,
               const std::vector<compare_cell>& cells) {
  out << "strategy," << (r.sizes ? "n" : "input")
      << ",nodes,checks,backtracks,solutions,seconds,stopped\n";
  for (const auto& c : cells) {
    out << csv_field(c.strategy) << ',' << csv_field(c.instance) << ',' << c.nodes << ','
        << c.checks << ',' << c.backtracks << ',' << c.solutions << ',' << c.seconds << ','
        << csv_field(c.refused.empty() ? c.stopped : "refused: " + c.refused) << '\n';
  }
}

void print_json(std::ostream& out, const compare_request& r,
                const std::vector<compare_cell>& cells) {
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& c : cells) {
    nlohmann::json j = {{"strategy", c.strategy},
                        {"nodes", c.nodes},
                        {"checks", c.checks},
                        {"backtracks", c.backtracks},
                        {"solutions", c.solutions},
                        {"seconds", c.seconds},
                        {"exit", c.exit}};
    if (r.sizes) {
      j["n"] = std::stoll(c.instance);
    } else {
      j["input"] = c.instance;
    }
    j["stopped"] = c.stopped.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.stopped);
    if (!c.refused.empty()) j["refused"] = c.refused;
    runs.push_back(std::move(j));
  }
  nlohmann::json doc = {{"problem", r.problem}, {"strategies", r.strategies}, {"runs", runs}};
  doc["time_limit"] = r.time_limit ? nlohmann::json(*r.time_limit) : nlohmann::json(nullptr);
  out << doc.dump() << '\n';
}

}  // namespace

std::vector<std::string> split_list(const std::string& text) {
  std::vector<std::string> items;
  std::string item;
  std::istringstream is(text);
  while (std::getline(is, item, ',')) {
    if (!item.empty()) items.push_back(item);
  }
  return items;
}

std::vector<std::int64_t> parse_sizes(const std::string& text, const std::string& option) {
  std::vector<std::int64_t> sizes;
  for (const auto& item : split_list(text)) {
    const auto dots = item.find("..");
    if (dots == std::string::npos) {
      sizes.push_back(parse_int(item, option));
      continue;
    }
    const auto lo = parse_int(item.substr(0, dots), option);
    const auto hi = parse_int(item.substr(dots + 2), option);
    if (hi < lo || hi - lo > 10000) {
      throw usage_error(option + " " + item + ": a range goes up, at most 10000 sizes");
    }
    for (auto n = lo; n <= hi; ++n) sizes.push_back(n);
  }
  if (sizes.empty()) throw usage_error(option + " names no size: '" + text + "'");
  return sizes;
}

int compare_command::run(const registry& reg, const std::vector<std::string>& args, run_io io) {
  std::ostream& out = io.out;
  std::ostream& err = io.err;
  refuse_placeholders(args);
  bool help = false;
  compare_request r = read_request(args, out, help);
  if (help) return exit_code::solved;
  const auto plugin = reg.create(r.problem);
  if (!plugin) {
    throw usage_error("unknown problem " + quote(r.problem) + ". Try '" + reg.program() +
                      " list'.");
  }
  if (!r.plot.empty()) require_gnuplot();
  if (r.strategies.empty()) {
    // Every strategy the problem declares for the mode asked.
    const mode m = r.mode_args.empty()           ? mode::first
                   : r.mode_args[0] == "--count" ? mode::count
                                                 : mode::all;
    for (const auto& s : plugin->strategies()) {
      if ((s.modes & bit_of(m)) != 0) r.strategies.emplace_back(s.name);
    }
    if (r.strategies.empty()) throw usage_error(r.problem + " declares no strategy for this mode");
    // No preflight run here (a declared strategy may refuse a size in its cell), but what
    // every run would refuse alike, a stray word or an unknown option, ends compare now.
    std::vector<std::string> argv{"--format", "json"};
    argv.insert(argv.end(), r.passthrough.begin(), r.passthrough.end());
    po::options_description all;
    (void)read_common_options(parse_plugin_options(*plugin, argv, all));
  } else {
    for (const auto& s : r.strategies) run_one(reg, r, s, r.instances.front(), true);
  }
  std::vector<compare_cell> cells;
  bool interrupted = false;
  for (const auto& s : r.strategies) {
    for (const auto& instance : r.instances) {
      cells.push_back(run_one(reg, r, s, instance));
      if (cells.back().stopped == "interrupted") {
        interrupted = true;
        break;
      }
    }
    if (interrupted) break;
  }
  switch (r.format) {
    case table_format::table: print_table(out, r, cells); break;
    case table_format::csv: print_csv(out, r, cells); break;
    case table_format::json: print_json(out, r, cells); break;
  }
  if (!r.plot.empty()) {
    plot_comparison(r.plot, r.problem, r.strategies, r.instances, r.sizes, cells);
  }
  if (interrupted) {
    err << "stopped: interrupted\n";
    return exit_code::stopped;
  }
  return exit_code::solved;
}

}  // namespace btsolve
