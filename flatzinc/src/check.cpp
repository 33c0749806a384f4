// SPDX-License-Identifier: MIT
// fix_outputs: a solution printed as FlatZinc prints it, read back and imposed on the model's
// output items (the tests check another solver's answers this way, and --check-solution).
#include <cctype>
#include <charconv>
#include <string>
#include <vector>

#include <bt/cp/constraints.hpp>
#include <bt/flatzinc/parser.hpp>
#include <bt/flatzinc/translate.hpp>

namespace bt::flatzinc {

namespace {

// A cursor over the solution text, with its line for messages.
struct reader {
  const std::string& text;
  const std::string& source;
  std::size_t at = 0;
  std::size_t line = 1;

  [[noreturn]] void fail(const std::string& what) const {
    throw error(source + ":" + std::to_string(line) + ": " + what);
  }
  void skip() {
    while (at < text.size() && std::isspace(static_cast<unsigned char>(text[at])) != 0) {
      if (text[at] == '\n') ++line;
      ++at;
    }
  }
  bool eat(char c) {
    skip();
    if (at < text.size() && text[at] == c) {
      ++at;
      return true;
    }
    return false;
  }
  void expect(char c) {
    if (!eat(c)) fail(std::string("expected '") + c + "'");
  }
  std::string word() {
    skip();
    const std::size_t from = at;
    while (at < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[at])) != 0 || text[at] == '_'))
      ++at;
    return text.substr(from, at - from);
  }
  std::int64_t integer() {
    skip();
    std::int64_t v = 0;
    const auto [ptr, ec] = std::from_chars(text.data() + at, text.data() + text.size(), v);
    if (ec != std::errc()) fail("expected an integer");
    at = static_cast<std::size_t>(ptr - text.data());
    return v;
  }
  // An int or a bool.
  std::int64_t scalar() {
    skip();
    if (at < text.size() && std::isalpha(static_cast<unsigned char>(text[at])) != 0) {
      const std::string w = word();
      if (w == "true") return 1;
      if (w == "false") return 0;
      fail("expected a value, got '" + w + "'");
    }
    return integer();
  }
};

}  // namespace

void fix_outputs(instance& inst, const std::string& text, const std::string& source) {
  reader r{text, source};
  bool any = false;
  while (true) {
    r.skip();
    if (r.at >= text.size()) break;
    if (text.compare(r.at, 10, "----------") == 0) break;
    if (text[r.at] == '%' || text[r.at] == '=') {  // comments and status lines
      if (text.compare(r.at, 23, "=====UNSATISFIABLE=====") == 0)
        r.fail("no solution (UNSATISFIABLE)");
      while (r.at < text.size() && text[r.at] != '\n') ++r.at;
      continue;
    }
    const std::string name = r.word();
    if (name.empty()) r.fail("expected a name");
    r.expect('=');
    std::vector<std::int64_t> values;
    r.skip();
    if (text.compare(r.at, 5, "array") == 0) {
      r.word();
      r.expect('(');
      while (!r.eat('[')) {  // the index sets, up to the list
        r.integer();
        r.expect('.');
        r.expect('.');
        r.integer();
        r.expect(',');
      }
      if (!r.eat(']')) {
        do {
          values.push_back(r.scalar());
        } while (r.eat(','));
        r.expect(']');
      }
      r.expect(')');
    } else {
      values.push_back(r.scalar());
    }
    r.expect(';');
    const output_item* item = nullptr;
    for (const output_item& o : inst.outputs) {
      if (o.name == name) item = &o;
    }
    if (item == nullptr) r.fail(name + " is no output item of the model");
    if (values.size() != item->vars.size()) {
      r.fail(name + " has " + std::to_string(item->vars.size()) + " values, the solution " +
             std::to_string(values.size()));
    }
    for (std::size_t i = 0; i < values.size(); ++i) {
      cp::restrict(*inst.model, item->vars[i], cp::relation::eq, values[i]);
    }
    any = true;
  }
  if (!any) r.fail("no solution to check");
}

}  // namespace bt::flatzinc
