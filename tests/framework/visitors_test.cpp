// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <chrono>
#include <thread>

#include <bt/bt.hpp>

#include "toy.hpp"

namespace {

TEST(Visitors, FanOutStopsWhenAnyVisitorStops) {
  bt::solution_counter c;
  bt::solution_quota q{3, 0};
  toy::strings p{4, false, {}};
  EXPECT_EQ(bt::search(p, bt::visitors(c, q)), bt::outcome::stopped);
  EXPECT_EQ(c.count, 3U) << "every visitor hears the event that stops the search";
}

TEST(Visitors, NodeLimitStopsWithItsReason) {
  bt::limit_visitor lim(10, std::nullopt);
  bt::stats s;
  bt::stats_visitor sv{s};
  toy::strings p{12, false, {}};
  EXPECT_EQ(bt::search(p, bt::visitors(lim, sv)), bt::outcome::stopped);
  EXPECT_EQ(lim.reason(), bt::stop_reason::node_limit);
  EXPECT_EQ(s.nodes, 11U) << "the node past the limit is entered, then refused";
}

TEST(Visitors, ExpiredDeadlineStopsWithTimeLimit) {
  bt::limit_visitor lim(0, std::chrono::steady_clock::now());
  toy::strings p{16, false, {}};
  EXPECT_EQ(bt::search(p, lim), bt::outcome::stopped);
  EXPECT_EQ(lim.reason(), bt::stop_reason::time_limit);
}

// Nodes that take half a millisecond each, as in a search with heavy propagation.
struct slow_strings : toy::strings {
  [[nodiscard]] bool promising() const {
    std::this_thread::sleep_for(std::chrono::microseconds(500));
    return true;
  }
};

TEST(Visitors, TimeLimitIsCheckedOftenWhenNodesAreSlow) {
  // With a fixed poll every 1024 nodes this search would run 0.5 s past a 20 ms deadline;
  // the adaptive interval polls about every millisecond.
  bt::limit_visitor lim(0, std::chrono::steady_clock::now() + std::chrono::milliseconds(20));
  bt::stats s;
  bt::stats_visitor sv{s};
  slow_strings p;
  p.n = 30;
  EXPECT_EQ(bt::search(p, bt::visitors(lim, sv)), bt::outcome::stopped);
  EXPECT_EQ(lim.reason(), bt::stop_reason::time_limit);
  EXPECT_LT(s.nodes, 200U);
}

TEST(Visitors, InterruptFlagStopsWithInterrupted) {
  bt::interrupt_all();
  bt::limit_visitor lim(0, std::nullopt);
  toy::strings p{16, false, {}};
  const auto out = bt::search(p, lim);
  bt::clear_interrupt();
  EXPECT_EQ(out, bt::outcome::stopped);
  EXPECT_EQ(lim.reason(), bt::stop_reason::interrupted);
}

TEST(Visitors, NoLimitMeansExhausted) {
  bt::limit_visitor lim(0, std::nullopt);
  toy::strings p{10, false, {}};
  EXPECT_EQ(bt::search(p, lim), bt::outcome::exhausted);
  EXPECT_EQ(lim.reason(), bt::stop_reason::none);
}

TEST(Visitors, SolutionSinkCanStopTheSearch) {
  int seen = 0;
  bt::solution_sink sink(
      [&](const toy::bits&) { return ++seen == 5 ? bt::flow::stop : bt::flow::go_on; });
  EXPECT_EQ(bt::search(toy::bits{4, 0, 0}, sink), bt::outcome::stopped);
  EXPECT_EQ(seen, 5);
}

TEST(Visitors, StatsAddUp) {
  bt::stats a{1, 2, 3, 4, 5, 6, 7, 0.5};
  const bt::stats b{10, 20, 30, 40, 50, 60, 3, 1.0};
  a += b;
  EXPECT_EQ(a, (bt::stats{11, 22, 33, 44, 55, 66, 7, 1.5}));
}

}  // namespace
