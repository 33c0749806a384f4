// SPDX-License-Identifier: MIT
#include "units/checkpoint.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>
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
  const auto fail = [&](const std::string& why) {
    return usage_error("checkpoint " + path_ + ": " + why);
  };
  std::string text;
  {
    std::ifstream in(path_, std::ios::binary);
    if (in) {
      std::ostringstream ss;
      ss << in.rdbuf();
      text = ss.str();
    }
  }
  // Whole lines only: what follows the last newline is a torn write.
  std::size_t good = 0;  // bytes of the file to keep
  std::size_t line_no = 0;
  for (std::size_t at = 0; at < text.size();) {
    const auto nl = text.find('\n', at);
    const bool last = nl == std::string::npos || nl + 1 == text.size();
    if (nl == std::string::npos) break;
    ++line_no;
    const auto rec = parse_record(text.substr(at, nl - at));
    if (!rec) {
      if (last) break;  // torn by a kill: dropped, its unit is counted again
      throw fail("line " + std::to_string(line_no) +
                 " is corrupted (bad checksum); delete the file to start over");
    }
    if (line_no == 1) {
      if (!rec->contains("checkpoint") || rec->value("digest", std::string()) != checksum(params)) {
        throw fail("written for other parameters (" + rec->value("params", std::string("?")) +
                   "), not (" + params + ")");
      }
    } else {
      unit_result r;
      std::size_t k = 0;
      try {
        k = rec->at("unit").get<std::size_t>();
        r = unit_result_from_json(*rec);
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
    at = nl + 1;
    good = at;
  }
  fd_ = ::open(path_.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0 || ::ftruncate(fd_, static_cast<off_t>(good)) != 0 ||
      ::lseek(fd_, static_cast<off_t>(good), SEEK_SET) < 0) {
    const std::string why = std::strerror(errno);
    if (fd_ >= 0) ::close(fd_);
    throw fail(why);
  }
  if (good == 0) {
    write_line(header(params, units).dump());
    sync();
  }
  last_sync_ = std::chrono::steady_clock::now();
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
