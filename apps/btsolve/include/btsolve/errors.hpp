// SPDX-License-Identifier: MIT
// How a run ends: the exit codes of every command (docs/cli.md) and the error that becomes
// the one line of a bad command line or bad input.
#pragma once

#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>

namespace btsolve {

/// A bad command line or bad input: what() is the one line printed before exit code 2.
struct usage_error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// The exit codes of every command (docs/cli.md); 70 is an internal error.
enum exit_code : int { solved = 0, no_solution = 1, bad_input = 2, stopped = 3, internal = 70 };

/// text as it may be printed on one line: control characters become '?', and past `max`
/// characters the rest is left out (a message quoting a huge argument stays readable).
std::string one_line(std::string_view text, std::size_t max = 1000);

/// A user's token inside a message: 'token', its control characters as '?', cut after 40
/// characters with "..." (the rest of a 100 MB line is not echoed).
std::string quote(std::string_view token);

}  // namespace btsolve
