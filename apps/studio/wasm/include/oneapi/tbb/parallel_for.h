// SPDX-License-Identifier: MIT
// Single-threaded oneTBB subset (README.md): parallel_for over a blocked_range, in order.
#pragma once

#include <oneapi/tbb/blocked_range.h>

namespace oneapi::tbb {

/// oneTBB's partitioner tag: the range is cut into grain-size pieces, as oneTBB would.
class simple_partitioner {};

/// Calls body on each grain-size piece of range, in order, on this thread.
template <class Value, class Body>
void parallel_for(const blocked_range<Value>& range, const Body& body,
                  const simple_partitioner& = {}) {
  const std::size_t grain = range.grainsize() ? range.grainsize() : 1;
  for (Value b = range.begin(); b < range.end();) {
    Value e = b;
    for (std::size_t k = 0; k < grain && e < range.end(); ++k) ++e;
    body(blocked_range<Value>(b, e, grain));
    b = e;
  }
}

}  // namespace oneapi::tbb
