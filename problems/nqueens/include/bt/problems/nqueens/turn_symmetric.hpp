// SPDX-License-Identifier: MIT
// The solutions that a quarter turn or a half turn of the board leaves unchanged, as a problem
// of their own. Burnside's lemma turns their numbers and the total into the number of
// fundamental solutions (halves.hpp), so the total can be counted without symmetry classes.
#pragma once

#include <bit>
#include <cstdint>
#include <vector>

#include <bt/ranges.hpp>

namespace bt::problems::nqueens {

/// Boards fixed by a rotation of `turns` quarter turns (1: 90 degrees, 2: 180 degrees), rows
/// filled top-down (trail discipline). Placing a queen places its whole orbit under the
/// rotation at once (4 squares, 2, or the centre alone), and rows an image already filled are
/// skipped, so every solution of the tree is a rotation-fixed board, each found once.
class turn_symmetric_board {
 public:
  using mask = std::uint32_t;
  using value_type = mask;  ///< a one-bit mask: the column of the next row's queen

  /// The empty n x n board, 1 <= n <= 32, and the rotation (1 or 2 quarter turns).
  turn_symmetric_board(int n, int turns) : n_(n), turns_(turns) {
    all_ = n == 32 ? ~mask{0} : (mask{1} << n) - 1U;
  }

  [[nodiscard]] bool complete() const { return rows_ == all_; }
  [[nodiscard]] bt::bit_range<mask> candidates() const {
    return {static_cast<mask>(all_ & ~cols_)};
  }
  /// The queen's orbit fits: its squares are on free rows, columns and diagonals, and do not
  /// attack each other.
  [[nodiscard]] bool consistent(mask q) const {
    squares o{};
    return orbit(std::countr_zero(q), o);
  }
  void assign(mask q) {
    squares o{};
    orbit(std::countr_zero(q), o);
    trail_.push_back({rows_, cols_, d1_, d2_});
    rows_ = o.rows;
    cols_ = o.cols;
    d1_ = o.d1;
    d2_ = o.d2;
  }
  void unassign(mask) {
    const saved& s = trail_.back();
    rows_ = s.rows;
    cols_ = s.cols;
    d1_ = s.d1;
    d2_ = s.d2;
    trail_.pop_back();
  }

 private:
  struct saved {
    mask rows, cols;
    std::uint64_t d1, d2;
  };
  struct squares {
    mask rows = 0, cols = 0;
    std::uint64_t d1 = 0, d2 = 0;
  };
  // The next row's queen at column c with its images: the occupied sets after placing them,
  // or false when they collide. The centre of an odd board is its own image.
  bool orbit(int c, squares& o) const {
    o = {rows_, cols_, d1_, d2_};
    const int r = std::countr_zero(static_cast<mask>(~rows_));
    const int last = n_ - 1;
    int qr = r;
    int qc = c;
    const int images = turns_ == 1 ? 4 : 2;
    for (int i = 0; i < images; ++i) {
      if (i > 0 && qr == r && qc == c) break;  // the orbit closed early: the centre
      const mask rb = mask{1} << qr;
      const mask cb = mask{1} << qc;
      const std::uint64_t a = std::uint64_t{1} << (qr + qc);
      const std::uint64_t b = std::uint64_t{1} << (qr - qc + last);
      if ((o.rows & rb) != 0 || (o.cols & cb) != 0 || (o.d1 & a) != 0 || (o.d2 & b) != 0) {
        return false;
      }
      o.rows |= rb;
      o.cols |= cb;
      o.d1 |= a;
      o.d2 |= b;
      // one rotation step: a quarter turn (r, c) -> (c, n-1-r), or a half turn
      if (turns_ == 1) {
        const int t = qr;
        qr = qc;
        qc = last - t;
      } else {
        qr = last - qr;
        qc = last - qc;
      }
    }
    return true;
  }

  int n_;
  int turns_;
  mask all_ = 0;
  mask rows_ = 0;
  mask cols_ = 0;
  std::uint64_t d1_ = 0;
  std::uint64_t d2_ = 0;
  std::vector<saved> trail_;
};

}  // namespace bt::problems::nqueens
