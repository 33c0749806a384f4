// SPDX-License-Identifier: MIT
// SHA-256 and HMAC-SHA-256, from OpenSSL's libcrypto: what binds a work unit's result to its
// count (the digest of its parameters and of its input's content) and what makes a result
// line or a checkpoint tamper-evident when a key is given (docs/cluster.md, "What the checks
// catch"). Hand-written cryptography is no place to save a dependency. The WebAssembly build
// (the studio) has no libcrypto: there available() is false, an input's digest is empty and
// every other call throws usage_error; the studio counts no work units.
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace btsolve::digest {

/// True when this build has SHA-256 (every native build).
[[nodiscard]] bool available();

/// SHA-256 of text, as 64 lowercase hex digits; `hex_digits` keeps the first of them (a
/// checksum of a line that carries its own parameters needs no more than 128 bits).
[[nodiscard]] std::string sha256_hex(std::string_view text, std::size_t hex_digits = 64);

/// HMAC-SHA-256 of text under key, as 64 lowercase hex digits.
[[nodiscard]] std::string hmac_hex(std::string_view key, std::string_view text);

/// a == b in a time that does not depend on where they differ (comparing MACs).
[[nodiscard]] bool same(std::string_view a, std::string_view b);

/// SHA-256 over text given in pieces (an input as it is read).
class sha256 {
 public:
  sha256();
  ~sha256();
  sha256(const sha256&) = delete;
  sha256& operator=(const sha256&) = delete;
  /// Add bytes.
  void update(const char* data, std::size_t size);
  /// The digest of everything added, as 64 hex digits (the object is then spent).
  [[nodiscard]] std::string hex();

 private:
  struct state;
  std::unique_ptr<state> state_;
};

}  // namespace btsolve::digest
