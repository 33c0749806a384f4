// SPDX-License-Identifier: MIT
// tree_visitor (--tree) and replay_visitor (--replay): what they record of a small search.
#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include <bt/bt.hpp>
#include <bt/replay.hpp>
#include <bt/tree.hpp>

#include "toy.hpp"

namespace {

std::size_t occurrences(const std::string& s, const std::string& what) {
  std::size_t n = 0;
  for (auto at = s.find(what); at != std::string::npos; at = s.find(what, at + 1)) ++n;
  return n;
}

// The DOT text of p's whole search, at most max_nodes nodes.
template <class P>
std::string dot_of(P p, std::size_t max_nodes) {
  bt::word_describer d;
  bt::tree_visitor<bt::word_describer> tree(d, max_nodes);
  bt::search(p, tree);
  std::ostringstream dot;
  tree.write_dot(dot);
  return dot.str();
}

TEST(Tree, MarksWhyBranchesFailed) {
  // Strings of length 2 with no "11": 00, 01, 10 are solutions; 1 then 1 is rejected.
  const std::string s = dot_of(toy::strings{2, true, {}}, 100);
  EXPECT_EQ(s.rfind("digraph search_tree {", 0), 0U);
  EXPECT_EQ(occurrences(s, "->"), 6U);  // 2 + 3 assigned + 1 rejected below the root
  EXPECT_EQ(occurrences(s, "\\nsolution"), 3U);
  EXPECT_EQ(occurrences(s, "rejected: not consistent"), 1U);
  EXPECT_NE(s.find("x2=1\\nrejected"), std::string::npos);
  EXPECT_EQ(s.find("truncated"), std::string::npos);
  EXPECT_EQ(s.back(), '\n');
}

TEST(Tree, BacktrackedAndPruned) {
  // only "11": every other leaf fails promising()
  const std::string s = dot_of(toy::exactly_k{2, 2, {}}, 100);
  EXPECT_EQ(occurrences(s, "pruned: not promising"), 3U);  // 00, 01, 10
  EXPECT_EQ(occurrences(s, "\\nbacktracked"), 1U);         // x1=0: no solution below
  EXPECT_EQ(occurrences(s, "\\nsolution"), 1U);
}

TEST(Tree, CapsTheNodeCountAndSaysSo) {
  toy::strings p{10, false, {}};
  bt::word_describer d;
  bt::tree_visitor<bt::word_describer> tree(d, 50);
  bt::search(p, tree);
  std::ostringstream dot;
  tree.write_dot(dot);
  EXPECT_EQ(occurrences(dot.str(), "->"), 49U);
  EXPECT_NE(dot.str().find("truncated: 50 boxes drawn, 1997 more not drawn"), std::string::npos);
  // The title counts the whole tree, as --stats would: 2^11 - 1 nodes.
  EXPECT_NE(dot.str().find("search tree: 2047 nodes, 0 rejected candidates"), std::string::npos);
  EXPECT_EQ(tree.dropped(), 2047U - 50U);
}

TEST(Replay, StepsFollowTheEvents) {
  toy::strings p{2, true, {}};
  bt::word_describer d;
  bt::replay_visitor<bt::word_describer> replay(d, 1000);
  bt::stats st;
  bt::stats_visitor counter{st};
  bt::search(p, bt::visitors(counter, replay));
  std::size_t nodes = 0;
  std::size_t backtracks = 0;
  for (const auto& s : replay.steps()) {
    nodes += s.kind == 'n' ? 1U : 0U;
    backtracks += s.kind == 'b' ? 1U : 0U;
  }
  EXPECT_EQ(nodes, st.nodes);
  EXPECT_EQ(backtracks, st.backtracks);
  EXPECT_EQ(replay.steps().front().candidate_labels, (std::vector<std::string>{"x1=0", "x1=1"}));
  std::ostringstream js;
  replay.write_json(js);
  EXPECT_EQ(js.str().rfind("[{\"k\":\"n\",\"d\":0,\"cand\":[],\"candl\":[\"x1=0\",\"x1=1\"]}", 0),
            0U);
  EXPECT_FALSE(replay.truncated());
  EXPECT_EQ(bt::replay_visitor<bt::word_describer>::quoted("a\"</script>"),
            "\"a\\\"\\u003c/script>\"");
}

TEST(Replay, CapsTheSteps) {
  toy::strings p{8, false, {}};
  bt::word_describer d;
  bt::replay_visitor<bt::word_describer> replay(d, 10);
  bt::search(p, replay);
  EXPECT_EQ(replay.steps().size(), 10U);
  EXPECT_TRUE(replay.truncated());
}

}  // namespace
