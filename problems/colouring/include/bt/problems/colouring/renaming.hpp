// SPDX-License-Identifier: MIT
// From colourings up to renaming back to labelled colourings. The dsatur model reaches one
// canonical colouring per class (colours 1..k in order of first use); the labelled colourings
// with colours from 1..m in its class are its images under the k-permutations of 1..m, so the
// class counts m (m-1) ... (m-k+1) colourings and they can be listed without searching again.
#pragma once

#include <cstddef>
#include <cstdint>
#include <limits>
#include <span>
#include <stdexcept>
#include <vector>

#include <bt/events.hpp>

namespace bt::problems::colouring {

/// Thrown when a count of colourings does not fit in 64 bits.
struct count_overflow : std::overflow_error {
  using std::overflow_error::overflow_error;
};

/// The number of injective renamings of k colours into 1..m, m (m-1) ... (m-k+1), for each k.
class renamings {
 public:
  /// Table up to k = kmax; entries past 2^64 - 1 are marked and throw when used.
  renamings(int m, int kmax) {
    constexpr std::uint64_t top = std::numeric_limits<std::uint64_t>::max();
    std::uint64_t f = 1;
    bool over = false;
    for (int k = 0; k <= kmax; ++k) {
      table_.push_back(over ? 0 : f);
      big_.push_back(over);
      const auto factor = static_cast<std::uint64_t>(m > k ? m - k : 0);
      if (!over && factor != 0 && f > top / factor) over = true;
      f *= factor;
    }
  }
  /// m (m-1) ... (m-k+1); throws count_overflow past 2^64 - 1.
  [[nodiscard]] std::uint64_t of(int k) const {
    const auto i = static_cast<std::size_t>(k);
    if (big_[i]) throw count_overflow("the number of colourings exceeds 2^64 - 1");
    return table_[i];
  }

 private:
  std::vector<std::uint64_t> table_;
  std::vector<bool> big_;
};

/// a + b, or count_overflow.
inline std::uint64_t add_count(std::uint64_t a, std::uint64_t b) {
  if (a > std::numeric_limits<std::uint64_t>::max() - b) {
    throw count_overflow("the number of colourings exceeds 2^64 - 1");
  }
  return a + b;
}

/// Call f(colouring) for each renaming of `canonical` (colours 1..k, 0 nowhere) into 1..m,
/// in lexicographic order of the images of 1..k, the identity first. f returns bt::flow; the
/// walk stops at the first bt::flow::stop, which is returned.
template <class F>
bt::flow for_each_renaming(std::span<const int> canonical, int k, int m, F f) {
  const auto uk = static_cast<std::size_t>(k);
  std::vector<int> image(uk + 1, 0);  // image[c] for c = 1..k
  std::vector<char> taken(static_cast<std::size_t>(m) + 1, 0);
  std::vector<int> out(canonical.size());
  // Depth-first over the images of 1..k: image[c] runs through the untaken colours ascending.
  std::size_t c = 1;
  if (uk == 0) return f(std::span<const int>(out));
  image[1] = 0;
  while (c >= 1) {
    if (image[c] != 0) taken[static_cast<std::size_t>(image[c])] = 0;
    int next = image[c] + 1;
    while (next <= m && taken[static_cast<std::size_t>(next)] != 0) ++next;
    if (next > m) {
      image[c] = 0;
      --c;
      continue;
    }
    image[c] = next;
    taken[static_cast<std::size_t>(next)] = 1;
    if (c < uk) {
      ++c;
      image[c] = 0;
      continue;
    }
    for (std::size_t v = 0; v < canonical.size(); ++v) {
      out[v] = image[static_cast<std::size_t>(canonical[v])];
    }
    if (f(std::span<const int>(out)) == bt::flow::stop) return bt::flow::stop;
  }
  return bt::flow::go_on;
}

}  // namespace bt::problems::colouring
