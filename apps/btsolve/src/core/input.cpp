// SPDX-License-Identifier: MIT
#include <btsolve/input.hpp>

#include <fcntl.h>
#include <poll.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <cstring>
#include <streambuf>

#include <bt/limits.hpp>
#include <btsolve/errors.hpp>

namespace btsolve {

/// A read-only stream buffer over a file descriptor that never blocks for long: it polls in
/// steps of poll_ms and gives up (as at end of file) when the interrupt flag is set. A signal
/// also wakes poll() at once (poll is never restarted, whatever SA_RESTART says).
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
    if (interrupted || error != 0) return traits_type::eof();
    for (;;) {
      if (bt::interrupt_flag().load(std::memory_order_relaxed)) {
        interrupted = true;
        return traits_type::eof();
      }
      pollfd p{fd, POLLIN, 0};
      const int ready = ::poll(&p, 1, poll_ms);
      if (ready < 0 && errno != EINTR) {
        error = errno;
        return traits_type::eof();
      }
      if (ready <= 0) continue;
      // POLLIN, POLLHUP (the writer left) or POLLERR: read() tells data, end or the error.
      const ssize_t n = ::read(fd, data.data(), data.size());
      if (n > 0) {
        setg(data.data(), data.data(), data.data() + n);
        return traits_type::to_int_type(data[0]);
      }
      if (n == 0) return traits_type::eof();
      if (errno == EAGAIN || errno == EINTR) continue;  // EWOULDBLOCK is EAGAIN on Linux
      error = errno;
      return traits_type::eof();
    }
  }

  int fd;
  bool owned;
  bool interrupted = false;
  int error = 0;
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
  if (buf_->interrupted) throw input_interrupted("while reading " + name_);
  if (buf_->error != 0) {
    throw usage_error(name_ + ": read error (" + std::strerror(buf_->error) + ")");
  }
}

}  // namespace btsolve
