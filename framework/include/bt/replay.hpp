// SPDX-License-Identifier: MIT
// replay_visitor: the search as a log of steps for --replay (a page that plays it back). Each
// step is one event with its label and, when the Describer can place it, its (variable, value)
// cell; each node also lists the consistent candidates of its next variable. At most
// max_steps steps are kept.
#pragma once

#include <cstddef>
#include <optional>
#include <ostream>
#include <string>
#include <utility>
#include <vector>

#include <bt/concepts.hpp>
#include <bt/describer.hpp>
#include <bt/events.hpp>

namespace bt {

/// One recorded step.
struct replay_step {
  char kind;  ///< 'n' node, 'a' assign, 'r' rejected, 'p' pruned, 'b' backtrack, 's' solution
  std::size_t depth;  ///< the event's depth
  std::string label;  ///< the assignment in the problem's words (assign, rejected, backtrack)
  std::optional<std::pair<long long, long long>> cell;      ///< (variable, value) when placeable
  std::vector<std::pair<long long, long long>> candidates;  ///< at a node: consistent candidates
  std::vector<std::string> candidate_labels;                ///< their labels
};

/// Records the steps of the search; write_json() gives them as a JSON array.
template <class Describer>
class replay_visitor {
 public:
  /// Keep at most max_steps steps; d names and places assignments and must outlive this.
  replay_visitor(Describer& d, std::size_t max_steps) : d_(d), max_(max_steps) {}

  template <class P>
  void on(const ev::node<P>& e) {
    if (full()) return;
    replay_step s{'n', e.depth, {}, std::nullopt, {}, {}};
    if (!e.state.complete()) {
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
    keep('a', e);
  }
  template <class P>
  void on(const ev::prune<P>& e) {
    if (e.node_level) {
      if (!full()) steps_.push_back({'p', e.depth, {}, std::nullopt, {}, {}});
    } else {
      keep('r', e);
    }
  }
  template <class P>
  void on(const ev::backtrack<P>& e) {
    // The label and cell come from the matching assign (the state no longer holds the value).
    if (full()) return;
    replay_step s{'b', e.depth, {}, std::nullopt, {}, {}};
    if (e.depth < path_.size()) {
      s.label = steps_[path_[e.depth]].label;
      s.cell = steps_[path_[e.depth]].cell;
    }
    steps_.push_back(std::move(s));
  }
  template <class P>
  void on(const ev::solution<P>& e) {
    if (!full()) steps_.push_back({'s', e.depth, {}, std::nullopt, {}, {}});
  }

  /// Steps the search made past max_steps (not kept).
  [[nodiscard]] bool truncated() const { return truncated_; }
  /// The steps kept.
  [[nodiscard]] const std::vector<replay_step>& steps() const { return steps_; }

  /// The steps as a JSON array of objects {k, d, l, c, cand, candl} (c and cand: [var, value]).
  void write_json(std::ostream& os) const {
    os << '[';
    for (std::size_t i = 0; i < steps_.size(); ++i) {
      const auto& s = steps_[i];
      os << (i ? ",\n" : "") << "{\"k\":\"" << s.kind << "\",\"d\":" << s.depth;
      if (!s.label.empty()) os << ",\"l\":" << quoted(s.label);
      if (s.cell) os << ",\"c\":[" << s.cell->first << ',' << s.cell->second << ']';
      if (s.kind == 'n') {
        os << ",\"cand\":[";
        for (std::size_t j = 0; j < s.candidates.size(); ++j) {
          os << (j ? "," : "") << '[' << s.candidates[j].first << ',' << s.candidates[j].second
             << ']';
        }
        os << "],\"candl\":[";
        for (std::size_t j = 0; j < s.candidate_labels.size(); ++j) {
          os << (j ? "," : "") << quoted(s.candidate_labels[j]);
        }
        os << ']';
      }
      os << '}';
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
  template <class E>
  void keep(char kind, const E& e) {
    if (full()) return;
    steps_.push_back({kind, e.depth, label_of(d_, e), cell_of(d_, e), {}, {}});
    if (kind == 'a') {
      path_.resize(e.depth);
      path_.push_back(steps_.size() - 1);
    }
  }

  Describer& d_;
  std::size_t max_;
  bool truncated_ = false;
  std::vector<replay_step> steps_;
  std::vector<std::size_t> path_;  // index of the assign step at each depth of the path
};

}  // namespace bt
