// SPDX-License-Identifier: MIT
// The run outcome (apps/btsolve/include/btsolve/outcome.hpp): decide() over every way a run
// ends, and the words and exit codes every consumer reads from it.
#include <gtest/gtest.h>
#include <set>
#include <stdexcept>
#include <string>
#include <btsolve/errors.hpp>
#include <btsolve/outcome.hpp>

namespace {

using bt::stop_reason;
using btsolve::decide;
using btsolve::run_facts;
using btsolve::run_status;

run_facts found(std::uint64_t n) {
  run_facts f;
  f.found = n;
  return f;
}

run_facts stopped(stop_reason r, std::uint64_t n) {
  run_facts f = found(n);
  f.stop = r;
  return f;
}

TEST(RunOutcome, ExhaustedWithSolutionsIsSolved) {
  const auto o = decide(found(92));
  EXPECT_EQ(o.status, run_status::solved);
  EXPECT_TRUE(o.exhausted);
  EXPECT_EQ(o.count, 92U);
  EXPECT_EQ(o.exit_code(), btsolve::exit_code::solved);
  EXPECT_EQ(o.stop(), stop_reason::none);
}

TEST(RunOutcome, ExhaustedWithoutSolutionIsNoSolution) {
  const auto o = decide(found(0));
  EXPECT_EQ(o.status, run_status::no_solution);
  EXPECT_TRUE(o.exhausted);
  EXPECT_EQ(o.exit_code(), btsolve::exit_code::no_solution);
}

TEST(RunOutcome, QuotaMetIsSolvedAndNotExhausted) {
  run_facts f = found(1);  // a first-solution run
  f.quota_met = true;
  const auto o = decide(f);
  EXPECT_EQ(o.status, run_status::solved);
  EXPECT_FALSE(o.exhausted);
  EXPECT_EQ(o.exit_code(), 0);
}

TEST(RunOutcome, EachStopIsItsStatusWithOrWithoutSolutions) {
  const std::pair<stop_reason, run_status> stops[] = {
      {stop_reason::node_limit, run_status::node_limit},
      {stop_reason::time_limit, run_status::time_limit},
      {stop_reason::interrupted, run_status::interrupted}};
  for (const auto& [reason, status] : stops) {
    for (const std::uint64_t n : {0U, 5U}) {
      const auto o = decide(stopped(reason, n));
      EXPECT_EQ(o.status, status) << bt::to_string(reason) << ", " << n << " found";
      EXPECT_FALSE(o.exhausted);
      EXPECT_EQ(o.count, n);
      EXPECT_EQ(o.stop(), reason);
      EXPECT_EQ(o.exit_code(), btsolve::exit_code::stopped);
      EXPECT_TRUE(btsolve::is_stop(o.status));
    }
  }
}

TEST(RunOutcome, StopWinsOverAMetQuotaAndTheProblemsVerdict) {
  run_facts f = stopped(stop_reason::time_limit, 3);
  f.quota_met = true;
  f.success = true;
  f.exhausted = true;
  const auto o = decide(f);
  EXPECT_EQ(o.status, run_status::time_limit);
  EXPECT_TRUE(o.exhausted);  // the problem's word on exhaustion is kept
}

TEST(RunOutcome, OptimisationProvenIsOptimal) {
  run_facts f = found(1);
  f.optimising = true;
  f.exhausted = true;
  const auto o = decide(f);
  EXPECT_EQ(o.status, run_status::optimal);
  EXPECT_TRUE(o.optimal());
  EXPECT_EQ(o.exit_code(), btsolve::exit_code::solved);
}

TEST(RunOutcome, OptimisationUnprovenIsSolvedOrStopped) {
  run_facts met = found(2);  // --limit 2 improvements
  met.optimising = true;
  met.quota_met = true;
  met.exhausted = false;
  EXPECT_EQ(decide(met).status, run_status::solved);
  EXPECT_FALSE(decide(met).optimal());
  run_facts cut = stopped(stop_reason::node_limit, 1);
  cut.optimising = true;
  cut.exhausted = false;
  EXPECT_EQ(decide(cut).status, run_status::node_limit);
  EXPECT_FALSE(decide(cut).optimal());
}

TEST(RunOutcome, OptimisationWithoutSolutionIsNoSolution) {
  run_facts f = found(0);  // a graph with no tour
  f.optimising = true;
  f.exhausted = true;
  EXPECT_EQ(decide(f).status, run_status::no_solution);
  EXPECT_FALSE(decide(f).optimal());
}

TEST(RunOutcome, TheProblemsVerdictOverridesTheCount) {
  run_facts unsolved = found(4);  // a batch of puzzles, one of them without a solution
  unsolved.success = false;
  EXPECT_EQ(decide(unsolved).status, run_status::no_solution);
  run_facts proven = found(0);  // a proof that needs no solution
  proven.success = true;
  EXPECT_EQ(decide(proven).status, run_status::solved);
}

TEST(RunOutcome, TheProblemsWordOnExhaustionIsKept) {
  run_facts f = found(1);
  f.exhausted = false;  // a local search that found one and cannot prove anything
  EXPECT_EQ(decide(f).status, run_status::solved);
  EXPECT_FALSE(decide(f).exhausted);
}

TEST(RunOutcome, StatisticsAreCarried) {
  bt::stats s;
  s.nodes = 2057;
  s.solutions = 92;
  EXPECT_EQ(decide(found(92), s).stats.nodes, 2057U);
}

TEST(RunOutcome, WordsAreDistinctAndReadBack) {
  std::set<std::string> words;
  for (const run_status s : btsolve::all_statuses) {
    const std::string w(btsolve::to_string(s));
    EXPECT_TRUE(words.insert(w).second) << w;
    EXPECT_EQ(btsolve::status_named(w), s);
  }
  EXPECT_EQ(words.size(), btsolve::all_statuses.size());
  EXPECT_EQ(btsolve::to_string(run_status::no_solution), "no_solution");
  EXPECT_FALSE(btsolve::status_named("stopped").has_value());
  EXPECT_FALSE(btsolve::status_named("").has_value());
}

TEST(RunOutcome, ExitCodesAsDocumented) {
  EXPECT_EQ(btsolve::exit_code_of(run_status::solved), 0);
  EXPECT_EQ(btsolve::exit_code_of(run_status::optimal), 0);
  EXPECT_EQ(btsolve::exit_code_of(run_status::no_solution), 1);
  EXPECT_EQ(btsolve::exit_code_of(run_status::error), 2);
  EXPECT_EQ(btsolve::exit_code_of(run_status::node_limit), 3);
  EXPECT_EQ(btsolve::exit_code_of(run_status::time_limit), 3);
  EXPECT_EQ(btsolve::exit_code_of(run_status::interrupted), 3);
  EXPECT_FALSE(btsolve::is_stop(run_status::error));
  EXPECT_FALSE(btsolve::is_stop(run_status::optimal));
}

TEST(RunOutcome, StopStatusAndStopReasonAreInverse) {
  for (const stop_reason r :
       {stop_reason::node_limit, stop_reason::time_limit, stop_reason::interrupted}) {
    EXPECT_EQ(btsolve::stop_reason_of(btsolve::stop_status(r)), r);
  }
  EXPECT_THROW(static_cast<void>(btsolve::stop_status(stop_reason::none)), std::logic_error);
}

}  // namespace
