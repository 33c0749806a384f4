// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen representation and hands it to a generic callable.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <bt/problems/nqueens/arrays.hpp>
#include <bt/problems/nqueens/attack.hpp>
#include <bt/problems/nqueens/bitboard.hpp>
#include <bt/problems/nqueens/board.hpp>
#include <bt/problems/nqueens/naive.hpp>
#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// The representations of the N-Queens state, each the textbook's own, and `symmetry`, the
/// counter that searches one board per symmetry class (count.hpp; counting only).
enum class strategy { naive, board, attack, arrays, bitboard, symmetry };

/// Every strategy that finds solutions (all but `symmetry`), in the order documented.
inline constexpr std::array<strategy, 5> all_strategies = {
    strategy::naive, strategy::board, strategy::attack, strategy::arrays, strategy::bitboard};

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) {
  switch (s) {
    case strategy::naive: return "naive";
    case strategy::board: return "board";
    case strategy::attack: return "attack";
    case strategy::arrays: return "arrays";
    case strategy::bitboard: return "bitboard";
    case strategy::symmetry: return "symmetry";
  }
  return "?";
}

/// The strategy called `text`, if any.
inline std::optional<strategy> parse_strategy(std::string_view text) {
  for (const strategy s : all_strategies) {
    if (name(s) == text) {
      return s;
    }
  }
  if (text == name(strategy::symmetry)) {
    return strategy::symmetry;
  }
  return std::nullopt;
}

/// The largest n the strategy accepts (the bitboard's masks are 64 bits, the symmetric
/// counter's 32).
constexpr int max_n_of(strategy s) {
  return s == strategy::bitboard   ? bitboard<std::uint64_t>::max_n
         : s == strategy::symmetry ? 32
                                   : max_n;
}

/// Build strategy s over domains d and call f(problem&); returns what f returns.
/// Throws invalid_input when d.n() exceeds what s supports.
template <class F>
decltype(auto) with_strategy(strategy s, const row_domains& d, F&& f) {
  if (d.n() > max_n_of(s)) {
    throw invalid_input("strategy " + std::string(name(s)) + " supports n up to " +
                        std::to_string(max_n_of(s)) + ", not " + std::to_string(d.n()));
  }
  switch (s) {
    case strategy::naive: {
      naive p(d);
      return f(p);
    }
    case strategy::board: {
      board p(d);
      return f(p);
    }
    case strategy::attack: {
      attack p(d);
      return f(p);
    }
    case strategy::arrays: {
      arrays p(d);
      return f(p);
    }
    case strategy::bitboard:
      break;
    case strategy::symmetry:
      throw invalid_input("strategy symmetry only counts (--count)");
  }
  // Four instantiations: 32- or 64-bit masks, with or without pre-placed queens.
  const auto run = [&]<class Mask>(Mask) -> decltype(auto) {
    if (d.free()) {
      auto p = make_bitboard<Mask>(d.n());
      return f(p);
    }
    std::vector<Mask> masks;
    auto p = make_bitboard<Mask>(d, masks);
    return f(p);
  };
  if (d.n() <= bitboard<std::uint32_t>::max_n) {
    return run(std::uint32_t{});
  }
  return run(std::uint64_t{});
}

}  // namespace bt::problems::nqueens
