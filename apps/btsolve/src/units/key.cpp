// SPDX-License-Identifier: MIT
#include "units/key.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <btsolve/errors.hpp>

#include "core/digest.hpp"

namespace btsolve {
namespace {

constexpr std::size_t min_key = 16;
constexpr std::size_t max_key = 4096;

}  // namespace

std::optional<record_key> load_key(const std::optional<std::string>& option) {
  std::string path;
  std::string named;
  if (option) {
    path = *option;
    named = "--key-file " + one_line(path, 200);
  } else if (const char* env = std::getenv(key_file_variable); env != nullptr && *env != '\0') {
    path = env;
    named = std::string(key_file_variable) + "=" + one_line(path, 200);
  } else {
    return std::nullopt;
  }
  if (path.empty()) throw usage_error("--key-file needs a file name");
  // O_NONBLOCK: a FIFO must not hold the run in open(); it is refused below.
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_CLOEXEC);
  if (fd < 0) throw usage_error(named + ": cannot open the file (" + std::strerror(errno) + ")");
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    ::close(fd);
    throw usage_error(named + ": not a regular file; a key is kept in one");
  }
  if (st.st_size > static_cast<off_t>(max_key + 2)) {
    ::close(fd);
    throw usage_error(named + ": " + std::to_string(st.st_size) + " bytes; a key has 16 to 4096");
  }
  record_key k;
  k.file = named;
  k.device = static_cast<std::uint64_t>(st.st_dev);
  k.inode = static_cast<std::uint64_t>(st.st_ino);
  char buffer[max_key + 3];
  std::size_t got = 0;
  for (;;) {
    const ssize_t n = ::read(fd, buffer + got, sizeof buffer - got);
    if (n > 0) {
      got += static_cast<std::size_t>(n);
      if (got == sizeof buffer) break;
      continue;
    }
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      const int why = errno;
      ::close(fd);
      throw usage_error(named + ": read error (" + std::strerror(why) + ")");
    }
    break;
  }
  ::close(fd);
  k.bytes.assign(buffer, got);
  if (!k.bytes.empty() && k.bytes.back() == '\n') k.bytes.pop_back();
  if (!k.bytes.empty() && k.bytes.back() == '\r') k.bytes.pop_back();
  if (k.bytes.size() < min_key || k.bytes.size() > max_key) {
    throw usage_error(named + ": the key has " + std::to_string(k.bytes.size()) +
                      " bytes, not 16 to 4096 (e.g. head -c 32 /dev/urandom | base64 > FILE)");
  }
  return k;
}

std::string seal(const std::optional<record_key>& key, std::string_view text) {
  return key ? digest::hmac_hex(key->bytes, text) : digest::sha256_hex(text, 32);
}

bool sealed(const std::optional<record_key>& key, std::string_view text, std::string_view token) {
  return digest::same(seal(key, text), token);
}

}  // namespace btsolve
