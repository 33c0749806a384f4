// SPDX-License-Identifier: MIT
// `btsolve knapsack`: the 0/1 knapsack by branch and bound through the engine
// (docs/problems/knapsack.md). Each better packing the search finds is an improvement; the
// last is optimal when the search is exhausted. Checked against dynamic programming (--check).
#include <bt/problems/knapsack/knapsack.hpp>

#include <ostream>
#include <span>
#include <stdexcept>
#include <string>

#include <btsolve/input.hpp>
#include <btsolve/problem.hpp>

#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace ks = bt::problems::knapsack;

struct knapsack_request {
  std::string input;  // empty or "-": stdin
  bool check = false;
};

ks::instance load(const knapsack_request& r) {
  try {
    return read_input(r.input, "<stdin>", ks::read_instance);
  } catch (const ks::invalid_input& e) {
    throw usage_error(e.what());
  }
}

struct knapsack_problem {
  static constexpr std::string_view name = "knapsack";
  static constexpr std::string_view summary =
      "0/1 knapsack: the most value within a capacity, by branch and bound";
  using request = knapsack_request;
  using solution_type = ks::solution;
  static constexpr const auto& strategies = ks::strategy_names;
  static constexpr std::string_view noun = "packing";

  static void options(option_set<request>& o) {
    o.text("input,i", &request::input,
           "read 'n capacity', then n lines 'weight value' from FILE (- or none: stdin)")
        .input_file()
        .flag("check", &request::check,
              "check the optimum against dynamic programming (when its table fits)");
  }

  static void print(std::ostream& os, const ks::solution& s) {
    os << "items:";
    for (const std::size_t i : s.items) os << ' ' << i;
    os << " (weight " << s.weight << ", value " << s.value << ")\n";
  }
  static nlohmann::json to_json(const ks::solution& s) {
    return {{"value", s.value}, {"weight", s.weight}, {"items", s.items}};
  }

  static ks::instance instance(const request& r, run_report&) {
    ks::instance inst = load(r);
    if (r.check && !ks::dp_fits(inst)) {
      throw usage_error("--check: the dynamic programme's table (capacity x items) is too large");
    }
    return inst;
  }
  static nlohmann::json head(const request&, const ks::instance& inst) {
    return {{"n", inst.n()}, {"capacity", inst.capacity()}};
  }

  // Each strategy's order and problem, sharing one incumbent (its threads' too).
  template <class K>
  static void search(const request&, const ks::instance& inst, ks::strategy how, K&& k) {
    bt::incumbent<ks::amount> best(bt::goal::maximize);
    ks::with_strategy(how, inst, [&](auto& problem, const ks::search_order& order) {
      problem.share(&best);
      ks::trace_describer naming(inst, order);
      k(problem, naming, [&inst, &order](const auto&, std::span<const int> values) {
        auto x = ks::evaluate(inst, ks::to_selection(order, values));
        if (!x) throw std::logic_error("a reported packing exceeds the capacity");
        return *x;
      });
    });
  }

  static void results(const request& r, const ks::instance& inst, session<knapsack_problem>& s) {
    if (const auto& b = s.best()) {
      s.result("items", b->items);
      s.result("weight", b->weight,
               "weight: " + std::to_string(b->weight) + " of " + std::to_string(inst.capacity()));
    }
    if (r.check) check(inst, s);
  }

  // --check: the dynamic programme's optimum against the search's (a proven one must equal
  // it; a stopped one must not exceed it).
  static void check(const ks::instance& inst, session<knapsack_problem>& s) {
    const ks::solution dp = ks::solve_dp(inst);
    const auto& b = s.best();
    const ks::amount found = b ? b->value : 0;
    const bool proven = s.proven();
    if (proven ? found != dp.value : found > dp.value) {
      throw std::logic_error("--check: branch and bound found " + std::to_string(found) +
                             ", dynamic programming " + std::to_string(dp.value));
    }
    s.result("check", dp.value,
             "check: dynamic programming agrees (optimum " + std::to_string(dp.value) + ")");
  }
};

}  // namespace

void register_knapsack(registry& r) { add_problem<knapsack_problem>(r); }

}  // namespace btsolve
