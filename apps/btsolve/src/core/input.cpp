// SPDX-License-Identifier: MIT
#include <btsolve/input.hpp>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <atomic>
#include <cerrno>
#include <cstring>
#include <limits>
#include <mutex>
#include <streambuf>

#include <bt/limits.hpp>
#include <btsolve/errors.hpp>

#include "core/digest.hpp"

namespace btsolve {
namespace {

using clock = std::chrono::steady_clock;

// The run's deadline for waits on an input, in clock ticks (max: none).
std::atomic<clock::rep> read_deadline{std::numeric_limits<clock::rep>::max()};

std::mutex log_lock;
std::vector<input_read>& log() {
  static std::vector<input_read> inputs;
  return inputs;
}

}  // namespace

void begin_reading(std::optional<clock::time_point> deadline) {
  read_deadline.store(deadline ? deadline->time_since_epoch().count()
                               : std::numeric_limits<clock::rep>::max());
  const std::lock_guard hold(log_lock);
  log().clear();
}

std::optional<clock::time_point> reading_deadline() {
  const clock::rep ticks = read_deadline.load();
  if (ticks == std::numeric_limits<clock::rep>::max()) return std::nullopt;
  return clock::time_point(clock::duration(ticks));
}

std::optional<std::string> reading_stopped(bool waiting) {
  if (bt::interrupted()) return "interrupted";
  if (waiting && clock::now().time_since_epoch().count() >= read_deadline.load()) {
    return "time limit reached";
  }
  return std::nullopt;
}

std::vector<input_read> inputs_read() {
  const std::lock_guard hold(log_lock);
  return log();
}

/// A read-only stream buffer over a file descriptor that never blocks for long: it polls in
/// steps of poll_ms and gives up (as at end of file) at Ctrl-C (bt::interrupted) or the
/// deadline passed. A signal also wakes poll() at once (poll is never restarted, whatever
/// SA_RESTART says). The bytes handed to the reader are hashed as they go.
struct input::buffer : std::streambuf {
  static constexpr int poll_ms = 50;

  buffer(int from, bool close_at_end) : fd(from), owned(close_at_end) {}
  ~buffer() override {
    if (owned) ::close(fd);
  }
  buffer(const buffer&) = delete;
  buffer& operator=(const buffer&) = delete;

  int_type underflow() override {
    if (gptr() < egptr()) return traits_type::to_int_type(*gptr());
    // The reader took the whole of the last chunk: it is part of what was read.
    if (eback() != nullptr) hash.update(eback(), static_cast<std::size_t>(egptr() - eback()));
    setg(data.data(), data.data(), data.data());
    if (stop.empty() && error == 0) fill();
    return gptr() < egptr() ? traits_type::to_int_type(*gptr()) : traits_type::eof();
  }

  void fill() {
    for (;;) {
      if (bt::interrupted()) {
        stop = "interrupted";
        return;
      }
      pollfd p{fd, POLLIN, 0};
      const int ready = ::poll(&p, 1, poll_ms);
      if (ready < 0 && errno != EINTR) {
        error = errno;
        return;
      }
      if (ready <= 0) {
        // A wait (a FIFO, a pipe, a terminal): it ends at the time limit too. Data that is
        // there (a regular file) is read whatever the clock says, so that a short limit
        // stops the count, not the reading of its input.
        if (const auto why = reading_stopped(true)) {
          stop = *why;
          return;
        }
        continue;
      }
      // POLLIN, POLLHUP (the writer left) or POLLERR: read() tells data, end or the error.
      const ssize_t n = ::read(fd, data.data(), data.size());
      if (n > 0) {
        setg(data.data(), data.data(), data.data() + n);
        return;
      }
      if (n == 0) return;
      if (errno == EAGAIN || errno == EINTR) continue;  // EWOULDBLOCK is EAGAIN on Linux
      error = errno;
      return;
    }
  }

  // The digest of what the reader took: every chunk before this one, and this one up to where
  // the reader stands (a byte it only peeked at is not taken).
  std::string digest() {
    if (eback() != nullptr) hash.update(eback(), static_cast<std::size_t>(gptr() - eback()));
    setg(data.data(), data.data(), data.data());
    return hash.hex();
  }

  int fd;
  bool owned;
  std::string stop;  // why the reading was cut short: "interrupted", "time limit reached"
  int error = 0;
  digest::sha256 hash;
  std::array<char, 65536> data{};
};

input::input(const std::string& path, const std::string& stdin_name) {
  int fd = STDIN_FILENO;
  const bool from_stdin = path.empty() || path == "-";
  name_ = from_stdin ? stdin_name : path;
  if (!from_stdin) {
    // O_NONBLOCK: a FIFO opens at once instead of waiting for a writer inside open(), where
    // no signal handler could stop the wait (std::signal restarts the call). The reads poll.
    fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
      throw usage_error(path + ": cannot open the file");
    }
    struct stat st {};
    if (::fstat(fd, &st) == 0 && S_ISDIR(st.st_mode)) {
      ::close(fd);
      throw usage_error(path + ": is a directory, not a file");
    }
  }
  buf_ = std::make_unique<buffer>(fd, !from_stdin);
  stream_ = std::make_unique<std::istream>(buf_.get());
}

input::~input() = default;

std::istream& input::stream() { return *stream_; }

void input::check() const {
  if (!buf_->stop.empty()) throw input_interrupted(buf_->stop + " while reading " + name_);
  if (buf_->error != 0) {
    throw usage_error(name_ + ": read error (" + std::strerror(buf_->error) + ")");
  }
}

input_read input::record() {
  input_read r;
  r.name = name_;
  r.sha256 = buf_->digest();
  struct stat st {};
  if (::fstat(buf_->fd, &st) == 0) {
    r.file = true;
    r.device = static_cast<std::uint64_t>(st.st_dev);
    r.inode = static_cast<std::uint64_t>(st.st_ino);
  }
  return r;
}

void note_input(input& in) {
  input_read r = in.record();
  const std::lock_guard hold(log_lock);
  log().push_back(std::move(r));
}

}  // namespace btsolve
