// SPDX-License-Identifier: MIT
// bt::cp::solver: the search state of a cp::model under a strategy (strategy.hpp). It is a
// bt::trail_problem, so bt::search, the visitors, statistics, limits, traces and work units
// work on it as on every problem. A decision is x = v (the textbook's d-way branching: one
// child per value), or x = v | x != v and x <= m | x > m (binary branching, as Gecode and
// MiniZinc branch). What an assignment propagates follows the strategy:
//
//   bt   plain backtracking: no domain shrinks; a value is checked against every constraint
//        whose other variables are all assigned (consistent()).
//   fc   generalised forward checking (nFC1, Bessiere, Meseguer, Freuder and Larrosa 2002):
//        each constraint on the assigned variable filters its other variables once, with its
//        forward strength (a value all-different removes the value; a table keeps the supported
//        values); their removals propagate no further.
//   mac  every constraint to a fixpoint with its full strength (GAC for tables and matching
//        all-different, bounds for sums): Gecode's propagation.
//
// cbj (conflict-directed backjumping, d-way only) takes conflict sets from the scopes of the
// constraints that failed and, with fc and mac, from explanations of every removal.
// A model with an objective is searched by branch and bound (bt/optimise.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <iterator>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include <bt/cp/model.hpp>
#include <bt/cp/space.hpp>
#include <bt/cp/strategy.hpp>
#include <bt/csp/propagation.hpp>
#include <bt/limits.hpp>
#include <bt/optimise.hpp>
#include <bt/shared_limits.hpp>

namespace bt::cp {

/// A branching decision: x = v, x != v, x <= v or x > v.
struct decision {
  enum class op : unsigned char { eq, ne, le, gt };
  int var = -1;     ///< the variable
  value_t val = 0;  ///< the value
  op how = op::eq;  ///< the relation
  friend bool operator==(const decision&, const decision&) = default;
};

/// "x3 = 5", "x3 != 5", "x3 <= 4", "x3 > 4" with the space's names.
std::string to_string(const decision& d, const space& s);

class solver;

/// The candidates of a node: the decisions of its variable in the value order. For ascending
/// and descending orders the values are read from the domain one at a time (a variable of
/// 10^9 values costs nothing); other orders list them in a buffer of the node's level.
class candidate_range {
 public:
  struct iterator {
    using value_type = decision;
    using difference_type = std::ptrdiff_t;
    const solver* s = nullptr;
    const decision* list = nullptr;  // listed: the next one
    const decision* list_end = nullptr;
    decision d{};      // lazy: the current one
    value_t stop = 0;  // lazy: the last value (inclusive)
    int dir = 0;       // lazy: +1 ascending, -1 descending; 0: listed
    decision operator*() const { return dir != 0 ? d : *list; }
    iterator& operator++();
    iterator operator++(int) {
      iterator t = *this;
      ++*this;
      return t;
    }
    friend bool operator==(const iterator& at, std::default_sentinel_t) {
      return at.dir != 0 ? (at.dir > 0 ? at.d.val > at.stop : at.d.val < at.stop)
                         : at.list == at.list_end;
    }
  };
  iterator it;
  [[nodiscard]] iterator begin() const { return it; }
  [[nodiscard]] std::default_sentinel_t end() const { return {}; }
};

/// The search state of a model. Copying rebuilds the space from the model and replays the
/// decisions of the path (a work unit's start, bt::split), so copies are independent.
class solver {
 public:
  using value_type = decision;
  /// Assignments propagate (with fc and mac): bt::stats counts their work.
  static constexpr bool propagates = true;

  /// Build the root of m under strategy st (establishing the root's propagation). Throws
  /// std::invalid_argument for a strategy the model cannot take (cbj with binary branching).
  solver(std::shared_ptr<const model> m, const strategy& st);
  /// The same, the root's propagation (and every later one) polling `limits` (poll_limits).
  solver(std::shared_ptr<const model> m, const strategy& st, bt::limit_visitor* limits);
  /// A copy polls no limits (its thread's are its own: poll_limits).
  solver(const solver& other);
  solver& operator=(const solver&) = delete;
  solver(solver&&) noexcept;
  solver& operator=(solver&&) = delete;
  ~solver();

  // --- the engine's interface (bt/concepts.hpp) ---
  [[nodiscard]] bool complete() const;
  [[nodiscard]] candidate_range candidates() const;
  /// Plain backtracking's test of d against the constraints it completes (always true with
  /// fc and mac, whose failures are the node's).
  [[nodiscard]] bool consistent(const decision& d) const;
  [[nodiscard]] bool promising() const { return !failed_; }
  void assign(const decision& d);
  void unassign(const decision& d);
  /// CBJ: skip this level's remaining values (bt/concepts.hpp, skips_values).
  [[nodiscard]] bool skip_level() const { return skip_; }
  /// CBJ: the node below the last assignment stands for a subtree searched elsewhere.
  void leaf_below() { leaf_ = true; }

  /// Propagation asks `limits` (its clock and stop source: limit_visitor::poll) every few
  /// hundred propagator runs, so that a long one (bounds crawling a step a run) ends at a time
  /// limit or Ctrl-C: the node fails, and `limits`, stopped, ends the search at its next node.
  /// nullptr: none asked. `limits` must outlive the searches that use it.
  void poll_limits(bt::limit_visitor* limits);
  /// The same with a run's limits shared by its threads (a stop there stops every thread).
  void poll_limits(bt::shared_limits* limits);

  // --- branch and bound (bt/optimise.hpp) ---
  /// Whether the model has an objective.
  [[nodiscard]] bool optimises() const { return goal_var_ >= 0; }
  [[nodiscard]] bt::goal direction() const;
  /// The objective's value (a complete assignment).
  [[nodiscard]] value_t objective() const;
  /// The best value the node's subtree may still reach: the objective's bound in its domain.
  [[nodiscard]] value_t bound() const;
  /// The incumbent the search shares (threads, units); set before searching.
  void share(bt::incumbent<value_t>* inc) { incumbent_ = inc; }
  [[nodiscard]] bt::incumbent<value_t>* incumbent() const { return incumbent_; }

  // --- reading the state ---
  [[nodiscard]] const model& source() const { return *model_; }
  [[nodiscard]] const space& store() const { return *s_; }
  [[nodiscard]] const strategy& switches() const { return st_; }
  [[nodiscard]] int depth() const { return depth_; }
  [[nodiscard]] int variable_count() const { return s_->var_count(); }
  /// The variable the next decision is about (valid when not complete()).
  [[nodiscard]] int current() const { return next_; }
  /// The decision made at level d (d < depth()).
  [[nodiscard]] const decision& decision_at(std::size_t d) const { return path_[d]; }
  /// The variable decided at level d.
  [[nodiscard]] int variable_at(std::size_t d) const { return path_[d].var; }
  /// The value of a fixed variable.
  [[nodiscard]] value_t value_of(int x) const { return s_->value(x); }
  /// The values of the model's decision variables (every variable when it names none), in
  /// order: a solution as reported.
  [[nodiscard]] std::vector<value_t> solution() const;
  /// The constraint that failed last (the check or the propagation), or -1.
  [[nodiscard]] int failed_constraint() const { return failed_by_; }
  /// The variable whose domain the last propagation emptied, or -1.
  [[nodiscard]] int wiped() const { return wiped_; }
  /// CBJ while skipping: the level the jump resumes at (-1: the root).
  [[nodiscard]] int jump_target() const { return jump_to_; }
  [[nodiscard]] int jump_origin() const { return jump_from_; }

  // --- the work of propagation (bt::stats, docs/statistics.md) ---
  void count_inference(bool on) { counting_ = on; }
  /// Whether statistics of propagation are kept (never with plain backtracking).
  [[nodiscard]] bool counts_inference() const {
    return counting_ && st_.inf != csp::inference::none;
  }
  [[nodiscard]] const csp::inference_counts& propagation() const { return inf_; }
  [[nodiscard]] const csp::inference_counts& root_propagation() const { return root_inf_; }
  /// The replay's log of propagation steps (kept empty: the constraint layer's replay shows
  /// domains, not steps).
  void keep_log(bool on) { static_cast<void>(on); }
  [[nodiscard]] const std::vector<csp::propagation_step>& log() const { return no_log_; }

 private:
  friend class candidate_range;
  struct explain_listener;

  void build();
  void establish_root();
  bool forward_from(int x);
  bool apply_bound();
  void select();
  bool select_options();
  int select_in(const phase& ph) const;
  bool decided(int x) const;
  void fill_values(int x, val_select val) const;
  void note_failure(int constraint) const;
  void after_child(int level);
  std::uint64_t* conf(int level) const;
  static void add_level(std::uint64_t* set, int level);
  int expl_cell(int x) const;
  void explain_into(int target, int c, int except, std::span<const int> reason);

  std::shared_ptr<const model> model_;
  strategy st_;
  std::unique_ptr<space> s_;
  std::vector<phase> phases_;             // the model's phases, then every other variable
  std::vector<unsigned char> constants_;  // per variable: a model constant (never decided)
  std::vector<int> count_cells_;          // per constraint: cell of its undecided variables
  std::vector<int> distinct_;             // per constraint: its distinct non-constant variables
  int decided_cells_ = -1;                // per variable: decided by a decision (d-way)
  mutable std::vector<std::uint64_t> weight_;  // per constraint (dom-wdeg)
  std::vector<int> options_props_;             // constraints that may offer options
  bool skip_fixed_ = false;                    // fixed variables need no decision
  std::vector<decision> path_;
  int depth_ = 0;
  int next_ = -1;                              // the next variable, or -1 (complete)
  bool next_is_constraint_ = false;            // the next choice is among a constraint's options
  int phase_ = 0;                              // the phase of next_
  std::vector<std::pair<int, bool>> next_at_;  // per level: next_ and next_is_constraint_
  std::vector<int> phase_at_;                  // per level: phase_
  std::vector<int> option_vars_;
  bool failed_ = false;
  mutable int failed_by_ = -1;
  int wiped_ = -1;
  mutable std::vector<std::vector<decision>> lists_;  // per level: listed candidates
  mutable std::vector<std::uint64_t> lcv_cost_;
  // branch and bound
  int goal_var_ = -1;
  bt::incumbent<value_t>* incumbent_ = nullptr;
  // cbj
  bool cbj_ = false;
  int lw_ = 0;                               // words per level set
  mutable std::vector<std::uint64_t> conf_;  // per level: its conflict set
  mutable std::vector<int> culprits_;        // consistent(): a failed constraint's culprits
  mutable std::vector<int> best_culprits_;   // and the shallowest ones
  std::vector<int> level_of_;                // per variable: the level that decided it
  int expl_cells_ = -1;                      // per variable, lw_ cells: its explanation
  std::unique_ptr<explain_listener> listener_;
  bool skip_ = false;
  bool leaf_ = false;
  bool jumping_ = false;
  int jump_to_ = -1;
  int jump_from_ = -1;
  // statistics
  bool counting_ = false;
  bt::limit_visitor* limits_ = nullptr;  // poll_limits
  csp::inference_counts inf_;
  csp::inference_counts root_inf_;
  std::vector<csp::propagation_step> no_log_;
};

/// The values of a solver's decision variables (the solution as the model reports it).
inline std::vector<value_t> values_of(const solver& s) { return s.solution(); }

}  // namespace bt::cp
