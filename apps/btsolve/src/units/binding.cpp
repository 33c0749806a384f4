// SPDX-License-Identifier: MIT
#include "units/binding.hpp"

#include <map>
#include <optional>
#include <sstream>

#include "core/digest.hpp"

namespace btsolve {
namespace {

// A params line as its problem and its key=value words (a word without '=' is its own key).
struct words {
  std::string problem;
  std::map<std::string, std::string> values;
};

words split(const std::string& params) {
  words w;
  std::istringstream in(params);
  in >> w.problem;
  for (std::string word; in >> word;) {
    const auto eq = word.find('=');
    w.values[word.substr(0, eq)] = eq == std::string::npos ? std::string() : word.substr(eq + 1);
  }
  return w;
}

// A value as a message shows it: digests cut to their first 8 hex digits.
std::string shown(const std::optional<std::string>& v) {
  if (!v) return "absent";
  if (v->rfind("sha256:", 0) == 0 && v->size() > 15) {
    std::string out;
    for (std::size_t at = 0; at < v->size();) {
      const auto semi = v->find(';', at);
      const std::string one = v->substr(at, semi - at);
      out += (out.empty() ? "" : ";") + one.substr(0, 15) + (one.size() > 15 ? "..." : "");
      at = semi == std::string::npos ? v->size() : semi + 1;
    }
    return out;
  }
  return v->empty() ? "set" : *v;
}

std::string name_of(const std::string& key) {
  if (key == "strategy") return "the strategy";
  if (key == "input") return "the input's content";
  if (key == "units") return "the unit numbering";
  if (key == "split") return "the split";
  return key;
}

}  // namespace

std::string bound_params(const std::string& params, const std::vector<input_read>& inputs) {
  std::string out = params;
  std::string content;
  for (const auto& in : inputs) content += (content.empty() ? "" : ";") + ("sha256:" + in.sha256);
  if (!content.empty()) out += " input=" + content;
  return out;
}

std::string params_digest(const std::string& params) {
  return digest::sha256_hex("btsolve records " + std::to_string(record_format) + '\n' + params, 32);
}

std::string params_difference(const std::string& theirs, const std::string& ours,
                              const std::string& there, const std::string& here) {
  const words a = split(theirs);
  const words b = split(ours);
  if (a.problem != b.problem) {
    return "the problem (" + a.problem + " " + there + ", " + b.problem + " " + here + ")";
  }
  std::map<std::string, bool> keys;
  for (const auto& [k, v] : a.values) keys[k] = true;
  for (const auto& [k, v] : b.values) keys[k] = true;
  std::string out;
  int listed = 0;
  // The input's content and the strategy first: they are what a user most often changed.
  for (const char* first : {"input", "strategy"}) {
    if (keys.erase(first) == 0) continue;
    const auto x = a.values.count(first) ? std::optional(a.values.at(first)) : std::nullopt;
    const auto y = b.values.count(first) ? std::optional(b.values.at(first)) : std::nullopt;
    if (x == y) continue;
    out += (listed++ ? ", " : "") + name_of(first) + " (" + shown(x) + " " + there + ", " +
           shown(y) + " " + here + ")";
  }
  for (const auto& [k, unused] : keys) {
    const auto x = a.values.count(k) ? std::optional(a.values.at(k)) : std::nullopt;
    const auto y = b.values.count(k) ? std::optional(b.values.at(k)) : std::nullopt;
    if (x == y) continue;
    if (listed == 4) {
      out += ", ...";
      break;
    }
    out += (listed++ ? ", " : "") + name_of(k) + " (" + shown(x) + " " + there + ", " + shown(y) +
           " " + here + ")";
  }
  if (out.empty() && theirs != ours) out = "the parameters' order";
  return out;
}

}  // namespace btsolve
