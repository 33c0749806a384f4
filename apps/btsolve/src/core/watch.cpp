// SPDX-License-Identifier: MIT
#include <btsolve/watch.hpp>

#include <cmath>
#include <fstream>
#include <iomanip>
#include <ostream>
#include <sstream>
#include <string_view>

#include <btsolve/errors.hpp>

#include "core/output_file.hpp"

namespace btsolve::assets {
// The --replay page's files (src/core/replay/), embedded at build time (cmake/embed.cmake).
extern const char* const replay_html;
extern const char* const replay_css;
extern const char* const replay_js;
}  // namespace btsolve::assets

namespace btsolve {
namespace {

// page with each `marker` replaced by its text, in one pass.
std::string fill(std::string_view page,
                 std::initializer_list<std::pair<std::string_view, std::string_view>> parts) {
  std::string out;
  out.reserve(page.size());
  while (!page.empty()) {
    std::size_t at = std::string_view::npos;
    std::string_view text;
    std::size_t length = 0;
    for (const auto& [marker, with] : parts) {
      const std::size_t k = page.find(marker);
      if (k < at) {
        at = k;
        text = with;
        length = marker.size();
      }
    }
    out += page.substr(0, at);
    if (at == std::string_view::npos) break;
    out += text;
    page.remove_prefix(at + length);
  }
  return out;
}

}  // namespace

std::shared_ptr<std::ofstream> open_output(const std::string& path, const char* option) {
  const reader_wait reader(path);
  auto f = std::make_shared<std::ofstream>(path);
  if (!*f) throw usage_error(std::string(option) + ": cannot write " + quote(path));
  return f;
}

void write_text_file(const std::string& path, const std::string& text, const char* option) {
  const reader_wait reader(path);
  std::ofstream f(path, std::ios::binary);
  f << text;
  f.close();
  if (!f) throw usage_error(std::string(option) + ": cannot write " + quote(path));
}

namespace {

// s as a JSON string's contents inside an HTML <script>: quotes and backslashes escaped, '<'
// as \u003c, control characters dropped.
void picture_text(std::ostream& os, const std::string& s) {
  for (const char c : s) {
    if (c == '"' || c == '\\') os << '\\';
    if (c == '<') {
      os << "\\u003c";
    } else if (static_cast<unsigned char>(c) >= 0x20) {
      os << c;
    }
  }
}

}  // namespace

std::string graph_picture(std::size_t n,
                          const std::vector<std::pair<std::size_t, std::size_t>>& edges,
                          const std::string& mode, std::size_t start, const std::string& title,
                          const graph_drawing& drawing) {
  std::ostringstream os;
  os << "{\"kind\":\"graph\",\"mode\":\"" << mode << "\",\"n\":" << n << ",\"start\":" << start
     << ",\"title\":\"";
  picture_text(os, title);
  os << "\",\"edges\":[";
  for (std::size_t i = 0; i < edges.size(); ++i) {
    os << (i ? "," : "") << '[' << edges[i].first << ',' << edges[i].second << ']';
  }
  os << ']';
  if (!drawing.names.empty()) {
    os << ",\"names\":[";
    for (std::size_t i = 0; i < drawing.names.size(); ++i) {
      os << (i ? ",\"" : "\"");
      picture_text(os, drawing.names[i]);
      os << '"';
    }
    os << ']';
  }
  if (!drawing.positions.empty()) {
    // Four decimals: a ten-thousandth of the picture, finer than a pixel.
    os << std::fixed << std::setprecision(4) << ",\"radius\":" << drawing.radius
       << ",\"positions\":[";
    for (std::size_t i = 0; i < drawing.positions.size(); ++i) {
      os << (i ? "," : "") << '[' << drawing.positions[i].first << ','
         << drawing.positions[i].second << ']';
    }
    os << ']';
  }
  os << '}';
  return os.str();
}

std::string replay_document(const replay_run& run, const std::string& view, const std::string& csp,
                            const std::string& steps, bool truncated) {
  // The head through nlohmann (it escapes); '<' as \u003c so the document can sit inside an
  // HTML <script>, as the steps' strings already do (bt::replay_visitor::quoted).
  nlohmann::json head = {
      {"format", "btsolve-replay"}, {"version", 2},
      {"problem", run.problem},     {"strategy", run.strategy},
      {"argv", run.argv},           {"backtracks", run.seed_backtracks ? "seed" : "engine"},
      {"stats", run.stats},         {"truncated", truncated}};
  std::string h = head.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  std::string safe;
  safe.reserve(h.size());
  for (const char c : h) {
    if (c == '<') {
      safe += "\\u003c";
    } else {
      safe += c;
    }
  }
  safe.pop_back();  // the closing brace: the picture, the CSP and the steps follow
  return safe + ",\"view\":" + view + (csp.empty() ? "" : ",\"csp\":" + csp) +
         ",\"steps\":" + steps + "}\n";
}

std::string replay_page(const std::string& document) {
  return fill(
      assets::replay_html,
      {{"/*css*/", assets::replay_css}, {"/*js*/", assets::replay_js}, {"/*data*/", document}});
}

void report_estimate(std::ostream* os, const bt::tree_estimate& e, unsigned long long seed) {
  if (os == nullptr) return;
  *os << "estimate: ~" << std::llround(e.nodes) << " nodes (" << e.probes << " probes, seed "
      << seed << ", standard error " << std::llround(e.std_error) << ")\n";
}

}  // namespace btsolve
