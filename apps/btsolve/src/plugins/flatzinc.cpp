// SPDX-License-Identifier: MIT
// `btsolve flatzinc`: a FlatZinc model (or a MiniZinc model, compiled by `minizinc -c` with
// btsolve's library) searched through the runner (docs/minizinc.md, "Through the runner"):
// the engine's strategies by name, and every feature of a described problem: --trace, --tree
// and --replay in the model's own names, --stats, JSON, limits, branch and bound's
// improvements, --count, and `btsolve compare flatzinc --inputs a.fzn,b.mzn`.
#include <bt/cp/describer.hpp>
#include <bt/cp/solver.hpp>
#include <bt/cp/strategy.hpp>
#include <bt/flatzinc/parser.hpp>
#include <bt/flatzinc/solve.hpp>
#include <bt/flatzinc/translate.hpp>

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <mutex>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <btsolve/input.hpp>
#include <btsolve/problem.hpp>

#include "plugins/plugins.hpp"

namespace btsolve {
namespace {

namespace fs = std::filesystem;
namespace fzn = bt::flatzinc;

struct flatzinc_request {
  std::string input;  // .fzn (or - : stdin) or .mzn
  std::string data;   // .dzn files for a .mzn model, comma-separated
  bool free = false;  // ignore the search annotations
};

/// One solution: its FlatZinc text (what text output prints) and its output variables.
struct fzn_solution {
  std::string text;
  nlohmann::json values;
};

/// The folder of btsolve.msc beside this program (bin/../share/minizinc/solvers), in the build
/// tree and under an installation prefix alike.
std::optional<fs::path> solver_folder() {
  std::error_code ec;
  const fs::path self = fs::read_symlink("/proc/self/exe", ec);
  if (ec) return std::nullopt;
  const fs::path dir = self.parent_path().parent_path() / "share" / "minizinc" / "solvers";
  if (fs::exists(dir / "btsolve.msc", ec)) return dir;
  return std::nullopt;
}

/// Split "a.dzn,b.dzn" into its paths.
std::vector<std::string> paths_of(const std::string& list) {
  std::vector<std::string> out;
  std::stringstream ss(list);
  for (std::string p; std::getline(ss, p, ',');) {
    if (!p.empty()) out.push_back(p);
  }
  return out;
}

/// Compile a MiniZinc model for btsolve: `minizinc -c --solver btsolve` into a temporary
/// FlatZinc file, read back as text. Its error is the run's one line.
std::string compile_mzn(const std::string& model, const std::vector<std::string>& data) {
  std::vector<std::string> files = data;
  files.insert(files.begin(), model);
  for (const std::string& f : files) {
    if (!fs::exists(f)) throw usage_error(f + ": cannot open the file");
  }
  std::string tmpl = (fs::temp_directory_path() / "btsolve-mzn-XXXXXX").string();
  if (mkdtemp(tmpl.data()) == nullptr) throw usage_error("cannot make a temporary folder");
  const fs::path dir(tmpl);
  const fs::path fzn_file = dir / "model.fzn";
  const fs::path err_file = dir / "minizinc.err";
  std::vector<std::string> args{"minizinc", "-c",     "--solver", "btsolve",
                                "--fzn",    fzn_file, "--ozn",    (dir / "model.ozn").string(),
                                model};
  args.insert(args.end(), data.begin(), data.end());
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  const std::optional<fs::path> solvers = solver_folder();
  const pid_t pid = fork();
  if (pid == 0) {
    const int fd = open(err_file.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd >= 0) {
      dup2(fd, 1);
      dup2(fd, 2);
    }
    if (solvers) setenv("MZN_SOLVER_PATH", solvers->c_str(), 1);
    execvp("minizinc", argv.data());
    _exit(127);
  }
  int status = 0;
  if (pid < 0 || waitpid(pid, &status, 0) < 0) {
    fs::remove_all(dir);
    throw usage_error("cannot run minizinc");
  }
  std::ifstream fin(fzn_file);
  std::string text((std::istreambuf_iterator<char>(fin)), std::istreambuf_iterator<char>());
  std::ifstream ein(err_file);
  std::string first;
  for (std::string line; std::getline(ein, line);) {
    if (line.find_first_not_of(" \t") != std::string::npos) {
      first = line;
      break;
    }
  }
  std::error_code ec;
  fs::remove_all(dir, ec);
  if (WIFEXITED(status) && WEXITSTATUS(status) == 127) {
    throw usage_error(model + ": a MiniZinc model needs MiniZinc's compiler (minizinc) on PATH");
  }
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0 || text.empty()) {
    throw usage_error(model + ": minizinc could not compile it" +
                      (first.empty() ? std::string() : ": " + first));
  }
  return text;
}

/// The instance of the request: a FlatZinc file read through the runner's input (its digest
/// and waits), or a MiniZinc model compiled first.
fzn::instance load(const flatzinc_request& r) {
  try {
    const bool mzn = r.input.size() > 4 && r.input.substr(r.input.size() - 4) == ".mzn";
    if (!mzn && !r.data.empty()) throw usage_error("--data goes with a MiniZinc model (.mzn)");
    if (mzn) return fzn::translate(fzn::parse(compile_mzn(r.input, paths_of(r.data)), r.input));
    return read_input(r.input, "<stdin>", [](std::istream& is, const std::string& name) {
      const std::string text((std::istreambuf_iterator<char>(is)),
                             std::istreambuf_iterator<char>());
      return fzn::translate(fzn::parse(text, name));
    });
  } catch (const fzn::error& e) {
    throw usage_error(e.what());
  }
}

/// A solution's output variables: numbers, true/false, arrays as flat lists.
nlohmann::json values_of(const fzn::instance& inst, const bt::cp::space& s) {
  nlohmann::json out = nlohmann::json::object();
  const auto one = [](bt::cp::value_t v, bool boolean) -> nlohmann::json {
    if (boolean) return v != 0;
    return v;
  };
  for (const fzn::output_item& o : inst.outputs) {
    if (!o.array) {
      out[o.name] = one(s.value(o.vars[0]), o.boolean);
      continue;
    }
    nlohmann::json a = nlohmann::json::array();
    for (const int x : o.vars) a.push_back(one(s.value(x), o.boolean));
    out[o.name] = std::move(a);
  }
  return out;
}

struct flatzinc_problem {
  static constexpr std::string_view name = "flatzinc";
  static constexpr std::string_view summary =
      "a FlatZinc or MiniZinc model on the constraint layer (docs/minizinc.md)";
  static constexpr std::string_view aliases[] = {"fzn"};
  using request = flatzinc_request;
  using solution_type = fzn_solution;
  static constexpr bool engine_strategies = true;
  static constexpr strategy_info strategies[] = {
      {"annotations",
       "the model's search annotations, then dom/wdeg; mac with binary branching (as "
       "fzn-btsolve and Gecode)"}};

  static void options(option_set<request>& o) {
    o.text("input,i", &request::input,
           "the model: FILE.fzn (- or none: stdin), or FILE.mzn compiled by minizinc")
        .input_file()
        .text("data", &request::data, "a MiniZinc model's data files, comma-separated (.dzn)")
        .flag("free", &request::free, "ignore the model's search annotations");
  }

  static void print(std::ostream& os, const fzn_solution& s) { os << s.text << "----------\n"; }
  static nlohmann::json to_json(const fzn_solution& s) { return s.values; }

  /// The model read once, the strategy it is searched by, and the model as searched.
  struct model_run {
    fzn::instance inst;
    bt::cp::strategy strategy;
    std::shared_ptr<bt::cp::model> searched;
  };

  // The head is written here, in its order, because "search" names the strategy chosen.
  static model_run instance(const request& r, session<flatzinc_problem>& s) {
    model_run run{load(r), fzn::options{}.strategy, nullptr};
    s.head("variables", run.inst.fzn_variables);
    s.head("constraints", run.inst.fzn_constraints);
    s.head("goal", run.inst.goal == fzn::goal::satisfy    ? "satisfy"
                   : run.inst.goal == fzn::goal::minimize ? "minimize"
                                                          : "maximize");
    // An engine strategy (--strategy fc, mrv+mac, ...) is the course's: d-way branching on
    // every variable in its order, the annotations left aside. Without one, fzn-btsolve's run.
    const bool follow = !s.engine() && !r.free;
    if (s.engine()) run.strategy = bt::cp::from_config(*s.engine());
    if (follow && run.inst.search_problem) throw usage_error(*run.inst.search_problem);
    run.searched = fzn::searched_model(run.inst, follow, run.strategy.branch);
    s.head("search", bt::cp::spec_of(run.strategy));
    return run;
  }

  /// The one search, by the annotations or the engine's strategy (instance() chose it).
  template <class K>
  static void search(const request&, const model_run& run, std::string_view, K&& k) {
    std::optional<bt::cp::solver> solver;
    try {
      solver.emplace(run.searched, run.strategy, &k.limits());
    } catch (const std::invalid_argument& e) {
      throw usage_error(e.what());
    }
    bt::incumbent<bt::cp::value_t> best(solver->direction());
    if (solver->optimises()) solver->share(&best);
    bt::cp::describer naming;
    const fzn::instance* inst = &run.inst;
    if (solver->optimises()) {
      k(*solver, naming, [inst](const bt::cp::solver& p, auto) {
        return fzn_solution{fzn::solution_text(*inst, p.store()), values_of(*inst, p.store())};
      });
      return;
    }
    k(*solver, naming, distinct_reader{std::make_shared<distinct_reader::seen>(), inst});
  }

  // Solutions that differ only in variables the model does not print are one solution of the
  // model, printed and counted once (as fzn-btsolve and Gecode do): a repeated one is not
  // emitted, and weighs nothing in a count (whose units may run on several threads).
  struct distinct_reader {
    struct seen {
      std::mutex lock;
      std::unordered_set<std::string> texts;
    };
    std::shared_ptr<seen> memory;
    const fzn::instance* inst;

    [[nodiscard]] bool first_time(const std::string& text) const {
      const std::lock_guard<std::mutex> hold(memory->lock);
      return memory->texts.insert(text).second;
    }
    template <class Values, class Emit>
    bt::flow operator()(const bt::cp::solver& p, const Values&, Emit&& emit) const {
      std::string text = fzn::solution_text(*inst, p.store());
      if (!first_time(text)) return bt::flow::go_on;
      return emit(fzn_solution{std::move(text), values_of(*inst, p.store())});
    }
    [[nodiscard]] std::uint64_t weight(const bt::cp::solver& p) const {
      return first_time(fzn::solution_text(*inst, p.store())) ? 1 : 0;
    }
  };
};

}  // namespace

void register_flatzinc(registry& r) { add_problem<flatzinc_problem>(r); }

}  // namespace btsolve
