// SPDX-License-Identifier: MIT
// replay_visitor: the search as a log of steps for --replay (docs/replay-format.md): one step
// per event with its label and, when the Describer can place it, its cell; why each rejected
// candidate or pruned node failed; at each node the consistent candidates of its next
// variable. A CSP solver's steps also carry its variables and values, and what each
// propagation removed, so a viewer can show every domain at every step. At most max_steps
// steps are kept.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <ostream>
#include <span>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include <bt/concepts.hpp>
#include <bt/csp/describer.hpp>
#include <bt/csp/propagation.hpp>
#include <bt/csp/solver.hpp>
#include <bt/describer.hpp>
#include <bt/events.hpp>
#include <bt/stats.hpp>

namespace bt {

/// One recorded step.
struct replay_step {
  char kind;  ///< 'n' node, 'a' assign, 'r' rejected, 'p' pruned, 'b' backtrack, 'j' jump, 's'
  std::size_t depth;                          ///< the event's depth
  std::string label;                          ///< the assignment in the problem's words (a, r, b)
  std::optional<cell> c;                      ///< (variable, value) when placeable
  std::vector<cell> candidates;               ///< at a node: the consistent candidates
  std::vector<std::string> candidate_labels;  ///< their labels
  std::string more;                           ///< further members, already JSON (",\"why\":{...}")
};

/// Records the steps of the search; write_json() gives them as a JSON array and
/// write_csp_json() the "csp" member of a CSP solver's search.
template <class Describer>
class replay_visitor {
 public:
  /// Keep at most max_steps steps; d names and places assignments and must outlive this.
  replay_visitor(Describer& d, std::size_t max_steps) : d_(d), max_(max_steps) {}

  template <class P>
  void on(const ev::node<P>& e) {
    if (full()) return;
    replay_step s{'n', e.depth, {}, std::nullopt, {}, {}, {}};
    if constexpr (csp::solver_state<P>) {
      if (steps_.empty()) start_csp(e.state, s);
      // A node whose propagation failed has no next variable (current() is stale there).
      bool alive = !e.state.complete();
      if constexpr (checks_nodes<P>) alive = alive && e.state.promising();
      if (alive) s.more += ",\"v\":" + std::to_string(e.state.current());
    } else if (!e.state.complete()) {
      // The CSP solvers' consistent() is not a pure test (CBJ and dom-wdeg learn from it), so
      // their candidates are not listed: their domains are.
      for (auto&& v : e.state.candidates()) {
        if constexpr (checks_values<P>) {
          if (!e.state.consistent(v)) continue;
        }
        const ev::prune<P> as_choice{e.depth, v, e.state, false};
        s.candidate_labels.push_back(label_of(d_, as_choice));
        if (auto c = cell_of(d_, as_choice)) s.candidates.push_back(*c);
      }
    }
    steps_.push_back(std::move(s));
  }
  template <class P>
  void on(const ev::assign<P>& e) {
    if (full()) return;
    replay_step s{'a', e.depth, label_of(d_, e), cell_of(d_, e), {}, {}, {}};
    if constexpr (csp::solver_state<P>) {
      s.more = variable_value(e.state.variable_at(e.depth), e.value);
      if constexpr (propagating<P>) {
        s.more += propagation_json(e.state.log(), e.state.propagation());
      }
    }
    path_.resize(e.depth);
    path_.push_back(steps_.size());
    steps_.push_back(std::move(s));
  }
  template <class P>
  void on(const ev::prune<P>& e) {
    if (full()) return;
    replay_step s{e.node_level ? 'p' : 'r', e.depth, {}, std::nullopt, {}, {}, {}};
    if (!e.node_level) {
      s.label = label_of(d_, e);
      s.c = cell_of(d_, e);
      if constexpr (csp::solver_state<P>) s.more = variable_value(e.state.current(), e.value);
    } else if constexpr (csp::solver_state<P>) {
      if (e.state.wiped() >= 0) s.more += ",\"w\":" + std::to_string(e.state.wiped());
      if (e.state.failed_group() >= 0) s.more += ",\"g\":" + std::to_string(e.state.failed_group());
    }
    s.more += why_json(e);
    steps_.push_back(std::move(s));
  }
  template <class P>
  void on(const ev::backtrack<P>& e) {
    // The label and cell come from the matching assign (the state no longer holds the value).
    if (full()) return;
    replay_step s{'b', e.depth, {}, std::nullopt, {}, {}, {}};
    if (e.depth < path_.size()) {
      const replay_step& a = steps_[path_[e.depth]];
      s.label = a.label;
      s.c = a.c;
      if constexpr (csp::solver_state<P>) s.more = variable_value(e.state.current(), e.value);
    }
    steps_.push_back(std::move(s));
  }
  template <class P>
  void on(const ev::backjump<P>& e) {
    if (full()) return;
    replay_step s{'j', e.depth, {}, std::nullopt, {}, {}, {}};
    if constexpr (requires { e.state.jump_target(); }) {
      s.more = ",\"to\":" + std::to_string(e.state.jump_target());
    }
    steps_.push_back(std::move(s));
  }
  template <class P>
  void on(const ev::solution<P>& e) {
    if (!full()) steps_.push_back({'s', e.depth, {}, std::nullopt, {}, {}, {}});
  }

  /// Steps the search made past max_steps (not kept).
  [[nodiscard]] bool truncated() const { return truncated_; }
  /// The steps kept.
  [[nodiscard]] const std::vector<replay_step>& steps() const { return steps_; }
  /// The "csp" member (docs/replay-format.md) of a CSP solver's search, or "" for others.
  [[nodiscard]] const std::string& csp_json() const { return csp_; }

  /// The steps as a JSON array of objects {k, d, l, c, cand, candl, ...}.
  void write_json(std::ostream& os) const {
    os << '[';
    for (std::size_t i = 0; i < steps_.size(); ++i) {
      const auto& s = steps_[i];
      os << (i ? ",\n" : "") << "{\"k\":\"" << s.kind << "\",\"d\":" << s.depth;
      if (!s.label.empty()) os << ",\"l\":" << quoted(s.label);
      if (s.c) os << ",\"c\":" << cell_json(*s.c);
      if (!s.candidates.empty() || !s.candidate_labels.empty()) {
        os << ",\"cand\":[";
        for (std::size_t j = 0; j < s.candidates.size(); ++j) {
          os << (j ? "," : "") << cell_json(s.candidates[j]);
        }
        os << "],\"candl\":[";
        for (std::size_t j = 0; j < s.candidate_labels.size(); ++j) {
          os << (j ? "," : "") << quoted(s.candidate_labels[j]);
        }
        os << ']';
      }
      os << s.more << '}';
    }
    os << "]";
  }

  /// s as a JSON string; '<' is escaped so the JSON can sit inside an HTML <script>.
  static std::string quoted(const std::string& s) {
    std::string out = "\"";
    for (const char c : s) {
      switch (c) {
        case '"': out += "\\\""; break;
        case '\\': out += "\\\\"; break;
        case '\n': out += "\\n"; break;
        case '<': out += "\\u003c"; break;
        default:
          if (static_cast<unsigned char>(c) < 0x20) {
            out += ' ';
          } else {
            out += c;
          }
      }
    }
    return out + '"';
  }

 private:
  bool full() {
    if (steps_.size() < max_) return false;
    truncated_ = true;
    return true;
  }
  static std::string cell_json(const cell& c) {
    return '[' + std::to_string(c.first) + ',' + std::to_string(c.second) + ']';
  }
  static std::string variable_value(int var, int value) {
    return ",\"v\":" + std::to_string(var) + ",\"x\":" + std::to_string(value);
  }
  static std::string values_json(const std::vector<int>& values) {
    std::string out = "[";
    for (std::size_t i = 0; i < values.size(); ++i) {
      out += (i ? "," : "") + std::to_string(values[i]);
    }
    return out + ']';
  }

  /// The "prop" and "inf" members of a propagation.
  static std::string propagation_json(const std::vector<csp::propagation_step>& log,
                                      const csp::inference_counts& inf) {
    using kind = csp::propagation_step::kind;
    std::string out;
    if (!log.empty()) {
      out += ",\"prop\":[";
      for (std::size_t i = 0; i < log.size(); ++i) {
        const auto& p = log[i];
        out += i ? "," : "";
        switch (p.what) {
          case kind::dequeue: out += "[\"q\"," + std::to_string(p.var) + ']'; break;
          case kind::remove:
          case kind::hidden_single:
            out += std::string(p.what == kind::remove ? "[\"rm\"," : "[\"hs\",") +
                   std::to_string(p.var) + ',' + values_json(p.values) + ',' +
                   std::to_string(p.cause) + ']';
            break;
          case kind::wipeout: out += "[\"w\"," + std::to_string(p.var) + ']'; break;
          case kind::group_failed: out += "[\"gw\"," + std::to_string(p.var) + ']'; break;
        }
      }
      out += ']';
    }
    if (inf.checks != 0 || inf.removals != 0 || inf.wipeouts != 0) {
      out += ",\"inf\":[" + std::to_string(inf.checks) + ',' + std::to_string(inf.removals) + ',' +
             std::to_string(inf.wipeouts) + ']';
    }
    return out;
  }

  /// The "csp" member, and the root's propagation on its first step: the removals are the
  /// difference between the model's domains and the root's (the root propagated while it was
  /// built, before any visitor could ask for its log).
  template <class P>
  void start_csp(const P& p, replay_step& root) {
    const auto& m = p.model();
    const int n = p.variable_count();
    const int d = static_cast<int>(m.value_count());
    std::ostringstream os;
    os << "{\"inference\":\"" << csp::name(p.switches().inf) << "\",\"variables\":[";
    for (int x = 0; x < n; ++x) {
      std::ostringstream name;
      csp::describer::variable(name, p, x);
      os << (x ? "," : "") << quoted(name.str());
    }
    os << "],\"values\":[";
    for (int a = 0; a < d; ++a) os << (a ? "," : "") << '"' << a + 1 << '"';
    os << "],\"domains\":[";
    std::vector<csp::propagation_step> removed;
    for (int x = 0; x < n; ++x) {
      os << (x ? "," : "") << '[';
      bool first = true;
      csp::propagation_step gone{csp::propagation_step::kind::remove, x, -1, {}};
      for (int a = 0; a < d; ++a) {
        bool in = true;
        if constexpr (csp::restricts_domains<std::remove_cvref_t<decltype(m)>>) {
          in = m.in_domain(x, a);
        }
        if (!in) continue;
        os << (first ? "" : ",") << a;
        first = false;
        if (!p.domain(x).test(a)) gone.values.push_back(a);
      }
      os << ']';
      if (!gone.values.empty()) removed.push_back(std::move(gone));
    }
    os << ']';
    if constexpr (csp::all_different_groups<std::remove_cvref_t<decltype(m)>>) {
      os << ",\"groups\":[";
      for (int g = 0; g < static_cast<int>(m.group_count()); ++g) {
        std::ostringstream name;
        csp::describer::group(name, p, g);
        os << (g ? "," : "") << "{\"name\":" << quoted(name.str()) << ",\"vars\":[";
        bool first = true;
        for (const auto y : m.group(g)) {
          os << (first ? "" : ",") << y;
          first = false;
        }
        os << "]}";
      }
      os << ']';
    }
    os << '}';
    csp_ = os.str();
    if constexpr (propagating<P>) {
      if (p.wiped() >= 0)
        removed.push_back({csp::propagation_step::kind::wipeout, p.wiped(), -1, {}});
      root.more += propagation_json(removed, p.root_propagation());
    }
  }

  /// The "why" member of a rejected candidate or a pruned node, when there is anything to say.
  template <class E>
  std::string why_json(const E& e) {
    why_info w;
    if constexpr (explains<Describer, E>) {
      // The assignments above the event: path_ may still hold deeper ones a pruned node
      // undid without a backtrack event.
      std::vector<cell> path;
      for (std::size_t d = 0; d < e.depth && d < path_.size(); ++d) {
        if (steps_[path_[d]].c) path.push_back(*steps_[path_[d]].c);
      }
      w = d_.why(e, std::span<const cell>(path));
    } else if constexpr (describes<Describer, E>) {
      w.text = described_line(d_, e);
    }
    if (w.text.empty() && w.by.empty() && !w.edge && w.bound_rule.empty()) return {};
    std::string out = ",\"why\":{\"text\":" + quoted(w.text);
    if (!w.by.empty()) {
      out += ",\"by\":[";
      for (std::size_t i = 0; i < w.by.size(); ++i) out += (i ? "," : "") + cell_json(w.by[i]);
      out += ']';
    }
    if (w.edge) out += ",\"edge\":" + cell_json(*w.edge);
    if (!w.bound_rule.empty()) {
      out += ",\"bound\":{\"rule\":" + quoted(w.bound_rule) + ",\"values\":{";
      for (std::size_t i = 0; i < w.bound_values.size(); ++i) {
        out += (i ? "," : "") + quoted(w.bound_values[i].first) + ':' +
               number_or_text(w.bound_values[i].second);
      }
      out += "}}";
    }
    return out + '}';
  }
  static std::string number_or_text(const std::string& v) {
    const bool digits = !v.empty() && v.find_first_not_of("0123456789") == std::string::npos;
    return digits ? v : quoted(v);
  }

  Describer& d_;
  std::size_t max_;
  bool truncated_ = false;
  std::vector<replay_step> steps_;
  std::vector<std::size_t> path_;  // index of the assign step at each depth of the path
  std::string csp_;
};

}  // namespace bt
