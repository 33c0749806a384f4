// SPDX-License-Identifier: MIT
// The FlatZinc reader: what MiniZinc 2.6 writes and the older forms of Gecode's tests read
// into the AST; malformed input refused in one line at its place (FILE:LINE:COL: expected X);
// models the translator refuses (float and set variables, unknown constraints and
// annotations, wrong arguments) named at their place.
#include <string>

#include <gtest/gtest.h>

#include <bt/flatzinc/flatzinc.hpp>

namespace {

namespace fz = bt::flatzinc;

// The error a text raises in parse() (or in translate() when `translating`).
std::string error_of(const std::string& text, bool translating = false) {
  try {
    const fz::model m = fz::parse(text, "m.fzn");
    if (translating) fz::translate(m);
  } catch (const fz::error& e) {
    return e.what();
  }
  return "(no error)";
}

TEST(FlatZincReader, ReadsWhatMiniZincWrites) {
  const fz::model m = fz::parse(R"(predicate fzn_all_different_int(array [int] of var int: x);
predicate int_lin_le_imp(array [int] of int: a,array [int] of var int: x,int: c,var bool: r);
array [1..2] of int: X_INTRODUCED_3_ = [1,-2];
var 1..5: X_INTRODUCED_0_;
var {1,3,5}: s:: is_defined_var:: output_var;
var bool: b:: output_var;
var int: y;
array [1..6] of var int: m:: output_array([1..2,1..3]) = [X_INTRODUCED_0_,s,3,y,y,y];
constraint int_lin_le_imp(X_INTRODUCED_3_,[X_INTRODUCED_0_,s],4,b):: defines_var(b):: domain;
solve :: seq_search([int_search(m,first_fail,indomain_split,complete),bool_search([b],input_order,indomain_max,complete)]) minimize y;
)",
                                "m.fzn");
  ASSERT_EQ(m.predicates.size(), 2U);
  EXPECT_EQ(m.predicates[0].name, "fzn_all_different_int");
  EXPECT_EQ(m.predicates[0].arity, 1U);
  EXPECT_EQ(m.predicates[1].arity, 4U);
  ASSERT_EQ(m.declarations.size(), 6U);
  const fz::declaration& a = m.declarations[0];
  EXPECT_EQ(a.name, "X_INTRODUCED_3_");
  EXPECT_FALSE(a.type.is_var);
  EXPECT_TRUE(a.type.is_array);
  EXPECT_EQ(a.type.array_size, 2);
  ASSERT_TRUE(a.value.has_value());
  ASSERT_EQ(a.value->items.size(), 2U);
  EXPECT_EQ(a.value->items[1].i, -2);
  const fz::declaration& s = m.declarations[2];
  EXPECT_TRUE(s.type.is_var);
  EXPECT_EQ(s.type.domain, fz::int_set::of({1, 3, 5}));
  ASSERT_EQ(s.annotations.size(), 2U);
  EXPECT_EQ(s.annotations[1].text, "output_var");
  EXPECT_EQ(s.where.line, 5U);
  EXPECT_EQ(m.declarations[3].type.base, fz::base_type::boolean);
  EXPECT_FALSE(m.declarations[4].type.domain.has_value());
  const fz::declaration& arr = m.declarations[5];
  ASSERT_EQ(arr.annotations.size(), 1U);
  EXPECT_EQ(arr.annotations[0].k, fz::expr::kind::call);
  EXPECT_EQ(arr.annotations[0].items[0].items[1].set, fz::int_set::range(1, 3));
  ASSERT_EQ(m.constraints.size(), 1U);
  EXPECT_EQ(m.constraints[0].name, "int_lin_le_imp");
  EXPECT_EQ(m.constraints[0].args.size(), 4U);
  EXPECT_EQ(m.constraints[0].annotations.size(), 2U);
  EXPECT_EQ(m.constraints[0].where.line, 9U);
  EXPECT_EQ(m.solve.goal, fz::goal::minimize);
  ASSERT_TRUE(m.solve.objective.has_value());
  EXPECT_EQ(m.solve.objective->text, "y");
  ASSERT_EQ(m.solve.annotations.size(), 1U);
  EXPECT_EQ(m.solve.annotations[0].text, "seq_search");
  EXPECT_EQ(m.solve.annotations[0].items[0].items.size(), 2U);
}

TEST(FlatZincReader, ReadsGecodesOlderForms) {
  // Arrays of variables without a value, a[i] in arguments, spaces inside ranges, comments.
  const fz::model m = fz::parse(R"(% a comment
var 1 .. 10: a :: output_var;   % another
array [1..3] of var 1..9: xs :: output_array([1..3]);
constraint int_lt(xs[2], xs[1]);
solve
	:: int_search(xs, input_order, indomain_min, complete)
	satisfy;)",
                                "m.fzn");
  ASSERT_EQ(m.declarations.size(), 2U);
  EXPECT_EQ(m.declarations[0].type.domain, fz::int_set::range(1, 10));
  EXPECT_FALSE(m.declarations[1].value.has_value());
  const fz::expr& arg = m.constraints[0].args[0];
  EXPECT_EQ(arg.k, fz::expr::kind::access);
  EXPECT_EQ(arg.text, "xs");
  EXPECT_EQ(arg.i, 2);
  EXPECT_EQ(m.solve.goal, fz::goal::satisfy);
}

TEST(FlatZincReader, ReadsEveryLiteral) {
  const fz::model m = fz::parse(R"(array [1..9] of int: a = [0x1F, 0o17, -42, 7, 0, -0, 1, 2, 3];
set of int: e = {};
set of int: r = -3..-1;
float: f = 1.5e3;
array [1..2] of bool: bs = [true, false];
constraint foo(a, e, r, f, bs, "a \"quoted\" string", 2.5..3.0);
solve satisfy;)",
                                "m.fzn");
  const auto& a = m.declarations[0].value->items;
  EXPECT_EQ(a[0].i, 31);
  EXPECT_EQ(a[1].i, 15);
  EXPECT_EQ(a[2].i, -42);
  EXPECT_TRUE(m.declarations[1].value->set.empty());
  EXPECT_EQ(m.declarations[1].value->k, fz::expr::kind::int_set);
  EXPECT_EQ(m.declarations[2].value->set, fz::int_set::range(-3, -1));
  EXPECT_DOUBLE_EQ(m.declarations[3].value->f, 1500.0);
  EXPECT_EQ(m.declarations[4].value->items[0].k, fz::expr::kind::boolean);
  EXPECT_EQ(m.declarations[4].value->items[1].i, 0);
  const auto& args = m.constraints[0].args;
  EXPECT_EQ(args[5].k, fz::expr::kind::string);
  EXPECT_EQ(args[5].text, R"(a \"quoted\" string)");
  EXPECT_EQ(args[6].k, fz::expr::kind::float_set);
}

TEST(FlatZincReader, IntSetsAreRanges) {
  const fz::int_set s = fz::int_set::of({5, 1, 2, 3, 9, 2});
  ASSERT_EQ(s.ranges.size(), 3U);
  EXPECT_EQ(s.size(), 5U);
  EXPECT_TRUE(s.contains(2));
  EXPECT_FALSE(s.contains(4));
  EXPECT_EQ(s.text(), "{1,2,3,5,9}");
  EXPECT_EQ(fz::int_set::range(1, 4).text(), "1..4");
  EXPECT_EQ(s.intersect(fz::int_set::range(3, 6)), fz::int_set::of({3, 5}));
}

TEST(FlatZincReader, MalformedInputIsOneLineAtItsPlace) {
  EXPECT_EQ(error_of("var int: x\nsolve satisfy;"), "m.fzn:2:1: expected ';'");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_eq(x, );\nsolve satisfy;"),
            "m.fzn:2:22: expected an expression");
  EXPECT_EQ(error_of("constraint int_eq(x 3);\nsolve satisfy;"), "m.fzn:1:21: expected ',' or ')'");
  EXPECT_EQ(error_of("var int: x;\n"),
            "m.fzn:2:1: expected a declaration, 'constraint' or 'solve'");
  EXPECT_EQ(error_of("foo;\nsolve satisfy;"),
            "m.fzn:1:1: expected a declaration, 'constraint' or 'solve'");
  EXPECT_EQ(error_of("solve satisfy;\nvar int: x;"),
            "m.fzn:2:1: expected the end of the file after the solve item");
  EXPECT_EQ(error_of("solve maximise x;"),
            "m.fzn:1:7: expected 'satisfy', 'minimize' or 'maximize'");
  EXPECT_EQ(error_of("var foo: x;\nsolve satisfy;"),
            "m.fzn:1:5: expected a type (bool, int, a range, a set, float, set of ...)");
  EXPECT_EQ(error_of("var 1..: x;\nsolve satisfy;"), "m.fzn:1:8: expected an integer");
  EXPECT_EQ(error_of("var {1, 2: x;\nsolve satisfy;"), "m.fzn:1:10: expected ',' or '}'");
  EXPECT_EQ(error_of("array [0..2] of int: a = [1, 2, 3];\nsolve satisfy;"),
            "m.fzn:1:8: expected an index set starting at 1");
  EXPECT_EQ(error_of("array [1..2] of int: a = [1, 2;\nsolve satisfy;"),
            "m.fzn:1:31: expected ',' or ']'");
  EXPECT_EQ(error_of("int: x = 99999999999999999999;\nsolve satisfy;"),
            "m.fzn:1:10: expected an integer within 64 bits");
  EXPECT_EQ(error_of("solve :: foo(\"open) satisfy;"),
            "m.fzn:1:29: expected '\"' closing the string");
  EXPECT_EQ(error_of("var int: x :: ;\nsolve satisfy;"), "m.fzn:1:15: expected an annotation");
  EXPECT_EQ(error_of("predicate p(int x);\nsolve satisfy;"), "m.fzn:1:17: expected ':'");
  EXPECT_EQ(error_of(""), "m.fzn:1:1: expected a declaration, 'constraint' or 'solve'");
}

TEST(FlatZincReader, DeepNestingIsRefusedNotRecursedInto) {
  std::string deep = "constraint p(";
  for (int i = 0; i < 100000; ++i) deep += '[';
  const std::string e = error_of(deep);
  EXPECT_NE(e.find("expected arrays and calls nested at most 64 deep"), std::string::npos) << e;
}

TEST(FlatZincReader, ModelsTheSolverRefusesAreNamedAtTheirPlace) {
  EXPECT_EQ(error_of("var 1..3: x;\nvar 0.0..1.0: f;\nsolve satisfy;", true),
            "m.fzn:2:1: float variables are not supported: f");
  EXPECT_EQ(error_of("var float: g;\nsolve satisfy;", true),
            "m.fzn:1:1: float variables are not supported: g");
  EXPECT_EQ(error_of("array [1..2] of var set of 1..3: s;\nsolve satisfy;", true),
            "m.fzn:1:1: set variables are not supported: s");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_foo(x);\nsolve satisfy;", true),
            "m.fzn:2:12: unknown constraint int_foo");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint float_plus(x, x, x);\nsolve satisfy;", true),
            "m.fzn:2:12: float_plus: float constraints are not supported");
  EXPECT_EQ(
      error_of("var 1..3: x;\nconstraint set_card(x, x);\nsolve satisfy;", true),
      "m.fzn:2:12: set_card: set constraints are not supported (set_in with a constant set is)");
  EXPECT_EQ(error_of("var 1..3: x :: colour(red);\nsolve satisfy;", true),
            "m.fzn:1:16: unknown annotation colour on a declaration");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_le(x, 2) :: fancy;\nsolve satisfy;", true),
            "m.fzn:2:28: unknown annotation fancy on constraint int_le");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_le(x, y);\nsolve satisfy;", true),
            "m.fzn:2:22: undeclared identifier y");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_le(x);\nsolve satisfy;", true),
            "m.fzn:2:12: int_le takes 2 arguments, got 1");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint int_lin_le([1], [x], x);\nsolve satisfy;", true),
            "m.fzn:2:33: int_lin_le: argument 3 must be fixed");
  EXPECT_EQ(error_of("var 1..3: x;\nconstraint set_in(x, 3);\nsolve satisfy;", true),
            "m.fzn:2:22: set_in: argument 2 must be a set of int, got an int");
  EXPECT_EQ(
      error_of("array [1..2] of var 1..3: a;\nconstraint int_le(a[3], 1);\nsolve satisfy;", true),
      "m.fzn:2:19: index 3 is outside a's 1..2");
  EXPECT_EQ(error_of("var 1..3: x;\nsolve maximize z;", true),
            "m.fzn:2:16: undeclared identifier z");
}

TEST(FlatZincReader, AnnotationsThatChangeNoAnswerAreAccepted) {
  const fz::model m = fz::parse(R"(var 1..3: x :: output_var :: mzn_check_var :: is_defined_var;
var bool: b :: var_is_introduced :: output_var;
array [1..1] of var int: a :: output_array([1..1]) :: mzn_path("x") = [x];
constraint int_le_reif(x, 2, b) :: defines_var(b) :: domain :: mzn_constraint_name("c1");
solve :: restart_luby(100) :: int_search(a, dom_w_deg, indomain_random, complete) satisfy;)",
                                "m.fzn");
  const fz::instance inst = fz::translate(m);
  EXPECT_EQ(inst.outputs.size(), 3U);
  ASSERT_EQ(inst.phases.size(), 1U);
  EXPECT_EQ(inst.phases[0].var, bt::cp::var_select::dom_wdeg);
  EXPECT_EQ(inst.phases[0].val, bt::cp::val_select::random);
  EXPECT_EQ(inst.ignored, std::vector<std::string>{"restart_luby"});
  EXPECT_FALSE(inst.search_problem.has_value());
}

TEST(FlatZincReader, UnknownSearchAnnotationsAreKeptForTheRun) {
  // Free search (-f) ignores them; otherwise the run refuses (run_test.cpp).
  const fz::instance inst =
      fz::translate(fz::parse("array [1..1] of var 1..3: a;\nsolve :: int_search(a, impact, "
                              "indomain_min, complete) satisfy;",
                              "m.fzn"));
  ASSERT_TRUE(inst.search_problem.has_value());
  EXPECT_EQ(*inst.search_problem, "m.fzn:2:24: unsupported variable selection impact");
}

}  // namespace
