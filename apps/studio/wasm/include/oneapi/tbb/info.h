// SPDX-License-Identifier: MIT
// Single-threaded oneTBB subset (README.md): info.
#pragma once

namespace oneapi::tbb::info {

/// One thread: the WebAssembly build has no others.
inline int default_concurrency() { return 1; }

}  // namespace oneapi::tbb::info
