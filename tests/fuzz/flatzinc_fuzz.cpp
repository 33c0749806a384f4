// SPDX-License-Identifier: MIT
// libFuzzer target for the FlatZinc reader (bt::flatzinc): the input as a .fzn file, read,
// translated onto the constraint layer and searched for a few hundred nodes and at most
// 100 ms. A refusal must be flatzinc::error (or usage_error, for a model the switches cannot
// take) with a one-line message; nothing may crash, hang or leak.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include <bt/flatzinc/flatzinc.hpp>

namespace fz = bt::flatzinc;

namespace {

void check_message(std::string_view what) {
  if (what.empty() || what.find('\n') != std::string_view::npos) std::abort();
}

// Arrays declared without a value make one variable an element: a few bytes can ask for
// billions (refused in a real run by memory, not by the reader). Searched models stay small.
bool small(const fz::model& m) {
  std::int64_t elements = 0;
  for (const fz::declaration& d : m.declarations)
    elements += d.type.is_array ? d.type.array_size : 1;
  return elements <= 100000;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const fz::model m = fz::parse(text, "fuzz.fzn");
    if (!small(m)) return 0;
    const fz::instance inst = fz::translate(m);
    // 100 ms: an input whose propagation crawls (x < y, y < x over 10^9 values) meets it in
    // the middle of a node; a longer one would take the fuzzer's time from the others.
    const std::vector<std::string> args{"-a", "--node-limit", "300", "-t", "100", "-s", "fuzz.fzn"};
    std::ostringstream out;
    std::ostringstream err;
    fz::solve(inst, fz::parse_options(args), out, err);
  } catch (const fz::error& e) {
    check_message(e.what());
  } catch (const fz::usage_error& e) {
    check_message(e.what());
  }
  return 0;
}
