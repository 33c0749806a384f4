// SPDX-License-Identifier: MIT
// A described problem of the package (python-csp, python-problem) run alone: a registry of its
// own, so the words are the runner's and nothing else can be named.
#pragma once

#include <string>
#include <vector>

#include <btsolve/problem.hpp>

#include "search_run.hpp"

namespace btsolve::python {

/// Run Desc with the words after its name (run_runner's rules).
template <class Desc>
run_result run_described(const std::vector<std::string>& args, bool catch_sigint,
                         bool release_gil) {
  static const registry reg = [] {
    registry r("btsolve");
    add_problem<Desc>(r);
    return r;
  }();
  std::vector<std::string> words{std::string(Desc::name)};
  words.insert(words.end(), args.begin(), args.end());
  return run_runner(reg, words, catch_sigint, release_gil);
}

}  // namespace btsolve::python
