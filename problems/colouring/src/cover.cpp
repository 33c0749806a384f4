// SPDX-License-Identifier: MIT
#include <bt/problems/colouring/cover.hpp>

#include <glpk.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <memory>
#include <stdexcept>

namespace bt::problems::colouring {

namespace {

struct problem_deleter {
  void operator()(glp_prob* p) const { glp_delete_prob(p); }
};
using problem_ptr = std::unique_ptr<glp_prob, problem_deleter>;

// What the branch and bound's callback reads and writes.
struct tree_state {
  const std::function<bool()>* stop = nullptr;
  double bound = -std::numeric_limits<double>::infinity();  // its global bound, last seen
  std::uint64_t nodes = 0;
};

void on_tree(glp_tree* tree, void* info) {
  auto& st = *static_cast<tree_state*>(info);
  const int best = glp_ios_best_node(tree);
  if (best != 0) st.bound = std::max(st.bound, glp_ios_node_bound(tree, best));
  int active = 0;
  int current = 0;
  int total = 0;
  glp_ios_tree_size(tree, &active, &current, &total);
  st.nodes = static_cast<std::uint64_t>(total);
  if ((*st.stop)()) glp_ios_terminate(tree);
}

// Rows 1..n: each vertex covered at least once, minimising the columns' total.
void add_vertex_rows(glp_prob* lp, std::size_t n) {
  glp_set_obj_dir(lp, GLP_MIN);
  if (n == 0) return;
  glp_add_rows(lp, static_cast<int>(n));
  for (std::size_t v = 1; v <= n; ++v) glp_set_row_bnds(lp, static_cast<int>(v), GLP_LO, 1, 0);
}

// The relaxation's optimum by the simplex, quietly, from the last basis.
double solve_relaxation(glp_prob* lp) {
  glp_smcp simplex;
  glp_init_smcp(&simplex);
  simplex.msg_lev = GLP_MSG_OFF;
  if (glp_simplex(lp, &simplex) != 0 || glp_get_status(lp) != GLP_OPT) {
    throw std::runtime_error("set cover: GLPK found no optimum of the relaxation");
  }
  return glp_get_obj_val(lp);
}

std::vector<double> row_duals(glp_prob* lp, std::size_t n) {
  std::vector<double> y(n);
  for (std::size_t v = 0; v < n; ++v) y[v] = glp_get_row_dual(lp, static_cast<int>(v) + 1);
  return y;
}

// The bound the relaxation's duals prove: as integer weights every column weighs at most
// `heaviest`, so each column of a cover pays at most that much.
int certified_bound(glp_prob* lp, std::size_t n, std::span<const vertex_set> columns) {
  std::vector<std::uint64_t> weight;
  const std::uint64_t total = integer_weights(row_duals(lp, n), weight);
  std::uint64_t heaviest = 0;
  for (const vertex_set& c : columns) {
    std::uint64_t w = 0;
    c.for_each([&](std::size_t v) { w += weight[v]; });
    heaviest = std::max(heaviest, w);
  }
  return columns_needed(total, heaviest);
}

}  // namespace

cover_result minimum_cover(std::size_t n, std::span<const vertex_set> columns, int below,
                           const std::function<bool()>& stop) {
  cover_result r;
  if (n == 0) {
    r.status = cover_status::found;
    return r;
  }
  problem_ptr lp(glp_create_prob());
  add_vertex_rows(lp.get(), n);
  glp_add_cols(lp.get(), static_cast<int>(columns.size()));
  // GLPK's arrays count from 1.
  std::vector<int> row{0};
  std::vector<int> col{0};
  std::vector<double> value{0};
  std::vector<bool> covered(n, false);
  for (std::size_t j = 0; j < columns.size(); ++j) {
    const int c = static_cast<int>(j) + 1;
    glp_set_col_kind(lp.get(), c, GLP_BV);
    glp_set_obj_coef(lp.get(), c, 1.0);
    columns[j].for_each([&](std::size_t v) {
      row.push_back(static_cast<int>(v) + 1);
      col.push_back(c);
      value.push_back(1.0);
      covered[v] = true;
    });
  }
  if (std::find(covered.begin(), covered.end(), false) != covered.end()) {
    throw std::invalid_argument("minimum_cover: a vertex is in no column");
  }
  glp_load_matrix(lp.get(), static_cast<int>(row.size()) - 1, row.data(), col.data(), value.data());

  r.relaxation = solve_relaxation(lp.get());
  r.lower = certified_bound(lp.get(), n, columns);
  if (r.lower >= below) {
    r.status = cover_status::none_below;
    return r;
  }
  if (stop()) return r;

  // A cover must beat `below`: a row caps the number of columns, which prunes the branch and
  // bound as an incumbent would.
  const int cap = glp_add_rows(lp.get(), 1);
  glp_set_row_bnds(lp.get(), cap, GLP_UP, 0, below - 1);
  std::vector<int> all(columns.size() + 1);
  std::vector<double> ones(columns.size() + 1, 1.0);
  for (std::size_t j = 1; j <= columns.size(); ++j) all[j] = static_cast<int>(j);
  glp_set_mat_row(lp.get(), cap, static_cast<int>(columns.size()), all.data(), ones.data());

  tree_state st;
  st.stop = &stop;
  glp_iocp branch;
  glp_init_iocp(&branch);
  branch.msg_lev = GLP_MSG_OFF;
  branch.presolve = GLP_ON;
  branch.cb_func = on_tree;
  branch.cb_info = &st;
  const int ret = glp_intopt(lp.get(), &branch);
  r.nodes = st.nodes;
  if (ret == GLP_ENOPFS || (ret == 0 && glp_mip_status(lp.get()) == GLP_NOFEAS)) {
    r.status = cover_status::none_below;
    r.lower = std::max(r.lower, below);
    return r;
  }
  if (ret == 0 && glp_mip_status(lp.get()) == GLP_OPT) {
    for (std::size_t j = 0; j < columns.size(); ++j) {
      if (glp_mip_col_val(lp.get(), static_cast<int>(j) + 1) > 0.5) r.chosen.push_back(j);
    }
    r.status = cover_status::found;
    r.lower = std::max(r.lower, static_cast<int>(r.chosen.size()));
    return r;
  }
  if (ret != GLP_ESTOP) throw std::runtime_error("minimum_cover: GLPK's branch and bound failed");
  // The tree's bound is GLPK's floating point: rounded up only past a tolerance.
  if (std::isfinite(st.bound)) {
    r.lower = std::max(r.lower, static_cast<int>(std::ceil(st.bound - 1e-6)));
  }
  return r;
}

struct cover_relaxation::impl {
  problem_ptr lp{glp_create_prob()};
  std::size_t n = 0;
  std::size_t columns = 0;
};

cover_relaxation::cover_relaxation(std::size_t n) : impl_(std::make_unique<impl>()) {
  impl_->n = n;
  add_vertex_rows(impl_->lp.get(), n);
}

cover_relaxation::~cover_relaxation() = default;

void cover_relaxation::add(const vertex_set& column) {
  const int c = glp_add_cols(impl_->lp.get(), 1);
  glp_set_col_bnds(impl_->lp.get(), c, GLP_LO, 0, 0);
  glp_set_obj_coef(impl_->lp.get(), c, 1.0);
  std::vector<int> rows{0};
  std::vector<double> ones{0};
  column.for_each([&](std::size_t v) {
    rows.push_back(static_cast<int>(v) + 1);
    ones.push_back(1.0);
  });
  glp_set_mat_col(impl_->lp.get(), c, static_cast<int>(rows.size()) - 1, rows.data(), ones.data());
  ++impl_->columns;
}

double cover_relaxation::solve() { return solve_relaxation(impl_->lp.get()); }

std::vector<double> cover_relaxation::duals() const { return row_duals(impl_->lp.get(), impl_->n); }

std::uint64_t integer_weights(std::span<const double> duals, std::vector<std::uint64_t>& weights) {
  weights.resize(duals.size());
  std::uint64_t total = 0;
  for (std::size_t v = 0; v < duals.size(); ++v) {
    const double y = std::clamp(duals[v], 0.0, 1.0);
    weights[v] = static_cast<std::uint64_t>(std::floor(y * static_cast<double>(unit_weight)));
    total += weights[v];
  }
  return total;
}

std::size_t cover_relaxation::columns() const { return impl_->columns; }

}  // namespace bt::problems::colouring
