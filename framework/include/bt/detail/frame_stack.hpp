// SPDX-License-Identifier: MIT
// The explicit stack of the iterative search (engine.hpp): frames in blocks that never move.
#pragma once

#include <algorithm>
#include <cstddef>
#include <memory>
#include <new>
#include <type_traits>
#include <vector>

#include <bt/detail/config.hpp>

namespace bt::detail {

// The cells are unions on purpose: a frame's state and iterator are made in place when a
// node is expanded, with no default construction and no flag on the hot path, which
// std::optional and std::variant would add (docs/performance.md, "Any depth").
// NOLINTBEGIN(cppcoreguidelines-pro-type-union-access)
/// Room for one T at a fixed address, made and ended by hand. A T whose destructor does
/// nothing needs no bookkeeping: an exception then leaves nothing to end.
template <class T, bool = std::is_trivially_destructible_v<T>>
class cell {
 public:
  cell() noexcept {}  // NOLINT: the union member is made later, by make()
  ~cell() = default;
  cell(const cell&) = delete;
  cell& operator=(const cell&) = delete;

  /// Make the object from make_it(), which returns a T (no copy or move is made).
  template <class F>
  BT_INLINE T& make(F&& make_it) {
    return *::new (static_cast<void*>(&obj_)) T(static_cast<F&&>(make_it)());
  }
  BT_INLINE T& get() noexcept { return obj_; }
  BT_INLINE const T& get() const noexcept { return obj_; }
  BT_INLINE void end() noexcept {}

 private:
  union {
    T obj_;
  };
};

/// The same for a T with a destructor: the cell remembers whether it holds one, so a stack
/// given up by an exception ends what it holds.
template <class T>
class cell<T, false> {
 public:
  cell() noexcept {}  // NOLINT: the union member is made later, by make()
  ~cell() {
    if (full_) obj_.~T();
  }
  cell(const cell&) = delete;
  cell& operator=(const cell&) = delete;

  template <class F>
  BT_INLINE T& make(F&& make_it) {
    T* p = ::new (static_cast<void*>(&obj_)) T(static_cast<F&&>(make_it)());
    full_ = true;
    return *p;
  }
  BT_INLINE T& get() noexcept { return obj_; }
  BT_INLINE const T& get() const noexcept { return obj_; }
  BT_INLINE void end() noexcept {
    obj_.~T();
    full_ = false;
  }

 private:
  union {
    T obj_;
  };
  bool full_ = false;
};
// NOLINTEND(cppcoreguidelines-pro-type-union-access)

/// A stack of Frames that never move while they are on it (a range's iterator may point into
/// the range, which lives in a frame). The first frames are inside the object itself, so a
/// shallow search allocates nothing; deeper ones go to blocks of doubling size, kept until the
/// stack is destroyed, so a search allocates only when it first goes deeper than before.
/// Frames are default-constructed once, when their block is made, and destroyed with it.
template <class Frame>
class frame_stack {
 public:
  frame_stack() : first_(inline_), last_(inline_ + inline_frames - 1) {}
  frame_stack(const frame_stack&) = delete;
  frame_stack& operator=(const frame_stack&) = delete;
  ~frame_stack() {
    while (!blocks_.empty()) blocks_.pop_back();  // deepest first, as a recursion unwinds
  }

  /// The frame of the search's root.
  Frame* bottom() noexcept { return inline_; }
  /// Move f, the top frame, one frame up.
  BT_INLINE void push(Frame*& f) {
    if (f != last_) {
      ++f;
    } else {
      f = next_block();
    }
  }
  /// Move f, the top frame, one frame down; false, and f unchanged, when f is bottom().
  BT_INLINE bool pop(Frame*& f) noexcept {
    if (f != first_) {
      --f;
      return true;
    }
    Frame* const below = previous_block();  // f stays in a register: its address is not taken
    if (below == nullptr) {
      return false;
    }
    f = below;
    return true;
  }

 private:
  // About 4 KiB inside the object (on the caller's thread stack, sanitizers included), then
  // heap blocks of 2, 4, 8, ... times that, up to about 1 MiB each.
  static constexpr std::size_t inline_frames = std::max<std::size_t>(4, 4096 / sizeof(Frame));
  static constexpr std::size_t largest_block =
      std::max<std::size_t>(inline_frames, (std::size_t{1} << 20) / sizeof(Frame));

  // Frames in blocks_[i].
  [[nodiscard]] static std::size_t block_frames(std::size_t i) {
    return std::min(largest_block, inline_frames << std::min<std::size_t>(i + 1, 20));
  }

  // Out of line: called at a block's last frame only.
  [[gnu::noinline]] Frame* next_block() {
    if (at_ == blocks_.size()) {
      blocks_.push_back(std::make_unique<Frame[]>(block_frames(at_)));
    }
    first_ = blocks_[at_].get();
    last_ = first_ + block_frames(at_) - 1;
    ++at_;
    return first_;
  }

  // The last frame of the block below, or null when the top frame is the bottom one.
  [[gnu::noinline]] Frame* previous_block() noexcept {
    if (at_ == 0) {
      return nullptr;
    }
    --at_;
    if (at_ == 0) {
      first_ = inline_;
      last_ = inline_ + inline_frames - 1;
    } else {
      first_ = blocks_[at_ - 1].get();
      last_ = first_ + block_frames(at_ - 1) - 1;
    }
    return last_;
  }

  Frame* first_;  // the current block: inline_ when at_ == 0, else blocks_[at_ - 1]
  Frame* last_;
  std::size_t at_ = 0;
  std::vector<std::unique_ptr<Frame[]>> blocks_;
  Frame inline_[inline_frames];
};

}  // namespace bt::detail
