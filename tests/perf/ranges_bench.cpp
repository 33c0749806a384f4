// SPDX-License-Identifier: MIT
// Domains as ranges: range-v3 (and, where the compiler takes it, std::views) against the
// hand-written bt::int_range and bt::bit_range (bt/ranges.hpp), counting all N-Queens
// solutions with bt::search. Two problems, each templated on its candidates() range:
//  - trail: columns and both diagonals as bool arrays, candidates = the columns 0..n-1;
//  - bits: the three-mask bitboard (copy discipline), candidates = the free-column bits.
// Each variant row times its own search and, alternated with it in the same loop, the bt::
// range's search for the same n: x_bt = variant time / bt:: range time over the same
// iterations, so both see the same machine load. Times are the thread's CPU time (manual
// time). A wrong count fails the row.
// Counters: in_regs = 1 when the engine keeps the iterator and sentinel in registers (a few
// trivially copyable words, engine.hpp, cursor), keeps_range = 1 when the frame must keep the
// range itself (not a std::ranges::borrowed_range), it_bytes = sizeof iterator + sentinel.
#include <benchmark/benchmark.h>

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <ranges>
#include <type_traits>

#include <bt/bt.hpp>
#include <bt/ranges.hpp>

#if BT_HAVE_RANGE_V3
#include <range/v3/view/facade.hpp>
#include <range/v3/view/filter.hpp>
#include <range/v3/view/iota.hpp>
#endif

// libstdc++ 12's views do not compile with Clang 14 (docs/performance.md has the error).
#ifndef BT_HAVE_STD_VIEWS
#if defined(__clang__)
#define BT_HAVE_STD_VIEWS 0
#else
#define BT_HAVE_STD_VIEWS 1
#endif
#endif

#if defined(__GNUC__) && !defined(__clang__)
#define BT_BENCH_NOIPA [[gnu::noipa]]
#else
#define BT_BENCH_NOIPA [[gnu::noinline]]
#endif

namespace {

using mask = std::uint32_t;

std::uint64_t expected(int n) {
  switch (n) {
    case 11: return 2680;
    case 12: return 14200;
    case 13: return 73712;
    default: return 0;
  }
}

// ---- (a) trail discipline: bool arrays, candidates = columns 0..n-1 -------------------------

template <class Cands>
class queens_trail {
 public:
  using value_type = int;
  explicit queens_trail(int n) : n_(n) {}

  [[nodiscard]] bool complete() const { return row_ == n_; }
  [[nodiscard]] auto candidates() const { return Cands::make(n_); }
  [[nodiscard]] bool consistent(int c) const {
    return !col_[u(c)] && !up_[u(row_ + c)] && !down_[u(row_ - c + n_ - 1)];
  }
  void assign(int c) {
    set(c, true);
    ++row_;
  }
  void unassign(int c) {
    --row_;
    set(c, false);
  }

 private:
  static std::size_t u(int i) { return static_cast<std::size_t>(i); }
  void set(int c, bool v) {
    col_[u(c)] = v;
    up_[u(row_ + c)] = v;
    down_[u(row_ - c + n_ - 1)] = v;
  }
  int n_;
  int row_ = 0;
  std::array<bool, 32> col_{};
  std::array<bool, 64> up_{}, down_{};
};

struct bt_int {
  static bt::int_range make(int n) { return {0, n}; }
};
#if BT_HAVE_RANGE_V3
struct v3_iota {
  static auto make(int n) { return ranges::views::iota(0, n); }
};
// The same view, declared a std borrowed range (range-v3 0.12 declares it borrowed only for
// its own ranges::enable_borrowed_range): shows what the engine's keeps_range costs.
struct v3_iota_borrowed {
  struct view : ranges::iota_view<int, int> {
    using ranges::iota_view<int, int>::iota_view;
  };
  static view make(int n) { return view(0, n); }
};
#endif
}  // namespace
#if BT_HAVE_RANGE_V3
template <>
inline constexpr bool std::ranges::enable_borrowed_range<v3_iota_borrowed::view> = true;
#endif
namespace {
#if BT_HAVE_STD_VIEWS
struct std_iota {
  static auto make(int n) { return std::views::iota(0, n); }
};
#endif

// ---- (b) copy discipline: three masks, candidates = the free columns ------------------------

template <class Cands>
struct queens_bits {
  using value_type = typename Cands::value_type;
  mask all = 0, cols = 0, ld = 0, rd = 0;

  [[nodiscard]] bool complete() const { return cols == all; }
  [[nodiscard]] auto candidates() const {
    return Cands::make(all, static_cast<mask>(all & ~(cols | ld | rd)));
  }
  [[nodiscard]] queens_bits child(value_type v) const {
    const mask q = Cands::bit(v);
    return {all, static_cast<mask>(cols | q), static_cast<mask>((ld | q) << 1U),
            static_cast<mask>((rd | q) >> 1U)};
  }
};

struct bt_bits {
  using value_type = mask;
  static bt::bit_range<mask> make(mask, mask free) { return {free}; }
  static mask bit(mask q) { return q; }
};

#if BT_HAVE_RANGE_V3
// iota(0, n) | filter(column c free): the values are columns.
struct v3_filter {
  using value_type = int;
  static auto make(mask all, mask free) {
    return ranges::views::iota(0, static_cast<int>(std::bit_width(all))) |
           ranges::views::filter([free](int c) { return ((free >> c) & 1U) != 0; });
  }
  static mask bit(int c) { return mask{1} << c; }
};

// A range-v3 view_facade over the set bits: bt::bit_range's iterator as a range-v3 cursor.
class v3_bit_view : public ranges::view_facade<v3_bit_view, ranges::finite> {
 public:
  v3_bit_view() = default;
  explicit v3_bit_view(mask bits) : bits_(bits) {}

 private:
  friend ranges::range_access;
  struct cursor {
    mask rest = 0;
    [[nodiscard]] mask read() const { return static_cast<mask>(rest & (~rest + 1U)); }
    void next() { rest = static_cast<mask>(rest & (rest - 1U)); }
    [[nodiscard]] bool equal(ranges::default_sentinel_t) const { return rest == 0; }
    [[nodiscard]] bool equal(const cursor& o) const { return rest == o.rest; }
  };
  [[nodiscard]] cursor begin_cursor() const { return {bits_}; }
  mask bits_ = 0;
};
}  // namespace
// Its cursor does not point into the view: borrowed, declared for std as bt::bit_range is.
template <>
inline constexpr bool std::ranges::enable_borrowed_range<v3_bit_view> = true;
namespace {
struct v3_facade {
  using value_type = mask;
  static v3_bit_view make(mask, mask free) { return v3_bit_view{free}; }
  static mask bit(mask q) { return q; }
};
#endif

// ---- the engine's view of each range type -----------------------------------------------------

template <class P>
struct engine_traits {
  using F = bt::detail::frame<P, false>;
  using I = typename F::iterator;
  using S = typename F::sentinel;
  // The condition of engine.hpp's register cursor.
  static constexpr bool in_regs =
      std::is_trivially_copyable_v<I> && std::is_trivially_copyable_v<S> && std::copyable<I> &&
      std::copyable<S> && std::default_initializable<I> && std::default_initializable<S> &&
      sizeof(I) + sizeof(S) <= 4 * sizeof(void*);
  static constexpr bool keeps = bt::detail::keeps_range<typename F::range_type>;
  static constexpr std::size_t bytes = sizeof(I) + sizeof(S);
};

// One search for n; its own function, so callgrind can count it (--once). noipa on GCC:
// GCC 12 -O3 lost the count (0 instead of 2680, trail problem with bt::int_range) when n = 11
// was propagated from seconds() into a clone of this function; -fno-ipa-cp restored it, and
// ASan, UBSan and valgrind find nothing. The runner's n is a run-time value, as it is here.
template <class P>
BT_BENCH_NOIPA std::uint64_t count(int n) {
  bt::solution_counter c;
  if constexpr (bt::copy_problem<P>) {
    const mask all = n == 32 ? ~mask{0} : static_cast<mask>((mask{1} << n) - 1U);
    bt::search(P{all, 0, 0, 0}, c);
  } else {
    P p(n);
    bt::search(p, c);
  }
  return c.count;
}

// This thread's CPU time: on the shared machine, wall time also counts the other builds.
double cpu_now() {
  timespec t{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + 1e-9 * static_cast<double>(t.tv_nsec);
}

template <class F>
double seconds(F f, std::uint64_t& count, int n) {
  const double t0 = cpu_now();
  count = f(n);
  benchmark::DoNotOptimize(count);
  return cpu_now() - t0;
}

// Ref: the bt:: range's problem; P: the variant. Ref == P times the reference alone.
template <class Ref, class P>
void bench(benchmark::State& st) {
  const int n = static_cast<int>(st.range(0));
  constexpr bool reference = std::is_same_v<Ref, P>;
  double mine = 0;
  double ref = 0;
  for (auto _ : st) {
    std::uint64_t got = 0;
    const double t = seconds(count<P>, got, n);
    st.SetIterationTime(t);
    mine += t;
    if (got != expected(n)) {
      st.SkipWithError("wrong solution count");
      break;
    }
    if constexpr (!reference) {
      std::uint64_t rc = 0;
      ref += seconds(count<Ref>, rc, n);
      if (rc != expected(n)) {
        st.SkipWithError("wrong solution count (bt:: range)");
        break;
      }
    }
  }
  if constexpr (!reference) {
    if (ref > 0) {
      st.counters["x_bt"] = mine / ref;
    }
  }
  using tr = engine_traits<P>;
  st.counters["in_regs"] = tr::in_regs ? 1 : 0;
  st.counters["keeps_range"] = tr::keeps ? 1 : 0;
  st.counters["it_bytes"] = static_cast<double>(tr::bytes);
}

template <class C>
using trail_p = queens_trail<C>;
template <class C>
using bits_p = queens_bits<C>;

struct row {
  const char* name;
  void (*bench)(benchmark::State&);
  std::uint64_t (*count)(int);
};
template <class Ref, class P>
constexpr row make_row(const char* name) {
  return {name, bench<Ref, P>, count<P>};
}

using tref = trail_p<bt_int>;
using bref = bits_p<bt_bits>;
constexpr row rows[] = {
    make_row<tref, tref>("trail/bt::int_range"),
#if BT_HAVE_RANGE_V3
    make_row<tref, trail_p<v3_iota>>("trail/ranges::views::iota"),
    make_row<tref, trail_p<v3_iota_borrowed>>("trail/ranges::views::iota+std_borrowed"),
#endif
#if BT_HAVE_STD_VIEWS
    make_row<tref, trail_p<std_iota>>("trail/std::views::iota"),
#endif
    make_row<bref, bref>("bits/bt::bit_range"),
#if BT_HAVE_RANGE_V3
    make_row<bref, bits_p<v3_filter>>("bits/ranges::views::iota|filter"),
    make_row<bref, bits_p<v3_facade>>("bits/ranges::view_facade"),
#endif
};

}  // namespace

// --once=N: one search per row for N, no timing (for valgrind --tool=callgrind, whose
// inclusive cost per count<...> function is then the instructions of one search).
int main(int argc, char** argv) {
  if (argc == 2 && std::strncmp(argv[1], "--once=", 7) == 0) {
    const int n = std::atoi(argv[1] + 7);
    for (const row& r : rows) {
      const std::uint64_t c = r.count(n);
      std::printf("%s %d: %llu\n", r.name, n, static_cast<unsigned long long>(c));
    }
    return 0;
  }
  for (const row& r : rows) {
    benchmark::RegisterBenchmark(r.name, r.bench)
        ->DenseRange(11, 13)
        ->UseManualTime()
        ->Unit(benchmark::kMillisecond)
        ->MinTime(0.3);
  }
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) {
    return 1;
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  return 0;
}
