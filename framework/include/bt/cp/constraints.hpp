// SPDX-License-Identifier: MIT
// The constraints of the n-ary layer, posted into a cp::model (model.hpp). Each names the
// consistency its propagator reaches under mac (fc runs each once, forward: solver.hpp); every
// one is tested against a brute-force checker (tests/framework/cp_test.cpp). Variables are the
// numbers model::int_var returned. Values are value_t (64-bit).
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <utility>
#include <vector>

#include <bt/cp/model.hpp>

namespace bt::cp {

/// A relation between two numbers.
enum class relation { eq, ne, le, lt, ge, gt };

/// "=", "!=", "<=", "<", ">=", ">".
const char* symbol(relation r);
/// The relation that holds exactly when r does not.
relation negate(relation r);

/// How a reification ties its 0/1 variable b to the constraint c.
enum class reif {
  equiv,  ///< b <-> c
  imp,    ///< b -> c
  pmi     ///< c -> b
};

/// The consistency an all-different reaches under mac.
enum class consistency {
  automatic,  ///< domain (Régin's matching) for up to 64 variables with small domains, else bounds
  value,      ///< remove each fixed variable's value from the others
  bounds,     ///< bounds consistency (Hall intervals)
  domain      ///< generalised arc consistency (Régin 1994)
};

// --- arithmetic ---

/// x r c: x's domain restricted when the model is built.
void restrict(model& m, int x, relation r, value_t c);
/// x r y + c (bounds consistent; x != y + c removes the value once one side is fixed).
void rel(model& m, int x, relation r, int y, value_t c = 0);
/// sum a[i] * x[i] r c (bounds consistent for =, <=, <, >=, >; != removes the last free
/// variable's value). The coefficients may be negative; zeros are dropped.
void linear(model& m, std::vector<value_t> a, std::vector<int> x, relation r, value_t c);
/// b (a 0/1 variable) tied to sum a[i] * x[i] r c as `how` says.
void linear_reif(model& m, std::vector<value_t> a, std::vector<int> x, relation r, value_t c, int b,
                 reif how = reif::equiv);
/// b tied to x r y as `how` says.
void rel_reif(model& m, int x, relation r, int y, int b, reif how = reif::equiv);
/// b tied to x r c as `how` says.
void rel_reif(model& m, int x, relation r, value_t c, int b, reif how = reif::equiv);
/// x * y = z (bounds consistent; domain consistent when the three domains are small).
void times(model& m, int x, int y, int z);
/// x div y = z, rounding towards zero (y != 0).
void div(model& m, int x, int y, int z);
/// x mod y = z, with the sign of x (y != 0).
void mod(model& m, int x, int y, int z);
/// |x| = z.
void abs(model& m, int x, int z);
/// min(x...) = z.
void minimum(model& m, std::vector<int> x, int z);
/// max(x...) = z.
void maximum(model& m, std::vector<int> x, int z);

// --- all different ---

/// The variables take pairwise different values. Under plain backtracking the pairs are
/// checked as their variables are assigned (the constraint is their conjunction).
void all_different(model& m, std::vector<int> x, consistency c = consistency::automatic);
/// The terms x[i] + offsets[i] take pairwise different values (Gecode's distinct with
/// offsets: the diagonals of n-queens).
void all_different(model& m, std::vector<int> x, std::vector<value_t> offsets,
                   consistency c = consistency::automatic);

// --- circuit (circuit.cpp) ---

/// succ[i] - offset is the node after node i (nodes 0..n-1, values offset..offset+n-1), and
/// the successors form one cycle through all n nodes (a Hamiltonian circuit; MiniZinc's
/// circuit). One node is its own successor; no nodes (empty succ) post nothing. Posts the
/// successors' all-different at consistency c too; the circuit propagator removes self-loops
/// and the arc closing each chain of fixed successors shorter than n, and under mac fails when
/// the successor graph is not strongly connected (Gecode's circuit, with Carlsson's subtree
/// rules). Throws std::invalid_argument when offset + n - 1 leaves the value range.
void circuit(model& m, std::vector<int> succ, value_t offset = 0,
             consistency c = consistency::automatic);

// --- 0/1 variables ---

/// At least one of pos is 1 or one of neg is 0.
void clause(model& m, std::vector<int> pos, std::vector<int> neg);
/// b <-> (every x is 1).
void and_reif(model& m, std::vector<int> x, int b);
/// b <-> (some x is 1).
void or_reif(model& m, std::vector<int> x, int b);
/// c <-> (a xor b).
void xor_reif(model& m, int a, int b, int c);
/// Exactly one of x is 1: an exact cover's column. The branching `options` chooses among
/// such constraints (Knuth's column choice).
void exactly_one(model& m, std::vector<int> x);

// --- element, tables, predicates ---

/// result = array[index - offset] (domain consistent).
void element(model& m, int index, std::vector<value_t> array, int result, value_t offset = 0);
/// result = x[index - offset] for variables x (domain consistent on index, bounds on result).
void element(model& m, int index, std::vector<int> array, int result, value_t offset = 0);
/// The tuple of x is one of `tuples` (row after row, x.size() values each), or with positive
/// false none of them: generalised arc consistency (compact table, Demeulenaere et al. 2016).
void table(model& m, std::vector<int> x, std::vector<value_t> tuples, bool positive = true);
/// A user's test of the scope's values: checked when the scope is fixed; under mac its
/// variables keep only the values with a support found by enumeration while the scope has at
/// most `support_limit` assignments left. `name` words the constraint in traces. `pure`: the
/// test gives the same answer for the same values, so once the tests prove allowed tuples
/// rare, an enumeration tests every tuple and keeps the allowed ones, and the search below it
/// finds its supports among them without calling the test (the same pruning, fewer tests).
void predicate(model& m, std::vector<int> scope, std::function<bool(std::span<const value_t>)> test,
               std::string name, std::uint64_t support_limit = 4096, bool pure = false);

// --- FlatZinc's builtins and globals (count.cpp, lex.cpp, power.cpp, in_set.cpp) ---

/// c = the number of x[i] equal to y (MiniZinc's count_eq): c within the counts y's values
/// allow, y's values without a count in c removed (while y has at most 4,096 values), and
/// once y is fixed the x follow c's bounds.
void count(model& m, std::vector<int> x, int y, int c);
/// x is lexicographically at most y (strict: below it); a proper prefix is below. The first
/// pair not fixed equal gets x <= y, or x < y when the rest cannot hold after an equal pair.
void lex_lesseq(model& m, std::vector<int> x, std::vector<int> y, bool strict = false);
/// z = x^y as MiniZinc's int_pow: 0^0 = 1, and for y < 0, x != 0 and z = 1 div x^-y. Domain
/// consistent while x and y have at most 4,096 pairs; z's bounds when y is fixed.
void power(model& m, int x, int y, int z);
/// A set of integers: closed ranges (lo, hi), in any order.
using ranges = std::vector<std::pair<value_t, value_t>>;
/// x takes a value of `set` (an empty set makes the model infeasible).
void in_set(model& m, int x, ranges set);
/// b tied to (x in set) as `how` says (domain consistent while x has at most 2^18 values).
void in_set_reif(model& m, int x, ranges set, int b, reif how = reif::equiv);

}  // namespace bt::cp
