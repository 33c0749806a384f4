// SPDX-License-Identifier: MIT
#include "commands/merge.hpp"

#include <boost/program_options.hpp>
#include <cstdint>
#include <fstream>
#include <limits>
#include <ostream>
#include <string>
#include <unordered_map>
#include <vector>

#include <nlohmann/json.hpp>

#include <bt/text.hpp>
#include <btsolve/errors.hpp>
#include <btsolve/registry.hpp>

#include "units/line_check.hpp"

namespace btsolve {
namespace {

namespace po = boost::program_options;

/// The most units a count may have: a line claiming more is refused before memory is spent.
constexpr std::uint64_t max_units = 100'000'000;

// Where a unit's result was read (the file name is owned by the command's arguments).
struct origin {
  const std::string* file = nullptr;
  std::size_t line = 0;
  [[nodiscard]] std::string where() const { return *file + " line " + std::to_string(line); }
};

// The totals of the result lines read so far, and what every line must agree on.
struct merged {
  std::string digest;
  std::string params;
  origin first;
  std::size_t units = 0;
  std::string tally;  // the name of the extra count, or empty
  // The extra count is the sum of the lines' tallies divided by this (unit_source's
  // tally_divisor: 8 for N-Queens' meet in the middle, whose units hold shares of 8 x unique).
  std::uint64_t divisor = 1;
  // A bit per unit, and the origin of the lines read only: a claimed unit count costs an
  // eighth of a byte per unit before the lines are there to fill it.
  std::vector<bool> seen;
  std::unordered_map<std::uint64_t, origin> where;
  std::uint64_t total = 0;
  std::uint64_t tally_total = 0;
  std::uint64_t nodes = 0;
};

std::uint64_t whole(const nlohmann::json& j, const char* key, const origin& here) {
  const auto it = j.find(key);
  if (it == j.end() || !it->is_number_unsigned()) {
    throw usage_error("merge: " + here.where() + ": \"" + key + "\" is not a whole number");
  }
  return it->get<std::uint64_t>();
}

std::uint64_t add(std::uint64_t a, std::uint64_t b, const origin& here) {
  if (b > std::numeric_limits<std::uint64_t>::max() - a) {
    throw usage_error("merge: " + here.where() + ": the total overflows 64 bits");
  }
  return a + b;
}

// One result line of a --unit run, checked field by field.
void add_line(merged& m, const std::string& text, const origin& here) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object() || !j.contains("unit") || !j.contains("digest") ||
      !j.contains("total") || !j["digest"].is_string()) {
    throw usage_error("merge: " + here.where() + " is not a result line of --unit");
  }
  if (!j.contains("check") || !j["check"].is_string()) {
    throw usage_error("merge: " + here.where() +
                      " has no \"check\" field (written before btsolve checked its lines?); "
                      "count that unit again");
  }
  if (j["check"].get<std::string>() != line_check(j)) {
    throw usage_error("merge: " + here.where() +
                      " was changed after it was written (its check does not match); "
                      "count that unit again");
  }
  const std::uint64_t k = whole(j, "unit", here);
  const std::uint64_t units = whole(j, "units", here);
  if (units == 0 || units > max_units) {
    throw usage_error("merge: " + here.where() + ": \"units\" is " + std::to_string(units) +
                      ", not 1.." + std::to_string(max_units));
  }
  if (!j.contains("done") || !j["done"].is_boolean()) {
    throw usage_error("merge: " + here.where() + " is not a result line of --unit");
  }
  if (!j["done"].get<bool>()) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                      " was stopped before its end; run it again");
  }
  const std::string digest = j["digest"].get<std::string>();
  const std::string tally =
      j.contains("tally") && j["tally"].is_string() ? j["tally"].get<std::string>() : std::string();
  const std::uint64_t divisor = j.contains("tally_divisor") ? whole(j, "tally_divisor", here) : 1;
  if (divisor == 0) {
    throw usage_error("merge: " + here.where() +
                      ": \"tally_divisor\" is 0, not a whole number from 1");
  }
  if (m.digest.empty()) {
    m.digest = digest;
    m.divisor = divisor;
    m.params = j.value("params", std::string());
    m.units = static_cast<std::size_t>(units);
    m.tally = tally;
    m.first = here;
    m.seen.resize(m.units);
  } else if (digest != m.digest || units != m.units || tally != m.tally || divisor != m.divisor) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                      " has parameters digest " + one_line(digest, 40) + ", not " + m.digest +
                      " as " + m.first.where() + " (" +
                      one_line(j.value("params", std::string()), 200) + ")");
  }
  if (k >= m.units) {
    throw usage_error("merge: " + here.where() + ": unit " + std::to_string(k) +
                      " is out of range 0.." + std::to_string(m.units - 1));
  }
  if (m.seen[k]) {
    throw usage_error("merge: unit " + std::to_string(k) +
                      " is duplicated: " + m.where.at(k).where() + " and " + here.where());
  }
  m.seen[k] = true;
  m.where.emplace(k, here);
  m.total = add(m.total, whole(j, "total", here), here);
  if (!m.tally.empty()) m.tally_total = add(m.tally_total, whole(j, m.tally.c_str(), here), here);
  if (j.contains("nodes")) m.nodes = add(m.nodes, whole(j, "nodes", here), here);
}

}  // namespace

int merge_command::run(const registry&, const std::vector<std::string>& args, run_io io) {
  refuse_placeholders(args);
  po::options_description own("merge options");
  own.add_options()("help,h", "show this help")("format", po::value<std::string>(),
                                                "text (default) or json")(
      "files", po::value<std::vector<std::string>>(), "the result files of --unit runs");
  po::positional_options_description pos;
  pos.add("files", -1);
  po::variables_map vm;
  po::store(po::command_line_parser(args).options(own).positional(pos).run(), vm);
  po::notify(vm);
  if (vm.count("help")) {
    io.out << "Usage: btsolve merge [--format text|json] FILES...\n\n" << own;
    return exit_code::solved;
  }
  const std::string format = vm.count("format") ? vm["format"].as<std::string>() : "text";
  if (format != "text" && format != "json") {
    throw usage_error("--format for merge is text or json, not " + quote(format));
  }
  if (!vm.count("files")) throw usage_error("merge needs the result files of --unit runs");
  merged m;
  for (const auto& file : vm["files"].as<std::vector<std::string>>()) {
    std::ifstream in(file);
    if (!in) throw usage_error("merge: cannot read " + one_line(file, 200));
    std::string text;
    std::size_t line_no = 0;
    bt::skip_bom(in);
    for (bt::line_status got; (got = bt::read_line(in, text)) != bt::line_status::eof;) {
      const origin here{&file, ++line_no};
      if (got == bt::line_status::too_long) {
        throw usage_error("merge: " + here.where() + " is longer than " +
                          std::to_string(bt::max_line) + " bytes: not a result line of --unit");
      }
      if (text.find_first_not_of(" \t") != std::string::npos) add_line(m, text, here);
    }
    if (in.bad()) throw usage_error("merge: cannot read " + one_line(file, 200));
  }
  if (m.digest.empty()) throw usage_error("merge: no result lines in the files given");
  std::size_t missing = 0;
  std::size_t first_missing = 0;
  for (std::size_t k = 0; k < m.units; ++k) {
    if (!m.seen[k] && missing++ == 0) first_missing = k;
  }
  if (missing != 0) {
    throw usage_error("merge: unit " + std::to_string(first_missing) + " is missing" +
                      (missing > 1 ? " (and " + std::to_string(missing - 1) + " more)" : "") +
                      " from the files given (" + std::to_string(m.units) + " units, digest " +
                      m.digest + ")");
  }
  if (m.tally_total % m.divisor != 0) {
    throw usage_error("merge: the units' " + m.tally + " shares add up to " +
                      std::to_string(m.tally_total) + ", which \"tally_divisor\" " +
                      std::to_string(m.divisor) + " does not divide (digest " + m.digest + ")");
  }
  m.tally_total /= m.divisor;
  if (format == "json") {
    nlohmann::ordered_json j = {
        {"params", m.params}, {"digest", m.digest}, {"units", m.units}, {"count", m.total}};
    if (!m.tally.empty()) j[m.tally] = m.tally_total;
    j["nodes"] = m.nodes;
    io.out << j.dump() << '\n';
  } else {
    io.out << "count: " << m.total << '\n';
    if (!m.tally.empty()) io.out << m.tally << ": " << m.tally_total << '\n';
  }
  return m.total == 0 ? exit_code::no_solution : exit_code::solved;
}

}  // namespace btsolve
