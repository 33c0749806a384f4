// SPDX-License-Identifier: MIT
// libFuzzer target for the subset-sum readers: the whole input as an instance file, and as the
// comma list of --weights. A refusal must be invalid_input with a one-line message; an
// accepted instance must keep the instance contract (1..max_items positive weights whose sum
// fits 64 bits).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <sstream>
#include <string>
#include <string_view>

#include <bt/problems/subsets/io.hpp>

namespace ss = bt::problems::subsets;

namespace {

void check_message(const ss::invalid_input& e) {
  if (std::string_view(e.what()).find('\n') != std::string_view::npos) std::abort();
}

void check_weights(const std::vector<std::uint64_t>& w) {
  if (w.empty() || w.size() > ss::max_items) std::abort();
  std::uint64_t sum = 0;
  for (const std::uint64_t x : w) {
    if (x == 0 || x > std::numeric_limits<std::uint64_t>::max() - sum) std::abort();
    sum += x;
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  try {
    std::istringstream in(text);
    const ss::instance inst = ss::read_instance(in, "fuzz");
    check_weights(inst.weights());
    if (inst.total() < inst.weights().back()) std::abort();
  } catch (const ss::invalid_input& e) {
    check_message(e);
    if (std::string_view(e.what()).rfind("fuzz:", 0) != 0) std::abort();
  }
  try {
    check_weights(ss::parse_weight_list(text));
  } catch (const ss::invalid_input& e) {
    check_message(e);
  }
  return 0;
}
