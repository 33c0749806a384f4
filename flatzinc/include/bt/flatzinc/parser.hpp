// SPDX-License-Identifier: MIT
// The FlatZinc reader: text to ast::model (ast.hpp), by a PEGTL grammar of the FlatZinc
// specification (MiniZinc 2.6) and the older forms of Gecode's tests (arrays of variables
// declared without a value, a[i] in arguments, int_plus and the like are the translator's).
#pragma once

#include <stdexcept>
#include <string>
#include <string_view>

#include <bt/flatzinc/ast.hpp>

namespace bt::flatzinc {

/// A model that cannot be read, or not solved by this solver: what() is one line,
/// "FILE:LINE:COL: message" ("FILE: message" when no place applies).
class error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// "file:line:col: message".
std::string at(const std::string& file, location where, const std::string& message);

/// Read a model from `text`; `file` names it in errors. Malformed input throws error with
/// "FILE:LINE:COL: expected X" at the first place the grammar cannot go on.
model parse(std::string_view text, const std::string& file);

/// Read the model in the file at `path` ("PATH: cannot read the file" when it cannot).
model parse_file(const std::string& path);

}  // namespace bt::flatzinc
