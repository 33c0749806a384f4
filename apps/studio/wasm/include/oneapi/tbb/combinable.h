// SPDX-License-Identifier: MIT
// Single-threaded oneTBB subset (README.md): combinable, one value.
#pragma once

#include <utility>

namespace oneapi::tbb {

/// One thread's value (there is one thread); combine() returns it.
template <class T>
class combinable {
 public:
  combinable() = default;
  template <class Init>
  explicit combinable(Init init) : value_(init()) {}
  T& local() {
    used_ = true;
    return value_;
  }
  T& local(bool& exists) {
    exists = used_;
    return local();
  }
  template <class Combine>
  T combine(Combine&&) const {
    return value_;
  }
  template <class Each>
  void combine_each(Each&& f) const {
    if (used_) f(value_);
  }

 private:
  T value_{};
  bool used_ = false;
};

}  // namespace oneapi::tbb
