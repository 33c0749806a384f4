// SPDX-License-Identifier: MIT
// The textbook m-colouring (Horowitz and Sahni, mColoring / NextValue): vertices in input order,
// each tries the colours 1..m in turn, and a colour is safe when no earlier neighbour has it.
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include <bt/ranges.hpp>
#include <bt/problems/colouring/adjacency.hpp>

namespace bt::problems::colouring {

/// Trail discipline: the variables are the vertices 0..n-1 in order, the values colours 1..m.
/// The search finds every proper colouring with colours from 1..m (labelled: renaming the
/// colours gives a different colouring), in lexicographic order of the colour vector.
class textbook {
 public:
  using value_type = int;  ///< the colour, 1..m, of the next vertex

  /// The empty colouring of g with up to m colours; g must outlive the problem.
  textbook(const adjacency& g, int m) : g_(&g), m_(m), colour_(g.size(), 0) {}

  [[nodiscard]] bool complete() const { return next_ == colour_.size(); }
  [[nodiscard]] bt::int_range candidates() const { return {1, m_ + 1}; }
  /// NextValue's test: only the neighbours coloured so far (those before the next vertex) count.
  [[nodiscard]] bool consistent(int c) const {
    for (const vertex w : g_->neighbours(next_)) {
      if (w >= next_) break;  // the lists are sorted: the rest is not coloured yet
      if (colour_[w] == c) return false;
    }
    return true;
  }
  void assign(int c) { colour_[next_++] = c; }
  void unassign(int) { colour_[--next_] = 0; }

  /// The vertex the next assign() colours.
  [[nodiscard]] std::size_t next_vertex() const { return next_; }
  /// The vertex coloured at search depth d (d < number coloured).
  [[nodiscard]] std::size_t vertex_at(std::size_t d) const { return d; }
  /// The name of vertex v for people: its own number here.
  [[nodiscard]] std::size_t label(std::size_t v) const { return v; }
  /// Colour of every vertex, 0 for the uncoloured ones.
  [[nodiscard]] std::span<const int> colours() const { return colour_; }
  /// The number of colours m.
  [[nodiscard]] int max_colours() const { return m_; }

 private:
  const adjacency* g_;
  int m_;
  std::size_t next_ = 0;
  std::vector<int> colour_;
};

}  // namespace bt::problems::colouring
