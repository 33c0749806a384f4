// SPDX-License-Identifier: MIT
// N-Queens for the constraint layer (bt/cp): one variable per row, its columns 1..n (with the
// pre-placed queens' rows fixed and their attacks below taken out, as the binary model does),
// and all-different on the columns and on both diagonals (offsets +r and -r) in value
// consistency. Under every strategy but dom-wdeg it searches as the binary model (csp.hpp)
// does, node for node, and it has no size limit but the board's tabulation (n <= 4096).
#pragma once

#include <memory>
#include <string>
#include <vector>

#include <bt/cp/constraints.hpp>
#include <bt/cp/model.hpp>
#include <bt/problems/nqueens/placement.hpp>

namespace bt::problems::nqueens {

/// The constraint layer's model of the board d (d.tabulated()); row r is variable r, named
/// "Q<r+1>", its value the column 1..n.
inline std::shared_ptr<bt::cp::model> cp_model(const row_domains& d) {
  if (!d.tabulated()) {
    throw invalid_input("the engine's strategies support n up to " + std::to_string(max_tree_n) +
                        ", not " + std::to_string(d.n()));
  }
  auto m = std::make_shared<bt::cp::model>();
  const int n = d.n();
  std::vector<int> q;
  std::vector<bt::cp::value_t> up;
  std::vector<bt::cp::value_t> down;
  q.reserve(static_cast<std::size_t>(n));
  for (int r = 0; r < n; ++r) {
    std::vector<bt::cp::value_t> cols;
    for (const int c : d.columns(r)) cols.push_back(c + 1);
    if (cols.empty()) {
      q.push_back(m->int_var(1, n, "Q" + std::to_string(r + 1)));
      m->narrow(q.back(), 1, 0);  // a row no queen may take: no solution
    } else {
      q.push_back(m->int_var(std::move(cols), "Q" + std::to_string(r + 1)));
    }
    up.push_back(r);
    down.push_back(-r);
  }
  m->set_decisions(q);
  bt::cp::all_different(*m, q, bt::cp::consistency::value);
  bt::cp::all_different(*m, q, up, bt::cp::consistency::value);
  bt::cp::all_different(*m, q, down, bt::cp::consistency::value);
  return m;
}

}  // namespace bt::problems::nqueens
