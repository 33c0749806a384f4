// SPDX-License-Identifier: MIT
// assignment_visitor: keeps the values on the current path, so any problem (copy discipline
// included) can report a solution as its sequence of values, variable by variable.
#pragma once

#include <cstddef>
#include <span>
#include <type_traits>
#include <utility>
#include <vector>

#include <bt/events.hpp>
#include <bt/visitors.hpp>

namespace bt {

/// Records the value of each assigned variable; at a solution calls f(span of values), whose
/// answer (flow, or nothing) is the visitor's.
template <class Value, class F>
class assignment_visitor {
 public:
  /// f is called as f(std::span<const Value>) once per solution.
  explicit assignment_visitor(F f) : f_(std::move(f)) {}

  template <class P>
  void on(const ev::assign<P>& e) {
    if (values_.size() <= e.depth) {
      values_.resize(e.depth + 1);
    }
    values_[e.depth] = e.value;
  }

  template <class P>
  flow on(const ev::solution<P>& e) {
    const std::span<const Value> path(values_.data(), e.depth);
    if constexpr (std::is_same_v<std::invoke_result_t<F&, std::span<const Value>>, flow>) {
      return f_(path);
    } else {
      f_(path);
      return flow::go_on;
    }
  }

  /// The values of the current path (valid up to the depth of the last event).
  [[nodiscard]] const std::vector<Value>& values() const { return values_; }

 private:
  std::vector<Value> values_;
  F f_;
};

/// Deduce Value from the problem type: make_assignment_visitor<P>(f).
template <class P, class F>
assignment_visitor<typename P::value_type, F> make_assignment_visitor(F f) {
  return assignment_visitor<typename P::value_type, F>(std::move(f));
}

}  // namespace bt
