// SPDX-License-Identifier: MIT
#include <bt/cp/space.hpp>

#include <algorithm>
#include <bit>
#include <limits>
#include <sstream>
#include <stdexcept>
#include <utility>

#include <bt/cp/propagator.hpp>
#include <bt/stop.hpp>

namespace bt::cp {

namespace {

constexpr std::size_t sz(int i) { return static_cast<std::size_t>(i); }
constexpr std::uint64_t bit(std::uint64_t pos) { return std::uint64_t{1} << (pos & 63U); }

}  // namespace

space::space() = default;
space::~space() = default;
space::space(space&&) noexcept = default;
space& space::operator=(space&&) noexcept = default;

int space::new_var(value_t lo, value_t hi, std::string name) {
  if (lo > hi) throw std::invalid_argument("a variable's domain is empty");
  if (lo < value_min || hi > value_max) {
    throw std::invalid_argument("a variable's values must lie within +-2^52");
  }
  if (!marks_.empty()) throw std::logic_error("variables are made before the search");
  const int x = var_count();
  var_info v;
  v.lo = cells_.size();
  const auto count = static_cast<std::uint64_t>(hi - lo) + 1;
  cells_.push_back(lo);
  cells_.push_back(hi);
  cells_.push_back(static_cast<std::int64_t>(count));
  if (count <= static_cast<std::uint64_t>(bitset_limit)) {
    v.base = lo;
    v.words = cells_.size();
    v.nwords = static_cast<std::uint32_t>((count + 63) / 64);
    for (std::uint32_t w = 0; w < v.nwords; ++w) {
      const std::uint64_t left = count - 64ULL * w;
      cells_.push_back(static_cast<std::int64_t>(left >= 64 ? ~std::uint64_t{0} : bit(left) - 1));
    }
  }
  stamp_.resize(cells_.size(), 0);
  var_stamp_.push_back(0);
  vars_.push_back(std::move(v));
  links_.push_back({{}, {}, std::move(name), nullptr});
  return x;
}

int space::new_var(std::span<const value_t> values, std::string name) {
  if (values.empty()) throw std::invalid_argument("a variable's domain is empty");
  std::vector<value_t> sorted(values.begin(), values.end());
  std::sort(sorted.begin(), sorted.end());
  sorted.erase(std::unique(sorted.begin(), sorted.end()), sorted.end());
  const int x = new_var(sorted.front(), sorted.back(), std::move(name));
  // The values missing between them: holes, or cleared bits (at level 0: nothing is trailed).
  std::vector<value_t> gone;
  value_t expect = sorted.front();
  for (const value_t v : sorted) {
    if (gone.size() > static_cast<std::size_t>(bitset_limit) * 4) break;
    for (; expect < v; ++expect) gone.push_back(expect);
    expect = v + 1;
  }
  if (gone.size() > static_cast<std::size_t>(bitset_limit) * 4) {
    throw std::invalid_argument("a domain given by its values may have at most " +
                                std::to_string(bitset_limit * 4) +
                                " gaps; state a sparse domain by constraints");
  }
  remove_all(x, gone);
  return x;
}

int space::post(std::unique_ptr<propagator> p) {
  if (!marks_.empty()) throw std::logic_error("propagators are posted before the search");
  const int id = propagator_count();
  p->id_ = id;
  const auto scope = p->scope();
  prop_info info;
  info.idempotent = p->idempotent();
  info.tracks = p->tracks_changes();
  info.priority = static_cast<unsigned char>(p->priority());
  info.in_modified.assign(scope.size(), 0);
  for (std::size_t pos = 0; pos < scope.size(); ++pos) {
    const int x = scope[pos];
    if (x < 0 || x >= var_count()) throw std::invalid_argument("a constraint names no variable");
    var_info& v = vars_[sz(x)];
    var_links& l = links_[sz(x)];
    // Keep subs ordered by event class: domain, bounds, fixed.
    const std::pair<int, int> s{id, static_cast<int>(pos)};
    switch (p->watched(pos)) {
      case event::domain:
        l.subs.insert(l.subs.begin() + static_cast<std::ptrdiff_t>(v.split_bounds), s);
        ++v.split_bounds;
        ++v.split_fixed;
        break;
      case event::bounds:
        l.subs.insert(l.subs.begin() + static_cast<std::ptrdiff_t>(v.split_fixed), s);
        ++v.split_fixed;
        break;
      case event::fixed: l.subs.push_back(s); break;
    }
    v.only = l.subs.size() == 1 ? id : -1;
    if (l.props.empty() || l.props.back() != id) l.props.push_back(id);
    if (info.tracks) {
      info.modified.push_back(static_cast<int>(pos));
      info.in_modified[pos] = 1;
    }
  }
  props_.push_back(std::move(p));
  pinfo_.push_back(std::move(info));
  schedule(id);
  return id;
}

std::string space::name(int x) const {
  const std::string& n = links_[sz(x)].name;
  return n.empty() ? "x" + std::to_string(x + 1) : n;
}

void space::set_name(int x, std::string name) { links_[sz(x)].name = std::move(name); }

std::string space::value_text(int x, value_t v) const {
  const auto& names = links_[sz(x)].value_names;
  if (names && v >= 0 && static_cast<std::size_t>(v) < names->size()) {
    return (*names)[static_cast<std::size_t>(v)];
  }
  return std::to_string(v);
}

void space::set_value_names(int x, std::shared_ptr<const std::vector<std::string>> names) {
  links_[sz(x)].value_names = std::move(names);
}

std::span<const int> space::constraints_of(int x) const { return links_[sz(x)].props; }

std::span<const int> space::modified(int p) const { return pinfo_[sz(p)].modified; }

// --- reading ---

bool space::contains_interval(const var_info& d, value_t v) {
  return !std::binary_search(d.holes.begin(), d.holes.end(), v);
}

value_t space::next(int x, value_t v) const {
  const value_t lo = min(x);
  const value_t hi = max(x);
  if (v < lo) return lo;
  if (v >= hi) return hi + 1;
  const var_info& d = vars_[sz(x)];
  if (d.nwords != 0) {
    auto pos = static_cast<std::uint64_t>(v - d.base) + 1;
    std::size_t w = static_cast<std::size_t>(pos >> 6);
    auto word = static_cast<std::uint64_t>(cells_[d.words + w]) & ~(bit(pos) - 1);
    while (word == 0) word = static_cast<std::uint64_t>(cells_[d.words + ++w]);
    return d.base + static_cast<value_t>(64 * w + static_cast<unsigned>(std::countr_zero(word)));
  }
  value_t w = v + 1;
  auto it = std::lower_bound(d.holes.begin(), d.holes.end(), w);
  while (it != d.holes.end() && *it == w) {
    ++w;
    ++it;
  }
  return w;
}

value_t space::prev(int x, value_t v) const {
  const value_t lo = min(x);
  const value_t hi = max(x);
  if (v > hi) return hi;
  if (v <= lo) return lo - 1;
  const var_info& d = vars_[sz(x)];
  if (d.nwords != 0) {
    const auto pos = static_cast<std::uint64_t>(v - d.base) - 1;
    std::size_t w = static_cast<std::size_t>(pos >> 6);
    const unsigned b = static_cast<unsigned>(pos & 63U);
    auto word = static_cast<std::uint64_t>(cells_[d.words + w]) &
                (b == 63 ? ~std::uint64_t{0} : (bit(b + 1ULL) - 1));
    while (word == 0) word = static_cast<std::uint64_t>(cells_[d.words + --w]);
    return d.base +
           static_cast<value_t>(64 * w + 63 - static_cast<unsigned>(std::countl_zero(word)));
  }
  value_t w = v - 1;
  auto it = std::upper_bound(d.holes.begin(), d.holes.end(), w);
  while (it != d.holes.begin() && *(it - 1) == w) {
    --w;
    --it;
  }
  return w;
}

std::vector<value_t> space::values(int x) const {
  std::vector<value_t> out;
  values(x, out);
  return out;
}

void space::values(int x, std::vector<value_t>& out) const {
  out.clear();
  out.reserve(static_cast<std::size_t>(std::min<std::uint64_t>(size(x), 1U << 20)));
  for_each(x, [&](value_t v) {
    out.push_back(v);
    return true;
  });
}

std::string space::domain_text(int x) const {
  std::ostringstream os;
  if (fixed(x)) {
    os << value_text(x, min(x));
    return os.str();
  }
  os << '{';
  if (links_[sz(x)].value_names) {  // named values: each by its name, no ranges
    int shown = 0;
    for_each(x, [&](value_t v) {
      if (shown > 0) os << ", ";
      ++shown;
      os << (shown > 40 ? std::string("...") : value_text(x, v));
      return shown <= 40;
    });
    os << '}';
    return os.str();
  }
  bool first = true;
  value_t v = min(x);
  const value_t hi = max(x);
  int runs = 0;
  while (v <= hi) {
    value_t end = v;
    for (value_t n = next(x, end); n == end + 1 && n <= hi; n = next(x, end)) end = n;
    if (!first) os << ", ";
    first = false;
    if (++runs > 40) {
      os << "...";
      break;
    }
    if (end == v) {
      os << v;
    } else {
      os << v << ".." << end;
    }
    v = next(x, end);
  }
  os << '}';
  return os.str();
}

// --- the trail ---

void space::grow_trail() { trail_.reserve(trail_.capacity() * 2 + 64); }

void space::push() {
  marks_.push_back(trail_.size());
  ++epoch_;
}

void space::pop() {
  const std::size_t mark = marks_.back();
  marks_.pop_back();
  while (trail_.size() > mark) {
    const trail_entry e = trail_.back();
    trail_.pop_back();
    if (e.where >= 0) {
      cells_[static_cast<std::size_t>(e.where)] = e.old;
    } else if (e.where <= word_entry) {
      const std::int64_t code = word_entry - e.where;
      const var_info& d = vars_[static_cast<std::size_t>(code >> 7)];
      const auto w = static_cast<std::uint64_t>(e.old);
      cells_[d.words] = e.old;
      cells_[d.lo] = d.base + std::countr_zero(w);
      cells_[d.lo + 1] = d.base + 63 - std::countl_zero(w);
      cells_[d.lo + 2] = code & 127;
    } else {
      std::vector<value_t>& holes = vars_[static_cast<std::size_t>(-1 - e.where)].holes;
      const auto it = std::lower_bound(holes.begin(), holes.end(), e.old);
      holes.erase(it);
    }
  }
  ++epoch_;
  failed_ = false;
  interrupted_ = false;
  wiped_ = -1;
  failed_by_ = -1;
  reason_.clear();
  wipe_reason_.clear();
  clear_queue();
}

int space::new_cells(int count, std::int64_t init) {
  if (!marks_.empty()) throw std::logic_error("cells are made before the search");
  const int first = static_cast<int>(cells_.size());
  cells_.insert(cells_.end(), sz(count), init);
  stamp_.resize(cells_.size(), 0);
  return first;
}

// --- changes ---

bool space::wipe(int x) {
  wipe_reason_ = reason_;
  failed_ = true;
  wiped_ = x;
  failed_by_ = running_;
  return false;
}

void space::notify(int x, value_t old_min, value_t old_max) {
  const var_info& d = vars_[sz(x)];
  const bool now_fixed = min(x) == max(x);
  const bool bounds = min(x) != old_min || max(x) != old_max;
  const std::vector<std::pair<int, int>>& all = links_[sz(x)].subs;
  const std::size_t upto = now_fixed ? all.size() : bounds ? d.split_fixed : d.split_bounds;
  const std::pair<int, int>* subs = all.data();
  for (std::size_t i = 0; i < upto; ++i) {
    const auto [p, pos] = subs[i];
    prop_info& info = pinfo_[sz(p)];
    if (p == running_ && info.idempotent) continue;
    if (info.tracks && info.in_modified[sz(pos)] == 0) {
      info.in_modified[sz(pos)] = 1;
      info.modified.push_back(pos);
    }
    if (!info.queued) {
      info.queued = true;
      queue_[info.priority].push_back(p);
    }
  }
}

void space::schedule(int p) {
  prop_info& info = pinfo_[sz(p)];
  if (info.queued) return;
  info.queued = true;
  queue_[info.priority].push_back(p);
}

void space::clear_queue() {
  if (!queued()) {
    for (std::size_t k = 0; k < 3; ++k) {
      queue_[k].clear();
      head_[k] = 0;
    }
    return;
  }
  for (std::size_t k = 0; k < 3; ++k) {
    for (std::size_t i = head_[k]; i < queue_[k].size(); ++i) {
      prop_info& info = pinfo_[sz(queue_[k][i])];
      info.queued = false;
      for (const int pos : info.modified) info.in_modified[sz(pos)] = 0;
      info.modified.clear();
    }
    queue_[k].clear();
    head_[k] = 0;
  }
}

bool space::propagate() {
  if (failed_) return false;
  while (true) {
    std::size_t k = 0;
    while (k < 3 && head_[k] == queue_[k].size()) ++k;
    if (k == 3) {
      for (std::size_t i = 0; i < 3; ++i) {
        queue_[i].clear();
        head_[i] = 0;
      }
      return true;
    }
    // Every 256 runs, the interrupt: a crawl (bounds moving a step per run) ends at a limit.
    if ((work_.runs & 255U) == 255U && poll_interrupt()) {
      failed_ = true;
      failed_by_ = -1;
      wiped_ = -1;
      clear_queue();
      return false;
    }
    const int p = queue_[k][head_[k]++];
    prop_info& info = pinfo_[sz(p)];
    info.queued = false;
    running_ = p;
    quiet_ = info.idempotent ? p : -2;
    ++work_.runs;
    const bool ok = props_[sz(p)]->propagate(*this) && !failed_;
    running_ = -1;
    quiet_ = -2;
    reason_.clear();
    for (const int pos : info.modified) info.in_modified[sz(pos)] = 0;
    info.modified.clear();
    if (!ok) {
      failed_ = true;
      failed_by_ = p;
      ++work_.failures;
      clear_queue();
      return false;
    }
  }
}

bool space::poll_interrupt() {
  if (!interrupted_) {
    interrupted_ =
        bt::interrupted() || (interrupt_.stop != nullptr && interrupt_.stop(interrupt_.context));
  }
  return interrupted_;
}

bool space::forward(int p, int pos) {
  if (failed_) return false;
  running_ = p;
  quiet_ = pinfo_[sz(p)].idempotent ? p : -2;
  ++work_.runs;
  const bool ok = props_[sz(p)]->forward(*this, pos) && !failed_;
  running_ = -1;
  quiet_ = -2;
  reason_.clear();
  clear_queue();
  if (!ok) {
    failed_ = true;
    failed_by_ = p;
    ++work_.failures;
    return false;
  }
  return true;
}

bool space::check(int p) {
  ++work_.runs;
  if (props_[sz(p)]->holds(*this)) return true;
  failed_ = true;
  failed_by_ = p;
  wiped_ = -1;
  ++work_.failures;
  return false;
}

std::uint64_t space::holes_within(const var_info& d, value_t from, value_t to) const {
  if (from > to) return 0;
  const auto a = std::lower_bound(d.holes.begin(), d.holes.end(), from);
  const auto b = std::upper_bound(a, d.holes.end(), to);
  return static_cast<std::uint64_t>(b - a);
}

void space::insert_hole(int x, value_t v) {
  std::vector<value_t>& holes = vars_[sz(x)].holes;
  holes.insert(std::lower_bound(holes.begin(), holes.end(), v), v);
  if (!marks_.empty()) trail_.push_back({-1 - static_cast<std::int64_t>(x), v});
}

bool space::remove(int x, value_t v) {
  const value_t lo = min(x);
  const value_t hi = max(x);
  if (v < lo || v > hi) return true;
  if (lo == hi) return wipe(x);
  const var_info& d = vars_[sz(x)];
  if (v == lo) return set_min(x, v + 1);
  if (v == hi) return set_max(x, v - 1);
  const std::size_t c = d.lo;
  if (d.nwords != 0) {
    const auto pos = static_cast<std::uint64_t>(v - d.base);
    const std::size_t w = d.words + static_cast<std::size_t>(pos >> 6);
    const auto word = static_cast<std::uint64_t>(cells_[w]);
    if ((word & bit(pos)) == 0) return true;
    save_var(x);
    save(w);
    cells_[w] = static_cast<std::int64_t>(word & ~bit(pos));
  } else {
    if (std::binary_search(d.holes.begin(), d.holes.end(), v)) return true;
    insert_hole(x, v);
  }
  save_var(x);
  --cells_[c + 2];
  if (counting_) ++work_.removals;
  if (listener_ != nullptr) listener_->removed(x, 1, running_);
  changed(x, lo, hi);
  return true;
}

bool space::bits_remove_range(int x, value_t from, value_t to) {
  // Clear the bits of from..to (within the domain's words); returns whether any was set.
  const var_info& d = vars_[sz(x)];
  const auto a = static_cast<std::uint64_t>(from - d.base);
  const auto b = static_cast<std::uint64_t>(to - d.base);
  save_var(x);  // before the words: a one-word domain is then saved in one entry
  std::uint64_t cleared = 0;
  for (std::uint64_t w = a >> 6; w <= (b >> 6); ++w) {
    std::uint64_t mask = ~std::uint64_t{0};
    if (w == (a >> 6)) mask &= ~(bit(a) - 1);
    if (w == (b >> 6) && (b & 63U) != 63U) mask &= bit(b + 1) - 1;
    const std::size_t c = d.words + static_cast<std::size_t>(w);
    const auto word = static_cast<std::uint64_t>(cells_[c]);
    if ((word & mask) == 0) continue;
    cleared += static_cast<std::uint64_t>(std::popcount(word & mask));
    save(c);
    cells_[c] = static_cast<std::int64_t>(word & ~mask);
  }
  save_var(x);
  cells_[d.lo + 2] -= static_cast<std::int64_t>(cleared);
  if (counting_) work_.removals += cleared;
  if (listener_ != nullptr && cleared != 0) listener_->removed(x, cleared, running_);
  return cleared != 0;
}

bool space::set_min(int x, value_t v) {
  const value_t lo = min(x);
  const value_t hi = max(x);
  if (v <= lo) return true;
  if (v > hi) return wipe(x);
  const var_info& d = vars_[sz(x)];
  const std::size_t c = d.lo;
  value_t nv = v;
  if (d.nwords != 0) {
    if (!contains(x, nv)) nv = next(x, nv);
    bits_remove_range(x, lo, nv - 1);
  } else {
    auto it = std::lower_bound(d.holes.begin(), d.holes.end(), nv);
    while (it != d.holes.end() && *it == nv) {
      ++nv;
      ++it;
    }
    if (nv > hi) return wipe(x);
    const auto gone = static_cast<std::uint64_t>(nv - lo) - holes_within(d, lo, nv - 1);
    save_var(x);
    cells_[c + 2] -= static_cast<std::int64_t>(gone);
    if (counting_) work_.removals += gone;
    if (listener_ != nullptr) listener_->removed(x, gone, running_);
  }
  save_var(x);
  cells_[c] = nv;
  changed(x, lo, hi);
  return true;
}

bool space::set_max(int x, value_t v) {
  const value_t lo = min(x);
  const value_t hi = max(x);
  if (v >= hi) return true;
  if (v < lo) return wipe(x);
  const var_info& d = vars_[sz(x)];
  const std::size_t c = d.lo;
  value_t nv = v;
  if (d.nwords != 0) {
    if (!contains(x, nv)) nv = prev(x, nv);
    bits_remove_range(x, nv + 1, hi);
  } else {
    auto it = std::upper_bound(d.holes.begin(), d.holes.end(), nv);
    while (it != d.holes.begin() && *(it - 1) == nv) {
      --nv;
      --it;
    }
    if (nv < lo) return wipe(x);
    const auto gone = static_cast<std::uint64_t>(hi - nv) - holes_within(d, nv + 1, hi);
    save_var(x);
    cells_[c + 2] -= static_cast<std::int64_t>(gone);
    if (counting_) work_.removals += gone;
    if (listener_ != nullptr) listener_->removed(x, gone, running_);
  }
  save_var(x);
  cells_[c + 1] = nv;
  changed(x, lo, hi);
  return true;
}

void space::note_removed(int x, std::uint64_t gone) {
  if (counting_) work_.removals += gone;
  if (listener_ != nullptr) listener_->removed(x, gone, running_);
}

bool space::settle(int x, value_t v) {
  const bool counting = std::exchange(counting_, false);
  listener* const heard = std::exchange(listener_, nullptr);
  const bool ok = assign(x, v);
  counting_ = counting;
  listener_ = heard;
  return ok;
}

bool space::assign_general(int x, value_t v) {
  const var_info& d = vars_[sz(x)];
  const std::size_t c = d.lo;
  const value_t lo = cells_[c];
  const value_t hi = cells_[c + 1];
  if (!contains(x, v)) return wipe(x);
  if (lo == hi) return true;
  if (d.nwords != 0) {
    // Every word from min's to max's keeps v's bit only; the size is known without counting.
    const auto a = static_cast<std::uint64_t>(lo - d.base) >> 6;
    const auto b = static_cast<std::uint64_t>(hi - d.base) >> 6;
    const auto pv = static_cast<std::uint64_t>(v - d.base);
    for (std::uint64_t w = a; w <= b; ++w) {
      const std::size_t cw = d.words + static_cast<std::size_t>(w);
      const std::uint64_t keep = w == (pv >> 6) ? bit(pv) : 0;
      if (static_cast<std::uint64_t>(cells_[cw]) == keep) continue;
      save(cw);
      cells_[cw] = static_cast<std::int64_t>(keep);
    }
    const std::uint64_t gone = size(x) - 1;
    save_var(x);
    cells_[c + 2] = 1;
    if (counting_) work_.removals += gone;
    if (listener_ != nullptr) listener_->removed(x, gone, running_);
  } else {
    const auto gone = size(x) - 1;
    save_var(x);
    cells_[c + 2] = 1;
    if (counting_) work_.removals += gone;
    if (listener_ != nullptr) listener_->removed(x, gone, running_);
  }
  save_var(x);
  cells_[c] = v;
  cells_[c + 1] = v;
  changed(x, lo, hi);
  return true;
}

std::uint64_t space::bits_at(const var_info& d, std::int64_t p) const {
  const std::int64_t q = p >= 0 ? p / 64 : -((63 - p) / 64);  // floor(p / 64)
  const auto r = static_cast<unsigned>(p - 64 * q);
  const std::int64_t n = d.nwords;
  const auto word = [&](std::int64_t k) -> std::uint64_t {
    return k >= 0 && k < n
               ? static_cast<std::uint64_t>(cells_[d.words + static_cast<std::size_t>(k)])
               : 0;
  };
  if (r == 0) return word(q);
  return (word(q) >> r) | (word(q + 1) << (64 - r));
}

bool space::keep_shifted(int x, int y, value_t c) {
  const var_info& dx = vars_[sz(x)];
  const var_info& dy = vars_[sz(y)];
  // The listener hears one removal a value (the explanations' granularity): the value path.
  if (dx.nwords == 0 || dy.nwords == 0 || listener_ != nullptr) {
    return filter(x, [&](value_t v) { return contains(y, v - c); });
  }
  const value_t lo = min(x);
  const value_t hi = max(x);
  // x's bit p is value base_x + p; y's value base_x + p - c is y's bit p + off.
  const std::int64_t off = dx.base - c - dy.base;
  const auto first = static_cast<std::size_t>(static_cast<std::uint64_t>(lo - dx.base) >> 6);
  const auto last = static_cast<std::size_t>(static_cast<std::uint64_t>(hi - dx.base) >> 6);
  std::vector<std::uint64_t>& now = scratch_words_;
  now.resize(last - first + 1);
  bool any = false;
  bool cut = false;
  for (std::size_t w = first; w <= last; ++w) {
    const auto old = static_cast<std::uint64_t>(cells_[dx.words + w]);
    const std::uint64_t keep =
        old == 0 ? 0 : old & bits_at(dy, static_cast<std::int64_t>(64 * w) + off);
    now[w - first] = keep;
    any = any || keep != 0;
    cut = cut || keep != old;
  }
  if (!cut) return true;
  if (!any) return wipe(x);
  save_var(x);  // before the words: a one-word domain is then saved in one entry
  std::uint64_t cleared = 0;
  for (std::size_t w = first; w <= last; ++w) {
    const std::size_t cw = dx.words + w;
    const auto old = static_cast<std::uint64_t>(cells_[cw]);
    if (old == now[w - first]) continue;
    cleared += static_cast<std::uint64_t>(std::popcount(old & ~now[w - first]));
    save(cw);
    cells_[cw] = static_cast<std::int64_t>(now[w - first]);
  }
  std::size_t a = 0;
  while (now[a] == 0) ++a;
  std::size_t b = now.size() - 1;
  while (now[b] == 0) --b;
  const std::size_t c0 = dx.lo;
  cells_[c0] = dx.base + static_cast<value_t>(64 * (first + a) +
                                              static_cast<std::size_t>(std::countr_zero(now[a])));
  cells_[c0 + 1] =
      dx.base + static_cast<value_t>(64 * (first + b) + 63 -
                                     static_cast<std::size_t>(std::countl_zero(now[b])));
  cells_[c0 + 2] -= static_cast<std::int64_t>(cleared);
  note_removed(x, cleared);
  changed(x, lo, hi);
  return true;
}

bool space::remove_all(int x, std::span<const value_t> gone) {
  // Bounds first (one change each), then the values inside.
  std::size_t a = 0;
  std::size_t b = gone.size();
  while (a < b && gone[a] <= min(x)) {
    if (gone[a] == min(x) && !remove(x, gone[a])) return false;
    ++a;
  }
  while (b > a && gone[b - 1] >= max(x)) {
    if (gone[b - 1] == max(x) && !remove(x, gone[b - 1])) return false;
    --b;
  }
  for (std::size_t i = a; i < b; ++i) {
    if (!remove(x, gone[i])) return false;
  }
  return true;
}

}  // namespace bt::cp
