// SPDX-License-Identifier: MIT
#include <btsolve/outcome.hpp>

#include <stdexcept>

#include <btsolve/errors.hpp>

namespace btsolve {

std::string_view to_string(run_status s) {
  switch (s) {
    case run_status::solved: return "solved";
    case run_status::optimal: return "optimal";
    case run_status::no_solution: return "no_solution";
    case run_status::node_limit: return "node_limit";
    case run_status::time_limit: return "time_limit";
    case run_status::interrupted: return "interrupted";
    case run_status::error: return "error";
  }
  return "error";
}

std::optional<run_status> status_named(std::string_view word) {
  for (const run_status s : all_statuses) {
    if (to_string(s) == word) return s;
  }
  return std::nullopt;
}

int exit_code_of(run_status s) {
  switch (s) {
    case run_status::solved:
    case run_status::optimal: return exit_code::solved;
    case run_status::no_solution: return exit_code::no_solution;
    case run_status::node_limit:
    case run_status::time_limit:
    case run_status::interrupted: return exit_code::stopped;
    case run_status::error: return exit_code::bad_input;
  }
  return exit_code::internal;
}

bool is_stop(run_status s) { return stop_reason_of(s) != bt::stop_reason::none; }

bt::stop_reason stop_reason_of(run_status s) {
  switch (s) {
    case run_status::node_limit: return bt::stop_reason::node_limit;
    case run_status::time_limit: return bt::stop_reason::time_limit;
    case run_status::interrupted: return bt::stop_reason::interrupted;
    default: return bt::stop_reason::none;
  }
}

run_status stop_status(bt::stop_reason r) {
  switch (r) {
    case bt::stop_reason::node_limit: return run_status::node_limit;
    case bt::stop_reason::time_limit: return run_status::time_limit;
    case bt::stop_reason::interrupted: return run_status::interrupted;
    case bt::stop_reason::none: break;
  }
  throw std::logic_error("stop_status: no stop has no stop status");
}

run_outcome decide(const run_facts& f, const bt::stats& stats) {
  run_outcome o;
  o.count = f.found;
  o.stats = stats;
  const bool cut = f.stop != bt::stop_reason::none;
  o.exhausted = f.exhausted.value_or(!cut && !f.quota_met);
  if (cut) {
    o.status = stop_status(f.stop);
  } else if (!f.success.value_or(f.found > 0)) {
    o.status = run_status::no_solution;
  } else if (f.optimising && o.exhausted) {
    o.status = run_status::optimal;
  } else {
    o.status = run_status::solved;
  }
  return o;
}

}  // namespace btsolve
