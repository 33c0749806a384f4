// SPDX-License-Identifier: MIT
#include "python_problem.hpp"

#include <nlohmann/json.hpp>

#include <ostream>
#include <stdexcept>
#include <string_view>
#include <utility>

#include <btsolve/errors.hpp>
#include <btsolve/problem.hpp>

#include "described_run.hpp"

namespace btsolve::python {

namespace {

/// A Python object on the engine's value stack. Copies change reference counts, which the
/// GIL (held for the whole search) makes safe.
class value {
 public:
  value() = default;
  explicit value(py::object o) : o_(std::move(o)) {}
  [[nodiscard]] PyObject* ptr() const { return o_.ptr(); }
  friend std::ostream& operator<<(std::ostream& os, const value& v) {
    return os << str_of(v.ptr());
  }

 private:
  py::object o_;
};

/// The object's methods, bound once (a lookup per call would double the cost of a callback).
struct methods {
  py::object complete, candidates, assign, unassign, consistent, promising, solution;
  callback_guard guard;
  py::list reported;  ///< each reported solution as the object itself (the JSON converts it)
};

/// The object as a bt::trail_problem; consistent() and promising() exist only when the object
/// has them, so the engine counts checks exactly as for a C++ problem with the same members.
template <bool Consistent, bool Promising>
class adapter {
 public:
  using value_type = value;

  explicit adapter(methods& m) : m_(&m) {}
  adapter(const adapter&) = delete;  // no copies: work units would call Python from threads
  adapter& operator=(const adapter&) = delete;
  adapter(adapter&&) noexcept = default;
  adapter& operator=(adapter&&) noexcept = default;
  ~adapter() = default;

  [[nodiscard]] bool complete() const {
    // After a raise the search must end: a complete state stops descending at once.
    return m_->guard.failed() || call_bool(m_->guard, m_->complete.ptr());
  }
  [[nodiscard]] std::vector<value> candidates() const {
    std::vector<value> out;
    if (m_->guard.failed()) return out;
    ++m_->guard.calls;
    try {
      py::object values;
      {
        const callback_scope inside;
        values = m_->candidates();
      }
      for (const py::handle v : values) out.emplace_back(py::reinterpret_borrow<py::object>(v));
    } catch (py::error_already_set& e) {
      e.restore();
      m_->guard.fail();
      out.clear();
    }
    return out;
  }
  void assign(const value& v) { call_void(m_->guard, m_->assign.ptr(), v.ptr()); }
  void unassign(const value& v) { call_void(m_->guard, m_->unassign.ptr(), v.ptr()); }
  [[nodiscard]] bool consistent(const value& v) const requires Consistent {
    return call_bool(m_->guard, m_->consistent.ptr(), v.ptr());
  }
  [[nodiscard]] bool promising() const requires Promising {
    return call_bool(m_->guard, m_->promising.ptr());
  }

  [[nodiscard]] methods& calls() const { return *m_; }

 private:
  methods* m_;
};

/// o as JSON: None, bools, numbers, strings, sequences and dicts as themselves; anything else
/// (and integers past 64 bits) as its str().
nlohmann::json to_json(py::handle o) {
  if (o.is_none()) return nullptr;
  if (PyBool_Check(o.ptr())) return o.ptr() == Py_True;
  if (PyLong_Check(o.ptr())) {
    int overflow = 0;
    const long long v = PyLong_AsLongLongAndOverflow(o.ptr(), &overflow);
    if (overflow == 0 && !(v == -1 && PyErr_Occurred())) return v;
    PyErr_Clear();
    return str_of(o.ptr());
  }
  if (PyFloat_Check(o.ptr())) return PyFloat_AsDouble(o.ptr());
  if (PyUnicode_Check(o.ptr())) return o.cast<std::string>();
  if (PyList_Check(o.ptr()) || PyTuple_Check(o.ptr())) {
    nlohmann::json a = nlohmann::json::array();
    for (const py::handle v : o) a.push_back(to_json(v));
    return a;
  }
  if (PyDict_Check(o.ptr())) {
    nlohmann::json m = nlohmann::json::object();
    for (const auto& [k, v] : py::reinterpret_borrow<py::dict>(o)) m[str_of(k.ptr())] = to_json(v);
    return m;
  }
  return str_of(o.ptr());
}

/// A solution: the object's solution() when it has one, else the values on the path.
struct reader {
  template <class P, class Values>
  nlohmann::json operator()(const P& p, const Values& values) const {
    methods& m = p.calls();
    if (m.solution && !m.guard.failed()) {
      ++m.guard.calls;
      try {
        py::object s;
        {
          const callback_scope inside;
          s = m.solution();
        }
        m.reported.append(s);
        return to_json(s);
      } catch (py::error_already_set& e) {
        e.restore();
        m.guard.fail();
        return nullptr;
      }
    }
    nlohmann::json a = nlohmann::json::array();
    py::list objects;
    for (const value& v : values) {
      a.push_back(to_json(v.ptr()));
      objects.append(py::reinterpret_borrow<py::object>(v.ptr()));
    }
    m.reported.append(objects);
    return a;
  }
};

/// The object this thread searches (the described problem's run reads it).
methods*& current() {
  thread_local methods* m = nullptr;
  return m;
}

struct problem_request {};

/// The runner's face of the object being searched (`current`).
struct description {
  static constexpr std::string_view name = "python-problem";
  static constexpr std::string_view summary = "a problem written in Python";
  using request = problem_request;
  using solution_type = nlohmann::json;

  static void print(std::ostream& os, const solution_type& s) { os << s.dump() << '\n'; }
  static nlohmann::json to_json(const solution_type& s) { return s; }

  /// The object being searched, checked once.
  static methods* instance(const request&, session<description>& s) {
    if (s.units().wanted() || s.threads() != 0) {
      throw usage_error("a Python problem is searched on one thread: no work units or --threads");
    }
    return current();
  }
  /// One search type for each of the optional methods given (consistent, promising).
  template <class K>
  static void search(const request&, methods* m, std::string_view, K&& k) {
    const bool c = static_cast<bool>(m->consistent);
    const bool p = static_cast<bool>(m->promising);
    if (c && p) {
      search<true, true>(*m, k);
    } else if (c) {
      search<true, false>(*m, k);
    } else if (p) {
      search<false, true>(*m, k);
    } else {
      search<false, false>(*m, k);
    }
  }

  template <bool C, bool P, class K>
  static void search(methods& m, K& k) {
    adapter<C, P> a(m);
    bt::word_describer naming;
    k(a, naming, reader{});
  }
};

/// The bound method `name` of p, or None when p has none and it is optional.
py::object method(const py::object& p, const char* name, bool required) {
  if (py::hasattr(p, name)) {
    py::object f = p.attr(name);
    if (!PyCallable_Check(f.ptr())) {
      throw std::invalid_argument(std::string("the problem's ") + name + " is not callable");
    }
    return f;
  }
  if (required) {
    throw std::invalid_argument(std::string("the problem has no ") + name +
                                "() (it needs complete, candidates, assign and unassign)");
  }
  return {};
}

}  // namespace

run_result search_problem(const py::object& p, const std::vector<std::string>& args,
                          bool catch_sigint, py::list* reported) {
  methods m;
  m.complete = method(p, "complete", true);
  m.candidates = method(p, "candidates", true);
  m.assign = method(p, "assign", true);
  m.unassign = method(p, "unassign", true);
  m.consistent = method(p, "consistent", false);
  m.promising = method(p, "promising", false);
  m.solution = method(p, "solution", false);
  current() = &m;
  run_result r = run_described<description>(args, catch_sigint, false);
  current() = nullptr;
  r.calls = m.guard.calls;
  r.halted = m.guard.halted();
  if (reported != nullptr) *reported = m.reported;
  m.guard.rethrow();
  return r;
}

}  // namespace btsolve::python
