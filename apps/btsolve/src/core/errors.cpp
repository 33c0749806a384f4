// SPDX-License-Identifier: MIT
#include <btsolve/errors.hpp>

#include <string>

namespace btsolve {
namespace {

// Control characters (a newline inside an argument) as '?': an error stays one line.
std::string printable(std::string_view text) {
  std::string out(text);
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  return out;
}

}  // namespace

std::string one_line(std::string_view text, std::size_t max) {
  std::string out = printable(text.substr(0, max));
  if (text.size() > max) out += "... (" + std::to_string(text.size() - max) + " more characters)";
  return out;
}

std::string quote(std::string_view token) {
  constexpr std::size_t shown = 40;
  return "'" + printable(token.substr(0, shown)) + (token.size() > shown ? "...'" : "'");
}

}  // namespace btsolve
