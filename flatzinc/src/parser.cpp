// SPDX-License-Identifier: MIT
// The FlatZinc grammar (PEGTL) and its actions. The actions build the AST as the input is
// matched; so that no action runs for input a failed alternative gives back, they sit only on
// rules that commit: whole literals, and the opening bracket of an array or call (after which
// every error is raised, through must<>, with the message of errors<>).
#include <bt/flatzinc/parser.hpp>

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>
#include <utility>
#include <vector>

#include <tao/pegtl.hpp>

namespace bt::flatzinc {

namespace pg = tao::pegtl;

std::string at(const std::string& file, location where, const std::string& message) {
  return file + ":" + std::to_string(where.line) + ":" + std::to_string(where.column) + ": " +
         message;
}

// --- int_set ---

int_set int_set::range(std::int64_t lo, std::int64_t hi) {
  int_set s;
  if (lo <= hi) s.ranges.emplace_back(lo, hi);
  return s;
}

int_set int_set::of(std::vector<std::int64_t> values) {
  std::sort(values.begin(), values.end());
  int_set s;
  for (const std::int64_t v : values) {
    if (!s.ranges.empty() && s.ranges.back().second >= v - 1 &&
        v != std::numeric_limits<std::int64_t>::min()) {
      s.ranges.back().second = std::max(s.ranges.back().second, v);
    } else {
      s.ranges.emplace_back(v, v);
    }
  }
  return s;
}

bool int_set::contains(std::int64_t v) const {
  const auto it = std::upper_bound(
      ranges.begin(), ranges.end(), v,
      [](std::int64_t a, const std::pair<std::int64_t, std::int64_t>& r) { return a < r.first; });
  return it != ranges.begin() && std::prev(it)->second >= v;
}

std::uint64_t int_set::size() const {
  std::uint64_t n = 0;
  constexpr std::uint64_t cap = std::uint64_t{1} << 63;
  for (const auto& [lo, hi] : ranges) {
    const auto width = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo) + 1;
    if (width == 0 || width > cap - n) return cap;  // the whole 64-bit range, or past the cap
    n += width;
  }
  return n;
}

std::vector<std::int64_t> int_set::values() const {
  std::vector<std::int64_t> out;
  for (const auto& [lo, hi] : ranges) {
    for (std::int64_t v = lo;; ++v) {
      out.push_back(v);
      if (v == hi) break;
    }
  }
  return out;
}

int_set int_set::intersect(const int_set& o) const {
  int_set s;
  std::size_t i = 0;
  std::size_t j = 0;
  while (i < ranges.size() && j < o.ranges.size()) {
    const std::int64_t lo = std::max(ranges[i].first, o.ranges[j].first);
    const std::int64_t hi = std::min(ranges[i].second, o.ranges[j].second);
    if (lo <= hi) s.ranges.emplace_back(lo, hi);
    if (ranges[i].second < o.ranges[j].second) {
      ++i;
    } else {
      ++j;
    }
  }
  return s;
}

std::string int_set::text() const {
  if (ranges.size() == 1)
    return std::to_string(ranges[0].first) + ".." + std::to_string(ranges[0].second);
  std::string out = "{";
  bool first = true;
  for (const auto& [lo, hi] : ranges) {
    for (std::int64_t v = lo;; ++v) {
      if (!first) out += ',';
      out += std::to_string(v);
      first = false;
      if (v == hi) break;
    }
  }
  return out + "}";
}

namespace {

// --- the grammar ---

namespace g {
using namespace tao::pegtl;  // NOLINT(google-build-using-namespace): the grammar's vocabulary

struct comment : seq<one<'%'>, until<eolf>> {};
struct ws : star<sor<ascii::space, comment>> {};
struct comma : seq<ws, one<','>, ws> {};
struct dots : string<'.', '.'> {};
// A comma-separated list whose elements after the first are committed (Next: R with a message;
// only rules used under must<> carry one, since must_if raises for them wherever they fail).
template <class R, class Next>
struct list_of : seq<R, star<comma, must<Next>>> {};

struct ident
    : seq<ranges<'a', 'z', 'A', 'Z', '_'>, star<ranges<'a', 'z', 'A', 'Z', '0', '9', '_'>>> {};

struct kw_array : TAO_PEGTL_KEYWORD("array") {};
struct kw_of : TAO_PEGTL_KEYWORD("of") {};
struct kw_var : TAO_PEGTL_KEYWORD("var") {};
struct kw_bool : TAO_PEGTL_KEYWORD("bool") {};
struct kw_int : TAO_PEGTL_KEYWORD("int") {};
struct kw_float : TAO_PEGTL_KEYWORD("float") {};
struct kw_set : TAO_PEGTL_KEYWORD("set") {};
struct kw_ann : TAO_PEGTL_KEYWORD("ann") {};
struct kw_string : TAO_PEGTL_KEYWORD("string") {};
struct kw_predicate : TAO_PEGTL_KEYWORD("predicate") {};
struct kw_constraint : TAO_PEGTL_KEYWORD("constraint") {};
struct kw_solve : TAO_PEGTL_KEYWORD("solve") {};
struct kw_satisfy : TAO_PEGTL_KEYWORD("satisfy") {};
struct kw_minimize : TAO_PEGTL_KEYWORD("minimize") {};
struct kw_maximize : TAO_PEGTL_KEYWORD("maximize") {};

// Numbers: decimal, hexadecimal (0x) and octal (0o) integers; floats need a fraction or an
// exponent, so 1..5 is a range of integers.
struct digits : plus<digit> {};
struct uint_lit
    : sor<seq<one<'0'>, one<'x'>, plus<xdigit>>, seq<one<'0'>, one<'o'>, plus<odigit>>, digits> {};
struct int_lit : seq<opt<one<'-'>>, uint_lit> {};
struct exponent : seq<one<'e', 'E'>, opt<one<'+', '-'>>, digits> {};
struct float_lit : seq<opt<one<'-'>>, digits, sor<seq<one<'.'>, digits, opt<exponent>>, exponent>> {
};
struct int_end : int_lit {};
struct float_end : float_lit {};

// Set literals {1, 3} (of floats: refused later) collect their elements in the state.
struct set_open : one<'{'> {};
struct set_float : float_lit {};
struct set_int : int_lit {};
struct set_elem : sor<set_float, set_int> {};
struct set_close : one<'}'> {};
struct set_next : set_elem {};
struct set_body : seq<set_open, ws, opt<list_of<set_elem, set_next>>, ws, must<set_close>> {};

struct expr;
struct expr_next;
struct e_bool : sor<TAO_PEGTL_KEYWORD("true"), TAO_PEGTL_KEYWORD("false")> {};
struct e_float_range : seq<float_lit, ws, dots, ws, must<float_end>> {};
struct e_int_range : seq<int_lit, ws, dots, ws, must<int_end>> {};
struct e_float : float_lit {};
struct e_int : int_lit {};
struct e_set : set_body {};
struct string_end : one<'"'> {};
struct e_string : seq<one<'"'>, star<sor<seq<one<'\\'>, not_one<'\n'>>, not_one<'"', '\\', '\n'>>>,
                      must<string_end>> {};
struct arr_open : one<'['> {};
struct arr_close : one<']'> {};
struct e_array : seq<arr_open, ws, opt<list_of<expr, expr_next>>, ws, must<arr_close>> {};
struct call_open : seq<ident, ws, one<'('>> {};
struct call_close : one<')'> {};
struct e_call : seq<call_open, ws, opt<list_of<expr, expr_next>>, ws, must<call_close>> {};
struct index_close : one<']'> {};
struct e_access : seq<ident, ws, one<'['>, ws, must<int_end>, ws, must<index_close>> {};
struct e_ident : ident {};
struct expr : sor<e_bool, e_float_range, e_int_range, e_float, e_int, e_set, e_string, e_array,
                  e_call, e_access, e_ident> {};
struct expr_next : expr {};
struct expr_must : expr {};

struct ann_expr : sor<e_call, e_ident> {};
struct annotation : seq<two<':'>, ws, must<ann_expr>> {};
struct annotations : star<seq<ws, annotation>> {};
struct decl_anns : annotations {};
struct con_anns : annotations {};
struct solve_anns : annotations {};

// Types. Declarations: actions fill the state's type; predicate parameters: read and dropped.
struct lbracket : one<'['> {};
struct rbracket : one<']'> {};
struct colon : one<':'> {};
struct semi : one<';'> {};
struct lparen : one<'('> {};
struct rparen : one<')'> {};

struct t_index : seq<int_lit, ws, dots, ws, must<int_end>> {};
struct t_index_int : kw_int {};
struct t_index_set : sor<t_index, t_index_int> {};
struct t_array : seq<kw_array, ws, must<lbracket>, ws, must<t_index_set>,
                     star<comma, must<t_index_set>>, ws, must<rbracket>, ws, must<kw_of>, ws> {};
struct t_var : kw_var {};
struct t_bool : kw_bool {};
struct t_int : kw_int {};
struct t_float : kw_float {};
struct t_int_range : seq<int_lit, ws, dots, ws, must<int_end>> {};
struct t_float_range : seq<float_lit, ws, dots, ws, must<float_end>> {};
struct t_set_dom : set_body {};
struct t_set_elems : sor<t_int, t_int_range, t_set_dom> {};
struct t_set_of : seq<kw_set, ws, must<kw_of>, ws, must<t_set_elems>> {};
struct t_base : sor<t_bool, t_int, t_float, t_set_of, t_float_range, t_int_range, t_set_dom> {};
struct decl_type : seq<opt<t_array>, opt<t_var, ws>, must<t_base>> {};

struct p_index : sor<seq<int_lit, ws, dots, ws, must<int_end>>, kw_int> {};
struct p_array : seq<kw_array, ws, must<lbracket>, ws, must<p_index>, star<comma, must<p_index>>,
                     ws, must<rbracket>, ws, must<kw_of>, ws> {};
struct p_num : sor<float_lit, int_lit> {};
struct p_num_next : p_num {};
struct p_set_body : seq<one<'{'>, ws, opt<list_of<p_num, p_num_next>>, ws, must<set_close>> {};
struct p_elems : sor<kw_int, seq<int_lit, ws, dots, ws, must<int_end>>, p_set_body> {};
struct p_base : sor<kw_bool, kw_int, kw_float, kw_ann, kw_string,
                    seq<kw_set, ws, must<kw_of>, ws, must<p_elems>>,
                    seq<float_lit, ws, dots, ws, must<float_end>>,
                    seq<int_lit, ws, dots, ws, must<int_end>>, p_set_body> {};
struct p_type : seq<opt<p_array>, opt<kw_var, ws>, must<p_base>> {};
struct p_name : ident {};
struct p_param : seq<p_type, ws, must<colon>, ws, must<p_name>> {};

// Items.
struct pred_name : ident {};
struct pred_param : p_param {};
struct pred_param_next : pred_param {};
struct pred_item
    : seq<kw_predicate, ws, must<pred_name>, ws, must<lparen>, ws,
          opt<list_of<pred_param, pred_param_next>>, ws, must<rparen>, ws, must<semi>> {};

struct decl_start : sor<kw_array, kw_var, kw_bool, kw_int, kw_float, kw_set, one<'-', '{'>, digit> {
};
struct decl_begin : tao::pegtl::at<decl_start> {};
struct decl_name : ident {};
struct decl_value : seq<one<'='>, ws, must<expr_must>> {};
struct decl_item : seq<decl_begin, must<decl_type>, ws, must<colon>, ws, must<decl_name>, decl_anns,
                       ws, opt<decl_value>, ws, must<semi>> {};

struct con_open : seq<ident, ws, one<'('>> {};
struct con_close : one<')'> {};
struct con_call : seq<con_open, ws, opt<list_of<expr, expr_next>>, ws, must<con_close>> {};
struct con_item : seq<kw_constraint, ws, must<con_call>, con_anns, ws, must<semi>> {};

struct goal_satisfy : kw_satisfy {};
struct goal_minimize : kw_minimize {};
struct goal_maximize : kw_maximize {};
struct solve_goal : sor<goal_satisfy, seq<goal_minimize, ws, must<expr_must>>,
                        seq<goal_maximize, ws, must<expr_must>>> {};
struct solve_head : kw_solve {};
struct solve_item : seq<solve_head, solve_anns, ws, must<solve_goal>, ws, must<semi>> {};

struct item : sor<pred_item, con_item, decl_item> {};
struct the_end : eof {};
struct file : seq<ws, star<item, ws>, must<solve_item>, ws, must<the_end>> {};

// What each committed rule expects, as the error says it.
template <class Rule>
inline constexpr const char* message = nullptr;
template <>
inline constexpr const char* message<set_close> = "',' or '}'";
template <>
inline constexpr const char* message<set_next> = "a number";
template <>
inline constexpr const char* message<p_num_next> = "a number";
template <>
inline constexpr const char* message<int_end> = "an integer";
template <>
inline constexpr const char* message<float_end> = "a float";
template <>
inline constexpr const char* message<string_end> = "'\"' closing the string";
template <>
inline constexpr const char* message<expr_next> = "an expression";
template <>
inline constexpr const char* message<expr_must> = "an expression";
template <>
inline constexpr const char* message<arr_close> = "',' or ']'";
template <>
inline constexpr const char* message<call_close> = "',' or ')'";
template <>
inline constexpr const char* message<index_close> = "']'";
template <>
inline constexpr const char* message<con_close> = "',' or ')'";
template <>
inline constexpr const char* message<ann_expr> = "an annotation";
template <>
inline constexpr const char* message<lbracket> = "'['";
template <>
inline constexpr const char* message<rbracket> = "',' or ']'";
template <>
inline constexpr const char* message<kw_of> = "'of'";
template <>
inline constexpr const char* message<t_index_set> = "an index set (1..n)";
template <>
inline constexpr const char* message<t_set_elems> = "'int', a range or a set after 'set of'";
template <>
inline constexpr const char* message<t_base> =
    "a type (bool, int, a range, a set, float, set of ...)";
template <>
inline constexpr const char* message<decl_type> = "a type";
template <>
inline constexpr const char* message<p_index> = "an index set ('int' or 1..n)";
template <>
inline constexpr const char* message<p_elems> = "'int', a range or a set after 'set of'";
template <>
inline constexpr const char* message<p_base> = "a type";
template <>
inline constexpr const char* message<colon> = "':'";
template <>
inline constexpr const char* message<p_name> = "the parameter's name";
template <>
inline constexpr const char* message<pred_name> = "the predicate's name";
template <>
inline constexpr const char* message<pred_param_next> = "a parameter (type: name)";
template <>
inline constexpr const char* message<lparen> = "'('";
template <>
inline constexpr const char* message<rparen> = "',' or ')'";
template <>
inline constexpr const char* message<semi> = "';'";
template <>
inline constexpr const char* message<decl_name> = "the declared name";
template <>
inline constexpr const char* message<con_call> = "a constraint: name(arguments)";
template <>
inline constexpr const char* message<solve_goal> = "'satisfy', 'minimize' or 'maximize'";
template <>
inline constexpr const char* message<solve_item> = "a declaration, 'constraint' or 'solve'";
template <>
inline constexpr const char* message<the_end> = "the end of the file after the solve item";

struct errors {
  template <class Rule>
  static constexpr const char* message = g::message<Rule>;
};
template <class Rule>
using control = must_if<errors>::control<Rule>;

}  // namespace g

// --- the actions ---

// Arrays and calls nest at most this deep (FlatZinc needs 3: seq_search([int_search([x])])).
constexpr std::size_t max_nesting = 64;

struct state {
  model m;
  std::vector<std::vector<expr>> frames{1};  // the expressions being built, innermost last
  std::vector<expr> open;                    // per inner frame: the array or call it becomes
  std::vector<std::int64_t> set_values;      // the set literal being read
  bool set_float = false;
  declaration decl;
  constraint con;
  bool in_index = false;  // an array type's index set was seen
  std::vector<expr> take_base() {
    std::vector<expr> out = std::move(frames.front());
    frames.front().clear();
    return out;
  }
};

template <class Input>
location where(const Input& in) {
  const auto p = in.position();
  return {static_cast<std::uint32_t>(std::min<std::size_t>(p.line, UINT32_MAX)),
          static_cast<std::uint32_t>(std::min<std::size_t>(p.column, UINT32_MAX))};
}

// The integer written at the start of text (a sign, then decimal, 0x or 0o digits).
template <class Input>
std::int64_t read_int(std::string_view text, const Input& in, std::size_t* used = nullptr) {
  std::size_t k = 0;
  const bool negative = !text.empty() && text[0] == '-';
  if (negative) k = 1;
  int base = 10;
  if (text.size() > k + 1 && text[k] == '0' && (text[k + 1] == 'x' || text[k + 1] == 'o')) {
    base = text[k + 1] == 'x' ? 16 : 8;
    k += 2;
  }
  std::uint64_t magnitude = 0;
  const char* first = text.data() + k;
  const auto [ptr, ec] = std::from_chars(first, text.data() + text.size(), magnitude, base);
  constexpr auto limit = static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max());
  if (ec != std::errc() || magnitude > limit + (negative ? 1 : 0)) {
    throw pg::parse_error("an integer within 64 bits", in);
  }
  if (used != nullptr) *used = static_cast<std::size_t>(ptr - text.data());
  if (negative)
    return magnitude == limit + 1 ? std::numeric_limits<std::int64_t>::min()
                                  : -static_cast<std::int64_t>(magnitude);
  return static_cast<std::int64_t>(magnitude);
}

// lo..hi as written (spaces allowed around the dots).
template <class Input>
std::pair<std::int64_t, std::int64_t> read_range(std::string_view text, const Input& in) {
  std::size_t used = 0;
  const std::int64_t lo = read_int(text, in, &used);
  std::size_t k = text.find("..", used) + 2;
  while (k < text.size() &&
         (text[k] == ' ' || text[k] == '\t' || text[k] == '\n' || text[k] == '\r'))
    ++k;
  return {lo, read_int(text.substr(k), in)};
}

double read_float(std::string_view text) {
  std::istringstream is{std::string(text)};
  double f = 0;
  is >> f;
  return f;
}

void push(state& s, expr e) { s.frames.back().push_back(std::move(e)); }

template <class Rule>
struct action : pg::nothing<Rule> {};

template <>
struct action<g::e_bool> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::boolean;
    e.i = in.string_view() == "true" ? 1 : 0;
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_int> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::integer;
    e.i = read_int(in.string_view(), in);
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_float> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::floating;
    e.f = read_float(in.string_view());
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_int_range> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::int_set;
    const auto [lo, hi] = read_range(in.string_view(), in);
    e.set = int_set::range(lo, hi);
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_float_range> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::float_set;
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::set_open> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.set_values.clear();
    s.set_float = false;
  }
};
template <>
struct action<g::set_int> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    s.set_values.push_back(read_int(in.string_view(), in));
  }
};
template <>
struct action<g::set_float> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.set_float = true;
  }
};
template <>
struct action<g::e_set> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = s.set_float ? expr::kind::float_set : expr::kind::int_set;
    if (!s.set_float) e.set = int_set::of(std::move(s.set_values));
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_string> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::string;
    const std::string_view t = in.string_view();
    e.text = std::string(t.substr(1, t.size() - 2));
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_ident> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::ident;
    e.text = in.string();
    e.where = where(in);
    push(s, std::move(e));
  }
};
template <>
struct action<g::e_access> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    const std::string_view t = in.string_view();
    expr e;
    e.k = expr::kind::access;
    std::size_t end = 0;
    while (end < t.size() &&
           (std::isalnum(static_cast<unsigned char>(t[end])) != 0 || t[end] == '_'))
      ++end;
    e.text = std::string(t.substr(0, end));
    std::size_t k = t.find('[', end) + 1;
    while (k < t.size() && std::isspace(static_cast<unsigned char>(t[k])) != 0) ++k;
    e.i = read_int(t.substr(k), in);
    e.where = where(in);
    push(s, std::move(e));
  }
};

// An opening bracket or call: a frame for its elements.
template <class Input>
void open_frame(const Input& in, state& s, expr e) {
  if (s.frames.size() > max_nesting)
    throw pg::parse_error("arrays and calls nested at most 64 deep", in);
  e.where = where(in);
  s.open.push_back(std::move(e));
  s.frames.emplace_back();
}
void close_frame(state& s) {
  expr e = std::move(s.open.back());
  s.open.pop_back();
  e.items = std::move(s.frames.back());
  s.frames.pop_back();
  push(s, std::move(e));
}

template <>
struct action<g::arr_open> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::array;
    open_frame(in, s, std::move(e));
  }
};
template <>
struct action<g::arr_close> {
  template <class Input>
  static void apply(const Input&, state& s) {
    close_frame(s);
  }
};
template <>
struct action<g::call_open> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    expr e;
    e.k = expr::kind::call;
    const std::string_view t = in.string_view();
    std::size_t end = 0;
    while (end < t.size() &&
           (std::isalnum(static_cast<unsigned char>(t[end])) != 0 || t[end] == '_'))
      ++end;
    e.text = std::string(t.substr(0, end));
    open_frame(in, s, std::move(e));
  }
};
template <>
struct action<g::call_close> {
  template <class Input>
  static void apply(const Input&, state& s) {
    close_frame(s);
  }
};

// --- declarations ---

template <>
struct action<g::decl_begin> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    s.decl = declaration{};
    s.decl.where = where(in);
    s.in_index = false;
  }
};
template <>
struct action<g::t_index> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    const auto [lo, hi] = read_range(in.string_view(), in);
    if (s.in_index) throw pg::parse_error("one index set: FlatZinc arrays have one dimension", in);
    if (lo != 1) throw pg::parse_error("an index set starting at 1", in);
    if (hi < 0 || hi > (std::int64_t{1} << 32))
      throw pg::parse_error("an array size within 0..2^32", in);
    s.in_index = true;
    s.decl.type.is_array = true;
    s.decl.type.array_size = hi;
  }
};
template <>
struct action<g::t_index_int> {
  template <class Input>
  static void apply(const Input& in, state&) {
    throw pg::parse_error("an index set 1..n (a declared array has a size)", in);
  }
};
template <>
struct action<g::t_var> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.type.is_var = true;
  }
};
template <>
struct action<g::t_bool> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.type.base = base_type::boolean;
  }
};
template <>
struct action<g::t_int> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.type.base = base_type::integer;
  }
};
template <>
struct action<g::t_float> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.type.base = base_type::floating;
  }
};
template <>
struct action<g::t_int_range> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    const auto [lo, hi] = read_range(in.string_view(), in);
    s.decl.type.base = base_type::integer;
    s.decl.type.domain = int_set::range(lo, hi);
  }
};
template <>
struct action<g::t_float_range> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.type.base = base_type::floating;
    s.decl.type.float_domain = true;
  }
};
template <>
struct action<g::t_set_dom> {
  template <class Input>
  static void apply(const Input&, state& s) {
    if (s.set_float) {
      s.decl.type.base = base_type::floating;
      s.decl.type.float_domain = true;
      return;
    }
    s.decl.type.base = base_type::integer;
    s.decl.type.domain = int_set::of(std::move(s.set_values));
  }
};
template <>
struct action<g::t_set_of> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.type.base = base_type::set;
  }
};
template <>
struct action<g::decl_name> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    s.decl.name = in.string();
  }
};
template <>
struct action<g::decl_anns> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.decl.annotations = s.take_base();
  }
};
template <>
struct action<g::decl_item> {
  template <class Input>
  static void apply(const Input&, state& s) {
    std::vector<expr> value = s.take_base();
    if (!value.empty()) s.decl.value = std::move(value.front());
    s.m.declarations.push_back(std::move(s.decl));
    s.decl = declaration{};
  }
};

// --- predicates, constraints, solve ---

template <>
struct action<g::pred_name> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    predicate p;
    p.name = in.string();
    p.where = where(in);
    s.m.predicates.push_back(std::move(p));
  }
};
template <>
struct action<g::pred_param> {
  template <class Input>
  static void apply(const Input&, state& s) {
    ++s.m.predicates.back().arity;
  }
};
template <>
struct action<g::pred_param_next> : action<g::pred_param> {};
template <>
struct action<g::con_open> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    s.con = constraint{};
    const std::string_view t = in.string_view();
    std::size_t end = 0;
    while (end < t.size() &&
           (std::isalnum(static_cast<unsigned char>(t[end])) != 0 || t[end] == '_'))
      ++end;
    s.con.name = std::string(t.substr(0, end));
    s.con.where = where(in);
    s.frames.emplace_back();
  }
};
template <>
struct action<g::con_call> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.con.args = std::move(s.frames.back());
    s.frames.pop_back();
  }
};
template <>
struct action<g::con_anns> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.con.annotations = s.take_base();
  }
};
template <>
struct action<g::con_item> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.m.constraints.push_back(std::move(s.con));
    s.con = constraint{};
  }
};
template <>
struct action<g::solve_head> {
  template <class Input>
  static void apply(const Input& in, state& s) {
    s.m.solve.where = where(in);
  }
};
template <>
struct action<g::solve_anns> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.m.solve.annotations = s.take_base();
  }
};
template <>
struct action<g::goal_minimize> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.m.solve.goal = goal::minimize;
  }
};
template <>
struct action<g::goal_maximize> {
  template <class Input>
  static void apply(const Input&, state& s) {
    s.m.solve.goal = goal::maximize;
  }
};
template <>
struct action<g::solve_item> {
  template <class Input>
  static void apply(const Input&, state& s) {
    std::vector<expr> objective = s.take_base();
    if (!objective.empty()) s.m.solve.objective = std::move(objective.front());
  }
};

}  // namespace

model parse(std::string_view text, const std::string& file) {
  state s;
  s.m.file = file;
  pg::memory_input<> in(text.data(), text.size(), file);
  try {
    pg::parse<g::file, action, g::control>(in, s);
  } catch (const pg::parse_error& e) {
    const auto& p = e.positions().front();
    location l{static_cast<std::uint32_t>(std::min<std::size_t>(p.line, UINT32_MAX)),
               static_cast<std::uint32_t>(std::min<std::size_t>(p.column, UINT32_MAX))};
    throw error(at(file, l, "expected " + std::string(e.message())));
  }
  return std::move(s.m);
}

model parse_file(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw error(path + ": cannot read the file");
  std::ostringstream text;
  text << f.rdbuf();
  if (f.bad()) throw error(path + ": cannot read the file");
  return parse(text.str(), path);
}

}  // namespace bt::flatzinc
