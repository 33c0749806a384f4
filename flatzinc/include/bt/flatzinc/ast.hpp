// SPDX-License-Identifier: MIT
// A FlatZinc model as read (the FlatZinc specification of MiniZinc 2.6, and the older forms
// Gecode's tests use): predicate declarations, parameter and variable declarations,
// constraints and the solve item, each with its annotations and its place in the file.
// Nothing here knows the constraint layer: translate.hpp turns this into a cp::model.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace bt::flatzinc {

/// A place in the source: 1-based line and column (columns count bytes).
struct location {
  std::uint32_t line = 0;
  std::uint32_t column = 0;
};

/// A set of integers as ascending, disjoint, non-adjacent closed ranges.
struct int_set {
  std::vector<std::pair<std::int64_t, std::int64_t>> ranges;

  /// lo..hi (empty when lo > hi).
  static int_set range(std::int64_t lo, std::int64_t hi);
  /// The given values, in any order, repeats allowed.
  static int_set of(std::vector<std::int64_t> values);
  [[nodiscard]] bool empty() const { return ranges.empty(); }
  [[nodiscard]] bool contains(std::int64_t v) const;
  /// The number of values (saturated at 2^63).
  [[nodiscard]] std::uint64_t size() const;
  [[nodiscard]] std::int64_t min() const { return ranges.front().first; }
  [[nodiscard]] std::int64_t max() const { return ranges.back().second; }
  /// The values in ascending order (call only on sets of a reasonable size).
  [[nodiscard]] std::vector<std::int64_t> values() const;
  /// The values of both.
  [[nodiscard]] int_set intersect(const int_set& o) const;
  /// "1..3", "{1,3,5}", "{}" as FlatZinc writes it.
  [[nodiscard]] std::string text() const;
  friend bool operator==(const int_set&, const int_set&) = default;
};

/// An expression: a literal, an identifier (possibly indexed: a[3]), an array literal, or a
/// call (in annotations: int_search(x, first_fail, indomain_min, complete)).
struct expr {
  enum class kind : unsigned char {
    boolean,    ///< true / false: `i` is 1 / 0
    integer,    ///< `i`
    floating,   ///< `f`
    int_set,    ///< `set`
    float_set,  ///< a set or range of floats (only ever refused)
    string,     ///< `text`, without quotes, escapes kept as written
    ident,      ///< `text`
    access,     ///< `text`[`i`]
    array,      ///< `items`
    call        ///< `text`(`items`)
  };
  kind k = kind::integer;
  location where;
  std::int64_t i = 0;
  double f = 0.0;
  std::string text;
  flatzinc::int_set set;
  std::vector<expr> items;
};

/// The base of a declared type.
enum class base_type : unsigned char { boolean, integer, floating, set };

/// A declaration's type: `var 1..5`, `array [1..3] of var bool`, `set of int`, `float`.
struct type {
  base_type base = base_type::integer;
  bool is_var = false;
  bool is_array = false;
  std::int64_t array_size = 0;  ///< arrays are 1..array_size
  /// The domain of an int (or of a set's elements), when one is given.
  std::optional<flatzinc::int_set> domain;
  /// A float type with a range or set as its domain (`var 0.0..1.0`).
  bool float_domain = false;
};

/// A parameter or variable declaration: `type: name :: annotations = value;`.
struct declaration {
  flatzinc::type type;
  std::string name;
  location where;
  std::vector<expr> annotations;
  std::optional<expr> value;
};

/// `constraint name(args) :: annotations;`.
struct constraint {
  std::string name;
  location where;
  std::vector<expr> args;
  std::vector<expr> annotations;
};

/// `predicate name(params);`: a solver library's predicate the model calls.
struct predicate {
  std::string name;
  location where;
  std::size_t arity = 0;
};

/// What the solve item asks for.
enum class goal : unsigned char { satisfy, minimize, maximize };

/// `solve :: annotations satisfy;` or `minimize e` / `maximize e`.
struct solve_item {
  flatzinc::goal goal = goal::satisfy;
  std::optional<expr> objective;
  std::vector<expr> annotations;
  location where;
};

/// A whole FlatZinc file, items in the order written.
struct model {
  std::string file;  ///< the name errors are reported with
  std::vector<predicate> predicates;
  std::vector<declaration> declarations;
  std::vector<constraint> constraints;
  solve_item solve;
};

}  // namespace bt::flatzinc
