// SPDX-License-Identifier: MIT
// trace_checker: a visitor that checks the engine's events nest as docs/statistics.md says.
#pragma once

#include <concepts>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include <bt/engine.hpp>
#include <bt/events.hpp>

namespace bt::conformance {

/// Checks, event by event, that the trace of a search is well formed: a node is entered at the
/// root and after each assign, at the depth of the path; every assign is closed by its own
/// backtrack (same depth and value), by the node-level prune of the node it leads to, or by a
/// stop; prunes, solutions and assigns happen at the path's depth. The first fault is kept.
template <class P>
class trace_checker {
 public:
  void on(const ev::node<P>& e) {
    expect(expecting_node_, "a node entered without an assign before it");
    expect_depth(e.depth == path_.size(), "node", e.depth);
    expecting_node_ = false;
    just_entered_ = true;
  }
  void on(const ev::assign<P>& e) {
    expect(!expecting_node_, "two assigns without a node between them");
    expect_depth(e.depth == path_.size(), "assign", e.depth);
    path_.push_back(e.value);
    expecting_node_ = true;
    just_entered_ = false;
  }
  void on(const ev::prune<P>& e) {
    expect(!expecting_node_, "a prune before the node was entered");
    expect_depth(e.depth == path_.size(), "prune", e.depth);
    if (e.node_level) {
      expect(just_entered_, "a node-level prune not right after its node");
      if (!path_.empty()) {
        path_.pop_back();  // a pruned node's assign gets no backtrack
      }
    }
    just_entered_ = false;
  }
  void on(const ev::solution<P>& e) {
    expect(just_entered_, "a solution not right after its node");
    expect_depth(e.depth == path_.size(), "solution", e.depth);
    ++solutions_;
    just_entered_ = false;
  }
  void on(const ev::backtrack<P>& e) {
    expect(!expecting_node_, "a backtrack before the node was entered");
    expect_depth(!path_.empty() && e.depth + 1 == path_.size(), "backtrack", e.depth);
    if constexpr (std::equality_comparable<typename P::value_type>) {
      expect(path_.empty() || path_.back() == e.value, "a backtrack of another value");
    }
    if (!path_.empty()) {
      path_.pop_back();
    }
    just_entered_ = false;
  }

  /// The first fault, or empty: after an exhausted search the path must be empty again.
  [[nodiscard]] std::string finish(outcome how) const {
    if (!fault_.empty()) {
      return fault_;
    }
    if (how == outcome::exhausted && (!path_.empty() || expecting_node_)) {
      return std::to_string(path_.size()) + " assigns never closed";
    }
    return {};
  }
  /// Solutions heard.
  [[nodiscard]] std::size_t solutions() const { return solutions_; }

 private:
  void expect(bool ok, const char* what) {
    if (!ok && fault_.empty()) {
      fault_ = std::string(what) + " (event " + std::to_string(events_) + ")";
    }
    ++events_;
  }
  void expect_depth(bool ok, const char* event, std::size_t depth) {
    if (!ok && fault_.empty()) {
      fault_ = std::string(event) + " at depth " + std::to_string(depth) + " with " +
               std::to_string(path_.size()) + " variables assigned (event " +
               std::to_string(events_) + ")";
    }
    ++events_;
  }

  std::vector<typename P::value_type> path_;
  bool expecting_node_ = true;
  bool just_entered_ = false;
  std::size_t solutions_ = 0;
  std::size_t events_ = 0;
  std::string fault_;
};

}  // namespace bt::conformance
