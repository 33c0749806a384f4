// SPDX-License-Identifier: MIT
// bt::csp::solver<M, S>: the search state of a binary CSP model (model.hpp) under a config of
// switches (options.hpp). It is a bt::trail_problem, so bt::search, the visitors, statistics,
// limits and traces work on it unchanged. The inference and the jump are template constants
// (S, static_switches): they shape the trail, the engine's tests and the events, and the loop
// tests neither. The variable and value orders are members set from the config at
// construction: a few predictable branches per node pick the order's code, and one candidate
// range type serves both value orders, so 6 solver types per model cover all 48 combinations.
// Domains are bitsets (bitset.hpp), undone from a trail; nothing is allocated after
// construction except trail growth on first use. A model with all-different groups
// (model.hpp) also gets their propagation, hidden singles.
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <concepts>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <bt/csp/bitset.hpp>
#include <bt/csp/model.hpp>
#include <bt/csp/options.hpp>
#include <bt/csp/propagation.hpp>
#include <bt/events.hpp>

namespace bt::csp {

/// The values of one node in the order they are tried: the set bits of `picks`, lowest first,
/// each read through `map`. In the natural order picks is the domain and map the identity; in
/// lcv order picks is {0, ..., k-1} and map the k values sorted by cost. One type for both
/// orders keeps the value order a runtime choice without a test per value (a load instead;
/// docs/performance.md, "CSP switches at run time").
template <class D>
struct candidate_values {
  static constexpr int W = D::capacity / 64;  ///< words per domain
  D picks;                                    ///< positions in map, walked lowest first
  const int* map;                             ///< the value at each position

  /// Walks the values; holds its own copy of picks, so the domain may change meanwhile.
  using iterator = bit_iterator<W, const int*>;
  [[nodiscard]] constexpr iterator begin() const {
    iterator it{picks.w, map, 0};
    it.skip();
    return it;
  }
  [[nodiscard]] constexpr std::default_sentinel_t end() const { return {}; }
};

/// The identity map of candidate_values for up to N values.
template <int N>
inline constexpr std::array<int, static_cast<std::size_t>(N)> identity_values = [] {
  std::array<int, static_cast<std::size_t>(N)> a{};
  for (int i = 0; i < N; ++i) a[static_cast<std::size_t>(i)] = i;
  return a;
}();

/// The state of the search over model m (which must outlive it) with a config whose static
/// part is S. Depth d (0-based) is a level; variable_at(d) is the variable assigned there.
/// Ties in every variable order go to the lowest variable index, so all counts are
/// deterministic.
template <binary_model M, static_switches S>
class solver {
 public:
  using value_type = int;                                 ///< a value index, 0 .. value_count()-1
  using domain_type = domain_t<M>;                        ///< a domain
  using candidate_range = candidate_values<domain_type>;  ///< what candidates() returns
  /// Whether assignments propagate (forward checking, MAC): bt::stats counts their work.
  static constexpr bool propagates = S.inf != inference::none;

  /// Build the root state of m with switches c (csp::dispatch gives the type whose S is
  /// static_part(c)); with MAC, arc consistency is established here (a wipe-out makes the
  /// root fail promising()). Throws std::invalid_argument on a malformed model or when c's
  /// inference or jump is not S's.
  explicit solver(const M& m, const config& c);

  /// The switches this state was built with (the orders are read from here at run time).
  [[nodiscard]] const config& switches() const { return cfg_; }

  /// Every variable assigned?
  [[nodiscard]] bool complete() const { return depth_ == n_; }

  /// The values of the variable the next assignment takes (current()), in the value order.
  [[nodiscard]] candidate_range candidates() const {
    if (cfg_.val == val_order::lcv) return lcv_values();
    if constexpr (infers) {
      return {dom_[idx(next_)], identity_values<domain_type::capacity>.data()};
    } else {
      return {init_[idx(next_)], identity_values<domain_type::capacity>.data()};
    }
  }

  // consistent(), assign(), unassign() and reduce() are always inlined (BT_INLINE, optimised
  // builds): the search calls them per value, node or neighbour, and GCC 12 and Clang 14
  // stopped inlining them by themselves once each solver type held the code of every order.

  /// Plain backtracking's test of value a for current() against every assigned neighbour.
  /// On false, culprit() names the neighbour it conflicts with (the first in neighbour order;
  /// with CBJ the earliest assigned), which also enters the conflict set.
  [[nodiscard]] BT_INLINE bool consistent(int a) const requires(S.inf == inference::none);

  /// False when propagation after the last assignment (or at the root, MAC) wiped out a
  /// domain: wiped() is that variable, culprit() the one whose assignment started it.
  [[nodiscard]] bool promising() const requires(S.inf != inference::none) { return !failed_; }

  /// current() = a, then propagate (inference) and choose the next variable (var order).
  BT_INLINE void assign(int a);
  /// Undo the last assign(a); with CBJ, decide skip_level() first.
  BT_INLINE void unassign(int a);

  /// CBJ: after the last unassign, skip this level's remaining values (jump further back).
  [[nodiscard]] bool skip_level() const requires(S.jmp == jump::cbj) { return skip_; }
  /// CBJ: the node below the last assignment was not searched but stands for a subtree searched
  /// elsewhere (a work unit's root, bt::split): the next unassign treats it as a solution
  /// below, so no jump passes over this level's remaining values. Called before unassign().
  void leaf_below() requires(S.jmp == jump::cbj) { leaf_ = true; }

  // --- read access, for describers, solution readers and tests ---
  [[nodiscard]] const M& model() const { return m_; }
  [[nodiscard]] int variable_count() const { return n_; }
  [[nodiscard]] int depth() const { return depth_; }
  /// The variable the next assignment takes (valid when not complete()).
  [[nodiscard]] int current() const { return next_; }
  /// The variable assigned at level d (d < depth(), or the last one assigned there).
  [[nodiscard]] int variable_at(std::size_t d) const { return var_at_[d]; }
  [[nodiscard]] bool assigned(int x) const { return assigned_[idx(x)] != 0; }
  /// The value of an assigned variable.
  [[nodiscard]] int value_of(int x) const { return val_[idx(x)]; }
  /// The current domain of x (with inference none: as far as the heuristics track it).
  [[nodiscard]] const domain_type& domain(int x) const { return dom_[idx(x)]; }
  /// See consistent() and promising(); -1 when none (a wipe-out at the root).
  [[nodiscard]] int culprit() const { return culprit_; }
  /// The variable whose domain the last propagation wiped out, or -1.
  [[nodiscard]] int wiped() const { return wiped_; }
  /// The all-different group whose domains the last propagation left unable to take every
  /// value (wiped() is then -1), or -1.
  [[nodiscard]] int failed_group() const { return failed_group_; }
  /// While skipping: the level the backjump resumes at (-1: the root, no solution left);
  /// jump_origin() is the level whose failure started it.
  [[nodiscard]] int jump_target() const { return jump_to_; }
  [[nodiscard]] int jump_origin() const { return jump_from_; }

  // --- what propagation did: the statistics' share of it and, when kept, its steps ---
  /// Count the work of each assignment's propagation from now on (off by default: the counts
  /// cost a popcount per revision, measured in docs/performance.md, and a run that reports no
  /// statistics need not pay it). The root's propagation is always counted.
  void count_inference(bool on) { counting_ = on; }
  /// Whether count_inference(true) is in force.
  [[nodiscard]] bool counts_inference() const { return counting_; }
  /// The work of the last assignment's propagation (zero without inference or counting).
  [[nodiscard]] const inference_counts& propagation() const { return inf_; }
  /// The work of the root's propagation, done at construction (MAC, all-different groups).
  [[nodiscard]] const inference_counts& root_propagation() const { return root_inf_; }
  /// Keep the steps of each propagation from now on (--replay); off by default, when each
  /// step costs one test.
  void keep_log(bool on) {
    logging_ = on;
    log_.clear();
  }
  /// The steps of the last assignment's propagation, when keep_log(true).
  [[nodiscard]] const std::vector<propagation_step>& log() const { return log_; }

 private:
  static constexpr bool infers = propagates;
  static constexpr bool cbj = S.jmp == jump::cbj;
  static constexpr bool explains = cbj && infers;
  // CBJ would need an explanation for each hidden single; its models go without the groups.
  static constexpr bool groups = all_different_groups<M> && infers && !cbj;

  struct saved {
    int var;
    domain_type old;
  };

  static std::size_t idx(int x) { return static_cast<std::size_t>(x); }

  // Construction, in this order.
  void build_graph();
  void build_domains();
  void build_feature_buffers();
  void build_groups();
  void build_conflict_sets();
  void establish_root();

  bool compatible(int x, int a, int y, int b) const {
    if constexpr (not_equal_model<M>) {
      return a != b;
    } else {
      return m_.compatible(x, a, y, b);
    }
  }
  domain_type conflicts(int x, int a, int y) const {
    if constexpr (masks_conflicts<M>) {
      return m_.conflicts(x, a, y);
    } else if constexpr (not_equal_model<M>) {
      return domain_type::single(a);
    } else {
      domain_type r;
      for (int b = 0; b < d_; ++b) {
        if (!m_.compatible(x, a, y, b)) r.set(b);
      }
      return r;
    }
  }

  // dom-wdeg: the constraint of arc k took part in a failure.
  void bump_weight(std::size_t k) const {
    ++weight_[k];
    ++weight_[idx(rev_[k])];
  }

  // Level sets (CBJ): lw_ words per set.
  std::uint64_t* conf(int level) const { return conf_.data() + idx(level) * idx(lw_); }
  std::uint64_t* expl(int x) { return expl_.data() + idx(x) * idx(lw_); }
  void add_level(std::uint64_t* s, int level) const {
    s[idx(level >> 6)] |= std::uint64_t{1} << static_cast<unsigned>(level & 63);
  }
  void remove_level(std::uint64_t* s, int level) const {
    s[idx(level >> 6)] &= ~(std::uint64_t{1} << static_cast<unsigned>(level & 63));
  }
  int highest_level(const std::uint64_t* s) const {
    for (int i = lw_ - 1; i >= 0; --i) {
      if (s[idx(i)] != 0) return 64 * i + 63 - std::countl_zero(s[idx(i)]);
    }
    return -1;
  }

  void save(int y) {
    if (stamp_[idx(y)] == epoch_) return;
    stamp_[idx(y)] = epoch_;
    trail_.push_back({y, dom_[idx(y)]});
    if constexpr (explains) {
      // Word by word (usually one word): vector::insert's general path, where the compiler
      // does not inline it, took a tenth of a CBJ search.
      const std::uint64_t* e = expl(y);
      for (int i = 0; i < lw_; ++i) expl_trail_.push_back(e[i]);
    }
  }

  // The propagation is compiled twice, W = watched or not (count_inference(), keep_log()): the
  // choice is made once per assignment, and an unwatched search runs the loops of a solver
  // that keeps no record (docs/performance.md, "The work of inference").

  /// Remove `mask` from y's domain because of z (arc k runs z -> y). False on a wipe-out.
  template <bool W>
  BT_INLINE bool reduce(int y, const domain_type& mask, int z, std::size_t k) {
    domain_type nd = dom_[idx(y)];
    nd.remove(mask);
    if (nd == dom_[idx(y)]) return true;
    if constexpr (infers && W) {  // shadow domains are the heuristics', not inference
      note_removal(y, nd, propagation_step::kind::remove, z);
    }
    if (depth_ > 0) save(y);
    dom_[idx(y)] = nd;
    if constexpr (groups) queue_groups_of(y);
    if constexpr (explains) {
      std::uint64_t* ey = expl(y);
      if (assigned_[idx(z)]) {
        add_level(ey, level_[idx(z)]);
      } else {
        const std::uint64_t* ez = expl(z);
        for (int i = 0; i < lw_; ++i) ey[idx(i)] |= ez[idx(i)];
      }
    }
    if constexpr (infers) {  // without inference the domains are the heuristics' shadow
      if (nd.empty()) {
        failed_ = true;
        wiped_ = y;
        if constexpr (W) note_failure(propagation_step::kind::wipeout, y);
        if (cfg_.var == var_order::dom_wdeg) bump_weight(k);
        return false;
      }
    }
    return true;
  }

  /// Forward checking from the assigned x = a.
  template <bool W>
  bool forward(int x, int a) {
    for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) {
      const int y = nbr_[k];
      if (assigned_[idx(y)]) continue;
      if constexpr (infers && W) note_check();
      if (!reduce<W>(y, conflicts(x, a, y), x, k)) return false;
    }
    return true;
  }

  /// Revise y against the unassigned z: drop y's values with no support left in z.
  template <bool W>
  bool revise(int y, int z, std::size_t k) {
    const domain_type& dz = dom_[idx(z)];
    domain_type drop;
    if constexpr (not_equal_model<M>) {
      if (!dz.singleton()) return true;
      drop = dz;
    } else {
      for (const int b : dom_[idx(y)]) {
        if (!dz.exceeds(conflicts(y, b, z))) drop.set(b);
      }
    }
    return reduce<W>(y, drop, z, k);
  }

  /// AC-3 over the unassigned variables, from the variables already queued. Out of line, as
  /// the compilers left it before it had two copies: inlined into the search it made the loop
  /// slower (MAC colouring, docs/performance.md).
  template <bool W>
  [[gnu::noinline]] bool propagate_queue() {
    std::size_t head = 0;
    while (head < queue_.size()) {
      const int z = queue_[head++];
      in_queue_[idx(z)] = 0;
      if constexpr (W) note_dequeue(z);
      for (std::size_t k = off_[idx(z)]; k < off_[idx(z) + 1]; ++k) {
        const int y = nbr_[k];
        if (assigned_[idx(y)]) continue;
        const domain_type before = dom_[idx(y)];
        if constexpr (W) note_check();
        const bool ok = assigned_[idx(z)] ? reduce<W>(y, conflicts(z, val_[idx(z)], y), z, k)
                                          : revise<W>(y, z, k);
        if (!ok) {
          for (std::size_t i = head; i < queue_.size(); ++i) in_queue_[idx(queue_[i])] = 0;
          queue_.clear();
          return false;
        }
        if (!(before == dom_[idx(y)]) && !in_queue_[idx(y)]) {
          in_queue_[idx(y)] = 1;
          queue_.push_back(y);
        }
      }
    }
    queue_.clear();
    return true;
  }

  // --- all-different groups (only when `groups`) ---
  void queue_groups_of(int y) {
    for (std::size_t k = vgoff_[idx(y)]; k < vgoff_[idx(y) + 1]; ++k) {
      const int g = vgrp_[k];
      if (in_gqueue_[idx(g)] != 0) continue;
      in_gqueue_[idx(g)] = 1;
      gqueue_.push_back(g);
    }
  }
  template <bool W>
  bool check_group(int g);
  template <bool W>
  bool settle();
  void drop_queues();
  /// The propagation of x = a (inference and groups), watched or not.
  template <bool W>
  bool propagate_assignment(int x, int a);

  // What a watched propagation did, for count_inference() and keep_log(): the counts inline
  // (a few instructions, domain::tally), the log's entries out of line (only --replay has one).
  /// y's domain is cut down to `kept` (kind) because of `cause` (a variable, or a group).
  BT_INLINE void note_removal(int y, const domain_type& kept, propagation_step::kind kind,
                              int cause) {
    domain_type gone = dom_[idx(y)];
    gone.remove(kept);
    if (counting_) inf_.removals += static_cast<std::uint64_t>(gone.tally());
    if (logging_) [[unlikely]] {
      log_values(y, gone, kind, cause);
    }
  }
  /// A domain left empty (wipeout: variable `x`), or a group unable to take every value.
  BT_INLINE void note_failure(propagation_step::kind kind, int x) {
    if (counting_) ++inf_.wipeouts;
    if (logging_) [[unlikely]] {
      log_step(kind, x);
    }
  }
  /// A domain revised against a neighbour: one check, however many values it holds (a bitset
  /// tests them at once; counting them cost a popcount per revision, docs/statistics.md).
  BT_INLINE void note_check() {
    if (counting_) ++inf_.checks;
  }
  /// `members` members of an all-different group looked at.
  BT_INLINE void note_members(std::size_t members) {
    if (counting_) inf_.checks += members;
  }
  /// MAC: z taken off the arc queue.
  BT_INLINE void note_dequeue(int z) {
    if (logging_) [[unlikely]] {
      log_step(propagation_step::kind::dequeue, z);
    }
  }
  [[gnu::noinline]] void log_values(int y, const domain_type& gone, propagation_step::kind kind,
                                    int cause) {
    propagation_step step{kind, y, cause, {}};
    for (const int v : gone) step.values.push_back(v);
    log_.push_back(std::move(step));
  }
  [[gnu::noinline]] void log_step(propagation_step::kind kind, int x) {
    log_.push_back({kind, x, -1, {}});
  }

  int select() const;
  // Out of line: each is a loop over many variables or values, so a call costs little, while
  // inlined (every solver type now holds every order's code) they grew the search function
  // until GCC stopped inlining consistent() and assign() into it.
  template <var_order V>
  [[gnu::noinline]] int select_by() const;
  [[gnu::noinline]] candidate_range lcv_values() const;
  void after_child(int level);

  // --- the model and the switches ---
  const M& m_;
  config cfg_;           // the whole config: S is its static part, the orders are read here
  bool shadow_ = false;  // no inference, but a dynamic order or lcv: track domains as FC would
  int n_ = 0;            // variables
  int d_ = 0;            // values
  // --- the constraint graph, CSR: the arcs of x are k = off_[x] .. off_[x+1]-1 ---
  std::vector<std::size_t> off_;
  std::vector<int> nbr_;  // the neighbour arc k leads to, ascending per variable
  std::vector<int> rev_;  // the index of the reverse arc
  // --- domains, and the trail that restores them ---
  std::vector<domain_type> init_;     // the model's domains before any assignment
  std::vector<domain_type> dom_;      // the current domains
  std::vector<saved> trail_;          // old domains, each saved once per assignment
  std::vector<std::size_t> mark_;     // trail size when each level was assigned
  std::vector<std::uint64_t> stamp_;  // the epoch of each variable's last save
  std::uint64_t epoch_ = 0;           // changes at every assign and unassign
  bool root_empty_ = false;           // some variable's initial domain is empty
  // --- the assignment ---
  std::vector<int> val_;        // value per variable
  std::vector<int> level_;      // level per assigned variable
  std::vector<char> assigned_;  // per variable
  std::vector<int> var_at_;     // variable per level
  int depth_ = 0;               // assigned variables
  int next_ = 0;                // the variable the next assign takes
  // --- the last failure: promising(), the describer's words, CBJ's conflict sets ---
  bool failed_ = false;
  int wiped_ = -1;
  mutable int culprit_ = -1;  // consistent() is const
  int failed_group_ = -1;
  // --- dom-deg: unassigned neighbours per variable ---
  std::vector<int> fdeg_;
  // --- dom-wdeg: weight per arc (both arcs of a constraint move together) ---
  mutable std::vector<std::uint32_t> weight_;
  // --- lcv: the sorted values of each level, and their costs while sorting ---
  mutable std::vector<int> order_;
  mutable std::vector<int> cost_;
  // --- MAC: AC-3's queue of variables whose domain shrank ---
  std::vector<int> queue_;
  std::vector<char> in_queue_;
  // --- all-different groups ---
  std::vector<std::size_t> goff_;  // members of each group, CSR
  std::vector<int> gmem_;
  std::vector<std::size_t> vgoff_;  // groups of each variable, CSR
  std::vector<int> vgrp_;
  std::vector<int> gqueue_;  // groups to check (a domain in them shrank)
  std::vector<char> in_gqueue_;
  domain_type full_{};  // every value
  // --- CBJ: per-level conflict sets, per-variable explanations (sets of levels) ---
  int lw_ = 1;                               // words per level set
  mutable std::vector<std::uint64_t> conf_;  // conflict set per level
  std::vector<std::uint64_t> expl_;          // the levels that shrank each domain
  std::vector<std::uint64_t> expl_trail_;    // explanations saved with trail_
  bool skip_ = false;                        // skip_level()
  bool leaf_ = false;                        // leaf_below(): the child stood for a subtree
  bool jumping_ = false;                     // a backjump is under way
  int jump_to_ = -1;
  int jump_from_ = -1;
  // --- what propagation did (propagation(), root_propagation(), log()) ---
  inference_counts inf_{};
  inference_counts root_inf_{};
  bool counting_ = false;
  bool logging_ = false;
  std::vector<propagation_step> log_;
};

template <binary_model M, static_switches S>
solver<M, S>::solver(const M& m, const config& c) : m_(m), cfg_(c) {
  if (static_part(c) != S) {
    throw std::invalid_argument("csp solver: the switches " + spec_of(c) +
                                " are not this solver type's inference and jump");
  }
  shadow_ = !infers && (c.var != var_order::static_order || c.val == val_order::lcv);
  n_ = static_cast<int>(m.variable_count());
  d_ = static_cast<int>(m.value_count());
  if (n_ < 0 || d_ < 0 || d_ > domain_type::capacity) {
    throw std::invalid_argument("csp model: " + std::to_string(d_) +
                                " values exceed this domain type's capacity " +
                                std::to_string(domain_type::capacity));
  }
  build_graph();
  build_domains();
  build_feature_buffers();
  if constexpr (groups) build_groups();
  if constexpr (cbj) build_conflict_sets();
  establish_root();
}

// The neighbour lists in CSR form, each sorted, and every arc's reverse; rejects a neighbour
// out of range, a repeat, a self-loop and a constraint listed on one side only.
template <binary_model M, static_switches S>
void solver<M, S>::build_graph() {
  off_.assign(idx(n_) + 1, 0);
  for (int x = 0; x < n_; ++x) {
    std::vector<int> ns;
    for (const auto y : m_.neighbours(x)) ns.push_back(static_cast<int>(y));
    std::sort(ns.begin(), ns.end());
    for (std::size_t i = 0; i < ns.size(); ++i) {
      if (ns[i] < 0 || ns[i] >= n_ || ns[i] == x || (i > 0 && ns[i] == ns[i - 1])) {
        throw std::invalid_argument("csp model: bad neighbour " + std::to_string(ns[i]) +
                                    " of variable " + std::to_string(x));
      }
    }
    nbr_.insert(nbr_.end(), ns.begin(), ns.end());
    off_[idx(x) + 1] = nbr_.size();
  }
  rev_.assign(nbr_.size(), 0);
  for (int x = 0; x < n_; ++x) {
    for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) {
      const int y = nbr_[k];
      const auto b = nbr_.begin() + static_cast<std::ptrdiff_t>(off_[idx(y)]);
      const auto e = nbr_.begin() + static_cast<std::ptrdiff_t>(off_[idx(y) + 1]);
      const auto it = std::lower_bound(b, e, x);
      if (it == e || *it != x) {
        throw std::invalid_argument("csp model: constraint " + std::to_string(x) + "-" +
                                    std::to_string(y) + " is not symmetric");
      }
      rev_[k] = static_cast<int>(it - nbr_.begin());
    }
  }
}

// The model's domains, the empty assignment and the trail.
template <binary_model M, static_switches S>
void solver<M, S>::build_domains() {
  const auto N = idx(n_);
  init_.assign(N, domain_type::first(d_));
  if constexpr (restricts_domains<M>) {
    for (int x = 0; x < n_; ++x) {
      for (int a = 0; a < d_; ++a) {
        if (!m_.in_domain(x, a)) init_[idx(x)].reset(a);
      }
    }
  }
  dom_ = init_;
  for (const domain_type& d : init_) root_empty_ = root_empty_ || d.empty();
  val_.assign(N, -1);
  level_.assign(N, -1);
  assigned_.assign(N, 0);
  var_at_.assign(N + 1, -1);
  mark_.assign(N + 1, 0);
  stamp_.assign(N, 0);
  trail_.reserve(N * 4);
}

// What the chosen orders and the inference keep besides the domains.
template <binary_model M, static_switches S>
void solver<M, S>::build_feature_buffers() {
  const auto N = idx(n_);
  if (cfg_.var == var_order::dom_deg) {
    fdeg_.assign(N, 0);
    for (int x = 0; x < n_; ++x) {
      fdeg_[idx(x)] = static_cast<int>(off_[idx(x) + 1] - off_[idx(x)]);
    }
  }
  if (cfg_.var == var_order::dom_wdeg) weight_.assign(nbr_.size(), 1);
  if (cfg_.val == val_order::lcv) {
    order_.assign(N * idx(d_ + 1), 0);
    cost_.assign(idx(d_ + 1), 0);
  }
  if constexpr (S.inf == inference::mac) {
    queue_.reserve(N);
    in_queue_.assign(N, 0);
  }
}

// The model's all-different groups, both ways in CSR form; each must hold value_count()
// variables.
template <binary_model M, static_switches S>
void solver<M, S>::build_groups() {
  const auto N = idx(n_);
  const int gc = static_cast<int>(m_.group_count());
  goff_.assign(1, 0);
  std::vector<std::vector<int>> of(N);
  for (int g = 0; g < gc; ++g) {
    const std::size_t start = gmem_.size();
    for (const auto y : m_.group(g)) {
      const int v = static_cast<int>(y);
      if (v < 0 || v >= n_) {
        throw std::invalid_argument("csp model: bad variable " + std::to_string(v) + " in group " +
                                    std::to_string(g));
      }
      gmem_.push_back(v);
      of[idx(v)].push_back(g);
    }
    if (gmem_.size() - start != idx(d_)) {
      throw std::invalid_argument("csp model: group " + std::to_string(g) + " holds " +
                                  std::to_string(gmem_.size() - start) + " variables, not " +
                                  std::to_string(d_));
    }
    goff_.push_back(gmem_.size());
  }
  vgoff_.assign(1, 0);
  for (const auto& gs : of) {
    vgrp_.insert(vgrp_.end(), gs.begin(), gs.end());
    vgoff_.push_back(vgrp_.size());
  }
  in_gqueue_.assign(idx(gc), 0);
  gqueue_.reserve(idx(gc));
  full_ = domain_type::first(d_);
}

// Empty level sets: one conflict set per level (and the root's), one explanation per
// variable.
template <binary_model M, static_switches S>
void solver<M, S>::build_conflict_sets() {
  lw_ = words_for(n_ + 1);
  conf_.assign((idx(n_) + 1) * idx(lw_), 0);
  expl_.assign(idx(n_) * idx(lw_), 0);
}

// MAC's arc consistency and the groups' checks before the first assignment (their failure
// fails the root), then the first variable.
template <binary_model M, static_switches S>
void solver<M, S>::establish_root() {
  counting_ = true;  // once per solver: always counted (root_propagation())
  if constexpr (S.inf == inference::mac) {
    for (int x = 0; x < n_; ++x) {
      in_queue_[idx(x)] = 1;
      queue_.push_back(x);
    }
    propagate_queue<true>();
  }
  if constexpr (groups) {
    if (!failed_) {
      for (int g = 0; g < static_cast<int>(in_gqueue_.size()); ++g) {
        in_gqueue_[idx(g)] = 1;
        gqueue_.push_back(g);
      }
      settle<true>();
    }
    if (failed_) drop_queues();
  }
  if (n_ > 0 && !failed_) next_ = select();
  root_inf_ = inf_;
  inf_ = {};
  counting_ = false;
}

template <binary_model M, static_switches S>
bool solver<M, S>::consistent(int a) const requires(S.inf == inference::none) {
  const int x = next_;
  int worst = -1;
  for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) {
    const int y = nbr_[k];
    if (!assigned_[idx(y)] || compatible(x, a, y, val_[idx(y)])) continue;
    if constexpr (cbj) {
      if (worst < 0 || level_[idx(y)] < level_[idx(worst)]) worst = y;
    } else {
      culprit_ = y;
      if (cfg_.var == var_order::dom_wdeg) bump_weight(k);
      return false;
    }
  }
  if constexpr (cbj) {
    if (worst >= 0) {
      culprit_ = worst;
      add_level(conf(depth_), level_[idx(worst)]);
      if (cfg_.var == var_order::dom_wdeg) {
        for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) {
          if (nbr_[k] == worst) bump_weight(k);
        }
      }
      return false;
    }
  }
  return true;
}

template <binary_model M, static_switches S>
void solver<M, S>::assign(int a) {
  const int x = next_;
  const int L = depth_;
  mark_[idx(L)] = trail_.size();
  ++epoch_;
  var_at_[idx(L)] = x;
  level_[idx(x)] = L;
  val_[idx(x)] = a;
  assigned_[idx(x)] = 1;
  depth_ = L + 1;
  failed_ = false;
  wiped_ = -1;
  failed_group_ = -1;
  const bool watched = counting_ || logging_;  // which propagation this assignment runs
  if (watched) {
    inf_ = {};
    log_.clear();
  }
  if (cfg_.var == var_order::dom_deg) {
    for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) --fdeg_[idx(nbr_[k])];
  }
  if constexpr (cbj) {
    std::fill_n(conf(L + 1), lw_, std::uint64_t{0});
    // The engine never assigns while a jump is under way; a search that does not skip (the
    // top of a split, bt::cut_trail_problem) has ignored the jump, which ends here.
    jumping_ = false;
  }
  bool ok = true;
  if constexpr (infers) {
    save(x);
    dom_[idx(x)] = domain_type::single(a);
    ok = watched ? propagate_assignment<true>(x, a) : propagate_assignment<false>(x, a);
  } else if (shadow_) {
    save(x);
    dom_[idx(x)] = domain_type::single(a);
    forward<false>(x, a);  // shadow domains never fail the node (reduce)
  }
  if (!ok) {
    culprit_ = x;
  } else if (depth_ < n_) {
    next_ = select();
  }
}

template <binary_model M, static_switches S>
void solver<M, S>::unassign(int) {
  const int L = depth_ - 1;
  const int x = var_at_[idx(L)];
  if constexpr (cbj) after_child(L);
  const std::size_t mark = mark_[idx(L)];
  while (trail_.size() > mark) {
    const saved& s = trail_.back();
    dom_[idx(s.var)] = s.old;
    if constexpr (explains) {
      std::uint64_t* e = expl(s.var);
      const std::size_t at = expl_trail_.size() - idx(lw_);
      std::copy_n(expl_trail_.begin() + static_cast<std::ptrdiff_t>(at), lw_, e);
      expl_trail_.resize(at);
    }
    trail_.pop_back();
  }
  ++epoch_;  // saves made after this point belong to a new assignment
  assigned_[idx(x)] = 0;
  if (cfg_.var == var_order::dom_deg) {
    for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) ++fdeg_[idx(nbr_[k])];
  }
  depth_ = L;
  next_ = x;
  failed_ = false;
  wiped_ = -1;
  failed_group_ = -1;
}

template <binary_model M, static_switches S>
template <bool W>
bool solver<M, S>::propagate_assignment(int x, int a) {
  if constexpr (groups) queue_groups_of(x);
  bool ok = true;
  if constexpr (S.inf == inference::fc) {
    ok = forward<W>(x, a);
  } else {
    queue_.push_back(x);
    ok = propagate_queue<W>();
  }
  if constexpr (groups) {
    if (ok) ok = settle<W>();
    if (!ok) drop_queues();
  }
  return ok;
}

template <binary_model M, static_switches S>
template <bool W>
bool solver<M, S>::check_group(int g) {
  // once: the values some member can take; twice: those two members can take.
  domain_type once;
  domain_type twice;
  const std::size_t b = goff_[idx(g)];
  const std::size_t e = goff_[idx(g) + 1];
  for (std::size_t k = b; k < e; ++k) {
    const domain_type& d = dom_[idx(gmem_[k])];
    twice |= once & d;
    once |= d;
  }
  if constexpr (W) note_members(e - b);
  domain_type alone = once;
  alone.remove(twice);
  bool ok = once == full_;
  for (std::size_t k = b; ok && k < e && !alone.empty(); ++k) {
    const int y = gmem_[k];
    const domain_type hit = dom_[idx(y)] & alone;
    if (hit.empty()) continue;
    ok = hit.singleton();  // y alone can take two values: one of them has no place left
    if (ok && !(hit == dom_[idx(y)])) {  // a hidden single: y takes the value it alone can
      if constexpr (W) note_removal(y, hit, propagation_step::kind::hidden_single, g);
      if (depth_ > 0) save(y);
      dom_[idx(y)] = hit;
      queue_groups_of(y);
      if constexpr (S.inf == inference::mac) {
        if (in_queue_[idx(y)] == 0) {
          in_queue_[idx(y)] = 1;
          queue_.push_back(y);
        }
      }
    }
    alone.remove(hit);
  }
  if (!ok) {
    failed_ = true;
    wiped_ = -1;
    failed_group_ = g;
    if constexpr (W) note_failure(propagation_step::kind::group_failed, g);
  }
  return ok;
}

template <binary_model M, static_switches S>
template <bool W>
bool solver<M, S>::settle() {
  // Check the queued groups until none is left; with MAC, arc consistency and the groups
  // take turns until neither changes a domain.
  while (!gqueue_.empty()) {
    for (std::size_t head = 0; head < gqueue_.size(); ++head) {
      const int g = gqueue_[head];
      in_gqueue_[idx(g)] = 0;
      if (!check_group<W>(g)) return false;  // the caller drops what is still queued
    }
    gqueue_.clear();
    if constexpr (S.inf == inference::mac) {
      if (!queue_.empty() && !propagate_queue<W>()) return false;
    }
  }
  return true;
}

template <binary_model M, static_switches S>
void solver<M, S>::drop_queues() {
  for (const int g : gqueue_) in_gqueue_[idx(g)] = 0;
  gqueue_.clear();
  if constexpr (S.inf == inference::mac) {
    for (const int y : queue_) in_queue_[idx(y)] = 0;
    queue_.clear();
  }
}

template <binary_model M, static_switches S>
int solver<M, S>::select() const {
  switch (cfg_.var) {
    case var_order::mrv: return select_by<var_order::mrv>();
    case var_order::dom_deg: return select_by<var_order::dom_deg>();
    case var_order::dom_wdeg: return select_by<var_order::dom_wdeg>();
    case var_order::static_order: break;
  }
  return depth_;  // variables 0 .. depth-1 are the assigned ones
}

// One loop per dynamic order, so the scan over the variables tests no switch.
template <binary_model M, static_switches S>
template <var_order V>
int solver<M, S>::select_by() const {
  int best = -1;
  int best_size = 0;
  std::uint64_t best_deg = 0;
  for (int y = 0; y < n_; ++y) {
    if (assigned_[idx(y)]) continue;
    if constexpr (V == var_order::mrv && infers) {
      // After a propagation that did not fail, an unassigned domain is empty only if it was
      // at the root: without such, the first singleton is the choice.
      if (!root_empty_ && dom_[idx(y)].singleton()) return y;
    }
    const int size = dom_[idx(y)].count();
    if constexpr (V == var_order::mrv) {
      if (best < 0 || size < best_size) {
        best = y;
        best_size = size;
      }
    } else {
      std::uint64_t deg = 0;
      if constexpr (V == var_order::dom_deg) {
        deg = static_cast<std::uint64_t>(fdeg_[idx(y)]);
      } else {
        for (std::size_t k = off_[idx(y)]; k < off_[idx(y) + 1]; ++k) {
          if (!assigned_[idx(nbr_[k])]) deg += weight_[k];
        }
      }
      // size/deg < best_size/best_deg, a degree of 0 counting as an infinite ratio.
      bool better = best < 0;
      if (!better) {
        if (deg == 0 || best_deg == 0) {
          better = deg != 0 || (best_deg == 0 && size < best_size);
        } else {
          better = static_cast<std::uint64_t>(size) * best_deg <
                   static_cast<std::uint64_t>(best_size) * deg;
        }
      }
      if (better) {
        best = y;
        best_size = size;
        best_deg = deg;
      }
    }
  }
  return best;
}

template <binary_model M, static_switches S>
typename solver<M, S>::candidate_range solver<M, S>::lcv_values() const {
  const int x = next_;
  int* out = order_.data() + idx(depth_) * idx(d_ + 1);
  int count = 0;
  const domain_type& values = infers ? dom_[idx(x)] : init_[idx(x)];
  for (const int a : values) {
    int c = 0;
    for (std::size_t k = off_[idx(x)]; k < off_[idx(x) + 1]; ++k) {
      const int y = nbr_[k];
      if (!assigned_[idx(y)]) c += (dom_[idx(y)] & conflicts(x, a, y)).count();
    }
    // insertion by (cost, value): values arrive ascending, so equal costs keep their order
    int i = count++;
    while (i > 0 && cost_[idx(i - 1)] > c) {
      cost_[idx(i)] = cost_[idx(i - 1)];
      out[i] = out[i - 1];
      --i;
    }
    cost_[idx(i)] = c;
    out[i] = a;
  }
  return {domain_type::first(count), out};
}

template <binary_model M, static_switches S>
void solver<M, S>::after_child(int level) {
  skip_ = false;
  const bool leaf = std::exchange(leaf_, false);
  if (jumping_) {
    if (jump_to_ == level) {
      jumping_ = false;
    } else {
      skip_ = true;
    }
    return;
  }
  std::uint64_t* cl = conf(level);
  if (failed_) {  // the child's propagation wiped out wiped_: its explanation is the conflict
    if constexpr (explains) {
      const std::uint64_t* e = expl(wiped_);
      for (int i = 0; i < lw_; ++i) cl[idx(i)] |= e[idx(i)];
      remove_level(cl, level);
    }
    return;
  }
  if (depth_ == n_ || leaf) {
    // A solution below (or a subtree searched elsewhere, leaf_below()): every level's
    // remaining values must still be tried, so each level's conflict set becomes all the
    // levels above it (chronological from here).
    for (int j = 0; j <= level; ++j) {
      std::uint64_t* cj = conf(j);
      std::fill_n(cj, lw_, std::uint64_t{0});
      for (int h = 0; h < j; ++h) add_level(cj, h);
    }
    return;
  }
  // The child node (variable next_ at level+1) tried all its values: jump to the deepest
  // level in its conflict set, which also holds the levels that shrank its domain.
  std::uint64_t* c = conf(level + 1);
  if constexpr (explains) {
    const std::uint64_t* e = expl(next_);
    for (int i = 0; i < lw_; ++i) c[idx(i)] |= e[idx(i)];
  }
  remove_level(c, level + 1);
  const int h = highest_level(c);
  if (h >= 0) {
    std::uint64_t* ch = conf(h);
    for (int i = 0; i < lw_; ++i) ch[idx(i)] |= c[idx(i)];
    remove_level(ch, h);
  }
  if (h != level) {
    jumping_ = true;
    jump_to_ = h;
    jump_from_ = level;
    skip_ = true;
  }
}

}  // namespace bt::csp

namespace bt::csp {

/// The solver types: lets a runner choose csp::describer and read values by variable.
template <class P>
concept solver_state = requires(const P& p) {
  { p.switches() } -> std::convertible_to<config>;
  { p.value_of(0) } -> std::convertible_to<int>;
  { p.variable_at(std::size_t{0}) } -> std::convertible_to<int>;
};

}  // namespace bt::csp
