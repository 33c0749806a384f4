// SPDX-License-Identifier: MIT
// The strategies by name, and the one place where a runtime choice becomes a static type:
// with_strategy builds the chosen representation and hands it to a generic callable.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include <bt/names.hpp>
#include <bt/problems/nqueens/arrays.hpp>
#include <bt/problems/nqueens/attack.hpp>
#include <bt/problems/nqueens/bitboard.hpp>
#include <bt/problems/nqueens/board.hpp>
#include <bt/problems/nqueens/halves.hpp>
#include <bt/problems/nqueens/heuristic.hpp>
#include <bt/problems/nqueens/naive.hpp>
#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// The representations of the N-Queens state: the five textbook ones; two counters (counting
/// only): `symmetry`, which searches one board per symmetry class (count.hpp), and `halves`,
/// which joins half-boards met in the middle (halves.hpp); the heuristic backtracking search
/// for large n (heuristic.hpp); and the min-conflicts local search (min_conflicts.hpp, no tree
/// search). with_strategy builds the tree searches; it refuses the counters and
/// `min_conflicts`, which the runner drives itself.
enum class strategy {
  naive,
  board,
  attack,
  arrays,
  bitboard,
  symmetry,
  halves,
  heuristic,
  min_conflicts
};

/// The textbook strategies, in the order documented: all fill rows top-down and try columns
/// left to right, so they find the same solutions in the same order.
inline constexpr std::array<strategy, 5> all_strategies = {
    strategy::naive, strategy::board, strategy::attack, strategy::arrays, strategy::bitboard};

/// The strategy table, the one place a strategy is declared: its value, the name typed after
/// --strategy, its summary and what it answers (the counters count only and min-conflicts finds
/// one solution; neither is a tree search), in the order the runner lists. The runner,
/// compare, --help, JSON, the studio and Python all read it.
inline constexpr std::array<bt::strategy_row<strategy>, 9> strategy_names = {{
    {strategy::naive, "naive",
     "generate and test: every column in every row, checked when complete"},
    {strategy::board, "board", "the textbook's 0/1 board with isSafe"},
    {strategy::attack, "attack", "a matrix of attack counts"},
    {strategy::arrays, "arrays", "the O(n) arrays: columns and both diagonals"},
    {strategy::bitboard, "bitboard", "Somers' three bit masks"},
    {strategy::symmetry, "symmetry", "one board per symmetry class, on every core",
     bt::answers_count, false},
    {strategy::halves, "halves", "half-boards met in the middle, on every core", bt::answers_count,
     false},
    {strategy::heuristic, "heuristic", "backtracking with a good order, for large boards"},
    {strategy::min_conflicts, "min-conflicts", "local search (AIMA), for very large boards",
     bt::answers_first, false},
}};

/// The strategy's name as typed on the command line.
constexpr std::string_view name(strategy s) { return bt::name_of(strategy_names, s); }

/// The strategy called `text`, if any.
constexpr std::optional<strategy> parse_strategy(std::string_view text) {
  return bt::parse_name(strategy_names, text);
}

/// The largest n the strategy accepts: the bitboard's masks are 64 bits, the symmetric
/// counter's 32; the matrix strategies (naive, board, attack) stop at max_tree_n (n*n
/// cells); arrays, heuristic and min-conflicts take O(n) memory and go to max_n (arrays
/// with pre-placed queens to max_tree_n: it reads the tabulated row domains, see
/// max_placed_n_of). The engine's depth is no limit.
constexpr int max_n_of(strategy s) {
  switch (s) {
    case strategy::bitboard: return bitboard<std::uint64_t>::max_n;
    case strategy::symmetry: return 32;
    case strategy::halves: return halves_max_n;
    case strategy::arrays:
    case strategy::heuristic:
    case strategy::min_conflicts: return max_n;
    default: return max_tree_n;
  }
}

/// The largest n the strategy accepts with pre-placed queens: the strategies that read the
/// row domains (all but heuristic and min-conflicts) need them tabulated, n*n columns.
constexpr int max_placed_n_of(strategy s) {
  return s == strategy::heuristic || s == strategy::min_conflicts
             ? max_n_of(s)
             : std::min(max_n_of(s), max_tree_n);
}

/// The largest n for which the default first solution is the bitboard's lexicographically
/// first one: it takes under 0.1 s up to n = 29, and seconds from n = 30 on, growing fast.
inline constexpr int lexicographic_max_n = 29;

/// What a run looks for, as far as the default strategy cares.
enum class goal {
  first,  ///< one solution
  some,   ///< the first K solutions (--limit K)
  every   ///< every solution, or their count
};

/// The largest n for which the default first solution is the heuristic's: it costs O(n) per
/// node, O(n^2) in all; min-conflicts, O(n) per step, is faster above.
inline constexpr int heuristic_first_max_n = 4096;

/// The strategy used when none is named. First solution: bitboard up to lexicographic_max_n,
/// heuristic up to heuristic_first_max_n, min-conflicts above. The first K: bitboard up to
/// lexicographic_max_n, heuristic above. Every solution or a count: bitboard up to n = 64,
/// heuristic above (enumeration is hopeless there anyway, but it runs under limits).
constexpr strategy default_strategy(int n, goal g) {
  if (g == goal::every) {
    return n <= bitboard<std::uint64_t>::max_n ? strategy::bitboard : strategy::heuristic;
  }
  if (n <= lexicographic_max_n) {
    return strategy::bitboard;
  }
  return g == goal::first && n > heuristic_first_max_n ? strategy::min_conflicts
                                                       : strategy::heuristic;
}

/// Build strategy s over domains d and call f(problem&); returns what f returns. `seed` fixes
/// the heuristic's order (the other tree searches have none). Throws invalid_input when d.n()
/// exceeds what s supports, or for min_conflicts, which is no tree search.
template <class F>
decltype(auto) with_strategy(strategy s, const row_domains& d, F&& f,
                             std::uint64_t seed = heuristic::default_seed) {
  if (d.n() > max_n_of(s)) {
    throw invalid_input("strategy " + std::string(name(s)) + " supports n up to " +
                        std::to_string(max_n_of(s)) + ", not " + std::to_string(d.n()));
  }
  if (!d.free() && d.n() > max_placed_n_of(s)) {
    throw invalid_input("strategy " + std::string(name(s)) + " supports n up to " +
                        std::to_string(max_placed_n_of(s)) + " with pre-placed queens, not " +
                        std::to_string(d.n()));
  }
  // The representations built from d alone (and the heuristic's seed), one instantiation each.
  const auto build = [&]<class P>(std::type_identity<P>, auto... more) -> decltype(auto) {
    P p(d, more...);
    return f(p);
  };
  switch (s) {
    case strategy::naive: return build(std::type_identity<naive>{});
    case strategy::board: return build(std::type_identity<board>{});
    case strategy::attack: return build(std::type_identity<attack>{});
    case strategy::arrays: return build(std::type_identity<arrays>{});
    case strategy::heuristic: return build(std::type_identity<heuristic>{}, seed);
    case strategy::min_conflicts:
      throw invalid_input("strategy min-conflicts is a local search, not a tree search");
    case strategy::bitboard: break;
    case strategy::symmetry: throw invalid_input("strategy symmetry only counts (--count)");
    case strategy::halves: throw invalid_input("strategy halves only counts (--count)");
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
