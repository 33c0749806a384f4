// SPDX-License-Identifier: MIT
// The work units of an N-Queens count: the subproblems of count.hpp's split, listed once in a
// deterministic order so that any process (a thread, an MPI rank, a batch job) can count unit
// k alone, and the results, added in unit order, are exactly those of the single run.
#pragma once

#include <bit>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <bt/parallel.hpp>
#include <bt/split.hpp>
#include <bt/stats.hpp>
#include <bt/visitors.hpp>
#include <bt/problems/nqueens/bitboard.hpp>
#include <bt/problems/nqueens/count.hpp>
#include <bt/problems/nqueens/placement.hpp>
#include <bt/problems/nqueens/symmetric.hpp>

namespace bt::problems::nqueens {

/// What the search of one work unit found.
struct unit_count {
  std::uint64_t total = 0;   ///< solutions below the unit's root
  std::uint64_t unique = 0;  ///< fundamental solutions (symmetric units only)
  bt::stats stats;           ///< the unit's own search, when asked for
  bool done = false;         ///< searched to the end (false: stopped by a limit)
};

/// The work units of one count: the symmetric counter's (empty board, total and unique) or the
/// bitboard counter's (total, pre-placed queens allowed). Not copyable: the units may point
/// into the domain masks it owns.
class work_units {
 public:
  /// The units of d's count. `rows`: rows added below each root; none: count.hpp's choice,
  /// so the units are exactly count_symmetric's (symmetric) or count_parallel's subproblems.
  /// symmetric needs an empty board and 4 <= n <= 32; otherwise n <= 32.
  /// Throws split_stopped past max_units units (a deep --split of a large board) or at Ctrl-C.
  work_units(const row_domains& d, bool symmetric, std::optional<std::size_t> rows)
      : n_(d.n()), symmetric_(symmetric) {
    // Each split is walked twice: first holding nothing, to refuse one too large before its
    // memory is spent, then for real (the top of the tree is a small part of its work); both
    // walks are one instantiation of the search (probe_split with statistics).
    split_guard probe(max_units);
    bt::stats probed;  // the probe's own, not kept
    split_guard guard(max_units);
    if (symmetric_) {
      classes_ = symmetry_classes(n_);
      const auto cut_of = [&](std::size_t c) {
        const std::size_t fixed = classes_[c].prefix.size();
        return rows ? clip(*rows, fixed) : detail::split_rows(n_, fixed);
      };
      for (std::size_t c = 0; c < classes_.size(); ++c) {
        probe_split(class_root(classes_[c], n_), cut_of(c), probed, probe);
        probe.check(what(rows));
      }
      for (std::size_t c = 0; c < classes_.size(); ++c) {
        for (auto& sub : split(class_root(classes_[c], n_), cut_of(c), top_, guard)) {
          sym_.push_back({c, std::move(sub)});
        }
        guard.check(what(rows));
      }
    } else {
      const std::size_t cut = rows ? clip(*rows, 0) : detail::split_rows(n_, 0);
      const auto split_into = [&](const auto& root, auto& into) {
        probe_split(root, cut, probed, probe);
        probe.check(what(rows));
        into = split(root, cut, top_, guard);
        guard.check(what(rows));
      };
      if (d.free()) {
        split_into(make_bitboard<std::uint32_t>(n_), free_);
      } else {
        split_into(make_bitboard<std::uint32_t>(d, masks_), placed_);
      }
    }
    top_.solutions = 0;  // the split's leaves are unit roots, not solutions
  }
  /// The most units of one count: 16.7 million, about 3 GB of unit roots and their results
  /// (the automatic split of n = 23 makes 881,352).
  static constexpr std::size_t max_units = std::size_t{1} << 24;
  work_units(const work_units&) = delete;
  work_units& operator=(const work_units&) = delete;

  /// The number of units.
  [[nodiscard]] std::size_t size() const {
    return symmetric_ ? sym_.size() : free_.size() + placed_.size();
  }
  /// True for the symmetric counter's units (they count unique solutions too).
  [[nodiscard]] bool symmetric() const { return symmetric_; }

  /// The 0-based columns of unit k's fixed top rows, row 0 first: its partial placement.
  [[nodiscard]] std::vector<int> columns(std::size_t k) const {
    std::vector<int> out;
    if (symmetric_) {
      out = classes_[sym_[k].cls].prefix;
      for (const auto q : sym_[k].sub.prefix) out.push_back(std::countr_zero(q));
    } else {
      const auto& prefix = free_.empty() ? placed_[k].prefix : free_[k].prefix;
      for (const auto q : prefix) out.push_back(std::countr_zero(q));
    }
    return out;
  }

  /// Search unit k under `limits`; statistics only when want_stats (they cost a little).
  [[nodiscard]] unit_count count(std::size_t k, shared_limits& limits, bool want_stats) const {
    if (symmetric_) return count_symmetric_unit(k, limits, want_stats);
    if (free_.empty()) return count_plain(placed_[k].state, limits, want_stats);
    return count_plain(free_[k].state, limits, want_stats);
  }

  /// An empty result of this count: the statistics of the top part of the tree, the units.
  [[nodiscard]] count_result start() const {
    count_result r;
    r.stats = top_;
    r.units = size();
    return r;
  }
  /// Add unit k's count to r, as count.hpp does (statistics as if one search had run).
  void add(count_result& r, std::size_t k, const unit_count& c, bool with_stats) const {
    r.total += c.total;
    r.unique += c.unique;
    r.units_done += c.done ? 1U : 0U;
    if (with_stats) add_subproblem_stats(r.stats, c.stats, columns(k).size());
  }

 private:
  static std::string what(std::optional<std::size_t> rows) {
    return rows ? "splitting " + std::to_string(*rows) + " rows deep" : std::string("the split");
  }
  struct sym_unit {
    std::size_t cls;
    subproblem<symmetric_bitboard> sub;
  };

  // Rows below a root that has `fixed` rows placed: at most n - fixed - 2, as split_rows.
  [[nodiscard]] std::size_t clip(std::size_t rows, std::size_t fixed) const {
    const auto n = static_cast<std::size_t>(n_);
    const std::size_t room = n > fixed + 2 ? n - fixed - 2 : 0;
    return rows < room ? rows : room;
  }

  [[nodiscard]] unit_count count_symmetric_unit(std::size_t k, shared_limits& limits,
                                                bool want_stats) const {
    const sym_unit& u = sym_[k];
    const symmetry_class& c = classes_[u.cls];
    auto w = detail::orbit_counter_for(c, u.sub.prefix, n_);
    unit_count r;
    r.done = detail::search_unit(u.sub.state, limits, want_stats, w, r.stats);
    r.total = w.total;
    r.unique = w.unique;
    return r;
  }

  template <class P>
  static unit_count count_plain(P root, shared_limits& limits, bool want_stats) {
    solution_counter c;
    unit_count r;
    r.done = detail::search_unit(root, limits, want_stats, c, r.stats);
    r.total = c.count;
    return r;
  }

  int n_;
  bool symmetric_;
  bt::stats top_;
  std::vector<symmetry_class> classes_;
  std::vector<sym_unit> sym_;
  std::vector<subproblem<bitboard<std::uint32_t>>> free_;
  std::vector<std::uint32_t> masks_;
  std::vector<subproblem<bitboard<std::uint32_t, true>>> placed_;
};

}  // namespace bt::problems::nqueens
