// SPDX-License-Identifier: MIT
#include <btsolve/csp.hpp>

#include <btsolve/errors.hpp>

#include <array>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace btsolve {
namespace {

namespace csp = bt::csp;

// One switch option: its name, the words it takes, and where it lands in a config.
struct switch_option {
  const char* option;
  const char* words;
  int kind;  // as csp::apply_word returns
};
constexpr std::array<switch_option, 4> switch_options = {{
    {"var-order", "static, mrv, dom-deg or dom-wdeg", 0},
    {"val-order", "natural or lcv", 1},
    {"inference", "none, fc or mac", 2},
    {"jump", "bt or cbj", 3},
}};

bool same_switch(const csp::config& a, const csp::config& b, int kind) {
  switch (kind) {
    case 0: return a.var == b.var;
    case 1: return a.val == b.val;
    case 2: return a.inf == b.inf;
    default: return a.jmp == b.jmp;
  }
}

}  // namespace

const std::vector<option_record>& csp_switch_records() {
  static const std::vector<option_record> records = [] {
    std::vector<option_record> out;
    for (const auto& [name, words] : {std::pair<const char*, std::vector<std::string>>{
                                          "var-order", {"static", "mrv", "dom-deg", "dom-wdeg"}},
                                      {"val-order", {"natural", "lcv"}},
                                      {"inference", {"none", "fc", "mac"}},
                                      {"jump", {"bt", "cbj"}}}) {
      option_record r;
      r.name = name;
      r.type = option_type::choice;
      r.choices = words;
      r.help = "engine strategy:";
      for (const auto& w : words) r.help += (&w == &words.front() ? " " : " | ") + w;
      r.group = "Strategy";
      out.push_back(std::move(r));
    }
    return out;
  }();
  return records;
}

void add_csp_options(po::options_description& d) { describe_records(d, csp_switch_records()); }

std::string csp_summary(const csp::config& c) {
  std::string words = "the engine's CSP search: ";
  switch (c.var) {
    case csp::var_order::static_order: words += "variables in order"; break;
    case csp::var_order::mrv: words += "minimum remaining values"; break;
    case csp::var_order::dom_deg: words += "smallest domain by degree"; break;
    case csp::var_order::dom_wdeg: words += "smallest domain by weighted degree"; break;
  }
  words += c.val == csp::val_order::lcv ? ", least constraining value first" : ", values ascending";
  switch (c.inf) {
    case csp::inference::none: words += ", no inference"; break;
    case csp::inference::fc: words += ", forward checking"; break;
    case csp::inference::mac: words += ", arc consistency maintained (AC-3)"; break;
  }
  words +=
      c.jmp == csp::jump::cbj ? ", conflict-directed backjumping" : ", chronological backtracking";
  return words;
}

std::optional<csp::config> csp_switches(const po::variables_map& vm,
                                        const std::optional<std::string>& strategy,
                                        bool own_strategy_named,
                                        const std::string& own_strategies) {
  std::optional<csp::config> c;
  if (strategy) {
    c = csp::parse_spec(*strategy);
    if (!c) {
      throw usage_error("unknown strategy '" + *strategy + "' (" + own_strategies +
                        ", or engine switches joined by '+': static|mrv|dom-deg|dom-wdeg, "
                        "natural|lcv, none|fc|mac, bt|cbj, e.g. mrv+fc+cbj)");
    }
  }
  for (const auto& o : switch_options) {
    if (!vm.count(o.option)) continue;
    const std::string word = vm[o.option].as<std::string>();
    if (own_strategy_named) {
      throw usage_error(std::string("--") + o.option +
                        " applies to the engine's strategies, not to the problem's own "
                        "strategy given by --strategy");
    }
    csp::config probe;
    if (csp::apply_word(probe, word) != o.kind) {
      throw usage_error(std::string("--") + o.option + " is " + o.words + ", not '" + word + "'");
    }
    if (c && strategy && !same_switch(*c, csp::config{}, o.kind) &&
        !same_switch(*c, probe, o.kind)) {
      throw usage_error(std::string("--") + o.option + " " + word + " contradicts --strategy " +
                        *strategy);
    }
    if (!c) c = csp::config{};
    csp::apply_word(*c, word);
  }
  return c;
}

}  // namespace btsolve
