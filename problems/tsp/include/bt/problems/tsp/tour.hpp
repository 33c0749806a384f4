// SPDX-License-Identifier: MIT
// What every strategy's node is: a path from city 1 extended city by city (the textbook's
// state space tree for the TSP), in the trail discipline. The children of a node are the
// cities not on the path, in index order (the textbook's) or the cheapest edge first; a child
// without an edge from the path's end (or, last, without one back to city 1) is rejected by
// consistent(). Each strategy (search.hpp) adds its bound and prices the edges.
#pragma once

#include <algorithm>
#include <cstddef>
#include <limits>
#include <optional>
#include <span>
#include <vector>

#include <bt/optimise.hpp>
#include <bt/problems/tsp/instance.hpp>

namespace bt::problems::tsp {

/// The bound of a node no tour passes through (a city left without an edge to reach it).
inline constexpr length infeasible = std::numeric_limits<length>::max();

/// The order in which a node's children (the next cities) are tried.
enum class child_order {
  index,    ///< ascending city number: the textbook's
  cheapest  ///< the cheapest edge from the path's end first (ties by number), priced as the
            ///< strategy's bound prices it: good tours come first
};

/// The path from city 0 and what the strategies share. Not a problem by itself: search.hpp's
/// types add candidates, assign, unassign and bound.
class tour_base {
 public:
  using value_type = city;  ///< the next city on the path (0-based)

  /// Every city on the path (the closing edge is the objective's)?
  [[nodiscard]] bool complete() const { return path_.size() == in_->n(); }
  /// An edge from the path's end to v, and for the last city one from v back to city 1.
  [[nodiscard]] bool consistent(city v) const {
    return in_->edge(last(), v) && (path_.size() + 1 < in_->n() || in_->edge(v, 0));
  }

  // Branch and bound (bt/optimise.hpp).
  /// Always: the tour's length is the objective.
  [[nodiscard]] bool optimises() const { return true; }
  /// The salesman minimises.
  [[nodiscard]] static constexpr bt::goal direction() { return bt::goal::minimize; }
  /// The tour's length, the edge back to city 1 included (of a complete node).
  [[nodiscard]] length objective() const { return in_->n() == 1 ? 0 : length_ + in_->d(last(), 0); }
  /// The incumbent the search prunes against (null: none, every tour is reported).
  [[nodiscard]] bt::incumbent<length>* incumbent() const { return inc_; }
  /// Prune against inc from now on (copies made after share it; null: no pruning).
  void share(bt::incumbent<length>* inc) { inc_ = inc; }

  /// The instance searched.
  [[nodiscard]] const instance& graph() const { return *in_; }
  /// The path, city 0 first.
  [[nodiscard]] std::span<const city> path() const { return path_; }
  /// The path's end.
  [[nodiscard]] city last() const { return path_.back(); }
  /// The length of the path (without the closing edge).
  [[nodiscard]] length path_length() const { return length_; }
  /// Whether c is on the path.
  [[nodiscard]] bool visited(city c) const { return visited_[c] != 0; }
  /// The order children are tried in.
  [[nodiscard]] child_order order() const { return order_; }

 protected:
  /// The root: the path {0} over in, which must outlive the search.
  tour_base(const instance& in, child_order order)
      : in_(&in), path_{0}, visited_(in.n(), 0), order_(order) {
    path_.reserve(in.n());
    visited_[0] = 1;
  }
  /// Put v at the end of the path.
  void extend(city v) {
    length_ += in_->d(last(), v);
    path_.push_back(v);
    visited_[v] = 1;
  }
  /// The cities not on the path in the child order, `price(c)` the edge to c's price (for
  /// `cheapest`; an edge that does not exist goes last). The list of each level is kept until
  /// the level is next filled, so the engine may walk it while deeper levels are searched.
  template <class Price>
  [[nodiscard]] std::span<const city> children(Price price) const {
    const std::size_t level = path_.size() - 1;
    while (children_.size() <= level) children_.emplace_back();
    std::vector<city>& out = children_[level];  // its buffer stays put as levels are added
    out.clear();
    for (city c = 0; c < in_->n(); ++c) {
      if (visited_[c] == 0) out.push_back(c);
    }
    if (order_ == child_order::cheapest) {
      const city from = last();
      keys_.resize(in_->n());
      for (const city c : out) {
        keys_[c] = in_->edge(from, c) ? price(c) : std::numeric_limits<length>::max();
      }
      std::sort(out.begin(), out.end(), [&](city a, city b) {
        return keys_[a] < keys_[b] || (keys_[a] == keys_[b] && a < b);
      });
    }
    return out;
  }
  /// Undo extend(v).
  void retract(city v) {
    path_.pop_back();
    visited_[v] = 0;
    length_ -= in_->d(last(), v);
  }
  /// What the rest of the tour may cost for this node to beat the incumbent: its value less
  /// the path's length; nothing without an incumbent.
  [[nodiscard]] std::optional<length> budget() const {
    if (inc_ == nullptr || !inc_->has()) return std::nullopt;
    return inc_->value() - length_;
  }
  /// Cities not on the path.
  [[nodiscard]] std::size_t unvisited() const { return in_->n() - path_.size(); }
  /// The visited flags, by city.
  [[nodiscard]] const std::vector<char>& visited_flags() const { return visited_; }

 private:
  const instance* in_;
  std::vector<city> path_;
  std::vector<char> visited_;
  length length_ = 0;
  child_order order_;
  mutable std::vector<std::vector<city>> children_;  // the candidates of each level
  mutable std::vector<length> keys_;                 // scratch: the prices, by city
  bt::incumbent<length>* inc_ = nullptr;
};

}  // namespace bt::problems::tsp
