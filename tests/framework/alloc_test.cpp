// SPDX-License-Identifier: MIT
// The engine's own stack allocates per block of frames, never per node: a search that goes
// down the same depth twice allocates no more than one that goes down once. A program of its
// own, since it replaces the global operator new to count.
#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>
#include <vector>

#include <bt/bt.hpp>

namespace {

std::atomic<std::size_t> allocations{0};

}  // namespace

// Out of line: inlined, GCC 12 sees free() of what operator new returned and warns
// (-Wmismatched-new-delete), though both sides are these malloc and free.
[[gnu::noinline]] void* operator new(std::size_t n) {
  allocations.fetch_add(1, std::memory_order_relaxed);
  if (void* p = std::malloc(n != 0 ? n : 1)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, std::size_t) noexcept { std::free(p); }

namespace {

// A chain `n` levels deep (one candidate per level), which forks at the root when `forked`:
// the search then goes all the way down twice.
struct fork_chain {
  using value_type = int;
  std::size_t n = 0;
  bool forked = false;
  std::size_t depth = 0;

  [[nodiscard]] bool complete() const { return depth == n; }
  [[nodiscard]] bt::int_range candidates() const { return {0, depth == 0 && forked ? 2 : 1}; }
  void assign(int) { ++depth; }
  void unassign(int) { --depth; }
};

std::size_t allocations_of(fork_chain p, bt::stats& s) {
  const std::size_t before = allocations.load();
  bt::search(p, bt::stats_visitor{s});
  return allocations.load() - before;
}

TEST(EngineAllocations, PerBlockOfFramesNotPerNode) {
  const std::size_t n = 300'000;
  bt::stats once;
  bt::stats twice;
  const std::size_t a = allocations_of({n, false, 0}, once);
  const std::size_t b = allocations_of({n, true, 0}, twice);
  EXPECT_EQ(once.nodes, n + 1);
  EXPECT_EQ(twice.nodes, 2 * n + 1);
  EXPECT_EQ(twice.max_depth, n);
  EXPECT_GT(a, 0U) << "300,000 frames do not fit in the stack object";
  EXPECT_LE(a, 24U) << "blocks double in size";
  EXPECT_EQ(b, a) << "the second descent reuses the blocks of the first";
  bt::stats shallow;
  EXPECT_EQ(allocations_of({50, true, 0}, shallow), 0U) << "a shallow search allocates nothing";
}

}  // namespace
