// SPDX-License-Identifier: MIT
// The seal of a work unit's record (a result line of --unit, a checkpoint line): without a key,
// the first 32 hex digits of its SHA-256, which catches accidents (a line edited by hand, cut
// or damaged) but not forgery, since anyone can compute it again; with a key (--key-file FILE,
// or the file BTSOLVE_KEY_FILE names), its HMAC-SHA-256, which no one without the key can
// make (docs/cluster.md, "What the checks catch").
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace btsolve {

/// A key that seals records.
struct record_key {
  std::string bytes;         ///< the key itself
  std::string file;          ///< the file it was read from, for messages
  std::uint64_t device = 0;  ///< that file, so that no checkpoint is written over it
  std::uint64_t inode = 0;
};

/// The environment variable that names a key file when --key-file is not given.
inline constexpr const char* key_file_variable = "BTSOLVE_KEY_FILE";

/// The key of --key-file `option`, else of the file $BTSOLVE_KEY_FILE names; nothing when
/// neither is given. The file must be a regular file of 16 to 4096 bytes (one trailing newline
/// is not part of the key). Throws usage_error naming the file otherwise.
std::optional<record_key> load_key(const std::optional<std::string>& option);

/// The seal of text: its HMAC under key (64 hex digits), or without one its SHA-256 (32).
std::string seal(const std::optional<record_key>& key, std::string_view text);

/// True when `token` is text's seal under key (compared in constant time).
bool sealed(const std::optional<record_key>& key, std::string_view text, std::string_view token);

}  // namespace btsolve
