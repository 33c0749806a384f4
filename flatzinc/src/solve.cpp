// SPDX-License-Identifier: MIT
// A FlatZinc run: the command line, the search under the engine's visitors, and the output.
#include <bt/flatzinc/solve.hpp>

#include <algorithm>
#include <charconv>
#include <fstream>
#include <iostream>
#include <iterator>
#include <memory>
#include <new>
#include <sstream>
#include <unordered_set>
#include <vector>

#include <bt/bt.hpp>
#include <bt/cp/describer.hpp>
#include <bt/cp/solver.hpp>
#include <bt/flatzinc/parser.hpp>

#ifndef BT_FLATZINC_VERSION
#define BT_FLATZINC_VERSION "unknown"
#endif

namespace bt::flatzinc {

namespace {

std::uint64_t number(const std::string& flag, const std::string& text) {
  std::uint64_t v = 0;
  const auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
  if (ec != std::errc() || ptr != text.data() + text.size() || text.empty()) {
    throw usage_error(flag + " takes a non-negative integer, not '" + text + "'");
  }
  return v;
}

// A switch's value as the engine names it: FlatZinc's words (first_fail) read as its own.
template <class Table>
auto switch_value(const Table& table, const std::string& flag, std::string word) {
  std::replace(word.begin(), word.end(), '_', '-');
  const auto v = bt::parse_name(table, word);
  if (!v) {
    std::string known;
    for (const auto& n : table)
      known += std::string(known.empty() ? "" : ", ") + std::string(n.name);
    throw usage_error(flag + ": unknown value '" + word + "' (one of: " + known + ")");
  }
  return *v;
}

}  // namespace

std::string usage() {
  return "Usage: fzn-btsolve [options] model.fzn\n"
         "Solves a FlatZinc model with btsolve's constraint layer (docs/minizinc.md).\n"
         "  -a                  every solution (optimisation: every improving one)\n"
         "  -n N                stop after N solutions\n"
         "  -s                  statistics (%%%mzn-stat lines) after the search\n"
         "  -t MS               time limit in milliseconds\n"
         "  -f                  free search: ignore the search annotations\n"
         "  -r SEED             seed of indomain_random and --val-order random\n"
         "  -p N                threads (accepted; the search runs on one)\n"
         "  --strategy SPEC     the engine's switches joined by '+': mrv+fc, dom-wdeg+mac, "
         "mac+cbj\n"
         "  --inference I       none, fc or mac (default mac, binary branching)\n"
         "  --var-order O       input-order, first-fail, anti-first-fail, smallest, largest,\n"
         "                      occurrence, max-regret, dom-deg, dom-wdeg (all variables)\n"
         "  --val-order O       min, max, median, split, reverse-split, lcv, random\n"
         "  --jump J            bt or cbj (d-way branching)\n"
         "  --trace             the decisions and failures, on the error stream\n"
         "  --node-limit N      stop after N nodes\n"
         "  --check-solution F  fix the output variables to the solution in file F\n"
         "  -h, --help          this text;  --version  the version\n";
}

options parse_options(std::span<const std::string> args) {
  options o;
  std::optional<std::string> spec;
  std::optional<std::string> inference;
  std::optional<std::string> var_order;
  std::optional<std::string> val_order;
  std::optional<std::string> jump;
  bool have_file = false;
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string flag = args[i];
    std::optional<std::string> inline_value;
    if (flag.size() > 2 && flag.compare(0, 2, "--") == 0) {
      const auto eq = flag.find('=');
      if (eq != std::string::npos) {
        inline_value = flag.substr(eq + 1);
        flag.resize(eq);
      }
    }
    const auto value = [&]() -> std::string {
      if (inline_value) return *inline_value;
      if (i + 1 >= args.size()) throw usage_error(flag + " needs a value");
      return args[++i];
    };
    if (flag == "-a" || flag == "--all-solutions" || flag == "-i" || flag == "--intermediate") {
      o.all = true;
    } else if (flag == "-n" || flag == "--num-solutions") {
      o.count = number(flag, value());
    } else if (flag == "-s" || flag == "--statistics") {
      o.statistics = true;
    } else if (flag == "-t" || flag == "--time-limit") {
      o.time_limit = std::chrono::milliseconds(number(flag, value()));
    } else if (flag == "-f" || flag == "--free-search") {
      o.free_search = true;
    } else if (flag == "-r" || flag == "--random-seed") {
      o.seed = number(flag, value());
    } else if (flag == "-p" || flag == "--parallel") {
      const std::uint64_t p = number(flag, value());
      if (p == 0 || p > 4096) throw usage_error(flag + " takes 1..4096 threads");
      o.threads = static_cast<int>(p);
    } else if (flag == "--strategy") {
      spec = value();
    } else if (flag == "--inference") {
      inference = value();
    } else if (flag == "--var-order") {
      var_order = value();
    } else if (flag == "--val-order") {
      val_order = value();
    } else if (flag == "--jump") {
      jump = value();
    } else if (flag == "--trace") {
      o.trace = true;
    } else if (flag == "--node-limit") {
      o.node_limit = number(flag, value());
    } else if (flag == "--check-solution") {
      o.solution_file = value();
    } else if (flag == "--flat-time") {
      const std::string t = value();
      double v = 0;
      const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
      if (ec != std::errc() || ptr != t.data() + t.size() || v < 0)
        throw usage_error(flag + " takes seconds");
      o.flat_time = v;
    } else if (flag == "-h" || flag == "--help") {
      o.help = true;
    } else if (flag == "--version") {
      o.version = true;
    } else if (flag.size() > 1 && flag[0] == '-') {
      throw usage_error("unknown option " + flag);
    } else {
      if (have_file) throw usage_error("one model file, not '" + o.file + "' and '" + flag + "'");
      o.file = flag;
      have_file = true;
    }
  }
  if (!have_file && !o.help && !o.version)
    throw usage_error("no model file (usage: fzn-btsolve [options] model.fzn)");

  cp::strategy& st = o.strategy;
  bool branch_named = false;
  if (spec) {
    const auto parsed = cp::parse_strategy(*spec);
    if (!parsed)
      throw usage_error("--strategy " + *spec +
                        ": not a strategy (e.g. mrv+fc, dom-wdeg+mac, mac+cbj)");
    st = *parsed;
    std::string_view rest = *spec;
    while (true) {
      const auto plus = rest.find('+');
      const std::string_view word = rest.substr(0, plus);
      if (bt::parse_name(cp::var_select_names, word) ||
          bt::parse_name(cp::val_select_names, word)) {
        o.orders_given = true;
      }
      if (bt::parse_name(cp::branching_names, word)) branch_named = true;
      if (plus == std::string_view::npos) break;
      rest.remove_prefix(plus + 1);
    }
    if (st.val == cp::val_select::split || st.val == cp::val_select::reverse_split)
      branch_named = true;
  }
  if (inference) st.inf = switch_value(csp::inference_names, "--inference", *inference);
  if (jump) st.jmp = switch_value(csp::jump_names, "--jump", *jump);
  if (var_order) {
    st.var = switch_value(cp::var_select_names, "--var-order", *var_order);
    o.orders_given = true;
  }
  if (val_order) {
    st.val = switch_value(cp::val_select_names, "--val-order", *val_order);
    o.orders_given = true;
  }
  if (!branch_named) {
    // Gecode's binary branching with mac; the textbook's d-way with fc, plain backtracking
    // and cbj (whose conflict sets are per variable).
    const bool binary = st.inf == csp::inference::mac && st.jmp == csp::jump::bt;
    st.branch = binary ? cp::branching::binary : cp::branching::dway;
  }
  st.seed = o.seed;
  return o;
}

namespace {

void print_value(std::ostream& os, cp::value_t v, bool boolean) {
  if (boolean) {
    os << (v != 0 ? "true" : "false");
  } else {
    os << v;
  }
}

// --trace: the decisions and failures with the model's names, indented by depth, in
// cp::describer's words (the runner's trace of the constraint layer; backtracks left out).
struct trace_visitor {
  std::ostream& os;
  cp::describer words;
  void on(const ev::assign<cp::solver>& e) const { words.describe(os, e); }
  void on(const ev::prune<cp::solver>& e) const { words.describe(os, e); }
  void on(const ev::solution<cp::solver>& e) const { words.describe(os, e); }
};

double seconds(std::chrono::steady_clock::duration d) {
  return std::chrono::duration<double>(d).count();
}

}  // namespace

std::string solution_text(const instance& inst, const cp::space& s) {
  std::ostringstream os;
  for (const output_item& o : inst.outputs) {
    os << o.name << " = ";
    if (!o.array) {
      print_value(os, s.value(o.vars[0]), o.boolean);
    } else {
      os << "array" << o.dims.size() << "d(";
      for (const auto& [lo, hi] : o.dims) os << lo << ".." << hi << ", ";
      os << '[';
      for (std::size_t i = 0; i < o.vars.size(); ++i) {
        if (i != 0) os << ", ";
        print_value(os, s.value(o.vars[i]), o.boolean);
      }
      os << "])";
    }
    os << ";\n";
  }
  return os.str();
}

std::shared_ptr<cp::model> searched_model(const instance& inst, bool follow, cp::branching branch) {
  auto m = std::make_shared<cp::model>(*inst.model);
  if (!follow) return m;
  const bool binary = branch == cp::branching::binary;
  for (const search_phase& p : inst.phases) {
    cp::phase ph{p.vars, p.var, p.val};
    // d-way branching has no domain splits: the split's first half first, value by value.
    if (!binary && ph.val == cp::val_select::split) ph.val = cp::val_select::min;
    if (!binary && ph.val == cp::val_select::reverse_split) ph.val = cp::val_select::max;
    m->add_phase(std::move(ph));
  }
  return m;
}

result solve(const instance& inst, const options& o, std::ostream& out, std::ostream& err,
             std::chrono::steady_clock::time_point start) {
  using clock = std::chrono::steady_clock;
  const bool follow_annotations = !o.free_search && !o.orders_given;
  if (follow_annotations && inst.search_problem) throw error(*inst.search_problem);
  const auto m = searched_model(inst, follow_annotations, o.strategy.branch);
  const bool optimising = inst.goal != goal::satisfy;
  // The limits first: the root's propagation already polls them.
  std::optional<clock::time_point> deadline;
  if (o.time_limit) deadline = start + *o.time_limit;
  bt::limit_visitor limits(o.node_limit, deadline);
  std::unique_ptr<cp::solver> solver;
  try {
    solver = std::make_unique<cp::solver>(m, o.strategy, &limits);
  } catch (const std::invalid_argument& e) {
    throw usage_error(e.what());
  }
  cp::solver& s = *solver;
  s.count_inference(o.statistics);
  bt::incumbent<cp::value_t> best(s.direction());
  if (optimising) s.share(&best);
  const auto searching = clock::now();

  bt::stats counts;
  bt::stats_visitor sv{counts};
  const bool print_each = !optimising || o.all;
  const std::uint64_t quota = o.count != 0 ? o.count : (optimising || o.all ? 0 : 1);
  result r;
  std::string last;
  cp::value_t objective = 0;
  // Every variable is searched, printed or not: solutions that differ only in variables that
  // are not printed are one solution of the model, printed and counted once (as Gecode does).
  std::unordered_set<std::string> printed;
  auto sink = bt::solution_sink([&](const cp::solver& state) {
    std::string text = solution_text(inst, state.store());
    if (!optimising && !printed.insert(text).second) return bt::flow::go_on;
    ++r.solutions;
    if (optimising) objective = state.objective();
    if (print_each) {
      out << text << "----------\n" << std::flush;
    } else {
      last = std::move(text);
    }
    return quota != 0 && r.solutions >= quota ? bt::flow::stop : bt::flow::go_on;
  });
  bt::outcome how = bt::outcome::stopped;
  if (o.trace) {
    trace_visitor tv{err, {}};
    how = bt::search(s, bt::visitors(sv, limits, sink, tv));
  } else {
    how = bt::search(s, bt::visitors(sv, limits, sink));
  }
  const auto done = clock::now();

  if (!print_each && r.solutions != 0) out << last << "----------\n";
  r.exhausted = how == bt::outcome::exhausted;
  r.stopped = limits.reason() != bt::stop_reason::none;
  if (r.exhausted) {
    out << (r.solutions != 0 ? "==========\n" : "=====UNSATISFIABLE=====\n");
  } else if (r.solutions == 0) {
    out << "=====UNKNOWN=====\n";
  }
  if (o.statistics) {
    out << "%%%mzn-stat: initTime=" << seconds(searching - start) << '\n'
        << "%%%mzn-stat: solveTime=" << seconds(done - searching) << '\n';
    if (o.flat_time) out << "%%%mzn-stat: flatTime=" << *o.flat_time << '\n';
    out << "%%%mzn-stat: solutions=" << r.solutions << '\n'
        << "%%%mzn-stat: variables=" << s.store().var_count() << '\n'
        << "%%%mzn-stat: propagators=" << s.store().propagator_count() << '\n'
        << "%%%mzn-stat: propagations=" << counts.propagation_checks << '\n'
        << "%%%mzn-stat: nodes=" << counts.nodes << '\n'
        << "%%%mzn-stat: failures=" << counts.prunes << '\n'
        << "%%%mzn-stat: peakDepth=" << counts.max_depth << '\n';
    if (optimising && r.solutions != 0) out << "%%%mzn-stat: objective=" << objective << '\n';
    out << "%%%mzn-stat-end\n";
  }
  out << std::flush;
  return r;
}

int run_cli(std::span<const std::string> args, std::ostream& out, std::ostream& err) {
  const auto start = std::chrono::steady_clock::now();
  try {
    const options o = parse_options(args);
    if (o.help) {
      out << usage();
      return 0;
    }
    if (o.version) {
      out << "fzn-btsolve " << BT_FLATZINC_VERSION << '\n';
      return 0;
    }
    model m;
    if (o.file == "-") {
      const std::string text{std::istreambuf_iterator<char>(std::cin),
                             std::istreambuf_iterator<char>()};
      m = parse(text, "<stdin>");
    } else {
      m = parse_file(o.file);
    }
    instance inst = translate(m);
    if (o.solution_file) {
      std::ifstream f(*o.solution_file, std::ios::binary);
      if (!f) throw error(*o.solution_file + ": cannot read the file");
      const std::string text{std::istreambuf_iterator<char>(f), std::istreambuf_iterator<char>()};
      fix_outputs(inst, text, *o.solution_file);
    }
    solve(inst, o, out, err, start);
    return 0;
  } catch (const usage_error& e) {
    err << "fzn-btsolve: error: " << e.what() << '\n';
  } catch (const error& e) {
    err << e.what() << '\n';
  } catch (const std::bad_alloc&) {
    err << "fzn-btsolve: error: out of memory\n";
  } catch (const std::exception& e) {
    err << "fzn-btsolve: error: " << e.what() << '\n';
  }
  return 2;
}

}  // namespace bt::flatzinc
