// SPDX-License-Identifier: MIT
#include "python_model.hpp"

#include <algorithm>
#include <chrono>
#include <optional>
#include <span>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <bt/cp/constraints.hpp>
#include <bt/cp/describer.hpp>
#include <bt/cp/solver.hpp>
#include <bt/cp/strategy.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/outcome.hpp>
#include <btsolve/problem.hpp>

#include "described_run.hpp"

namespace btsolve::python {

namespace {

using bt::cp::value_t;

/// The model this thread searches (the described problem's run reads it).
python_model*& current() {
  thread_local python_model* m = nullptr;
  return m;
}

struct model_request {
  std::string search = "bt";  // the constraint layer's spec (bt/cp/strategy.hpp)
};

/// The runner's face of the model being searched (`current`).
struct description {
  static constexpr std::string_view name = "python-model";
  static constexpr std::string_view summary = "a constraint model stated in Python";
  using request = model_request;
  using solution_type = std::vector<value_t>;
  static constexpr strategy_info strategies[] = {
      {"cp", "the constraint layer; --search SPEC chooses its switches (docs/strategies.md)"}};

  static void options(option_set<request>& o) {
    o.text("search", &request::search,
           "the constraint layer's switches joined by '+': first-fail+mac+binary, "
           "dom-wdeg+fc+lcv, options+mac");
  }

  /// The model being searched and its strategy, checked once.
  struct searched {
    const python_model* model;
    bt::cp::strategy strategy;
  };
  static searched instance(const request& r, session<description>& s) {
    if (s.units().wanted() || s.threads() != 0) {
      throw usage_error("a Python model is searched on one thread: no work units or --threads");
    }
    const auto st = bt::cp::parse_strategy(r.search);
    if (!st) throw usage_error("--search: unknown or repeated switch in '" + r.search + "'");
    s.head("search", bt::cp::spec_of(*st));
    return {current(), *st};
  }

  /// The constraint layer's search of the model.
  template <class K>
  static void search(const request&, const searched& m, std::string_view, K&& k) {
    std::optional<bt::cp::solver> solver;
    try {
      solver.emplace(m.model->model, m.strategy, &k.limits());
    } catch (const std::invalid_argument& e) {
      throw usage_error(e.what());
    }
    std::optional<bt::incumbent<value_t>> best;
    if (solver->optimises()) {
      best.emplace(solver->direction());
      solver->share(&*best);
    }
    bt::cp::describer naming;
    k(*solver, naming, [](const bt::cp::solver& p, auto) -> solution_type { return p.solution(); });
  }
};

/// A string fixed at compile time (the key<> template's argument).
template <std::size_t N>
struct fixed_text {
  char text[N];  // NOLINT(*-avoid-c-arrays): a literal's characters, for the template
  constexpr fixed_text(const char (&s)[N]) {  // NOLINT(google-explicit-constructor)
    std::copy_n(s, N, text);
  }
};

/// The document's key K as an interned Python string, made once (never freed: it lives as
/// long as the interpreter). A small search's document made its 24 keys anew each time.
template <fixed_text K>
py::handle key() {
  static PyObject* const k = PyUnicode_InternFromString(K.text);
  return k;
}

/// The values of a predicate's scope as Python objects: numbers, or the labels' objects.
struct decoder {
  std::vector<unsigned char> labelled;  // per scope position
  const std::vector<py::object>* labels = nullptr;
};

}  // namespace

int python_model::add_variable(value_t lo, value_t hi, const std::string& name, bool is_labelled) {
  const int x = model->int_var(lo, hi, name);
  labelled.push_back(is_labelled ? 1 : 0);
  if (is_labelled) model->set_value_names(x, label_names);
  return x;
}

int python_model::add_variable(std::vector<value_t> values, const std::string& name,
                               bool is_labelled) {
  const int x = model->int_var(std::move(values), name);
  labelled.push_back(is_labelled ? 1 : 0);
  if (is_labelled) model->set_value_names(x, label_names);
  return x;
}

value_t python_model::label(const py::object& o) {
  labels.push_back(o);
  // A string reads as itself in a trace ("WA = red"); other objects as their str().
  label_names->push_back(py::str(o).cast<std::string>());
  return static_cast<value_t>(labels.size() - 1);
}

void python_model::add_predicate(std::vector<int> scope, py::object test, std::string name,
                                 std::uint64_t support_limit, bool pure) {
  if (!PyCallable_Check(test.ptr())) throw py::type_error("a predicate must be callable");
  auto d = std::make_shared<decoder>();
  for (const int x : scope) {
    if (x < 0 || x >= model->var_count()) throw std::invalid_argument("not a variable");
    d->labelled.push_back(labelled[static_cast<std::size_t>(x)]);
  }
  d->labels = &labels;
  ++predicates;
  // The test runs inside a search that holds the GIL (search_model keeps it while the model
  // has predicates); a raise stops the run through the search's guard.
  auto holder = std::make_shared<py::object>(std::move(test));
  std::shared_ptr<callback_guard*> g = guard;
  bt::cp::predicate(
      *model, std::move(scope),
      [holder, d, g](std::span<const value_t> values) -> bool {
        callback_guard& cg = **g;
        if (cg.failed()) return false;
        const std::size_t n = values.size();
        PyObject* args[16];
        std::vector<PyObject*> many;
        PyObject** argv = args;
        if (n + 1 > 16) {
          many.resize(n + 1);
          argv = many.data();
        }
        argv[0] = nullptr;
        std::size_t made = 0;
        bool ok = true;
        for (std::size_t i = 0; i < n; ++i) {
          PyObject* o = nullptr;
          if (d->labelled[i] != 0) {
            o = (*d->labels)[static_cast<std::size_t>(values[i])].ptr();
            Py_INCREF(o);
          } else {
            o = PyLong_FromLongLong(values[i]);
          }
          if (o == nullptr) {
            ok = false;
            break;
          }
          argv[i + 1] = o;
          ++made;
        }
        bool truth = false;
        if (ok) {
          truth = truth_of(cg, call_vector(cg, holder->ptr(), argv + 1, n));
        } else {
          cg.fail();
        }
        for (std::size_t i = 0; i < made; ++i) Py_DECREF(argv[i + 1]);
        return truth;
      },
      std::move(name), support_limit, pure);
}

run_result search_model(python_model& m, const std::vector<std::string>& args, bool catch_sigint) {
  callback_guard g;
  *m.guard = &g;
  current() = &m;
  run_result r;
  try {
    r = run_described<description>(args, catch_sigint, m.predicates == 0);
  } catch (...) {
    current() = nullptr;
    *m.guard = nullptr;
    throw;
  }
  current() = nullptr;
  *m.guard = nullptr;
  r.calls = g.calls;
  r.halted = g.halted();
  g.rethrow();
  return r;
}

py::dict search_model_direct(python_model& m, const std::string& spec, const std::string& mode,
                             bool catch_sigint) {
  const auto st = bt::cp::parse_strategy(spec);
  if (!st) {  // the runner's words for it (UsageError in Python)
    py::dict r;
    r[key<"usage">()] = "--search: unknown or repeated switch in '" + spec + "'";
    return r;
  }
  if (mode != "first" && mode != "all" && mode != "count") {
    throw std::invalid_argument("mode must be first, all or count");
  }
  callback_guard g;
  *m.guard = &g;
  struct unguard {  // the guard lives on this frame only
    python_model& m;
    ~unguard() { *m.guard = nullptr; }
  } const ug{m};
  const bool counting = mode == "count";
  const bool first = mode == "first";
  std::vector<std::vector<value_t>> solutions;
  std::uint64_t found = 0;
  bool met = false;
  bt::stats stats;
  bt::stop_reason reason = bt::stop_reason::none;
  std::optional<bt::cp::solver> solver;
  std::string usage;
  const bool interrupted = run_guarded(
      [&] {
        try {
          solver.emplace(m.model, *st);
        } catch (const std::invalid_argument& e) {
          usage = e.what();
          return;
        }
        if (solver->optimises()) throw std::invalid_argument("an objective: use the runner");
        // The runner counts inference whenever statistics are reported, as they are here.
        solver->count_inference(true);
        // As the runner's session: its limit visitor (no limits: Ctrl-C and a raising
        // callback stop it), the statistics, and the solutions kept (first: one).
        bt::limit_visitor lim(0, std::nullopt);
        const bt::polling_scope<bt::cp::solver> polled(*solver, lim);
        bt::stats_visitor sv{stats};
        auto sink = bt::solution_sink([&](const bt::cp::solver& p) {
          ++found;
          if (!counting) solutions.push_back(p.solution());
          if (first) {
            met = true;
            return bt::flow::stop;
          }
          return bt::flow::go_on;
        });
        const auto start = std::chrono::steady_clock::now();
        const bt::outcome out = bt::search(*solver, bt::visitors(lim, sv, sink));
        stats.seconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        if (out == bt::outcome::stopped && !met) {
          reason =
              lim.reason() == bt::stop_reason::none ? bt::stop_reason::interrupted : lim.reason();
        }
      },
      catch_sigint, m.predicates == 0);
  g.rethrow();
  if (!usage.empty()) {
    py::dict r;
    r[key<"usage">()] = usage;
    return r;
  }
  py::dict doc;
  doc[key<"problem">()] = std::string(description::name);
  doc[key<"search">()] = bt::cp::spec_of(*st);
  doc[key<"strategy">()] = std::string(description::strategies[0].name);
  doc[key<"strategy_summary">()] = std::string(description::strategies[0].summary);
  py::list sols;
  for (const auto& s : solutions) {
    py::list row;
    for (const value_t v : s) row.append(py::int_(v));
    sols.append(row);
  }
  // How the search ended, as the runner's report decides it (outcome.hpp).
  run_facts facts;
  facts.found = found;
  facts.stop = reason;
  facts.quota_met = met;
  const run_outcome end = decide(facts);
  doc[key<"solutions">()] = sols;
  doc[key<"count">()] = found;
  doc[key<"exhausted">()] = end.exhausted;
  py::dict sd;  // the keys in the runner's order (nlohmann's: alphabetical)
  sd[key<"assigns">()] = stats.assigns;
  sd[key<"backtracks">()] = stats.backtracks;
  sd[key<"checks">()] = stats.checks;
  sd[key<"max_depth">()] = stats.max_depth;
  sd[key<"nodes">()] = stats.nodes;
  if (stats.infers) sd[key<"propagation_checks">()] = stats.propagation_checks;
  sd[key<"prunes">()] = stats.prunes;
  if (stats.infers) sd[key<"removals">()] = stats.removals;
  sd[key<"seconds">()] = stats.seconds;
  sd[key<"solutions">()] = stats.solutions;
  if (stats.infers) sd[key<"wipeouts">()] = stats.wipeouts;
  doc[key<"stats">()] = sd;
  doc[key<"status">()] = std::string(to_string(end.status));
  doc[key<"stopped">()] = end.stop() == bt::stop_reason::none
                              ? py::object(py::none())
                              : py::object(py::str(bt::to_string(end.stop())));
  py::dict r;
  r[key<"document">()] = doc;
  r[key<"calls">()] = g.calls;
  r[key<"interrupted">()] = interrupted;
  r[key<"halted">()] = g.halted();
  return r;
}

}  // namespace btsolve::python
