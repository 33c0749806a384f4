// SPDX-License-Identifier: MIT
#include <bt/cp/solver.hpp>

#include <algorithm>
#include <bit>
#include <random>
#include <stdexcept>

#include <bt/cp/propagator.hpp>

namespace bt::cp {

namespace {

constexpr std::size_t sz(int i) { return static_cast<std::size_t>(i); }

// Domains larger than this cannot be listed for an order that needs every value at once.
constexpr std::uint64_t listable = std::uint64_t{1} << 22;

}  // namespace

std::string to_string(const decision& d, const space& s) {
  const char* op = d.how == decision::op::eq   ? " = "
                   : d.how == decision::op::ne ? " != "
                   : d.how == decision::op::le ? " <= "
                                               : " > ";
  return s.name(d.var) + op + s.value_text(d.var, d.val);
}

candidate_range::iterator& candidate_range::iterator::operator++() {
  if (dir == 0) {
    ++list;
    return *this;
  }
  const space& sp = s->store();
  if (dir > 0) {
    d.val = d.val >= stop ? stop + 1 : sp.next(d.var, d.val);
  } else {
    d.val = d.val <= stop ? stop - 1 : sp.prev(d.var, d.val);
  }
  return *this;
}

// CBJ's explanations: each removal is explained by the levels of the decided variables of the
// propagator that made it and the explanations of its undecided ones.
struct solver::explain_listener final : space::listener {
  solver* self;
  explicit explain_listener(solver* s) : self(s) {}
  void removed(int x, std::uint64_t, int by) override {
    if (by < 0) return;
    self->explain_into(self->expl_cell(x), by, x, self->s_->reason());
  }
};

solver::solver(std::shared_ptr<const model> m, const strategy& st)
    : solver(std::move(m), st, nullptr) {}

solver::solver(std::shared_ptr<const model> m, const strategy& st, bt::limit_visitor* limits)
    : model_(std::move(m)), st_(st), limits_(limits) {
  if (!model_) throw std::invalid_argument("a solver needs a model");
  const bool mac = st_.inf == csp::inference::mac;
  if (st_.branch == branching::binary && !mac) {
    throw std::invalid_argument(
        "binary branching needs mac (with bt or fc every variable is assigned in turn: dway)");
  }
  if (st_.var == var_select::options && !mac) {
    throw std::invalid_argument(
        "the options order needs mac (the exactly-one constraints propagate)");
  }
  if (st_.jmp == csp::jump::cbj &&
      (st_.branch == branching::binary || st_.var == var_select::options)) {
    throw std::invalid_argument("cbj needs d-way branching on variables");
  }
  build();
}

solver::solver(const solver& o) : model_(o.model_), st_(o.st_) {
  build();
  incumbent_ = o.incumbent_;
  weight_ = o.weight_;
  counting_ = o.counting_;
  for (std::size_t d = 0; d < o.path_.size() && !failed_; ++d) assign(o.path_[d]);
}

solver::solver(solver&&) noexcept = default;
solver::~solver() = default;

void solver::poll_limits(bt::limit_visitor* limits) {
  limits_ = limits;
  if (limits == nullptr) {
    s_->set_interrupt({});
    return;
  }
  s_->set_interrupt(
      {[](void* l) { return static_cast<bt::limit_visitor*>(l)->poll() == bt::flow::stop; },
       limits});
}

void solver::poll_limits(bt::shared_limits* limits) {
  limits_ = nullptr;  // a copy, or a rebuild, polls nothing: the run's threads poll their own
  if (limits == nullptr) {
    s_->set_interrupt({});
    return;
  }
  // charge(0) checks every limit (stop source, deadline) without counting a node.
  s_->set_interrupt(
      {[](void* l) { return !static_cast<bt::shared_limits*>(l)->charge(0); }, limits});
}

void solver::build() {
  s_ = model_->build();
  poll_limits(limits_);
  const int n = s_->var_count();
  const int np = s_->propagator_count();
  constants_.assign(sz(n), 0);
  for (const int c : model_->constants()) constants_[sz(c)] = 1;
  // The phases: the model's, then every other variable (decision variables first).
  phases_.clear();
  std::vector<unsigned char> taken(sz(n), 0);
  for (const phase& p : model_->phases()) {
    phase q{{}, p.var, p.val};
    for (const int x : p.vars) {
      if (x < 0 || x >= n) throw std::invalid_argument("a search phase names no variable");
      if (taken[sz(x)] != 0 || constants_[sz(x)] != 0) continue;
      taken[sz(x)] = 1;
      q.vars.push_back(x);
    }
    if (!q.vars.empty()) phases_.push_back(std::move(q));
  }
  phase rest{{}, st_.var, st_.val};
  const auto add_rest = [&](int x) {
    if (taken[sz(x)] != 0 || constants_[sz(x)] != 0) return;
    taken[sz(x)] = 1;
    rest.vars.push_back(x);
  };
  for (const int x : model_->decisions()) add_rest(x);
  for (int x = 0; x < n; ++x) add_rest(x);
  if (!rest.vars.empty()) phases_.push_back(std::move(rest));
  for (const phase& p : phases_) {
    if (p.var == var_select::options && st_.inf != csp::inference::mac) {
      throw std::invalid_argument("the options order needs mac");
    }
    if (p.val == val_select::split || p.val == val_select::reverse_split) {
      if (st_.branch != branching::binary) {
        throw std::invalid_argument("split and reverse-split branch binary (with mac)");
      }
    }
  }
  skip_fixed_ = st_.branch == branching::binary || st_.var == var_select::options;
  for (const phase& p : phases_) {
    for (const int x : p.vars) {
      const bool listed =
          p.val == val_select::median || p.val == val_select::lcv || p.val == val_select::random;
      if (listed && s_->size(x) > listable) {
        throw std::invalid_argument("the value order " +
                                    std::string(bt::name_of(val_select_names, p.val)) +
                                    " lists every value: variable " + s_->name(x) + " has " +
                                    std::to_string(s_->size(x)) + " (at most 2^22)");
      }
    }
  }
  // Per constraint: its distinct variables, the undecided ones among them (a trailed cell).
  distinct_.assign(sz(np), 0);
  count_cells_.assign(sz(np), 0);
  std::vector<int> seen;
  for (int c = 0; c < np; ++c) {
    seen.assign(s_->prop(c).scope().begin(), s_->prop(c).scope().end());
    std::sort(seen.begin(), seen.end());
    seen.erase(std::unique(seen.begin(), seen.end()), seen.end());
    int undecided = 0;
    for (const int x : seen) undecided += constants_[sz(x)] == 0 ? 1 : 0;
    distinct_[sz(c)] = undecided;
    count_cells_[sz(c)] = s_->new_cells(1, undecided);
  }
  decided_cells_ = s_->new_cells(n, 0);
  for (int x = 0; x < n; ++x) {
    if (constants_[sz(x)] != 0) s_->set_cell(decided_cells_ + x, 1);
  }
  weight_.assign(sz(np), 1);
  options_props_.clear();
  for (int c = 0; c < np; ++c) {
    if (s_->prop(c).options(*s_, nullptr) >= 0) options_props_.push_back(c);
  }
  level_of_.assign(sz(n), -1);
  lists_.assign(sz(n) + 2, {});
  next_at_.assign(sz(n) + 2, {-1, false});
  path_.clear();
  path_.reserve(sz(n));
  depth_ = 0;
  if (model_->objective() >= 0) {
    goal_var_ = model_->objective();
  }
  cbj_ = st_.jmp == csp::jump::cbj;
  if (cbj_) {
    lw_ = (n + 1 + 63) / 64;
    conf_.assign((sz(n) + 2) * sz(lw_), 0);
    expl_cells_ = s_->new_cells(n * lw_, 0);
    if (st_.inf != csp::inference::none) {
      listener_ = std::make_unique<explain_listener>(this);
      s_->set_listener(listener_.get());
    }
  }
  if (st_.inf == csp::inference::mac && !phases_.empty() &&
      phases_.front().var == var_select::options) {
    for (const int c : options_props_) s_->prop(c).chosen_by_options(*s_);
  }
  s_->count_removals(true);
  establish_root();
}

void solver::establish_root() {
  const propagation_work before = s_->work();
  bool ok = !s_->failed();
  const int np = s_->propagator_count();
  if (ok) {
    switch (st_.inf) {
      case csp::inference::mac: ok = s_->propagate(); break;
      case csp::inference::fc:
      case csp::inference::none:
        // Constraints on constants only are checked; under fc a constraint with one variable
        // left filters it (node consistency).
        s_->clear_queue();
        for (int c = 0; c < np && ok; ++c) {
          if (distinct_[sz(c)] == 0) {
            ok = s_->check(c);
          } else if (distinct_[sz(c)] == 1 && st_.inf == csp::inference::fc) {
            const auto scope = s_->prop(c).scope();
            for (std::size_t pos = 0; pos < scope.size(); ++pos) {
              if (constants_[sz(scope[pos])] == 0) {
                ok = s_->forward(c, static_cast<int>(pos));
                break;
              }
            }
          }
        }
        break;
    }
  }
  failed_ = !ok;
  if (!ok) {
    failed_by_ = s_->failed_by();
    wiped_ = s_->wiped();
  } else {
    select();
  }
  const propagation_work& after = s_->work();
  root_inf_ = {after.runs - before.runs, after.removals - before.removals,
               after.failures - before.failures};
}

// --- the engine's interface ---

bool solver::complete() const { return !failed_ && next_ < 0; }

bool solver::decided(int x) const {
  return skip_fixed_ ? s_->fixed(x) : s_->cell(decided_cells_ + x) != 0;
}

candidate_range solver::candidates() const {
  candidate_range r;
  r.it.s = this;
  std::vector<decision>& list = lists_[sz(depth_)];
  if (next_is_constraint_) {
    r.it.list = list.data();
    r.it.list_end = list.data() + list.size();
    return r;
  }
  const int x = next_;
  const phase& ph = phases_[sz(phase_)];
  const space& s = *s_;
  if (st_.branch == branching::binary) {
    list.clear();
    value_t v = s.min(x);
    switch (ph.val) {
      case val_select::min: break;
      case val_select::max: v = s.max(x); break;
      case val_select::median: {
        fill_values(x, ph.val);
        v = list[(list.size() - 1) / 2].val;
        list.clear();
        break;
      }
      case val_select::random:
      case val_select::lcv:
        fill_values(x, ph.val);
        v = list.front().val;
        list.clear();
        break;
      case val_select::split:
      case val_select::reverse_split: {
        const value_t mid = s.min(x) + (s.max(x) - s.min(x)) / 2;
        const decision lo{x, mid, decision::op::le};
        const decision hi{x, mid, decision::op::gt};
        list.push_back(ph.val == val_select::split ? lo : hi);
        list.push_back(ph.val == val_select::split ? hi : lo);
        r.it.list = list.data();
        r.it.list_end = list.data() + list.size();
        return r;
      }
    }
    list.push_back({x, v, decision::op::eq});
    list.push_back({x, v, decision::op::ne});
    r.it.list = list.data();
    r.it.list_end = list.data() + list.size();
    return r;
  }
  if (ph.val == val_select::min || ph.val == val_select::max) {
    r.it.dir = ph.val == val_select::min ? 1 : -1;
    r.it.d = {x, ph.val == val_select::min ? s.min(x) : s.max(x), decision::op::eq};
    r.it.stop = ph.val == val_select::min ? s.max(x) : s.min(x);
    return r;
  }
  fill_values(x, ph.val);
  r.it.list = list.data();
  r.it.list_end = list.data() + list.size();
  return r;
}

// The values of x as decisions x = v in the value order `val` (median, random, lcv), in this
// level's buffer.
void solver::fill_values(int x, val_select val) const {
  std::vector<decision>& list = lists_[sz(depth_)];
  list.clear();
  const space& s = *s_;
  s.for_each(x, [&](value_t v) {
    list.push_back({x, v, decision::op::eq});
    return true;
  });
  switch (val) {
    case val_select::median: {
      const std::size_t mid = (list.size() - 1) / 2;
      std::rotate(list.begin(), list.begin() + static_cast<std::ptrdiff_t>(mid),
                  list.begin() + static_cast<std::ptrdiff_t>(mid) + 1);
      break;
    }
    case val_select::random: {
      std::mt19937_64 rng(st_.seed * std::uint64_t{0x9E3779B97F4A7C15} +
                          static_cast<std::uint64_t>(depth_) * 31 + static_cast<std::uint64_t>(x));
      std::shuffle(list.begin(), list.end(), rng);
      break;
    }
    case val_select::lcv: {
      // The values removed from the other undecided variables by x = v's forward pass, as
      // forward checking would remove them: fewest first, ties ascending.
      lcv_cost_.assign(list.size(), 0);
      space& w = *s_;
      for (std::size_t i = 0; i < list.size(); ++i) {
        w.push();
        std::uint64_t before = 0;
        for (int y = 0; y < w.var_count(); ++y) {
          if (y != x && !decided(y)) before += w.size(y);
        }
        bool ok = w.assign(x, list[i].val);
        for (const int c : w.constraints_of(x)) {
          if (!ok) break;
          const auto scope = w.prop(c).scope();
          const auto at = std::find(scope.begin(), scope.end(), x) - scope.begin();
          ok = w.prop(c).forward(w, static_cast<int>(at)) && !w.failed();
          w.clear_queue();
        }
        std::uint64_t after = 0;
        if (ok) {
          for (int y = 0; y < w.var_count(); ++y) {
            if (y != x && !decided(y)) after += w.size(y);
          }
        }
        lcv_cost_[i] = ok ? before - after : before;
        w.pop();
      }
      std::vector<std::size_t> order(list.size());
      for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
      std::stable_sort(order.begin(), order.end(),
                       [&](std::size_t a, std::size_t b) { return lcv_cost_[a] < lcv_cost_[b]; });
      std::vector<decision> sorted;
      sorted.reserve(list.size());
      for (const std::size_t i : order) sorted.push_back(list[i]);
      list.swap(sorted);
      break;
    }
    default: break;
  }
}

bool solver::consistent(const decision& d) const {
  if (st_.inf != csp::inference::none || d.how != decision::op::eq) return true;
  const int x = d.var;
  space& s = *s_;
  s.push();
  s.assign(x, d.val);
  s.clear_queue();
  int culprit = -1;
  int culprit_level = 0;
  for (const int c : s.constraints_of(x)) {
    // A constraint this assignment completes is checked whole, a conjunction as far as it is
    // assigned.
    const bool complete = s.cell(count_cells_[sz(c)]) == 1;
    if (complete ? s.prop(c).holds(s) : s.prop(c).holds_so_far(s)) continue;
    // The failed constraint: with CBJ the one whose deepest culprit is shallowest (the
    // binary layer's earliest conflicting neighbour).
    if (!cbj_) {
      culprit = c;
      break;
    }
    s.prop(c).conflict(s, x, culprits_);
    int lv = -1;
    for (const int y : culprits_) {
      if (constants_[sz(y)] == 0 && decided(y)) lv = std::max(lv, level_of_[sz(y)]);
    }
    if (culprit < 0 || lv < culprit_level) {
      culprit = c;
      culprit_level = lv;
      best_culprits_ = culprits_;
    }
  }
  s.pop();
  if (culprit < 0) return true;
  failed_by_ = culprit;
  note_failure(culprit);
  if (cbj_) {
    std::uint64_t* cl = conf(depth_);
    for (const int y : best_culprits_) {
      if (constants_[sz(y)] == 0 && decided(y)) add_level(cl, level_of_[sz(y)]);
    }
  }
  return false;
}

void solver::assign(const decision& d) {
  const int L = depth_;
  const int x = d.var;
  if (next_at_.size() < sz(L) + 2) {  // binary branching may decide a variable several times
    next_at_.resize(sz(L) * 2 + 2);
    lists_.resize(sz(L) * 2 + 2);  // moves the lists: their buffers (in use above) stay put
  }
  next_at_[sz(L)] = {next_, next_is_constraint_};
  phase_at_.resize(sz(L) + 1);
  phase_at_[sz(L)] = phase_;
  s_->push();
  path_.push_back(d);
  depth_ = L + 1;
  failed_ = false;
  failed_by_ = -1;
  wiped_ = -1;
  if (cbj_) {
    std::fill_n(conf(L + 1), lw_, std::uint64_t{0});
    jumping_ = false;
  }
  const propagation_work before = s_->work();
  space& s = *s_;
  bool ok = true;
  switch (d.how) {
    case decision::op::eq: ok = s.assign(x, d.val); break;
    case decision::op::ne: ok = s.remove(x, d.val); break;
    case decision::op::le: ok = s.set_max(x, d.val); break;
    case decision::op::gt: ok = s.set_min(x, d.val + 1); break;
  }
  const bool assigned = d.how == decision::op::eq;
  if (assigned && !skip_fixed_) {
    level_of_[sz(x)] = L;
    s.set_cell(decided_cells_ + x, 1);
    for (const int c : s.constraints_of(x)) {
      s.set_cell(count_cells_[sz(c)], s.cell(count_cells_[sz(c)]) - 1);
    }
  }
  if (ok) {
    switch (st_.inf) {
      case csp::inference::none: s.clear_queue(); break;
      case csp::inference::fc: ok = apply_bound() && forward_from(x); break;
      case csp::inference::mac: ok = apply_bound() && s.propagate(); break;
    }
  }
  if (!ok) {
    failed_ = true;
    if (failed_by_ < 0) failed_by_ = s.failed_by();
    wiped_ = s.wiped();
    note_failure(failed_by_);
  } else {
    select();
  }
  if (counting_) {
    const propagation_work& after = s.work();
    inf_ = {after.runs - before.runs, after.removals - before.removals,
            after.failures - before.failures};
  }
}

void solver::unassign(const decision&) {
  const int L = depth_ - 1;
  if (cbj_) after_child(L);
  s_->pop();
  path_.pop_back();
  depth_ = L;
  next_ = next_at_[sz(L)].first;
  next_is_constraint_ = next_at_[sz(L)].second;
  phase_ = phase_at_[sz(L)];
  failed_ = false;
  failed_by_ = -1;
  wiped_ = -1;
}

// Forward checking from the assigned x: each constraint on x either is complete (checked) or
// filters its other variables once.
bool solver::forward_from(int x) {
  space& s = *s_;
  for (const int c : s.constraints_of(x)) {
    if (s.cell(count_cells_[sz(c)]) == 0) {
      if (!s.check(c)) {
        failed_by_ = c;
        return false;
      }
      continue;
    }
    const auto scope = s.prop(c).scope();
    const auto at = std::find(scope.begin(), scope.end(), x) - scope.begin();
    if (!s.forward(c, static_cast<int>(at))) {
      failed_by_ = c;
      return false;
    }
  }
  return true;
}

bool solver::apply_bound() {
  if (incumbent_ == nullptr || goal_var_ < 0 || !incumbent_->has()) return true;
  const value_t best = incumbent_->value();
  if (incumbent_->direction() == bt::goal::minimize) return s_->set_max(goal_var_, best - 1);
  return s_->set_min(goal_var_, best + 1);
}

void solver::note_failure(int c) const {
  if (c >= 0 && st_.var == var_select::dom_wdeg) ++weight_[sz(c)];
  for (const phase& p : phases_) {
    if (c >= 0 && p.var == var_select::dom_wdeg) {
      if (st_.var != var_select::dom_wdeg) ++weight_[sz(c)];
      break;
    }
  }
}

// --- variable selection ---

void solver::select() {
  next_is_constraint_ = false;
  for (std::size_t k = 0; k < phases_.size(); ++k) {
    const phase& ph = phases_[k];
    if (ph.var == var_select::options && select_options()) {
      phase_ = static_cast<int>(k);
      return;
    }
    const int x = select_in(ph);
    if (x >= 0) {
      next_ = x;
      phase_ = static_cast<int>(k);
      return;
    }
  }
  next_ = -1;
}

// Knuth's column choice: the uncovered exactly-one column with the fewest options.
bool solver::select_options() {
  int best = -1;
  int best_count = 0;
  for (const int c : options_props_) {
    const int count = s_->prop(c).options(*s_, nullptr);
    if (count < 0) continue;
    if (best < 0 || count < best_count) {
      best = c;
      best_count = count;
      if (best_count <= 1) break;
    }
  }
  if (best < 0) return false;
  std::vector<int>& opts = option_vars_;
  s_->prop(best).options(*s_, &opts);
  std::vector<decision>& list = lists_[sz(depth_)];
  list.clear();
  for (const int y : opts) list.push_back({y, 1, decision::op::eq});
  next_ = opts.empty() ? -2 : opts.front();  // -2: a column with no option (a failure below)
  next_is_constraint_ = true;
  return true;
}

int solver::select_in(const phase& ph) const {
  const space& s = *s_;
  int best = -1;
  // Scores compared as fractions num / den (den > 0); smaller is better unless `larger`.
  std::uint64_t best_num = 0;
  std::uint64_t best_den = 1;
  value_t best_val = 0;
  for (const int x : ph.vars) {
    if (decided(x)) continue;
    switch (ph.var) {
      case var_select::input_order:
      case var_select::options: return x;
      case var_select::first_fail:
        if (best < 0 || s.size(x) < best_num) {
          best = x;
          best_num = s.size(x);
          if (best_num == 1 && !skip_fixed_) return x;
        }
        break;
      case var_select::anti_first_fail:
        if (best < 0 || s.size(x) > best_num) {
          best = x;
          best_num = s.size(x);
        }
        break;
      case var_select::smallest:
        if (best < 0 || s.min(x) < best_val) {
          best = x;
          best_val = s.min(x);
        }
        break;
      case var_select::largest:
        if (best < 0 || s.max(x) > best_val) {
          best = x;
          best_val = s.max(x);
        }
        break;
      case var_select::occurrence: {
        const auto deg = static_cast<std::uint64_t>(s.constraints_of(x).size());
        if (best < 0 || deg > best_num) {
          best = x;
          best_num = deg;
        }
        break;
      }
      case var_select::max_regret: {
        const value_t regret = s.size(x) > 1 ? s.next(x, s.min(x)) - s.min(x) : 0;
        if (best < 0 || regret > best_val) {
          best = x;
          best_val = regret;
        }
        break;
      }
      case var_select::dom_deg:
      case var_select::dom_wdeg: {
        std::uint64_t deg = 0;
        for (const int c : s.constraints_of(x)) {
          bool other = false;
          for (const int y : s.prop(c).scope()) {
            if (y != x && !decided(y)) {
              other = true;
              break;
            }
          }
          if (other) deg += ph.var == var_select::dom_deg ? 1 : weight_[sz(c)];
        }
        const std::uint64_t size = s.size(x);
        // size/deg < best_num/best_den, a degree of 0 counting as an infinite ratio.
        bool better = best < 0;
        if (!better) {
          if (deg == 0 || best_den == 0) {
            better = deg != 0 || (best_den == 0 && size < best_num);
          } else {
            __extension__ typedef unsigned __int128 u128;
            better = static_cast<u128>(size) * best_den < static_cast<u128>(best_num) * deg;
          }
        }
        if (better) {
          best = x;
          best_num = size;
          best_den = deg;
        }
        break;
      }
    }
  }
  return best;
}

// --- branch and bound ---

bt::goal solver::direction() const {
  return model_->goal() == sense::maximize ? bt::goal::maximize : bt::goal::minimize;
}

value_t solver::objective() const { return s_->value(goal_var_); }

value_t solver::bound() const {
  return model_->goal() == sense::maximize ? s_->max(goal_var_) : s_->min(goal_var_);
}

std::vector<value_t> solver::solution() const {
  std::vector<value_t> out;
  const auto& d = model_->decisions();
  if (d.empty()) {
    for (int x = 0; x < s_->var_count(); ++x) out.push_back(s_->min(x));
  } else {
    for (const int x : d) out.push_back(s_->min(x));
  }
  return out;
}

// --- CBJ ---

std::uint64_t* solver::conf(int level) const { return conf_.data() + sz(level) * sz(lw_); }

void solver::add_level(std::uint64_t* set, int level) {
  set[sz(level >> 6)] |= std::uint64_t{1} << static_cast<unsigned>(level & 63);
}

int solver::expl_cell(int x) const { return expl_cells_ + x * lw_; }

// expl(target cells) |= the levels of the reason's decided variables and the explanations of
// its others; the reason is c's scope unless the propagator named one (space::because).
void solver::explain_into(int target, int c, int except, std::span<const int> reason) {
  space& s = *s_;
  for (const int y : reason.empty() ? s.prop(c).scope() : reason) {
    if (y == except || constants_[sz(y)] != 0) continue;
    if (decided(y) && level_of_[sz(y)] >= 0) {
      const int lv = level_of_[sz(y)];
      const int cell = target + (lv >> 6);
      s.set_cell(cell,
                 static_cast<std::int64_t>(static_cast<std::uint64_t>(s.cell(cell)) |
                                           (std::uint64_t{1} << static_cast<unsigned>(lv & 63))));
    } else {
      const int from = expl_cell(y);
      for (int i = 0; i < lw_; ++i) {
        const auto merged = static_cast<std::uint64_t>(s.cell(target + i)) |
                            static_cast<std::uint64_t>(s.cell(from + i));
        s.set_cell(target + i, static_cast<std::int64_t>(merged));
      }
    }
  }
}

void solver::after_child(int level) {
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
  const space& s = *s_;
  const auto remove_level = [](std::uint64_t* set, int lv) {
    set[sz(lv >> 6)] &= ~(std::uint64_t{1} << static_cast<unsigned>(lv & 63));
  };
  if (failed_) {
    // The child's propagation failed: the explanation of the wiped variable and the reason
    // of the failing constraint are the conflict.
    if (st_.inf != csp::inference::none) {
      if (wiped_ >= 0) {
        const int e = expl_cell(wiped_);
        for (int i = 0; i < lw_; ++i) cl[sz(i)] |= static_cast<std::uint64_t>(s.cell(e + i));
      }
      if (failed_by_ >= 0) {
        const auto reason = s.wipe_reason();
        for (const int y : reason.empty() ? s.prop(failed_by_).scope() : reason) {
          if (constants_[sz(y)] != 0) continue;
          if (decided(y) && level_of_[sz(y)] >= 0) {
            add_level(cl, level_of_[sz(y)]);
          } else {
            const int e = expl_cell(y);
            for (int i = 0; i < lw_; ++i) cl[sz(i)] |= static_cast<std::uint64_t>(s.cell(e + i));
          }
        }
      } else {
        for (int h = 0; h < level; ++h) add_level(cl, h);  // no reason known: chronological
      }
      remove_level(cl, level);
    }
    return;
  }
  if (next_ < 0 || leaf) {
    // A solution below (or a subtree searched elsewhere): every level's remaining values must
    // still be tried.
    for (int j = 0; j <= level; ++j) {
      std::uint64_t* cj = conf(j);
      std::fill_n(cj, lw_, std::uint64_t{0});
      for (int h = 0; h < j; ++h) add_level(cj, h);
    }
    return;
  }
  // The child node (variable next_ at level + 1) tried all its values: jump to the deepest
  // level of its conflict set, with the levels that shrank its domain.
  std::uint64_t* c = conf(level + 1);
  if (st_.inf != csp::inference::none) {
    const int e = expl_cell(next_);
    for (int i = 0; i < lw_; ++i) c[sz(i)] |= static_cast<std::uint64_t>(s.cell(e + i));
  }
  remove_level(c, level + 1);
  int h = -1;
  for (int i = lw_ - 1; i >= 0 && h < 0; --i) {
    if (c[sz(i)] != 0) h = 64 * i + 63 - std::countl_zero(c[sz(i)]);
  }
  if (h >= 0) {
    std::uint64_t* ch = conf(h);
    for (int i = 0; i < lw_; ++i) ch[sz(i)] |= c[sz(i)];
    remove_level(ch, h);
  }
  if (h != level) {
    jumping_ = true;
    jump_to_ = h;
    jump_from_ = level;
    skip_ = true;
  }
}

}  // namespace bt::cp
