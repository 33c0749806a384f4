// SPDX-License-Identifier: MIT
// Single-threaded oneTBB subset (README.md): task_arena.
#pragma once

namespace oneapi::tbb {

/// An arena of one thread: execute() calls its function here.
class task_arena {
 public:
  static constexpr int automatic = -1;  ///< as oneTBB: as many threads as cores (here one)
  explicit task_arena(int /*max_concurrency*/ = automatic) {}
  template <class F>
  decltype(auto) execute(F&& f) {
    return f();
  }
};

}  // namespace oneapi::tbb
