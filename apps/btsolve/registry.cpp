// SPDX-License-Identifier: MIT
#include "registry.hpp"

#include <stdexcept>

#include "common_options.hpp"

namespace btsolve {

void registry::add(std::string name, std::string summary, factory make) {
  if (entries_.contains(name) || aliases_.contains(name)) {
    throw std::logic_error("problem '" + name + "' registered twice");
  }
  order_.push_back(name);
  entries_.emplace(std::move(name), entry{std::move(summary), std::move(make)});
}

void registry::alias(std::string alias, std::string name) {
  if (entries_.contains(alias) || aliases_.contains(alias) || !entries_.contains(name)) {
    throw std::logic_error("bad alias '" + alias + "' for '" + name + "'");
  }
  aliases_.emplace(std::move(alias), std::move(name));
}

std::string registry::canonical(std::string_view name) const {
  if (const auto a = aliases_.find(name); a != aliases_.end()) {
    return a->second;
  }
  return entries_.contains(name) ? std::string(name) : std::string();
}

std::unique_ptr<plugin> registry::create(std::string_view name) const {
  const auto e = entries_.find(canonical(name));
  return e == entries_.end() ? nullptr : e->second.make();
}

std::vector<std::pair<std::string, std::string>> registry::list() const {
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto& name : order_) {
    out.emplace_back(name, entries_.find(name)->second.summary);
  }
  return out;
}

po::variables_map parse_plugin_options(const plugin& p, const std::vector<std::string>& args,
                                       po::options_description& all) {
  po::options_description own;
  p.add_options(own);
  all.add(common_options(own.find_nothrow("seed", false) == nullptr));
  all.add(own);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(all).run(), vm);
  po::notify(vm);
  return vm;
}

}  // namespace btsolve
