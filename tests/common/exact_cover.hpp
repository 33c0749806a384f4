// SPDX-License-Identifier: MIT
// Pentomino packings as exact cover (Knuth, "Dancing links", 2000): the rows are the
// placements of the twelve pieces on a W x H board, the columns the pieces and the cells. The
// test and the benchmark state it for the constraint layer (one exactly-one constraint per
// column) and for a dancing-links program.
#pragma once

#include <algorithm>
#include <array>
#include <set>
#include <utility>
#include <vector>

namespace exact_cover {

/// An exact cover instance: each row lists its columns (ascending).
struct instance {
  int columns = 0;
  std::vector<std::vector<int>> rows;
};

/// The pentomino packings of a w x h board (w * h = 60): columns 0..11 the pieces, then the
/// cells; one row per placement of a piece in one of its orientations.
inline instance pentominoes(int w, int h) {
  using cell = std::pair<int, int>;
  const std::array<std::vector<cell>, 12> pieces = {{
      {{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}},  // F
      {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}},  // I
      {{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}},  // L
      {{1, 0}, {1, 1}, {0, 2}, {1, 2}, {0, 3}},  // N
      {{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}},  // P
      {{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}},  // T
      {{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}},  // U
      {{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}},  // V
      {{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}},  // W
      {{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}},  // X
      {{1, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}},  // Y
      {{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}},  // Z
  }};
  instance in;
  in.columns = 12 + w * h;
  for (int p = 0; p < 12; ++p) {
    std::set<std::vector<cell>> shapes;
    for (int t = 0; t < 8; ++t) {
      std::vector<cell> s;
      for (auto [x, y] : pieces[static_cast<std::size_t>(p)]) {
        if (t & 1) x = -x;
        if (t & 2) y = -y;
        if (t & 4) std::swap(x, y);
        s.emplace_back(x, y);
      }
      int mx = 100, my = 100;
      for (const auto& [x, y] : s) mx = std::min(mx, x), my = std::min(my, y);
      for (auto& [x, y] : s) x -= mx, y -= my;
      std::sort(s.begin(), s.end());
      shapes.insert(s);
    }
    for (const auto& s : shapes) {
      for (int oy = 0; oy < h; ++oy) {
        for (int ox = 0; ox < w; ++ox) {
          std::vector<int> row{p};
          bool inside = true;
          for (const auto& [x, y] : s) {
            if (ox + x >= w || oy + y >= h) inside = false;
            row.push_back(12 + (oy + y) * w + ox + x);
          }
          if (!inside) continue;
          std::sort(row.begin(), row.end());
          in.rows.push_back(std::move(row));
        }
      }
    }
  }
  return in;
}

/// Knuth's Algorithm X with dancing links, counting the exact covers (column with the fewest
/// rows first, ties to the leftmost). nodes counts the rows tried.
class dancing_links {
 public:
  explicit dancing_links(const instance& in) {
    const int c = in.columns;
    // node 0 is the root; 1..c the column headers; then the row nodes
    for (int i = 0; i <= c; ++i) {
      left_.push_back(i == 0 ? c : i - 1);
      right_.push_back(i == c ? 0 : i + 1);
      up_.push_back(i);
      down_.push_back(i);
      col_.push_back(i);
      size_.push_back(0);
    }
    for (const auto& row : in.rows) {
      int first = -1;
      for (const int column : row) {
        const int h = column + 1;
        const int n = static_cast<int>(up_.size());
        up_.push_back(up_[static_cast<std::size_t>(h)]);
        down_.push_back(h);
        down_[static_cast<std::size_t>(up_[static_cast<std::size_t>(h)])] = n;
        up_[static_cast<std::size_t>(h)] = n;
        col_.push_back(h);
        ++size_[static_cast<std::size_t>(h)];
        if (first < 0) {
          first = n;
          left_.push_back(n);
          right_.push_back(n);
        } else {
          left_.push_back(left_[static_cast<std::size_t>(first)]);
          right_.push_back(first);
          right_[static_cast<std::size_t>(left_[static_cast<std::size_t>(first)])] = n;
          left_[static_cast<std::size_t>(first)] = n;
        }
        size_.push_back(0);
      }
    }
  }
  /// The number of exact covers.
  unsigned long long count() {
    nodes = 0;
    return search();
  }
  unsigned long long nodes = 0;

 private:
  static std::size_t z(int i) { return static_cast<std::size_t>(i); }
  void cover(int c) {
    right_[z(left_[z(c)])] = right_[z(c)];
    left_[z(right_[z(c)])] = left_[z(c)];
    for (int i = down_[z(c)]; i != c; i = down_[z(i)]) {
      for (int j = right_[z(i)]; j != i; j = right_[z(j)]) {
        down_[z(up_[z(j)])] = down_[z(j)];
        up_[z(down_[z(j)])] = up_[z(j)];
        --size_[z(col_[z(j)])];
      }
    }
  }
  void uncover(int c) {
    for (int i = up_[z(c)]; i != c; i = up_[z(i)]) {
      for (int j = left_[z(i)]; j != i; j = left_[z(j)]) {
        ++size_[z(col_[z(j)])];
        down_[z(up_[z(j)])] = j;
        up_[z(down_[z(j)])] = j;
      }
    }
    right_[z(left_[z(c)])] = c;
    left_[z(right_[z(c)])] = c;
  }
  unsigned long long search() {
    if (right_[0] == 0) return 1;
    int c = right_[0];
    for (int j = right_[z(c)]; j != 0; j = right_[z(j)]) {
      if (size_[z(j)] < size_[z(c)]) c = j;
    }
    unsigned long long found = 0;
    cover(c);
    for (int r = down_[z(c)]; r != c; r = down_[z(r)]) {
      ++nodes;
      for (int j = right_[z(r)]; j != r; j = right_[z(j)]) cover(col_[z(j)]);
      found += search();
      for (int j = left_[z(r)]; j != r; j = left_[z(j)]) uncover(col_[z(j)]);
    }
    uncover(c);
    return found;
  }
  std::vector<int> left_, right_, up_, down_, col_, size_;
};

}  // namespace exact_cover
