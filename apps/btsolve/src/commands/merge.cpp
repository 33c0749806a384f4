// SPDX-License-Identifier: MIT
#include "commands/merge.hpp"

#include <algorithm>
#include <boost/program_options.hpp>
#include <cstdint>
#include <limits>
#include <map>
#include <optional>
#include <ostream>
#include <random>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include <bt/stats.hpp>
#include <bt/text.hpp>
#include <btsolve/cli.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/input.hpp>
#include <btsolve/outcome.hpp>
#include <btsolve/registry.hpp>
#include <btsolve/report.hpp>

#include "units/binding.hpp"
#include "units/key.hpp"
#include "units/line_check.hpp"

namespace btsolve {
namespace {

namespace po = boost::program_options;

/// The most units a count may have: a line claiming more is refused before memory is spent.
constexpr std::uint64_t max_units = 100'000'000;

// Where a unit's result was read (the file name is owned by the command's arguments).
struct origin {
  const std::string* file = nullptr;
  std::size_t line = 0;
  [[nodiscard]] std::string where() const { return *file + " line " + std::to_string(line); }
};

// The totals of the result lines read so far, and what every line must agree on.
struct merged {
  std::string digest;
  std::string params;
  origin first;
  std::size_t units = 0;
  std::string tally;  // the name of the extra count, or empty
  // The extra count is the sum of the lines' tallies divided by this (unit_source's
  // tally_divisor: 8 for N-Queens' meet in the middle, whose units hold shares of 8 x unique).
  std::uint64_t divisor = 1;
  // A bit per unit, and the origin of the lines read only: a claimed unit count costs an
  // eighth of a byte per unit before the lines are there to fill it.
  std::vector<bool> seen;
  std::unordered_map<std::uint64_t, origin> where;
  std::uint64_t total = 0;
  std::uint64_t tally_total = 0;
  std::uint64_t nodes = 0;  // the units' own nodes added up (lines without statistics)
  // The count's statistics: unit 0's top part, once, and each unit's share (its "stats").
  bt::stats stats;
  bool every_stats = true;  // every line carried its share
  bool top = false;         // unit 0's line carried the top part
  // --verify K: the units drawn when the first line told the unit count, and their lines.
  std::size_t verify = 0;
  std::uint64_t seed = 0;
  std::map<std::size_t, nlohmann::json> sample;
};

// K distinct units of `units`, drawn by seed.
std::vector<std::size_t> draw(std::size_t units, std::size_t k, std::uint64_t seed) {
  std::mt19937_64 random(seed);
  std::vector<std::size_t> out;
  if (k >= units) {
    for (std::size_t u = 0; u < units; ++u) out.push_back(u);
    return out;
  }
  // Floyd's sample: k draws, whatever the unit count.
  std::vector<std::size_t> picked;
  for (std::size_t j = units - k; j < units; ++j) {
    const std::size_t t = std::uniform_int_distribution<std::size_t>(0, j)(random);
    picked.push_back(std::find(picked.begin(), picked.end(), t) == picked.end() ? t : j);
  }
  std::sort(picked.begin(), picked.end());
  return picked;
}

std::uint64_t whole(const nlohmann::json& j, const char* key, const origin& here) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned()) {
    throw usage_error("merge: " + here.where() + ": \"" + key + "\" is not a whole number");
  }
  return it->get<std::uint64_t>();
}

std::uint64_t add(std::uint64_t a, std::uint64_t b, const origin& here) {
  if (b > std::numeric_limits<std::uint64_t>::max() - a) {
    throw usage_error("merge: " + here.where() + ": the total overflows 64 bits");
  }
  return a + b;
}

// The counters of a line's "stats" or "split_stats" (report.hpp's to_json without the
// seconds).
bt::stats counters_of(const nlohmann::json& j, const char* key, const origin& here) {
  const auto it = j.find(key);
  if (!it->is_object()) {
    throw usage_error("merge: " + here.where() + ": \"" + key + "\" is not an object");
  }
  const nlohmann::json& c = *it;
  bt::stats s;
  s.nodes = whole(c, "nodes", here);
  s.checks = whole(c, "checks", here);
  s.assigns = whole(c, "assigns", here);
  s.prunes = whole(c, "prunes", here);
  s.backtracks = whole(c, "backtracks", here);
  s.solutions = whole(c, "solutions", here);
  s.max_depth = static_cast<std::size_t>(whole(c, "max_depth", here));
  s.infers = c.contains("propagation_checks");
  if (s.infers) {
    s.propagation_checks = whole(c, "propagation_checks", here);
    s.removals = whole(c, "removals", here);
    s.wipeouts = whole(c, "wipeouts", here);
  }
  return s;
}

// a += b, every counter checked for overflow (max_depth is the larger).
void add_stats(bt::stats& a, const bt::stats& b, const origin& here) {
  for (const auto member :
       {&bt::stats::nodes, &bt::stats::checks, &bt::stats::assigns, &bt::stats::prunes,
        &bt::stats::backtracks, &bt::stats::solutions, &bt::stats::propagation_checks,
        &bt::stats::removals, &bt::stats::wipeouts}) {
    a.*member = add(a.*member, b.*member, here);
  }
  a.max_depth = std::max(a.max_depth, b.max_depth);
  a.infers = a.infers || b.infers;
}

// One result line of a --unit run, checked field by field.
void add_line(merged& m, const std::string& text, const origin& here,
              const std::optional<record_key>& key) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("unit") || !j.contains("digest") ||
      !j.contains("total") || !j["digest"].is_string()) {
    throw usage_error("merge: " + here.where() + " is not a result line of --unit");
  }
  if (const std::string why = seal_problem(j, key); !why.empty()) {
    throw usage_error("merge: " + here.where() + " " + why);
  }
  const std::uint64_t k = whole(j, "unit", here);
  const std::uint64_t units = whole(j, "units", here);
  if (units == 0 || units > max_units) {
    throw usage_error("merge: " + here.where() + ": \"units\" is " + std::to_string(units) +
                      ", not 1.." + std::to_string(max_units));
  }
  if (!j.contains("done") || !j["done"].is_boolean() || !j.contains("params") ||
      !j["params"].is_string()) {
    throw usage_error("merge: " + here.where() + " is not a result line of --unit");
  }
  // A line's "status" (written since issue 30) says how its unit ended; a stopped unit has
  // counted only part of its subtree. "done" says the same for the lines before it.
  std::optional<run_status> status;
  if (j.contains("status")) {
    status = j["status"].is_string() ? status_named(j["status"].get<std::string>()) : std::nullopt;
    if (!status || *status == run_status::error || *status == run_status::optimal) {
      throw usage_error("merge: " + here.where() + ": \"status\" is " + j["status"].dump() +
                        ", not how a unit ends (solved, no_solution, node_limit, time_limit, "
                        "interrupted)");
    }
  }
  if (!j["done"].get<bool>() || (status && is_stop(*status))) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) + " was stopped" +
                      (status ? " (" + std::string(to_string(*status)) + ")" : std::string()) +
                      " before its end; run it again");
  }
  const std::string digest = j["digest"].get<std::string>();
  const std::string params = j["params"].get<std::string>();
  if (digest != params_digest(params)) {
    throw usage_error("merge: " + here.where() +
                      ": its digest is not that of its parameters; count that unit again");
  }
  const std::string tally =
      j.contains("tally") && j["tally"].is_string() ? j["tally"].get<std::string>() : std::string();
  const std::uint64_t divisor = j.contains("tally_divisor") ? whole(j, "tally_divisor", here) : 1;
  if (divisor == 0) {
    throw usage_error("merge: " + here.where() +
                      ": \"tally_divisor\" is 0, not a whole number from 1");
  }
  if (m.digest.empty()) {
    m.digest = digest;
    m.divisor = divisor;
    m.params = params;
    m.units = static_cast<std::size_t>(units);
    m.tally = tally;
    m.first = here;
    m.seen.resize(m.units);
    for (const std::size_t u : draw(m.units, m.verify, m.seed)) m.sample[u] = nullptr;
  } else if (digest != m.digest) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                      " is of another count than " + m.first.where() + ": " +
                      params_difference(params, m.params, "this line", "the first") + " (digest " +
                      digest + ", not " + m.digest + ")");
  } else if (units != m.units || tally != m.tally || divisor != m.divisor) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                      " does not agree with " + m.first.where() +
                      " on the unit count or the tally");
  }
  if (k >= m.units) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                      " is out of range 0.." + std::to_string(m.units - 1));
  }
  if (m.seen[k]) {
    throw usage_error("merge: unit " + std::to_string(k) +
                      " is duplicated: " + m.where.at(k).where() + " and " + here.where());
  }
  m.seen[k] = true;
  m.where.emplace(k, here);
  if (const auto it = m.sample.find(k); it != m.sample.end()) it->second = j;
  m.total = add(m.total, whole(j, "total", here), here);
  if (!m.tally.empty()) m.tally_total = add(m.tally_total, whole(j, m.tally.c_str(), here), here);
  if (j.contains("nodes")) m.nodes = add(m.nodes, whole(j, "nodes", here), here);
  if (j.contains("stats")) {
    add_stats(m.stats, counters_of(j, "stats", here), here);
  } else {
    m.every_stats = false;  // written by a btsolve before the lines carried statistics
  }
  if (j.contains("split_stats")) {
    if (k != 0) {
      throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                        " carries the top part's statistics, which only unit 0 carries");
    }
    add_stats(m.stats, counters_of(j, "split_stats", here), here);
    m.top = true;
  }
  if (j.contains("seconds") && j["seconds"].is_number())
    m.stats.seconds += j["seconds"].get<double>();
}

}  // namespace

namespace {

// merge --verify: count the drawn units again with the count's own command (given after --)
// and compare them with the lines merged. A line that differs is wrong (or the count is not
// deterministic): either way its total must not be trusted.
void verify_sample(const registry& reg, const merged& m, const std::vector<std::string>& command,
                   std::ostream& err) {
  if (m.sample.empty()) return;
  std::string list;
  for (const auto& [k, line] : m.sample) list += (list.empty() ? "" : ",") + std::to_string(k);
  std::vector<std::string> argv = command;
  argv.insert(argv.end(), {"--unit", list});
  std::ostringstream out;
  std::ostringstream sub_err;
  const int code = run_args(reg, argv, {out, sub_err});
  if (code != exit_code::solved) {
    std::string why = sub_err.str();
    why = why.substr(0, why.find('\n'));
    throw usage_error("merge --verify: the count's command failed (exit " + std::to_string(code) +
                      (why.empty() ? "" : ": " + why) + ")");
  }
  std::size_t checked = 0;
  std::istringstream lines(out.str());
  for (std::string text; std::getline(lines, text);) {
    const auto j = nlohmann::json::parse(text, nullptr, false);
    if (j.is_discarded() || !j.is_object() || !j.contains("unit") || !j.contains("digest")) {
      throw usage_error("merge --verify: the count's command printed no result lines of --unit");
    }
    if (j["digest"] != m.digest) {
      throw usage_error(
          "merge --verify: the command after -- is another count than the lines: " +
          params_difference(j.value("params", std::string()), m.params, "command", "lines"));
    }
    const auto k = j["unit"].get<std::size_t>();
    const auto it = m.sample.find(k);
    if (it == m.sample.end()) continue;
    const nlohmann::json& was = it->second;
    for (const char* field : {"total", m.tally.empty() ? "total" : m.tally.c_str()}) {
      if (j.value(field, nlohmann::json()) != was.value(field, nlohmann::json())) {
        throw usage_error("merge --verify: unit " + std::to_string(k) + ": " +
                          m.where.at(k).where() + " says " + field + " " +
                          was.value(field, nlohmann::json()).dump() + ", counted again " +
                          j.value(field, nlohmann::json()).dump() +
                          ": that line is wrong (or the count is not deterministic)");
      }
    }
    ++checked;
  }
  if (checked != m.sample.size()) {
    throw usage_error("merge --verify: the count's command counted " + std::to_string(checked) +
                      " of the " + std::to_string(m.sample.size()) + " units drawn");
  }
  err << "verified: " << checked << " of " << m.units << " units counted again (" << list
      << "), all equal\n";
}

}  // namespace

int merge_command::run(const registry& reg, const std::vector<std::string>& all_args, run_io io) {
  refuse_placeholders(all_args);
  // merge's own arguments, then after -- the count's command (for --verify).
  const auto dashes = std::find(all_args.begin(), all_args.end(), "--");
  const std::vector<std::string> args(all_args.begin(), dashes);
  const std::vector<std::string> count_args(dashes == all_args.end() ? dashes : dashes + 1,
                                            all_args.end());
  po::options_description own("merge options");
  own.add_options()("help,h", "show this help")("format", po::value<std::string>(),
                                                "text (default) or json")(
      "key-file", po::value<std::string>(),
      "the key the lines were sealed with (default: the file BTSOLVE_KEY_FILE names)")(
      "verify", po::value<std::string>(),
      "count K units drawn at random again with the command after -- and compare")(
      "seed", po::value<std::string>(), "the seed of --verify's draw (default: random)")(
      "stats",
      "print the count's statistics on stderr, as the single run's --stats (seconds: the units' "
      "own, added up)")("files", po::value<std::vector<std::string>>(),
                        "the result files of --unit runs");
  po::positional_options_description pos;
  pos.add("files", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(own).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    io.out << "Usage: btsolve merge [--format text|json] [--key-file FILE] FILES... "
              "[--verify K [--seed S] -- PROBLEM OPTIONS...]\n\n"
           << own;
    return exit_code::solved;
  }
  const std::string format = vm.count("format") ? vm["format"].as<std::string>() : "text";
  if (format != "text" && format != "json") {
    throw usage_error("--format for merge is text or json, not " + quote(format));
  }
  if (!vm.count("files")) throw usage_error("merge needs the result files of --unit runs");
  merged m;
  if (vm.count("verify")) {
    const auto k = parse_count(vm["verify"].as<std::string>(), "--verify");
    if (k < 1 || k > 100'000) throw usage_error("--verify wants 1 to 100000 units");
    if (count_args.empty()) {
      throw usage_error(
          "--verify counts units again: give the count's command after -- "
          "(e.g. -- nqueens -n 12 --count --unique)");
    }
    m.verify = static_cast<std::size_t>(k);
    m.seed = vm.count("seed") ? parse_count(vm["seed"].as<std::string>(), "--seed")
                              : std::random_device{}();
  } else if (!count_args.empty() || vm.count("seed")) {
    throw usage_error("a command after -- (and --seed) go with --verify K");
  }
  const std::optional<record_key> key = load_key(
      vm.count("key-file") ? std::optional(vm["key-file"].as<std::string>()) : std::nullopt);
  begin_reading(std::nullopt);  // a FIFO or a pipe waits interruptibly (input.hpp)
  for (const auto& file : vm["files"].as<std::vector<std::string>>()) {
    std::optional<input> opened;
    try {
      opened.emplace(file);
    } catch (const usage_error&) {
      throw usage_error("merge: cannot read " + one_line(file, 200));
    }
    input& in = *opened;
    std::istream& stream = in.stream();
    std::string text;
    std::size_t line_no = 0;
    bt::skip_bom(stream);
    for (bt::line_status got; (got = bt::read_line(stream, text)) != bt::line_status::eof;) {
      const origin here{&file, ++line_no};
      if (got == bt::line_status::too_long) {
        throw usage_error("merge: " + here.where() + " is longer than " +
                          std::to_string(bt::max_line) + " bytes: not a result line of --unit");
      }
      if (text.find_first_not_of(" \t") != std::string::npos) add_line(m, text, here, key);
    }
    in.check();
  }
  if (m.digest.empty()) throw usage_error("merge: no result lines in the files given");
  std::size_t missing = 0;
  std::size_t first_missing = 0;
  for (std::size_t k = 0; k < m.units; ++k) {
    if (!m.seen[k] && missing++ == 0) first_missing = k;
  }
  if (missing != 0) {
    throw usage_error("merge: unit " + std::to_string(first_missing) + " is missing" +
                      (missing > 1 ? " (and " + std::to_string(missing - 1) + " more)" : "") +
                      " from the files given (" + std::to_string(m.units) + " units, digest " +
                      m.digest + ")");
  }
  if (m.tally_total % m.divisor != 0) {
    throw usage_error("merge: the units' " + m.tally + " shares add up to " +
                      std::to_string(m.tally_total) + ", which \"tally_divisor\" " +
                      std::to_string(m.divisor) + " does not divide (digest " + m.digest + ")");
  }
  m.tally_total /= m.divisor;
  verify_sample(reg, m, count_args, io.err);
  // The single run's statistics when every line carried its share and unit 0 the top part;
  // lines of an older btsolve have only their units' own nodes.
  const bool stats = m.every_stats && m.top;
  if (vm.count("stats")) {
    if (!stats) {
      throw usage_error(
          "merge --stats: the lines carry no statistics (written by an older btsolve); count "
          "the units again");
    }
    report_stats(io.err, m.stats);
  }
  // The merged count ends as the single run's count would: every unit was searched to its end.
  run_facts facts;
  facts.found = m.total;
  facts.exhausted = true;
  const run_outcome end = decide(facts, m.stats);
  if (format == "json") {
    nlohmann::ordered_json j = {
        {"params", m.params}, {"digest", m.digest}, {"units", m.units}, {"count", m.total}};
    if (!m.tally.empty()) j[m.tally] = m.tally_total;
    j["nodes"] = stats ? m.stats.nodes : m.nodes;
    if (stats) j["stats"] = to_json(end.stats);
    j["status"] = to_string(end.status);
    io.out << j.dump() << '\n';
  } else {
    io.out << "count: " << m.total << '\n';
    if (!m.tally.empty()) io.out << m.tally << ": " << m.tally_total << '\n';
  }
  return end.exit_code();
}

}  // namespace btsolve
