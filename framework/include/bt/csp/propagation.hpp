// SPDX-License-Identifier: MIT
// What one propagation of a csp::solver did (an assignment's, or the root's): the work it
// counted for the statistics (docs/statistics.md: propagation_checks, removals, wipeouts) and,
// when asked, the log of its steps that --replay shows (docs/replay-format.md, "prop").
#pragma once

#include <cstdint>
#include <vector>

namespace bt::csp {

/// The work of one propagation. A check is one constraint revised: a neighbour's domain tested
/// against an assignment (forward checking) or an arc revised (MAC), or one member of an
/// all-different group looked at; a removal is one value taken out of a domain; a wipe-out is
/// a domain left empty (or a group left unable to take every value), which fails the node.
struct inference_counts {
  std::uint64_t checks = 0;    ///< constraints revised
  std::uint64_t removals = 0;  ///< values removed from domains
  std::uint64_t wipeouts = 0;  ///< domains wiped out (0 or 1 per propagation)

  inference_counts& operator+=(const inference_counts& o) {
    checks += o.checks;
    removals += o.removals;
    wipeouts += o.wipeouts;
    return *this;
  }
  friend bool operator==(const inference_counts&, const inference_counts&) = default;
};

/// One step of a propagation, in the order it happened.
struct propagation_step {
  /// What happened.
  enum class kind : char {
    dequeue = 'q',        ///< MAC: `var` left the arc queue; its neighbours are revised next
    remove = 'r',         ///< `values` left `var`'s domain because of variable `cause`
    hidden_single = 'h',  ///< group `cause` left `var` the only place of a value: `values` removed
    wipeout = 'w',        ///< `var`'s domain is empty
    group_failed = 'g'    ///< group `var` can no longer take every value
  };
  kind what;
  int var;                  ///< the variable (the group, for group_failed)
  int cause = -1;           ///< remove: the variable; hidden_single: the group; else -1
  std::vector<int> values;  ///< remove, hidden_single: the values taken out, ascending
};

}  // namespace bt::csp
