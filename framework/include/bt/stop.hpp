// SPDX-License-Identifier: MIT
// A stop object per search (MiniSat's and Gecode's shape): each search, or the threads of one
// run, polls its own stop_source, so two searches in one process stop independently. Ctrl-C
// reaches every live source: each holds a slot of one fixed, constant-initialised table, and
// interrupt_all() (async-signal-safe: lock-free atomic stores only) sets every slot in use.
#pragma once

#include <atomic>
#include <cstddef>

namespace bt {

namespace detail {

/// The slots of the live stop sources. Slot 0 is shared by the sources made while every other
/// slot is taken (they then stop together); it is never free.
inline constexpr std::size_t stop_slots = 256;

struct stop_table {
  std::atomic<bool> used[stop_slots];
  std::atomic<bool> stop[stop_slots];
  std::atomic<bool> interrupted;  ///< latched by interrupt_all, cleared by clear_interrupt
};

static_assert(std::atomic<bool>::is_always_lock_free, "a signal handler stores these");

// Constant-initialised (std::atomic's default constructor value-initialises, C++20): there is
// no guard for a signal handler to race with.
inline constinit stop_table stops{};

}  // namespace detail

/// Ctrl-C: stop every live stop source, and latch the request for the searches and the input
/// readers that start after it (until clear_interrupt). Async-signal-safe.
inline void interrupt_all() noexcept {
  // The latch first: a source being made reads it after taking its slot (see stop_source).
  detail::stops.interrupted.store(true);
  for (std::size_t i = 0; i < detail::stop_slots; ++i) {
    if (detail::stops.used[i].load()) detail::stops.stop[i].store(true);
  }
}

/// Whether Ctrl-C (interrupt_all) came since the last clear_interrupt: for work outside a
/// search, such as reading input or listing units.
inline bool interrupted() noexcept {
  return detail::stops.interrupted.load(std::memory_order_relaxed);
}

/// Forget the latched Ctrl-C (a Python run or a studio run starting afresh). Sources already
/// stopped stay stopped.
inline void clear_interrupt() noexcept { detail::stops.interrupted.store(false); }

/// A request to stop one search, or the threads of one run: polled by limit_visitor,
/// shared_limits and split_guard every so many nodes, never inside the engine's loop. A source
/// made after Ctrl-C (before clear_interrupt) starts stopped, as the runner's next searches
/// should.
class stop_source {
 public:
  stop_source() noexcept {
    for (std::size_t i = 1; i < detail::stop_slots; ++i) {
      bool expected = false;
      if (detail::stops.used[i].compare_exchange_strong(expected, true)) {
        slot_ = i;
        break;
      }
    }
    if (slot_ == 0) {
      detail::stops.used[0].store(true);  // the shared slot: this source is never its only user
      return;
    }
    // Taken, then cleared, then the latch read: a Ctrl-C between any two of these steps either
    // sets the slot (it is in use) or is seen in the latch.
    detail::stops.stop[slot_].store(false);
    if (interrupted()) detail::stops.stop[slot_].store(true);
  }
  stop_source(const stop_source&) = delete;
  stop_source& operator=(const stop_source&) = delete;
  ~stop_source() {
    if (slot_ != 0) detail::stops.used[slot_].store(false);
  }

  /// Ask the searches polling this source to stop (from any thread).
  void request_stop() noexcept { detail::stops.stop[slot_].store(true, std::memory_order_relaxed); }
  /// Whether a stop was asked of this source, or by Ctrl-C while it lived.
  [[nodiscard]] bool stop_requested() const noexcept {
    return detail::stops.stop[slot_].load(std::memory_order_relaxed);
  }
  /// Withdraw a stop request (to run again with the same source).
  void reset() noexcept { detail::stops.stop[slot_].store(false); }

 private:
  std::size_t slot_ = 0;
};

}  // namespace bt
