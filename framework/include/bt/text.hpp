// SPDX-License-Identifier: MIT
// Reading text input line by line in bounded memory, shared by every problem's reader: a UTF-8
// byte-order mark and CRLF line ends are accepted (files saved by Windows editors), a line
// longer than a cap is reported instead of stored whole, and a comment line of any length is
// skipped without being stored.
#pragma once

#include <cstddef>
#include <istream>
#include <limits>
#include <string>
#include <string_view>

namespace bt {

/// The longest line a reader stores: 1 MiB. Real lines are far shorter (a 625-cell Sudoku,
/// 4,096 weights, a DIMACS edge); a longer one is refused, or skipped when it is a comment,
/// before its memory is spent (a 100 MB line would otherwise be held whole, several times).
inline constexpr std::size_t max_line = std::size_t{1} << 20;

/// What read_line found.
enum class line_status {
  eof,      ///< no line: the input is at its end (or failed)
  ok,       ///< a whole line
  too_long  ///< more than `max` characters: `line` holds the first `max`, the rest is unread
};

/// Skip a UTF-8 byte-order mark (EF BB BF) at the current position of in; anything else is
/// left unread. Call it before the first line.
inline void skip_bom(std::istream& in) {
  constexpr std::string_view bom = "\xEF\xBB\xBF";
  std::streambuf* sb = in.rdbuf();
  if (sb == nullptr || sb->sgetc() != static_cast<unsigned char>(bom[0])) return;
  // Only one byte can be put back portably: a partial mark loses its second byte, which is
  // no loss, as EF BB followed by anything else is no text a reader accepts.
  sb->sbumpc();
  for (std::size_t i = 1; i < bom.size(); ++i) {
    if (sb->sgetc() != static_cast<unsigned char>(bom[i])) {
      sb->sputbackc(bom[0]);
      return;
    }
    sb->sbumpc();
  }
}

/// Read one line of in into `line`, without its '\n' and a '\r' before it. At most `max`
/// characters are stored: a longer line gives too_long, `line` holding its first `max`
/// characters and the rest left in `in` for skip_line. Sets eofbit at the end of the input
/// (and failbit when there was no line).
inline line_status read_line(std::istream& in, std::string& line, std::size_t max = max_line) {
  line.clear();
  std::streambuf* sb = in.rdbuf();
  bool any = false;
  for (;;) {
    // Looked at before it is taken: the first character past `max` stays in the input.
    const int c = sb == nullptr ? std::char_traits<char>::eof() : sb->sgetc();
    if (c == std::char_traits<char>::eof()) {
      in.setstate(any ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      if (!any) return line_status::eof;
      break;
    }
    any = true;
    if (c != '\n' && line.size() == max) return line_status::too_long;
    sb->sbumpc();
    if (c == '\n') break;
    line.push_back(static_cast<char>(c));
  }
  if (!line.empty() && line.back() == '\r') line.pop_back();
  return line_status::ok;
}

/// Drop the rest of the current line, through its '\n', without storing it.
inline void skip_line(std::istream& in) {
  in.ignore(std::numeric_limits<std::streamsize>::max(), '\n');
}

/// A token of the input as a message shows it: its first `max` characters ("..." after them
/// when there are more), control characters as '?', so that a message stays one short line
/// however long the token.
inline std::string shown(std::string_view token, std::size_t max = 40) {
  std::string out(token.substr(0, max));
  for (char& c : out) {
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  }
  if (token.size() > max) out += "...";
  return out;
}

}  // namespace bt
