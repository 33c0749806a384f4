// SPDX-License-Identifier: MIT
#include "units/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <utility>

#include <btsolve/errors.hpp>

namespace btsolve {

std::string checksum(std::string_view text) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const char c : text) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  static constexpr char hex[] = "0123456789abcdef";
  std::string out(16, '0');
  for (int i = 15; i >= 0; --i) {
    out[static_cast<std::size_t>(i)] = hex[h & 15U];
    h >>= 4U;
  }
  return out;
}

namespace {

// The JSON of a record line, or nothing when the line is torn or its checksum is wrong.
std::optional<nlohmann::json> parse_record(const std::string& line) {
  const auto space = line.rfind(' ');
  if (space == std::string::npos || line.size() - space - 1 != 16) return std::nullopt;
  const std::string json = line.substr(0, space);
  if (checksum(json) != line.substr(space + 1)) return std::nullopt;
  auto j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

nlohmann::ordered_json header(const std::string& params, std::size_t units) {
  return {{"checkpoint", 1}, {"digest", checksum(params)}, {"params", params}, {"units", units}};
}

}  // namespace

checkpoint::checkpoint(std::string path, const std::string& params, std::size_t units)
    : path_(std::move(path)), units_(units) {
  lock();
  try {  // the destructor does not run for a constructor that throws
    const std::size_t good = read_records(params, units);
    if (::ftruncate(fd_, static_cast<off_t>(good)) != 0 ||
        ::lseek(fd_, static_cast<off_t>(good), SEEK_SET) < 0) {
      throw fail(std::strerror(errno));
    }
    if (good == 0) {
      write_line(header(params, units).dump());
      sync();
    }
  } catch (...) {
    ::close(fd_);
    fd_ = -1;
    throw;
  }
  last_sync_ = std::chrono::steady_clock::now();
}

usage_error checkpoint::fail(const std::string& why) const {
  return usage_error("checkpoint " + path_ + ": " + why);
}

// One writer per file: two runs appending to one file (a requeued batch job beside the old
// one) would interleave their lines and lose every unit. A POSIX record lock (fcntl) works over
// NFS too, ends with its process (even on SIGKILL) and names its holder. It lasts while this
// process holds any descriptor of the file, so the file is read through this descriptor, never
// opened twice.
void checkpoint::lock() {
  fd_ = ::open(path_.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0) throw fail(std::strerror(errno));
  struct flock whole {};
  whole.l_type = F_WRLCK;
  whole.l_whence = SEEK_SET;
  if (::fcntl(fd_, F_SETLK, &whole) == 0) return;
  const int why = errno;
  struct flock holder = whole;
  const bool named = ::fcntl(fd_, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK;
  ::close(fd_);
  fd_ = -1;
  if (why != EACCES && why != EAGAIN) {
    throw fail(std::string("cannot lock the file: ") + std::strerror(why));
  }
  throw fail(std::string("another run is counting into this file") +
             (named ? " (process " + std::to_string(holder.l_pid) + ")" : "") +
             "; wait for it to end, or give this run another file");
}

std::size_t checkpoint::read_records(const std::string& params, std::size_t units) {
  std::string text;
  char buffer[65536];
  for (;;) {
    const auto got = ::read(fd_, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR) continue;
      throw fail(std::strerror(errno));
    }
    text.append(buffer, static_cast<std::size_t>(got));
  }
  // Whole lines only: what follows the last newline is a torn write.
  std::size_t good = 0;  // bytes of the file to keep
  std::size_t line_no = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto nl = text.find('\n', at);
    if (nl == std::string::npos) break;
    ++line_no;
    const auto rec = parse_record(text.substr(at, nl - at));
    if (!rec) {
      if (nl + 1 == text.size()) break;  // torn by a kill: dropped, its unit is counted again
      throw fail("line " + std::to_string(line_no) +
                 " is corrupted (bad checksum); delete the file to start over");
    }
    if (line_no == 1) {
      if (!rec->contains("checkpoint") || rec->value("digest", std::string()) != checksum(params)) {
        throw fail("written for other parameters (" + rec->value("params", std::string("?")) +
                   "), not (" + params + ")");
      }
    } else {
      record_unit(*rec, line_no, units);
    }
    at = nl + 1;
    good = at;
  }
  return good;
}

void checkpoint::record_unit(const nlohmann::json& rec, std::size_t line_no, std::size_t units) {
  unit_result r;
  std::size_t k = 0;
  try {
    k = rec.at("unit").get<std::size_t>();
    r = unit_result_from_json(rec);
  } catch (const std::exception&) {
    throw fail("line " + std::to_string(line_no) + " is not a unit record");
  }
  if (k >= units) {
    throw fail("line " + std::to_string(line_no) + ": unit " + std::to_string(k) +
               " is out of range (this count has " + std::to_string(units) + " units)");
  }
  if (units_[k]) {
    throw fail("line " + std::to_string(line_no) + ": unit " + std::to_string(k) +
               " is recorded twice");
  }
  units_[k] = r;
  ++resumed_;
}

checkpoint::~checkpoint() {
  if (fd_ >= 0) {
    sync();
    ::close(fd_);
  }
}

void checkpoint::append(std::size_t k, const unit_result& r) {
  nlohmann::ordered_json j = {{"unit", k}};
  const nlohmann::json fields = to_json(r);
  for (const auto& [key, value] : fields.items()) j[key] = value;
  write_line(j.dump());
  units_[k] = r;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_sync_ >= std::chrono::seconds(1)) {
    sync();
    last_sync_ = now;
  }
}

void checkpoint::write_line(const std::string& json) {
  const std::string line = json + ' ' + checksum(json) + '\n';
  std::size_t off = 0;
  while (off < line.size()) {
    const auto w = ::write(fd_, line.data() + off, line.size() - off);
    if (w < 0) {
      if (errno == EINTR) continue;
      throw usage_error("checkpoint " + path_ + ": " + std::strerror(errno));
    }
    off += static_cast<std::size_t>(w);
  }
}

void checkpoint::sync() { ::fsync(fd_); }

}  // namespace btsolve
