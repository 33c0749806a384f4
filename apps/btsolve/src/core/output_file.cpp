// SPDX-License-Identifier: MIT
#include "core/output_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

#include <chrono>
#include <thread>

#include <btsolve/errors.hpp>
#include <btsolve/input.hpp>

namespace btsolve {

reader_wait::reader_wait(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0 || !S_ISFIFO(st.st_mode)) return;
  for (;;) {
    fd_ = ::open(path.c_str(), O_WRONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd_ >= 0 || errno != ENXIO) return;  // a reader is there, or the stream will say why not
    if (const auto why = reading_stopped(true)) {
      throw input_interrupted(*why + " while waiting for a reader of " + one_line(path, 200));
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
  }
}

reader_wait::~reader_wait() {
  if (fd_ >= 0) ::close(fd_);
}

std::optional<std::string> take_output_option(std::vector<std::string>& args) {
  std::optional<std::string> file;
  for (std::size_t i = 0; i < args.size();) {
    std::optional<std::string> value;
    if (args[i] == "--output") {
      if (i + 1 == args.size()) throw usage_error("--output needs a file name");
      value = args[i + 1];
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i),
                 args.begin() + static_cast<std::ptrdiff_t>(i) + 2);
    } else if (args[i].rfind("--output=", 0) == 0) {
      value = args[i].substr(9);
      args.erase(args.begin() + static_cast<std::ptrdiff_t>(i));
    } else {
      ++i;
      continue;
    }
    if (value->empty()) throw usage_error("--output needs a file name");
    if (file) throw usage_error("--output is given twice");
    file = std::move(value);
  }
  return file;
}

output_file::output_file(std::string path) : path_(std::move(path)) {
  // A device, a FIFO or a terminal is written in place: renaming a file over it would
  // replace it.
  struct stat st {};
  const bool special = ::stat(path_.c_str(), &st) == 0 && !S_ISREG(st.st_mode);
  temp_ = special ? path_ : path_ + ".tmp." + std::to_string(::getpid());
  const reader_wait reader(temp_);
  out_.open(temp_, std::ios::binary | std::ios::trunc);
  if (!out_) {
    throw usage_error("--output " + one_line(path_, 200) + ": cannot write the file (" +
                      std::strerror(errno) + ")");
  }
}

output_file::~output_file() {
  out_.close();
  if (!committed_ && !in_place()) std::remove(temp_.c_str());
}

void output_file::commit() {
  committed_ = true;
  out_.close();
  const auto failed = [&](const std::string& why) {
    if (!in_place()) std::remove(temp_.c_str());
    return usage_error("--output " + one_line(path_, 200) + ": cannot write the file (" + why +
                       ")");
  };
  if (out_.fail()) throw failed(errno != 0 ? std::strerror(errno) : "write error");
  if (in_place()) return;
  // The rename must not reach the disk before the data.
  const int fd = ::open(temp_.c_str(), O_RDONLY | O_CLOEXEC);
  const bool synced = fd >= 0 && ::fsync(fd) == 0;
  if (fd >= 0) ::close(fd);
  if (!synced || std::rename(temp_.c_str(), path_.c_str()) != 0) {
    throw failed(std::strerror(errno));
  }
}

}  // namespace btsolve
