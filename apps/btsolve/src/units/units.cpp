// SPDX-License-Identifier: MIT
// Counting by work units on the command line (units.hpp): --split lists the units, --unit
// counts some of them (a batch job's share, added up later by `merge`), --checkpoint makes a
// whole count resumable, and btsolve-mpi spreads the units over MPI ranks.
#include <btsolve/units.hpp>

#include <atomic>
#include <chrono>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include <btsolve/errors.hpp>
#include <btsolve/report.hpp>

#include "core/digest.hpp"
#include "units/binding.hpp"
#include "units/checkpoint.hpp"
#include "units/key.hpp"
#include "units/line_check.hpp"
#include "units/progress.hpp"
#include "units/unit_executor.hpp"

namespace btsolve {
namespace {

namespace po = boost::program_options;

// --unit K, A..B, or a comma-separated list of them (merge --verify's sample): the units
// named, ascending, each once, within [0, units).
std::vector<std::size_t> parse_units(const std::string& text, std::size_t units) {
  std::vector<bool> named(units, false);
  std::size_t at = 0;
  for (;;) {
    const auto comma = text.find(',', at);
    const std::string item = text.substr(at, comma == std::string::npos ? comma : comma - at);
    const auto dots = item.find("..");
    const auto a = parse_count(item.substr(0, dots), "--unit");
    const auto b = dots == std::string::npos ? a : parse_count(item.substr(dots + 2), "--unit");
    if (a > b || b >= units) {
      throw usage_error("--unit " + one_line(text, 40) + ": this count has " +
                        std::to_string(units) + " units, 0.." + std::to_string(units - 1));
    }
    for (auto k = a; k <= b; ++k) named[static_cast<std::size_t>(k)] = true;
    if (comma == std::string::npos) break;
    at = comma + 1;
  }
  std::vector<std::size_t> out;
  for (std::size_t k = 0; k < units; ++k) {
    if (named[k]) out.push_back(k);
  }
  return out;
}

// The parameters a count's records carry: the source's, and the content of the inputs read.
std::string params_of(const unit_source& source) {
  if (!digest::available()) {
    throw usage_error(
        "counting by work units needs SHA-256 (OpenSSL's libcrypto), which this "
        "build lacks");
  }
  return bound_params(source.params(), inputs_read());
}

// The line of unit k: its identity, `more` (its statistics, when counted), then where it is.
nlohmann::ordered_json unit_line(const unit_source& source, std::size_t k,
                                 const std::string& digest, const std::string& params,
                                 const nlohmann::ordered_json& more = {}) {
  nlohmann::ordered_json j = {
      {"unit", k}, {"units", source.size()}, {"digest", digest}, {"params", params}};
  for (const auto& [key, value] : more.items()) j[key] = value;
  const nlohmann::ordered_json where = source.describe(k);
  for (const auto& [key, value] : where.items()) j[key] = value;
  return j;
}

// A unit line's statistics: the counters without the seconds.
nlohmann::json counters_json(const bt::stats& s) {
  nlohmann::json j = to_json(s);
  j.erase("seconds");
  return j;
}

// --split alone: the units, one line each.
run_status list_units(const unit_source& source, std::ostream& out) {
  const std::string params = params_of(source);
  const std::string digest = params_digest(params);
  for (std::size_t k = 0; k < source.size(); ++k) {
    out << unit_line(source, k, digest, params).dump() << '\n';
  }
  return run_status::solved;
}

// --unit K or A..B: count those units on this process's threads, one result line each.
run_status count_some(const unit_source& source, const unit_options& u, const run_options& o,
                      std::ostream& out, std::ostream& err) {
  if (source.size() == 0) throw usage_error("--unit: this count has no units");
  const std::vector<std::size_t> named = parse_units(*u.unit, source.size());
  const std::string params = params_of(source);
  const std::string digest = params_digest(params);
  const std::optional<record_key> key = load_key(u.key_file);
  bt::shared_limits limits(o.node_limit, deadline_of(o, std::chrono::steady_clock::now()));
  unit_job job;
  job.pending = named;
  job.threads = u.threads;
  std::vector<std::optional<unit_result>> results(source.size());
  job.count = [&](std::size_t k) { return source.count(k, limits, true); };
  job.finished = [&](std::size_t k, const unit_result& r) { results[k] = r; };
  thread_executor{}.run(job, limits);
  for (const std::size_t k : named) {
    if (!results[k]) continue;  // not started: a limit stopped the run first
    const unit_result& r = *results[k];
    // The unit's share of the count's statistics as count_all adds it (its root is the top
    // part's), and on unit 0's line that top part, once: merge adds them up to the single
    // run's statistics. Seconds are the line's own member.
    bt::stats share;
    source.add_unit_stats(share, k, r.stats);
    const run_outcome end = unit_outcome(r, limits.reason());
    nlohmann::ordered_json more = {{"status", to_string(end.status)},
                                   {"stats", counters_json(share)}};
    if (k == 0) more["split_stats"] = counters_json(source.top());
    nlohmann::ordered_json j = unit_line(source, k, digest, params, more);
    j["format"] = record_format;
    if (!u.tally.empty()) j["tally"] = u.tally;
    // Read by merge: the tally is the sum of these lines' tallies divided by it.
    if (!u.tally.empty() && source.tally_divisor() != 1)
      j["tally_divisor"] = source.tally_divisor();
    j["total"] = r.total;
    if (!u.tally.empty()) j[u.tally] = r.tally;
    j["nodes"] = r.stats.nodes;
    j["seconds"] = r.stats.seconds;
    j["done"] = end.exhausted;
    seal_line(j, key);
    out << j.dump() << '\n';
  }
  report_stop(err, limits.reason());
  return limits.reason() == bt::stop_reason::none ? run_status::solved
                                                  : stop_status(limits.reason());
}

// The whole count by units, on the run's executor, resuming from and recording to
// --checkpoint. Counts and statistics are the single run's.
unit_count count_all(const unit_source& source, const unit_options& u, const run_options& o,
                     std::ostream& err) {
  unit_executor& ex = executor_or_threads(u.executor);
  std::optional<checkpoint> cp;
  std::string refused;
  // A count on threads alone needs no binding (nothing is recorded); a checkpoint and the
  // ranks of an MPI job do.
  const std::string params = u.checkpoint || ex.distributed() ? params_of(source) : std::string();
  if (ex.coordinator() && u.checkpoint) {
    try {
      cp.emplace(*u.checkpoint, params, source.size(), load_key(u.key_file), inputs_read());
    } catch (const usage_error& e) {
      refused = e.what();
    }
  }
  if (!ex.agree(refused.empty(), params)) {
    throw usage_error(refused.empty() ? "the coordinating rank refused the count" : refused);
  }
  std::vector<std::optional<unit_result>> results(source.size());
  unit_job job;
  job.threads = u.threads;
  if (cp) {
    results = cp->units();
    if (cp->resumed() > 0) {
      err << "checkpoint " << *u.checkpoint << ": resuming, " << cp->resumed() << " of "
          << source.size() << " units already counted\n";
    }
  }
  for (std::size_t k = 0; k < source.size(); ++k) {
    if (!results[k]) job.pending.push_back(k);
  }
  std::atomic<std::size_t> units{source.size()};
  std::atomic<std::size_t> done{source.size() - job.pending.size()};
  bt::shared_limits limits(o.node_limit, deadline_of(o, std::chrono::steady_clock::now()));
  const auto start = std::chrono::steady_clock::now();
  // A checkpoint keeps every unit's statistics, so that a resumed --stats run adds them up.
  const bool with_stats = o.stats || o.format == "json" || u.checkpoint.has_value();
  job.count = [&](std::size_t k) { return source.count(k, limits, with_stats); };
  job.finished = [&](std::size_t k, const unit_result& r) {
    results[k] = r;
    if (cp && r.done) cp->append(k, r);
    done.fetch_add(1, std::memory_order_relaxed);
  };
  unit_count c;
  {
    progress_bar bar(units, done);
    c.reason = ex.run(job, limits);
  }
  if (o.stats) err << ex.overhead();
  c.stats = source.top();
  c.units = source.size();
  for (std::size_t k = 0; k < source.size(); ++k) {
    if (!results[k]) continue;
    c.total += results[k]->total;
    c.tally += results[k]->tally;
    c.units_done += results[k]->done ? 1U : 0U;
    source.add_unit_stats(c.stats, k, results[k]->stats);
  }
  if (source.tally_divisor() != 1) {
    c.tally_known = c.units_done == c.units;
    c.tally = c.tally_known ? c.tally / source.tally_divisor() : 0;
  }
  c.stats.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return c;
}

}  // namespace

run_outcome unit_outcome(const unit_result& r, bt::stop_reason reason) {
  run_facts f;
  f.found = r.total;
  f.exhausted = r.done;
  if (!r.done) f.stop = reason == bt::stop_reason::none ? bt::stop_reason::interrupted : reason;
  return decide(f, r.stats);
}

bool unit_options::wanted() const {
  return split || unit || checkpoint || (executor != nullptr && executor->distributed());
}

po::options_description unit_option_descriptions() {
  po::options_description d("Counting by work units (docs/cluster.md)");
  d.add_options()(
      "split", po::value<std::string>(),
      "with --count: the depth of the work units' roots, or auto; alone: list the units")(
      "unit", po::value<std::string>(), "with --count: count only unit K, or units A..B")(
      "checkpoint", po::value<std::string>(),
      "with --count: record finished units in FILE and resume from it")(
      "key-file", po::value<std::string>(),
      "seal result lines and the checkpoint with an HMAC under the key in FILE (default: the "
      "file BTSOLVE_KEY_FILE names)")("threads", po::value<std::string>(),
                                      "threads for the count (default: all cores)");
  return d;
}

po::options_description thread_option_description() {
  po::options_description d("Threads");
  d.add_options()("threads", po::value<std::string>(),
                  "search the branch and bound on N threads sharing the incumbent (default: 1)");
  return d;
}

unit_options read_thread_option(const po::variables_map& vm) {
  unit_options u;
  if (vm.count("threads")) {
    const auto t = parse_int(vm["threads"].as<std::string>(), "--threads");
    if (t < 1 || t > 1024) {
      throw usage_error("--threads " + std::to_string(t) + " is out of range 1..1024");
    }
    u.threads = static_cast<int>(t);
  }
  return u;
}

unit_options read_unit_options(const po::variables_map& vm, const run_options& o) {
  unit_options u;
  u.executor = o.executor;
  const auto text = [&](const char* name) -> std::optional<std::string> {
    if (!vm.count(name)) return std::nullopt;
    return vm[name].as<std::string>();
  };
  u.split = text("split");
  if (u.split && *u.split != "auto") {
    const auto depth = parse_count(*u.split, "--split");
    if (depth > 64) throw usage_error("--split " + *u.split + " is out of range 0..64 (or auto)");
    u.depth = static_cast<std::size_t>(depth);
  }
  u.unit = text("unit");
  u.checkpoint = text("checkpoint");
  u.key_file = text("key-file");
  u.threads = read_thread_option(vm).threads;
  if (executor_or_threads(o.executor).distributed() && o.what != mode::count) {
    throw usage_error("btsolve-mpi only counts: add --count");
  }
  const bool asked = u.split || u.unit || u.checkpoint;
  if (asked && o.what != mode::count) {
    throw usage_error("counting by units (--split, --unit, --checkpoint) needs --count");
  }
  if (u.key_file && !u.unit && !u.checkpoint) {
    throw usage_error("--key-file seals what --unit and --checkpoint write: give one of them");
  }
  if (u.checkpoint && u.unit) {
    throw usage_error("--checkpoint goes with a whole count, not with --unit");
  }
  if ((u.split || u.unit) && !u.checkpoint && executor_or_threads(o.executor).distributed()) {
    throw usage_error("--split and --unit are for btsolve, not btsolve-mpi");
  }
  if ((u.unit || (u.split && !u.checkpoint)) && !o.format.empty() && o.format != "json") {
    throw usage_error("--split and --unit print JSON lines; --format " + one_line(o.format, 40) +
                      " does not apply");
  }
  if (u.wanted() && o.what == mode::count && o.watched()) {
    throw usage_error("--trace, --tree, --replay and --estimate watch one search, not work units");
  }
  return u;
}

unit_run run_units(const unit_source& source, const unit_options& u, const run_options& o,
                   std::ostream& out, std::ostream& err) {
  unit_run r;
  if (u.unit) {
    r.status = count_some(source, u, o, out, err);
  } else if (u.split && !u.checkpoint && !executor_or_threads(o.executor).distributed()) {
    r.status = list_units(source, out);
  } else {
    r.totals = count_all(source, u, o, err);
  }
  return r;
}

}  // namespace btsolve
