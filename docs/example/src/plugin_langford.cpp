// SPDX-License-Identifier: MIT
// `langford`: the runner's face of the problem. Options in, run_search, solutions out; the
// common options (--all, --count, --limit, --stats, --trace, limits) come with the runner.
#include "plugin_langford.hpp"

#include <langford/langford.hpp>

#include <memory>
#include <ostream>
#include <stdexcept>
#include <string>

#include <bt/trace.hpp>
#include <btsolve/plugin.hpp>
#include <btsolve/report.hpp>
#include <btsolve/run.hpp>

namespace langford {
namespace {

namespace po = boost::program_options;

void print_row(std::ostream& out, const problem& p) {
  for (std::size_t i = 0; i < p.row().size(); ++i) out << (i ? " " : "") << p.row()[i];
  out << '\n';
}

class plugin final : public btsolve::plugin {
 public:
  void add_options(po::options_description& desc) const override {
    po::options_description d("Langford options");
    d.add_options()
        ("n,n", po::value<std::string>()->default_value("4"), "the numbers 1..n, n in 1..32")
        ("order", po::value<std::string>()->default_value("largest"), "largest | smallest first");
    desc.add(d);
  }

  int run(const po::variables_map& vm, const btsolve::run_options& o, std::ostream& out,
          std::ostream& err) override {
    if (!o.format.empty() && o.format != "text") {
      throw btsolve::usage_error("--format for langford is text, not '" + o.format + "'");
    }
    const auto n = btsolve::parse_int(vm["n"].as<std::string>(), "-n");
    if (n < 1 || n > problem::max_n) {
      throw btsolve::usage_error("-n must be in 1.." + std::to_string(problem::max_n));
    }
    const std::string ord = vm["order"].as<std::string>();
    if (ord != "largest" && ord != "smallest") {
      throw btsolve::usage_error("--order is largest or smallest, not '" + ord + "'");
    }
    problem p(static_cast<int>(n), ord == "largest" ? order::largest_first : order::smallest_first);

    bt::word_describer describer;
    btsolve::search_result r;
    if (o.what == btsolve::mode::count) {
      r = btsolve::run_search(p, o, btsolve::count_only{}, false, out, describer);
      out << "count: " << r.solutions << '\n';
    } else {
      // The state is the whole row, so the solution's values are not needed: print p itself.
      r = btsolve::run_search(p, o, [&](auto) { print_row(out, p); }, false, out, describer);
    }
    if (o.stats) btsolve::report_stats(err, r.stats);
    btsolve::report_stop(err, r.reason);
    if (r.cut_short()) return btsolve::exit_code::stopped;
    return r.solutions == 0 ? btsolve::exit_code::no_solution : btsolve::exit_code::solved;
  }
};

}  // namespace

void register_plugin(btsolve::registry& r) {
  r.add("langford", "Langford pairs: 1,1,..,n,n with k numbers between the two k's",
        [] { return std::make_unique<plugin>(); });
}

}  // namespace langford
