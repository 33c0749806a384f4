// SPDX-License-Identifier: MIT
// `btsolve describe [PROBLEM]`: the runner's whole vocabulary as JSON (problems, their modes,
// formats, strategies, the engine's switches, and every option as declared), which the studio
// and Python read instead of parsing --help (docs/cli.md, "Describe").
#pragma once

#include <boost/program_options.hpp>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include <btsolve/options.hpp>
#include <btsolve/plugin.hpp>

namespace btsolve {

class registry;

/// The options of d as records of `group`: a flag when it takes no value, else a text
/// (repeatable when every value is kept). For options declared without a record.
std::vector<option_record> records_of(const boost::program_options::options_description& d,
                                      const std::string& group);

/// A described problem's records beside its option_set's: --strategy (a choice of its own
/// strategies, or a text when the engine's switches are strategies too; `help` its --help
/// line), the engine's switches when has_csp, and `extra` (the units' or the threads' options,
/// as records_of reads them).
std::vector<option_record> strategy_records(
    const std::vector<strategy_info>& strategies, bool has_csp, const std::string& default_strategy,
    const std::string& help, const boost::program_options::options_description& extra,
    const std::string& extra_group);

/// One option as `describe` writes it.
nlohmann::ordered_json option_json(const option_record& r);

/// The problem `name` (or an alias) as `describe PROBLEM` writes it: name, summary, aliases,
/// modes, formats, strategies, engine, switches, options (the common ones it takes, then its
/// own). Throws usage_error for an unknown problem.
nlohmann::ordered_json describe_problem(const registry& reg, const std::string& name);

/// Every problem and command of reg, as `describe` writes it.
nlohmann::ordered_json describe_all(const registry& reg);

}  // namespace btsolve
