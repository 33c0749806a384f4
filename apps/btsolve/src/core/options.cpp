// SPDX-License-Identifier: MIT
#include <btsolve/options.hpp>

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <span>
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

std::string_view type_name(option_type t) {
  switch (t) {
    case option_type::flag: return "flag";
    case option_type::count: return "count";
    case option_type::integer: return "integer";
    case option_type::seconds: return "seconds";
    case option_type::choice: return "choice";
    case option_type::text: break;
  }
  return "text";
}

std::string option_record::shown() const { return (name.size() == 1 ? "-" : "--") + name; }

std::string option_record::help_line() const {
  return default_text.empty() ? help : help + " (default " + default_text + ")";
}

std::uint64_t option_record::count_of(const std::string& text) const {
  const std::uint64_t v = parse_count(text, shown());
  if (min > 0 && v < static_cast<std::uint64_t>(min) && max == UINT64_MAX) {
    throw usage_error(shown() + " must be at least " + std::to_string(min));
  }
  if ((min > 0 && v < static_cast<std::uint64_t>(min)) || v > max) {
    throw usage_error(shown() + " " + std::to_string(v) + " is out of range " +
                      std::to_string(min) + ".." + std::to_string(max));
  }
  return v;
}

std::int64_t option_record::integer_of(const std::string& text) const {
  const std::int64_t v = parse_int(text, shown());
  if (v < min || (v > 0 && static_cast<std::uint64_t>(v) > max)) {
    throw usage_error(shown() + " " + std::to_string(v) + " is out of range " +
                      std::to_string(min) + ".." + std::to_string(max));
  }
  return v;
}

double option_record::seconds_of(const std::string& text) const {
  const double s = parse_seconds(text, shown());
  if (s <= 0.0) throw usage_error(shown() + " must be a positive number of seconds");
  return s;
}

void option_record::check(const std::string& text) const {
  switch (type) {
    case option_type::count: (void)count_of(text); break;
    case option_type::integer: (void)integer_of(text); break;
    case option_type::seconds: (void)seconds_of(text); break;
    case option_type::choice:
      if (!choices.empty() && std::find(choices.begin(), choices.end(), text) == choices.end()) {
        std::string names;
        for (const auto& c : choices) names += (names.empty() ? "" : ", ") + c;
        throw usage_error(shown() + " is " + names + ", not " + quote(text));
      }
      break;
    case option_type::flag:
    case option_type::text: break;
  }
}

void check_option_rules(const std::vector<option_record>& records, const po::variables_map& vm,
                        const run_options& o, bool engine) {
  const auto given = [&vm](const std::string& name) {
    return vm.count(name) != 0 && !vm[name].defaulted();
  };
  for (const option_record& r : records) {
    if (!given(r.name)) continue;
    if ((r.modes & bit_of(o.what)) == 0) {
      if (!r.modes_message.empty()) throw usage_error(r.modes_message);
      std::string words;
      for (const mode m : {mode::first, mode::all, mode::count}) {
        if ((r.modes & bit_of(m)) != 0)
          words += (words.empty() ? "" : " or ") + std::string(words_of(m));
      }
      throw usage_error(r.shown() + " goes with " + words);
    }
    for (const option_conflict& c : r.conflicts) {
      if (given(c.option)) throw usage_error(c.message);
    }
    if (engine && !r.engine_message.empty()) throw usage_error(r.engine_message);
  }
}

void describe_records(po::options_description& d, const std::vector<option_record>& records) {
  for (const option_record& r : records) {
    const std::string names = r.short_name.empty() ? r.name : r.name + "," + r.short_name;
    const std::string help = r.help_line();
    if (r.type == option_type::flag) {
      d.add_options()(names.c_str(), help.c_str());
    } else if (r.repeatable) {
      d.add_options()(names.c_str(), po::value<std::vector<std::string>>()->composing(),
                      help.c_str());
    } else {
      d.add_options()(names.c_str(), po::value<std::string>(), help.c_str());
    }
  }
}

namespace {

// A common option: its record and where its checked value lands in run_options.
struct common_option {
  option_record record;
  void (*read)(const option_record&, const std::string& text, run_options& o);
};

option_record flag(std::string name, std::string help, unsigned modes = every_mode) {
  option_record r;
  r.name = std::move(name);
  r.type = option_type::flag;
  r.help = std::move(help);
  r.modes = modes;
  return r;
}

option_record valued(std::string name, option_type type, std::string help,
                     std::uint64_t most = UINT64_MAX, std::string default_text = {}) {
  option_record r;
  r.name = std::move(name);
  r.type = type;
  r.help = std::move(help);
  r.min = type == option_type::count ? 1 : 0;
  r.max = most;
  r.default_text = std::move(default_text);
  return r;
}

// The one table of the common options, in --help's order. The tree and the replay are held in
// memory until written, and grow with their bounds: 10^5 nodes is a 10 MB DOT file that
// Graphviz takes minutes to lay out, 10^6 steps a page of about 100 MB. The probes take no
// memory, and the time limit and Ctrl-C end them.
const std::vector<common_option>& common_table() {
  static const std::vector<common_option> table = [] {
    using t = option_type;
    const run_options defaults;  // the defaults --help states are run_options' own
    const auto text = [](std::uint64_t n) { return std::to_string(n); };
    std::vector<common_option> v;
    const auto nothing = [](const option_record&, const std::string&, run_options&) {};
    option_record help = flag("help", "show this help");
    help.short_name = "h";
    v.push_back({help, nothing});
    v.push_back(
        {flag("all", "print every solution (or the first K with --limit)", finds_all),
         [](const option_record&, const std::string&, run_options& o) { o.what = mode::all; }});
    v.push_back(
        {flag("count", "count the solutions instead of printing them", counts),
         [](const option_record&, const std::string&, run_options& o) { o.what = mode::count; }});
    option_record limit = valued("limit", t::count, "stop after K solutions");
    limit.modes = finds_all | counts;
    v.push_back({limit, [](const option_record& r, const std::string& s, run_options& o) {
                   o.limit = r.count_of(s);
                 }});
    v.push_back({valued("format", t::choice, "output format"),
                 [](const option_record&, const std::string& s, run_options& o) { o.format = s; }});
    v.push_back({flag("stats", "print the search statistics on stderr"),
                 [](const option_record&, const std::string&, run_options& o) { o.stats = true; }});
    v.push_back({flag("textbook-backtracks",
                      "count backtracks as seed 003 does: not the last value taken off right "
                      "after a solution (docs/statistics.md)"),
                 [](const option_record&, const std::string&, run_options& o) {
                   o.textbook_backtracks = true;
                 }});
    v.push_back({flag("trace", "print the search step by step"),
                 [](const option_record&, const std::string&, run_options& o) { o.trace = true; }});
    v.push_back({valued("time-limit", t::seconds, "stop after S seconds (exit 3)"),
                 [](const option_record& r, const std::string& s, run_options& o) {
                   o.time_limit = r.seconds_of(s);
                 }});
    v.push_back({valued("node-limit", t::count, "stop after N nodes (exit 3)"),
                 [](const option_record& r, const std::string& s, run_options& o) {
                   o.node_limit = r.count_of(s);
                 }});
    v.push_back(
        {valued("tree", t::text, "write the search tree to FILE.dot (Graphviz)"),
         [](const option_record&, const std::string& s, run_options& o) { o.tree_file = s; }});
    v.push_back({valued("tree-max-nodes", t::count, "at most K nodes in --tree", 100'000,
                        text(defaults.tree_max_nodes)),
                 [](const option_record& r, const std::string& s, run_options& o) {
                   o.tree_max_nodes = r.count_of(s);
                 }});
    v.push_back({flag("tree-hide-rejected", "--tree without the candidates consistent() rejected"),
                 [](const option_record&, const std::string&, run_options& o) {
                   o.tree_rejected = false;
                 }});
    v.push_back(
        {valued("replay", t::text,
                "write the search step by step: FILE.html a page that plays it, "
                "FILE.json the data (docs/replay-format.md)"),
         [](const option_record&, const std::string& s, run_options& o) { o.replay_file = s; }});
    v.push_back({valued("replay-max-steps", t::count, "at most K steps in --replay", 1'000'000,
                        text(defaults.replay_max_steps)),
                 [](const option_record& r, const std::string& s, run_options& o) {
                   o.replay_max_steps = r.count_of(s);
                 }});
    v.push_back(
        {flag("estimate", "Knuth's estimate of the tree size, before the run and beside its count"),
         [](const option_record&, const std::string&, run_options& o) { o.estimate = true; }});
    v.push_back({valued("estimate-probes", t::count, "random probes for --estimate", UINT64_MAX,
                        text(defaults.estimate_probes)),
                 [](const option_record& r, const std::string& s, run_options& o) {
                   o.estimate_probes = r.count_of(s);
                 }});
    option_record seed =
        valued("seed", t::count, "seed of --estimate's probes", UINT64_MAX, text(defaults.seed));
    seed.min = 0;
    v.push_back({seed, [](const option_record& r, const std::string& s, run_options& o) {
                   o.seed = r.count_of(s);
                 }});
    for (auto& c : v) c.record.group = "Common options";
    return v;
  }();
  return table;
}

using names_of = std::span<const std::string_view>;

bool named(const option_record& r, names_of names) {
  return std::find(names.begin(), names.end(), r.name) != names.end();
}

// The records of `names`, those of `modes` only.
std::vector<option_record> records_named(names_of names, unsigned modes) {
  std::vector<option_record> out;
  for (const auto& c : common_table()) {
    if (named(c.record, names) && (c.record.modes & modes) != 0) out.push_back(c.record);
  }
  return out;
}

// Read and check the options of `names` that vm gives into o, each by its record.
void read_named(const po::variables_map& vm, run_options& o, names_of names) {
  for (const auto& c : common_table()) {
    if (!named(c.record, names) || !vm.count(c.record.name)) continue;
    c.read(c.record,
           c.record.type == option_type::flag ? std::string() : vm[c.record.name].as<std::string>(),
           o);
  }
}

constexpr std::array<std::string_view, 3> mode_names{"all", "count", "limit"};
constexpr std::array<std::string_view, 2> limit_names{"time-limit", "node-limit"};

}  // namespace

const std::vector<option_record>& common_option_records() {
  static const std::vector<option_record> records = [] {
    std::vector<option_record> out;
    for (const auto& c : common_table()) out.push_back(c.record);
    return out;
  }();
  return records;
}

std::vector<option_record> common_records_for(bool with_seed,
                                              const std::vector<std::string>& formats,
                                              unsigned modes) {
  std::vector<option_record> out;
  for (option_record r : common_option_records()) {
    if ((r.modes & modes) == 0 || (r.name == "seed" && !with_seed)) continue;
    if (r.name == "format" && !formats.empty()) {
      r.choices = formats;
      r.help += ":";
      for (const std::string& f : formats) r.help += (&f == &formats.front() ? " " : " | ") + f;
    }
    out.push_back(std::move(r));
  }
  return out;
}

void add_mode_options(po::options_description& d, unsigned modes) {
  describe_records(d, records_named(mode_names, modes));
}

void add_limit_options(po::options_description& d) {
  describe_records(d, records_named(limit_names, every_mode));
}

po::options_description common_options(bool with_seed, const std::vector<std::string>& formats,
                                       unsigned modes) {
  po::options_description d("Common options");
  describe_records(d, common_records_for(with_seed, formats, modes));
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
  read_named(vm, o, mode_names);
  // --limit K alone means the first K solutions
  if (vm.count("limit") && o.what == mode::first) o.what = mode::all;
}

void read_limit_options(const po::variables_map& vm, run_options& o) {
  read_named(vm, o, limit_names);
}

run_options read_common_options(const po::variables_map& vm) {
  run_options o;
  read_mode_options(vm, o);
  for (const auto& c : common_table()) {
    if (named(c.record, mode_names) || !vm.count(c.record.name)) continue;
    c.read(c.record,
           c.record.type == option_type::flag ? std::string() : vm[c.record.name].as<std::string>(),
           o);
  }
  return o;
}

}  // namespace btsolve
