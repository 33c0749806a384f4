// SPDX-License-Identifier: MIT
// `btsolve subsets`: sum of subsets, by the textbook's SumOfSub or the reach strategy, and
// counted without enumeration (dp / memo) unless the search is asked for.
#include <bt/problems/subsets/subsets.hpp>

#include <chrono>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "plugin.hpp"
#include "plugin_subsets.hpp"
#include "report.hpp"
#include "run.hpp"

namespace btsolve {
namespace {

namespace ss = bt::problems::subsets;

// --target: a whole number 0..2^64-1, with the reason when it is not.
std::uint64_t parse_target(const std::string& text) {
  std::uint64_t m = 0;
  switch (ss::parse_u64(text, m)) {
    case ss::number_status::ok:
      return m;
    case ss::number_status::negative:
      throw usage_error("--target must not be negative (" + text + ")");
    case ss::number_status::too_big:
      throw usage_error("--target (" + text + ") does not fit 64 bits");
    case ss::number_status::not_number:
      break;
  }
  throw usage_error("--target wants a whole number, not '" + text + "'");
}

ss::instance load(const po::variables_map& vm) {
  const bool weights = vm.count("weights") > 0;
  const bool input = vm.count("input") > 0;
  if (weights && input) {
    throw usage_error("--weights and --input exclude each other");
  }
  if (!weights && !input) {
    throw usage_error("subsets needs the weights: --weights W1,W2,... --target M, or --input FILE");
  }
  try {
    if (input) {
      if (vm.count("target")) {
        throw usage_error("--input FILE holds the target; drop --target");
      }
      return ss::read_instance_file(vm["input"].as<std::string>());
    }
    if (!vm.count("target")) {
      throw usage_error("--weights needs the sum to reach: --target M");
    }
    const std::uint64_t m = parse_target(vm["target"].as<std::string>());
    std::vector<std::uint64_t> w;
    try {
      w = ss::parse_weight_list(vm["weights"].as<std::string>());
    } catch (const ss::invalid_input& e) {
      throw usage_error(std::string("--weights: ") + e.what());
    }
    return {std::move(w), m};
  } catch (const ss::invalid_input& e) {
    throw usage_error(e.what());
  }
}

enum class format { text, json };

format parse_format(const std::string& f) {
  if (f.empty() || f == "text") return format::text;
  if (f == "json") return format::json;
  throw usage_error("--format for subsets is text or json, not '" + f + "'");
}

// A count as JSON: a number while it fits 64 bits, else its decimal digits as a string.
nlohmann::json count_json(ss::count_type c) {
  if (c <= std::numeric_limits<std::uint64_t>::max()) {
    return static_cast<std::uint64_t>(c);
  }
  return ss::to_string(c);
}

nlohmann::json head_json(const ss::instance& inst, std::string_view strategy,
                         std::string_view method) {
  nlohmann::json head = {{"problem", "subsets"},
                         {"n", inst.n()},
                         {"target", inst.target()},
                         {"strategy", strategy}};
  if (!method.empty()) head["method"] = method;
  return head;
}

class subsets_plugin final : public plugin {
 public:
  void add_options(po::options_description& desc) const override {
    po::options_description d("Sum-of-subsets options (--format text | json)");
    d.add_options()
        ("weights,w", po::value<std::string>(), "the weights, comma separated: 5,10,12,13")
        ("target,m", po::value<std::string>(), "the sum to reach (with --weights)")
        ("input,i", po::value<std::string>(), "read 'n target' and then the n weights from FILE")
        ("strategy", po::value<std::string>()->default_value("reach"), "textbook | reach")
        ("count-method", po::value<std::string>()->default_value("auto"),
         "with --count: auto | dp | memo | search");
    desc.add(d);
  }

  int run(const po::variables_map& vm, const run_options& o, std::ostream& out,
          std::ostream& err) override {
    const ss::instance inst = load(vm);
    const std::string sname = vm["strategy"].as<std::string>();
    const auto strat = ss::parse_strategy(sname);
    if (!strat) {
      throw usage_error("unknown strategy '" + sname + "' (textbook, reach)");
    }
    const std::string mname = vm["count-method"].as<std::string>();
    const bool by_search = mname == "search";
    const auto method = ss::parse_count_method(mname);
    if (!by_search && !method) {
      throw usage_error("unknown count method '" + mname + "' (auto, dp, memo, search)");
    }
    if (!vm["count-method"].defaulted() && o.what != mode::count) {
      throw usage_error("--count-method goes with --count");
    }
    const format fmt = parse_format(o.format);
    if (o.what == mode::count && !by_search) {
      if (o.watched() && *method != ss::count_method::automatic) {
        throw usage_error("--trace shows a search (so do --tree, --replay and --estimate); count with --count-method search");
      }
      if (!o.watched()) {
        if (o.limit != 0) {
          throw usage_error("--limit with --count needs --count-method search");
        }
        return count(inst, *method, sname, o, fmt, out, err);
      }
    }
    return ss::with_strategy(*strat, inst, [&](auto& problem, const ss::search_order& order) {
      return solve(problem, inst, order, sname, o, fmt, out, err);
    });
  }

 private:
  // --count without a search: dp or memo, limits polled through stop().
  static int count(const ss::instance& inst, ss::count_method method, const std::string& sname,
                   const run_options& o, format fmt, std::ostream& out, std::ostream& err) {
    using clock = std::chrono::steady_clock;
    const auto start = clock::now();
    const auto deadline = deadline_of(o, start);
    bt::limit_visitor clock_and_signals(0, deadline);
    bt::stop_reason reason = bt::stop_reason::none;
    const auto stop = [&](std::uint64_t nodes) {
      if (o.node_limit != 0 && nodes > o.node_limit) {
        reason = bt::stop_reason::node_limit;
        return true;
      }
      if (clock_and_signals.poll() == bt::flow::stop) {
        reason = clock_and_signals.reason();
        return true;
      }
      return false;
    };
    ss::count_result r;
    try {
      r = ss::count_solutions(inst, method, stop);
    } catch (const ss::invalid_input& e) {
      throw usage_error(std::string("--count-method dp: ") + e.what());
    }
    r.stats.seconds = std::chrono::duration<double>(clock::now() - start).count();
    const std::string how(ss::name(r.method));
    if (fmt == format::json) {
      json_stream js(out, head_json(inst, sname, how));
      nlohmann::json tail = {{"count", count_json(r.count)}};
      if (r.overflow) tail["count_overflow"] = true;
      tail["stats"] = to_json(r.stats);
      tail["stopped"] = stopped_json(reason);
      tail["exhausted"] = !r.stopped;
      js.finish(tail);
    } else if (r.overflow) {
      out << "count: at least " << ss::to_string(r.count) << " (more than 128 bits hold)\n";
    } else {
      out << "count: " << ss::to_string(r.count) << '\n';
    }
    if (o.stats) {
      err << "method: " << how << '\n';
      report_stats(err, r.stats);
    }
    report_stop(err, reason);
    if (r.stopped) return exit_code::stopped;
    return r.count == 0 ? exit_code::no_solution : exit_code::solved;
  }

  template <class P>
  static int solve(P& problem, const ss::instance& inst, const ss::search_order& order,
                   const std::string& sname, const run_options& o, format fmt, std::ostream& out,
                   std::ostream& err) {
    ss::trace_describer describer(inst, order);
    const bool json = fmt == format::json;
    const bool counting = o.what == mode::count;
    std::unique_ptr<json_stream> js;
    if (json) {
      js = std::make_unique<json_stream>(out, head_json(inst, sname, counting ? "search" : ""));
    }
    search_result r;
    if (counting) {
      r = run_search(problem, o, count_only{}, json, out, describer);
    } else {
      r = run_search(problem, o,
                     [&](std::span<const int> values) {
                       const ss::selection x = ss::to_selection(order, inst.n(), values);
                       if (!ss::is_solution(inst, x)) {
                         throw std::logic_error("internal error: a reported subset misses the target");
                       }
                       if (json) {
                         js->solution(x);
                       } else {
                         ss::print_selection(out, inst, x);
                         out << '\n';
                       }
                     },
                     json, out, describer);
    }
    if (json) {
      nlohmann::json tail;
      if (counting) tail["count"] = r.solutions;
      tail["stats"] = to_json(r.stats);
      tail["stopped"] = stopped_json(r.reason);
      tail["exhausted"] = r.outcome == bt::outcome::exhausted;
      js->finish(tail);
    } else if (counting) {
      out << "count: " << r.solutions << '\n';
    }
    if (o.stats) report_stats(err, r.stats);
    report_stop(err, r.reason);
    if (r.cut_short()) return exit_code::stopped;
    if (r.solutions == 0) {
      if (!json && !counting) {
        err << "no solution: no subset of the " << inst.n() << " weights sums to "
            << inst.target() << '\n';
      }
      return exit_code::no_solution;
    }
    return exit_code::solved;
  }
};

}  // namespace

void register_subsets(registry& r) {
  r.add("subsets", "find the subsets of positive weights that sum to a target",
        [] { return std::make_unique<subsets_plugin>(); });
}

}  // namespace btsolve
