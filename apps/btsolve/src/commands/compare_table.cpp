// SPDX-License-Identifier: MIT
#include "commands/compare_table.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <ostream>
#include <sstream>
#include <string_view>

#include <btsolve/errors.hpp>

namespace btsolve {
namespace {

// One table whatever it prints as: the header, the rows of final cell texts (already escaped
// for the format), and which columns hold numbers (right-aligned).
struct grid {
  std::vector<std::string> head;
  std::vector<bool> right;
  std::vector<std::vector<std::string>> rows;

  void column(std::string name, bool numbers) {
    head.push_back(std::move(name));
    right.push_back(numbers);
  }
};

// The long table's counters, always shown; --measure adds a column only for another one.
bool always_shown(const std::string& m) {
  return m == "nodes" || m == "checks" || m == "backtracks" || m == "solutions" || m == "seconds";
}

bool plain(compare_format f) { return f == compare_format::csv; }

std::string escaped(compare_format f, std::string_view s) {
  std::string out;
  for (const char ch : s) {
    if (f == compare_format::markdown && ch == '|') {
      out += "\\|";
    } else if (f != compare_format::latex) {
      out += ch;
    } else {
      switch (ch) {
        case '\\': out += "\\textbackslash{}"; break;
        case '~': out += "\\textasciitilde{}"; break;
        case '^': out += "\\textasciicircum{}"; break;
        // In LaTeX's default OT1 encoding < > | print as other glyphs.
        case '<': out += "\\textless{}"; break;
        case '>': out += "\\textgreater{}"; break;
        case '|': out += "\\textbar{}"; break;
        case '_':
        case '%':
        case '&':
        case '#':
        case '$':
        case '{':
        case '}':
          out += '\\';
          out += ch;
          break;
        default: out += ch;
      }
    }
  }
  return out;
}

// The mark of a cell with nothing to show: "--" is LaTeX's en dash.
std::string dash(compare_format f) {
  if (plain(f)) return {};
  return f == compare_format::latex ? "--" : "-";
}

const compare_cell* find_cell(const compare_report& r, const std::string& strategy,
                              std::size_t column) {
  for (const auto& c : r.cells) {
    if (c.strategy == strategy && c.column == column) return &c;
  }
  return nullptr;
}

// A number as it prints: for people with separators and 3 significant digits, for programs
// as JSON writes it. Integers above 2^53 keep every digit.
std::string number_text(const nlohmann::json& v, bool for_people) {
  if (v.is_number_unsigned()) {
    const auto n = v.get<std::uint64_t>();
    return for_people ? grouped(n) : std::to_string(n);
  }
  if (v.is_number_integer()) {
    const auto n = v.get<std::int64_t>();
    if (n >= 0 && for_people) return grouped(static_cast<std::uint64_t>(n));
    return std::to_string(n);
  }
  const double x = v.get<double>();
  if (for_people) return x < 0 ? "-" + significant(-x) : significant(x);
  std::ostringstream os;
  os << x;
  return os.str();
}

// The value of measure m in c as JSON (integers kept exact), or null.
nlohmann::json measure_json(const compare_cell& c, const std::string& m) {
  if (!c.refused.empty()) return nullptr;
  if (m == "solutions") return c.solutions;
  if (m == "seconds") return c.seconds;
  if (m == "work") {
    // What a strategy spent testing values: the search's checks and its inference's (fc and
    // mac test values in propagation_checks, which checks leaves out: docs/statistics.md).
    const auto checks = c.stats.find("checks");
    if (checks == c.stats.end() || !checks->is_number()) return nullptr;
    const auto propagation = c.stats.find("propagation_checks");
    const bool propagated = propagation != c.stats.end() && propagation->is_number();
    return checks->get<std::uint64_t>() + (propagated ? propagation->get<std::uint64_t>() : 0);
  }
  const auto it = c.stats.find(m);
  if (it == c.stats.end() || !it->is_number()) return nullptr;
  return *it;
}

std::string ratio_text(std::optional<double> ratio, compare_format f) {
  if (!ratio) return dash(f);
  if (plain(f)) {
    std::ostringstream os;
    os << *ratio;
    return os.str();
  }
  std::string digits;
  if (*ratio >= 0.01 || *ratio == 0.0) {
    // Two decimals, the whole part grouped: "0.42", "1,234.50".
    const auto cents = static_cast<std::uint64_t>(std::llround(*ratio * 100.0));
    const std::uint64_t rest = cents % 100;
    digits = grouped(cents / 100) + '.' + (rest < 10 ? "0" : "") + std::to_string(rest);
  } else {
    digits = significant(*ratio);
  }
  return digits + (f == compare_format::latex ? "$\\times$" : "x");
}

std::string seconds_text(const compare_cell& c, const compare_report& r, compare_format f) {
  std::ostringstream os;
  if (!c.refused.empty()) {
    os << dash(f);
  } else if (c.stopped == "time limit reached" && r.time_limit) {
    os << '>' << *r.time_limit << 's';
  } else if (!c.stopped.empty()) {
    os << "stopped";
  } else {
    os << significant(c.seconds);
  }
  return os.str();
}

std::string status_text(const compare_cell& c) {
  if (!c.refused.empty()) return "refused: " + c.refused;
  if (!c.stopped.empty()) return "stopped: " + c.stopped;
  return c.exit == exit_code::no_solution ? "no solution" : "ok";
}

std::string seconds_head(const compare_report& r, compare_format f) {
  if (plain(f) || r.repeat == 1) return "seconds";
  return "seconds (median of " + std::to_string(r.repeat) + ")";
}

bool any_colours(const compare_report& r) {
  return std::any_of(r.columns.begin(), r.columns.end(),
                     [](const compare_column& c) { return c.colours.has_value(); });
}

std::string colours_text(const compare_report& r, const compare_cell& c) {
  const auto& col = r.columns.at(c.column);
  return col.colours ? std::to_string(*col.colours) : std::string();
}

// The long table: one row per run. CSV keeps the columns it always had first and appends
// what the options add, so that a reader of the old header still finds its fields.
grid long_grid(const compare_report& r, compare_format f) {
  const bool csv = plain(f);
  const bool colours = any_colours(r);
  // The default measure (work) gets its column when its ratios are shown, any other always.
  const bool extra = !always_shown(r.measure) && (r.measure_given || r.baseline);
  constexpr std::array<const char*, 4> counters{"nodes", "checks", "backtracks", "solutions"};
  grid g;
  g.column("strategy", false);
  g.column(r.sizes ? "n" : "input", false);
  if (colours && !csv) g.column("colours", true);
  for (const char* m : counters) g.column(m, true);
  if (extra && !csv) g.column(r.measure, true);
  g.column(seconds_head(r, f), true);
  if (r.baseline && !csv) g.column(r.measure + " vs " + *r.baseline, true);
  g.column(csv ? "stopped" : "status", false);
  if (csv) {
    if (colours) g.column("colours", true);
    if (extra) g.column(r.measure, true);
    if (r.baseline) g.column("ratio", true);
  }
  for (auto& h : g.head) h = escaped(f, h);

  for (const auto& c : r.cells) {
    const auto counter = [&](const std::string& m) {
      const nlohmann::json v = measure_json(c, m);
      return v.is_null() ? dash(f) : number_text(v, !csv);
    };
    // Words are escaped for the format; numbers, dashes and ratios are written for it.
    std::vector<std::string> row{escaped(f, c.strategy), escaped(f, c.instance)};
    if (colours && !csv) row.push_back(colours_text(r, c));
    for (const char* m : counters) {
      // A refused run's zeros are shown as they always were.
      row.push_back(c.refused.empty() ? counter(m) : "0");
    }
    if (extra && !csv) row.push_back(counter(r.measure));
    if (csv) {
      std::ostringstream os;
      os << c.seconds;
      row.push_back(os.str());
    } else {
      row.push_back(escaped(f, seconds_text(c, r, f)));
    }
    if (r.baseline && !csv) row.push_back(ratio_text(ratio_of(r, c), f));
    row.push_back(csv ? (c.refused.empty() ? c.stopped : "refused: " + c.refused)
                      : escaped(f, status_text(c)));
    if (csv) {
      if (colours) row.push_back(colours_text(r, c));
      if (extra) row.push_back(counter(r.measure));
      if (r.baseline) row.push_back(ratio_text(ratio_of(r, c), f));
    }
    g.rows.push_back(std::move(row));
  }
  return g;
}

// A pivot cell for people: the value, ">value" for a stopped run (what it reached: the whole
// run takes more), "refused", "-" when the run has no such number, "" when it never ran.
std::string pivot_text(const compare_report& r, const compare_cell* c) {
  if (c == nullptr) return {};
  if (!c->refused.empty()) return "refused";
  const nlohmann::json v = measure_json(*c, r.measure);
  if (v.is_null()) return "-";
  if (!c->stopped.empty() && r.measure == "seconds" && c->stopped == "time limit reached" &&
      r.time_limit) {
    std::ostringstream os;
    os << '>' << *r.time_limit << 's';
    return os.str();
  }
  return (c->stopped.empty() ? "" : ">") + number_text(v, true);
}

std::string pivot_corner(const compare_report& r) {
  return "strategy (" + r.measure +
         (r.measure == "seconds" && r.repeat > 1
              ? ", median of " + std::to_string(r.repeat) + " runs"
              : std::string()) +
         ")";
}

// The pivot: a row per strategy, a column per size or input (and in CSV a ratio column
// beside each when there is a baseline).
grid pivot_grid(const compare_report& r, compare_format f) {
  const bool csv = plain(f);
  grid g;
  g.column(escaped(f, pivot_corner(r)), false);
  for (const auto& col : r.columns) {
    g.column(escaped(f, col.label), true);
    if (csv && r.baseline) g.column(col.label + " ratio", true);
  }
  for (const auto& s : r.strategies) {
    std::vector<std::string> row{escaped(f, s)};
    for (std::size_t j = 0; j < r.columns.size(); ++j) {
      const compare_cell* c = find_cell(r, s, j);
      const std::optional<double> ratio = c == nullptr ? std::nullopt : ratio_of(r, *c);
      if (csv) {
        const nlohmann::json v =
            c == nullptr ? nlohmann::json(nullptr) : measure_json(*c, r.measure);
        // Only finished runs' numbers: a program reading the CSV has no mark for a lower bound.
        row.push_back(v.is_null() || !c->stopped.empty() ? std::string() : number_text(v, false));
        if (r.baseline) row.push_back(ratio ? ratio_text(ratio, f) : std::string());
        continue;
      }
      std::string text = pivot_text(r, c);
      text = text == "-" ? dash(f) : escaped(f, text);
      if (r.baseline && c != nullptr) text += " (" + ratio_text(ratio, f) + ")";
      row.push_back(std::move(text));
    }
    g.rows.push_back(std::move(row));
  }
  return g;
}

// Characters on screen: UTF-8 continuation bytes take no column.
std::size_t width_of(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char ch) {
    return (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U;
  }));
}

void render_table(std::ostream& out, const grid& g) {
  std::vector<std::size_t> width(g.head.size());
  for (std::size_t i = 0; i < g.head.size(); ++i) {
    width[i] = width_of(g.head[i]);
    for (const auto& row : g.rows) width[i] = std::max(width[i], width_of(row[i]));
  }
  const auto line = [&](const std::vector<std::string>& row) {
    std::string text;
    for (std::size_t i = 0; i < row.size(); ++i) {
      if (i) text += "  ";
      const std::string pad(width[i] - width_of(row[i]), ' ');
      if (g.right[i]) {
        text += pad + row[i];
      } else {
        text += row[i];
        if (i + 1 < row.size()) text += pad;  // no trailing blanks
      }
    }
    out << text << '\n';
  };
  line(g.head);
  for (const auto& row : g.rows) line(row);
}

void render_markdown(std::ostream& out, const grid& g) {
  const auto line = [&](const std::vector<std::string>& row) {
    out << '|';
    for (const auto& cell : row) out << ' ' << cell << " |";
    out << '\n';
  };
  line(g.head);
  out << '|';
  for (const bool right : g.right) out << (right ? " ---: |" : " --- |");
  out << '\n';
  for (const auto& row : g.rows) line(row);
}

void render_latex(std::ostream& out, const grid& g) {
  out << "% btsolve compare; needs \\usepackage{booktabs}\n\\begin{tabular}{";
  for (const bool right : g.right) out << (right ? 'r' : 'l');
  out << "}\n\\toprule\n";
  const auto line = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) out << (i ? " & " : "") << row[i];
    out << " \\\\\n";
  };
  line(g.head);
  out << "\\midrule\n";
  for (const auto& row : g.rows) line(row);
  out << "\\bottomrule\n\\end{tabular}\n";
}

// CSV per RFC 4180: quote a field only when it needs it.
std::string csv_field(const std::string& s) {
  if (s.find_first_of(",\"\n") == std::string::npos) return s;
  std::string q = "\"";
  for (const char ch : s) q += ch == '"' ? std::string("\"\"") : std::string(1, ch);
  return q + '"';
}

void render_csv(std::ostream& out, const grid& g) {
  const auto line = [&](const std::vector<std::string>& row) {
    for (std::size_t i = 0; i < row.size(); ++i) out << (i ? "," : "") << csv_field(row[i]);
    out << '\n';
  };
  line(g.head);
  for (const auto& row : g.rows) line(row);
}

}  // namespace

compare_format parse_compare_format(const std::string& f) {
  if (f.empty() || f == "table") return compare_format::table;
  if (f == "csv") return compare_format::csv;
  if (f == "json") return compare_format::json;
  if (f == "markdown") return compare_format::markdown;
  if (f == "latex") return compare_format::latex;
  throw usage_error("--format for compare is table, csv, json, markdown or latex, not " + quote(f));
}

const std::vector<std::string>& standard_measures() {
  static const std::vector<std::string> all{
      "work",       "nodes",     "checks",    "assigns", "prunes",
      "backtracks", "solutions", "max_depth", "seconds", "propagation_checks",
      "removals",   "wipeouts"};
  return all;
}

std::vector<std::string> measures_of(const compare_report& r) {
  std::vector<std::string> all = standard_measures();
  for (const auto& c : r.cells) {
    for (const auto& [key, value] : c.stats.items()) {
      if (value.is_number() && std::find(all.begin(), all.end(), key) == all.end()) {
        all.push_back(key);
      }
    }
  }
  return all;
}

std::optional<double> measure_of(const compare_cell& c, const std::string& m) {
  const nlohmann::json v = measure_json(c, m);
  if (v.is_null()) return std::nullopt;
  return v.get<double>();
}

std::optional<double> ratio_of(const compare_report& r, const compare_cell& c) {
  if (!r.baseline || !c.stopped.empty()) return std::nullopt;
  const compare_cell* base = find_cell(r, *r.baseline, c.column);
  if (base == nullptr || !base->stopped.empty()) return std::nullopt;
  const auto mine = measure_of(c, r.measure);
  const auto theirs = measure_of(*base, r.measure);
  if (!mine || !theirs || *theirs <= 0.0) return std::nullopt;
  return *mine / *theirs;
}

std::string grouped(std::uint64_t n) {
  std::string digits = std::to_string(n);
  for (auto at = static_cast<std::ptrdiff_t>(digits.size()) - 3; at > 0; at -= 3) {
    digits.insert(static_cast<std::size_t>(at), 1, ',');
  }
  return digits;
}

std::string significant(double x) {
  if (!(x > 0.0) || !std::isfinite(x)) return x == 0.0 ? "0" : std::to_string(x);
  if (x >= 99.95) return grouped(static_cast<std::uint64_t>(std::llround(x)));
  const int decimals = std::max(0, 2 - static_cast<int>(std::floor(std::log10(x))));
  std::array<char, 64> buf{};
  std::snprintf(buf.data(), buf.size(), "%.*f", decimals, x);
  return buf.data();
}

void print_compare(std::ostream& out, const compare_report& r, compare_format f, bool pivot) {
  if (f == compare_format::json) {
    out << compare_json(r).dump() << '\n';
    return;
  }
  const grid g = pivot ? pivot_grid(r, f) : long_grid(r, f);
  switch (f) {
    case compare_format::csv: render_csv(out, g); break;
    case compare_format::markdown: render_markdown(out, g); break;
    case compare_format::latex: render_latex(out, g); break;
    default: render_table(out, g); break;
  }
}

nlohmann::json compare_json(const compare_report& r) {
  const auto optional = [](const auto& v) {
    return v ? nlohmann::json(*v) : nlohmann::json(nullptr);
  };
  nlohmann::json instances = nlohmann::json::array();
  for (const auto& col : r.columns) {
    nlohmann::json j{{"instance", col.instance}, {"label", col.label}};
    if (r.sizes) {
      j["n"] = std::stoll(col.instance);
    } else {
      j["input"] = col.instance;
    }
    j["colours"] = optional(col.colours);
    j["colours_from"] = col.colours ? nlohmann::json(col.colours_from) : nlohmann::json(nullptr);
    instances.push_back(std::move(j));
  }
  nlohmann::json runs = nlohmann::json::array();
  for (const auto& c : r.cells) {
    nlohmann::json j = {{"strategy", c.strategy},     {"nodes", c.nodes},
                        {"checks", c.checks},         {"work", measure_json(c, "work")},
                        {"backtracks", c.backtracks}, {"solutions", c.solutions},
                        {"seconds", c.seconds},       {"seconds_all", c.seconds_all},
                        {"stats", c.stats},           {"exit", c.exit}};
    if (r.sizes) {
      j["n"] = std::stoll(c.instance);
    } else {
      j["input"] = c.instance;
    }
    if (const auto& col = r.columns.at(c.column); col.colours) j["colours"] = *col.colours;
    j["stopped"] = c.stopped.empty() ? nlohmann::json(nullptr) : nlohmann::json(c.stopped);
    if (!c.refused.empty()) j["refused"] = c.refused;
    if (r.baseline) j["ratio"] = optional(ratio_of(r, c));
    runs.push_back(std::move(j));
  }
  nlohmann::json rows = nlohmann::json::array();
  for (const auto& s : r.strategies) {
    nlohmann::json values = nlohmann::json::array();
    nlohmann::json ratios = nlohmann::json::array();
    nlohmann::json texts = nlohmann::json::array();
    nlohmann::json status = nlohmann::json::array();
    for (std::size_t j = 0; j < r.columns.size(); ++j) {
      const compare_cell* c = find_cell(r, s, j);
      values.push_back(c == nullptr ? nlohmann::json(nullptr) : measure_json(*c, r.measure));
      ratios.push_back(c == nullptr ? nlohmann::json(nullptr) : optional(ratio_of(r, *c)));
      texts.push_back(pivot_text(r, c));
      status.push_back(c == nullptr ? nlohmann::json(nullptr) : nlohmann::json(status_text(*c)));
    }
    rows.push_back({{"strategy", s},
                    {"values", std::move(values)},
                    {"ratios", std::move(ratios)},
                    {"texts", std::move(texts)},
                    {"status", std::move(status)}});
  }
  nlohmann::json columns = nlohmann::json::array();
  for (const auto& col : r.columns) columns.push_back(col.label);
  nlohmann::json doc = {{"problem", r.problem},
                        {"by", r.sizes ? "n" : "input"},
                        {"strategies", r.strategies},
                        {"instances", std::move(instances)},
                        {"mode", std::string(name_of(r.what))},
                        {"repeat", r.repeat},
                        {"measure", r.measure},
                        {"measures", measures_of(r)},
                        {"runs", std::move(runs)},
                        {"pivot",
                         {{"measure", r.measure},
                          {"corner", pivot_corner(r)},
                          {"columns", std::move(columns)},
                          {"rows", std::move(rows)}}}};
  doc["limit"] = optional(r.limit);
  doc["time_limit"] = optional(r.time_limit);
  doc["node_limit"] = optional(r.node_limit);
  doc["baseline"] = optional(r.baseline);
  return doc;
}

}  // namespace btsolve
