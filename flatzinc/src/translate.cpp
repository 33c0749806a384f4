// SPDX-License-Identifier: MIT
// The translation's frame: declarations to cp variables, output items, the solve item and its
// annotations. The constraints themselves are builtins.cpp's.
#include <bt/flatzinc/translate.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

#include <bt/cp/constraints.hpp>
#include <bt/flatzinc/parser.hpp>

#include "translator.hpp"

namespace bt::flatzinc {

namespace {

// Domains with holes are listed value by value up to this size; larger ones are a range and
// an in_set constraint.
constexpr std::uint64_t listed_domain = std::uint64_t{1} << 20;

bool starts_with(std::string_view s, std::string_view p) { return s.substr(0, p.size()) == p; }

}  // namespace

const char* kind_name(const expr& e) {
  switch (e.k) {
    case expr::kind::boolean: return "a bool";
    case expr::kind::integer: return "an int";
    case expr::kind::floating: return "a float";
    case expr::kind::int_set: return "a set of int";
    case expr::kind::float_set: return "a set of float";
    case expr::kind::string: return "a string";
    case expr::kind::ident: return "an identifier";
    case expr::kind::access: return "an array element";
    case expr::kind::array: return "an array";
    case expr::kind::call: return "an annotation";
  }
  return "an expression";
}

translator::translator(const model& src) : src_(src) { out_.model = std::make_shared<cp::model>(); }

void translator::fail(location where, const std::string& message) const {
  throw error(at(src_.file, where, message));
}

int translator::constant(cp::value_t v) {
  if (v < cp::value_min || v > cp::value_max) {
    throw std::invalid_argument("the value " + std::to_string(v) + " is outside +-2^52");
  }
  const int x = m().constant(v);
  constant_value_[x] = v;
  return x;
}

std::optional<cp::value_t> translator::fixed_value(int x) const {
  const auto it = constant_value_.find(x);
  if (it == constant_value_.end()) return std::nullopt;
  return it->second;
}

void translator::infeasible() { m().narrow(constant(0), 1, 0); }

void translator::restrict_to(int x, const int_set& domain) {
  if (domain.empty()) {
    infeasible();
    return;
  }
  if (const auto v = fixed_value(x)) {
    if (!domain.contains(*v)) infeasible();
    return;
  }
  cp::ranges r(domain.ranges.begin(), domain.ranges.end());
  for (auto& [lo, hi] : r) {
    lo = std::max(lo, cp::value_min);
    hi = std::min(hi, cp::value_max);
  }
  std::erase_if(r, [](const auto& p) { return p.first > p.second; });
  cp::in_set(m(), x, std::move(r));
}

// A new variable of the declared domain (bools 0/1, ints without a domain the widest range).
int translator::new_var(const type& t, const std::string& name, location where) {
  if (t.base == base_type::boolean) return m().int_var(0, 1, name);
  if (!t.domain) return m().int_var(cp::value_min, cp::value_max, name);
  const int_set& d = *t.domain;
  if (d.empty()) {
    const int x = m().int_var(0, 0, name);
    m().narrow(x, 1, 0);  // the model has no solution (Gecode's empty_domain tests)
    return x;
  }
  if (d.min() < cp::value_min || d.max() > cp::value_max) {
    fail(where, "the domain of " + name + " reaches past +-2^52, the solver's value range");
  }
  if (d.ranges.size() == 1) return m().int_var(d.min(), d.max(), name);
  // A domain given by its values may have at most bitset_limit * 4 gaps (cp::space).
  const auto span = static_cast<std::uint64_t>(d.max() - d.min()) + 1;
  const bool few_gaps = span - d.size() <= static_cast<std::uint64_t>(cp::bitset_limit) * 4;
  if (d.size() <= listed_domain && few_gaps) return m().int_var(d.values(), name);
  const int x = m().int_var(d.min(), d.max(), name);
  restrict_to(x, d);
  return x;
}

// The int or bool an element of a variable declaration's value stands for.
int translator::var_of(const expr& e, const type& t) {
  switch (e.k) {
    case expr::kind::boolean:
    case expr::kind::integer: {
      const int x = constant(e.i);
      if (t.domain) restrict_to(x, *t.domain);
      return x;
    }
    case expr::kind::ident:
    case expr::kind::access: {
      const term v = term_of(e, "a variable's value");
      const int x = v.fixed ? constant(v.value) : v.var;
      if (t.domain) restrict_to(x, *t.domain);
      return x;
    }
    default: fail(e.where, std::string("expected an int or bool value, got ") + kind_name(e));
  }
}

void translator::declare(const declaration& d) {
  if (symbols_.count(d.name) != 0) fail(d.where, "'" + d.name + "' is declared twice");
  const type& t = d.type;
  if (t.is_var && t.base == base_type::floating)
    fail(d.where, "float variables are not supported: " + d.name);
  if (t.is_var && t.base == base_type::set)
    fail(d.where, "set variables are not supported: " + d.name);
  for (const expr& a : d.annotations) check_annotation(a, "a declaration");
  symbol sym;
  sym.base = t.base;
  sym.where = d.where;
  if (!t.is_var) {
    if (!d.value) fail(d.where, "the parameter " + d.name + " has no value");
    if (t.is_array) {
      sym.k = symbol::kind::par_array;
      sym.elems = par_array_of(*d.value);
      if (static_cast<std::int64_t>(sym.elems.size()) != t.array_size) {
        fail(d.value->where, "the array " + d.name + " is declared with " +
                                 std::to_string(t.array_size) + " elements and given " +
                                 std::to_string(sym.elems.size()));
      }
    } else {
      sym.k = symbol::kind::par;
      sym.value = literal_of(*d.value);
    }
  } else if (t.is_array) {
    sym.k = symbol::kind::var_array;
    if (d.value) {
      const std::vector<expr> items = array_items(*d.value);
      if (static_cast<std::int64_t>(items.size()) != t.array_size) {
        fail(d.value->where, "the array " + d.name + " is declared with " +
                                 std::to_string(t.array_size) + " elements and given " +
                                 std::to_string(items.size()));
      }
      for (const expr& e : items) sym.vars.push_back(var_of(e, t));
    } else {
      for (std::int64_t i = 1; i <= t.array_size; ++i) {
        const int x = new_var(t, d.name + "[" + std::to_string(i) + "]", d.where);
        sym.vars.push_back(x);
        note_declared(x, d);
      }
    }
    out_.fzn_variables += sym.vars.size();
  } else {
    sym.k = symbol::kind::var;
    int x = -1;
    if (d.value) {
      x = var_of(*d.value, t);
    } else {
      const auto shown = display_.find(d.name);
      x = new_var(t, shown != display_.end() ? shown->second : d.name, d.where);
      note_declared(x, d);
    }
    sym.vars.push_back(x);
    ++out_.fzn_variables;
  }
  add_outputs(d, sym);
  symbols_.emplace(d.name, std::move(sym));
}

// Variables the model did not introduce are decided first (Gecode's default order).
void translator::note_declared(int x, const declaration& d) {
  for (const expr& a : d.annotations) {
    if (a.k == expr::kind::ident && (a.text == "var_is_introduced" || a.text == "is_defined_var")) {
      introduced_.push_back(x);
      return;
    }
  }
  decisions_.push_back(x);
}

void translator::add_outputs(const declaration& d, const symbol& sym) {
  for (const expr& a : d.annotations) {
    if (a.k == expr::kind::ident && a.text == "output_var") {
      if (d.type.is_array)
        fail(a.where, "output_var on the array " + d.name + " (output_array names its index sets)");
      output_item o;
      o.name = d.name;
      o.boolean = d.type.base == base_type::boolean;
      o.vars = sym.k == symbol::kind::par
                   ? std::vector<int>{constant(int_of(sym.value, "output_var"))}
                   : sym.vars;
      out_.outputs.push_back(std::move(o));
    } else if (a.k == expr::kind::call && a.text == "output_array") {
      if (!d.type.is_array) fail(a.where, "output_array on " + d.name + ", which is no array");
      output_item o;
      o.name = d.name;
      o.boolean = d.type.base == base_type::boolean;
      o.array = true;
      if (a.items.size() != 1 || a.items[0].k != expr::kind::array) {
        fail(a.where, "output_array takes one array of index sets");
      }
      std::uint64_t count = 1;
      for (const expr& dim : a.items[0].items) {
        if (dim.k != expr::kind::int_set || dim.set.ranges.size() > 1) {
          fail(dim.where, "output_array's index sets are ranges lo..hi");
        }
        const auto range =
            dim.set.empty() ? std::pair<std::int64_t, std::int64_t>{1, 0} : dim.set.ranges[0];
        o.dims.push_back(range);
        count *= dim.set.size();
      }
      if (o.dims.empty()) fail(a.where, "output_array names no index set");
      if (sym.k == symbol::kind::par_array) {
        for (const expr& e : sym.elems) o.vars.push_back(constant(int_of(e, "output_array")));
      } else {
        o.vars = sym.vars;
      }
      if (count != o.vars.size()) {
        fail(a.where, "output_array's index sets hold " + std::to_string(count) +
                          " elements, the array " + std::to_string(o.vars.size()));
      }
      out_.outputs.push_back(std::move(o));
    }
  }
}

// --- resolving expressions ---

const symbol& translator::lookup(const expr& e) const {
  const auto it = symbols_.find(e.text);
  if (it == symbols_.end()) fail(e.where, "undeclared identifier " + e.text);
  return it->second;
}

expr translator::literal_of(const expr& e) const {
  switch (e.k) {
    case expr::kind::ident: {
      const symbol& s = lookup(e);
      if (s.k != symbol::kind::par) fail(e.where, e.text + " is not a parameter");
      return s.value;
    }
    case expr::kind::access: {
      const symbol& s = lookup(e);
      if (s.k != symbol::kind::par_array) fail(e.where, e.text + " is not an array of parameters");
      return s.elems[index_in(e, s.elems.size())];
    }
    case expr::kind::array:
    case expr::kind::call: fail(e.where, std::string("expected a value, got ") + kind_name(e));
    default: return e;
  }
}

std::vector<expr> translator::par_array_of(const expr& e) const {
  std::vector<expr> out;
  for (const expr& item : array_items(e)) out.push_back(literal_of(item));
  return out;
}

std::vector<expr> translator::array_items(const expr& e) const {
  if (e.k == expr::kind::array) return e.items;
  if (e.k == expr::kind::ident) {
    const symbol& s = lookup(e);
    if (s.k == symbol::kind::par_array) return s.elems;
    if (s.k == symbol::kind::var_array) {
      std::vector<expr> out;
      for (const int x : s.vars) {
        expr v;
        v.k = expr::kind::ident;
        v.where = e.where;
        v.i = x;
        v.text = std::string(var_marker) + std::to_string(x);
        out.push_back(std::move(v));
      }
      return out;
    }
  }
  fail(e.where, std::string("expected an array, got ") + kind_name(e));
}

std::size_t translator::index_in(const expr& e, std::size_t size) const {
  if (e.i < 1 || static_cast<std::uint64_t>(e.i) > size) {
    fail(e.where, "index " + std::to_string(e.i) + " is outside " + e.text + "'s 1.." +
                      std::to_string(size));
  }
  return static_cast<std::size_t>(e.i - 1);
}

term translator::term_of(const expr& e, const char* what) {
  switch (e.k) {
    case expr::kind::boolean:
    case expr::kind::integer: return {true, e.i, -1};
    case expr::kind::ident: {
      if (starts_with(e.text, var_marker)) return var_term(static_cast<int>(e.i));
      const symbol& s = lookup(e);
      if (s.k == symbol::kind::var) return var_term(s.vars[0]);
      if (s.k == symbol::kind::par) return term_of(s.value, what);
      fail(e.where, std::string("expected ") + what + ", got the array " + e.text);
    }
    case expr::kind::access: {
      const symbol& s = lookup(e);
      if (s.k == symbol::kind::var_array) return var_term(s.vars[index_in(e, s.vars.size())]);
      if (s.k == symbol::kind::par_array)
        return term_of(s.elems[index_in(e, s.elems.size())], what);
      fail(e.where, e.text + " is not an array");
    }
    default: fail(e.where, std::string("expected ") + what + ", got " + kind_name(e));
  }
}

term translator::var_term(int x) const {
  if (const auto v = fixed_value(x)) return {true, *v, x};
  return {false, 0, x};
}

std::int64_t translator::int_of(const expr& e, const char* what) const {
  const expr v = literal_of(e);
  if (v.k != expr::kind::integer && v.k != expr::kind::boolean) {
    fail(e.where, std::string(what) + ": expected an int, got " + kind_name(v));
  }
  return v.i;
}

// --- annotations ---

bool translator::harmless(const expr& a) {
  static const char* const names[] = {"var_is_introduced",
                                      "is_defined_var",
                                      "defines_var",
                                      "output_var",
                                      "output_array",
                                      "is_reverse_map",
                                      "output_only",
                                      "no_output",
                                      "add_to_output",
                                      "output",
                                      "promise_total",
                                      "maybe_partial",
                                      "domain_change_constraint",
                                      "no_cse",
                                      "cache_result",
                                      "annotated_expression",
                                      "doc_comment",
                                      "expression_name",
                                      "constraint_name",
                                      "empty_annotation",
                                      "ctx_root",
                                      "ctx_pos",
                                      "ctx_neg",
                                      "ctx_mix",
                                      "promise_ctx_monotone",
                                      "promise_ctx_antitone",
                                      "mzn_internal_representation",
                                      "domain",
                                      "bounds",
                                      "value_propagation",
                                      "domain_propagation",
                                      "bounds_propagation"};
  if (a.k != expr::kind::ident && a.k != expr::kind::call) return false;
  if (starts_with(a.text, "mzn_")) return true;
  return std::any_of(std::begin(names), std::end(names),
                     [&](const char* n) { return a.text == n; });
}

void translator::check_annotation(const expr& a, const char* where) const {
  if (!harmless(a)) fail(a.where, "unknown annotation " + a.text + " on " + where);
}

// --- the solve item ---

void translator::translate_solve() {
  const solve_item& s = src_.solve;
  out_.goal = s.goal;
  if (s.goal != goal::satisfy) {
    if (!s.objective) fail(s.where, "the solve item has no objective");
    const term t = term_of(*s.objective, "an int objective");
    out_.objective = t.fixed ? constant(t.value) : t.var;
    if (s.goal == goal::minimize) {
      m().minimize(out_.objective);
    } else {
      m().maximize(out_.objective);
    }
  }
  for (const expr& a : s.annotations) {
    try {
      search_annotation(a);
    } catch (const error& e) {
      if (!out_.search_problem) out_.search_problem = e.what();
    }
  }
}

namespace {

std::optional<cp::var_select> var_selection(const std::string& n) {
  if (n == "input_order") return cp::var_select::input_order;
  if (n == "first_fail") return cp::var_select::first_fail;
  if (n == "anti_first_fail") return cp::var_select::anti_first_fail;
  if (n == "smallest") return cp::var_select::smallest;
  if (n == "largest") return cp::var_select::largest;
  if (n == "occurrence") return cp::var_select::occurrence;
  if (n == "max_regret") return cp::var_select::max_regret;
  if (n == "dom_w_deg") return cp::var_select::dom_wdeg;
  return std::nullopt;
}

std::optional<cp::val_select> value_choice(const std::string& n) {
  if (n == "indomain_min" || n == "indomain") return cp::val_select::min;
  if (n == "indomain_max") return cp::val_select::max;
  if (n == "indomain_median") return cp::val_select::median;
  if (n == "indomain_split") return cp::val_select::split;
  if (n == "indomain_reverse_split") return cp::val_select::reverse_split;
  if (n == "indomain_random") return cp::val_select::random;
  return std::nullopt;
}

}  // namespace

void translator::search_annotation(const expr& a) {
  const std::string& n = a.text;
  if (a.k == expr::kind::call && n == "seq_search") {
    if (a.items.size() != 1 || a.items[0].k != expr::kind::array)
      fail(a.where, "seq_search takes one array");
    for (const expr& inner : a.items[0].items) search_annotation(inner);
    return;
  }
  if (a.k == expr::kind::call && (n == "int_search" || n == "bool_search")) {
    if (a.items.size() != 3 && a.items.size() != 4) fail(a.where, n + " takes 3 or 4 arguments");
    search_phase p;
    for (const expr& e : array_items(a.items[0])) {
      const term t = term_of(e, "a variable");
      if (!t.fixed) p.vars.push_back(t.var);
    }
    const expr& sel = a.items[1];
    const expr& choice = a.items[2];
    if (sel.k != expr::kind::ident) fail(sel.where, "expected a variable selection");
    if (choice.k != expr::kind::ident) fail(choice.where, "expected a value choice");
    const auto v = var_selection(sel.text);
    if (!v) fail(sel.where, "unsupported variable selection " + sel.text);
    const auto c = value_choice(choice.text);
    if (!c) fail(choice.where, "unsupported value choice " + choice.text);
    if (a.items.size() == 4 &&
        !(a.items[3].k == expr::kind::ident && a.items[3].text == "complete")) {
      fail(a.items[3].where, "unsupported exploration " + a.items[3].text + " (only complete)");
    }
    p.var = *v;
    p.val = *c;
    out_.phases.push_back(std::move(p));
    return;
  }
  if (starts_with(n, "restart_") || n == "warm_start" || n == "warm_start_array") {
    if (std::find(out_.ignored.begin(), out_.ignored.end(), n) == out_.ignored.end())
      out_.ignored.push_back(n);
    return;
  }
  if (n == "float_search") fail(a.where, "float_search: float variables are not supported");
  if (n == "set_search") fail(a.where, "set_search: set variables are not supported");
  if (harmless(a)) return;
  fail(a.where, "unknown annotation " + n + " on the solve item");
}

// MiniZinc names the elements of a model's arrays X_INTRODUCED_n_; traces name them after the
// array instead: q[3], m[1,2] (the first array that holds them, by output_array's index sets).
void translator::name_elements() {
  for (const declaration& d : src_.declarations) {
    if (!d.type.is_var || !d.type.is_array || !d.value || d.value->k != expr::kind::array) continue;
    if (starts_with(d.name, "X_INTRODUCED_")) continue;
    std::vector<std::pair<std::int64_t, std::int64_t>> dims{{1, d.type.array_size}};
    for (const expr& a : d.annotations) {
      if (a.k != expr::kind::call || a.text != "output_array" || a.items.size() != 1) continue;
      dims.clear();
      for (const expr& dim : a.items[0].items) {
        if (dim.k != expr::kind::int_set || dim.set.ranges.size() != 1) return;
        dims.push_back(dim.set.ranges[0]);
      }
    }
    const std::vector<expr>& items = d.value->items;
    for (std::size_t k = 0; k < items.size(); ++k) {
      if (items[k].k != expr::kind::ident || !starts_with(items[k].text, "X_INTRODUCED_")) continue;
      std::string index;
      std::uint64_t rest = k;
      for (std::size_t i = dims.size(); i-- > 0;) {
        const auto size = static_cast<std::uint64_t>(
            std::max<std::int64_t>(dims[i].second - dims[i].first + 1, 1));
        index.insert(0, (i == 0 ? "" : ",") +
                            std::to_string(dims[i].first + static_cast<std::int64_t>(rest % size)));
        rest /= size;
      }
      display_.emplace(items[k].text, d.name + "[" + index + "]");
    }
  }
}

instance translator::run() {
  name_elements();
  for (const declaration& d : src_.declarations) {
    try {
      declare(d);
    } catch (const std::invalid_argument& e) {
      fail(d.where, e.what());
    }
  }
  for (const constraint& c : src_.constraints) {
    try {
      post(c);
    } catch (const std::invalid_argument& e) {
      fail(c.where, c.name + ": " + e.what());
    }
  }
  out_.fzn_constraints = src_.constraints.size();
  try {
    translate_solve();
  } catch (const std::invalid_argument& e) {
    fail(src_.solve.where, e.what());
  }
  std::vector<int> decisions = decisions_;
  decisions.insert(decisions.end(), introduced_.begin(), introduced_.end());
  m().set_decisions(std::move(decisions));
  return std::move(out_);
}

instance translate(const model& m) { return translator(m).run(); }

}  // namespace bt::flatzinc
