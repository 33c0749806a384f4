// SPDX-License-Identifier: MIT
// The translator's state, shared by translate.cpp (declarations, outputs, the solve item) and
// builtins.cpp (the constraints). Private to the library.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <bt/cp/constraints.hpp>
#include <bt/flatzinc/ast.hpp>
#include <bt/flatzinc/translate.hpp>

namespace bt::flatzinc {

/// "an int", "an array", ...: what an expression is, for messages.
const char* kind_name(const expr& e);

/// An element of a variable array given back as an expression: an identifier no FlatZinc
/// name can spell, its cp variable in `i`.
inline constexpr std::string_view var_marker = "\x01var";

/// A declared name.
struct symbol {
  enum class kind { par, var, par_array, var_array };
  kind k = kind::par;
  base_type base = base_type::integer;
  location where;
  expr value;               ///< par: its literal
  std::vector<expr> elems;  ///< par_array: its literals
  std::vector<int> vars;    ///< var: one cp variable; var_array: one per element
};

/// An int or bool argument: a value, or a cp variable (fixed: a model constant, `var` set).
struct term {
  bool fixed = false;
  cp::value_t value = 0;
  int var = -1;
};

class translator {
 public:
  explicit translator(const model& src);
  instance run();

 private:
  cp::model& m() { return *out_.model; }
  [[noreturn]] void fail(location where, const std::string& message) const;

  // declarations (translate.cpp)
  void name_elements();
  void declare(const declaration& d);
  int new_var(const type& t, const std::string& name, location where);
  int var_of(const expr& e, const type& t);
  void note_declared(int x, const declaration& d);
  void add_outputs(const declaration& d, const symbol& sym);
  int constant(cp::value_t v);
  std::optional<cp::value_t> fixed_value(int x) const;
  void infeasible();
  void restrict_to(int x, const int_set& domain);

  // expressions
  const symbol& lookup(const expr& e) const;
  expr literal_of(const expr& e) const;
  std::vector<expr> par_array_of(const expr& e) const;
  std::vector<expr> array_items(const expr& e) const;
  std::size_t index_in(const expr& e, std::size_t size) const;
  term term_of(const expr& e, const char* what);
  term var_term(int x) const;
  std::int64_t int_of(const expr& e, const char* what) const;

  // annotations and the solve item
  static bool harmless(const expr& a);
  void check_annotation(const expr& a, const char* where) const;
  void translate_solve();
  void search_annotation(const expr& a);

  // constraints (builtins.cpp)
  void post(const constraint& c);
  struct args;
  void rel2(term a, cp::relation r, term b);
  void reif2(term a, cp::relation r, term b, term b_var, cp::reif how);
  void truth(bool holds, term r, cp::reif how);
  void linear(const std::vector<cp::value_t>& a, const std::vector<term>& x, cp::relation r,
              cp::value_t c);
  void linear_reif(const std::vector<cp::value_t>& a, const std::vector<term>& x, cp::relation r,
                   cp::value_t c, term b, cp::reif how);
  void junction(std::vector<term> x, term r, bool conj, cp::reif how);
  void parity(const std::vector<term>& x);
  void clause(const std::vector<term>& pos, const std::vector<term>& neg, term r, cp::reif how);
  void member(term x, const int_set& s, term r, cp::reif how);
  int var(term t);
  std::vector<int> vars(const std::vector<term>& ts);

  const model& src_;
  instance out_;
  std::unordered_map<std::string, symbol> symbols_;
  std::unordered_map<int, cp::value_t> constant_value_;  // cp variable -> its value (constants)
  std::vector<int> decisions_;   // declared variables the model did not introduce
  std::vector<int> introduced_;  // the others
  std::unordered_map<std::string, std::string> display_;  // introduced name -> array element
};

}  // namespace bt::flatzinc
