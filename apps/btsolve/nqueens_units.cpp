// SPDX-License-Identifier: MIT
#include "nqueens_units.hpp"

#include <chrono>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include <bt/problems/nqueens/units.hpp>

#include "checkpoint.hpp"
#include "report.hpp"
#include "unit_executor.hpp"

namespace btsolve {
namespace {

namespace nq = bt::problems::nqueens;

// --split DEPTH: rows below each root, or "auto" (the threaded counter's choice).
std::optional<std::size_t> split_rows(const po::variables_map& vm) {
  if (!vm.count("split")) return std::nullopt;
  const std::string s = vm["split"].as<std::string>();
  if (s == "auto") return std::nullopt;
  const auto rows = parse_count(s, "--split");
  if (rows > 32) throw usage_error("--split " + s + " is out of range 0..32 (or auto)");
  return static_cast<std::size_t>(rows);
}

// The parameters that decide the units and their counts, as one line (threads do not).
std::string params_of(const po::variables_map& vm, const unit_count_request& q) {
  std::string p = "nqueens n=" + std::to_string(q.domains.n()) +
                  " strategy=" + std::string(nq::name(q.strategy)) +
                  " unique=" + (q.unique ? "yes" : "no") + " placed=";
  if (q.domains.free()) p += '-';
  for (std::size_t i = 0; i < q.domains.placed().size(); ++i) {
    const auto& s = q.domains.placed()[i];
    p += (i ? ";" : "") + std::to_string(s.row + 1) + ',' + std::to_string(s.col + 1);
  }
  const auto rows = split_rows(vm);
  p += " split=" + (rows ? std::to_string(*rows) : std::string("auto"));
  return p + " units=v1";
}

nq::work_units make_units(const po::variables_map& vm, const unit_count_request& q) {
  return {q.domains, q.strategy == nq::strategy::symmetry, split_rows(vm)};
}

unit_result to_unit_result(const nq::unit_count& c) { return {c.total, c.unique, c.stats, c.done}; }

// --unit K or A..B, inclusive, within [0, units).
std::pair<std::size_t, std::size_t> parse_units(const std::string& text, std::size_t units) {
  const auto dots = text.find("..");
  const auto a = parse_count(text.substr(0, dots), "--unit");
  const auto b = dots == std::string::npos ? a : parse_count(text.substr(dots + 2), "--unit");
  if (a > b || b >= units) {
    throw usage_error("--unit " + text + ": this count has " + std::to_string(units) +
                      " units, 0.." + std::to_string(units - 1));
  }
  return {static_cast<std::size_t>(a), static_cast<std::size_t>(b)};
}

nlohmann::ordered_json placed_of(const std::vector<int>& cols) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (std::size_t r = 0; r < cols.size(); ++r) a.push_back({r + 1, cols[r] + 1});
  return a;
}

}  // namespace

void add_unit_options(po::options_description& desc) {
  po::options_description d("Counting by work units (docs/cluster.md)");
  d.add_options()
      ("split", po::value<std::string>(),
       "with --count: rows per work unit below each root, or auto; alone: list the units")
      ("unit", po::value<std::string>(), "with --count: count only unit K, or units A..B")
      ("checkpoint", po::value<std::string>(),
       "with --count: record finished units in FILE and resume from it");
  desc.add(d);
}

bool counts_by_units(const po::variables_map& vm) {
  return vm.count("checkpoint") > 0 || active_executor().distributed();
}

std::optional<int> run_unit_mode(const po::variables_map& vm, const unit_count_request& q,
                                 const run_options& o, std::ostream& out, std::ostream& err) {
  if (!vm.count("split") && !vm.count("unit")) return std::nullopt;
  if (vm.count("checkpoint")) {
    throw usage_error("--checkpoint goes with a whole count, not with --split or --unit");
  }
  if (active_executor().distributed()) {
    throw usage_error("--split and --unit are for btsolve, not btsolve-mpi");
  }
  if (!o.format.empty() && o.format != "json") {
    throw usage_error("--split and --unit print JSON lines; --format " + o.format + " does not apply");
  }
  const auto units = make_units(vm, q);
  const std::string params = params_of(vm, q);
  const std::string digest = checksum(params);
  if (!vm.count("unit")) {
    for (std::size_t k = 0; k < units.size(); ++k) {
      out << nlohmann::ordered_json{{"unit", k}, {"units", units.size()}, {"digest", digest},
                            {"params", params}, {"placed", placed_of(units.columns(k))}}
                 .dump()
          << '\n';
    }
    return exit_code::solved;
  }
  if (units.size() == 0) throw usage_error("--unit: this count has no units");
  const auto [first, last] = parse_units(vm["unit"].as<std::string>(), units.size());
  bt::shared_limits limits(o.node_limit, deadline_of(o, std::chrono::steady_clock::now()));
  unit_job job;
  for (std::size_t k = first; k <= last; ++k) job.pending.push_back(k);
  job.threads = q.threads;
  std::vector<std::optional<unit_result>> results(units.size());
  job.count = [&](std::size_t k) { return to_unit_result(units.count(k, limits, true)); };
  job.finished = [&](std::size_t k, const unit_result& r) { results[k] = r; };
  thread_executor{}.run(job, limits);
  for (std::size_t k = first; k <= last; ++k) {
    if (!results[k]) continue;  // not started: a limit stopped the run first
    const unit_result& r = *results[k];
    nlohmann::ordered_json j = {{"unit", k}, {"units", units.size()}, {"digest", digest},
                        {"params", params}, {"placed", placed_of(units.columns(k))},
                        {"total", r.total}};
    if (q.unique) j["unique"] = r.unique;
    j["nodes"] = r.stats.nodes;
    j["seconds"] = r.stats.seconds;
    j["done"] = r.done;
    out << j.dump() << '\n';
  }
  report_stop(err, limits.reason());
  return limits.reason() == bt::stop_reason::none ? exit_code::solved : exit_code::stopped;
}

unit_count_outcome count_by_units(const po::variables_map& vm, const unit_count_request& q,
                                  bool want_stats, bt::shared_limits& limits,
                                  std::atomic<std::size_t>& units_out,
                                  std::atomic<std::size_t>& done, std::ostream& err) {
  const auto units = make_units(vm, q);
  unit_executor& ex = active_executor();
  std::optional<checkpoint> cp;
  std::string refused;
  if (ex.coordinator() && vm.count("checkpoint")) {
    try {
      cp.emplace(vm["checkpoint"].as<std::string>(), params_of(vm, q), units.size());
    } catch (const usage_error& e) {
      refused = e.what();
    }
  }
  if (!ex.agree(refused.empty())) {
    throw usage_error(refused.empty() ? "the coordinating rank refused the count" : refused);
  }
  // A checkpoint holds every unit's statistics, so that a resumed --stats run adds them up
  // (every rank counts them: the option, unlike the file, is seen by all).
  const bool with_stats = want_stats || vm.count("checkpoint") > 0;
  std::vector<std::optional<unit_result>> results(units.size());
  unit_job job;
  job.threads = q.threads;
  if (cp) {
    results = cp->units();
    if (cp->resumed() > 0) {
      err << "checkpoint " << vm["checkpoint"].as<std::string>() << ": resuming, " << cp->resumed()
          << " of " << units.size() << " units already counted\n";
    }
  }
  for (std::size_t k = 0; k < units.size(); ++k) {
    if (!results[k]) job.pending.push_back(k);
  }
  units_out.store(units.size());
  done.store(units.size() - job.pending.size());
  job.count = [&](std::size_t k) { return to_unit_result(units.count(k, limits, with_stats)); };
  job.finished = [&](std::size_t k, const unit_result& r) {
    results[k] = r;
    if (cp && r.done) cp->append(k, r);
    done.fetch_add(1, std::memory_order_relaxed);
  };
  unit_count_outcome out;
  out.reason = ex.run(job, limits);
  if (vm.count("stats")) err << ex.overhead();
  out.result = units.start();
  for (std::size_t k = 0; k < units.size(); ++k) {
    if (results[k]) {
      units.add(out.result, k, {results[k]->total, results[k]->unique, results[k]->stats, results[k]->done},
                want_stats);
    }
  }
  return out;
}

}  // namespace btsolve
