// SPDX-License-Identifier: MIT
// A FlatZinc run: every builtin and global against brute force under several strategies, the
// output as the FlatZinc specification prints it (solutions, status lines, statistics), the
// command line's flags and their errors, and checking a given solution.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include <bt/flatzinc/flatzinc.hpp>

namespace {

namespace fz = bt::flatzinc;

struct run_output {
  std::string out;
  std::string err;
};

// Solve `text` with the flags given (the file is the text itself).
run_output solve(const std::string& text, std::vector<std::string> flags = {}) {
  flags.emplace_back("model.fzn");
  const fz::options o = fz::parse_options(flags);
  fz::instance inst = fz::translate(fz::parse(text, "model.fzn"));
  std::ostringstream out;
  std::ostringstream err;
  fz::solve(inst, o, out, err);
  return {out.str(), err.str()};
}

// The solutions of an output, each its `name = value;` lines in order.
std::vector<std::vector<std::string>> solutions(const std::string& out) {
  std::vector<std::vector<std::string>> all;
  std::vector<std::string> cur;
  std::istringstream is(out);
  for (std::string line; std::getline(is, line);) {
    if (line == "----------") {
      all.push_back(cur);
      cur.clear();
    } else if (!line.empty() && line[0] != '%' && line[0] != '=') {
      cur.push_back(line);
    }
  }
  return all;
}

// --- every builtin against brute force ---

using values = std::map<std::string, std::int64_t>;

// Six variables: a, b, c in -2..2 and the Booleans p, q, r, each printed.
const char* const header = R"(var -2..2: a :: output_var;
var -2..2: b :: output_var;
var -2..2: c :: output_var;
var bool: p :: output_var;
var bool: q :: output_var;
var bool: r :: output_var;
)";

std::set<std::string> brute_force(const std::function<bool(const values&)>& holds) {
  std::set<std::string> out;
  for (std::int64_t a = -2; a <= 2; ++a) {
    for (std::int64_t b = -2; b <= 2; ++b) {
      for (std::int64_t c = -2; c <= 2; ++c) {
        for (int bits = 0; bits < 8; ++bits) {
          const values v{{"a", a},
                         {"b", b},
                         {"c", c},
                         {"p", bits & 1},
                         {"q", (bits >> 1) & 1},
                         {"r", (bits >> 2) & 1}};
          if (!holds(v)) continue;
          const auto tf = [](std::int64_t x) { return x != 0 ? "true" : "false"; };
          out.insert("a = " + std::to_string(a) + ";b = " + std::to_string(b) +
                     ";c = " + std::to_string(c) + ";p = " + tf(v.at("p")) +
                     ";q = " + tf(v.at("q")) + ";r = " + tf(v.at("r")) + ";");
        }
      }
    }
  }
  return out;
}

std::set<std::string> found(const std::string& constraint, const std::vector<std::string>& flags) {
  std::vector<std::string> all = flags;
  all.emplace_back("-a");
  const run_output o =
      solve(std::string(header) + "constraint " + constraint + ";\nsolve satisfy;\n", all);
  const bool ended =
      o.out.find("==========") != std::string::npos || o.out == "=====UNSATISFIABLE=====\n";
  EXPECT_TRUE(ended) << constraint << "\n" << o.out;
  std::set<std::string> out;
  for (const auto& s : solutions(o.out)) {
    std::string joined;
    for (const auto& line : s) joined += line;
    EXPECT_TRUE(out.insert(joined).second) << constraint << ": a solution printed twice";
  }
  return out;
}

std::int64_t power(std::int64_t x, std::int64_t y, bool& defined) {
  defined = true;
  if (y < 0) {
    if (x == 0) {
      defined = false;
      return 0;
    }
    std::int64_t p = 1;
    for (std::int64_t k = 0; k < -y; ++k) p *= x;
    return 1 / p;
  }
  std::int64_t p = 1;
  for (std::int64_t k = 0; k < y; ++k) p *= x;
  return p;
}

struct builtin_case {
  const char* constraint;
  std::function<bool(const values&)> holds;
};

TEST(FlatZincRun, EveryBuiltinAgreesWithBruteForce) {
  using v = const values&;
  const auto A = [](v x) { return x.at("a"); };
  const auto B = [](v x) { return x.at("b"); };
  const auto C = [](v x) { return x.at("c"); };
  const auto P = [](v x) { return x.at("p") != 0; };
  const auto Q = [](v x) { return x.at("q") != 0; };
  const auto R = [](v x) { return x.at("r") != 0; };
  const std::vector<builtin_case> cases = {
      {"int_eq(a, b)", [&](v x) { return A(x) == B(x); }},
      {"int_ne(a, 1)", [&](v x) { return A(x) != 1; }},
      {"int_le(1, a)", [&](v x) { return 1 <= A(x); }},
      {"int_lt(a, b)", [&](v x) { return A(x) < B(x); }},
      {"int_eq_reif(a, b, r)", [&](v x) { return R(x) == (A(x) == B(x)); }},
      {"int_ne_reif(a, 0, r)", [&](v x) { return R(x) == (A(x) != 0); }},
      {"int_le_reif(1, a, r)", [&](v x) { return R(x) == (1 <= A(x)); }},
      {"int_lt_reif(a, b, r)", [&](v x) { return R(x) == (A(x) < B(x)); }},
      {"int_le_reif(a, b, true)", [&](v x) { return A(x) <= B(x); }},
      {"int_lt_reif(a, b, false)", [&](v x) { return !(A(x) < B(x)); }},
      {"int_le_imp(a, b, r)", [&](v x) { return !R(x) || A(x) <= B(x); }},
      {"int_eq_imp(a, 1, r)", [&](v x) { return !R(x) || A(x) == 1; }},
      {"int_ne_imp(a, b, r)", [&](v x) { return !R(x) || A(x) != B(x); }},
      {"int_lt_imp(2, 1, r)", [&](v x) { return !R(x); }},
      {"int_lin_eq([1, 2, -1], [a, b, c], 1)", [&](v x) { return A(x) + 2 * B(x) - C(x) == 1; }},
      {"int_lin_le([2, -3], [a, b], 1)", [&](v x) { return 2 * A(x) - 3 * B(x) <= 1; }},
      {"int_lin_ne([1, 1, 1], [a, b, 2], 2)", [&](v x) { return A(x) + B(x) != 0; }},
      {"int_lin_eq_reif([1, 1], [a, b], 1, r)", [&](v x) { return R(x) == (A(x) + B(x) == 1); }},
      {"int_lin_le_reif([1, -1, 1], [a, b, c], 0, r)",
       [&](v x) { return R(x) == (A(x) - B(x) + C(x) <= 0); }},
      {"int_lin_ne_reif([1, 1], [a, b], 0, r)", [&](v x) { return R(x) == (A(x) + B(x) != 0); }},
      {"int_lin_le_imp([1, 1], [a, b], 0, r)", [&](v x) { return !R(x) || A(x) + B(x) <= 0; }},
      {"int_lin_eq_imp([1, 2], [a, 3], 1, r)", [&](v x) { return !R(x) || A(x) + 6 == 1; }},
      {"int_lin_ne_imp([1, -1], [a, b], 1, r)", [&](v x) { return !R(x) || A(x) - B(x) != 1; }},
      {"int_plus(a, b, c)", [&](v x) { return A(x) + B(x) == C(x); }},
      {"int_times(a, b, c)", [&](v x) { return A(x) * B(x) == C(x); }},
      {"int_times(2, a, c)", [&](v x) { return 2 * A(x) == C(x); }},
      {"int_div(a, b, c)", [&](v x) { return B(x) != 0 && A(x) / B(x) == C(x); }},
      {"int_mod(a, b, c)", [&](v x) { return B(x) != 0 && A(x) % B(x) == C(x); }},
      {"int_abs(a, b)", [&](v x) { return B(x) == (A(x) < 0 ? -A(x) : A(x)); }},
      {"int_min(a, b, c)", [&](v x) { return C(x) == std::min(A(x), B(x)); }},
      {"int_max(a, b, c)", [&](v x) { return C(x) == std::max(A(x), B(x)); }},
      {"int_pow(a, b, c)",
       [&](v x) {
         bool ok = false;
         const std::int64_t z = power(A(x), B(x), ok);
         return ok && z == C(x);
       }},
      {"int_pow_fixed(a, 2, c)", [&](v x) { return A(x) * A(x) == C(x); }},
      {"array_int_element(b, [3, 1, -1, 1, 2], c)",
       [&](v x) {
         const std::int64_t arr[] = {3, 1, -1, 1, 2};
         return B(x) >= 1 && arr[B(x) - 1] == C(x);
       }},
      {"array_var_int_element(b, [a, 2, c], a)",
       [&](v x) {
         return B(x) >= 1 && B(x) <= 3 && (B(x) == 1 || (B(x) == 2 ? A(x) == 2 : C(x) == A(x)));
       }},
      {"array_bool_element(b, [true, false, true], r)",
       [&](v x) { return B(x) >= 1 && B(x) <= 3 && R(x) == (B(x) != 2); }},
      {"array_var_bool_element(b, [p, q], r)",
       [&](v x) { return B(x) >= 1 && B(x) <= 2 && R(x) == (B(x) == 1 ? P(x) : Q(x)); }},
      {"array_int_maximum(c, [a, b])", [&](v x) { return C(x) == std::max(A(x), B(x)); }},
      {"array_int_minimum(c, [a, b, 1])",
       [&](v x) {
         return C(x) == std::min({A(x), B(x), std::int64_t{1}});
       }},
      {"array_bool_and([p, q], r)", [&](v x) { return R(x) == (P(x) && Q(x)); }},
      {"array_bool_or([p, q], r)", [&](v x) { return R(x) == (P(x) || Q(x)); }},
      {"array_bool_and([p, q, true], true)", [&](v x) { return P(x) && Q(x); }},
      {"array_bool_or([p, q], false)", [&](v x) { return !P(x) && !Q(x); }},
      {"array_bool_and([p, q], false)", [&](v x) { return !(P(x) && Q(x)); }},
      {"array_bool_or([p, false, q], true)", [&](v x) { return P(x) || Q(x); }},
      {"array_bool_and([], r)", [&](v x) { return R(x); }},
      {"array_bool_or([], r)", [&](v x) { return !R(x); }},
      {"array_bool_and_imp([p, q], r)", [&](v x) { return !R(x) || (P(x) && Q(x)); }},
      {"array_bool_or_imp([p, q], r)", [&](v x) { return !R(x) || P(x) || Q(x); }},
      {"array_bool_xor([p, q, r])", [&](v x) { return (P(x) + Q(x) + R(x)) % 2 == 1; }},
      {"array_bool_xor([p, true])", [&](v x) { return !P(x); }},
      {"bool_and(p, q, r)", [&](v x) { return R(x) == (P(x) && Q(x)); }},
      {"bool_or(p, q, r)", [&](v x) { return R(x) == (P(x) || Q(x)); }},
      {"bool_xor(p, q, r)", [&](v x) { return R(x) == (P(x) != Q(x)); }},
      {"bool_xor(p, true, r)", [&](v x) { return R(x) == !P(x); }},
      {"bool_xor(p, q)", [&](v x) { return P(x) != Q(x); }},
      {"bool_not(p, q)", [&](v x) { return P(x) != Q(x); }},
      {"bool_and_imp(p, q, r)", [&](v x) { return !R(x) || (P(x) && Q(x)); }},
      {"bool_or_imp(p, q, r)", [&](v x) { return !R(x) || P(x) || Q(x); }},
      {"bool_xor_imp(p, q, r)", [&](v x) { return !R(x) || P(x) != Q(x); }},
      {"bool_eq(p, q)", [&](v x) { return P(x) == Q(x); }},
      {"bool_le(p, q)", [&](v x) { return P(x) <= Q(x); }},
      {"bool_lt(p, q)", [&](v x) { return P(x) < Q(x); }},
      {"bool_eq_reif(p, q, r)", [&](v x) { return R(x) == (P(x) == Q(x)); }},
      {"bool_le_reif(p, q, r)", [&](v x) { return R(x) == (P(x) <= Q(x)); }},
      {"bool_lt_reif(p, q, r)", [&](v x) { return R(x) == (P(x) < Q(x)); }},
      {"bool_eq_imp(p, q, r)", [&](v x) { return !R(x) || P(x) == Q(x); }},
      {"bool_le_imp(p, q, r)", [&](v x) { return !R(x) || P(x) <= Q(x); }},
      {"bool_lt_imp(p, q, r)", [&](v x) { return !R(x) || P(x) < Q(x); }},
      {"bool_clause([p, q], [r])", [&](v x) { return P(x) || Q(x) || !R(x); }},
      {"bool_clause([], [p, q])", [&](v x) { return !P(x) || !Q(x); }},
      {"bool_clause([p, false], [true])", [&](v x) { return P(x); }},
      {"bool_clause_reif([p], [q], r)", [&](v x) { return R(x) == (P(x) || !Q(x)); }},
      {"bool_clause_reif([p, q], [], r)", [&](v x) { return R(x) == (P(x) || Q(x)); }},
      {"bool_clause_imp([p], [q], r)", [&](v x) { return !R(x) || P(x) || !Q(x); }},
      {"bool2int(p, a)", [&](v x) { return A(x) == (P(x) ? 1 : 0); }},
      {"bool_lin_eq([1, 2], [p, q], a)", [&](v x) { return P(x) + 2 * Q(x) == A(x); }},
      {"bool_lin_le([1, 1, 1], [p, q, r], 1)", [&](v x) { return P(x) + Q(x) + R(x) <= 1; }},
      {"set_in(a, {-1, 1})", [&](v x) { return A(x) == -1 || A(x) == 1; }},
      {"set_in(a, {})", [&](v) { return false; }},
      {"set_in_reif(a, -1..1, r)", [&](v x) { return R(x) == (A(x) >= -1 && A(x) <= 1); }},
      {"set_in_reif(a, {-2, 0, 2}, r)", [&](v x) { return R(x) == (A(x) % 2 == 0); }},
      {"set_in_reif(a, {-2, 0, 2}, false)", [&](v x) { return A(x) % 2 != 0; }},
      {"set_in_imp(a, 1..2, r)", [&](v x) { return !R(x) || A(x) >= 1; }},
      {"fzn_all_different_int([a, b, c])",
       [&](v x) { return A(x) != B(x) && B(x) != C(x) && A(x) != C(x); }},
      {"fzn_all_different_int([a, b, c]) :: domain",
       [&](v x) { return A(x) != B(x) && B(x) != C(x) && A(x) != C(x); }},
      {"fzn_all_different_int([a, b, 1]) :: bounds",
       [&](v x) { return A(x) != B(x) && A(x) != 1 && B(x) != 1; }},
      {"fzn_table_int([a, b], [1, 1, 2, -2, -2, 0])",
       [&](v x) {
         return (A(x) == 1 && B(x) == 1) || (A(x) == 2 && B(x) == -2) || (A(x) == -2 && B(x) == 0);
       }},
      {"fzn_table_bool([p, q], [true, false, false, true])", [&](v x) { return P(x) != Q(x); }},
      {"fzn_count_eq([a, b], 1, c)", [&](v x) { return C(x) == (A(x) == 1) + (B(x) == 1); }},
      {"fzn_count_eq([a, b, 0], c, 1)",
       [&](v x) { return (A(x) == C(x)) + (B(x) == C(x)) + (C(x) == 0) == 1; }},
      {"fzn_lex_lesseq_int([a, b], [c, a])",
       [&](v x) {
         return std::vector<std::int64_t>{A(x), B(x)} <= std::vector<std::int64_t>{C(x), A(x)};
       }},
      {"fzn_lex_less_int([a], [b, c])",
       [&](v x) {
         return std::vector<std::int64_t>{A(x)} < std::vector<std::int64_t>{B(x), C(x)};
       }},
      {"fzn_lex_lesseq_bool([p, q], [q, r])",
       [&](v x) {
         return std::vector<bool>{P(x), Q(x)} <= std::vector<bool>{Q(x), R(x)};
       }},
      {"fzn_lex_less_bool([p, q], [r, p])",
       [&](v x) {
         return std::vector<bool>{P(x), Q(x)} < std::vector<bool>{R(x), P(x)};
       }},
      // Gecode's older names, as its tests call them.
      {"all_different_int([a, b])", [&](v x) { return A(x) != B(x); }},
      {"count([a, b], 1, c)", [&](v x) { return C(x) == (A(x) == 1) + (B(x) == 1); }},
      {"array_int_lq([a, b], [b, c])",
       [&](v x) {
         return std::vector<std::int64_t>{A(x), B(x)} <= std::vector<std::int64_t>{B(x), C(x)};
       }},
      {"int_minus(a, b, c)", [&](v x) { return A(x) - B(x) == C(x); }},
  };
  for (const builtin_case& k : cases) {
    const std::set<std::string> expected = brute_force(k.holds);
    for (const std::vector<std::string>& flags : {std::vector<std::string>{},
                                                  {"--inference", "fc"},
                                                  {"--strategy", "none"},
                                                  {"--strategy", "mrv+mac+cbj"}}) {
      const std::string how = flags.empty() ? "default" : flags.back();
      EXPECT_EQ(found(k.constraint, flags), expected) << k.constraint << " under " << how;
    }
  }
}

// --- the output ---

const char* const three = R"(array [1..3] of var 1..3: x :: output_array([1..3]);
constraint fzn_all_different_int(x);
solve satisfy;
)";

TEST(FlatZincRun, AllSolutionsPrintEachThenTheEnd) {
  const run_output o = solve(three, {"-a"});
  EXPECT_EQ(solutions(o.out).size(), 6U);
  EXPECT_EQ(o.out.substr(0, 41), "x = array1d(1..3, [1, 2, 3]);\n----------\n");
  EXPECT_EQ(o.out.substr(o.out.size() - 11), "==========\n");
}

TEST(FlatZincRun, OneSolutionByDefaultAndNAtMost) {
  EXPECT_EQ(solve(three).out, "x = array1d(1..3, [1, 2, 3]);\n----------\n");
  EXPECT_EQ(solutions(solve(three, {"-n", "2"}).out).size(), 2U);
  EXPECT_EQ(solve(three, {"-n", "2"}).out.find("=========="), std::string::npos);
  const run_output all = solve(three, {"-n", "100"});  // fewer than asked: the search was exhausted
  EXPECT_EQ(solutions(all.out).size(), 6U);
  EXPECT_NE(all.out.find("==========\n"), std::string::npos);
}

TEST(FlatZincRun, SparseDomainsOfAnySpread) {
  // Two values a million apart: no list of the gaps between them.
  const run_output o = solve(
      "var {-1000000, 1000000}: x :: output_var;\nvar {3, 9, 10, 4000000}: y :: output_var;\n"
      "constraint int_lt(x, y);\nsolve maximize y;\n",
      {"-a"});
  EXPECT_EQ(solutions(o.out).back(), (std::vector<std::string>{"x = -1000000;", "y = 4000000;"}));
}

TEST(FlatZincRun, SolutionsThatDifferOnlyInUnprintedVariablesAreOne) {
  // b is searched too, but not printed: x = 1 and x = 2 are the model's two solutions.
  const std::string text = "var 1..2: x :: output_var;\nvar bool: b;\nsolve satisfy;\n";
  const run_output all = solve(text, {"-a", "-s"});
  EXPECT_EQ(solutions(all.out), (std::vector<std::vector<std::string>>{{"x = 1;"}, {"x = 2;"}}));
  EXPECT_NE(all.out.find("%%%mzn-stat: solutions=2\n"), std::string::npos);
  EXPECT_EQ(solutions(solve(text, {"-n", "2"}).out).size(), 2U);
}

TEST(FlatZincRun, ATableBoundsAnUnboundedVariable) {
  // MiniZinc's `var int` (no domain) in a table: its values are the column's, not 2^53 of them.
  const run_output o = solve(
      "var 1..3: x :: output_var;\nvar int: y :: output_var;\n"
      "constraint fzn_table_int([x, y], [1, 12000, 2, 8000, 3, -5]);\nsolve satisfy;\n",
      {"-a"});
  EXPECT_EQ(solutions(o.out),
            (std::vector<std::vector<std::string>>{
                {"x = 1;", "y = 12000;"}, {"x = 2;", "y = 8000;"}, {"x = 3;", "y = -5;"}}));
}

// btsolve_circuit (mznlib/fzn_circuit.mzn passes MiniZinc's circuit as it): every solution
// is one tour through the nodes, numbered from the offset, and every tour is found, under each
// inference; a constant successor and a shared value are folded like any argument.
TEST(FlatZincRun, CircuitIsOneTourThroughEveryNode) {
  // The tours of nodes 0..4 as successor lists: every permutation that is one cycle.
  std::set<std::vector<std::int64_t>> tours;
  std::vector<std::int64_t> p = {0, 1, 2, 3, 4};
  do {
    std::int64_t at = 0;
    int steps = 0;
    do {
      at = p[static_cast<std::size_t>(at)];
      ++steps;
    } while (at != 0);
    if (steps == 5) tours.insert(p);
  } while (std::next_permutation(p.begin(), p.end()));
  ASSERT_EQ(tours.size(), 24U);
  const auto printed = [](const std::vector<std::int64_t>& succ, std::int64_t offset) {
    std::string s = "x = array1d(1..5, [";
    for (std::size_t i = 0; i < succ.size(); ++i)
      s += (i ? ", " : "") + std::to_string(succ[i] + offset);
    return s + "]);";
  };
  for (const std::int64_t offset : {0, 1, -3}) {
    const std::string lo = std::to_string(offset);
    const std::string hi = std::to_string(offset + 4);
    const std::string text = "array [1..5] of var " + lo + ".." + hi +
                             ": x :: output_array([1..5]);\nconstraint btsolve_circuit(x, " + lo +
                             ");\nsolve satisfy;\n";
    std::set<std::string> expected;
    for (const auto& tour : tours) expected.insert(printed(tour, offset));
    for (const std::vector<std::string>& flags : {std::vector<std::string>{"-a"},
                                                  {"-a", "--inference", "fc"},
                                                  {"-a", "--strategy", "none"},
                                                  {"-a", "--strategy", "mrv+mac+cbj"}}) {
      std::set<std::string> got;
      for (const auto& s : solutions(solve(text, flags).out)) got.insert(s.at(0));
      EXPECT_EQ(got, expected) << "offset " << offset << " under " << flags.back();
    }
  }
  // A constant successor: 1 -> 3 of nodes 1..3 leaves the one tour 1 -> 3 -> 2 -> 1.
  EXPECT_EQ(solutions(solve("var 1..3: y :: output_var;\nvar 1..3: z :: output_var;\n"
                            "constraint btsolve_circuit([3, y, z], 1);\nsolve satisfy;\n",
                            {"-a"})
                          .out),
            (std::vector<std::vector<std::string>>{{"y = 1;", "z = 2;"}}));
  // Two constant successors to the same node: no tour.
  EXPECT_EQ(solve("var 1..3: y :: output_var;\nconstraint btsolve_circuit([2, 2, y], 1);\n"
                  "solve satisfy;\n")
                .out,
            "=====UNSATISFIABLE=====\n");
}

TEST(FlatZincRun, UnsatisfiableAndUnknown) {
  EXPECT_EQ(solve("var 1..2: x;\nconstraint int_gt(x, 2);\nsolve satisfy;\n").out,
            "=====UNSATISFIABLE=====\n");
  EXPECT_EQ(solve("var 1..0: x;\nsolve satisfy;\n").out, "=====UNSATISFIABLE=====\n");
  // Pigeons in holes: no solution, and far more than ten nodes to prove it.
  std::string pigeons = "array [1..9] of var 1..8: x :: output_array([1..9]);\n";
  for (int i = 1; i <= 9; ++i) {
    for (int j = i + 1; j <= 9; ++j) {
      pigeons += "constraint int_ne(x[" + std::to_string(i) + "], x[" + std::to_string(j) + "]);\n";
    }
  }
  pigeons += "solve satisfy;\n";
  EXPECT_EQ(solve(pigeons, {"--node-limit", "10"}).out, "=====UNKNOWN=====\n");
  EXPECT_EQ(solve(pigeons, {"-t", "0"}).out, "=====UNKNOWN=====\n");
  // x < y and y < x over 2 * 10^9 values: the root's propagation crawls a step a run, and the
  // time limit ends it (the fuzz finding of stop 39); 2x - 2y = 1 is refused by its gcd.
  const std::string crawl =
      "var -1000000000..1000000000: x :: output_var;\n"
      "var -1000000000..1000000000: y :: output_var;\n";
  EXPECT_EQ(solve(crawl + "constraint int_lt(x, y);\nconstraint int_lt(y, x);\nsolve satisfy;\n",
                  {"-t", "50"})
                .out,
            "=====UNKNOWN=====\n");
  EXPECT_EQ(solve(crawl + "constraint int_lin_eq([2, -2], [x, y], 1);\nsolve satisfy;\n").out,
            "=====UNSATISFIABLE=====\n");
}

const char* const knapsack = R"(var 0..3: x :: output_var;
var 0..3: y :: output_var;
var 0..20: v :: output_var;
constraint int_lin_le([2, 3], [x, y], 7);
constraint int_lin_eq([3, 4, -1], [x, y, v], 0);
solve maximize v;
)";

TEST(FlatZincRun, OptimisationPrintsTheOptimumOrEveryImprovement) {
  EXPECT_EQ(solve(knapsack).out, "x = 2;\ny = 1;\nv = 10;\n----------\n==========\n");
  const run_output all = solve(knapsack, {"-a"});
  const auto sols = solutions(all.out);
  ASSERT_GE(sols.size(), 2U);
  EXPECT_EQ(sols.back(), (std::vector<std::string>{"x = 2;", "y = 1;", "v = 10;"}));
  EXPECT_EQ(all.out.substr(all.out.size() - 11), "==========\n");
  EXPECT_EQ(solutions(solve(knapsack, {"-n", "1"}).out).size(), 1U);
}

TEST(FlatZincRun, OutputsAsTheSpecificationPrintsThem) {
  const run_output o = solve(R"(var bool: b :: output_var;
var 1..9: y;
var 1..9: x :: output_var = y;
array [1..4] of var bool: m :: output_array([0..1, 1..2]) = [b, true, false, b];
array [1..2] of var int: k :: output_array([1..2]) = [y, 7];
constraint int_eq(y, 4);
constraint bool_eq(b, true);
solve satisfy;
)");
  EXPECT_EQ(o.out,
            "b = true;\nx = 4;\nm = array2d(0..1, 1..2, [true, true, false, true]);\n"
            "k = array1d(1..2, [4, 7]);\n----------\n");
}

TEST(FlatZincRun, StatisticsAreMiniZincStatLines) {
  const run_output o = solve(knapsack, {"-s"});
  // solutions counts every improvement found, as Gecode's does, though one is printed.
  for (const char* key : {"nodes=", "failures=", "solutions=", "propagations=", "peakDepth=",
                          "solveTime=", "initTime=", "objective=10"}) {
    EXPECT_NE(o.out.find(std::string("%%%mzn-stat: ") + key), std::string::npos) << key << "\n"
                                                                                 << o.out;
  }
  EXPECT_EQ(o.out.substr(o.out.size() - 16), "%%%mzn-stat-end\n");
  EXPECT_EQ(o.out.find("x = 2;\ny = 1;\nv = 10;\n----------\n==========\n%%%mzn-stat: "), 0U);
}

// --- the switches ---

TEST(FlatZincRun, DefaultsAreGecodesSemantics) {
  const fz::options o = fz::parse_options(std::vector<std::string>{"m.fzn"});
  EXPECT_EQ(o.strategy.inf, bt::csp::inference::mac);
  EXPECT_EQ(o.strategy.branch, bt::cp::branching::binary);
  EXPECT_EQ(o.strategy.var, bt::cp::var_select::dom_wdeg);
  EXPECT_FALSE(o.orders_given);
}

TEST(FlatZincRun, StrategiesAreTheEnginesGrammar) {
  const auto parse = [](std::vector<std::string> args) {
    args.emplace_back("m.fzn");
    return fz::parse_options(args);
  };
  fz::options o = parse({"--strategy", "mrv+fc"});
  EXPECT_EQ(o.strategy.var, bt::cp::var_select::first_fail);
  EXPECT_EQ(o.strategy.inf, bt::csp::inference::fc);
  EXPECT_EQ(o.strategy.branch, bt::cp::branching::dway);
  EXPECT_TRUE(o.orders_given);
  o = parse({"--inference", "fc"});
  EXPECT_EQ(o.strategy.branch, bt::cp::branching::dway);
  EXPECT_FALSE(o.orders_given);
  o = parse({"--strategy=dom-wdeg+mac"});
  EXPECT_EQ(o.strategy.branch, bt::cp::branching::binary);
  o = parse({"--strategy", "mac+dway"});
  EXPECT_EQ(o.strategy.branch, bt::cp::branching::dway);
  o = parse({"--strategy", "mac+cbj"});
  EXPECT_EQ(o.strategy.branch, bt::cp::branching::dway);
  o = parse({"--var-order", "first_fail", "--val-order", "reverse_split"});
  EXPECT_EQ(o.strategy.var, bt::cp::var_select::first_fail);
  EXPECT_EQ(o.strategy.val, bt::cp::val_select::reverse_split);
  EXPECT_TRUE(o.orders_given);
  o = parse({"-a", "-n", "5", "-s", "-t", "1000", "-f", "-r", "7", "-p", "2", "--trace"});
  EXPECT_TRUE(o.all && o.statistics && o.free_search && o.trace);
  EXPECT_EQ(o.count, 5U);
  EXPECT_EQ(o.seed, 7U);
  EXPECT_EQ(o.strategy.seed, 7U);
  EXPECT_EQ(o.threads, 2);
  EXPECT_EQ(o.time_limit, std::chrono::milliseconds(1000));
}

TEST(FlatZincRun, BadFlagsAreUsageErrors) {
  const auto message = [](std::vector<std::string> args) -> std::string {
    try {
      fz::parse_options(args);
    } catch (const fz::usage_error& e) {
      return e.what();
    }
    return "(accepted)";
  };
  EXPECT_EQ(message({"--colour", "m.fzn"}), "unknown option --colour");
  EXPECT_EQ(message({"-n", "two", "m.fzn"}), "-n takes a non-negative integer, not 'two'");
  EXPECT_EQ(message({"m.fzn", "-t"}), "-t needs a value");
  EXPECT_EQ(message({"a.fzn", "b.fzn"}), "one model file, not 'a.fzn' and 'b.fzn'");
  EXPECT_EQ(message({}), "no model file (usage: fzn-btsolve [options] model.fzn)");
  EXPECT_EQ(message({"--strategy", "mrv+mrv", "m.fzn"}),
            "--strategy mrv+mrv: not a strategy (e.g. mrv+fc, dom-wdeg+mac, mac+cbj)");
  EXPECT_EQ(message({"--inference", "ac3", "m.fzn"}),
            "--inference: unknown value 'ac3' (one of: none, fc, mac)");
  EXPECT_EQ(message({"-p", "0", "m.fzn"}), "-p takes 1..4096 threads");
}

const char* const queens = R"(array [1..5] of var 1..5: q :: output_array([1..5]);
constraint fzn_all_different_int(q);
constraint int_lin_ne([1, -1], [q[1], q[2]], 1);
constraint int_lin_ne([1, -1], [q[1], q[2]], -1);
constraint int_lin_ne([1, -1], [q[1], q[3]], 2);
constraint int_lin_ne([1, -1], [q[1], q[3]], -2);
constraint int_lin_ne([1, -1], [q[1], q[4]], 3);
constraint int_lin_ne([1, -1], [q[1], q[4]], -3);
constraint int_lin_ne([1, -1], [q[1], q[5]], 4);
constraint int_lin_ne([1, -1], [q[1], q[5]], -4);
constraint int_lin_ne([1, -1], [q[2], q[3]], 1);
constraint int_lin_ne([1, -1], [q[2], q[3]], -1);
constraint int_lin_ne([1, -1], [q[2], q[4]], 2);
constraint int_lin_ne([1, -1], [q[2], q[4]], -2);
constraint int_lin_ne([1, -1], [q[2], q[5]], 3);
constraint int_lin_ne([1, -1], [q[2], q[5]], -3);
constraint int_lin_ne([1, -1], [q[3], q[4]], 1);
constraint int_lin_ne([1, -1], [q[3], q[4]], -1);
constraint int_lin_ne([1, -1], [q[3], q[5]], 2);
constraint int_lin_ne([1, -1], [q[3], q[5]], -2);
constraint int_lin_ne([1, -1], [q[4], q[5]], 1);
constraint int_lin_ne([1, -1], [q[4], q[5]], -1);
solve :: int_search(q, first_fail, indomain_split, complete) satisfy;
)";

TEST(FlatZincRun, EveryStrategyFindsTheSameSolutions) {
  const auto all = [](std::vector<std::string> flags) {
    flags.emplace_back("-a");
    const auto s = solutions(solve(queens, flags).out);
    return std::set<std::vector<std::string>>(s.begin(), s.end());
  };
  const auto expected = all({});
  EXPECT_EQ(expected.size(), 10U);
  for (const char* spec :
       {"none", "fc", "mac", "mrv+fc", "dom-wdeg+mac", "mac+cbj", "fc+cbj", "mac+split",
        "max-regret+mac+reverse-split", "lcv+fc", "random+mac", "smallest+fc", "mac+dway"}) {
    EXPECT_EQ(all({"--strategy", spec}), expected) << spec;
  }
  // The annotation's indomain_split under d-way branching: values upward instead.
  EXPECT_EQ(all({"--inference", "fc"}), expected);
  EXPECT_EQ(all({"-f"}), expected);
}

TEST(FlatZincRun, UnsupportedSearchAnnotationsRefuseUnlessFree) {
  const char* text =
      "array [1..2] of var 1..2: a :: output_array([1..2]);\n"
      "solve :: int_search(a, impact, indomain_min, complete) satisfy;\n";
  EXPECT_THROW(solve(text), fz::error);
  EXPECT_EQ(solutions(solve(text, {"-f"}).out).size(), 1U);
  EXPECT_EQ(solutions(solve(text, {"--var-order", "first-fail"}).out).size(), 1U);
}

TEST(FlatZincRun, TraceNamesTheModelsVariables) {
  const run_output o = solve(
      "var 1..3: x :: output_var;\nvar 1..3: y :: output_var;\n"
      "constraint int_lt(y, x);\nconstraint int_lin_ne([1, 1], [x, y], 3);\n"
      "solve :: int_search([x, y], input_order, indomain_min, complete) satisfy;\n",
      {"--trace"});
  EXPECT_EQ(o.out, "x = 3;\ny = 1;\n----------\n");
  EXPECT_EQ(o.err, "x = 2\n  fail: x + y != 3\nx != 2\n  y = 1\n    solution\n");
}

TEST(FlatZincRun, SplitWithForwardCheckingIsAUsageError) {
  EXPECT_THROW(solve(three, {"--inference", "fc", "--val-order", "split"}), fz::usage_error);
}

// --- checking a given solution ---

TEST(FlatZincRun, ASolutionIsCheckedByFixingTheOutputs) {
  fz::instance good = fz::translate(fz::parse(knapsack, "k.fzn"));
  fz::fix_outputs(good, "x = 1;\ny = 1;\nv = 7;\n----------\n", "s.sol");
  std::ostringstream out;
  std::ostringstream err;
  fz::solve(good, fz::parse_options(std::vector<std::string>{"k.fzn"}), out, err);
  EXPECT_EQ(out.str(), "x = 1;\ny = 1;\nv = 7;\n----------\n==========\n");

  fz::instance bad = fz::translate(fz::parse(knapsack, "k.fzn"));
  fz::fix_outputs(bad, "% a comment\nx = 3;\ny = 3;\nv = 21;\n----------\n", "s.sol");
  std::ostringstream out2;
  fz::solve(bad, fz::parse_options(std::vector<std::string>{"k.fzn"}), out2, err);
  EXPECT_EQ(out2.str(), "=====UNSATISFIABLE=====\n");

  fz::instance arrays = fz::translate(fz::parse(three, "t.fzn"));
  EXPECT_NO_THROW(fz::fix_outputs(arrays, "x = array1d(1..3, [3, 1, 2]);\n", "s.sol"));
  try {
    fz::fix_outputs(arrays, "x = array1d(1..3, [3, 1, 2]);\nz = 4;\n", "s.sol");
    ADD_FAILURE() << "an unknown name was accepted";
  } catch (const fz::error& e) {
    EXPECT_STREQ(e.what(), "s.sol:2: z is no output item of the model");
  }
}

// --- the command ---

TEST(FlatZincRun, TheCommandReportsErrorsInOneLine) {
  std::ostringstream out;
  std::ostringstream err;
  EXPECT_EQ(fz::run_cli(std::vector<std::string>{"/nonexistent/m.fzn"}, out, err), 2);
  EXPECT_EQ(err.str(), "/nonexistent/m.fzn: cannot read the file\n");
  err.str("");
  EXPECT_EQ(fz::run_cli(std::vector<std::string>{"--bogus"}, out, err), 2);
  EXPECT_EQ(err.str(), "fzn-btsolve: error: unknown option --bogus\n");
  EXPECT_EQ(fz::run_cli(std::vector<std::string>{"--help"}, out, err), 0);
  EXPECT_NE(out.str().find("Usage: fzn-btsolve"), std::string::npos);

  const std::string path = ::testing::TempDir() + "bt_flatzinc_run_test.fzn";
  {
    std::ofstream f(path);
    f << "var 1..3: x :: output_var;\nconstraint int_le(x, 0);\nsolve satisfy;\n";
  }
  out.str("");
  err.str("");
  EXPECT_EQ(fz::run_cli(std::vector<std::string>{path}, out, err), 0);
  EXPECT_EQ(out.str(), "=====UNSATISFIABLE=====\n");
  {
    std::ofstream f(path);
    f << "var 1..3: x :: output_var;\nconstraint int_le(x 0);\nsolve satisfy;\n";
  }
  err.str("");
  EXPECT_EQ(fz::run_cli(std::vector<std::string>{path}, out, err), 2);
  EXPECT_EQ(err.str(), path + ":2:21: expected ',' or ')'\n");
  std::remove(path.c_str());
}

}  // namespace
