// SPDX-License-Identifier: MIT
// A problem's own options, stated once as the fields of a typed request: the runner builds
// the parser and the --help text from them, checks every value with a one-line error that
// names the option, and prints the request back as the parameters of a count's work units.
#pragma once

#include <boost/program_options.hpp>
#include <concepts>
#include <cstdint>
#include <functional>
#include <initializer_list>
#include <limits>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include <btsolve/errors.hpp>
#include <btsolve/options.hpp>

namespace btsolve {

/// The options that fill a Request, in the order declared. Each method declares one option by
/// its Boost.Program_options names ("size,n": --size and -n) and returns the set, so that
/// declarations chain.
template <class Request>
class option_set {
 public:
  /// The heading of the options in --help ("N-Queens options").
  explicit option_set(std::string title) : title_(std::move(title)) {}

  /// A whole number from lo to hi into r.*field: "-n 0 is out of range 1..32".
  template <std::integral T>
  option_set& number(std::string names, T Request::*field, std::string help, T lo, T hi) {
    value(std::move(names), std::move(help),
          [field, lo, hi](Request& r, const std::string& shown, const std::string& text) {
            r.*field = checked<T>(text, shown, lo, hi);
          });
    option_record& rec = entries_.back().record;
    rec.type = std::is_unsigned_v<T> ? option_type::count : option_type::integer;
    rec.min = static_cast<std::int64_t>(lo);
    if constexpr (std::is_signed_v<T>) {
      rec.max = hi < 0 ? 0 : static_cast<std::uint64_t>(hi);
    } else {
      rec.max = static_cast<std::uint64_t>(hi);
    }
    rec.default_text = std::to_string(Request{}.*field);
    return *this;
  }
  /// A text into r.*field, as given.
  option_set& text(std::string names, std::string Request::*field, std::string help) {
    value(std::move(names), std::move(help),
          [field](Request& r, const std::string&, const std::string& t) { r.*field = t; });
    entries_.back().record.default_text = Request{}.*field;
    return *this;
  }
  /// A flag: r.*field is true when the option is given.
  option_set& flag(std::string names, bool Request::*field, std::string help) {
    entry e = make_entry(std::move(names), std::move(help), kind::flag);
    e.read = [field](Request& r, const std::string&, const std::string&) { r.*field = true; };
    entries_.push_back(std::move(e));
    return *this;
  }
  /// A flag with its own effect: set(r) when the option is given.
  template <class F>
  option_set& flag_with(std::string names, std::string help, F set) {
    entry e = make_entry(std::move(names), std::move(help), kind::flag);
    e.read = [set](Request& r, const std::string&, const std::string&) { set(r); };
    entries_.push_back(std::move(e));
    return *this;
  }
  /// An option that may be given any number of times: every value, in order.
  option_set& texts(std::string names, std::vector<std::string> Request::*field, std::string help) {
    entry e = make_entry(std::move(names), std::move(help), kind::values);
    e.read = [field](Request& r, const std::string&, const std::string& t) {
      (r.*field).push_back(t);
    };
    entries_.push_back(std::move(e));
    return *this;
  }
  /// A value read by parse(Request&, const std::string& shown, const std::string& text), which
  /// throws usage_error (naming `shown`, the option as the user typed it) for a bad value.
  template <class F>
  option_set& parsed(std::string names, std::string help, F parse) {
    return value(std::move(names), std::move(help), std::move(parse));
  }

  /// The option declared last may be given any number of times (each value read in turn).
  option_set& repeatable() {
    entries_.back().k = kind::values;
    entries_.back().record.repeatable = true;
    return *this;
  }
  /// The option declared last must be given: `message` when it is missing.
  option_set& required(std::string message) {
    entries_.back().record.required = std::move(message);
    entries_.back().record.default_text.clear();
    return *this;
  }
  /// The option declared last is required unless `other` is given (colouring's --colours
  /// unless --chromatic): `message` when neither is.
  option_set& required_unless(std::string other, std::string message) {
    required(std::move(message));
    entries_.back().record.required_unless = std::move(other);
    return *this;
  }
  /// The option declared last belongs to the modes `modes` (mode_bits) only: given in another
  /// mode it is refused with `message` (empty: "--unique goes with --count").
  option_set& only_in(unsigned modes, std::string message = {}) {
    entries_.back().record.modes = modes;
    entries_.back().record.modes_message = std::move(message);
    return *this;
  }
  /// The option declared last may not be given with `other` (a common option's long name,
  /// "count", "split", or one of the problem's): `message` when both are.
  option_set& conflicts_with(std::string other, std::string message) {
    entries_.back().record.conflicts.push_back({std::move(other), std::move(message)});
    return *this;
  }
  /// The option declared last may not be given with any of `others`: the same message for each.
  option_set& conflicts_with(std::initializer_list<std::string_view> others,
                             const std::string& message) {
    for (const std::string_view other : others) conflicts_with(std::string(other), message);
    return *this;
  }
  /// The option declared last is refused when the engine's strategies search (--strategy
  /// mrv+fc): `message`.
  option_set& not_with_engine(std::string message) {
    entries_.back().record.engine_message = std::move(message);
    return *this;
  }

  /// The option declared last is called `shown` in messages ("-n" for "size,n"); by default
  /// the long name with "--".
  option_set& shown_as(std::string shown) {
    entries_.back().shown = std::move(shown);
    return *this;
  }
  /// The option declared last has a second long name (--colors for --colours): either may be
  /// given, not both.
  option_set& alias(std::string name) {
    entries_.back().alias = std::move(name);
    return *this;
  }

  /// The option declared last names a file the run reads through read_input (input.hpp): the
  /// file's name is left out of canonical(), since the content read is what a count's work
  /// units are bound to, and the same content may sit at another path on another node.
  option_set& input_file() {
    entries_.back().input_file = true;
    return *this;
  }

  /// The options as declared (option_record): `btsolve describe`'s JSON, a form's fields.
  /// A second long name (alias()) is a record of its own, "same as" the first.
  [[nodiscard]] std::vector<option_record> records() const {
    std::vector<option_record> out;
    for (const entry& e : entries_) {
      out.push_back(e.record);
      if (!e.alias.empty()) {
        option_record same = e.record;
        same.name = e.alias;
        same.short_name.clear();
        same.help = "same as " + e.shown;
        same.required.clear();
        same.required_unless.clear();
        out.push_back(std::move(same));
      }
    }
    return out;
  }

  /// The options' descriptions, for the parser and --help.
  [[nodiscard]] boost::program_options::options_description describe() const {
    namespace po = boost::program_options;
    po::options_description d(title_);
    for (const entry& e : entries_) {
      // The help line with the default generated from the request's own default value.
      const std::string help = e.record.help_line();
      switch (e.k) {
        case kind::flag: d.add_options()(e.names.c_str(), help.c_str()); break;
        case kind::value:
          d.add_options()(e.names.c_str(), po::value<std::string>(), help.c_str());
          break;
        case kind::values:
          d.add_options()(e.names.c_str(), po::value<std::vector<std::string>>()->composing(),
                          help.c_str());
          break;
      }
      if (!e.alias.empty()) {
        const std::string same = "same as " + e.shown;
        if (e.k == kind::flag) {
          d.add_options()(e.alias.c_str(), same.c_str());
        } else {
          d.add_options()(e.alias.c_str(), po::value<std::string>(), same.c_str());
        }
      }
    }
    return d;
  }

  /// Fill r from vm: every given option read and checked, every required one present.
  /// Throws usage_error.
  void read(const boost::program_options::variables_map& vm, Request& r) const {
    for (const entry& e : entries_) {
      const std::string* name = &e.record.name;
      if (!e.alias.empty() && vm.count(e.alias)) {
        if (vm.count(e.record.name)) {
          throw usage_error("give " + e.shown + " once (--" + e.alias + " is the same option)");
        }
        name = &e.alias;
      }
      if (!vm.count(*name)) {
        const std::string& unless = e.record.required_unless;
        if (!e.record.required.empty() && (unless.empty() || !vm.count(unless))) {
          throw usage_error(e.record.required);
        }
        continue;
      }
      const std::string shown = name == &e.alias ? "--" + e.alias : e.shown;
      switch (e.k) {
        case kind::flag: e.read(r, shown, std::string()); break;
        case kind::value: e.read(r, shown, vm[*name].as<std::string>()); break;
        case kind::values:
          for (const auto& t : vm[*name].as<std::vector<std::string>>()) e.read(r, shown, t);
          break;
      }
    }
  }

  /// The options vm gives, as "name=value" words in the order declared (values of a repeated
  /// option joined by ';'): what decides a count, for the parameters of its work units.
  /// Input files (input_file()) are left out: their content is bound instead.
  [[nodiscard]] std::string canonical(const boost::program_options::variables_map& vm) const {
    std::string out;
    for (const entry& e : entries_) {
      const std::string& name = !e.alias.empty() && vm.count(e.alias) ? e.alias : e.record.name;
      if (!vm.count(name) || e.input_file) continue;
      out += (out.empty() ? "" : " ") + e.record.name;
      if (e.k == kind::value) out += "=" + vm[name].as<std::string>();
      if (e.k == kind::values) {
        out += '=';
        const auto& all = vm[name].as<std::vector<std::string>>();
        for (std::size_t i = 0; i < all.size(); ++i) out += (i ? ";" : "") + all[i];
      }
    }
    return out;
  }

  /// text as a T from lo to hi; throws usage_error naming `shown`.
  template <std::integral T>
  static T checked(const std::string& text, const std::string& shown, T lo, T hi) {
    if constexpr (std::is_unsigned_v<T> && sizeof(T) == sizeof(std::uint64_t)) {
      const std::uint64_t v = parse_count(text, shown);
      if (v < lo || v > hi) throw out_of_range(shown, std::to_string(v), lo, hi);
      return static_cast<T>(v);
    } else {
      const std::int64_t v = parse_int(text, shown);
      if (v < static_cast<std::int64_t>(lo) || v > static_cast<std::int64_t>(hi)) {
        throw out_of_range(shown, std::to_string(v), lo, hi);
      }
      return static_cast<T>(v);
    }
  }

 private:
  enum class kind { flag, value, values };
  struct entry {
    option_record record;  // name, short name, type, range, default, help, required
    std::string names;     // as Boost.Program_options takes them: "size,n"
    std::string shown;     // "--size", or as shown_as() says
    kind k = kind::value;
    bool input_file = false;  // a file read by read_input: its content is bound, not its name
    std::string alias;        // a second long name
    std::function<void(Request&, const std::string&, const std::string&)> read;
  };

  template <class T>
  static usage_error out_of_range(const std::string& shown, const std::string& v, T lo, T hi) {
    return usage_error(shown + " " + v + " is out of range " + std::to_string(lo) + ".." +
                       std::to_string(hi));
  }

  entry make_entry(std::string names, std::string help, kind k) const {
    entry e;
    e.record.name = names.substr(0, names.find(','));
    if (names.find(',') != std::string::npos)
      e.record.short_name = names.substr(names.find(',') + 1);
    e.record.type = k == kind::flag ? option_type::flag : option_type::text;
    e.record.repeatable = k == kind::values;
    e.record.help = std::move(help);
    e.record.group = title_;
    e.shown = e.record.shown();
    e.names = std::move(names);
    e.k = k;
    return e;
  }

  template <class F>
  option_set& value(std::string names, std::string help, F parse) {
    entry e = make_entry(std::move(names), std::move(help), kind::value);
    e.read = std::move(parse);
    entries_.push_back(std::move(e));
    return *this;
  }

  std::string title_;
  std::vector<entry> entries_;
};

}  // namespace btsolve
