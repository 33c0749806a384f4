// SPDX-License-Identifier: MIT
#include <gtest/gtest.h>

#include <sstream>
#include <string>
#include <vector>

#include <bt/bt.hpp>

#include "toy.hpp"

namespace {

// Records every event as a short word, to check the exact order the engine emits.
struct recorder {
  std::vector<std::string> log;
  template <class P>
  void on(const bt::ev::node<P>& e) {
    log.push_back("n" + std::to_string(e.depth));
  }
  template <class P>
  void on(const bt::ev::assign<P>& e) {
    log.push_back("a" + std::to_string(e.value));
  }
  template <class P>
  void on(const bt::ev::prune<P>& e) {
    log.push_back((e.node_level ? "P" : "p") + std::to_string(e.value));
  }
  template <class P>
  void on(const bt::ev::backtrack<P>& e) {
    log.push_back("b" + std::to_string(e.value));
  }
  template <class P>
  void on(const bt::ev::solution<P>&) {
    log.push_back("S");
  }
};

std::string joined(const std::vector<std::string>& v) {
  std::string s;
  for (const auto& x : v) s += (s.empty() ? "" : " ") + x;
  return s;
}

TEST(Engine, TrailEventOrderOnTwoBitStrings) {
  toy::strings p{2, true, {}};
  recorder r;
  EXPECT_EQ(bt::search(p, r), bt::outcome::exhausted);
  EXPECT_EQ(joined(r.log), "n0 a0 n1 a0 n2 S b0 a1 n2 S b1 b0 a1 n1 a0 n2 S b0 p1 b1");
  EXPECT_TRUE(p.s.empty()) << "a trail problem is left as given";
}

TEST(Engine, CopyDisciplineEmitsTheSameEventsAsTrail) {
  recorder a;
  recorder b;
  toy::strings t{3, false, {}};
  bt::search(t, a);
  bt::search(toy::bits{3, 0, 0}, b);
  EXPECT_EQ(a.log, b.log);
  EXPECT_EQ(std::count(a.log.begin(), a.log.end(), "S"), 8);
}

TEST(Engine, CountsAllSolutions) {
  bt::solution_counter c;
  toy::strings p{10, true, {}};
  bt::search(p, c);
  EXPECT_EQ(c.count, 144U);  // Fibonacci: binary strings of length 10 with no "11"
}

TEST(Engine, UnwindAfterStopIsNotBacktrack) {
  toy::strings p{3, false, {}};
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::solution_quota q{1, 0};
  EXPECT_EQ(bt::search(p, bt::visitors(sv, q)), bt::outcome::stopped);
  EXPECT_EQ(s.solutions, 1U);
  EXPECT_EQ(s.assigns, 3U);
  EXPECT_EQ(s.backtracks, 0U);
  EXPECT_TRUE(p.s.empty()) << "the unwind still undoes every assignment";
}

TEST(Engine, StopAtSecondSolutionUnwindsWithoutEvents) {
  recorder r;
  bt::solution_quota q{2, 0};
  bt::search(toy::bits{2, 0, 0}, bt::visitors(r, q));
  EXPECT_EQ(joined(r.log), "n0 a0 n1 a0 n2 S b0 a1 n2 S");
}

TEST(Engine, NodeLevelPruneIsNotBacktrack) {
  toy::exactly_k p{2, 1, {}};
  recorder r;
  bt::search(p, r);
  EXPECT_EQ(joined(r.log), "n0 a0 n1 a0 n2 P0 a1 n2 S b1 b0 a1 n1 a0 n2 S b0 a1 n2 P1 b1");
}

TEST(Engine, GenerateAndTestCountsBinomial) {
  toy::exactly_k p{8, 3, {}};
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::search(p, sv);
  EXPECT_EQ(s.solutions, 56U);  // C(8,3)
  EXPECT_EQ(s.checks, s.assigns) << "node-level prunes test no candidate";
}

TEST(Engine, AllSolutionsRunBacktracksEveryAssign) {
  toy::strings p{6, true, {}};
  bt::stats s;
  bt::stats_visitor sv{s};
  bt::search(p, sv);
  EXPECT_EQ(s.backtracks, s.assigns);
  EXPECT_EQ(s.checks, s.assigns + s.prunes);
  EXPECT_EQ(s.nodes, s.assigns + 1);
  EXPECT_EQ(s.max_depth, 6U);
}

TEST(Engine, AssignmentVisitorReportsValuesInVariableOrder) {
  std::vector<std::string> seen;
  auto rec = bt::make_assignment_visitor<toy::bits>([&](std::span<const int> v) {
    std::string s;
    for (const int x : v) s += std::to_string(x);
    seen.push_back(s);
  });
  bt::search(toy::bits{3, 0, 0}, rec);
  EXPECT_EQ(seen,
            (std::vector<std::string>{"000", "001", "010", "011", "100", "101", "110", "111"}));
}

TEST(Engine, TraceVisitorWritesTheTextbookWords) {
  std::ostringstream os;
  bt::word_describer d;
  bt::trace_visitor<bt::word_describer> t(os, d);
  toy::strings p{2, true, {}};
  bt::search(p, t);
  EXPECT_NE(os.str().find("assign x1 = 0\n  assign x2 = 0\n    solution\n  backtrack x2 = 0\n"),
            std::string::npos)
      << os.str();
  EXPECT_NE(os.str().find("  prune x2 = 1\n"), std::string::npos) << os.str();
}

}  // namespace
