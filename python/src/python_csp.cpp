// SPDX-License-Identifier: MIT
#include "python_csp.hpp"

#include <ostream>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <bt/csp.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/problem.hpp>

#include "described_run.hpp"

namespace btsolve::python {

namespace {

/// One search of a network: the relation it is checked by, and its callbacks' errors.
struct csp_search {
  const network* net;
  PyObject* constraint;
  relation kind;
  mutable callback_guard guard;
};

/// The search as a bt::csp::binary_model with a domain of W words.
template <int W>
class model {
 public:
  using domain_type = bt::csp::domain<W>;

  explicit model(const csp_search& s) : s_(&s), n_(s.net) {}
  [[nodiscard]] int variable_count() const { return static_cast<int>(n_->variables.size()); }
  [[nodiscard]] int value_count() const { return static_cast<int>(n_->values.size()); }
  [[nodiscard]] const std::vector<int>& neighbours(int x) const { return n_->neighbours[at(x)]; }
  [[nodiscard]] bool in_domain(int x, int a) const { return n_->allowed[at(x)][at(a)]; }
  /// The relation; a raise of the Python constraint stops the run (callback_guard).
  [[nodiscard]] bool compatible(int x, int a, int y, int b) const {
    switch (s_->kind) {
      case relation::not_equal: return a != b;
      case relation::queens: {
        const long long r = n_->variable_ints[at(x)];
        const long long q = n_->variable_ints[at(y)];
        const long long c = n_->value_ints[at(a)];
        const long long e = n_->value_ints[at(b)];
        return r == q || (c != e && r + c != q + e && r - c != q - e);
      }
      case relation::python: break;
    }
    // A value outside its variable's domain is never assigned, whatever the solver asks (a
    // support table over every value, LCV's counts): Python sees only a variable's own values.
    if (!in_domain(x, a) || !in_domain(y, b)) return false;
    return call_bool(s_->guard, s_->constraint, n_->variables[at(x)].ptr(), n_->values[at(a)].ptr(),
                     n_->variables[at(y)].ptr(), n_->values[at(b)].ptr());
  }
  void name_variable(std::ostream& os, int x) const { os << n_->variable_names[at(x)]; }
  void name_assignment(std::ostream& os, int x, int a) const {
    os << n_->variable_names[at(x)] << " = " << n_->value_names[at(a)];
  }
  void explain_conflict(std::ostream& os, int, int, int y, int b) const {
    os << "conflicts with ";
    name_assignment(os, y, b);
  }

 private:
  static std::size_t at(int i) { return static_cast<std::size_t>(i); }
  const csp_search* s_;
  const network* n_;
};

/// The search this thread runs (the described problem's run reads it).
const csp_search*& current() {
  thread_local const csp_search* s = nullptr;
  return s;
}

/// Reads a solution as the value number of each variable (the package maps them back).
struct by_variable {
  template <class State>
  std::vector<int> operator()(const State& s, auto) const {
    return values_by_variable(s);
  }
};

struct csp_request {};

/// The runner's face of the network being searched (`current`).
struct description {
  static constexpr std::string_view name = "python-csp";
  static constexpr std::string_view summary = "a constraint network stated in Python";
  using request = csp_request;
  using solution_type = std::vector<int>;
  static constexpr bool engine_strategies = true;

  /// The network being searched, checked once.
  static const csp_search* instance(const request&, session<description>& s) {
    if (s.units().wanted() || s.threads() != 0) {
      throw usage_error("a Python CSP is searched on one thread: no work units or --threads");
    }
    return current();
  }
  /// The engine's strategy the run names.
  template <class K>
  static void engine_search(const request&, const csp_search* cs, const bt::csp::config& c, K&& k) {
    if (cs->net->values.size() <= 64) {
      search<1>(*cs, c, k);
    } else {
      search<max_values / 64>(*cs, c, k);
    }
  }
  /// No --strategy: the engine's default configuration.
  template <class K>
  static void search(const request& r, const csp_search* cs, std::string_view, K&& k) {
    engine_search(r, cs, bt::csp::config{}, k);
  }

  template <int W, class K>
  static void search(const csp_search& cs, const bt::csp::config& c, K& k) {
    const model<W> m(cs);
    with_csp_solver(m, c, [&](auto& solver) {
      bt::csp::describer naming;
      k(solver, naming, by_variable{});
    });
  }
};

}  // namespace

network::network(std::vector<py::object> variables_, std::vector<py::object> values_,
                 std::vector<std::string> variable_names_, std::vector<std::string> value_names_,
                 const std::vector<std::vector<int>>& domains,
                 std::vector<std::vector<int>> neighbours_, std::vector<long long> variable_ints_,
                 std::vector<long long> value_ints_)
    : variables(std::move(variables_)),
      values(std::move(values_)),
      variable_names(std::move(variable_names_)),
      value_names(std::move(value_names_)),
      neighbours(std::move(neighbours_)),
      variable_ints(std::move(variable_ints_)),
      value_ints(std::move(value_ints_)) {
  const std::size_t n = variables.size();
  const std::size_t k = values.size();
  if (k > static_cast<std::size_t>(max_values)) {
    throw std::invalid_argument("a Python CSP takes at most " + std::to_string(max_values) +
                                " distinct values, not " + std::to_string(k));
  }
  if (domains.size() != n || neighbours.size() != n || variable_names.size() != n ||
      value_names.size() != k) {
    throw std::invalid_argument("every variable needs a domain and a list of neighbours");
  }
  if (!variable_ints.empty() && (variable_ints.size() != n || value_ints.size() != k)) {
    throw std::invalid_argument("the numbers of the variables and values do not match them");
  }
  allowed.assign(n, std::vector<bool>(k, false));
  for (std::size_t x = 0; x < n; ++x) {
    for (const int a : domains[x]) {
      if (a < 0 || static_cast<std::size_t>(a) >= k)
        throw std::invalid_argument("a domain names a value that is not listed");
      allowed[x][static_cast<std::size_t>(a)] = true;
    }
    for (const int y : neighbours[x]) {
      if (y < 0 || static_cast<std::size_t>(y) >= n || static_cast<std::size_t>(y) == x)
        throw std::invalid_argument("a neighbour is not another variable");
    }
  }
}

run_result search_csp(const network& net, const py::object& constraint, relation kind,
                      const std::vector<std::string>& args, bool catch_sigint) {
  if (kind == relation::queens && net.variable_ints.empty()) {
    throw std::invalid_argument("the queens relation needs whole-number variables and values");
  }
  if (kind == relation::python && !PyCallable_Check(constraint.ptr())) {
    throw std::invalid_argument("constraints must be callable as constraints(A, a, B, b)");
  }
  csp_search cs{&net, constraint.ptr(), kind, {}};
  current() = &cs;
  // A relation the engine evaluates calls no Python: other threads may run meanwhile.
  run_result r = run_described<description>(args, catch_sigint, kind != relation::python);
  current() = nullptr;
  r.calls = cs.guard.calls;
  r.halted = cs.guard.halted();
  cs.guard.rethrow();
  return r;
}

}  // namespace btsolve::python
