// SPDX-License-Identifier: MIT
// Single-threaded oneTBB subset (README.md): blocked_range.
#pragma once

#include <cstddef>

namespace oneapi::tbb {

/// The half-open range [begin, end), as oneTBB's blocked_range (grain size kept, unused).
template <class Value>
class blocked_range {
 public:
  blocked_range(Value begin, Value end, std::size_t grainsize = 1)
      : begin_(begin), end_(end), grain_(grainsize) {}
  [[nodiscard]] Value begin() const { return begin_; }
  [[nodiscard]] Value end() const { return end_; }
  [[nodiscard]] std::size_t grainsize() const { return grain_; }
  [[nodiscard]] bool empty() const { return !(begin_ < end_); }

 private:
  Value begin_, end_;
  std::size_t grain_;
};

}  // namespace oneapi::tbb
