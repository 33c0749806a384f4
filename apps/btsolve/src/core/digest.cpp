// SPDX-License-Identifier: MIT
#include "core/digest.hpp"

#include <array>
#include <cstddef>
#include <new>

#include <btsolve/errors.hpp>

#if defined(BT_HAVE_OPENSSL)
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#endif

namespace btsolve::digest {
namespace {

[[maybe_unused]] std::string hex_of(const unsigned char* bytes, std::size_t size) {
  static constexpr char digits[] = "0123456789abcdef";
  std::string out(2 * size, '0');
  for (std::size_t i = 0; i < size; ++i) {
    out[2 * i] = digits[bytes[i] >> 4U];
    out[2 * i + 1] = digits[bytes[i] & 15U];
  }
  return out;
}

[[maybe_unused]] usage_error missing() {
  return usage_error(
      "this build has no SHA-256 (OpenSSL's libcrypto): work units, checkpoints and merge "
      "need it");
}

}  // namespace

#if defined(BT_HAVE_OPENSSL)

bool available() { return true; }

struct sha256::state {
  EVP_MD_CTX* ctx = EVP_MD_CTX_new();
  ~state() { EVP_MD_CTX_free(ctx); }
  state() = default;
  state(const state&) = delete;
  state& operator=(const state&) = delete;
};

sha256::sha256() : state_(std::make_unique<state>()) {
  if (state_->ctx == nullptr || EVP_DigestInit_ex(state_->ctx, EVP_sha256(), nullptr) != 1) {
    throw std::bad_alloc();
  }
}

sha256::~sha256() = default;

void sha256::update(const char* data, std::size_t size) {
  if (size != 0) EVP_DigestUpdate(state_->ctx, data, size);
}

std::string sha256::hex() {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int size = 0;
  EVP_DigestFinal_ex(state_->ctx, md.data(), &size);
  return hex_of(md.data(), size);
}

std::string sha256_hex(std::string_view text, std::size_t hex_digits) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int size = 0;
  if (EVP_Digest(text.data(), text.size(), md.data(), &size, EVP_sha256(), nullptr) != 1) {
    throw std::bad_alloc();
  }
  return hex_of(md.data(), size).substr(0, hex_digits);
}

std::string hmac_hex(std::string_view key, std::string_view text) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int size = 0;
  if (HMAC(EVP_sha256(), key.data(), static_cast<int>(key.size()),
           reinterpret_cast<const unsigned char*>(text.data()), text.size(), md.data(),
           &size) == nullptr) {
    throw std::bad_alloc();
  }
  return hex_of(md.data(), size);
}

bool same(std::string_view a, std::string_view b) {
  return a.size() == b.size() && CRYPTO_memcmp(a.data(), b.data(), a.size()) == 0;
}

#else  // no libcrypto (the WebAssembly build)

bool available() { return false; }
struct sha256::state {};
sha256::sha256() = default;
sha256::~sha256() = default;
void sha256::update(const char*, std::size_t) {}
std::string sha256::hex() { return {}; }
std::string sha256_hex(std::string_view, std::size_t) { throw missing(); }
std::string hmac_hex(std::string_view, std::string_view) { throw missing(); }
bool same(std::string_view a, std::string_view b) { return a == b; }

#endif

}  // namespace btsolve::digest
