// SPDX-License-Identifier: MIT
// A sum-of-subsets instance (weights and target), validated once and shared by every strategy
// and the counting methods; what a solution is, and how it is checked.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace bt::problems::subsets {

/// The most items an instance may have: the search recurses once per item.
inline constexpr std::size_t max_items = 4096;

/// Thrown for an instance that cannot be searched; what() is one line.
struct invalid_input : std::invalid_argument {
  using std::invalid_argument::invalid_argument;
};

/// n positive weights, in input order, and the sum m to reach. Items with equal weights are
/// still different items. The sum of all weights fits 64 bits, so no partial sum overflows.
class instance {
 public:
  /// Validate and keep the weights. Throws invalid_input for no weights, more than max_items,
  /// a zero weight, or weights whose sum exceeds 2^64 - 1 (the message names the weight, 1-based).
  instance(std::vector<std::uint64_t> weights, std::uint64_t target)
      : weights_(std::move(weights)), target_(target) {
    if (weights_.empty()) {
      throw invalid_input("there are no weights");
    }
    if (weights_.size() > max_items) {
      throw invalid_input(std::to_string(weights_.size()) + " weights are more than the " +
                          std::to_string(max_items) + " supported");
    }
    for (std::size_t i = 0; i < weights_.size(); ++i) {
      const std::uint64_t w = weights_[i];
      if (w == 0) {
        throw invalid_input("weight " + std::to_string(i + 1) + " is 0; weights must be positive");
      }
      if (w > std::numeric_limits<std::uint64_t>::max() - total_) {
        throw invalid_input("the weights sum to more than 2^64 - 1 (at weight " +
                            std::to_string(i + 1) + ")");
      }
      total_ += w;
    }
  }

  /// Number of items.
  [[nodiscard]] std::size_t n() const { return weights_.size(); }
  /// The weights in input order.
  [[nodiscard]] const std::vector<std::uint64_t>& weights() const { return weights_; }
  /// The sum to reach.
  [[nodiscard]] std::uint64_t target() const { return target_; }
  /// The sum of all weights (fits 64 bits by construction).
  [[nodiscard]] std::uint64_t total() const { return total_; }

 private:
  std::vector<std::uint64_t> weights_;
  std::uint64_t target_;
  std::uint64_t total_ = 0;
};

/// A subset as the textbook writes it: x[i] is 1 when item i (input order) is chosen, else 0.
using selection = std::vector<int>;

/// True when x has one 0/1 entry per item and the chosen weights sum to exactly the target.
inline bool is_solution(const instance& inst, const selection& x) {
  if (x.size() != inst.n()) {
    return false;
  }
  std::uint64_t s = 0;  // cannot overflow: the total fits 64 bits
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (x[i] != 0 && x[i] != 1) {
      return false;
    }
    s += x[i] == 1 ? inst.weights()[i] : 0;
  }
  return s == inst.target();
}

/// The chosen weights of x, in input order.
inline std::vector<std::uint64_t> chosen_weights(const instance& inst, const selection& x) {
  std::vector<std::uint64_t> out;
  for (std::size_t i = 0; i < x.size() && i < inst.n(); ++i) {
    if (x[i] == 1) {
      out.push_back(inst.weights()[i]);
    }
  }
  return out;
}

}  // namespace bt::problems::subsets
