// SPDX-License-Identifier: MIT
// Single-threaded oneTBB subset (README.md): enumerable_thread_specific, one value.
#pragma once

#include <cstddef>

namespace oneapi::tbb {

/// One thread's value, made on first use; iterating gives it once it exists.
template <class T>
class enumerable_thread_specific {
 public:
  enumerable_thread_specific() = default;
  T& local() {
    used_ = true;
    return value_;
  }
  [[nodiscard]] std::size_t size() const { return used_ ? 1 : 0; }
  T* begin() { return used_ ? &value_ : &value_ + 1; }
  T* end() { return &value_ + 1; }
  const T* begin() const { return used_ ? &value_ : &value_ + 1; }
  const T* end() const { return &value_ + 1; }
  void clear() { used_ = false; }

 private:
  T value_{};
  bool used_ = false;
};

}  // namespace oneapi::tbb
