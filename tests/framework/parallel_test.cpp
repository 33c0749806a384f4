// SPDX-License-Identifier: MIT
// bt/parallel.hpp and bt/split.hpp under several threads: the totals of a split search do not
// depend on the thread count, and a limit hit by one thread stops all of them. Labelled
// `threads`, so the tsan preset runs these under ThreadSanitizer.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include <bt/bt.hpp>
#include <bt/parallel.hpp>
#include <bt/split.hpp>
#include <bt/stop.hpp>

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
  bt::interrupt_all();
  bt::shared_limits limits(0, std::nullopt);
  bt::stats top;
  bt::shared_limit_visitor split_limits(limits);
  const auto units = bt::split(toy::bits{24, 0, 0}, 20, top, split_limits);
  bt::clear_interrupt();
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
  bt::interrupt_all();
  bt::split_guard interrupted(std::size_t{1} << 21);
  bt::probe_split(toy::bits{24, 0, 0}, 20, interrupted);
  bt::clear_interrupt();
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

// At its first node: asks the other search's source to stop and waits (a minute at most) until
// that search has ended, then lets its own search go on.
struct stop_other_first {
  bt::stop_source& other;
  std::atomic<bool>& other_done;
  bool asked = false;
  bool saw_it_stop = false;
  template <class P>
  bt::flow on(const bt::ev::node<P>&) {
    if (asked) return bt::flow::go_on;
    asked = true;
    other.request_stop();
    const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
    while (!other_done.load() && std::chrono::steady_clock::now() < until) {
      std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    saw_it_stop = other_done.load();
    return bt::flow::go_on;
  }
};

// Two searches side by side in one process, each with its own stop source (issue 30): B asks
// A's source to stop at B's first node and waits until A has stopped, then finishes its own
// tree. A's tree (2^40 leaves) ends only by its stop.
TEST(StopSource, StoppingOneSearchLeavesTheOtherToFinish) {
  bt::stop_source a_stop;
  bt::stop_source b_stop;
  std::atomic<bool> a_done{false};
  bt::outcome a_out = bt::outcome::exhausted;
  bt::stop_reason a_why = bt::stop_reason::none;
  std::thread a([&] {
    bt::limit_visitor lim(0, std::nullopt, a_stop);
    toy::strings p{40, false, {}};
    a_out = bt::search(p, lim);
    a_why = lim.reason();
    a_done.store(true);
  });
  stop_other_first first{a_stop, a_done};
  bt::solution_counter b_solutions;
  bt::outcome b_out = bt::outcome::stopped;
  std::thread b([&] {
    bt::limit_visitor lim(0, std::nullopt, b_stop);
    toy::strings p{12, false, {}};
    b_out = bt::search(p, bt::visitors(first, lim, b_solutions));
  });
  b.join();
  a_stop.request_stop();  // should B fail, A must still end
  a.join();
  EXPECT_TRUE(first.saw_it_stop) << "A went on while B ran";
  EXPECT_EQ(a_out, bt::outcome::stopped);
  EXPECT_EQ(a_why, bt::stop_reason::interrupted);
  EXPECT_EQ(b_out, bt::outcome::exhausted);
  EXPECT_EQ(b_solutions.count, 4096U);
  EXPECT_FALSE(b_stop.stop_requested());
}

// Ctrl-C (interrupt_all, what the signal handler calls) reaches every live source, the ones a
// limit visitor or shared limits own too; a source made after it starts stopped until
// clear_interrupt, and a stop asked of one source reaches no other.
TEST(StopSource, InterruptAllReachesEverySourceAndOneStopReachesOne) {
  bt::stop_source one;
  bt::limit_visitor own(0, std::nullopt);
  bt::shared_limits shared(0, std::nullopt);
  one.request_stop();
  EXPECT_TRUE(one.stop_requested());
  EXPECT_FALSE(own.source().stop_requested());
  EXPECT_FALSE(shared.source().stop_requested());
  one.reset();
  bt::interrupt_all();
  EXPECT_TRUE(bt::interrupted());
  EXPECT_TRUE(one.stop_requested());
  EXPECT_TRUE(own.source().stop_requested());
  EXPECT_TRUE(shared.source().stop_requested());
  EXPECT_FALSE(shared.charge(1));
  EXPECT_EQ(shared.reason(), bt::stop_reason::interrupted);
  {
    const bt::stop_source later;
    EXPECT_TRUE(later.stop_requested()) << "made after Ctrl-C";
  }
  bt::clear_interrupt();
  const bt::stop_source fresh;
  EXPECT_FALSE(fresh.stop_requested());
  EXPECT_FALSE(bt::interrupted());
}

// More sources than the table has slots: the extra ones share a slot and still stop.
TEST(StopSource, SourcesPastTheTableStillStop) {
  std::vector<std::unique_ptr<bt::stop_source>> many;
  for (std::size_t i = 0; i < bt::detail::stop_slots + 4; ++i) {
    many.push_back(std::make_unique<bt::stop_source>());
  }
  many.back()->request_stop();
  EXPECT_TRUE(many.back()->stop_requested());
  EXPECT_FALSE(many.front()->stop_requested());
  many.back()->reset();
  bt::interrupt_all();
  for (const auto& s : many) EXPECT_TRUE(s->stop_requested());
  bt::clear_interrupt();
}

}  // namespace
