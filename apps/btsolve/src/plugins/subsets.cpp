// SPDX-License-Identifier: MIT
// `btsolve subsets`: sum of subsets, by the textbook's SumOfSub or the reach strategy, and
// counted without enumeration (dp / memo / mitm) unless the search is asked for.
#include <bt/problems/subsets/subsets.hpp>

#include <cstdint>
#include <limits>
#include <optional>
#include <ostream>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include <btsolve/input.hpp>
#include <btsolve/problem.hpp>

#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace ss = bt::problems::subsets;

struct subsets_request {
  std::string weights;
  std::string target;
  std::string input;
  std::string count_method;  // empty: auto
};

// A solution: the 0/1 vector over the weights in input order, with its instance for printing.
struct subset {
  ss::selection x;
  const ss::instance* inst;
};

// --target: a whole number 0..2^64-1, with the reason when it is not.
std::uint64_t parse_target(const std::string& text) {
  std::uint64_t m = 0;
  switch (ss::parse_u64(text, m)) {
    case ss::number_status::ok: return m;
    case ss::number_status::negative:
      throw usage_error("--target must not be negative (" + one_line(text, 40) + ")");
    case ss::number_status::too_big:
      throw usage_error("--target (" + one_line(text, 40) + ") does not fit 64 bits");
    case ss::number_status::not_number: break;
  }
  throw usage_error("--target wants a whole number, not " + quote(text));
}

/// The error when neither --weights nor --input is given.
constexpr std::string_view needs_weights =
    "subsets needs the weights: --weights W1,W2,... --target M, or --input FILE";

ss::instance load(const subsets_request& r) {
  // Which of --weights and --input is given, and --target with --input, are option rules;
  // an empty value is none.
  if (r.weights.empty() && r.input.empty()) throw usage_error(std::string(needs_weights));
  try {
    if (r.weights.empty()) return read_input(r.input, "<stdin>", ss::read_instance);
    if (r.target.empty()) throw usage_error("--weights needs the sum to reach: --target M");
    const std::uint64_t m = parse_target(r.target);
    try {
      return {ss::parse_weight_list(r.weights), m};
    } catch (const ss::invalid_input& e) {
      throw usage_error(std::string("--weights: ") + e.what());
    }
  } catch (const ss::invalid_input& e) {
    throw usage_error(e.what());
  }
}

struct subsets_problem {
  static constexpr std::string_view name = "subsets";
  static constexpr std::string_view summary =
      "find the subsets of positive weights that sum to a target";
  using request = subsets_request;
  using solution_type = subset;
  static constexpr const auto& strategies = ss::strategy_names;

  static void options(option_set<request>& o) {
    o.text("weights,w", &request::weights, "the weights, comma separated: 5,10,12,13")
        .required_unless("input", std::string(needs_weights))
        .conflicts_with("input", "--weights and --input exclude each other")
        .text("target,m", &request::target, "the sum to reach (with --weights)")
        .conflicts_with("input", "--input FILE holds the target; drop --target")
        .text("input,i", &request::input, "read 'n target' and then the n weights from FILE")
        .input_file()
        .text("count-method", &request::count_method,
              "with --count: auto (default) | dp | memo | mitm | search");
  }
  static std::string_view default_strategy(const request&, const run_options&) { return "reach"; }

  static void print(std::ostream& os, const subset& s) {
    ss::print_selection(os, *s.inst, s.x);
    os << '\n';
  }
  static nlohmann::json to_json(const subset& s) { return s.x; }
  static void print_csv(std::ostream& os, const subset& s, std::size_t) {
    for (std::size_t i = 0; i < s.x.size(); ++i) os << (i ? "," : "") << s.x[i];
    os << '\n';
  }

  static ss::instance instance(const request& r, run_report& s) {
    ss::instance inst = load(r);
    (void)count_method_of(r);  // an unknown method is refused in any mode
    if (!r.count_method.empty() && s.what() != mode::count) {
      throw usage_error("--count-method goes with --count");
    }
    return inst;
  }
  static nlohmann::json head(const request&, const ss::instance& inst) {
    return {{"n", inst.n()}, {"target", inst.target()}};
  }

  // --count-method: a counter without a search (none for "search"); throws usage_error.
  static std::optional<ss::count_method> count_method_of(const request& r) {
    if (r.count_method == "search") return std::nullopt;
    const auto method = ss::parse_count_method(r.count_method.empty() ? "auto" : r.count_method);
    if (!method) {
      throw usage_error("unknown count method " + quote(r.count_method) +
                        " (auto, dp, memo, mitm, search)");
    }
    return method;
  }

  // A count without a search (dp, memo or mitm) unless --count-method search or a watcher
  // asks for one.
  static bool answer(const request& r, const ss::instance& inst, session<subsets_problem>& s) {
    if (s.what() != mode::count) return false;
    if (const auto how = count_method_of(r)) {
      const ss::count_method method = *how;
      if (s.options().watched() && method != ss::count_method::automatic) {
        throw usage_error(
            "--trace shows a search (so do --tree, --replay and --estimate); count "
            "with --count-method search");
      }
      if (!s.options().watched()) {
        if (s.options().limit != 0)
          throw usage_error("--limit with --count needs --count-method search");
        if (s.units().wanted()) {
          throw usage_error(
              "counting by units (--split, --unit, --checkpoint) needs --count-method search");
        }
        count(inst, method, s);
        return true;
      }
    }
    s.head("method", "search");
    return false;
  }
  static std::string no_solution(const request&, const ss::instance& inst) {
    return "no solution: no subset of the " + std::to_string(inst.n()) + " weights sums to " +
           std::to_string(inst.target());
  }

  // Each strategy's order and problem; a solution read back in input order, checked.
  template <class K>
  static void search(const request&, const ss::instance& inst, ss::strategy how, K&& k) {
    ss::with_strategy(how, inst, [&](auto& problem, const ss::search_order& order) {
      ss::trace_describer naming(inst, order);
      k(problem, naming, [&inst, &order](const auto&, std::span<const int> values) {
        subset x{ss::to_selection(order, inst.n(), values), &inst};
        if (!ss::is_solution(inst, x.x))
          throw std::logic_error("a reported subset misses the target");
        return x;
      });
    });
  }

  // --count without a search: dp, memo or mitm, the run's limits polled through stop().
  static void count(const ss::instance& inst, ss::count_method method,
                    session<subsets_problem>& s) {
    bt::stop_reason reason = bt::stop_reason::none;
    const auto stop = [&](std::uint64_t nodes) {
      if (s.options().node_limit != 0 && nodes > s.options().node_limit) {
        reason = bt::stop_reason::node_limit;
        return true;
      }
      if (s.limits().poll() == bt::flow::stop) {
        reason = s.limits().reason();
        return true;
      }
      return false;
    };
    ss::count_result c;
    s.outside([&] {
      try {
        c = ss::count_solutions(inst, method, stop);
      } catch (const ss::invalid_input& e) {
        throw usage_error("--count-method " + std::string(ss::name(method)) + ": " + e.what());
      }
      return outside_work{c.stats, c.stopped, reason};
    });
    const std::string how(ss::name(c.method));
    s.head("method", how);
    s.stats_note("method: " + how, true);
    s.counted(ss::detail::saturate64(c.count));
    if (c.overflow) {
      s.count_as(ss::to_string(c.count),
                 "at least " + ss::to_string(c.count) + " (more than 128 bits hold)");
      s.result("count_overflow", true);
    } else if (c.count > std::numeric_limits<std::uint64_t>::max()) {
      s.count_as(ss::to_string(c.count), ss::to_string(c.count));
    }
    s.solved(c.count != 0);
    s.exhausted(!c.stopped);
  }
};

}  // namespace

void register_subsets(registry& r) { add_problem<subsets_problem>(r); }

}  // namespace btsolve
