// SPDX-License-Identifier: MIT
// Brélaz's DSATUR as a search model: the next vertex is the one whose neighbours already show
// the most distinct colours (ties: most uncoloured neighbours), and it takes an old colour or
// the one new colour k+1, so colourings equal up to a renaming of colours are searched once.
// The same model serves the m-colouring (colours below m+1) and the chromatic branch and bound
// (colours below the incumbent, which the caller lowers as better colourings are found).
#pragma once

#include <algorithm>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <bt/ranges.hpp>
#include <bt/problems/colouring/adjacency.hpp>
#include <bt/problems/colouring/vertex_set.hpp>

namespace bt::problems::colouring {

/// The most cells (vertices x colours) of the saturation table a dsatur search allocates.
inline constexpr std::size_t max_dsatur_cells = std::size_t{1} << 27;

/// Trail discipline. A colouring it reaches is canonical: colours first appear in the order
/// 1, 2, 3, ... along the search path (the precoloured clique first). Each proper colouring
/// with colours below *limit is the renaming of exactly one canonical colouring.
class dsatur {
 public:
  using value_type = int;  ///< the colour of the next vertex, 1-based

  /// g must outlive the problem, and so must *limit, the exclusive bound on colours, which the
  /// caller may lower between events (never raise). `cap` is the largest colour the search will
  /// ever give (it sizes the tables): at least *limit - 1 or the number of vertices.
  /// `clique` (a clique of g) is coloured 1, 2, ... before the search; if it needs more colours
  /// than allowed the root is not promising. Throws std::length_error past max_dsatur_cells.
  dsatur(const adjacency& g, int cap, const int* limit, std::span<const vertex> clique)
      : g_(&g),
        n_(g.size()),
        cap_(static_cast<std::size_t>(std::max(cap, 1))),
        limit_(limit),
        colour_(n_, 0),
        sat_(n_, 0),
        udeg_(n_, 0),
        used_(cap_ + 2, 0),
        blocked_(n_, 0),
        free_(n_),
        pos_(n_) {
    if (n_ != 0 && cap_ > max_dsatur_cells / n_) {
      throw std::length_error("dsatur: " + std::to_string(n_) + " vertices x " +
                              std::to_string(cap_) + " colours is too large a table");
    }
    count_.assign(n_ * cap_, 0);
    order_.reserve(n_);
    for (std::size_t v = 0; v < n_; ++v) {
      udeg_[v] = static_cast<int>(g.degree(v));
      free_[v] = static_cast<vertex>(v);
      pos_[v] = v;
    }
    nfree_ = n_;
    build_tree();
    if (clique.size() > cap_ || static_cast<int>(clique.size()) >= *limit_) {
      infeasible_ = true;
      return;
    }
    for (std::size_t i = 0; i < clique.size(); ++i) colour(clique[i], static_cast<int>(i) + 1);
    pre_ = clique.size();
    if (nfree_ != 0) next_ = select();
  }

  [[nodiscard]] bool complete() const { return nfree_ == 0; }
  /// The old colours and the new one, all below the bound (consistent() rejects the old colours
  /// the vertex's neighbours hold).
  /// A colour forced by a clique (see set_cliques) is the only candidate.
  [[nodiscard]] bt::int_range candidates() const {
    if (forced_ != 0) return {forced_, forced_ + 1};
    const int top = std::min({k_ + 1, *limit_ - 1, static_cast<int>(cap_)});
    return {1, top + 1};
  }
  /// c is free at the next vertex and the colouring stays below the bound (which may have
  /// dropped since candidates() was taken).
  [[nodiscard]] bool consistent(int c) const {
    return c < *limit_ && k_ < *limit_ &&
           count_[next_ * cap_ + static_cast<std::size_t>(c - 1)] == 0;
  }
  /// A node is hopeless when it already uses as many colours as the bound allows, or when the
  /// most saturated vertex (the next one) has no colour left: no new one and every old one taken.
  /// With cliques set, also when a clique fails the pigeonhole test of set_cliques.
  [[nodiscard]] bool promising() const {
    if (infeasible_ || dead_ || k_ >= *limit_) return false;
    if (complete()) return true;
    return k_ + 1 < *limit_ || sat_[next_] < k_;
  }
  void assign(int c) {
    colour(next_, c);
    forced_ = 0;
    if (nfree_ == 0) return;
    if (!cliques_.empty() && !propagate(order_.back())) {
      dead_ = true;
      return;
    }
    if (forced_ == 0) next_ = select();
  }
  void unassign(int) {
    dead_ = false;  // the parent was expanded, so it was alive
    forced_ = 0;    // its candidates were taken before its first child
    next_ = order_.back();
    uncolour(next_);
  }

  /// The vertex the next assign() colours (meaningful while !complete()).
  [[nodiscard]] std::size_t next_vertex() const { return next_; }
  /// The vertex coloured at search depth d (the precoloured clique is not counted in depths).
  [[nodiscard]] std::size_t vertex_at(std::size_t d) const { return order_[pre_ + d]; }
  /// Colour of every vertex, 0 for the uncoloured ones.
  [[nodiscard]] std::span<const int> colours() const { return colour_; }
  /// Colours used so far (they are 1..colours_used()).
  [[nodiscard]] int colours_used() const { return k_; }
  /// Vertices coloured before the search (the clique).
  [[nodiscard]] std::size_t precoloured() const { return pre_; }
  /// Cliques of g for two deductions after each assignment, used only when the colours fit in
  /// 64 bits (cap <= 64); each must be a clique of g.
  /// - Pigeonhole: the uncoloured vertices U of a clique need |U| distinct colours; if fewer are
  ///   open to them together (old colours free at one of them, plus the colours not used yet),
  ///   the node is dead.
  /// - Hidden single: if exactly |U| are open, each open colour is needed in U; an old colour
  ///   open at a single vertex of U must go there, so that vertex is coloured next with that
  ///   colour as its only candidate.
  void set_cliques(std::vector<std::vector<vertex>> cliques) {
    if (cap_ > 64) return;
    cliques_ = std::move(cliques);
    of_vertex_.assign(n_, {});
    for (std::size_t i = 0; i < cliques_.size(); ++i) {
      for (const vertex v : cliques_[i]) of_vertex_[v].push_back(static_cast<std::uint32_t>(i));
    }
    seen_.assign(cliques_.size(), 0);
    if (infeasible_ || nfree_ == 0) return;
    ++stamp_;
    for (std::uint32_t i = 0; i < cliques_.size(); ++i) {
      if (!deduce(i)) {
        infeasible_ = true;
        return;
      }
    }
  }
  /// The name of vertex v for people (the caller's numbering, when the graph was renumbered).
  [[nodiscard]] std::size_t label(std::size_t v) const { return labels_.empty() ? v : labels_[v]; }
  /// Name the vertices; `labels` (one per vertex) must outlive the problem.
  void set_labels(std::span<const vertex> labels) { labels_ = labels; }
  /// Distinct colours among the coloured neighbours of v.
  [[nodiscard]] int saturation(std::size_t v) const { return sat_[v]; }

 private:
  // The cliques through v (just coloured) or its neighbours: only their open colours changed.
  bool propagate(std::size_t v) {
    ++stamp_;
    for (const std::uint32_t i : of_vertex_[v]) {
      if (!deduce(i)) return false;
    }
    for (const vertex w : g_->neighbours(v)) {
      for (const std::uint32_t i : of_vertex_[w]) {
        if (!deduce(i)) return false;
      }
    }
    return true;
  }
  // Clique i's pigeonhole test (false: dead) and hidden single (sets next_ and forced_).
  bool deduce(std::uint32_t i) {
    if (seen_[i] == stamp_) return true;
    seen_[i] = stamp_;
    const int open_new = *limit_ - 1 - k_;  // colours k+1 .. limit-1, open to every vertex
    const std::uint64_t old = k_ >= 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << k_) - 1U;
    std::uint64_t open = 0;
    std::uint64_t twice = 0;  // old colours open at two or more vertices of U
    int free = 0;
    for (const vertex u : cliques_[i]) {
      if (colour_[u] != 0) continue;
      ++free;
      const std::uint64_t o = ~blocked_[u] & old;
      twice |= open & o;
      open |= o;
    }
    const int have = popcount64(open) + open_new;
    if (have < free) return false;
    const std::uint64_t once = open & ~twice;
    if (have == free && once != 0 && forced_ == 0) {
      const auto c = static_cast<std::size_t>(std::countr_zero(once));
      for (const vertex u : cliques_[i]) {
        if (colour_[u] == 0 && (blocked_[u] & (std::uint64_t{1} << c)) == 0) {
          next_ = u;
          forced_ = static_cast<int>(c) + 1;
          break;
        }
      }
    }
    return true;
  }
  void colour(std::size_t v, int c) {
    const auto uc = static_cast<std::size_t>(c - 1);
    colour_[v] = c;
    order_.push_back(static_cast<vertex>(v));
    // Swap v past the end of the free list; the LIFO undo finds it there again.
    const std::size_t i = pos_[v];
    const vertex last = free_[nfree_ - 1];
    free_[i] = last;
    pos_[last] = i;
    free_[nfree_ - 1] = static_cast<vertex>(v);
    pos_[v] = nfree_ - 1;
    --nfree_;
    if (used_[static_cast<std::size_t>(c)]++ == 0) k_ = std::max(k_, c);
    for (const vertex w : g_->neighbours(v)) {
      --udeg_[w];
      if (count_[w * cap_ + uc]++ == 0) {
        ++sat_[w];
        blocked_[w] |= bit(uc);
      }
    }
    refresh_around(v);
  }
  static std::uint64_t bit(std::size_t uc) { return uc < 64 ? std::uint64_t{1} << uc : 0; }
  void uncolour(std::size_t v) {
    const int c = colour_[v];
    const auto uc = static_cast<std::size_t>(c - 1);
    for (const vertex w : g_->neighbours(v)) {
      ++udeg_[w];
      if (--count_[w * cap_ + uc] == 0) {
        --sat_[w];
        blocked_[w] &= ~bit(uc);
      }
    }
    if (--used_[static_cast<std::size_t>(c)] == 0) {
      while (k_ > 0 && used_[static_cast<std::size_t>(k_)] == 0) --k_;
    }
    colour_[v] = 0;
    order_.pop_back();
    ++nfree_;  // v is still at free_[nfree_ - 1]
    refresh_around(v);
  }
  // Brélaz's rule: most distinct neighbour colours, then most uncoloured neighbours, then the
  // lowest number (so the order is reproducible). A strict total order: the scan and the
  // tournament tree pick the same vertex.
  [[nodiscard]] bool better(std::size_t v, std::size_t best) const {
    return sat_[v] != sat_[best]     ? sat_[v] > sat_[best]
           : udeg_[v] != udeg_[best] ? udeg_[v] > udeg_[best]
                                     : v < best;
  }
  [[nodiscard]] std::size_t select() const {
    if (!tree_.empty()) return tree_[1];
    std::size_t best = free_[0];
    for (std::size_t i = 1; i < nfree_; ++i) {
      if (better(free_[i], best)) best = free_[i];
    }
    return best;
  }

  // The tournament tree: on a large sparse graph, scanning every uncoloured vertex at every
  // step made a whole colouring quadratic (300,000 isolated vertices took 52 s). The tree
  // holds at each node the best uncoloured vertex below it (leaves_ + v is v's leaf), so a
  // change of colour costs O(log n) per vertex touched, the choice O(1). It is used when those
  // updates (about degree x log n per step) cost less than the scan (n per step).
  void build_tree() {
    std::size_t arcs = 0;
    for (std::size_t v = 0; v < n_; ++v) arcs += g_->degree(v);
    const auto depth = static_cast<std::size_t>(std::bit_width(n_));
    if (n_ < tree_from || arcs * depth > n_ * n_) return;
    leaves_ = std::bit_ceil(n_);
    tree_.assign(2 * leaves_, none);
    for (std::size_t v = 0; v < n_; ++v) tree_[leaves_ + v] = static_cast<vertex>(v);
    for (std::size_t i = leaves_ - 1; i >= 1; --i)
      tree_[i] = winner(tree_[2 * i], tree_[2 * i + 1]);
  }
  [[nodiscard]] vertex winner(vertex a, vertex b) const {
    if (a == none) return b;
    if (b == none) return a;
    return better(b, a) ? b : a;
  }
  // v's key or colour changed: replay its matches up to the root.
  void refresh(std::size_t v) {
    std::size_t i = leaves_ + v;
    tree_[i] = colour_[v] == 0 ? static_cast<vertex>(v) : none;
    for (i /= 2; i >= 1; i /= 2) tree_[i] = winner(tree_[2 * i], tree_[2 * i + 1]);
  }
  // v was coloured or uncoloured: v and its uncoloured neighbours (their keys moved) replay.
  void refresh_around(std::size_t v) {
    if (tree_.empty()) return;
    refresh(v);
    for (const vertex w : g_->neighbours(v)) {
      if (colour_[w] == 0) refresh(w);
    }
  }

  const adjacency* g_;
  std::size_t n_;
  std::size_t cap_;
  const int* limit_;
  std::vector<int> colour_;
  std::vector<int> sat_;
  std::vector<int> udeg_;
  std::vector<std::uint32_t> count_;    // count_[v * cap_ + c - 1]: neighbours of v coloured c
  std::vector<int> used_;               // used_[c]: vertices coloured c
  std::vector<std::uint64_t> blocked_;  // bit c-1: a neighbour has colour c (c <= 64)
  std::vector<std::vector<vertex>> cliques_;
  std::vector<std::vector<std::uint32_t>> of_vertex_;  // cliques through each vertex
  std::vector<std::uint32_t> seen_;  // clique i was deduced from at stamp seen_[i]
  std::uint32_t stamp_ = 0;
  int forced_ = 0;                // the colour a hidden single forces on next_, or 0
  bool dead_ = false;             // a clique failed the pigeonhole test after the last assign()
  std::vector<vertex> order_;     // coloured vertices, in the order coloured
  std::vector<vertex> free_;      // uncoloured vertices first (nfree_ of them)
  std::vector<std::size_t> pos_;  // index of each vertex in free_
  std::span<const vertex> labels_;
  std::size_t nfree_ = 0;
  std::size_t next_ = 0;
  std::size_t pre_ = 0;
  int k_ = 0;
  bool infeasible_ = false;
  static constexpr std::size_t tree_from = 1024;  // below, the scan is as quick
  static constexpr vertex none = ~vertex{0};
  std::vector<vertex> tree_;  // empty: select() scans
  std::size_t leaves_ = 0;
};

}  // namespace bt::problems::colouring
