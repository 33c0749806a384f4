// SPDX-License-Identifier: MIT
// The registry of problems: name -> summary and factory. The built-in list is plugins.cpp.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "plugin.hpp"

namespace btsolve {

/// Named plugin factories; names are unique, aliases resolve to their problem.
class registry {
 public:
  using factory = std::function<std::unique_ptr<plugin>()>;

  /// Register a problem; throws std::logic_error if the name is taken.
  void add(std::string name, std::string summary, factory make);
  /// Let `alias` name the registered problem `name` (not listed separately).
  void alias(std::string alias, std::string name);
  /// A new plugin for name or alias, or nullptr if unknown.
  [[nodiscard]] std::unique_ptr<plugin> create(std::string_view name) const;
  /// The canonical name for name or alias, or empty if unknown.
  [[nodiscard]] std::string canonical(std::string_view name) const;
  /// (name, summary) of every problem, in registration order.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> list() const;

 private:
  struct entry {
    std::string summary;
    factory make;
  };
  std::map<std::string, entry, std::less<>> entries_;
  std::map<std::string, std::string, std::less<>> aliases_;
  std::vector<std::string> order_;
};

/// Parse args (the words after the problem's name) with the common options and p's own;
/// `all` receives every option's description (for --help). Throws po::error.
po::variables_map parse_plugin_options(const plugin& p, const std::vector<std::string>& args,
                                       po::options_description& all);

/// Add the built-in problems to r: the one explicit list of plugins.
void register_builtin_plugins(registry& r);

}  // namespace btsolve
