// SPDX-License-Identifier: MIT
// The non-template half of a described problem's run (problem.hpp): which strategy runs, in
// which format, and whether the options fit them; one set of messages for every problem.
#include <btsolve/problem.hpp>

#include <algorithm>

namespace btsolve::detail {
namespace {

const strategy_info* find(const std::vector<strategy_info>& all, std::string_view name) {
  const auto it =
      std::find_if(all.begin(), all.end(), [&](const strategy_info& s) { return s.name == name; });
  return it == all.end() ? nullptr : &*it;
}

// "a, b or c"
template <class Range>
std::string listed(const Range& words, const char* last) {
  std::string out;
  for (std::size_t i = 0; i < words.size(); ++i) {
    if (i) out += i + 1 == words.size() ? last : ", ";
    out += std::string(words[i]);
  }
  return out;
}

std::string names_of(const std::vector<strategy_info>& all) {
  std::vector<std::string_view> names;
  for (const auto& s : all) names.push_back(s.name);
  return listed(names, ", ");
}

// The strategy answers the run's mode, and is a tree search if the run is watched.
void check_fit(const strategy_info& s, const std::string& noun, const run_options& o) {
  const std::string name = "strategy " + std::string(s.name);
  if (s.optimises && o.what == mode::count) {
    throw usage_error(name +
                      " optimises an objective by branch and bound: there is nothing to "
                      "--count (each improvement is reported; the last is the optimum)");
  }
  if ((s.modes & bit_of(o.what)) == 0) {
    if (s.modes == mode_bits::counts) throw usage_error(name + " only counts: add --count");
    if (s.modes == mode_bits::finds_first) {
      throw usage_error(name + " finds one " + noun + ": no --all, --count or --limit");
    }
    throw usage_error(name + (o.what == mode::count ? " does not count"
                              : o.what == mode::all ? " does not list every " + noun
                                                    : " does not look for a single " + noun));
  }
  if (!s.tree && o.watched()) {
    throw usage_error(name +
                      " is no tree search: there is no tree to --trace, --tree, --replay "
                      "or --estimate");
  }
}

}  // namespace

std::string strategy_help(const std::vector<strategy_info>& strategies, bool has_csp,
                          const std::string& default_strategy) {
  std::string help;
  for (const auto& s : strategies) help += (help.empty() ? "" : " | ") + std::string(s.name);
  if (has_csp) help += ", or engine switches joined by + such as mrv+fc+cbj (docs/strategies.md)";
  return help + " (default: " + default_strategy + ")";
}

std::vector<std::string> every_format(const std::vector<std::string_view>& text, bool csv) {
  std::vector<std::string> all(text.begin(), text.end());
  all.emplace_back("json");
  if (csv) all.emplace_back("csv");
  return all;
}

named_strategy resolve_strategy(const std::vector<strategy_info>& strategies, bool has_csp,
                                const std::string& noun, const po::variables_map& vm,
                                const run_options& o) {
  named_strategy n;
  if (vm.count("strategy")) n.named = vm["strategy"].as<std::string>();
  n.own = n.named ? find(strategies, *n.named) : nullptr;
  if (has_csp) {
    n.engine = csp_switches(vm, n.named && !n.own ? n.named : std::nullopt, n.own != nullptr,
                            names_of(strategies));
  } else if (n.named && !n.own) {
    throw usage_error("unknown strategy " + quote(*n.named) + " (" + names_of(strategies) + ")");
  }
  if (n.own && !n.engine) check_fit(*n.own, noun, o);
  return n;
}

run_plan plan_run(std::string_view problem, const std::vector<strategy_info>& strategies,
                  const std::string& default_strategy, bool has_csp,
                  const std::vector<std::string_view>& formats, const std::string& default_format,
                  bool csv, const std::string& noun, unit_options units,
                  const po::variables_map& vm, const run_options& o) {
  run_plan p;
  const named_strategy n = resolve_strategy(strategies, has_csp, noun, vm, o);
  p.engine = n.engine;
  if (p.engine) {
    p.strategy = bt::csp::spec_of(*p.engine);
  } else if (n.own) {
    p.strategy = std::string(n.own->name);
  } else {
    p.strategy = default_strategy;
    if (const strategy_info* s = find(strategies, p.strategy)) check_fit(*s, noun, o);
  }

  const std::string format = o.format.empty() ? default_format : o.format;
  p.setup.problem = std::string(problem);
  p.setup.strategy = p.strategy;
  p.setup.strategy_default = !n.named.has_value() && !p.engine;
  if (p.engine) {
    p.setup.strategy_summary = csp_summary(*p.engine);
  } else if (const strategy_info* s = find(strategies, p.strategy)) {
    p.setup.strategy_summary = std::string(s->summary);
  }
  p.setup.format = format;
  if (format == "json") {
    p.setup.kind = output_kind::json;
  } else if (format == "csv" && csv) {
    p.setup.kind = output_kind::csv;
  } else if (std::find(formats.begin(), formats.end(), format) == formats.end()) {
    throw usage_error("--format for " + std::string(problem) + " is " +
                      listed(every_format(formats, csv), " or ") + ", not " + quote(format));
  }
  p.units = std::move(units);
  return p;
}

}  // namespace btsolve::detail
