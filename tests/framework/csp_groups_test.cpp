// SPDX-License-Identifier: MIT
// The CSP layer's all-different groups (csp::all_different_groups) on Latin squares: the same
// solutions as the binary constraints alone with every strategy, fewer nodes, hidden singles and
// group failures at the root, and the words of the trace.
#include <gtest/gtest.h>

#include <cstddef>
#include <cstdint>
#include <set>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include <bt/bt.hpp>
#include <bt/csp.hpp>

#include "common/csp_run.hpp"

namespace {

namespace csp = bt::csp;

// A Latin square of side n: variable r*n+c, values 0..n-1, cells of a row or a column differ.
// `allowed` (empty: all) restricts the cells' domains, one mask per cell.
class latin {
 public:
  static constexpr bool not_equal = true;
  latin(int n, std::vector<std::uint64_t> allowed) : n_(n), allowed_(std::move(allowed)) {
    for (int x = 0; x < n * n; ++x) {
      for (int y = 0; y < n * n; ++y) {
        if (x != y && (x / n == y / n || x % n == y % n)) nbr_.push_back(y);
      }
    }
  }
  [[nodiscard]] int variable_count() const { return n_ * n_; }
  [[nodiscard]] int value_count() const { return n_; }
  [[nodiscard]] std::span<const int> neighbours(int x) const {
    const auto k = static_cast<std::size_t>(2 * (n_ - 1));
    return {nbr_.data() + static_cast<std::size_t>(x) * k, k};
  }
  [[nodiscard]] bool compatible(int, int a, int, int b) const { return a != b; }
  [[nodiscard]] bool in_domain(int x, int a) const {
    return allowed_.empty() || ((allowed_[static_cast<std::size_t>(x)] >> a) & 1U) != 0;
  }

 protected:
  int n_;
  std::vector<std::uint64_t> allowed_;
  std::vector<int> nbr_;
};

// The same square with its rows (groups 0..n-1) and columns (n..2n-1) as all-different groups.
class grouped_latin : public latin {
 public:
  grouped_latin(int n, std::vector<std::uint64_t> allowed, int group_size = 0)
      : latin(n, std::move(allowed)) {
    const int size = group_size > 0 ? group_size : n;
    for (int g = 0; g < 2 * n; ++g) {
      for (int k = 0; k < size; ++k) members_.push_back(g < n ? g * n + k : k * n + (g - n));
    }
    size_ = size;
  }
  [[nodiscard]] int group_count() const { return 2 * n_; }
  [[nodiscard]] std::span<const int> group(int g) const {
    return {members_.data() + static_cast<std::size_t>(g * size_), static_cast<std::size_t>(size_)};
  }

 private:
  std::vector<int> members_;
  int size_ = 0;
};

static_assert(csp::all_different_groups<grouped_latin>);
static_assert(!csp::all_different_groups<latin>);

using csp_test::result;
using csp_test::run;

TEST(CspGroups, EveryStrategyCountsTheLatinSquaresOfSideFour) {
  const latin plain(4, {});
  const grouped_latin grouped(4, {});
  for (const auto v : csp::all_var_orders) {
    for (const auto l : csp::all_val_orders) {
      for (const auto i : csp::all_inferences) {
        for (const auto j : csp::all_jumps) {
          const csp::config c{v, l, i, j};
          const result a = run(plain, c);
          const result b = run(grouped, c);
          EXPECT_EQ(a.solutions.size(), 576U) << csp::spec_of(c);  // OEIS A002860
          EXPECT_EQ(b.solutions, a.solutions) << csp::spec_of(c);
          EXPECT_LE(b.stats.nodes, a.stats.nodes) << csp::spec_of(c);
        }
      }
    }
  }
}

// Pinned node counts: with the groups, forward checking sees hidden singles and the tree of
// the whole search shrinks; without inference (or with CBJ) the groups are not used. The
// square of side 5 has the values 0, 1, 2 given on its diagonal.
TEST(CspGroups, PinnedNodeCounts) {
  std::vector<std::uint64_t> allowed(25, 0b11111);
  allowed[0] = 0b1;
  allowed[6] = 0b10;
  allowed[12] = 0b100;
  const latin plain(5, allowed);
  const grouped_latin grouped(5, allowed);
  struct pin {
    const char* spec;
    std::uint64_t plain_nodes, grouped_nodes;
  };
  for (const pin& p : {pin{"mrv+fc", 12032, 11956}, pin{"mrv+mac", 12028, 11956},
                       pin{"fc+cbj", 16047, 16047}, pin{"mrv", 12032, 12032}}) {
    const auto c = *csp::parse_spec(p.spec);
    const result a = run(plain, c);
    const result b = run(grouped, c);
    EXPECT_EQ(b.solutions, a.solutions) << p.spec;
    EXPECT_EQ(a.solutions.size(), 1120U) << p.spec;
    EXPECT_EQ(a.stats.nodes, p.plain_nodes) << p.spec;
    EXPECT_EQ(b.stats.nodes, p.grouped_nodes) << p.spec;
  }
}

// Value 0 is allowed in row 0 only at column 2: a hidden single the root already assigns to
// the domain; forward checking alone leaves three values there.
TEST(CspGroups, HiddenSingleAtTheRoot) {
  std::vector<std::uint64_t> allowed(9, 0b111);
  allowed[0] = allowed[1] = 0b110;
  const grouped_latin gm(3, allowed);
  const latin pm(3, allowed);
  constexpr csp::config mrv_fc = *csp::parse_spec("mrv+fc");
  const csp::solver<grouped_latin, csp::static_part(mrv_fc)> g(gm, mrv_fc);
  const csp::solver<latin, csp::static_part(mrv_fc)> p(pm, mrv_fc);
  EXPECT_EQ(g.domain(2), csp::domain<1>::single(0));
  EXPECT_EQ(p.domain(2).count(), 3);
  EXPECT_TRUE(g.promising());
}

// No cell of row 0 may take value 0, yet no domain is empty: the root fails on the group, and
// the trace says so.
TEST(CspGroups, GroupWithoutAPlaceForAValueFailsAtTheRoot) {
  std::vector<std::uint64_t> allowed(9, 0b111);
  allowed[0] = allowed[1] = allowed[2] = 0b110;
  const grouped_latin m(3, allowed);
  constexpr csp::config mrv_mac = *csp::parse_spec("mrv+mac");
  csp::solver<grouped_latin, csp::static_part(mrv_mac)> s(m, mrv_mac);
  EXPECT_FALSE(s.promising());
  EXPECT_EQ(s.failed_group(), 0);
  EXPECT_EQ(s.wiped(), -1);
  std::ostringstream os;
  csp::describer words;
  bt::trace_visitor<csp::describer> trace(os, words);
  EXPECT_EQ(bt::search(s, trace), bt::outcome::exhausted);
  EXPECT_EQ(os.str(), "all-different: group 1 can no longer take every value at the root\n");
  const latin plain(3, allowed);
  EXPECT_EQ(run(plain, *csp::parse_spec("mrv+fc")).solutions.size(), 0U);
}

TEST(CspGroups, GroupOfTheWrongSizeIsRejected) {
  const grouped_latin m(3, {}, 2);
  constexpr csp::config fc = *csp::parse_spec("fc");
  EXPECT_THROW((csp::solver<grouped_latin, csp::static_part(fc)>(m, fc)), std::invalid_argument);
}

}  // namespace
