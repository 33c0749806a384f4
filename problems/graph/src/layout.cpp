// SPDX-License-Identifier: MIT
// The layout of a graph's picture (layout.hpp). One translation unit: Boost.Graph's layout
// templates are slow to compile, and every picture calls them through layout() alone.
#include <bt/problems/graph/layout.hpp>

#include <algorithm>
#include <boost/graph/connected_components.hpp>
#include <boost/graph/fruchterman_reingold.hpp>
#include <boost/graph/kamada_kawai_spring_layout.hpp>
#include <boost/graph/random_layout.hpp>
#include <boost/graph/topology.hpp>
#include <boost/random/linear_congruential.hpp>
#include <cmath>
#include <cstddef>
#include <numbers>
#include <numeric>
#include <vector>

namespace bt::problems::graph {
namespace {

/// The closest two vertices of a component (or map) may come, in edge lengths: their discs,
/// at most 0.45 of it, then stay a clear gap apart.
constexpr double spacing = 0.8;
/// The gap between two components' boxes, in edge lengths: wider than any edge, so a
/// component reads as one.
constexpr double box_gap = 1.5;
/// The largest disc radius, in picture units: a few vertices are not drawn as balloons.
constexpr double max_radius = 0.06;
/// Components up to this size get Kamada-Kawai (all pairs' distances, the better drawing);
/// larger ones Fruchterman-Reingold, whose rounds cost about the vertices and edges.
constexpr std::size_t kamada_kawai_most = 150;

// Kamada-Kawai's stop: Boost's energy tolerance, or a cap on its steps. Its Newton steps are
// not sure to settle (a symmetric graph from a symmetric start can move a vertex back and
// forth for ever), and a pasted graph must not hang the runner or the page: at the cap the
// picture is the one reached, still spread apart below.
class settled_or_capped {
 public:
  explicit settled_or_capped(std::size_t cap) : cap_(cap) {}
  template <class Graph>
  bool operator()(double delta_p, typename boost::graph_traits<Graph>::vertex_descriptor p,
                  const Graph& g, bool global) {
    if (++steps_ >= cap_) return true;
    return tolerance_(delta_p, p, g, global);
  }

 private:
  boost::layout_tolerance<double> tolerance_;
  std::size_t cap_;
  std::size_t steps_ = 0;
};

double distance(point a, point b) { return std::hypot(a.x - b.x, a.y - b.y); }

/// Push apart every two points closer than `least`, each by half the shortfall along the line
/// joining them, until none are (or the rounds run out: the disc radius is then measured).
void spread(std::vector<point>& p, double least) {
  const std::size_t n = p.size();
  const int rounds = n <= 300 ? 400 : 20;
  for (int round = 0; round < rounds; ++round) {
    bool moved = false;
    for (std::size_t i = 0; i < n; ++i) {
      for (std::size_t j = i + 1; j < n; ++j) {
        double dx = p[i].x - p[j].x;
        double dy = p[i].y - p[j].y;
        const double d = std::hypot(dx, dy);
        if (d >= least) continue;
        if (d < 1e-9) {  // one place: apart in a direction fixed by the pair
          const double a =
              static_cast<double>(i * n + j) * std::numbers::phi * 2 * std::numbers::pi;
          dx = std::cos(a);
          dy = std::sin(a);
        } else {
          dx /= d;
          dy /= d;
        }
        // A little past the shortfall, so that a pair once apart stays so next round.
        const double push = (least - d) * 0.51;
        p[i].x += push * dx;
        p[i].y += push * dy;
        p[j].x -= push * dx;
        p[j].y -= push * dy;
        moved = true;
      }
    }
    if (!moved) return;
  }
}

/// Scale p about the origin so that the mean length of `edges` is 1 (no edges: unchanged).
void unit_edges(std::vector<point>& p,
                const std::vector<std::pair<std::size_t, std::size_t>>& edges) {
  if (edges.empty()) return;
  double sum = 0;
  for (const auto& [u, v] : edges) sum += distance(p[u], p[v]);
  const double mean = sum / static_cast<double>(edges.size());
  if (mean <= 0) return;
  for (point& q : p) {
    q.x /= mean;
    q.y /= mean;
  }
}

/// A connected component's positions: a spring layout, edges about 1 long, spread apart.
std::vector<point> spring(std::size_t k,
                          const std::vector<std::pair<std::size_t, std::size_t>>& edges) {
  if (k == 1) return {point{}};
  using weighted =
      boost::adjacency_list<boost::vecS, boost::vecS, boost::undirectedS, boost::no_property,
                            boost::property<boost::edge_weight_t, double>>;
  weighted cg(k);
  for (const auto& [u, v] : edges) boost::add_edge(u, v, 1.0, cg);
  using topology = boost::square_topology<boost::minstd_rand>;
  std::vector<topology::point_type> at(k);
  const auto pm =
      boost::make_iterator_property_map(at.begin(), boost::get(boost::vertex_index, cg));
  const double side = std::sqrt(static_cast<double>(k)) * 2;
  if (k <= kamada_kawai_most) {
    // From the circle, which Kamada-Kawai's Newton steps untangle; no randomness at all. The
    // circle's points are rounded to a billionth: the C libraries' sine and cosine may differ
    // in the last bit (glibc natively, musl in the WebAssembly studio), and on a symmetric
    // graph (Petersen's) a last bit decides Kamada-Kawai's ties, so the two pictures would
    // differ. From the same points the steps are the same arithmetic in both.
    const auto grid = [](double v) { return std::round(v * 1e9) / 1e9; };
    for (std::size_t v = 0; v < k; ++v) {
      const double a = 2 * std::numbers::pi * static_cast<double>(v) / static_cast<double>(k);
      at[v][0] = grid(side / 2 * std::cos(a));
      at[v][1] = grid(side / 2 * std::sin(a));
    }
    boost::kamada_kawai_spring_layout(cg, pm, boost::get(boost::edge_weight, cg), topology(),
                                      boost::edge_length(1.0), settled_or_capped(400 * k));
  } else {
    boost::minstd_rand seeded(1);  // a fixed seed: the same graph, the same picture
    topology square(seeded, side);
    boost::random_graph_layout(cg, pm, square);
    boost::fruchterman_reingold_force_directed_layout(cg, pm, square);
  }
  std::vector<point> p(k);
  for (std::size_t v = 0; v < k; ++v) p[v] = point{at[v][0], at[v][1]};
  unit_edges(p, edges);
  spread(p, spacing);
  return p;
}

/// The bounding box's corner and size of p.
struct box {
  double x0 = 0, y0 = 0, w = 0, h = 0;
};
box box_of(const std::vector<point>& p) {
  box b{p[0].x, p[0].y, 0, 0};
  double x1 = p[0].x, y1 = p[0].y;
  for (const point& q : p) {
    b.x0 = std::min(b.x0, q.x);
    b.y0 = std::min(b.y0, q.y);
    x1 = std::max(x1, q.x);
    y1 = std::max(y1, q.y);
  }
  b.w = x1 - b.x0;
  b.h = y1 - b.y0;
  return b;
}

/// Each component laid out alone, then the boxes in rows (shelves), largest first, so that
/// isolated vertices end in a row of their own instead of on top of the rest.
std::vector<point> components(const graph& g) {
  const std::size_t n = boost::num_vertices(g);
  std::vector<int> comp(n);
  const auto count = static_cast<std::size_t>(boost::connected_components(
      g, boost::make_iterator_property_map(comp.begin(), boost::get(boost::vertex_index, g))));
  std::vector<std::vector<std::size_t>> members(count);
  for (std::size_t v = 0; v < n; ++v) members[static_cast<std::size_t>(comp[v])].push_back(v);
  std::vector<std::vector<std::pair<std::size_t, std::size_t>>> edges(count);
  std::vector<std::size_t> local(n);
  for (const auto& m : members) {
    for (std::size_t i = 0; i < m.size(); ++i) local[m[i]] = i;
  }
  for (auto [e, end] = boost::edges(g); e != end; ++e) {
    const auto u = boost::source(*e, g), v = boost::target(*e, g);
    edges[static_cast<std::size_t>(comp[u])].emplace_back(local[u], local[v]);
  }
  std::vector<std::vector<point>> laid(count);
  std::vector<box> boxes(count);
  double area = 0, widest = 0;
  for (std::size_t c = 0; c < count; ++c) {
    laid[c] = spring(members[c].size(), edges[c]);
    boxes[c] = box_of(laid[c]);
    area += (boxes[c].w + box_gap) * (boxes[c].h + box_gap);
    widest = std::max(widest, boxes[c].w);
  }
  std::vector<std::size_t> order(count);
  std::iota(order.begin(), order.end(), std::size_t{0});
  std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return members[a].size() > members[b].size();
  });
  // Rows about as wide as the whole is tall: a square picture.
  const double row = std::max(widest, std::sqrt(area) * 1.2);
  std::vector<point> p(n);
  double x = 0, y = 0, tallest = 0;
  for (const std::size_t c : order) {
    const box& b = boxes[c];
    if (x > 0 && x + b.w > row) {
      x = 0;
      y += tallest + box_gap;
      tallest = 0;
    }
    for (std::size_t i = 0; i < members[c].size(); ++i) {
      p[members[c][i]] = point{laid[c][i].x - b.x0 + x, laid[c][i].y - b.y0 + y};
    }
    x += b.w + box_gap;
    tallest = std::max(tallest, b.h);
  }
  return p;
}

/// The given places, scaled so that the mean distance to the nearest other place is 1, and
/// spread where they crowd (the small states of New England).
std::vector<point> given_places(std::span<const point> given) {
  std::vector<point> p(given.begin(), given.end());
  const std::size_t n = p.size();
  if (n < 2) return p;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    double nearest = HUGE_VAL;
    for (std::size_t j = 0; j < n; ++j) {
      if (j != i) nearest = std::min(nearest, distance(p[i], p[j]));
    }
    sum += nearest;
  }
  const double mean = sum / static_cast<double>(n);
  if (mean > 0) {
    for (point& q : p) {
      q.x /= mean;
      q.y /= mean;
    }
  }
  spread(p, spacing);
  return p;
}

}  // namespace

picture_layout layout(const graph& g, std::span<const point> given) {
  const std::size_t n = boost::num_vertices(g);
  picture_layout out;
  if (n == 0 || n > max_layout_vertices) return out;
  std::vector<point> p = given.size() == n ? given_places(given) : components(g);
  const box b = box_of(p);
  const double span = std::max(b.w, b.h);
  double closest = HUGE_VAL;
  for (point& q : p) {
    q.x = span > 0 ? (q.x - b.x0) / span : 0.5;
    q.y = span > 0 ? (q.y - b.y0) / span : 0.5;
  }
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) closest = std::min(closest, distance(p[i], p[j]));
  }
  out.radius = std::min(max_radius, 0.45 * closest);
  out.positions = std::move(p);
  return out;
}

}  // namespace bt::problems::graph
