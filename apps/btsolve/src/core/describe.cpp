// SPDX-License-Identifier: MIT
// `btsolve describe` (describe.hpp): the problems and their options as JSON, written from the
// same records the parser, the checks and --help are made from.
#include <btsolve/describe.hpp>

#include <algorithm>
#include <string>
#include <vector>

#include <btsolve/csp.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/registry.hpp>

namespace btsolve {

namespace po = boost::program_options;

std::vector<option_record> plugin::option_records() const {
  po::options_description d;
  add_options(d);
  return records_of(d, "Options");
}

std::vector<option_record> records_of(const po::options_description& d, const std::string& group) {
  std::vector<option_record> out;
  for (const auto& o : d.options()) {
    option_record r;
    r.name = o->long_name();
    const std::string shown =
        o->canonical_display_name(po::command_line_style::allow_dash_for_short);
    if (shown.size() == 2 && shown[0] == '-') r.short_name = shown.substr(1);
    r.type = o->semantic()->max_tokens() == 0 ? option_type::flag : option_type::text;
    r.repeatable = o->semantic()->is_composing();
    r.help = o->description();
    r.group = group;
    out.push_back(std::move(r));
  }
  return out;
}

std::vector<option_record> strategy_records(const std::vector<strategy_info>& strategies,
                                            bool has_csp, const std::string& default_strategy,
                                            const std::string& help,
                                            const po::options_description& extra,
                                            const std::string& extra_group) {
  option_record s;
  s.name = "strategy";
  s.type = has_csp ? option_type::text : option_type::choice;
  for (const auto& i : strategies) s.choices.emplace_back(i.name);
  s.default_text = default_strategy;
  s.help = help;
  s.group = "Strategy";
  std::vector<option_record> out{s};
  if (has_csp) {
    const auto& switches = csp_switch_records();
    out.insert(out.end(), switches.begin(), switches.end());
  }
  const auto more = records_of(extra, extra_group);
  out.insert(out.end(), more.begin(), more.end());
  return out;
}

namespace {

nlohmann::ordered_json modes_json(unsigned modes) {
  nlohmann::ordered_json out = nlohmann::ordered_json::array();
  for (const mode m : {mode::first, mode::all, mode::count}) {
    if ((modes & bit_of(m)) != 0) out.push_back(std::string(name_of(m)));
  }
  return out;
}

}  // namespace

nlohmann::ordered_json option_json(const option_record& r) {
  nlohmann::ordered_json j;
  j["name"] = r.name;
  j["short"] =
      r.short_name.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(r.short_name);
  j["type"] = type_name(r.type);
  if (r.type == option_type::count || r.type == option_type::integer) {
    j["range"] = {r.min, r.max};
  } else {
    j["range"] = nullptr;
  }
  j["choices"] = r.choices;
  j["default"] = r.default_text.empty() ? nlohmann::ordered_json(nullptr)
                                        : nlohmann::ordered_json(r.default_text);
  j["help"] = r.help;
  j["repeatable"] = r.repeatable;
  j["required"] = !r.required.empty() && r.required_unless.empty();
  j["required_unless"] = r.required_unless.empty() ? nlohmann::ordered_json(nullptr)
                                                   : nlohmann::ordered_json(r.required_unless);
  j["modes"] = modes_json(r.modes);
  nlohmann::ordered_json conflicts = nlohmann::ordered_json::array();
  for (const option_conflict& c : r.conflicts) {
    conflicts.push_back({{"option", c.option}, {"message", c.message}});
  }
  j["conflicts"] = std::move(conflicts);
  j["engine"] = r.engine_message.empty();  // false: refused with the engine's strategies
  j["group"] = r.group;
  return j;
}

nlohmann::ordered_json describe_problem(const registry& reg, const std::string& name) {
  const auto p = reg.create(name);
  if (!p) {
    throw usage_error("unknown problem " + quote(name) + ". Try '" + reg.program() + " list'.");
  }
  const std::string canonical = reg.canonical(name);
  nlohmann::ordered_json j;
  j["name"] = canonical;
  for (const auto& [n, summary] : reg.list()) {
    if (n == canonical) j["summary"] = summary;
  }
  j["aliases"] = reg.aliases_of(canonical);
  j["modes"] = modes_json(p->modes());
  j["formats"] = p->formats();
  nlohmann::ordered_json strategies = nlohmann::ordered_json::array();
  for (const strategy_info& s : p->strategies()) {
    strategies.push_back(
        {{"name", s.name},
         {"summary", s.summary},
         {"modes", modes_json(s.optimises ? s.modes & ~unsigned{counts} : s.modes)},
         {"tree", s.tree},
         {"optimises", s.optimises}});
  }
  j["strategies"] = strategies;
  const std::vector<option_record> own = p->option_records();
  const bool own_seed =
      std::any_of(own.begin(), own.end(), [](const option_record& r) { return r.name == "seed"; });
  nlohmann::ordered_json switches = nlohmann::ordered_json::object();
  for (const option_record& r : own) {
    for (const option_record& s : csp_switch_records()) {
      if (r.name == s.name) switches[r.name] = r.choices;
    }
  }
  j["engine"] = !switches.empty();
  j["switches"] = switches;
  nlohmann::ordered_json options = nlohmann::ordered_json::array();
  for (const option_record& r : common_records_for(!own_seed, p->formats(), p->modes())) {
    options.push_back(option_json(r));
  }
  for (const option_record& r : own) options.push_back(option_json(r));
  j["options"] = options;
  return j;
}

nlohmann::ordered_json describe_all(const registry& reg) {
  nlohmann::ordered_json j;
  j["program"] = reg.program();
  j["version"] = BT_VERSION;
  j["problems"] = nlohmann::ordered_json::array();
  for (const auto& [name, summary] : reg.list())
    j["problems"].push_back(describe_problem(reg, name));
  j["commands"] = nlohmann::ordered_json::array();
  for (const auto& [name, summary] : reg.commands()) {
    j["commands"].push_back({{"name", name}, {"summary", summary}});
  }
  return j;
}

}  // namespace btsolve
