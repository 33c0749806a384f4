// SPDX-License-Identifier: MIT
#include "commands/compare.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <filesystem>
#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <ostream>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <btsolve/errors.hpp>
#include <btsolve/options.hpp>
#include <btsolve/registry.hpp>

#include "commands/compare_colours.hpp"
#include "commands/compare_plot.hpp"
#include "commands/compare_table.hpp"

namespace btsolve {
namespace {

namespace po = boost::program_options;

/// The most runs of one cell (--repeat).
constexpr std::uint64_t max_repeat = 100;
/// How long `--colours chromatic` lets the problem prove a chromatic number without a
/// --time-limit.
constexpr const char* default_chromatic_seconds = "60";

// What compare was asked, after parsing its own options.
struct compare_request {
  compare_report report;                    // what is printed: problem, strategies, columns, ...
  std::vector<std::string> mode_args;       // --all / --count / --limit K
  std::vector<std::string> limit_args;      // --time-limit S / --node-limit N
  std::string time_limit_text;              // --time-limit as given
  std::vector<std::string> passthrough;     // the plugin's own options, given to every run
  std::string strategy;                     // --strategy S, or empty
  std::vector<std::optional<int>> colours;  // --colours: counts, nothing for "chromatic"
  compare_format format = compare_format::table;
  bool pivot = false;
  std::string plot;
};

// --repeat K: compare's own option, declared as the runner's are (options.hpp).
const option_record& repeat_option() {
  static const option_record r = [] {
    option_record o;
    o.name = "repeat";
    o.type = option_type::integer;
    o.min = 1;
    o.max = max_repeat;
    o.default_text = "1";
    o.help = "run each cell K times; seconds is the median, the counts must agree";
    return o;
  }();
  return r;
}

// (clang-format would bin-pack the chain of options, .clang-format)
// clang-format off
po::options_description compare_options() {
  po::options_description d("Compare options (any other option is given to every run)");
  d.add_options()
      ("help,h", "show this help")
      ("problem", po::value<std::string>(), "the problem (first argument)")
      ("size,n", po::value<std::string>(), "sizes: 4..12, 4,6,8 or a mix (problems with -n)")
      ("inputs", po::value<std::vector<std::string>>()->composing(),
       "instance files, comma-separated or repeated (problems with --input)")
      ("strategies", po::value<std::string>(),
       "strategies to compare, comma-separated, each as the problem's --strategy takes it "
       "(default: every strategy the problem declares for the mode)")
      ("strategy", po::value<std::string>(), "one strategy to compare, as --strategies S");
  // What each run looks for and its limits: the runner's own options (options.hpp), declared
  // and checked in one place.
  add_mode_options(d);
  add_limit_options(d);
  describe_records(d, {repeat_option()});
  d.add_options()
      ("colours", po::value<std::string>(),
       "colours: M for every input, M1,M2,... one per input, or 'chromatic' (each graph's "
       "chromatic number: its answers.csv, else proved by the problem)")
      ("colors", po::value<std::string>(), "the same as --colours")
      ("pivot", "strategies as rows, sizes or inputs as columns, one measure")
      ("measure", po::value<std::string>(),
       "the pivot's, the ratios' and the plot's measure: work (default: checks and propagation "
       "checks), nodes, checks, assigns, prunes, backtracks, solutions, max_depth, seconds, or "
       "any number of the runs' stats")
      ("baseline", po::value<std::string>(), "ratios of the measure to this strategy's run")
      ("format", po::value<std::string>(), "table (default), csv, json, markdown or latex")
      ("plot", po::value<std::string>(),
       "draw the measure (default: work and seconds) against size or input to FILE.svg "
       "(gnuplot)");
  return d;
}
// clang-format on

// Split args into compare's own (with their values) and the rest, given to every run as is
// with the words that follow each (program_options would take `--colours 3`'s 3 as positional).
// short_colours: the problem's -m is --colours (colouring), which compare sets per input.
void split_args(const std::vector<std::string>& args, bool short_colours,
                std::vector<std::string>& own, std::vector<std::string>& rest) {
  static const std::vector<std::string> with_value{
      "-n",       "--size",       "--inputs",     "--strategies", "--strategy",
      "--limit",  "--time-limit", "--node-limit", "--format",     "--plot",
      "--repeat", "--colours",    "--colors",     "--measure",    "--baseline"};
  static const std::vector<std::string> flags{"-h", "--help", "--all", "--count", "--pivot"};
  const auto is = [](const std::vector<std::string>& names, const std::string& a) {
    return std::find(names.begin(), names.end(), a.substr(0, a.find('='))) != names.end();
  };
  bool problem_seen = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (is(flags, a)) {
      own.push_back(a);
    } else if (is(with_value, a) || (short_colours && a == "-m")) {
      own.push_back(a == "-m" ? "--colours" : a);
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

po::variables_map parse_own(const std::vector<std::string>& own) {
  const po::options_description desc = compare_options();
  po::positional_options_description pos;
  pos.add("problem", 1);
  po::variables_map vm;
  po::store(po::command_line_parser(own).options(desc).positional(pos).run(), vm);
  po::notify(vm);
  return vm;
}

// Whether the problem has a --colours with the short name -m (colouring's m-colouring).
bool takes_colours(const registry& reg, const std::vector<std::string>& args) {
  std::vector<std::string> own;
  std::vector<std::string> rest;
  split_args(args, false, own, rest);
  const po::variables_map vm = parse_own(own);
  if (!vm.count("problem")) return false;
  const auto plugin = reg.create(vm["problem"].as<std::string>());
  if (!plugin) return false;
  po::options_description d;
  plugin->add_options(d);
  const po::option_description* o = d.find_nothrow("colours", false);
  return o != nullptr &&
         o->canonical_display_name(po::command_line_style::allow_dash_for_short) == "-m";
}

compare_request read_request(const registry& reg, const std::vector<std::string>& args,
                             std::ostream& out, bool& help) {
  std::vector<std::string> own;
  std::vector<std::string> rest;
  split_args(args, takes_colours(reg, args), own, rest);
  const po::variables_map vm = parse_own(own);
  help = vm.count("help") > 0;
  if (help) {
    // The runner's own name (btsolve, btsolve-mpi, an author's runner), the rest indented
    // under it.
    const std::string head = "Usage: " + reg.program() + " compare ";
    const std::string indent(head.size(), ' ');
    out << head << "PROBLEM [-n SIZES | --inputs FILES] [--strategies S1,S2,...]\n"
        << indent << "[--all | --count | --limit K] [--time-limit S] [--repeat K]\n"
        << indent << "[--pivot] [--measure M] [--baseline S] [--colours LIST]\n"
        << indent << "[--format F] [--plot F.svg]\n\n"
        << compare_options();
    return {};
  }
  compare_request q;
  compare_report& r = q.report;
  if (!vm.count("problem"))
    throw usage_error("compare needs a problem: " + reg.program() + " compare PROBLEM ...");
  r.problem = vm["problem"].as<std::string>();
  if (vm.count("strategies") && vm.count("strategy")) {
    throw usage_error("compare takes --strategies S1,S2,... or --strategy S, not both");
  }
  if (vm.count("strategies")) {
    r.strategies = split_list(vm["strategies"].as<std::string>());
    if (r.strategies.empty()) throw usage_error("--strategies names no strategy");
  }
  if (vm.count("strategy")) {
    q.strategy = vm["strategy"].as<std::string>();
    r.strategies = {q.strategy};
  }
  if (vm.count("size") && vm.count("inputs")) {
    throw usage_error("compare takes sizes (-n) or --inputs, not both");
  }
  if (vm.count("size")) {
    r.sizes = true;
    for (const auto n : parse_sizes(vm["size"].as<std::string>(), "-n")) {
      r.columns.push_back({std::to_string(n), "n=" + std::to_string(n), std::nullopt, ""});
    }
  } else if (vm.count("inputs")) {
    for (const auto& item : vm["inputs"].as<std::vector<std::string>>()) {
      for (auto& f : split_list(item)) r.columns.push_back({f, "", std::nullopt, ""});
    }
  }
  if (r.columns.empty()) {
    // One column: the instance the problem's own options give (--mycielski 4, --weights ...).
    if (rest.empty()) {
      throw usage_error(
          "compare needs sizes (-n 4..12), --inputs FILES or the problem's own instance "
          "options (--mycielski 4)");
    }
    std::string words;
    for (const std::string& w : rest) words += (words.empty() ? "" : " ") + w;
    r.own = true;
    r.columns.push_back({words, words, std::nullopt, ""});
  }
  run_options o;
  read_mode_options(vm, o);
  read_limit_options(vm, o);
  r.what = o.what;
  if (vm.count("all")) q.mode_args.emplace_back("--all");
  if (vm.count("count")) q.mode_args.emplace_back("--count");
  if (vm.count("limit")) {
    r.limit = o.limit;
    q.mode_args.insert(q.mode_args.end(), {"--limit", vm["limit"].as<std::string>()});
  }
  if (o.time_limit) {
    q.time_limit_text = vm["time-limit"].as<std::string>();
    r.time_limit = o.time_limit;
    q.limit_args.insert(q.limit_args.end(), {"--time-limit", q.time_limit_text});
  }
  if (vm.count("node-limit")) {
    r.node_limit = o.node_limit;
    q.limit_args.insert(q.limit_args.end(), {"--node-limit", vm["node-limit"].as<std::string>()});
  }
  if (vm.count("repeat")) {
    r.repeat = static_cast<int>(repeat_option().integer_of(vm["repeat"].as<std::string>()));
  }
  if (vm.count("colours") && vm.count("colors")) {
    throw usage_error("--colours and --colors are the same option: give it once");
  }
  for (const char* name : {"colours", "colors"}) {
    if (vm.count(name)) q.colours = parse_colours(vm[name].as<std::string>());
  }
  if (vm.count("format")) q.format = parse_compare_format(vm["format"].as<std::string>());
  q.pivot = vm.count("pivot") > 0;
  if (vm.count("measure")) {
    r.measure = vm["measure"].as<std::string>();
    r.measure_given = true;
    if (r.measure.empty() || !std::all_of(r.measure.begin(), r.measure.end(), [](char ch) {
          return (ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9') || ch == '_';
        })) {
      throw usage_error("unknown measure " + quote(r.measure) + " (work, nodes, checks, " +
                        "assigns, prunes, backtracks, solutions, max_depth, seconds, ...)");
    }
  }
  if (vm.count("baseline")) r.baseline = vm["baseline"].as<std::string>();
  if (vm.count("plot")) q.plot = vm["plot"].as<std::string>();
  q.passthrough = rest;
  return q;
}

std::string instance_name(const compare_request& q, const std::string& instance) {
  return q.report.sizes ? "-n " + instance : instance;
}

// Thrown when Ctrl-C stops compare's own work before any cell (a chromatic number).
struct compare_interrupted {};

// The plugin's run of argv, in-process as `btsolve PROBLEM argv` would do it, and its
// JSON document; exceptions are the caller's to word.
nlohmann::json run_json(const registry& reg, const std::string& problem,
                        const std::vector<std::string>& argv, int& exit) {
  auto plugin = reg.create(problem);
  std::ostringstream out;
  std::ostringstream err;
  po::options_description all;
  const po::variables_map vm = parse_plugin_options(*plugin, argv, all);
  exit = plugin->run(vm, read_common_options(vm), {out, err});
  return nlohmann::json::parse(out.str(), nullptr, false);
}

// One run of the plugin. preflight: a one-node run, to refuse an unknown strategy before any
// long run.
compare_cell run_one(const registry& reg, const compare_request& q, const std::string& strategy,
                     std::size_t column, bool preflight = false) {
  const compare_report& r = q.report;
  const std::string& instance = r.columns[column].instance;
  std::vector<std::string> argv{"--strategy", strategy, "--format", "json"};
  if (r.sizes) {
    argv.insert(argv.end(), {"-n", instance});
  } else if (!r.own) {
    argv.insert(argv.end(), {"--input", instance});
  }
  if (r.columns[column].colours) {
    argv.insert(argv.end(), {"--colours", std::to_string(*r.columns[column].colours)});
  }
  argv.insert(argv.end(), q.mode_args.begin(), q.mode_args.end());
  if (preflight) {
    argv.insert(argv.end(), {"--node-limit", "1"});
  } else {
    argv.insert(argv.end(), q.limit_args.begin(), q.limit_args.end());
  }
  argv.insert(argv.end(), q.passthrough.begin(), q.passthrough.end());

  compare_cell c;
  c.strategy = strategy;
  c.instance = instance;
  c.column = column;
  nlohmann::json doc;
  try {
    doc = run_json(reg, r.problem, argv, c.exit);
  } catch (const std::exception& e) {
    // Before any long run every strategy is tried once (preflight): a refusal there ends
    // compare; a refusal of one size or input later (a board too wide for a strategy) is
    // shown in its cell.
    const std::string why =
        "strategy " + quote(strategy) + " on " + instance_name(q, instance) + ": " + e.what();
    if (preflight ||
        (!dynamic_cast<const po::error*>(&e) && !dynamic_cast<const usage_error*>(&e))) {
      throw usage_error(why);
    }
    c.refused = e.what();
    c.exit = exit_code::bad_input;
    return c;
  }
  if (doc.is_discarded() || !doc.contains("stats") || !doc["stats"].is_object()) {
    throw usage_error("strategy " + quote(strategy) + " on " + instance_name(q, instance) +
                      ": the run gave no JSON statistics");
  }
  c.stats = doc["stats"];
  if (doc.contains("objective")) {
    // An optimisation: its value (null when none was found), the improvements and whether
    // the value is proven optimal are measures like the statistics (--measure value).
    c.stats["value"] = doc.value("value", nlohmann::json(nullptr));
    c.stats["improvements"] = doc.contains("improvements") ? doc["improvements"].size() : 0U;
    c.stats["optimal"] = doc.value("optimal", false) ? 1 : 0;
  }
  const auto& s = c.stats;
  c.nodes = s.value("nodes", std::uint64_t{0});
  c.checks = s.value("checks", std::uint64_t{0});
  c.backtracks = s.value("backtracks", std::uint64_t{0});
  c.solutions = doc.contains("count") && doc["count"].is_number_unsigned()
                    ? doc["count"].get<std::uint64_t>()
                    : s.value("solutions", std::uint64_t{0});
  c.seconds = s.value("seconds", 0.0);
  c.seconds_all = {c.seconds};
  if (doc.contains("stopped") && doc["stopped"].is_string()) {
    c.stopped = doc["stopped"].get<std::string>();
  }
  return c;
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t mid = v.size() / 2;
  return v.size() % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2.0;
}

// The first count in which two runs of the same cell differ ("nodes 123 and 124"), or "".
// Times are not counts: any member with "second" in its name is left out.
std::string count_difference(const compare_cell& a, const compare_cell& b) {
  if (a.solutions != b.solutions) {
    return "solutions " + std::to_string(a.solutions) + " and " + std::to_string(b.solutions);
  }
  if (a.exit != b.exit) return "exit " + std::to_string(a.exit) + " and " + std::to_string(b.exit);
  std::set<std::string> keys;
  for (const auto& [k, v] : a.stats.items()) keys.insert(k);
  for (const auto& [k, v] : b.stats.items()) keys.insert(k);
  for (const auto& k : keys) {
    if (k.find("second") != std::string::npos) continue;
    const nlohmann::json x = a.stats.contains(k) ? a.stats[k] : nlohmann::json(nullptr);
    const nlohmann::json y = b.stats.contains(k) ? b.stats[k] : nlohmann::json(nullptr);
    if (x != y) return k + " " + x.dump() + " and " + y.dump();
  }
  return {};
}

// A cell run --repeat times: the first run's counts (every repeat must give the same), the
// median of the seconds. A stopped repeat ends the cell as it stands (its counts are where the
// limit found it).
compare_cell run_cell(const registry& reg, const compare_request& q, const std::string& strategy,
                      std::size_t column) {
  compare_cell c = run_one(reg, q, strategy, column);
  for (int k = 1; k < q.report.repeat && c.refused.empty() && c.stopped.empty(); ++k) {
    compare_cell again = run_one(reg, q, strategy, column);
    if (!again.stopped.empty()) {
      again.seconds_all.insert(again.seconds_all.begin(), c.seconds_all.begin(),
                               c.seconds_all.end());
      return again;
    }
    if (const std::string d = count_difference(c, again); !d.empty()) {
      throw std::logic_error("strategy " + quote(strategy) + " on " + instance_name(q, c.instance) +
                             ": repeats 1 and " + std::to_string(k + 1) + " counted " + d +
                             ": a run's counts must not change");
    }
    c.seconds_all.push_back(again.seconds);
  }
  if (c.seconds_all.empty()) return c;  // refused: never ran
  c.seconds = median(c.seconds_all);
  if (c.stats.contains("seconds")) c.stats["seconds"] = c.seconds;
  return c;
}

// The chromatic number of `input` as the problem proves it within the time limit
// (--time-limit, else 60 s).
int proven_chromatic(const registry& reg, const compare_request& q, const std::string& input,
                     const std::string& why) {
  const std::string seconds =
      q.time_limit_text.empty() ? default_chromatic_seconds : q.time_limit_text;
  std::vector<std::string> argv{"--input", input,          "--chromatic", "--format",
                                "json",    "--time-limit", seconds};
  nlohmann::json doc;
  int exit = 0;
  try {
    doc = run_json(reg, q.report.problem, argv, exit);
  } catch (const std::exception& e) {
    throw usage_error("--colours chromatic: " + input + ": " + e.what());
  }
  if (doc.is_discarded()) {
    throw usage_error("--colours chromatic: " + input + ": the run gave no JSON document");
  }
  if (doc.value("stopped", nlohmann::json(nullptr)) == "interrupted") throw compare_interrupted{};
  const auto& m = doc.value("chromatic_number", nlohmann::json(nullptr));
  if (!m.is_number_integer()) {
    std::string bounds;
    if (doc.contains("lower_bound") && doc.contains("upper_bound")) {
      bounds = " (bounds [" + doc["lower_bound"].dump() + ".." + doc["upper_bound"].dump() + "])";
    }
    throw usage_error("--colours chromatic: " + why + "the chromatic number of " + input +
                      " was not proved within " + seconds + " s" + bounds +
                      "; give its colours as a number");
  }
  return m.get<int>();
}

// Whether the run refutes the chromatic number answers.csv lists for `input`: an m-colouring
// with `listed` colours is searched (within the time limit); none means more colours are
// needed, and one that uses fewer colours means fewer suffice. Returns the words of the
// refutation, or "" (also when the limit stopped the search: nothing was refuted).
std::string refutation(const registry& reg, const compare_request& q, const std::string& input,
                       int listed) {
  const std::string seconds =
      q.time_limit_text.empty() ? default_chromatic_seconds : q.time_limit_text;
  std::vector<std::string> argv{"--input",  input,  "--colours",    std::to_string(listed),
                                "--format", "json", "--time-limit", seconds};
  nlohmann::json doc;
  int exit = 0;
  try {
    doc = run_json(reg, q.report.problem, argv, exit);
  } catch (const std::exception& e) {
    throw usage_error("--colours chromatic: " + input + ": " + e.what());
  }
  if (doc.is_discarded()) return {};
  if (doc.value("stopped", nlohmann::json(nullptr)) == "interrupted") throw compare_interrupted{};
  if (exit == exit_code::no_solution) {
    return "no " + std::to_string(listed) + "-colouring exists";
  }
  const auto sols = doc.value("solutions", nlohmann::json::array());
  // A colouring is an array of colours, or for a graph with names an object name -> colour.
  if (exit != exit_code::solved || sols.empty() || !sols[0].is_structured()) return {};
  std::set<int> used;
  for (const auto& c : sols[0]) {
    if (c.is_number_integer()) used.insert(c.get<int>());
  }
  if (!used.empty() && static_cast<int>(used.size()) < listed) {
    return "a " + std::to_string(used.size()) + "-colouring exists";
  }
  return {};
}

// The chromatic number of `input`: its answers.csv, checked by a run (a listed number the run
// refutes is replaced by the proven one, with a warning on err), else the problem's own proof.
std::pair<int, std::string> chromatic_of(const registry& reg, const compare_request& q,
                                         const std::string& input, std::ostream& err) {
  const auto listed = listed_chromatic(input);
  if (!listed) return {proven_chromatic(reg, q, input, ""), "computed"};
  const std::string refuted = refutation(reg, q, input, *listed);
  if (refuted.empty()) return {*listed, "answers.csv"};
  const std::string why =
      "answers.csv gives " + std::to_string(*listed) + " for " + input + ", but " + refuted + "; ";
  const int chi = proven_chromatic(reg, q, input, why);
  err << "warning: --colours chromatic: " << why << "using the proven chromatic number " << chi
      << '\n';
  return {chi, "computed"};
}

// Each column's colours (--colours) and every column's label.
void resolve_columns(const registry& reg, compare_request& q, std::ostream& err) {
  compare_report& r = q.report;
  const std::size_t n = r.columns.size();
  if (!q.colours.empty() && q.colours.size() != 1 && q.colours.size() != n) {
    throw usage_error("--colours lists " + std::to_string(q.colours.size()) +
                      " colour counts for " + std::to_string(n) + (r.sizes ? " sizes" : " inputs") +
                      ": give one for all, or one for each");
  }
  for (std::size_t j = 0; j < n && !q.colours.empty(); ++j) {
    const std::optional<int>& m = q.colours[q.colours.size() == 1 ? 0 : j];
    compare_column& col = r.columns[j];
    if (m) {
      col.colours = *m;
      col.colours_from = "given";
    } else if (r.sizes || r.own) {
      throw usage_error("--colours chromatic reads each graph's chromatic number: give --inputs");
    } else {
      const auto [chi, from] = chromatic_of(reg, q, col.instance, err);
      col.colours = chi;
      col.colours_from = from;
    }
  }
  if (r.sizes || r.own) {
    for (auto& col : r.columns) {
      if (col.colours) col.label += " (m=" + std::to_string(*col.colours) + ")";
    }
    return;
  }
  // Short headers: the file's name, unless two inputs share it.
  std::map<std::string, int> seen;
  for (const auto& col : r.columns) {
    ++seen[std::filesystem::path(col.instance).filename().string()];
  }
  for (auto& col : r.columns) {
    const std::string name = std::filesystem::path(col.instance).filename().string();
    col.label = seen[name] > 1 || name.empty() ? col.instance : name;
    if (col.colours) col.label += " (m=" + std::to_string(*col.colours) + ")";
  }
}

// Every number the stats of these cells hold.
void add_keys(const compare_cell& c, std::set<std::string>& keys) {
  for (const auto& [k, v] : c.stats.items()) {
    // An optimisation's value is a measure even where a short run found none (null).
    if (v.is_number() || k == "value") keys.insert(k);
  }
}

void check_measure(const compare_report& r, const std::set<std::string>& keys) {
  const auto& known = standard_measures();
  if (std::find(known.begin(), known.end(), r.measure) != known.end() || keys.contains(r.measure)) {
    return;
  }
  std::string names;
  for (const auto& k : known) names += (names.empty() ? "" : ", ") + k;
  for (const auto& k : keys) {
    if (std::find(known.begin(), known.end(), k) == known.end()) names += ", " + k;
  }
  throw usage_error("unknown measure " + quote(r.measure) + " (" + names + ")");
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
  compare_request q = read_request(reg, args, out, help);
  if (help) return exit_code::solved;
  compare_report& r = q.report;
  const auto plugin = reg.create(r.problem);
  if (!plugin) {
    throw usage_error("unknown problem " + quote(r.problem) + ". Try '" + reg.program() +
                      " list'.");
  }
  {
    // The options every run shares, checked once by the runner's own code before anything
    // runs: a bad value is the runner's one-line error (exit 2), not a refusal in every cell.
    std::vector<std::string> argv{"--format", "json"};
    argv.insert(argv.end(), q.mode_args.begin(), q.mode_args.end());
    argv.insert(argv.end(), q.limit_args.begin(), q.limit_args.end());
    if (!q.strategy.empty()) argv.insert(argv.end(), {"--strategy", q.strategy});
    argv.insert(argv.end(), q.passthrough.begin(), q.passthrough.end());
    po::options_description all;
    const po::variables_map vm = parse_plugin_options(*plugin, argv, all);
    plugin->check(vm, read_common_options(vm));
  }
  if (!q.plot.empty()) require_gnuplot();
  const bool declared = r.strategies.empty();
  if (declared) {
    // Every strategy the problem declares for the mode asked.
    for (const auto& s : plugin->strategies()) {
      if ((s.modes & bit_of(r.what)) != 0) r.strategies.emplace_back(s.name);
    }
    if (r.strategies.empty()) throw usage_error(r.problem + " declares no strategy for this mode");
  }
  if (r.baseline &&
      std::find(r.strategies.begin(), r.strategies.end(), *r.baseline) == r.strategies.end()) {
    std::string names;
    for (const auto& s : r.strategies) names += (names.empty() ? "" : ", ") + s;
    throw usage_error("--baseline " + quote(*r.baseline) + " is not one of the strategies (" +
                      names + ")");
  }
  try {
    resolve_columns(reg, q, err);
  } catch (const compare_interrupted&) {
    err << "stopped: interrupted\n";
    return exit_code::stopped;
  }
  std::set<std::string> keys;
  // No preflight run of declared strategies (one may refuse a size in its cell); what every
  // run would refuse alike was checked above.
  if (!declared) {
    for (const auto& s : r.strategies) add_keys(run_one(reg, q, s, 0, true), keys);
  }
  const auto& known = standard_measures();
  if (declared && std::find(known.begin(), known.end(), r.measure) == known.end()) {
    // A measure of the problem's own: a one-node run of each strategy that takes the first
    // column shows which numbers its statistics hold.
    for (const auto& s : r.strategies) {
      try {
        add_keys(run_one(reg, q, s, 0, true), keys);
      } catch (const usage_error&) {
      }
    }
  }
  check_measure(r, keys);

  bool interrupted = false;
  for (const auto& s : r.strategies) {
    for (std::size_t j = 0; j < r.columns.size(); ++j) {
      r.cells.push_back(run_cell(reg, q, s, j));
      if (r.cells.back().stopped == "interrupted") {
        interrupted = true;
        break;
      }
    }
    if (interrupted) break;
  }
  print_compare(out, r, q.format, q.pivot);
  if (!q.plot.empty()) plot_comparison(q.plot, r);
  if (interrupted) {
    err << "stopped: interrupted\n";
    return exit_code::stopped;
  }
  return exit_code::solved;
}

}  // namespace btsolve
