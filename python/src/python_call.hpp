// SPDX-License-Identifier: MIT
// What every search driven from Python shares: calling Python from inside the engine with the
// GIL held, and what happens when Python raises. The engine sees no exception: the first error
// is kept, the run is asked to stop (bt::interrupt_all: the run's stop sources, polled by the
// limits), and every later callback answers at once without calling Python, so the search unwinds
// within one poll; the module then raises the kept error instead of returning a result.
#pragma once

#include <pybind11/pybind11.h>

#include <array>
#include <cstdint>
#include <optional>
#include <ostream>
#include <string>
#include <utility>

#include <bt/limits.hpp>

namespace btsolve::python {

namespace py = pybind11;

/// Whether the run's watchdog (search_run.cpp) raised KeyboardInterrupt inside a callback to
/// end a run that must stop (Ctrl-C, the time limit) while Python code would not return.
bool stop_injected();

/// Marks a call into Python, so the watchdog knows a callback is running.
class callback_scope {
 public:
  callback_scope();
  callback_scope(const callback_scope&) = delete;
  callback_scope& operator=(const callback_scope&) = delete;
  ~callback_scope();
};

/// The error state of one search: the first Python exception raised by a callback.
class callback_guard {
 public:
  /// True once a callback raised: callers answer without calling Python again.
  [[nodiscard]] bool failed() const { return error_.has_value() || halted_; }
  /// Whether a callback was stopped by the watchdog (the run then ends as stopped).
  [[nodiscard]] bool halted() const { return halted_; }
  /// Keep the pending Python error (the first one) and ask the run to stop. The
  /// KeyboardInterrupt the watchdog raised is no error: the run stops as Ctrl-C or its time
  /// limit asked.
  void fail() {
    if (stop_injected() && PyErr_ExceptionMatches(PyExc_KeyboardInterrupt) != 0) {
      PyErr_Clear();
      halted_ = true;
    } else if (!error_) {
      error_.emplace();  // error_already_set fetches and clears the pending error
    } else {
      PyErr_Clear();
    }
    bt::interrupt_all();
  }
  /// Raise the kept error, if any, in Python (call with the GIL held, after the run).
  void rethrow() {
    if (error_) {
      py::error_already_set e = std::move(*error_);
      error_.reset();
      throw e;
    }
  }
  /// Callbacks made so far (each a call into Python).
  std::uint64_t calls = 0;

 private:
  std::optional<py::error_already_set> error_;
  bool halted_ = false;
};

/// The truth of r (a new reference, released here); false (and the guard failed) when r is
/// null or its truth test raised.
inline bool truth_of(callback_guard& g, PyObject* r) {
  if (r == nullptr) return false;
  const int truth = PyObject_IsTrue(r);
  Py_DECREF(r);
  if (truth < 0) {
    g.fail();
    return false;
  }
  return truth == 1;
}

/// Call f with the n arguments at argv (argv[-1] writable: PY_VECTORCALL_ARGUMENTS_OFFSET):
/// its result (a new reference), or nullptr with the guard failed when it raised or an
/// earlier callback had.
inline PyObject* call_vector(callback_guard& g, PyObject* f, PyObject* const* argv, std::size_t n) {
  if (g.failed()) return nullptr;
  ++g.calls;
  PyObject* r = nullptr;
  {
    const callback_scope inside;
    r = PyObject_Vectorcall(f, argv, n | PY_VECTORCALL_ARGUMENTS_OFFSET, nullptr);
  }
  if (r == nullptr) g.fail();
  return r;
}

/// Call f(args...): its result (a new reference), or nullptr with the guard failed when it
/// raised or an earlier callback had.
template <class... Args>
PyObject* call(callback_guard& g, PyObject* f, Args*... args) {
  PyObject* argv[sizeof...(Args) + 1] = {nullptr, args...};
  return call_vector(g, f, argv + 1, sizeof...(Args));
}

/// Call f(args...) and return its truth value; false (and the guard failed) when it raised.
template <class... Args>
bool call_bool(callback_guard& g, PyObject* f, Args*... args) {
  return truth_of(g, call(g, f, args...));
}

/// Call f(args...) for its effect (the guard failed when it raised).
template <class... Args>
void call_void(callback_guard& g, PyObject* f, Args*... args) {
  Py_XDECREF(call(g, f, args...));
}

/// str(o) as UTF-8, or "?" when str() raised (the error is dropped: a name in a trace line).
inline std::string str_of(PyObject* o) {
  if (o == nullptr) return "None";
  PyObject* s = PyObject_Str(o);
  if (s == nullptr) {
    PyErr_Clear();
    return "?";
  }
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(s, &size);
  std::string out = data != nullptr ? std::string(data, static_cast<std::size_t>(size)) : "?";
  if (data == nullptr) PyErr_Clear();
  Py_DECREF(s);
  return out;
}

}  // namespace btsolve::python
