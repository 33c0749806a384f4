// SPDX-License-Identifier: MIT
// The propagate strategy: branch on edges anywhere in the graph rather than extending one
// path. Each decision picks the vertex with the fewest remaining options (fail first: the
// fewest usable edges, a fragment end before a fresh vertex) and chooses one of its free
// edges as its next cycle edge; the i-th alternative also deletes the alternatives tried
// before it, so the subtrees are disjoint and every cycle (as a set of edges) is found
// exactly once, whatever the order. After each decision edge_states propagates forced edges,
// dead ends and short cycles to a fixed point, and the usable graph must stay 2-connected
// (tested at every node up to 511 vertices, every (1 + n / 512)-th depth above); on request
// (run_plan::cover) the cycle cover filter of cycle_cover.hpp runs at the same depths.
// Each decision chooses a free edge, so the depth is at most n.
//
// With restarts (for the first cycle only: runs would find a cycle again), the root's
// variable is the run: run r breaks the heuristic's ties by a random order of the vertices
// (seeded by the seed and r) and gives up after a budget of luby(r + 1) * base decisions, so
// an unlucky early choice costs a bounded detour. Runs stop as soon as one of them ends
// without using up its budget (its tree was complete: a proof that there is no cycle), and
// the last run has no budget, so an exhausted search is still a proof by exhaustion.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <numeric>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include <bt/problems/hamiltonian/cycle.hpp>
#include <bt/problems/hamiltonian/cycle_cover.hpp>
#include <bt/problems/hamiltonian/edge_states.hpp>
#include <bt/problems/hamiltonian/instance.hpp>

namespace bt::problems::hamiltonian {

/// How the propagate search runs: one complete search, or randomized restarts.
struct run_plan {
  bool restarts = false;      ///< budgeted randomized runs before the complete one
  std::uint64_t seed = 1;     ///< seed of the runs' random tie orders
  std::uint32_t runs = 4096;  ///< runs in all, the last one without budget
  std::uint64_t unit = 0;     ///< decisions per Luby unit of budget (0: max(n, 100))
  bool cover = false;         ///< also filter by the cycle cover (cycle_cover.hpp)
  /// The textbook strategy: every cycle in both directions (no direction rule, cycle.hpp).
  bool both_directions = false;
};

/// Trail discipline: the edge states, undone on unassign. A variable is "the next cycle edge
/// at the branching vertex", its value the edge's number; with restarts, the root's variable
/// is the run number. A copy is an independent state at the same node (a work unit's root,
/// bt::split): a candidate list points into its state only while its level is searched, and
/// candidates() points it anew.
class propagate {
 public:
  using value_type = std::uint32_t;  ///< the edge chosen (instance::edges), or the run

  /// The candidates of a node: a list of edges, or the runs not yet made pointless by a proof.
  class choices {
   public:
    /// Input iterator over the values; ends early at the run level once a run proved there
    /// is no cycle.
    class iterator {
     public:
      using iterator_concept = std::input_iterator_tag;
      using value_type = std::uint32_t;
      using difference_type = std::ptrdiff_t;
      iterator() = default;
      iterator(const choices* c, std::uint32_t i) : c_(c), i_(i) {}
      value_type operator*() const { return c_->edges_ != nullptr ? c_->edges_[i_] : i_; }
      iterator& operator++() {
        ++i_;
        return *this;
      }
      void operator++(int) { ++i_; }
      bool operator==(std::default_sentinel_t) const {
        return i_ >= c_->size_ || (c_->edges_ == nullptr && *c_->proved_);
      }

     private:
      const choices* c_ = nullptr;
      std::uint32_t i_ = 0;
    };
    [[nodiscard]] iterator begin() const { return {this, 0}; }
    [[nodiscard]] std::default_sentinel_t end() const { return {}; }

   private:
    friend class propagate;
    const std::uint32_t* edges_ = nullptr;  // null: the run numbers 0..size-1
    std::uint32_t size_ = 0;
    const bool* proved_ = nullptr;
  };

  /// The root over g (which must outlive the search), with its forced edges propagated; a
  /// root that already fails is reported by promising().
  explicit propagate(const instance& g, run_plan plan = {})
      : g_(&g),
        n_(g.n),
        plan_(plan),
        edges_(g),
        cover_(g),
        buffers_(n_ + 2),
        rank_(n_),
        lists_(n_ + 2) {
    std::iota(rank_.begin(), rank_.end(), 0U);
    in_run_ = !plan_.restarts;
    failed_ = n_ < 3 || !settle();
    edges_.commit();  // the root is never undone
  }

  /// All n cycle edges chosen: since no fragment may close early, they form the cycle.
  [[nodiscard]] bool complete() const { return edges_.chosen_edges() == n_; }
  /// False when the last decision's propagation or the connectivity test failed.
  [[nodiscard]] bool promising() const { return !failed_; }

  /// The free edges of the branching vertex, best first. At a vertex with no chosen edge the
  /// last one is left out: as the first of its two cycle edges it leaves none for the second.
  [[nodiscard]] const choices& candidates() const {
    auto& list = lists_[level()];
    list.proved_ = &proved_;
    if (!in_run_) {
      list.edges_ = nullptr;
      list.size_ = plan_.runs;
      return list;
    }
    auto& out = buffers_[level()];
    out.clear();
    list.edges_ = out.data();
    list.size_ = 0;
    if (plan_.restarts && run_ + 1 < plan_.runs && ++decisions_ > budget_) {
      truncated_ = true;  // this run's budget is spent: its subtree is cut off here
      return list;
    }
    const vertex v = branching_vertex();
    if (v == n_) return list;
    for (const arc& a : g_->arcs[v]) {
      if (edges_.status(a.id) == edge_states::free) out.push_back(a.id);
    }
    std::sort(out.begin(), out.end(), [this, v](std::uint32_t a, std::uint32_t b) {
      return before(far_end(a, v), far_end(b, v));
    });
    if (edges_.chosen_count(v) == 0 && !out.empty()) out.pop_back();
    list.edges_ = out.data();
    list.size_ = static_cast<std::uint32_t>(out.size());
    return list;
  }

  /// Choose edge e at the branching vertex, delete the alternatives tried before it, and
  /// propagate; a failure is kept for promising(). At the run level: start run e.
  void assign(std::uint32_t e) {
    if (!in_run_) {
      start_run(e);
      return;
    }
    const auto& alternatives = buffers_[level()];
    marks_.push_back(edges_.mark());
    bool ok = true;
    for (std::size_t i = 0; ok && alternatives[i] != e; ++i) {
      ok = edges_.remove(alternatives[i]);
    }
    failed_ = !(ok && edges_.choose(e) && settle());
  }

  /// Undo the matching assign(e).
  void unassign(std::uint32_t) {
    if (marks_.empty()) {  // the end of a run
      proved_ = proved_ || !truncated_;
      in_run_ = false;
      failed_ = false;
      return;
    }
    edges_.undo(marks_.back());
    marks_.pop_back();
    failed_ = false;
  }

  /// The cycle of a complete state, as reported (from vertex 0, by the direction rule).
  [[nodiscard]] cycle solution() const {
    cycle c;
    c.reserve(n_ + 1);
    c.push_back(0);
    vertex prev = static_cast<vertex>(n_);
    vertex at = 0;
    for (std::size_t i = 0; i < n_; ++i) {
      for (const arc& a : g_->arcs[at]) {
        if (edges_.status(a.id) == edge_states::chosen && a.to != prev) {
          prev = at;
          at = a.to;
          break;
        }
      }
      c.push_back(at);
    }
    return canonical(c);
  }

  /// The edge a decision chooses, or none for the root's run number (with restarts).
  [[nodiscard]] std::optional<edge> decision_edge(std::size_t depth, std::uint32_t value) const {
    if (plan_.restarts && depth == 0) return std::nullopt;
    return g_->edges[value];
  }

  /// The value in words, for traces: "{u, v}" (1-based) or "run r".
  [[nodiscard]] std::string describe(std::size_t depth, std::uint32_t value) const {
    if (plan_.restarts && depth == 0) return "run " + std::to_string(value + 1);
    const edge& x = g_->edges[value];
    return "{" + std::to_string(x.u + 1) + ", " + std::to_string(x.v + 1) + "}";
  }

 private:
  // Index of the current node's candidate lists: the run level is 0, a run's decisions follow.
  [[nodiscard]] std::size_t level() const {
    return marks_.size() + (plan_.restarts && in_run_ ? 1 : 0);
  }

  // Luby's sequence 1 1 2 1 1 2 4 1 1 2 ...: luby(i) for i >= 1.
  static std::uint64_t luby(std::uint64_t i) {
    for (;;) {
      std::uint64_t k = 1;
      while ((std::uint64_t{1} << k) - 1 < i) ++k;
      if (i == (std::uint64_t{1} << k) - 1) return std::uint64_t{1} << (k - 1);
      i -= (std::uint64_t{1} << (k - 1)) - 1;
    }
  }

  // Run r: a fresh random tie order (run 0 keeps the vertex numbers) and its budget.
  void start_run(std::uint32_t r) {
    in_run_ = true;
    run_ = r;
    truncated_ = false;
    decisions_ = 0;
    budget_ = luby(r + 1) * (plan_.unit != 0 ? plan_.unit : std::max<std::uint64_t>(n_, 100));
    std::iota(rank_.begin(), rank_.end(), 0U);
    if (r != 0) {
      std::mt19937_64 rng(plan_.seed * 0x9e3779b97f4a7c15ULL + r);
      std::shuffle(rank_.begin(), rank_.end(), rng);
    }
    failed_ = proved_;  // a proof makes the remaining runs pointless
  }

  // Propagate the degree rules to a fixed point, then test 2-connectivity: at every decision
  // up to 511 vertices, every (1 + n / 512)-th depth on larger graphs (as pruned does), so a
  // branch of n decisions costs O(n (n + m) / stride) and not more. At the same depths the
  // cycle cover filter (when planned) alternates with the degree rules until it deletes
  // nothing more, before the 2-connectivity test.
  bool settle() {
    if (!edges_.propagate()) return false;
    if (marks_.size() % stride_ != 0) return true;
    if (plan_.cover) {
      do {
        if (!cover_.filter(edges_) || !edges_.propagate()) return false;
      } while (cover_.removed() != 0);
    }
    return edges_.biconnected();
  }

  // The vertex with the fewest usable edges among those still short of two chosen ones,
  // a fragment end first, ties by number; n when every vertex has its two edges.
  [[nodiscard]] vertex branching_vertex() const {
    vertex best = static_cast<vertex>(n_);
    for (std::size_t i = 0; i < n_; ++i) {
      const auto v = static_cast<vertex>(i);
      if (edges_.chosen_count(v) < 2 && (best == n_ || before(v, best))) best = v;
    }
    return best;
  }

  // Fewer usable edges first; a fragment end counts as more constrained.
  [[nodiscard]] bool before(vertex a, vertex b) const {
    const auto ka = 2 * edges_.avail(a) - edges_.chosen_count(a);
    const auto kb = 2 * edges_.avail(b) - edges_.chosen_count(b);
    return ka != kb ? ka < kb : rank_[a] < rank_[b];
  }

  [[nodiscard]] vertex far_end(std::uint32_t e, vertex v) const {
    const edge& x = g_->edges[e];
    return x.u == v ? x.v : x.u;
  }

  const instance* g_;
  std::size_t n_;
  run_plan plan_;
  edge_states edges_;
  cycle_cover cover_;
  std::vector<std::size_t> marks_;
  bool failed_ = false;
  // The candidates of each depth: assign() deletes the ones before its edge.
  mutable std::vector<std::vector<std::uint32_t>> buffers_;
  std::vector<std::uint32_t> rank_;  // tie order of the vertices in this run
  mutable std::vector<choices> lists_;
  // The run: its number, decisions expanded against its budget, and whether it was cut off.
  bool in_run_ = false;
  bool proved_ = false;
  std::uint32_t run_ = 0;
  mutable bool truncated_ = false;
  mutable std::uint64_t decisions_ = 0;
  std::uint64_t budget_ = 0;
  std::size_t stride_ = 1 + n_ / 512;  // depths between connectivity tests
};

}  // namespace bt::problems::hamiltonian
