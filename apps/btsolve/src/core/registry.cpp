// SPDX-License-Identifier: MIT
#include <btsolve/registry.hpp>

#include <stdexcept>

namespace btsolve {

void registry::claim(const std::string& name) const {
  if (problems_.contains(name) || commands_.contains(name) || aliases_.contains(name)) {
    throw std::logic_error("'" + name + "' registered twice");
  }
}

void registry::add(std::string name, std::string summary, problem_factory make) {
  claim(name);
  problem_order_.push_back(name);
  problems_.emplace(std::move(name), problem_entry{std::move(summary), std::move(make)});
}

void registry::add_command(std::string name, std::string summary, command_factory make) {
  claim(name);
  command_order_.push_back(name);
  commands_.emplace(std::move(name), command_entry{std::move(summary), std::move(make)});
}

void registry::alias(std::string alias, std::string name) {
  if (!problems_.contains(name)) throw std::logic_error("alias '" + alias + "' of no problem");
  claim(alias);
  aliases_.emplace(std::move(alias), std::move(name));
}

std::string registry::canonical(std::string_view name) const {
  if (const auto a = aliases_.find(name); a != aliases_.end()) return a->second;
  return problems_.contains(name) ? std::string(name) : std::string();
}

std::unique_ptr<plugin> registry::create(std::string_view name) const {
  const auto e = problems_.find(canonical(name));
  return e == problems_.end() ? nullptr : e->second.make();
}

std::unique_ptr<command> registry::create_command(std::string_view name) const {
  const auto e = commands_.find(name);
  return e == commands_.end() ? nullptr : e->second.make();
}

std::vector<std::pair<std::string, std::string>> registry::list() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& name : problem_order_)
    out.emplace_back(name, problems_.find(name)->second.summary);
  return out;
}

std::vector<std::string> registry::aliases_of(std::string_view name) const {
  std::vector<std::string> out;
  for (const auto& [alias, of] : aliases_) {
    if (of == name) out.push_back(alias);
  }
  return out;
}

std::vector<std::pair<std::string, std::string>> registry::commands() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& name : command_order_)
    out.emplace_back(name, commands_.find(name)->second.summary);
  return out;
}

void refuse_placeholders(const std::vector<std::string>& args) {
  for (const std::string& a : args) {
    for (const char* name :
         {"%value%", "%option%", "%canonical_option%", "%prefix%", "%original_token%"}) {
      if (a.find(name) != std::string::npos) {
        throw usage_error("argument " + quote(a) + " holds '" + name +
                          "', which the option parser cannot report");
      }
    }
  }
}

po::options_description help_options(const plugin& p) {
  po::options_description own;
  p.add_options(own);
  po::options_description all;
  all.add(common_options(own.find_nothrow("seed", false) == nullptr, p.formats(), p.modes()));
  all.add(own);
  return all;
}

po::variables_map parse_plugin_options(const plugin& p, const std::vector<std::string>& args,
                                       po::options_description& all) {
  refuse_placeholders(args);
  po::options_description own;
  p.add_options(own);
  all.add(common_options(own.find_nothrow("seed", false) == nullptr, p.formats()));
  all.add(own);
  const po::parsed_options parsed = po::command_line_parser(args).options(all).run();
  for (const auto& o : parsed.options) {
    if (o.position_key >= 0) {
      throw usage_error("unexpected word " +
                        quote(o.original_tokens.empty() ? std::string() : o.original_tokens[0]) +
                        " (options start with - or --)");
    }
  }
  po::variables_map vm;
  po::store(parsed, vm);
  po::notify(vm);
  return vm;
}

}  // namespace btsolve
