// SPDX-License-Identifier: MIT
// The registry of a runner: its name, its problems and its commands, in the order listed.
// The built-in list is builtins.cpp; an outside runner adds its own problems beside them.
#pragma once

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <btsolve/plugin.hpp>

namespace btsolve {

/// Named problems and commands; names are unique across both, aliases resolve to a problem.
class registry {
 public:
  using problem_factory = std::function<std::unique_ptr<plugin>()>;
  using command_factory = std::function<std::unique_ptr<command>()>;

  /// A runner called `program` in its messages and usage lines (see run_cli).
  explicit registry(std::string program = "btsolve") : program_(std::move(program)) {}

  /// Register a problem; throws std::logic_error if the name is taken.
  void add(std::string name, std::string summary, problem_factory make);
  /// Register a command; throws std::logic_error if the name is taken.
  void add_command(std::string name, std::string summary, command_factory make);
  /// Let `alias` name the registered problem `name` (not listed separately).
  void alias(std::string alias, std::string name);

  /// A new plugin for a problem's name or alias, or nullptr if there is none.
  [[nodiscard]] std::unique_ptr<plugin> create(std::string_view name) const;
  /// A new command of that name, or nullptr.
  [[nodiscard]] std::unique_ptr<command> create_command(std::string_view name) const;
  /// The canonical name of a problem's name or alias, or empty if unknown.
  [[nodiscard]] std::string canonical(std::string_view name) const;
  /// (name, summary) of every problem, in registration order.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> list() const;
  /// The aliases of the problem `name` (its canonical name), in alphabetical order.
  [[nodiscard]] std::vector<std::string> aliases_of(std::string_view name) const;
  /// (name, summary) of every command, in registration order.
  [[nodiscard]] std::vector<std::pair<std::string, std::string>> commands() const;

  /// The runner's name in messages ("btsolve", "mysolve", "btsolve-mpi").
  [[nodiscard]] const std::string& program() const { return program_; }
  void set_program(std::string p) { program_ = std::move(p); }

 private:
  struct problem_entry {
    std::string summary;
    problem_factory make;
  };
  struct command_entry {
    std::string summary;
    command_factory make;
  };
  void claim(const std::string& name) const;

  std::string program_;
  std::map<std::string, problem_entry, std::less<>> problems_;
  std::map<std::string, command_entry, std::less<>> commands_;
  std::map<std::string, std::string, std::less<>> aliases_;
  std::vector<std::string> problem_order_;
  std::vector<std::string> command_order_;
};

/// Refuse an argument holding a Boost.Program_options message placeholder (%value%, ...):
/// the parser's error formatting loops forever on one (found by fuzzing). Every parser of a
/// user's words calls this first; throws usage_error.
void refuse_placeholders(const std::vector<std::string>& args);

/// Parse args (the words after the problem's name) with the common options and p's own;
/// `all` receives every option's description (for --help). Refuses placeholders and stray
/// positional words. Throws po::error or usage_error.
po::variables_map parse_plugin_options(const plugin& p, const std::vector<std::string>& args,
                                       po::options_description& all);

/// p's options as its --help lists them: the common ones (--all, --count and --limit only for
/// the modes p answers) and p's own.
po::options_description help_options(const plugin& p);

/// Add the built-in problems to r: the one explicit list of problems (builtins.cpp).
void register_builtin_plugins(registry& r);
/// Add the built-in commands (compare, merge) to r.
void register_builtin_commands(registry& r);
/// The built-in problems and commands in one registry named btsolve, made on first use: the
/// runner of in-process hosts (the Python module, the studio's WebAssembly build).
const registry& builtin_registry();

}  // namespace btsolve
