// SPDX-License-Identifier: MIT
// circuit: succ[i] - offset is the node after node i and the successors form one cycle through
// all n nodes (a Hamiltonian circuit; TSP's tour). The all-different of the successors is a
// separate propagator (alldiff.cpp, at the consistency asked; plain backtracking checks its
// pairs, forward checking removes an assigned value); this one adds what all-different cannot
// see, as Gecode's circuit does (Gecode 6, int/circuit):
//
//   - no node is its own successor (when n > 1) and every successor is a node;
//   - the path rule: a chain of fixed successors a -> ... -> b over fewer than n nodes must not
//     close, so b's successor is not a; over all n nodes it must close, so it is a; a closed
//     chain of fewer than n nodes fails;
//   - under mac, the successor graph must be strongly connected (one depth-first search with
//     Tarjan's low links), with Mats Carlsson's condition on the search's subtrees T1..Tk of the
//     root: a tour runs root -> Tk -> ... -> T1 -> root, so some edge must lead from T(i+1) into
//     Ti (it is forced when it is the only one) and from T1 to the root; edges into earlier
//     subtrees, and the root's edges into any subtree but Tk (Francis and Stuckey 2014), go.
//
// The chains and the search are recomputed at each run in O(n + edges), not trailed: cheaper
// than keeping them right across backtracking for the tens of nodes of a TSP model. The one
// trailed cell says the first rule is done (at the root, under mac).
#include <algorithm>
#include <memory>
#include <stdexcept>
#include <vector>

#include "common.hpp"

namespace bt::cp {
namespace {

class circuit_prop final : public propagator {
 public:
  circuit_prop(const std::vector<int>& succ, value_t offset, space& s)
      : propagator("circuit", priority::linear),
        off_(offset),
        n_(static_cast<int>(succ.size())),
        started_(s.new_cells(1, 0)) {
    for (const int x : succ) watch(x, event::domain);
    // Its own removals can fix a successor, which lengthens a chain: run again then.
    set_idempotent(false);
    std::vector<int> sorted = succ;
    std::sort(sorted.begin(), sorted.end());
    repeated_ = std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end();
    const auto n = static_cast<std::size_t>(n_);
    pred_.assign(n, -1);
    seen_.assign(n, 0);
    pre_.assign(n, -1);
    low_.assign(n, 0);
  }

  bool propagate(space& s) override {
    // start()'s removals hold below the level that made them (the root, under mac): a trailed
    // cell says they are done, undone with them.
    if (s.cell(started_) == 0) {
      if (!start(s)) return false;
      s.set_cell(started_, 1);
    }
    // The path rule to its fixpoint (each pass fixes a successor or ends), then the graph.
    bool more = true;
    while (more) {
      if (!chains(s, more)) return false;
    }
    return connected(s);
  }

  bool forward(space& s, int pos) override {
    // pos is open when the root filters a constraint with one variable left (node
    // consistency); start() checks an assigned value.
    static_cast<void>(pos);
    bool more = false;
    return start(s) && chains(s, more);
  }

  [[nodiscard]] bool holds(const space& s) const override {
    if (repeated_ && n_ > 1) return false;
    // Following the successors from node 0 comes back to it after exactly n steps only on a
    // tour: a repeated node before that would loop without reaching 0.
    int j = 0;
    int steps = 0;
    do {
      const int k = node(s.value(scope()[static_cast<std::size_t>(j)]));
      if (k < 0) return false;
      j = k;
      ++steps;
    } while (j != 0 && steps < n_);
    return j == 0 && steps == n_;
  }

  [[nodiscard]] bool holds_so_far(const space& s) const override {
    return scan_fixed(s) && closed_cycles_ok(s);
  }

  void conflict(const space& s, int x, std::vector<int>& out) const override {
    out.clear();
    const auto xs = scope();
    const auto at = std::find(xs.begin(), xs.end(), x) - xs.begin();
    if (at == static_cast<std::ptrdiff_t>(xs.size()) || !s.fixed(x)) {
      propagator::conflict(s, x, out);
      return;
    }
    const int i = static_cast<int>(at);
    const int k = node(s.value(x));
    if (k < 0 || (n_ > 1 && k == i)) return;  // x alone breaks it
    // Another fixed successor of the same node.
    for (int j = 0; j < n_; ++j) {
      const int y = var(j);
      if (y != x && s.fixed(y) && s.value(y) == s.value(x)) {
        out.push_back(y);
        return;
      }
    }
    // A closed chain through i shorter than n: the other successors on it.
    int j = k;
    int len = 1;
    while (j != i && len <= n_ && s.fixed(var(j))) {
      const int next = node(s.value(var(j)));
      if (next < 0) break;
      if (std::find(out.begin(), out.end(), var(j)) == out.end()) out.push_back(var(j));
      j = next;
      ++len;
    }
    if (j == i && len < n_) return;
    propagator::conflict(s, x, out);
  }

  void print(std::ostream& os, const space& s) const override {
    os << "circuit(";
    detail::put_list(os, s, scope());
    if (off_ != 0) os << "; nodes from " << off_;
    os << ')';
  }

 private:
  [[nodiscard]] int var(int i) const { return scope()[static_cast<std::size_t>(i)]; }
  // The node a successor value names, or -1.
  [[nodiscard]] int node(value_t v) const {
    const value_t k = v - off_;
    return k >= 0 && k < n_ ? static_cast<int>(k) : -1;
  }

  // Successors within the nodes, none its own (but the one node of a circuit of one).
  bool start(space& s) {
    if (repeated_ && n_ > 1) {  // a variable twice takes one value twice: not a permutation
      s.fail();
      return false;
    }
    if (s.listened()) s.because(std::span<const int>{});
    for (int i = 0; i < n_; ++i) {
      const int x = var(i);
      if (!s.set_min(x, off_) || !s.set_max(x, off_ + n_ - 1)) return false;
      if (n_ > 1 && !s.remove(x, off_ + i)) return false;
    }
    return true;
  }

  // pred_[k]: the node whose fixed successor is k, or -1. False when a fixed successor is no
  // node, is its own node, or is shared by two nodes.
  bool scan_fixed(const space& s) const {
    std::fill(pred_.begin(), pred_.end(), -1);
    for (int i = 0; i < n_; ++i) {
      const int x = var(i);
      if (!s.fixed(x)) continue;
      const int k = node(s.value(x));
      if (k < 0 || (n_ > 1 && k == i)) return false;
      int& p = pred_[static_cast<std::size_t>(k)];
      if (p >= 0) return false;
      p = i;
    }
    return true;
  }

  // After scan_fixed: whether every closed chain of fixed successors runs through all n
  // nodes. A fixed node with no fixed predecessor heads an open chain; the fixed nodes that
  // no open chain reaches lie on closed ones.
  bool closed_cycles_ok(const space& s) const {
    std::fill(seen_.begin(), seen_.end(), 0);
    for (int h = 0; h < n_; ++h) {
      if (!s.fixed(var(h)) || pred_[static_cast<std::size_t>(h)] >= 0) continue;
      for (int j = h; s.fixed(var(j)); j = node(s.value(var(j))))
        seen_[static_cast<std::size_t>(j)] = 1;
    }
    for (int c = 0; c < n_; ++c) {
      if (!s.fixed(var(c)) || seen_[static_cast<std::size_t>(c)] != 0) continue;
      int len = 0;
      int j = c;
      do {
        seen_[static_cast<std::size_t>(j)] = 1;
        j = node(s.value(var(j)));
        ++len;
      } while (j != c);
      if (len < n_) return false;
    }
    return true;
  }

  // One pass of the path rule over the open chains of fixed successors; `more` tells whether
  // it stopped at a successor it fixed (a longer chain for the next pass).
  bool chains(space& s, bool& more) {
    more = false;
    if (!scan_fixed(s) || !closed_cycles_ok(s)) {
      s.fail();
      return false;
    }
    for (int h = 0; h < n_; ++h) {
      if (!s.fixed(var(h)) || pred_[static_cast<std::size_t>(h)] >= 0) continue;
      // The chain h -> ... -> e ends at the first node e whose successor is open. The chain's
      // successors are distinct (scan_fixed) and h has no fixed predecessor, so it cannot loop.
      chain_.clear();
      int e = h;
      while (s.fixed(var(e))) {
        chain_.push_back(var(e));
        e = node(s.value(var(e)));
      }
      const int x = var(e);
      if (s.listened()) s.because(chain_);
      const bool was_fixed = s.fixed(x);
      if (static_cast<int>(chain_.size()) + 1 == n_) {  // every node on it: e closes the tour
        if (!s.assign(x, off_ + h)) return false;
      } else if (!s.remove(x, off_ + h)) {
        return false;
      }
      // A newly fixed successor changes the chains: the next pass starts afresh.
      if (!was_fixed && s.fixed(x)) {
        more = true;
        return true;
      }
    }
    return true;
  }

  // The strong connectivity test and Carlsson's subtree rules, from a node with an open
  // successor (with none, chains() has checked the tour).
  bool connected(space& s) {
    const auto xs = scope();
    int root = -1;
    for (int i = 0; i < n_ && root < 0; ++i) {
      if (!s.fixed(var(i))) root = i;
    }
    if (root < 0) return true;
    std::fill(pre_.begin(), pre_.end(), -1);
    frames_.clear();
    force_.clear();
    prune_.clear();
    int count = 0;
    const auto open = [&](int i) {
      pre_[static_cast<std::size_t>(i)] = low_[static_cast<std::size_t>(i)] = count++;
      frames_.push_back({i, s.min(var(i))});
    };
    open(root);
    // The preorder numbers of the root's last finished subtree (first: the root itself), the
    // edges from the subtree being searched into it, and the last of them.
    int window_lo = 0;
    int window_hi = 0;
    int back = 0;
    edge last_back{};
    while (!frames_.empty()) {
      const int i = frames_.back().node;
      const value_t v = frames_.back().val;
      const auto iu = static_cast<std::size_t>(i);
      if (v > s.max(var(i))) {  // i is done
        frames_.pop_back();
        if (frames_.empty()) break;
        // i's subtree reaches nothing above i: i heads a second component.
        if (low_[iu] == pre_[iu]) {
          s.fail();
          return false;
        }
        if (frames_.size() == 1) {  // a subtree of the root is finished
          if (back == 0) {
            s.fail();
            return false;
          }
          if (back == 1) force_.push_back(last_back);
          back = 0;
          window_lo = pre_[iu];
          window_hi = count - 1;
        }
        frame& parent = frames_.back();
        auto& plow = low_[static_cast<std::size_t>(parent.node)];
        plow = std::min(plow, low_[iu]);
        parent.val = s.next(var(parent.node), parent.val);
        continue;
      }
      const int j = static_cast<int>(v - off_);
      const auto ju = static_cast<std::size_t>(j);
      if (pre_[ju] < 0) {
        open(j);
        continue;
      }
      if (i != root) {
        if (pre_[ju] >= window_lo && pre_[ju] <= window_hi) {
          ++back;
          last_back = {i, v};
        } else if (pre_[ju] < window_lo) {
          prune_.push_back({i, v});
        }
      }
      low_[iu] = std::min(low_[iu], low_[ju]);
      frames_.back().val = s.next(var(i), v);
    }
    if (count != n_) {  // some node is unreachable from the root
      s.fail();
      return false;
    }
    if (window_lo > 1) {  // several subtrees: the root's successor starts the last one
      s.for_each(var(root), [&](value_t v) {
        if (pre_[static_cast<std::size_t>(v - off_)] < window_lo) prune_.push_back({root, v});
        return true;
      });
    }
    if (s.listened()) s.because(std::span<const int>{});
    for (const edge& f : force_) {
      if (!s.assign(xs[static_cast<std::size_t>(f.node)], f.val)) return false;
    }
    for (const edge& p : prune_) {
      if (!s.remove(xs[static_cast<std::size_t>(p.node)], p.val)) return false;
    }
    return true;
  }

  struct frame {
    int node;
    value_t val;  // the successor value being followed
  };
  using edge = frame;

  value_t off_;
  int n_;
  int started_;  // trailed cell: 1 once start() has run
  bool repeated_ = false;
  mutable std::vector<int> pred_;
  mutable std::vector<unsigned char> seen_;
  std::vector<int> chain_;
  std::vector<int> pre_;
  std::vector<int> low_;
  std::vector<frame> frames_;
  std::vector<edge> force_;
  std::vector<edge> prune_;
};

}  // namespace

void circuit(model& m, std::vector<int> succ, value_t offset, consistency c) {
  if (succ.empty()) return;  // no node, nothing to visit
  const auto n = static_cast<value_t>(succ.size());
  if (offset < value_min || offset > value_max - n + 1) {
    throw std::invalid_argument("circuit: the nodes' numbers leave the value range");
  }
  all_different(m, succ, c);
  m.add([succ = std::move(succ), offset](space& s) {
    return std::make_unique<circuit_prop>(succ, offset, s);
  });
}

}  // namespace bt::cp
