// SPDX-License-Identifier: MIT
// The built-in maps. Borders: AIMA's own neighbour lists (aima-python, aima/csp.py:
// australia_csp, usa_csp, france_csp; MIT licence), read by the same reader as a file (io.hpp),
// so a built-in map is exactly the text it shows. Places: each region's approximate geographic
// centre (longitude, latitude in degrees, to about half a degree), typed in from public tables
// of centres: Geoscience Australia's centres of the states, the U.S. Geological Survey's
// geographic centres of the states (Alaska and Hawaii drawn as insets south-west of
// California, as maps of the USA draw them), and the centroids of France's 21 mainland
// regions before 2016 (AIMA's France, Corsica left out).
#include <bt/problems/graph/maps.hpp>

#include <array>
#include <cmath>
#include <numbers>
#include <sstream>
#include <stdexcept>
#include <string>
#include <unordered_map>

#include <bt/problems/graph/io.hpp>

namespace bt::problems::graph {
namespace {

struct place {
  std::string_view name;
  double longitude;
  double latitude;
};

struct map_text {
  std::string_view name;
  std::string_view neighbours;  // AIMA's text
  double latitude;              // the parallel whose scale the picture keeps
  std::span<const place> places;
};

constexpr std::string_view australia_text = "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T: ";

constexpr std::array australia_places{place{"SA", 135.5, -30.0},  place{"WA", 122.0, -25.5},
                                      place{"NT", 133.5, -19.5},  place{"Q", 144.5, -22.5},
                                      place{"NSW", 147.0, -32.5}, place{"V", 144.5, -37.0},
                                      place{"T", 146.6, -42.0}};

constexpr std::string_view usa_text =
    "WA: OR ID; OR: ID NV CA; CA: NV AZ; NV: ID UT AZ; ID: MT WY UT;\n"
    "UT: WY CO AZ; MT: ND SD WY; WY: SD NE CO; CO: NE KA OK NM; NM: OK TX AZ;\n"
    "ND: MN SD; SD: MN IA NE; NE: IA MO KA; KA: MO OK; OK: MO AR TX;\n"
    "TX: AR LA; MN: WI IA; IA: WI IL MO; MO: IL KY TN AR; AR: MS TN LA;\n"
    "LA: MS; WI: MI IL; IL: IN KY; IN: OH KY; MS: TN AL; AL: TN GA FL;\n"
    "MI: OH IN; OH: PA WV KY; KY: WV VA TN; TN: VA NC GA; GA: NC SC FL;\n"
    "PA: NY NJ DE MD WV; WV: MD VA; VA: MD DC NC; NC: SC; NY: VT MA CT NJ;\n"
    "NJ: DE; DE: MD; MD: DC; VT: NH MA; MA: NH RI CT; CT: RI; ME: NH;\n"
    "HI: ; AK: ";

constexpr std::array usa_places{
    place{"WA", -120.5, 47.4}, place{"OR", -120.6, 43.9}, place{"ID", -114.6, 44.4},
    place{"NV", -116.6, 39.3}, place{"CA", -119.4, 37.2}, place{"AZ", -111.7, 34.3},
    place{"UT", -111.7, 39.3}, place{"MT", -109.6, 47.0}, place{"WY", -107.5, 43.0},
    place{"CO", -105.5, 39.0}, place{"ND", -100.5, 47.5}, place{"SD", -100.2, 44.4},
    place{"NE", -99.8, 41.5},  place{"KA", -98.4, 38.5},  place{"OK", -97.5, 35.6},
    place{"NM", -106.1, 34.4}, place{"TX", -99.3, 31.5},  place{"MN", -94.3, 46.3},
    place{"IA", -93.5, 42.1},  place{"MO", -92.5, 38.4},  place{"AR", -92.4, 34.9},
    place{"LA", -92.0, 31.1},  place{"WI", -89.8, 44.6},  place{"IL", -89.2, 40.0},
    place{"KY", -85.3, 37.5},  place{"TN", -86.3, 35.9},  place{"MS", -89.7, 32.7},
    place{"IN", -86.3, 39.9},  place{"MI", -84.6, 43.6},  place{"OH", -82.8, 40.3},
    place{"AL", -86.8, 32.8},  place{"GA", -83.4, 32.7},  place{"FL", -82.5, 28.6},
    place{"PA", -77.6, 40.9},  place{"WV", -80.6, 38.6},  place{"VA", -78.8, 37.5},
    place{"NC", -79.4, 35.6},  place{"SC", -80.9, 33.9},  place{"NY", -75.5, 42.9},
    place{"NJ", -74.7, 40.2},  place{"DE", -75.5, 39.0},  place{"MD", -76.8, 39.0},
    place{"DC", -77.0, 38.9},  place{"VT", -72.7, 44.1},  place{"MA", -71.8, 42.3},
    place{"CT", -72.7, 41.6},  place{"NH", -71.6, 43.7},  place{"RI", -71.5, 41.7},
    place{"ME", -69.2, 45.4},  place{"HI", -108.0, 26.0}, place{"AK", -118.5, 27.5}};

constexpr std::string_view france_text =
    "AL: LO FC; AQ: MP LI PC; AU: LI CE BO RA LR MP; BO: CE IF CA FC RA\n"
    "AU; BR: NB PL; CA: IF PI LO FC BO; CE: PL NB NH IF BO AU LI PC; FC: BO\n"
    "CA LO AL RA; IF: NH PI CA BO CE; LI: PC CE AU MP AQ; LO: CA AL FC; LR:\n"
    "MP AU RA PA; MP: AQ LI AU LR; NB: NH CE PL BR; NH: PI IF CE NB; NO:\n"
    "PI; PA: LR RA; PC: PL CE LI AQ; PI: NH NO CA IF; PL: BR NB CE PC; RA:\n"
    "AU BO FC PA LR";

constexpr std::array france_places{
    place{"AL", 7.5, 48.3},  place{"LO", 6.1, 48.9},  place{"FC", 6.1, 47.1},
    place{"AQ", -0.6, 44.4}, place{"MP", 1.3, 43.8},  place{"LI", 1.8, 45.7},
    place{"PC", -0.2, 46.1}, place{"AU", 3.2, 45.4},  place{"CE", 1.7, 47.5},
    place{"BO", 4.5, 47.2},  place{"RA", 5.4, 45.5},  place{"LR", 3.4, 43.6},
    place{"IF", 2.5, 48.7},  place{"CA", 4.4, 49.0},  place{"BR", -2.9, 48.2},
    place{"NB", -0.6, 49.0}, place{"PL", -0.8, 47.4}, place{"PI", 2.7, 49.6},
    place{"NH", 1.0, 49.5},  place{"NO", 2.8, 50.5},  place{"PA", 6.1, 43.9}};

constexpr std::array<std::string_view, 3> names{"australia", "usa", "france"};

const map_text* find(std::string_view name) {
  static const std::array<map_text, 3> maps{
      map_text{"australia", australia_text, -28.0, australia_places},
      map_text{"usa", usa_text, 39.0, usa_places},
      map_text{"france", france_text, 46.5, france_places}};
  for (const auto& m : maps) {
    if (m.name == name) return &m;
  }
  return nullptr;
}

}  // namespace

std::span<const std::string_view> map_names() { return names; }

std::optional<named_graph> builtin_map(std::string_view name) {
  const map_text* m = find(name);
  if (m == nullptr) return std::nullopt;
  std::istringstream in{std::string(m->neighbours)};
  read_result r = read_graph(in, std::string(m->name));
  // Longitude shrinks with the cosine of the latitude: the map's middle parallel keeps its
  // scale, so a region's shape is not stretched east-west.
  const double shrink = std::cos(m->latitude * std::numbers::pi / 180.0);
  std::unordered_map<std::string_view, point> at;
  for (const place& p : m->places) at[p.name] = point{p.longitude * shrink, -p.latitude};
  named_graph g;
  for (const auto& n : r.names) {
    const auto it = at.find(n);
    if (it == at.end()) throw std::logic_error("the built-in map has no place for " + n);
    g.positions.push_back(it->second);
  }
  if (g.positions.size() != m->places.size()) {
    throw std::logic_error("the built-in map places a region it does not list");
  }
  g.edges = std::move(r.edges);
  g.names = std::move(r.names);
  return g;
}

}  // namespace bt::problems::graph
