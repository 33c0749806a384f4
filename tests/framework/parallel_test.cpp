// SPDX-License-Identifier: MIT
// bt/parallel.hpp and bt/split.hpp under several threads: the totals of a split search do not
// depend on the thread count, and a limit hit by one thread stops all of them. Labelled
// `threads`, so the tsan preset runs these under ThreadSanitizer.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/parallel.hpp>
#include <bt/split.hpp>

#include "toy.hpp"

namespace {

// Counts the solutions of toy::bits{n} split at `cut`, on `threads` threads.
std::uint64_t split_count(int n, std::size_t cut, int threads, bt::shared_limits& limits) {
  bt::stats top;
  bt::shared_limit_visitor split_limits(limits);
  const auto units = bt::split(toy::bits{n, 0, 0}, cut, top, split_limits);
  std::vector<std::uint64_t> counts(units.size());
  bt::parallel_tasks(units.size(), threads, limits, [&](std::size_t i) {
    bt::solution_counter c;
    bt::shared_limit_visitor lim(limits);
    toy::bits root = units[i].state;
    bt::search(root, bt::visitors(lim, c));
    counts[i] = c.count;
  });
  std::uint64_t total = 0;
  for (const auto c : counts) total += c;
  return total;
}

TEST(Parallel, SplitCountDoesNotDependOnThreads) {
  for (const int threads : {1, 2, 4}) {
    bt::shared_limits limits(0, std::nullopt);
    EXPECT_EQ(split_count(16, 6, threads, limits), 1U << 16) << threads << " threads";
    EXPECT_FALSE(limits.stopped());
  }
}

TEST(Parallel, NodeLimitStopsEveryThread) {
  bt::shared_limits limits(50000, std::nullopt);
  const std::uint64_t total = split_count(22, 8, 4, limits);
  EXPECT_EQ(limits.reason(), bt::stop_reason::node_limit);
  EXPECT_LT(total, 1U << 22);
}

TEST(Parallel, InterruptStopsTheSplitItself) {
  // The flag is up before the run: the split (2^20 nodes) stops at its first charge.
  bt::interrupt_flag().store(true);
  bt::shared_limits limits(0, std::nullopt);
  bt::stats top;
  bt::shared_limit_visitor split_limits(limits);
  const auto units = bt::split(toy::bits{24, 0, 0}, 20, top, split_limits);
  bt::interrupt_flag().store(false);
  EXPECT_EQ(limits.reason(), bt::stop_reason::interrupted);
  EXPECT_LT(units.size(), 1U << 20);
}

TEST(Parallel, SplitGuardRefusesTooManySubproblemsBeforeHoldingThem) {
  // toy::bits{12} cut at 6 has 64 subproblems: a guard of 64 lets the probe through and counts
  // what split() makes; a guard of 63 refuses (not as an interrupt), having held nothing.
  bt::split_guard enough(64);
  bt::probe_split(toy::bits{12, 0, 0}, 6, enough);
  EXPECT_NO_THROW(enough.check("cut 6"));
  bt::stats top;
  EXPECT_EQ(bt::split(toy::bits{12, 0, 0}, 6, top).size(), 64U);
  bt::split_guard fewer(63);
  bt::probe_split(toy::bits{12, 0, 0}, 6, fewer);
  try {
    fewer.check("cut 6");
    ADD_FAILURE() << "63 allowed, 64 made: no refusal";
  } catch (const bt::split_stopped& e) {
    EXPECT_FALSE(e.interrupted());
    EXPECT_NE(std::string(e.what()).find("cut 6 makes more than 63 work units"), std::string::npos)
        << e.what();
  }
  // Ctrl-C before a split of 2^20 subproblems: refused as an interrupt.
  bt::interrupt_flag().store(true);
  bt::split_guard interrupted(std::size_t{1} << 21);
  bt::probe_split(toy::bits{24, 0, 0}, 20, interrupted);
  bt::interrupt_flag().store(false);
  EXPECT_THROW(
      {
        try {
          interrupted.check("cut 20");
        } catch (const bt::split_stopped& e) {
          EXPECT_TRUE(e.interrupted());
          throw;
        }
      },
      bt::split_stopped);
}

TEST(Parallel, EveryTaskRunsOnceWithoutALimit) {
  bt::shared_limits limits(0, std::nullopt);
  std::vector<std::atomic<int>> runs(1000);
  bt::parallel_tasks(runs.size(), 4, limits, [&](std::size_t i) { runs[i].fetch_add(1); });
  for (const auto& r : runs) EXPECT_EQ(r.load(), 1);
}

}  // namespace

namespace {

TEST(Parallel, UnsearchedSubproblemAddsNoStatistics) {
  // A limit can skip subproblems: their all-zero statistics must not subtract the root node.
  bt::stats total;
  total.nodes = 10;
  bt::add_subproblem_stats(total, bt::stats{}, 3);
  EXPECT_EQ(total.nodes, 10U);
}

}  // namespace
