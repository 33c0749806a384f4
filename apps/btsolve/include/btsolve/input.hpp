// SPDX-License-Identifier: MIT
// Input files and stdin, read so that Ctrl-C, SIGTERM, SIGHUP and the run's time limit stop a
// wait on them: a FIFO with no writer, a terminal, a pipe that never ends. The readers parse
// from the stream; a signal while they wait ends the run with `stopped: interrupted` (exit 3),
// as it ends a search (docs/cli.md). What a reader took is hashed as it goes (SHA-256), so
// that a count's work units are bound to the input's content, not to its file name
// (docs/cluster.md, "What binds a unit to its count").
#pragma once

#include <chrono>
#include <cstdint>
#include <istream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace btsolve {

/// Reading the input was stopped by Ctrl-C, SIGTERM, SIGHUP or the time limit; what() is the
/// reason and the input ("interrupted while reading NAME"). The runner prints `stopped:
/// WHAT` and exits 3.
struct input_interrupted : std::runtime_error {
  using std::runtime_error::runtime_error;
};

/// An input a run has read, as work units are bound to it.
struct input_read {
  std::string name;    ///< the path, or the stdin name
  std::string sha256;  ///< of the bytes the reader took (64 hex digits; empty without SHA-256)
  bool file = false;   ///< device and inode name the file read (stdin too, when it is one)
  std::uint64_t device = 0;
  std::uint64_t inode = 0;
};

/// Start a run's reading: forget the inputs read so far, and stop any later wait on an input
/// at `deadline` (the run's time limit; nothing: none). One run reads at a time per process.
void begin_reading(std::optional<std::chrono::steady_clock::time_point> deadline);
/// The deadline of the last begin_reading (the run's time limit), or nothing.
std::optional<std::chrono::steady_clock::time_point> reading_deadline();
/// The inputs read through read_input since begin_reading, in the order they were read.
std::vector<input_read> inputs_read();
/// Why reading should end now: "interrupted" (Ctrl-C, SIGTERM, SIGHUP), when `waiting` (no
/// data came within a poll) also "time limit reached" (the deadline of begin_reading), or
/// nothing. Data that is there is read whatever the clock says: a short time limit stops the
/// count, not the reading of its input. For readers of their own (a checkpoint, a FIFO's
/// writer) that check between steps.
std::optional<std::string> reading_stopped(bool waiting = false);

/// One input opened for reading: a file, or stdin for "" and "-". Opening never blocks (a
/// FIFO is opened without waiting for its writer) and every read waits in short polls that
/// check bt::interrupted() (Ctrl-C) and the deadline of begin_reading.
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
  /// Throws input_interrupted when a signal or the deadline cut the reading short,
  /// usage_error "NAME: read error (reason)" when a read failed; else nothing.
  void check() const;
  /// What was read, with the digest of the bytes the reader took so far (call once, at the end).
  input_read record();

 private:
  struct buffer;
  std::string name_;
  std::unique_ptr<buffer> buf_;
  std::unique_ptr<std::istream> stream_;
};

/// Adds `in` to the inputs read (inputs_read()).
void note_input(input& in);

/// parse(stream, name) over the input at path ("" or "-": stdin): the parser's result, or
/// input_interrupted / the read error in place of the parser's own complaint when the input
/// was cut short (an interrupted read looks like a truncated file to a parser). The input is
/// noted (inputs_read()) once parsed.
template <class Parse>
auto read_input(const std::string& path, const std::string& stdin_name, Parse&& parse) {
  input in(path, stdin_name);
  try {
    auto result = std::forward<Parse>(parse)(in.stream(), in.name());
    in.check();
    note_input(in);
    return result;
  } catch (const input_interrupted&) {
    throw;
  } catch (...) {
    in.check();
    throw;
  }
}

}  // namespace btsolve
