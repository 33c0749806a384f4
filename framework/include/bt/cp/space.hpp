// SPDX-License-Identifier: MIT
// bt::cp::space: the store of the n-ary constraint layer. Integer variables with domains of
// any size (a bitset for ranges up to bitset_limit values, else an interval with a sorted list
// of holes, so a variable of 10^9 values costs a few words), propagators of any arity
// subscribed to their variables' events, a propagation queue in three priorities, and a trail
// that undoes every change made since a level was pushed. Everything a search changes lives in
// trailed cells (MiniCP's StateInt): domain bounds, sizes and words, and the propagators' own
// state. Nothing is allocated while searching except trail growth on first use.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bt::cp {

/// A value of an integer variable. 64 bits: a domain may be any range of them.
using value_t = std::int64_t;

/// What happened to a domain, as the events propagators subscribe to (Gecode's modification
/// events): any value removed, a bound moved, the variable fixed. Each implies the ones before.
enum class event : unsigned char {
  domain = 0,  ///< some value removed
  bounds = 1,  ///< the minimum or the maximum moved
  fixed = 2    ///< one value left
};

/// Domains of at most this many values (max - min + 1 at creation) are bitsets; larger ones
/// are intervals with holes.
inline constexpr value_t bitset_limit = 1 << 16;

/// The range of values a variable may be given: wide enough for any model, narrow enough that
/// sums of a few products do not overflow 128 bits.
inline constexpr value_t value_min = -(value_t{1} << 52);
inline constexpr value_t value_max = value_t{1} << 52;

class propagator;

/// The work of propagation, for the statistics (docs/statistics.md): propagator runs, values
/// removed, failures.
struct propagation_work {
  std::uint64_t runs = 0;      ///< propagator executions
  std::uint64_t removals = 0;  ///< values removed from domains by propagators
  std::uint64_t failures = 0;  ///< propagations that failed (a domain wiped out, or a check)
};

/// What a space asks, now and then while it propagates, whether the run must stop (a time limit,
/// Ctrl-C): a plain function and its context, called every so many propagator runs and by long
/// propagators between their rounds, never per value. Bounds propagation may crawl, a bound a
/// step per round (x < y and y < x over 10^9 values), so a propagation is not bounded by the
/// search's nodes; this is what lets a limit end it.
struct interrupt {
  bool (*stop)(void*) = nullptr;  ///< true: end the propagation (nullptr: never)
  void* context = nullptr;        ///< its argument
};

/// The variables, their domains, the propagators and the trail. Variables are numbered in the
/// order they are made; the space owns its propagators.
class space {
 public:
  space();
  ~space();
  space(const space&) = delete;
  space& operator=(const space&) = delete;
  space(space&&) noexcept;
  space& operator=(space&&) noexcept;

  // --- building: before the first push() ---

  /// A new variable with domain lo..hi (lo <= hi, both within value_min..value_max; throws
  /// std::invalid_argument otherwise). Returns its number.
  int new_var(value_t lo, value_t hi, std::string name = {});
  /// A new variable whose domain is `values` (any order, repeats allowed; not empty).
  int new_var(std::span<const value_t> values, std::string name = {});
  /// Take ownership of p, subscribe it to its variables and queue it for the first propagation.
  /// Returns its number.
  int post(std::unique_ptr<propagator> p);

  [[nodiscard]] int var_count() const { return static_cast<int>(vars_.size()); }
  [[nodiscard]] int propagator_count() const { return static_cast<int>(props_.size()); }
  [[nodiscard]] propagator& prop(int i) { return *props_[static_cast<std::size_t>(i)]; }
  [[nodiscard]] const propagator& prop(int i) const { return *props_[static_cast<std::size_t>(i)]; }
  /// The variable's name ("x3" when it was given none).
  [[nodiscard]] std::string name(int x) const;
  void set_name(int x, std::string name);
  /// Value v of x in words: names[v] when x's values number named objects (set_value_names:
  /// Python's Model.var(["red", ...])), else the number.
  [[nodiscard]] std::string value_text(int x, value_t v) const;
  /// x's values are numbers of the objects `names` lists (shared by the variables of a model).
  void set_value_names(int x, std::shared_ptr<const std::vector<std::string>> names);
  /// The propagators whose scope holds x, each once.
  [[nodiscard]] std::span<const int> constraints_of(int x) const;

  // --- domains ---

  [[nodiscard]] value_t min(int x) const { return cells_[lo_cell(x)]; }
  [[nodiscard]] value_t max(int x) const { return cells_[lo_cell(x) + 1]; }
  /// The number of values in the domain.
  [[nodiscard]] std::uint64_t size(int x) const {
    return static_cast<std::uint64_t>(cells_[lo_cell(x) + 2]);
  }
  [[nodiscard]] bool fixed(int x) const { return min(x) == max(x); }
  /// The value of a fixed variable.
  [[nodiscard]] value_t value(int x) const { return min(x); }
  [[nodiscard]] bool contains(int x, value_t v) const {
    const var_info& d = vars_[static_cast<std::size_t>(x)];
    if (v < cells_[d.lo] || v > cells_[d.lo + 1]) return false;
    if (d.nwords != 0) {
      const auto pos = static_cast<std::uint64_t>(v - d.base);
      return ((static_cast<std::uint64_t>(cells_[d.words + static_cast<std::size_t>(pos >> 6)]) >>
               (pos & 63U)) &
              1U) != 0;
    }
    return contains_interval(d, v);
  }
  /// The smallest value of x greater than v (v may be any number); max(x) + 1 when none.
  [[nodiscard]] value_t next(int x, value_t v) const;
  /// The largest value of x smaller than v; min(x) - 1 when none.
  [[nodiscard]] value_t prev(int x, value_t v) const;
  /// Call f(v) for each value of x, ascending; stops early when f returns false (the values
  /// may be changed meanwhile only at or below the one passed).
  template <class F>
  void for_each(int x, F&& f) const {
    const value_t hi = max(x);
    for (value_t v = min(x); v <= hi; v = next(x, v)) {
      if (!f(v)) return;
    }
  }
  /// The values of x, ascending.
  [[nodiscard]] std::vector<value_t> values(int x) const;
  /// The values of x, ascending, into out (its capacity kept: nothing allocated once it fits).
  void values(int x, std::vector<value_t>& out) const;
  /// The domain as text: "{1..3, 5, 7..9}", or "5" when fixed.
  [[nodiscard]] std::string domain_text(int x) const;

  // --- domain changes: false when the domain became empty (the space has failed) ---

  bool remove(int x, value_t v);
  bool set_min(int x, value_t v);
  bool set_max(int x, value_t v);
  [[gnu::always_inline]] bool assign(int x, value_t v) {
    // One word (0/1 variables, digits, small ranges): the common case, inline, without loops.
    const var_info& d = vars_[static_cast<std::size_t>(x)];
    const std::size_t c = d.lo;
    const value_t lo = cells_[c];
    const value_t hi = cells_[c + 1];
    if (d.nwords != 1 || v < lo || v > hi) return assign_general(x, v);
    const std::uint64_t b = std::uint64_t{1} << (static_cast<std::uint64_t>(v - d.base) & 63U);
    if ((static_cast<std::uint64_t>(cells_[d.words]) & b) == 0) return wipe(x);
    if (lo == hi) return true;
    save_var(x);
    const auto gone = static_cast<std::uint64_t>(cells_[c + 2]) - 1;
    cells_[d.words] = static_cast<std::int64_t>(b);
    cells_[c] = v;
    cells_[c + 1] = v;
    cells_[c + 2] = 1;
    if (counting_ || listener_ != nullptr) note_removed(x, gone);
    changed(x, lo, hi);
    return true;
  }
  /// Fix x to v as assign() does, without counting the removal or telling the listener: for
  /// a zero a propagator kept in its own state and counted already (note_removals()).
  bool settle(int x, value_t v);
  /// Count n values a propagator ruled out in its own state, for variables only it watches,
  /// as if removed from their domains (propagator::chosen_by_options).
  void note_removals(std::uint64_t n) {
    if (counting_) work_.removals += n;
  }
  /// Keep only the values v of x for which keep(v) is true.
  template <class Keep>
  bool filter(int x, Keep&& keep) {
    std::vector<value_t>& gone = scratch_values_;
    gone.clear();
    for_each(x, [&](value_t v) {
      if (!keep(v)) gone.push_back(v);
      return true;
    });
    return remove_all(x, gone);
  }
  /// Remove each value of `gone` (ascending) from x.
  bool remove_all(int x, std::span<const value_t> gone);
  /// Keep only the values v of x for which v - c is a value of y (x = y + c's support), as
  /// filter() would, but a word at a time when both domains are bitsets (filter() calls next()
  /// and contains() per value: most of the time of x = y + c on domains of 1,000 values).
  bool keep_shifted(int x, int y, value_t c);

  // --- levels ---

  /// Start a new level: every change from now on is undone by the matching pop().
  void push();
  /// Undo every change since the matching push(), and clear a failure.
  void pop();
  /// Levels pushed and not popped.
  [[nodiscard]] int level() const { return static_cast<int>(marks_.size()); }

  // --- propagation ---

  /// Run the queued propagators until none is left (true) or one fails (false).
  bool propagate();
  /// Forward checking's pass of propagator p after the variable at its scope position `pos`
  /// was assigned (propagator::forward): run alone, nothing it changes is propagated further.
  bool forward(int p, int pos);
  /// Whether propagator p's constraint holds on its fixed scope (plain backtracking's test);
  /// a false marks the space failed by p.
  bool check(int p);
  /// Queue propagator i (its own state changed outside a domain event, e.g. a new bound).
  void schedule(int i);
  /// Whether the last propagation failed and nothing was popped since.
  [[nodiscard]] bool failed() const { return failed_; }
  /// Mark the space failed (a propagator found its constraint cannot hold).
  void fail() { failed_ = true; }
  /// The propagator that failed last (-1: a decision itself emptied a domain).
  [[nodiscard]] int failed_by() const { return failed_by_; }
  /// The variable whose domain was emptied last, or -1.
  [[nodiscard]] int wiped() const { return wiped_; }
  /// The propagator running now, or -1.
  [[nodiscard]] int running() const { return running_; }
  /// Drop every queued propagator (after a failure, or to start a fresh propagation).
  void clear_queue();
  /// The work done so far.
  [[nodiscard]] const propagation_work& work() const { return work_; }
  /// Whether propagation counts its removals (a popcount per change; off until asked).
  void count_removals(bool on) { counting_ = on; }
  /// Ask `check` every so many propagator runs whether to stop; a stop ends the propagation
  /// as a failure (by no propagator), which the caller's limits then report. Ctrl-C
  /// (bt::interrupted()) is heard without one.
  void set_interrupt(interrupt check) { interrupt_ = check; }
  /// For a propagator's own long loop, once per round: true when the propagation must end
  /// (the propagator then returns false). Asks the interrupt every 1,024 calls.
  [[nodiscard]] bool should_stop() { return (++polls_ & 1023U) == 0 && poll_interrupt(); }

  /// Changes made to domains are reported to `listener` (the --replay log, CBJ's
  /// explanations) when set; its call costs one test per change when unset.
  struct listener {
    virtual ~listener() = default;
    /// x lost `count` values because of propagator `by` (-1: a decision); reason() says which
    /// of its variables, when the propagator said.
    virtual void removed(int x, std::uint64_t count, int by) = 0;
  };
  void set_listener(listener* l) { listener_ = l; }
  /// Whether a listener hears the changes (propagators then say why they remove: because()).
  [[nodiscard]] bool listened() const { return listener_ != nullptr; }
  /// The removals that follow, until the propagator returns or says otherwise, are caused by
  /// the values of `vars` alone (a value all-different's fixed variable, the other side of a
  /// binary relation), not by its whole scope: conflict-directed backjumping's explanations are
  /// as precise as the binary layer's. Empty: the whole scope (the default).
  void because(std::span<const int> vars) { reason_.assign(vars.begin(), vars.end()); }
  void because(int x) { reason_.assign(1, x); }
  /// The current reason (empty: the propagator's scope).
  [[nodiscard]] std::span<const int> reason() const { return reason_; }
  /// The reason of the last wipe-out (empty: the failing propagator's scope).
  [[nodiscard]] std::span<const int> wipe_reason() const { return wipe_reason_; }

  // --- trailed cells: the state of propagators ---

  /// `count` new cells holding `init`, undone with the domains; returns the first's index.
  int new_cells(int count, std::int64_t init);
  [[nodiscard]] std::int64_t cell(int i) const { return cells_[static_cast<std::size_t>(i)]; }
  void set_cell(int i, std::int64_t v) {
    const auto k = static_cast<std::size_t>(i);
    if (cells_[k] == v) return;
    save(k);
    cells_[k] = v;
  }
  /// The cell to change in place, saved on the trail first (a counter's hot path).
  std::int64_t& cell_to_change(int i) {
    const auto k = static_cast<std::size_t>(i);
    save(k);
    return cells_[k];
  }

  /// The positions (in propagator p's scope) of its variables changed since p last ran,
  /// each once. Cleared when p runs and when the queue is cleared.
  [[nodiscard]] std::span<const int> modified(int p) const;
  /// Whether any propagator is queued.
  [[nodiscard]] bool queued() const {
    return head_[0] != queue_[0].size() || head_[1] != queue_[1].size() ||
           head_[2] != queue_[2].size();
  }

 private:
  // What the search reads and writes of a variable, one cache line each; the rest (its
  // subscriptions, propagators, name) lives apart in var_links, so the 0/1 variables of a large
  // model (exact cover's thousands) keep their hot state dense.
  struct alignas(64) var_info {
    std::size_t lo = 0;              // cells: min, max, size
    std::size_t words = 0;           // first word cell, when a bitset
    value_t base = 0;                // the value of bit 0
    std::uint32_t nwords = 0;        // 0: an interval with holes
    std::uint32_t split_bounds = 0;  // subs[0, split_bounds): domain subscribers
    std::uint32_t split_fixed = 0;   // subs[split_bounds, split_fixed): bounds; then fixed
    int only = -1;  // the propagator of the one subscription, when there is one: changed()
                    // then knows without reading subs that its own changes wake nobody
    std::vector<value_t> holes;  // interval: values removed inside, ascending
  };
  struct var_links {
    std::vector<std::pair<int, int>> subs;  // (propagator, scope position), by event class
    std::vector<int> props;                 // the propagators on x, each once
    std::string name;
    std::shared_ptr<const std::vector<std::string>> value_names;  // or null: numbers
  };
  struct prop_info {
    bool queued = false;
    bool idempotent = true;      // the propagator's, here for the hot loop of changed()
    bool tracks = false;         // it reads modified()
    unsigned char priority = 0;  // its queue
    std::vector<int> modified;
    std::vector<unsigned char> in_modified;
  };

  [[nodiscard]] std::size_t lo_cell(int x) const { return vars_[static_cast<std::size_t>(x)].lo; }
  [[nodiscard]] static bool contains_interval(const var_info& d, value_t v);
  // Record cell's value on the trail, once per level.
  void save(std::size_t c) {
    if (marks_.empty() || stamp_[c] == epoch_) return;
    stamp_[c] = epoch_;
    if (trail_.size() == trail_.capacity()) grow_trail();
    trail_.push_back({static_cast<std::int64_t>(c), cells_[c]});
  }
  // Record x's minimum, maximum and size (and its word, when it has one), once per level. A
  // one-word domain's bounds and size follow from its word (lowest bit, highest bit, count),
  // so when the word is not saved yet at this level, the word alone is saved and pop()
  // recomputes the three: one trail entry where there were four (most variables of a model
  // are small: 0/1, digits, queens). Mutators call save_var() before they save a word.
  [[gnu::always_inline]] void save_var(int x) {
    if (marks_.empty()) return;
    std::uint32_t& st = var_stamp_[static_cast<std::size_t>(x)];
    if (st == epoch_) return;
    st = epoch_;
    const var_info& d = vars_[static_cast<std::size_t>(x)];
    if (trail_.capacity() - trail_.size() < 3) grow_trail();
    if (d.nwords == 1 && stamp_[d.words] != epoch_) {
      stamp_[d.words] = epoch_;
      // The size rides along in `where`: popcount is a library call on baseline x86-64.
      trail_.push_back(
          {word_entry - ((static_cast<std::int64_t>(x) << 7) | cells_[d.lo + 2]), cells_[d.words]});
      return;
    }
    for (std::size_t c = d.lo; c < d.lo + 3; ++c)
      trail_.push_back({static_cast<std::int64_t>(c), cells_[c]});
  }
  void grow_trail();
  bool wipe(int x);
  bool assign_general(int x, value_t v);
  void note_removed(int x, std::uint64_t gone);
  // Wake the propagators watching x for what changed. Inline: when the only watcher is the
  // idempotent propagator running (an exact cover zeroing its own variables), nothing is due.
  void changed(int x, value_t old_min, value_t old_max) {
    if (vars_[static_cast<std::size_t>(x)].only == quiet_) return;
    notify(x, old_min, old_max);
  }
  void notify(int x, value_t old_min, value_t old_max);
  bool bits_remove_range(int x, value_t from, value_t to);
  // 64 bits of x's bitset from bit position p (any p: bits outside the words are 0).
  [[nodiscard]] std::uint64_t bits_at(const var_info& d, std::int64_t p) const;
  std::uint64_t holes_within(const var_info& v, value_t from, value_t to) const;
  void insert_hole(int x, value_t v);
  void finish_var(int x);
  // The interrupt and Ctrl-C, asked now; a stop is remembered until pop().
  bool poll_interrupt();

  std::vector<var_info> vars_;
  std::vector<var_links> links_;
  std::vector<std::unique_ptr<propagator>> props_;
  std::vector<prop_info> pinfo_;
  std::vector<std::int64_t> cells_;
  std::vector<std::uint32_t> stamp_;
  std::vector<std::uint32_t> var_stamp_;  // per variable: the epoch its bounds were saved in
  // A trail entry's `where` at or below this: the word of variable x and its size k (at most
  // 64), where = word_entry - (x * 128 + k).
  static constexpr std::int64_t word_entry = -(std::int64_t{1} << 40);
  struct trail_entry {
    std::int64_t where;  // >= 0: a cell; in (word_entry, 0): a hole of variable -1 - where;
                         // else a one-word variable's word, its bounds and size with it
    std::int64_t old;    // the cell's value, the hole's value, or the word
  };
  std::vector<trail_entry> trail_;
  std::vector<std::size_t> marks_;
  std::uint32_t epoch_ = 1;
  std::vector<int> queue_[3];
  std::size_t head_[3] = {0, 0, 0};
  bool failed_ = false;
  int failed_by_ = -1;
  int wiped_ = -1;
  int running_ = -1;
  int quiet_ = -2;  // running_ when its propagator is idempotent, else -2 (no variable's `only`)
  bool counting_ = false;
  bool interrupted_ = false;
  interrupt interrupt_;
  std::uint32_t polls_ = 0;
  listener* listener_ = nullptr;
  propagation_work work_;
  std::vector<value_t> scratch_values_;
  std::vector<std::uint64_t> scratch_words_;
  std::vector<int> reason_;
  std::vector<int> wipe_reason_;
};

}  // namespace bt::cp
