// SPDX-License-Identifier: MIT
// The constraints: every int_* and bool_* builtin of FlatZinc 2.6 (with the half-reified
// _imp forms the solver library declares), set_in on constant sets, the globals the library
// passes through (fzn_all_different_int, fzn_table_int/bool, fzn_count_eq, fzn_lex_*,
// btsolve_circuit) and the older names Gecode's tests call. Fixed arguments fold into
// constants before posting, so a relation with one side fixed becomes a domain restriction.
#include <algorithm>
#include <functional>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include <bt/flatzinc/parser.hpp>

#include "translator.hpp"

namespace bt::flatzinc {

namespace {

using cp::relation;
using cp::value_t;

__extension__ typedef __int128 i128;

// sum a[i] * x[i] r c with the fixed terms moved to the right-hand side: the coefficients and
// variables left (zero coefficients dropped) and the new right-hand side, exact in 128 bits.
struct unfixed_sum {
  std::vector<value_t> coef;
  std::vector<int> xs;
  i128 rhs;
};
unfixed_sum unfixed_terms(const std::vector<value_t>& a, const std::vector<term>& x, value_t c) {
  unfixed_sum out{{}, {}, c};
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (x[i].fixed) {
      out.rhs -= i128{a[i]} * x[i].value;
    } else if (a[i] != 0) {
      out.coef.push_back(a[i]);
      out.xs.push_back(x[i].var);
    }
  }
  return out;
}

bool compare(i128 a, relation r, i128 b) {
  switch (r) {
    case relation::eq: return a == b;
    case relation::ne: return a != b;
    case relation::le: return a <= b;
    case relation::lt: return a < b;
    case relation::ge: return a >= b;
    case relation::gt: return a > b;
  }
  return false;
}

// The relation with its sides swapped: a r b <=> b flip(r) a.
relation flip(relation r) {
  switch (r) {
    case relation::le: return relation::ge;
    case relation::lt: return relation::gt;
    case relation::ge: return relation::le;
    case relation::gt: return relation::lt;
    default: return r;
  }
}

value_t narrow(i128 v) {
  if (v < cp::value_min * 4 || v > cp::value_max * 4)
    throw std::invalid_argument("a constant out of range");
  return static_cast<value_t>(v);
}

}  // namespace

// Typed access to a constraint's arguments, with the constraint's name in every error.
struct translator::args {
  translator& t;
  const constraint& c;

  void arity(std::size_t n) const {
    if (c.args.size() != n) {
      t.fail(c.where, c.name + " takes " + std::to_string(n) + " arguments, got " +
                          std::to_string(c.args.size()));
    }
  }
  [[nodiscard]] std::string what(std::size_t i, const char* kind) const {
    return std::string(kind) + " as argument " + std::to_string(i + 1) + " of " + c.name;
  }
  term at(std::size_t i) const {
    const std::string w = what(i, "an int or bool");
    return t.term_of(c.args[i], w.c_str());
  }
  int var(std::size_t i) const { return t.var(at(i)); }
  value_t par(std::size_t i) const {
    const term v = at(i);
    if (!v.fixed)
      t.fail(c.args[i].where, c.name + ": argument " + std::to_string(i + 1) + " must be fixed");
    return v.value;
  }
  std::vector<term> terms(std::size_t i) const {
    std::vector<term> out;
    const std::string w = what(i, "an int or bool element");
    for (const expr& e : t.array_items(c.args[i])) out.push_back(t.term_of(e, w.c_str()));
    return out;
  }
  std::vector<int> vars(std::size_t i) const { return t.vars(terms(i)); }
  std::vector<value_t> ints(std::size_t i) const {
    std::vector<value_t> out;
    for (const term& v : terms(i)) {
      if (!v.fixed)
        t.fail(c.args[i].where, c.name + ": argument " + std::to_string(i + 1) + " must be fixed");
      out.push_back(v.value);
    }
    return out;
  }
  int_set set(std::size_t i) const {
    const expr v = t.literal_of(c.args[i]);
    if (v.k != expr::kind::int_set) {
      t.fail(c.args[i].where, c.name + ": argument " + std::to_string(i + 1) +
                                  " must be a set of int, got " + kind_name(v));
    }
    return v.set;
  }
};

int translator::var(term t) { return t.fixed ? constant(t.value) : t.var; }

std::vector<int> translator::vars(const std::vector<term>& ts) {
  std::vector<int> out;
  out.reserve(ts.size());
  for (const term& t : ts) out.push_back(var(t));
  return out;
}

void translator::rel2(term a, relation r, term b) {
  if (a.fixed && b.fixed) {
    if (!compare(a.value, r, b.value)) infeasible();
  } else if (b.fixed) {
    cp::restrict(m(), a.var, r, b.value);
  } else if (a.fixed) {
    cp::restrict(m(), b.var, flip(r), a.value);
  } else {
    cp::rel(m(), a.var, r, b.var);
  }
}

// b tied to a constant truth as `how` says.
void translator::truth(bool holds, term b, cp::reif how) {
  const bool need_true = holds && how != cp::reif::imp;    // c -> b
  const bool need_false = !holds && how != cp::reif::pmi;  // b -> c
  if (b.fixed) {
    if ((need_true && b.value != 1) || (need_false && b.value != 0) ||
        (b.value != 0 && b.value != 1))
      infeasible();
    return;
  }
  m().narrow(b.var, 0, 1);
  if (need_true) cp::restrict(m(), b.var, relation::eq, 1);
  if (need_false) cp::restrict(m(), b.var, relation::eq, 0);
}

void translator::reif2(term a, relation r, term b, term bv, cp::reif how) {
  if (bv.fixed) {
    if (bv.value == 1 && how != cp::reif::pmi) rel2(a, r, b);
    if (bv.value == 0 && how != cp::reif::imp) rel2(a, cp::negate(r), b);
    if (bv.value != 0 && bv.value != 1) infeasible();
    return;
  }
  if (a.fixed && b.fixed) {
    truth(compare(a.value, r, b.value), bv, how);
  } else if (b.fixed) {
    cp::rel_reif(m(), a.var, r, b.value, bv.var, how);
  } else if (a.fixed) {
    cp::rel_reif(m(), b.var, flip(r), a.value, bv.var, how);
  } else {
    cp::rel_reif(m(), a.var, r, b.var, bv.var, how);
  }
}

void translator::linear(const std::vector<value_t>& a, const std::vector<term>& x, relation r,
                        value_t c) {
  if (a.size() != x.size()) throw std::invalid_argument("as many coefficients as variables");
  auto [coef, xs, rhs] = unfixed_terms(a, x, c);
  if (xs.empty()) {
    if (!compare(0, r, rhs)) infeasible();
    return;
  }
  cp::linear(m(), std::move(coef), std::move(xs), r, narrow(rhs));
}

void translator::linear_reif(const std::vector<value_t>& a, const std::vector<term>& x, relation r,
                             value_t c, term b, cp::reif how) {
  if (a.size() != x.size()) throw std::invalid_argument("as many coefficients as variables");
  if (b.fixed) {
    if (b.value == 1 && how != cp::reif::pmi) linear(a, x, r, c);
    if (b.value == 0 && how != cp::reif::imp) linear(a, x, cp::negate(r), c);
    if (b.value != 0 && b.value != 1) infeasible();
    return;
  }
  auto [coef, xs, rhs] = unfixed_terms(a, x, c);
  if (xs.empty()) {
    truth(compare(0, r, rhs), b, how);
    return;
  }
  cp::linear_reif(m(), std::move(coef), std::move(xs), r, narrow(rhs), b.var, how);
}

void translator::post(const constraint& c) {
  for (const expr& a : c.annotations) check_annotation(a, ("constraint " + c.name).c_str());
  args g{*this, c};
  using handler = std::function<void(translator&, args&)>;
  static const std::unordered_map<std::string, handler> table = [] {
    std::unordered_map<std::string, handler> h;
    // x r y, for ints and bools: plain, reified and half-reified.
    const auto relations = [&h](const std::string& name, relation r) {
      h[name] = [r](translator& t, args& a) {
        a.arity(2);
        t.rel2(a.at(0), r, a.at(1));
      };
      for (const cp::reif how : {cp::reif::equiv, cp::reif::imp}) {
        h[name + (how == cp::reif::equiv ? "_reif" : "_imp")] = [r, how](translator& t, args& a) {
          a.arity(3);
          t.reif2(a.at(0), r, a.at(1), a.at(2), how);
        };
      }
    };
    // sum a[i] x[i] r c: plain, reified and half-reified.
    const auto sums = [&h](const std::string& name, relation r) {
      h[name] = [r](translator& t, args& a) {
        a.arity(3);
        t.linear(a.ints(0), a.terms(1), r, a.par(2));
      };
      for (const cp::reif how : {cp::reif::equiv, cp::reif::imp}) {
        h[name + (how == cp::reif::equiv ? "_reif" : "_imp")] = [r, how](translator& t, args& a) {
          a.arity(4);
          t.linear_reif(a.ints(0), a.terms(1), r, a.par(2), a.at(3), how);
        };
      }
    };
    // sum a[i] b[i] r c for bools b and an int c (a variable in bool_lin_eq).
    const auto bool_sums = [&h](const std::string& name, relation r) {
      h[name] = [r](translator& t, args& a) {
        a.arity(3);
        std::vector<value_t> coef = a.ints(0);
        std::vector<term> x = a.terms(1);
        coef.push_back(-1);
        x.push_back(a.at(2));
        t.linear(coef, x, r, 0);
      };
    };
    const std::pair<const char*, relation> named[] = {{"eq", relation::eq}, {"ne", relation::ne},
                                                      {"le", relation::le}, {"lt", relation::lt},
                                                      {"ge", relation::ge}, {"gt", relation::gt}};
    for (const auto& [word, r] : named) {
      relations(std::string("int_") + word, r);
      relations(std::string("bool_") + word, r);
      sums(std::string("int_lin_") + word, r);
      bool_sums(std::string("bool_lin_") + word, r);
    }

    h["bool2int"] = [](translator& t, args& a) {
      a.arity(2);
      t.rel2(a.at(0), relation::eq, a.at(1));
    };
    h["int_plus"] = [](translator& t, args& a) {
      a.arity(3);
      t.linear({1, 1, -1}, {a.at(0), a.at(1), a.at(2)}, relation::eq, 0);
    };
    h["int_minus"] = [](translator& t, args& a) {
      a.arity(3);
      t.linear({1, -1, -1}, {a.at(0), a.at(1), a.at(2)}, relation::eq, 0);
    };
    h["int_negate"] = [](translator& t, args& a) {
      a.arity(2);
      t.linear({1, 1}, {a.at(0), a.at(1)}, relation::eq, 0);
    };
    h["int_times"] = [](translator& t, args& a) {
      a.arity(3);
      const term x = a.at(0);
      const term y = a.at(1);
      const term z = a.at(2);
      if (x.fixed) {
        t.linear({x.value, -1}, {y, z}, relation::eq, 0);
      } else if (y.fixed) {
        t.linear({y.value, -1}, {x, z}, relation::eq, 0);
      } else {
        cp::times(t.m(), x.var, y.var, t.var(z));
      }
    };
    h["int_div"] = [](translator& t, args& a) {
      a.arity(3);
      cp::div(t.m(), a.var(0), a.var(1), a.var(2));
    };
    h["int_mod"] = [](translator& t, args& a) {
      a.arity(3);
      cp::mod(t.m(), a.var(0), a.var(1), a.var(2));
    };
    h["int_abs"] = [](translator& t, args& a) {
      a.arity(2);
      cp::abs(t.m(), a.var(0), a.var(1));
    };
    h["int_min"] = [](translator& t, args& a) {
      a.arity(3);
      cp::minimum(t.m(), {a.var(0), a.var(1)}, a.var(2));
    };
    h["int_max"] = [](translator& t, args& a) {
      a.arity(3);
      cp::maximum(t.m(), {a.var(0), a.var(1)}, a.var(2));
    };
    h["int_pow"] = [](translator& t, args& a) {
      a.arity(3);
      cp::power(t.m(), a.var(0), a.var(1), a.var(2));
    };
    h["int_pow_fixed"] = h["int_pow"];
    // max / min of an array: m first.
    h["array_int_maximum"] = [](translator& t, args& a) {
      a.arity(2);
      const std::vector<int> x = a.vars(1);
      if (x.empty()) throw std::invalid_argument("the maximum of no variables");
      cp::maximum(t.m(), x, a.var(0));
    };
    h["array_int_minimum"] = [](translator& t, args& a) {
      a.arity(2);
      const std::vector<int> x = a.vars(1);
      if (x.empty()) throw std::invalid_argument("the minimum of no variables");
      cp::minimum(t.m(), x, a.var(0));
    };
    h["maximum_int"] = h["array_int_maximum"];
    h["minimum_int"] = h["array_int_minimum"];

    // element: result = array[index], arrays from 1.
    const handler element = [](translator& t, args& a) {
      a.arity(3);
      const std::vector<term> arr = a.terms(1);
      if (arr.empty()) {
        t.infeasible();
        return;
      }
      const bool all_fixed =
          std::all_of(arr.begin(), arr.end(), [](const term& x) { return x.fixed; });
      if (all_fixed) {
        std::vector<value_t> values;
        for (const term& x : arr) values.push_back(x.value);
        cp::element(t.m(), a.var(0), std::move(values), a.var(2), 1);
      } else {
        cp::element(t.m(), a.var(0), t.vars(arr), a.var(2), 1);
      }
    };
    for (const char* n : {"array_int_element", "array_bool_element", "array_var_int_element",
                          "array_var_bool_element", "array_var_int_element_nonshifted",
                          "array_var_bool_element_nonshifted"}) {
      h[n] = element;
    }

    // Conjunctions, disjunctions, parity, clauses.
    h["array_bool_and"] = [](translator& t, args& a) {
      a.arity(2);
      t.junction(a.terms(0), a.at(1), true, cp::reif::equiv);
    };
    h["array_bool_or"] = [](translator& t, args& a) {
      a.arity(2);
      t.junction(a.terms(0), a.at(1), false, cp::reif::equiv);
    };
    h["array_bool_and_imp"] = [](translator& t, args& a) {
      a.arity(2);
      t.junction(a.terms(0), a.at(1), true, cp::reif::imp);
    };
    h["array_bool_or_imp"] = [](translator& t, args& a) {
      a.arity(2);
      t.junction(a.terms(0), a.at(1), false, cp::reif::imp);
    };
    h["bool_and"] = [](translator& t, args& a) {
      a.arity(3);
      t.junction({a.at(0), a.at(1)}, a.at(2), true, cp::reif::equiv);
    };
    h["bool_or"] = [](translator& t, args& a) {
      a.arity(3);
      t.junction({a.at(0), a.at(1)}, a.at(2), false, cp::reif::equiv);
    };
    h["bool_and_imp"] = [](translator& t, args& a) {
      a.arity(3);
      t.junction({a.at(0), a.at(1)}, a.at(2), true, cp::reif::imp);
    };
    h["bool_or_imp"] = [](translator& t, args& a) {
      a.arity(3);
      t.junction({a.at(0), a.at(1)}, a.at(2), false, cp::reif::imp);
    };
    h["bool_and_reif"] = h["bool_and"];
    h["bool_or_reif"] = h["bool_or"];
    h["bool_xor"] = [](translator& t, args& a) {
      if (a.c.args.size() == 2) {
        t.rel2(a.at(0), relation::ne, a.at(1));
        return;
      }
      a.arity(3);
      const term x = a.at(0);
      const term y = a.at(1);
      const term r = a.at(2);
      if (!x.fixed && !y.fixed && !r.fixed) {
        cp::xor_reif(t.m(), x.var, y.var, r.var);
      } else {
        t.reif2(x, relation::ne, y, r, cp::reif::equiv);
      }
    };
    h["bool_xor_reif"] = h["bool_xor"];
    h["bool_xor_imp"] = [](translator& t, args& a) {
      a.arity(3);
      t.reif2(a.at(0), relation::ne, a.at(1), a.at(2), cp::reif::imp);
    };
    h["bool_not"] = [](translator& t, args& a) {
      a.arity(2);
      t.linear({1, 1}, {a.at(0), a.at(1)}, relation::eq, 1);
    };
    h["array_bool_xor"] = [](translator& t, args& a) {
      a.arity(1);
      t.parity(a.terms(0));
    };
    h["bool_clause"] = [](translator& t, args& a) {
      a.arity(2);
      t.clause(a.terms(0), a.terms(1), term{true, 1, -1}, cp::reif::equiv);
    };
    h["bool_clause_reif"] = [](translator& t, args& a) {
      a.arity(3);
      t.clause(a.terms(0), a.terms(1), a.at(2), cp::reif::equiv);
    };
    h["bool_clause_imp"] = [](translator& t, args& a) {
      a.arity(3);
      t.clause(a.terms(0), a.terms(1), a.at(2), cp::reif::imp);
    };

    // x in a constant set.
    h["set_in"] = [](translator& t, args& a) {
      a.arity(2);
      t.member(a.at(0), a.set(1), term{true, 1, -1}, cp::reif::equiv);
    };
    h["set_in_reif"] = [](translator& t, args& a) {
      a.arity(3);
      t.member(a.at(0), a.set(1), a.at(2), cp::reif::equiv);
    };
    h["set_in_imp"] = [](translator& t, args& a) {
      a.arity(3);
      t.member(a.at(0), a.set(1), a.at(2), cp::reif::imp);
    };

    // Globals of the solver library (mznlib), and Gecode's older names for them.
    // The all-different's consistency: value unless annotated (fzn-gecode 6.2 posts bounds
    // consistency then: docs/performance.md, "The constraint layer against Gecode"). Régin's
    // matching lists every value of every domain: past 2^22 of them, bounds.
    const auto alldiff_level = [](translator& t, const args& a, const std::vector<int>& x) {
      cp::consistency level = cp::consistency::value;
      for (const expr& ann : a.c.annotations) {
        if (ann.k != expr::kind::ident) continue;
        if (ann.text == "domain" || ann.text == "domain_propagation")
          level = cp::consistency::domain;
        if (ann.text == "bounds" || ann.text == "bounds_propagation")
          level = cp::consistency::bounds;
        if (ann.text == "value_propagation") level = cp::consistency::value;
      }
      std::uint64_t edges = 0;
      for (const int v : x)
        edges += std::min<std::uint64_t>(t.m().domain_size(v), std::uint64_t{1} << 40);
      if (level == cp::consistency::domain && edges > (std::uint64_t{1} << 22))
        level = cp::consistency::bounds;
      return level;
    };
    const handler alldiff = [alldiff_level](translator& t, args& a) {
      a.arity(1);
      const std::vector<int> x = a.vars(0);
      cp::all_different(t.m(), x, alldiff_level(t, a, x));
    };
    h["fzn_all_different_int"] = alldiff;
    h["all_different_int"] = alldiff;
    const handler tables = [](translator& t, args& a) {
      a.arity(2);
      const std::vector<int> x = a.vars(0);
      std::vector<value_t> tuples = a.ints(1);
      if (x.empty()) {
        if (tuples.empty()) t.infeasible();  // no tuple to match the empty one
        return;
      }
      if (tuples.size() % x.size() != 0) {
        throw std::invalid_argument("the table's size is not a multiple of the variables'");
      }
      cp::table(t.m(), x, std::move(tuples));
    };
    for (const char* n : {"fzn_table_int", "fzn_table_bool", "table_int", "table_bool"})
      h[n] = tables;
    const handler counts = [](translator& t, args& a) {
      a.arity(3);
      cp::count(t.m(), a.vars(0), a.var(1), a.var(2));
    };
    h["fzn_count_eq"] = counts;
    // circuit(x) with x's index set from `offset` (mznlib/fzn_circuit.mzn); its all-different
    // as an all-different's (value unless annotated: fzn-gecode's circuit is value too).
    h["btsolve_circuit"] = [alldiff_level](translator& t, args& a) {
      a.arity(2);
      const std::vector<int> x = a.vars(0);
      cp::circuit(t.m(), x, a.par(1), alldiff_level(t, a, x));
    };
    h["count"] = counts;
    h["count_eq"] = counts;
    const handler lex_le = [](translator& t, args& a) {
      a.arity(2);
      cp::lex_lesseq(t.m(), a.vars(0), a.vars(1), false);
    };
    const handler lex_lt = [](translator& t, args& a) {
      a.arity(2);
      cp::lex_lesseq(t.m(), a.vars(0), a.vars(1), true);
    };
    for (const char* n :
         {"fzn_lex_lesseq_int", "fzn_lex_lesseq_bool", "array_int_lq", "array_bool_lq"}) {
      h[n] = lex_le;
    }
    for (const char* n : {"fzn_lex_less_int", "fzn_lex_less_bool", "array_int_lt", "array_bool_lt"})
      h[n] = lex_lt;
    return h;
  }();
  const auto it = table.find(c.name);
  if (it == table.end()) {
    if (c.name.rfind("float_", 0) == 0 || c.name == "int2float" ||
        c.name.find("_float_") != std::string::npos) {
      fail(c.where, c.name + ": float constraints are not supported");
    }
    if (c.name.rfind("set_", 0) == 0 || c.name.find("_set_") != std::string::npos) {
      fail(c.where, c.name + ": set constraints are not supported (set_in with a constant set is)");
    }
    fail(c.where, "unknown constraint " + c.name);
  }
  it->second(*this, g);
}

// r tied to and(x) (conj) or or(x), as `how` says; fixed elements fold first.
void translator::junction(std::vector<term> x, term r, bool conj, cp::reif how) {
  const value_t dominant = conj ? 0 : 1;  // one such element decides the junction
  std::vector<int> rest;
  for (const term& v : x) {
    if (v.fixed) {
      if (v.value == dominant) {
        truth(!conj, r, how);
        return;
      }
      if (v.value != 1 - dominant) infeasible();
      continue;
    }
    m().narrow(v.var, 0, 1);
    rest.push_back(v.var);
  }
  std::sort(rest.begin(), rest.end());
  rest.erase(std::unique(rest.begin(), rest.end()), rest.end());
  if (rest.empty()) {
    truth(conj, r, how);
    return;
  }
  if (r.fixed) {
    if (r.value == 1 - dominant) {  // and true / or false: every element the same
      if (how == cp::reif::pmi) return;
      for (const int v : rest) cp::restrict(m(), v, relation::eq, 1 - dominant);
    } else if (r.value == dominant) {  // and false / or true: some element dominant
      if (how == cp::reif::imp) return;
      if (conj) {
        cp::clause(m(), {}, rest);
      } else {
        cp::clause(m(), rest, {});
      }
    } else {
      infeasible();
    }
    return;
  }
  if (how == cp::reif::equiv) {
    if (conj) {
      cp::and_reif(m(), rest, r.var);
    } else {
      cp::or_reif(m(), rest, r.var);
    }
    return;
  }
  // r -> and(x): each x follows r; r -> or(x): a clause with not r.
  if (conj) {
    for (const int v : rest) cp::clause(m(), {v}, {r.var});
  } else {
    cp::clause(m(), rest, {r.var});
  }
}

// An odd number of x are true: a chain of xors (fixed elements fold into the parity).
void translator::parity(const std::vector<term>& x) {
  value_t odd = 0;
  std::vector<int> rest;
  for (const term& v : x) {
    if (v.fixed) {
      odd ^= v.value & 1;
    } else {
      m().narrow(v.var, 0, 1);
      rest.push_back(v.var);
    }
  }
  if (rest.empty()) {
    if (odd != 1) infeasible();
    return;
  }
  int acc = rest[0];
  for (std::size_t i = 1; i < rest.size(); ++i) {
    const int next = m().bool_var();
    cp::xor_reif(m(), acc, rest[i], next);
    acc = next;
  }
  cp::restrict(m(), acc, relation::eq, 1 - odd);
}

// r tied to (some pos is true or some neg is false) as `how` says: a clause when r is true,
// else the sum sum(pos) - sum(neg) >= 1 - |neg| reified.
void translator::clause(const std::vector<term>& pos, const std::vector<term>& neg, term r,
                        cp::reif how) {
  std::vector<int> p;
  std::vector<int> n;
  for (const term& v : pos) {
    if (!v.fixed) {
      p.push_back(v.var);
    } else if (v.value == 1) {
      truth(true, r, how);
      return;
    }
  }
  for (const term& v : neg) {
    if (!v.fixed) {
      n.push_back(v.var);
    } else if (v.value == 0) {
      truth(true, r, how);
      return;
    }
  }
  if (p.empty() && n.empty()) {
    truth(false, r, how);
    return;
  }
  if (r.fixed && r.value == 1 && how != cp::reif::pmi) {
    cp::clause(m(), p, n);
    return;
  }
  std::vector<value_t> coef;
  std::vector<term> xs;
  for (const int v : p) {
    coef.push_back(1);
    xs.push_back({false, 0, v});
  }
  for (const int v : n) {
    coef.push_back(-1);
    xs.push_back({false, 0, v});
  }
  for (const int v : p) m().narrow(v, 0, 1);
  for (const int v : n) m().narrow(v, 0, 1);
  linear_reif(coef, xs, relation::ge, 1 - static_cast<value_t>(n.size()), r, how);
}

// r tied to (x in s) as `how` says.
void translator::member(term x, const int_set& s, term r, cp::reif how) {
  if (x.fixed) {
    truth(s.contains(x.value), r, how);
    return;
  }
  cp::ranges set;
  for (const auto& [lo, hi] : s.ranges) {
    if (hi < cp::value_min || lo > cp::value_max) continue;
    set.emplace_back(std::max(lo, cp::value_min), std::min(hi, cp::value_max));
  }
  if (r.fixed) {
    if (r.value == 1 && how != cp::reif::pmi) {
      cp::in_set(m(), x.var, std::move(set));
    } else if (r.value == 0 && how != cp::reif::imp) {
      cp::ranges outside;  // the complement within the value range
      cp::value_t from = cp::value_min;
      for (const auto& [lo, hi] : set) {
        if (lo > from) outside.emplace_back(from, lo - 1);
        from = hi + 1;
      }
      if (from <= cp::value_max) outside.emplace_back(from, cp::value_max);
      cp::in_set(m(), x.var, std::move(outside));
    } else if (r.value != 0 && r.value != 1) {
      infeasible();
    }
    return;
  }
  cp::in_set_reif(m(), x.var, std::move(set), r.var, how);
}

}  // namespace bt::flatzinc
