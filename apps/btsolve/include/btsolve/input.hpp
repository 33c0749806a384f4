// SPDX-License-Identifier: MIT
// Input files and stdin, read so that Ctrl-C, SIGTERM and SIGHUP stop a wait on them: a FIFO
// with no writer, a terminal, a pipe that never ends. The readers parse from the stream; a
// signal while they wait ends the run with `stopped: interrupted` (exit 3), as it ends a
// search (docs/cli.md).
#pragma once

#include <istream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

namespace btsolve {

/// Reading the input was stopped by Ctrl-C, SIGTERM or SIGHUP; what() names the input. The
/// runner prints `stopped: interrupted while reading NAME` and exits 3.
struct input_interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// One input opened for reading: a file, or stdin for "" and "-". Opening never blocks (a
/// FIFO is opened without waiting for its writer) and every read waits in short polls that
/// check bt::interrupt_flag().
class input {
 public:
  /// Open path ("" or "-": stdin, named stdin_name in messages). Throws usage_error
  /// "PATH: cannot open the file" or "PATH: is a directory, not a file".
  explicit input(const std::string& path, const std::string& stdin_name = "<stdin>");
  ~input();
  input(const input&) = delete;
  input& operator=(const input&) = delete;

  /// The stream to parse from; it ends early (as at end of file) on a signal or a read error.
  std::istream& stream();
  /// The input's name in messages: the path, or stdin_name.
  const std::string& name() const { return name_; }
  /// Throws input_interrupted when a signal cut the reading short, usage_error "NAME: read
  /// error (reason)" when a read failed; else nothing.
  void check() const;

 private:
  struct buffer;
  std::string name_;
  std::unique_ptr<buffer> buf_;
  std::unique_ptr<std::istream> stream_;
};

/// parse(stream, name) over the input at path ("" or "-": stdin): the parser's result, or
/// input_interrupted / the read error in place of the parser's own complaint when the input
/// was cut short (an interrupted read looks like a truncated file to a parser).
template <class Parse>
auto read_input(const std::string& path, const std::string& stdin_name, Parse&& parse) {
  input in(path, stdin_name);
  try {
    auto result = std::forward<Parse>(parse)(in.stream(), in.name());
    in.check();
    return result;
  } catch (const input_interrupted&) {
    throw;
  } catch (...) {
    in.check();
    throw;
  }
}

}  // namespace btsolve
