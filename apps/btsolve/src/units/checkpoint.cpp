// SPDX-License-Identifier: MIT
#include "units/checkpoint.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <utility>

#include <bt/text.hpp>
#include <btsolve/errors.hpp>

#include "units/binding.hpp"

namespace btsolve {
namespace {

// What a file that is not a regular one is, for the refusal.
std::string kind_of(mode_t mode) {
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISSOCK(mode)) return "a socket";
  return "no regular file";
}

// A record line as its JSON and its seal, or nothing when it has no seal where one belongs.
struct record_line {
  std::string json;
  std::string token;
};
std::optional<record_line> split_line(const std::string& line) {
  const auto space = line.rfind(' ');
  if (space == std::string::npos) return std::nullopt;
  return record_line{line.substr(0, space), line.substr(space + 1)};
}

std::optional<nlohmann::json> object_of(const std::string& json) {
  auto j = nlohmann::json::parse(json, nullptr, false);
  if (j.is_discarded() || !j.is_object()) return std::nullopt;
  return j;
}

// The first line of a checkpoint: what the count is, and how its lines are sealed.
nlohmann::ordered_json header_of(const std::string& params, const std::string& digest,
                                 std::size_t units, bool keyed) {
  return {{"checkpoint", record_format},
          {"digest", digest},
          {"params", params},
          {"units", units},
          {"sealed", keyed ? "hmac-sha256" : "sha256"}};
}

}  // namespace

checkpoint::checkpoint(std::string path, std::string params, std::size_t units,
                       std::optional<record_key> key, const std::vector<input_read>& inputs)
    : path_(std::move(path)),
      params_(std::move(params)),
      digest_(params_digest(params_)),
      key_(std::move(key)),
      units_(units) {
  struct stat st {};
  if (::stat(path_.c_str(), &st) == 0) {
    if (!S_ISREG(st.st_mode)) {
      throw fail("is " + kind_of(st.st_mode) + ", not a regular file; a checkpoint is one");
    }
    const auto same = [&](std::uint64_t dev, std::uint64_t ino) {
      return static_cast<std::uint64_t>(st.st_dev) == dev &&
             static_cast<std::uint64_t>(st.st_ino) == ino;
    };
    for (const auto& in : inputs) {
      if (in.file && same(in.device, in.inode)) {
        throw fail("is this run's input (" + one_line(in.name, 200) +
                   "); give the checkpoint a file of its own");
      }
    }
    if (key_ && same(key_->device, key_->inode)) {
      throw fail("is the key's file (" + key_->file + "); give the checkpoint a file of its own");
    }
    open_existing();
  } else if (errno == ENOENT) {
    create();
  } else {
    throw fail(std::strerror(errno));
  }
  last_sync_ = std::chrono::steady_clock::now();
}

usage_error checkpoint::fail(const std::string& why) const {
  return usage_error("checkpoint " + one_line(path_, 200) + ": " + why);
}

// A new checkpoint is written whole (its header, synced) under a name of its own beside FILE,
// then linked to FILE: no reader ever sees half a header, and a file that appeared at FILE
// meanwhile is never replaced (link fails; that file is then opened as an existing one).
void checkpoint::create() {
  const std::string temp = path_ + ".tmp." + std::to_string(::getpid());
  fd_ = ::open(temp.c_str(), O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
  if (fd_ < 0) throw fail(std::strerror(errno));
  try {
    lock();
    write_line(header_of(params_, digest_, units_.size(), key_.has_value()).dump());
    sync();
  } catch (...) {
    ::close(fd_);
    fd_ = -1;
    ::unlink(temp.c_str());
    throw;
  }
  if (::link(temp.c_str(), path_.c_str()) == 0) {
    ::unlink(temp.c_str());
  } else if (errno == EEXIST) {
    ::close(fd_);
    fd_ = -1;
    ::unlink(temp.c_str());
    open_existing();
    return;
  } else {
    // A file system without hard links: rename, which only replaces a file created meanwhile.
    struct stat st {};
    const bool taken = ::stat(path_.c_str(), &st) == 0;
    if (taken || std::rename(temp.c_str(), path_.c_str()) != 0) {
      const int why = errno;
      ::close(fd_);
      fd_ = -1;
      ::unlink(temp.c_str());
      throw fail(taken ? "another run created the file meanwhile" : std::strerror(why));
    }
  }
  // The link reaches the disk with its directory.
  const auto slash = path_.find_last_of('/');
  const std::string dir = slash == std::string::npos ? "." : path_.substr(0, slash + 1);
  if (const int d = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC); d >= 0) {
    ::fsync(d);
    ::close(d);
  }
}

void checkpoint::open_existing() {
  fd_ = ::open(path_.c_str(), O_RDWR | O_NONBLOCK | O_CLOEXEC);
  if (fd_ < 0) throw fail(std::strerror(errno));
  try {  // the destructor does not run for a constructor that throws
    struct stat st {};
    if (::fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
      throw fail("is " + kind_of(st.st_mode) + ", not a regular file; a checkpoint is one");
    }
    lock();
    if (st.st_size == 0) {  // an empty file holds nothing to lose: it becomes the checkpoint
      write_line(header_of(params_, digest_, units_.size(), key_.has_value()).dump());
      sync();
      return;
    }
    const std::size_t good = read_records();
    if (static_cast<off_t>(good) != st.st_size && ::ftruncate(fd_, static_cast<off_t>(good)) != 0) {
      throw fail(std::strerror(errno));
    }
    if (::lseek(fd_, static_cast<off_t>(good), SEEK_SET) < 0) throw fail(std::strerror(errno));
  } catch (...) {
    ::close(fd_);
    fd_ = -1;
    throw;
  }
}

// One writer per file: two runs appending to one file (a requeued batch job beside the old
// one) would interleave their lines and lose every unit. A POSIX record lock (fcntl) works over
// NFS too, ends with its process (even on SIGKILL) and names its holder. It lasts while this
// process holds any descriptor of the file, so the file is read through this descriptor, never
// opened twice.
void checkpoint::lock() {
  struct flock whole {};
  whole.l_type = F_WRLCK;
  whole.l_whence = SEEK_SET;
  if (::fcntl(fd_, F_SETLK, &whole) == 0) return;
  const int why = errno;
  struct flock holder = whole;
  const bool named = ::fcntl(fd_, F_GETLK, &holder) == 0 && holder.l_type != F_UNLCK;
  if (why != EACCES && why != EAGAIN) {
    throw fail(std::string("cannot lock the file: ") + std::strerror(why));
  }
  throw fail(std::string("another run is counting into this file") +
             (named ? " (process " + std::to_string(holder.l_pid) + ")" : "") +
             "; wait for it to end, or give this run another file");
}

// The header must be a checkpoint of this format, sealed as this run seals, for this count.
void checkpoint::check_header(const nlohmann::json& head) {
  const auto format = head.find("checkpoint");
  if (format == head.end() || !format->is_number_unsigned()) {
    throw fail(
        "is not a checkpoint of btsolve (line 1 has no checkpoint header); refusing to "
        "write over it: give --checkpoint a new file");
  }
  if (format->get<std::uint64_t>() < record_format) {
    throw fail("written by an older btsolve (checkpoint format " + format->dump() +
               ", whose records are not bound to their count): delete it and count again");
  }
  if (format->get<std::uint64_t>() != record_format) {
    throw fail("has checkpoint format " + format->dump() + ", which this btsolve does not read");
  }
}

std::size_t checkpoint::read_records() {
  std::size_t good = 0;  // bytes of the file to keep: whole, good lines
  std::size_t offset = 0;
  std::size_t line_no = 0;
  std::string pending;
  // A bad line is a torn write only when nothing follows it.
  std::optional<std::size_t> bad_line;
  char buffer[65536];
  const auto take = [&](const std::string& line) {
    ++line_no;
    if (bad_line) {
      throw fail("line " + std::to_string(*bad_line) +
                 " is corrupted (bad checksum); delete the file to start over");
    }
    const auto parts = split_line(line);
    if (line_no == 1) {
      // Old files' headers: "{...,"checkpoint":1,...} 16-hex-digits".
      const auto head = object_of(parts ? parts->json : line);
      if (!head) {
        throw fail(
            "is not a checkpoint of btsolve (line 1 is no checkpoint header); refusing "
            "to write over it: give --checkpoint a new file");
      }
      check_header(*head);
      const bool keyed = head->value("sealed", std::string()) == "hmac-sha256";
      if (keyed && !key_) {
        throw fail("its lines carry MACs: give the key it was written with (--key-file FILE or " +
                   std::string(key_file_variable) + ")");
      }
      if (!keyed && key_) {
        throw fail("written without a key, and this run has one (" + key_->file +
                   "): delete it, or run without the key");
      }
      if (!parts || !sealed(key_, parts->json, parts->token)) {
        throw fail(key_ ? "line 1's MAC does not match: another key, or the file was changed"
                        : "line 1 is corrupted (bad checksum); delete the file to start over");
      }
      if (head->value("digest", std::string()) != digest_ ||
          head->value("params", std::string()) != params_) {
        const std::string theirs = head->value("params", std::string("?"));
        throw fail("written for another count: " + params_difference(theirs, params_) +
                   "; delete it, or give this run another file");
      }
      return true;
    }
    if (!parts || !sealed(key_, parts->json, parts->token)) return false;
    const auto rec = object_of(parts->json);
    if (!rec) return false;
    if (rec->value("digest", std::string()) != digest_) {
      throw fail("line " + std::to_string(line_no) + " is a record of another count (digest " +
                 one_line(rec->value("digest", std::string("none")), 40) + ", not " + digest_ +
                 " as line 1): records of two counts were mixed; delete the file to start over");
    }
    record_unit(*rec, line_no);
    return true;
  };
  for (;;) {
    if (const auto why = reading_stopped()) {
      throw input_interrupted(*why + " while reading checkpoint " + one_line(path_, 200));
    }
    const auto got = ::read(fd_, buffer, sizeof buffer);
    if (got == 0) break;
    if (got < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw fail(std::strerror(errno));
    }
    for (std::size_t i = 0; i < static_cast<std::size_t>(got); ++i) {
      if (buffer[i] != '\n') {
        if (pending.size() == bt::max_line) {
          throw fail("line " + std::to_string(line_no + 1) + " is longer than " +
                     std::to_string(bt::max_line) + " bytes: not a checkpoint of btsolve");
        }
        pending.push_back(buffer[i]);
        continue;
      }
      const std::size_t length = pending.size() + 1;
      if (take(pending)) {
        good = offset + length;
      } else {
        bad_line = line_no;
      }
      offset += length;
      pending.clear();
    }
  }
  if (line_no == 0) {
    throw fail(
        "is not a checkpoint of btsolve (it holds no whole line); refusing to write over "
        "it: give --checkpoint a new file");
  }
  return good;  // a bad last line, and what follows the last newline, are torn writes
}

void checkpoint::record_unit(const nlohmann::json& rec, std::size_t line_no) {
  unit_result r;
  std::size_t k = 0;
  try {
    k = rec.at("unit").get<std::size_t>();
    r = unit_result_from_json(rec);
  } catch (const std::exception&) {
    throw fail("line " + std::to_string(line_no) + " is not a unit record");
  }
  if (k >= units_.size()) {
    throw fail("line " + std::to_string(line_no) + ": unit " + std::to_string(k) +
               " is out of range (this count has " + std::to_string(units_.size()) + " units)");
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
  nlohmann::ordered_json j = {{"unit", k}, {"digest", digest_}};
  const nlohmann::json fields = to_json(r);
  for (const auto& [name, value] : fields.items()) j[name] = value;
  write_line(j.dump());
  units_[k] = r;
  const auto now = std::chrono::steady_clock::now();
  if (now - last_sync_ >= std::chrono::seconds(1)) {
    sync();
    last_sync_ = now;
  }
}

void checkpoint::write_line(const std::string& json) {
  const std::string line = json + ' ' + seal(key_, json) + '\n';
  std::size_t off = 0;
  while (off < line.size()) {
    const auto w = ::write(fd_, line.data() + off, line.size() - off);
    if (w < 0) {
      if (errno == EINTR || errno == EAGAIN) continue;
      throw fail(std::string("cannot write the file (") + std::strerror(errno) + ")");
    }
    off += static_cast<std::size_t>(w);
  }
}

void checkpoint::sync() { ::fsync(fd_); }

}  // namespace btsolve
