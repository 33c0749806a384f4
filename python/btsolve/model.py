"""Constraint models in Python's habits (docs/python.md, "Models"): variables made by a
Model, constraints written with operators and functions, an objective, searched by the
constraint layer's strategies (bt/cp) with the runner's statistics, traces and limits.

    m = Model()
    S, E, N, D, M, O, R, Y = m.int_vars(8, 0, 9, names="SENDMORY")
    m += all_different([S, E, N, D, M, O, R, Y])
    m += S != 0
    m += M != 0
    m += (1000 * S + 100 * E + 10 * N + D) + (1000 * M + 100 * O + 10 * R + E) == \\
         10000 * M + 1000 * O + 100 * N + 10 * E + Y
    r = btsolve.search(m, "mrv+mac")
    r.solutions[0][S]          # 9

An expression is flattened into the layer's primitives as it is added: linear terms become
one linear constraint (bounds consistent), products, divisions, abs, min, max, element and
count get a variable of their own, a comparison inside an expression becomes a 0/1 variable
tied to it (reification), and `|`, `&`, `~`, `^` and `implies` become clauses.
"""

from __future__ import annotations

import itertools
import numbers
import operator
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Callable, Iterator, Optional, Union

from . import _btsolve

__all__ = ["Model", "Expr", "IntVar", "Constraint", "Solution", "all_different", "table",
           "element", "count", "minimum", "maximum", "lex_less", "lex_lesseq", "exactly_one",
           "circuit", "predicate", "div", "mod", "implies", "MAX_LISTED"]

#: Values a domain may list one by one (a range of any width costs nothing per value).
MAX_LISTED = 1 << 22
#: Values lie within +-2^52 (the layer's limit: sums of products stay exact).
VALUE_LIMIT = 1 << 52

RELATIONS = ("==", "!=", "<", "<=", ">", ">=")
FLIPPED = {"==": "==", "!=": "!=", "<": ">", "<=": ">=", ">": "<", ">=": "<="}
NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<"}
#: Each relation as the function that decides it on two values.
COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le,
           ">": operator.gt, ">=": operator.ge}


def whole(v: Any, what: str) -> int:
    """v as a whole number, or a TypeError in plain words."""
    if isinstance(v, bool):
        return int(v)
    if isinstance(v, numbers.Integral):
        v = int(v)
        if not -VALUE_LIMIT <= v <= VALUE_LIMIT:
            raise ValueError(f"{what}: {v} is outside the values a model takes (+-2^52)")
        return v
    raise TypeError(f"{what} must be a whole number, not {type(v).__name__} {v!r}")


def listed(xs: Any, what: str) -> list:
    """xs as a list: a list, tuple or other iterable; a string or a single item is refused
    (a string would be split into its characters)."""
    if isinstance(xs, (str, bytes)):
        raise TypeError(f"{what} must be a list, not the string {xs!r}")
    if isinstance(xs, Expr) or not isinstance(xs, Iterable):
        raise TypeError(f"{what} must be a list, not {type(xs).__name__}")
    return list(xs)


def listed_domain(values: Any, name: Any, limit: int, advice: str) -> list:
    """A domain as a list, its size read before its values (a range of 10^9 values is refused
    at once, not after listing it); a string is refused rather than split into characters."""
    if isinstance(values, (str, bytes)):
        raise TypeError(f"the domain of {name} must be a list of values, not the string "
                        f"{values!r}")
    if isinstance(values, Mapping) or not isinstance(values, Iterable):
        raise TypeError(f"the domain of {name} must be a list of values or a range, not "
                        f"{type(values).__name__}")
    if hasattr(values, "__len__") and len(values) > limit:
        raise ValueError(f"the domain of {name} has {len(values):,} values, more than "
                         f"{limit:,}: {advice}")
    out = list(itertools.islice(values, limit + 1))
    if len(out) > limit:
        raise ValueError(f"the domain of {name} has more than {limit:,} values: {advice}")
    return out


class Expr:
    """An integer expression over a model's variables. Arithmetic (+, -, *, //, %, **, abs,
    unary -) makes expressions; comparisons (==, !=, <, <=, >, >=) make constraints. An
    expression has no truth value: add a comparison to a model (``m += x < y``)."""

    __slots__ = ()
    __hash__ = object.__hash__  # by identity: == builds a constraint

    def _model(self) -> Optional["Model"]:
        raise NotImplementedError

    # arithmetic
    def __add__(self, o): return Linear.of(self).plus(o, 1)
    def __radd__(self, o): return Linear.of(self).plus(o, 1)
    def __sub__(self, o): return Linear.of(self).plus(o, -1)
    def __rsub__(self, o): return Linear.of(self).times(-1).plus(o, 1)
    def __neg__(self): return Linear.of(self).times(-1)
    def __pos__(self): return self

    def __mul__(self, o):
        if isinstance(o, Expr):
            return Node("*", (self, o))
        return Linear.of(self).times(whole(o, "a coefficient"))

    __rmul__ = __mul__

    def __floordiv__(self, o): return Node("//", (self, o))
    def __rfloordiv__(self, o): return Node("//", (o, self))
    def __mod__(self, o): return Node("%", (self, o))
    def __rmod__(self, o): return Node("%", (o, self))

    def __pow__(self, o):
        return Node("**", (self, whole(o, "an exponent") if not isinstance(o, Expr) else o))

    def __abs__(self): return Node("abs", (self,))

    # comparisons
    def __eq__(self, o): return Relation(self, "==", o)  # type: ignore[override]
    def __ne__(self, o): return Relation(self, "!=", o)  # type: ignore[override]
    def __lt__(self, o): return Relation(self, "<", o)
    def __le__(self, o): return Relation(self, "<=", o)
    def __gt__(self, o): return Relation(self, ">", o)
    def __ge__(self, o): return Relation(self, ">=", o)

    def __bool__(self):
        raise TypeError("a btsolve expression has no truth value: add a constraint to a model "
                        "(m += x == y), or compare the values of a solution")

    def is_in(self, values: Iterable[int]) -> "Constraint":
        """The expression takes one of values."""
        return Global("in", (self, sorted({whole(v, "a value") for v in listed(values,
                                                                             "values")})))


class IntVar(Expr):
    """A variable of a model: ``name``, ``index`` (its place among the model's variables),
    and ``labels`` when its values are objects (Model.var)."""

    __slots__ = ("model", "index", "name", "labels")

    def __init__(self, model: "Model", index: int, name: str, labels: Optional[tuple]):
        self.model = model
        self.index = index
        self.name = name
        self.labels = labels

    def _model(self):
        return self.model

    def __repr__(self):
        return self.name

    @property
    def bounds(self) -> tuple[int, int]:
        """The smallest and largest value of the initial domain."""
        return tuple(self.model._cp.bounds(self.index))  # type: ignore[return-value]


class Linear(Expr):
    """sum of coefficient * term + constant; a term is a variable or any expression."""

    __slots__ = ("terms", "const")

    def __init__(self, terms: dict, const: int):
        self.terms = terms  # Expr -> coefficient (by identity)
        self.const = const

    @staticmethod
    def of(e: Any) -> "Linear":
        if isinstance(e, Linear):
            return e
        if isinstance(e, Expr):
            return Linear({e: 1}, 0)
        return Linear({}, whole(e, "a constant"))

    def plus(self, o: Any, sign: int) -> "Linear":
        other = Linear.of(o)
        terms = dict(self.terms)
        for t, a in other.terms.items():
            terms[t] = terms.get(t, 0) + sign * a
        return Linear(terms, self.const + sign * other.const)

    def times(self, k: int) -> "Linear":
        return Linear({t: a * k for t, a in self.terms.items()}, self.const * k)

    def _model(self):
        for t in self.terms:
            m = t._model()
            if m is not None:
                return m
        return None

    def __repr__(self):
        parts = [f"{a}*{t!r}" if a != 1 else repr(t) for t, a in self.terms.items() if a]
        if self.const or not parts:
            parts.append(str(self.const))
        return " + ".join(parts)


class Node(Expr):
    """A non-linear expression: an operator and its operands; it gets a variable of its own
    when added."""

    __slots__ = ("op", "args")

    def __init__(self, op: str, args: tuple):
        self.op = op
        self.args = args

    def _model(self):
        return model_of(self.args)

    def __repr__(self):
        if self.op in ("*", "//", "%", "**"):
            return f"({self.args[0]!r} {self.op} {self.args[1]!r})"
        return f"{self.op}({', '.join(map(repr, self.args))})"


class Constraint(Expr):
    """A constraint: added to a model it must hold; inside an expression it is a 0/1 value
    (``(x > 3) + (y > 3) == 1``). Combine with ``&``, ``|``, ``^``, ``~`` and implies()."""

    __slots__ = ()

    def __and__(self, o): return BoolOp("and", (self, as_constraint(o)))
    def __rand__(self, o): return BoolOp("and", (as_constraint(o), self))
    def __or__(self, o): return BoolOp("or", (self, as_constraint(o)))
    def __ror__(self, o): return BoolOp("or", (as_constraint(o), self))
    def __xor__(self, o): return BoolOp("xor", (self, as_constraint(o)))
    def __invert__(self): return BoolOp("not", (self,))

    def implies(self, o: "Constraint") -> "Constraint":
        """This constraint, when it holds, forces o."""
        return BoolOp("implies", (self, as_constraint(o)))


class Relation(Constraint):
    __slots__ = ("lhs", "op", "rhs")

    def __init__(self, lhs: Any, op: str, rhs: Any):
        self.lhs, self.op, self.rhs = lhs, op, rhs

    def _model(self):
        return model_of((self.lhs, self.rhs))

    def __repr__(self):
        return f"{self.lhs!r} {self.op} {self.rhs!r}"


class BoolOp(Constraint):
    __slots__ = ("op", "args")

    def __init__(self, op: str, args: tuple):
        self.op, self.args = op, args

    def _model(self):
        return model_of(self.args)

    def __repr__(self):
        if self.op == "not":
            return f"~({self.args[0]!r})"
        return f"({self.args[0]!r}) {self.op} ({self.args[1]!r})"


class Global(Constraint):
    """A global constraint (all_different, table, ...): added to a model, not reified."""

    __slots__ = ("kind", "args")

    def __init__(self, kind: str, args: tuple):
        self.kind, self.args = kind, args

    def _model(self):
        return model_of(self.args)

    def __repr__(self):
        return f"{self.kind}(...)"


def model_of(items: Iterable) -> Optional["Model"]:
    """The model the variables in items (nested lists included) belong to."""
    for x in items:
        if isinstance(x, Expr):
            m = x._model()
        elif isinstance(x, (list, tuple)):
            m = model_of(x)
        else:
            m = None
        if m is not None:
            return m
    return None


def as_constraint(c: Any) -> Constraint:
    if isinstance(c, Constraint):
        return c
    if isinstance(c, IntVar):
        return Relation(c, "==", 1)  # a 0/1 variable as a condition
    if isinstance(c, bool):
        return Relation(Linear({}, int(c)), "==", 1)
    raise TypeError(f"a condition must be a constraint or a 0/1 variable, not "
                    f"{type(c).__name__}")


# --- the functions of a model ---

def variables(xs: Any, what: str) -> list:
    """xs as a list of expressions or whole numbers (TypeError for anything else)."""
    out = listed(xs, what)
    for x in out:
        if not isinstance(x, Expr):
            whole(x, f"an item of {what}")
    return out


def all_different(xs: Sequence, *, offsets: Optional[Sequence[int]] = None,
                  consistency: str = "auto") -> Constraint:
    """The expressions take pairwise different values (``offsets``: xs[i] + offsets[i]).
    ``consistency`` under mac: "value" (forward), "bounds" (Hall intervals), "domain"
    (Régin's matching) or "auto" (domain for up to 64 variables with small domains)."""
    xs = variables(xs, "all_different's variables")
    offs = [0] * len(xs) if offsets is None else [whole(o, "an offset")
                                                  for o in listed(offsets, "offsets")]
    if len(offs) != len(xs):
        raise ValueError("all_different: one offset for each variable")
    if consistency not in ("auto", "value", "bounds", "domain"):
        raise ValueError("consistency must be auto, value, bounds or domain, "
                         f"not {consistency!r}")
    return Global("all_different", (xs, offs, consistency))


def table(xs: Sequence, rows: Iterable[Sequence], *, allowed: bool = True) -> Constraint:
    """The tuple of xs is one of rows (allowed=False: none of them). Generalised arc
    consistency (compact table). Rows of object-valued variables hold the objects."""
    xs = variables(xs, "table's variables")
    rows = [listed(r, "a row of table") for r in listed(rows, "table's rows")]
    for r in rows:
        if len(r) != len(xs):
            raise ValueError(f"table: a row has {len(r)} values for {len(xs)} variables")
    return Global("table", (xs, rows, allowed))


def circuit(xs: Sequence, *, offset: int = 0, consistency: str = "auto") -> Constraint:
    """xs[i] - offset is the node after node i and the successors make one tour through all
    len(xs) nodes (MiniZinc's circuit; a TSP's successors). One node is its own successor; no
    nodes hold trivially. The successors' all-different at ``consistency`` (as all_different's),
    and a propagator that forbids closing a chain of fixed successors early and, under mac,
    fails a successor graph that is not strongly connected."""
    xs = variables(xs, "circuit's successors")
    if consistency not in ("auto", "value", "bounds", "domain"):
        raise ValueError("consistency must be auto, value, bounds or domain, "
                         f"not {consistency!r}")
    return Global("circuit", (xs, whole(offset, "circuit's offset"), consistency))


def element(array: Sequence, index: Any) -> Expr:
    """array[index]: index counts from 0 (array: whole numbers or expressions). Wherever the
    expression appears, index is kept within the array (as div and mod keep their divisor
    from zero)."""
    return Node("element", (variables(array, "element's array"), index))


def count(xs: Sequence, value: Any) -> Expr:
    """The number of xs equal to value (a number or an expression)."""
    return Node("count", (variables(xs, "count's variables"), value))


def minimum(xs: Sequence) -> Expr:
    """The smallest of xs."""
    xs = variables(xs, "minimum's arguments")
    if not xs:
        raise ValueError("minimum of no values")
    return Node("min", tuple(xs))


def maximum(xs: Sequence) -> Expr:
    """The largest of xs."""
    xs = variables(xs, "maximum's arguments")
    if not xs:
        raise ValueError("maximum of no values")
    return Node("max", tuple(xs))


def div(x: Any, y: Any) -> Expr:
    """x divided by y, rounded towards zero (MiniZinc's div; Python's // rounds down)."""
    return Node("div", (x, y))


def mod(x: Any, y: Any) -> Expr:
    """The remainder of div(x, y), with the sign of x (MiniZinc's mod)."""
    return Node("mod", (x, y))


def lex_less(xs: Sequence, ys: Sequence) -> Constraint:
    """xs comes strictly before ys in lexicographic order."""
    return Global("lex", (variables(xs, "lex_less's first list"),
                          variables(ys, "lex_less's second list"), True))


def lex_lesseq(xs: Sequence, ys: Sequence) -> Constraint:
    """xs comes before ys in lexicographic order, or equals it."""
    return Global("lex", (variables(xs, "lex_lesseq's first list"),
                          variables(ys, "lex_lesseq's second list"), False))


def exactly_one(xs: Sequence) -> Constraint:
    """Exactly one of the 0/1 variables xs is 1: an exact cover's column (the ``options``
    variable order branches on the column with the fewest candidates, Knuth's choice)."""
    return Global("exactly_one", (variables(xs, "exactly_one's variables"),))


def predicate(test: Callable[..., bool], scope: Sequence, *, name: Optional[str] = None,
              support_limit: int = 4096, cache: bool = True) -> Constraint:
    """test(*values of scope) must be true: a Python function, called with the values of its
    own variables only (the objects given, for object-valued variables) when they are all
    fixed; under mac it also filters by support search while the scope has at most
    support_limit assignments left.

    ``cache``: test is taken to be pure (the same answer for the same values). Once a
    constraint's tests show its allowed tuples rare (under 1 in 64, as a crossword's words),
    its support search tests every assignment of the domains once and keeps the allowed ones
    (the last 64 such enumerations), and the nodes below find their supports among them
    without calling Python: the same pruning and statistics, only ``stats["calls"]`` differs
    (AIMA's crossword1: 2.0 million calls -> 0.6 million). ``cache=False`` calls test for
    every assignment the support search examines, for a test whose answer may change during
    a search (one that counts its calls, reads a clock or a random number).
    """
    if not callable(test):
        raise TypeError(f"predicate's test must be callable, not {type(test).__name__}")
    scope = listed(scope, "predicate's scope")
    for x in scope:
        if not isinstance(x, Expr):
            raise TypeError(f"predicate's scope holds variables, not {x!r}")
    if not isinstance(cache, bool):
        raise TypeError(f"predicate's cache is True or False, not {cache!r}")
    return Global("predicate", (scope, test, name or getattr(test, "__name__", "predicate"),
                                whole(support_limit, "support_limit"), cache))


def implies(a: Any, b: Any) -> Constraint:
    """When a holds, b holds."""
    return as_constraint(a).implies(b)


class Model:
    """Variables, constraints and an optional objective: ``m += constraint`` adds,
    ``m.minimize(expr)`` / ``m.maximize(expr)`` ask for the best solution by branch and
    bound; btsolve.search(m, strategy, mode) searches it."""

    def __init__(self, name: str = "model"):
        if not isinstance(name, str):
            raise TypeError(f"a model's name is a string, not {type(name).__name__}")
        self.name = name
        self._cp = _btsolve.cp_model()
        self.variables: list[IntVar] = []  # the user's, in the order made
        self._aux: list[int] = []  # the variables flattening made
        # _compiled()'s last (variables, aux, the layer's variables)
        self._decided: tuple[int, int, int] = (-1, -1, -1)
        self._decisions_set = False  # _compiled() told the layer its decisions
        self._labelled = 0  # variables with labels (_solution() decodes their values)
        self._codes: dict = {}  # object -> its number (object-valued variables)
        self._objects: list = []
        self._memo: dict = {}  # id(expression) -> (expression, variable)
        self._names: set = set()
        self.objective: Optional[tuple[str, Any]] = None

    def __repr__(self):
        return (f"Model({self.name!r}: {len(self.variables)} variables, "
                f"{self._cp.constraint_count()} constraints)")

    # --- variables ---

    def _name(self, name: Optional[str]) -> str:
        if name is None:
            name = f"x{len(self.variables) + 1}"
        elif not isinstance(name, str):
            raise TypeError(f"a variable's name is a string, not {type(name).__name__}")
        return name

    def _made(self, index: int, name: str, labels=None) -> IntVar:
        v = IntVar(self, index, name, labels)
        self.variables.append(v)
        self._labelled += labels is not None
        return v

    def int_var(self, lo: Union[int, range, Iterable[int]], hi: Optional[int] = None,
                name: Optional[str] = None) -> IntVar:
        """A whole-number variable: ``int_var(0, 9)`` (lo..hi), ``int_var(range(1, 10))``
        or ``int_var([1, 3, 5])``. A range costs nothing per value; a list may hold up to
        MAX_LISTED values."""
        name = self._name(name)
        if hi is not None:
            lo_, hi_ = whole(lo, f"the lower bound of {name}"), whole(hi, f"the upper bound "
                                                                           f"of {name}")
            if lo_ > hi_:
                raise ValueError(f"variable {name}: empty domain {lo_}..{hi_}")
            return self._made(self._cp.int_var(lo_, hi_, name, False), name)
        if isinstance(lo, range):
            if len(lo) == 0:
                raise ValueError(f"variable {name}: empty domain {lo}")
            if lo.step in (1, -1):
                a, b = min(lo[0], lo[-1]), max(lo[0], lo[-1])
                return self._made(self._cp.int_var(whole(a, name), whole(b, name), name, False),
                                  name)
        values = self._listed_values(lo, name)
        return self._made(self._cp.int_var_values([whole(v, f"a value of {name}")
                                                   for v in values], name, False), name)

    def _listed_values(self, values: Any, name: str) -> list:
        out = listed_domain(values, name, MAX_LISTED, "give a range (lo, hi) instead")
        if not out:
            raise ValueError(f"variable {name}: empty domain")
        return out

    def int_vars(self, n: int, lo: Union[int, range, Iterable[int]], hi: Optional[int] = None,
                 *, names: Union[str, Sequence[str], None] = None,
                 prefix: str = "x") -> list[IntVar]:
        """n variables with the same domain, named prefix1..prefixN or by ``names`` (a list,
        or a string of one-letter names: "SENDMORY")."""
        n = whole(n, "the number of variables")
        if n < 0:
            raise ValueError("the number of variables cannot be negative")
        if names is None:
            if not isinstance(prefix, str):
                raise TypeError("prefix is a string")
            names = [f"{prefix}{i + 1}" for i in range(n)]
        else:
            names = list(names)
            if len(names) != n:
                raise ValueError(f"{len(names)} names for {n} variables")
        return [self.int_var(lo, hi, nm) for nm in names]

    def bool_var(self, name: Optional[str] = None) -> IntVar:
        """A 0/1 variable (also a condition: ``m += b.implies(x > 3)``)."""
        return self.int_var(0, 1, name)

    def bool_vars(self, n: int, *, prefix: str = "b") -> list[IntVar]:
        return self.int_vars(n, 0, 1, prefix=prefix)

    def var(self, values: Iterable, name: Optional[str] = None) -> IntVar:
        """A variable whose values are any hashable objects ("red", (1, 2), Fraction(1, 3)):
        solutions and predicates give back the objects themselves. It takes part in ==, !=,
        all_different, table, count and predicates, not in arithmetic."""
        name = self._name(name)
        objs = self._listed_values(values, name)
        codes = []
        for o in objs:
            codes.append(self._code(o, name))
        v = self._made(self._cp.int_var_values(codes, name, True), name, tuple(objs))
        return v

    def _code(self, o: Any, name: str) -> int:
        try:
            c = self._codes.get(o)
        except TypeError:
            raise TypeError(f"value {o!r} of {name} is not hashable") from None
        if c is None:
            c = self._codes[o] = self._cp.label(o)
            self._objects.append(o)
        return c

    # --- constraints ---

    def add(self, *constraints: Any) -> "Model":
        """Add constraints (or lists of them); returns the model."""
        for c in constraints:
            if isinstance(c, (list, tuple)) or (isinstance(c, Iterable)
                                                and not isinstance(c, (Expr, str, bytes))):
                self.add(*c)
                continue
            if isinstance(c, bool):
                raise TypeError("a constraint evaluated to a plain bool: a comparison of two "
                                "numbers, or a variable compared with `is`/`in`")
            self._own(c)
            self._post(as_constraint(c))
        return self

    def __iadd__(self, c: Any) -> "Model":
        return self.add(c)

    def minimize(self, e: Any) -> None:
        """Look for the smallest value of e (branch and bound)."""
        self._own(e)
        self._cp.minimize(self._var(e))
        self.objective = ("minimize", e)

    def maximize(self, e: Any) -> None:
        """Look for the largest value of e (branch and bound)."""
        self._own(e)
        self._cp.maximize(self._var(e))
        self.objective = ("maximize", e)

    def branch(self, xs: Sequence, var_order: str = "input-order",
               val_order: str = "min") -> None:
        """Decide xs first, in this order (MiniZinc's int_search): var_order is one of
        input-order, first-fail, anti-first-fail, smallest, largest, occurrence, max-regret,
        dom-deg, dom-wdeg; val_order one of min, max, median, split, reverse-split, random."""
        xs = listed(xs, "branch's variables")
        for x in xs:
            if not isinstance(x, IntVar) or x.model is not self:
                raise TypeError(f"branch takes this model's variables, not {x!r}")
        try:
            self._cp.add_phase([x.index for x in xs], var_order, val_order)
        except ValueError as e:
            raise ValueError(str(e)) from None

    def _own(self, e: Any) -> None:
        m = e._model() if isinstance(e, Expr) else None
        if m is not None and m is not self:
            raise ValueError("an expression over another model's variables")

    # --- flattening ---

    def _aux_var(self, lo: int, hi: int, e: Any) -> int:
        lo, hi = max(lo, -VALUE_LIMIT), min(hi, VALUE_LIMIT)
        text = repr(e)
        x = self._cp.int_var(lo, hi, text if len(text) <= 40 else text[:37] + "...", False)
        self._aux.append(x)
        return x

    def _bounds(self, e: Any) -> tuple[int, int]:
        if isinstance(e, IntVar):
            return tuple(self._cp.bounds(e.index))  # type: ignore[return-value]
        if isinstance(e, Constraint):
            return (0, 1)
        if not isinstance(e, Expr):
            v = whole(e, "a constant")
            return (v, v)
        memo = self._memo.get(id(e))
        if memo is not None:
            return tuple(self._cp.bounds(memo[1]))  # type: ignore[return-value]
        if isinstance(e, Linear):
            lo = hi = e.const
            for t, a in e.terms.items():
                tl, th = self._bounds(t)
                lo += min(a * tl, a * th)
                hi += max(a * tl, a * th)
            return (lo, hi)
        return self._node_bounds(e)

    def _node_bounds(self, e: Node) -> tuple[int, int]:
        op, args = e.op, e.args
        if op == "*":
            (al, ah), (bl, bh) = self._bounds(args[0]), self._bounds(args[1])
            ps = (al * bl, al * bh, ah * bl, ah * bh)
            return (min(ps), max(ps))
        if op in ("//", "%", "div", "mod"):
            (al, ah), (bl, bh) = self._bounds(args[0]), self._bounds(args[1])
            m = max(abs(al), abs(ah))
            if op in ("//", "div"):
                return (-m, m)
            k = max(abs(bl), abs(bh)) - 1
            return (-min(m, k), min(m, k))
        if op == "**":
            (al, ah), (bl, bh) = self._bounds(args[0]), self._bounds(args[1])
            m = max(abs(al), abs(ah))
            top = max(0, bh)
            big = m ** top if m > 1 else 1
            return (-big, big)
        if op == "abs":
            lo, hi = self._bounds(args[0])
            return (0 if lo <= 0 <= hi else min(abs(lo), abs(hi)), max(abs(lo), abs(hi)))
        if op in ("min", "max"):
            bs = [self._bounds(a) for a in args]
            f = min if op == "min" else max
            return (f(b[0] for b in bs), f(b[1] for b in bs))
        if op == "element":
            bs = [self._bounds(a) for a in args[0]]
            return (min(b[0] for b in bs), max(b[1] for b in bs))
        if op == "count":
            return (0, len(args[0]))
        raise AssertionError(op)

    def _lin(self, e: Any) -> tuple[dict, int]:
        """e as {variable: coefficient} and a constant."""
        if isinstance(e, Linear):
            terms: dict = {}
            const = e.const
            for t, a in e.terms.items():
                if a == 0:
                    continue
                if isinstance(t, Linear):
                    sub, c = self._lin(t)
                    const += a * c
                    for x, b in sub.items():
                        terms[x] = terms.get(x, 0) + a * b
                else:
                    x = self._number(t)
                    terms[x] = terms.get(x, 0) + a
            return ({x: a for x, a in terms.items() if a != 0}, const)
        if isinstance(e, Expr):
            return ({self._number(e): 1}, 0)
        return ({}, whole(e, "a constant"))

    def _number(self, e: Any) -> int:
        """A variable of a number-valued expression (object-valued variables refused)."""
        if isinstance(e, IntVar) and e.labels is not None:
            raise TypeError(f"{e.name} takes objects, not numbers: it has no arithmetic")
        return self._var(e)

    def _var(self, e: Any) -> int:
        """The variable standing for e (made once per expression object)."""
        if isinstance(e, IntVar):
            if e.model is not self:
                raise ValueError(f"{e.name} belongs to another model")
            return e.index
        if not isinstance(e, Expr):
            return self._cp.constant(whole(e, "a constant"))
        memo = self._memo.get(id(e))
        if memo is not None:
            return memo[1]
        if isinstance(e, Linear):
            terms, const = self._lin(e)
            if const == 0 and len(terms) == 1 and next(iter(terms.values())) == 1:
                x = next(iter(terms))
            elif not terms:
                x = self._cp.constant(const)
            else:
                lo, hi = self._bounds(e)
                x = self._aux_var(lo, hi, e)
                self._cp.linear(list(terms.values()) + [-1], list(terms) + [x], "==", -const)
        elif isinstance(e, Constraint):
            x = self._reify(e)
        else:
            x = self._node(e)
        self._memo[id(e)] = (e, x)
        return x

    def _node(self, e: Node) -> int:
        op, args = e.op, e.args
        lo, hi = self._bounds(e)
        if op == "element":
            array, index = args
            i = self._number(index)
            z = self._aux_var(lo, hi, e)
            if all(not isinstance(a, Expr) for a in array):
                self._cp.element_values(i, [whole(a, "an element") for a in array], z, 0)
            else:
                self._cp.element_vars(i, [self._number(a) for a in array], z, 0)
            return z
        if op == "count":
            xs, value = args
            z = self._aux_var(lo, hi, e)
            self._cp.count([self._var(x) for x in xs], self._var_like(value, xs), z)
            return z
        if op in ("min", "max"):
            xs = [self._number(a) for a in args]
            z = self._aux_var(lo, hi, e)
            (self._cp.minimum if op == "min" else self._cp.maximum)(xs, z)
            return z
        if op == "abs":
            x = self._number(args[0])
            z = self._aux_var(lo, hi, e)
            self._cp.abs(x, z)
            return z
        if op in ("//", "%"):
            (al, _), (bl, _) = self._bounds(args[0]), self._bounds(args[1])
            if al < 0 or bl <= 0:
                name = "div" if op == "//" else "mod"
                raise ValueError(f"{e!r}: Python's {op} rounds down, the layer's {name} towards "
                                 f"zero; they agree when the left side is never negative and the "
                                 f"right side always positive. Use btsolve.{name}(x, y) for "
                                 "the rounding towards zero")
        x, y = self._number(args[0]), self._number(args[1])
        z = self._aux_var(lo, hi, e)
        if op == "*":
            self._cp.times(x, y, z)
        elif op in ("//", "div"):
            self._cp.div(x, y, z)
        elif op in ("%", "mod"):
            self._cp.mod(x, y, z)
        elif op == "**":
            self._cp.power(x, y, z)
        else:
            raise AssertionError(op)
        return z

    def _var_like(self, value: Any, peers: Sequence) -> int:
        """value's variable; an object compared with object-valued variables is its number."""
        if not isinstance(value, Expr) and any(isinstance(p, IntVar) and p.labels is not None
                                               for p in peers):
            code = self._code_of(value)
            return self._cp.constant(-1 if code is None else code)
        return self._var(value)

    def _code_of(self, v: Any) -> Optional[int]:
        """The number of an object some object-valued variable takes, or None (unhashable
        objects included: no variable takes them)."""
        try:
            return self._codes.get(v)
        except TypeError:
            return None

    def _labelled_sides(self, c: Relation) -> Optional[tuple]:
        """(x, op, y-or-code) when either side is an object-valued variable, else None."""
        l, r = c.lhs, c.rhs
        lo = isinstance(l, IntVar) and l.labels is not None
        ro = isinstance(r, IntVar) and r.labels is not None
        if not lo and not ro:
            return None
        if c.op not in ("==", "!="):
            raise TypeError(f"{c!r}: a variable of objects compares by == and != only")
        if lo and ro:
            return (l.index, c.op, r.index)
        x, other = (l, r) if lo else (r, l)
        if isinstance(other, Expr):
            raise TypeError(f"{c!r}: a variable of objects compares with its objects or "
                            "another such variable")
        return (x.index, c.op, ("code", self._code_of(other)))

    def _post(self, c: Constraint) -> None:
        cp = self._cp
        if isinstance(c, Relation):
            sides = self._labelled_sides(c)
            if sides is not None:
                x, op, y = sides
                if isinstance(y, tuple):
                    code = y[1]
                    if code is None:  # an object no variable takes
                        if op == "==":
                            cp.restrict(cp.constant(0), "==", 1)
                        return
                    cp.restrict(x, op, code)
                else:
                    cp.rel(x, op, y, 0)
                return
            terms, const = self._lin(Linear.of(c.lhs).plus(c.rhs, -1))
            self._post_linear(terms, c.op, -const)
        elif isinstance(c, BoolOp):
            if c.op == "and":
                for a in c.args:
                    self._post(a)
            elif c.op == "or":
                cp.clause(self._flat_or(c), [])
            elif c.op == "implies":
                cp.clause([self._var(c.args[1])], [self._var(c.args[0])])
            elif c.op == "not":
                inner = c.args[0]
                if isinstance(inner, Relation):
                    self._post(Relation(inner.lhs, NEGATED[inner.op], inner.rhs))
                else:
                    cp.restrict(self._var(inner), "==", 0)
            elif c.op == "xor":
                cp.restrict(self._var(c), "==", 1)
            else:
                raise AssertionError(c.op)
        elif isinstance(c, Global):
            self._post_global(c)
        else:
            raise TypeError(f"cannot add {c!r}")

    def _flat_or(self, c: BoolOp) -> list[int]:
        out = []
        for a in c.args:
            if isinstance(a, BoolOp) and a.op == "or":
                out += self._flat_or(a)
            else:
                out.append(self._var(a))
        return out

    def _post_linear(self, terms: dict, op: str, c: int) -> None:
        cp = self._cp
        if not terms:
            if not COMPARE[op](0, c):
                cp.restrict(cp.constant(0), "==", 1)  # an infeasible model: its root fails
            return
        items = list(terms.items())
        if len(items) == 1 and items[0][1] in (1, -1):
            x, a = items[0]
            if a == 1:
                cp.restrict(x, op, c)
            else:
                cp.restrict(x, FLIPPED[op], -c)
            return
        if len(items) == 2 and sorted(a for _, a in items) == [-1, 1]:
            (x, _), (y, _) = sorted(items, key=lambda t: -t[1])  # x - y op c
            cp.rel(x, op, y, c)
            return
        if op in ("<", ">"):
            op, c = ("<=", c - 1) if op == "<" else (">=", c + 1)
        cp.linear([a for _, a in items], [x for x, _ in items], op, c)

    def _post_global(self, c: Global) -> None:
        cp = self._cp
        if c.kind == "all_different":
            xs, offs, consistency = c.args
            cp.all_different([self._var(x) for x in xs], offs, consistency)
        elif c.kind == "table":
            xs, rows, allowed = c.args
            flat = []
            for r in rows:
                for x, v in zip(xs, r):
                    if isinstance(x, IntVar) and x.labels is not None:
                        code = self._code_of(v)
                        flat.append(-1 if code is None else code)
                    else:
                        flat.append(whole(v, "a table value"))
            cp.table([self._var(x) for x in xs], flat, allowed)
        elif c.kind == "circuit":
            xs, offset, consistency = c.args
            cp.circuit([self._number(x) for x in xs], offset, consistency)
        elif c.kind == "lex":
            xs, ys, strict = c.args
            cp.lex_lesseq([self._number(x) for x in xs], [self._number(y) for y in ys], strict)
        elif c.kind == "exactly_one":
            (xs,) = c.args
            vs = [self._number(x) for x in xs]
            for v in vs:
                lo, hi = self._cp.bounds(v)
                if lo < 0 or hi > 1:
                    raise ValueError("exactly_one takes 0/1 variables")
            cp.exactly_one(vs)
        elif c.kind == "predicate":
            scope, test, name, limit, cache = c.args
            cp.predicate([self._var(x) for x in scope], test, name, limit, cache)
        elif c.kind == "in":
            x, values = c.args
            cp.in_set(self._number(x), ranges_of(values))
        else:
            raise AssertionError(c.kind)

    def _reify(self, c: Constraint) -> int:
        """A 0/1 variable b with b <-> c."""
        cp = self._cp
        b = self._aux_var(0, 1, c)
        if isinstance(c, Relation):
            sides = self._labelled_sides(c)
            if sides is not None:
                x, op, y = sides
                if isinstance(y, tuple):
                    code = y[1]
                    if code is None:
                        cp.restrict(b, "==", 0 if op == "==" else 1)
                        return b
                    cp.linear_reif([1], [x], op, code, b, "<->")
                else:
                    cp.linear_reif([1, -1], [x, y], op, 0, b, "<->")
                return b
            terms, const = self._lin(Linear.of(c.lhs).plus(c.rhs, -1))
            if not terms:
                cp.restrict(b, "==", int(COMPARE[c.op](0, -const)))
                return b
            cp.linear_reif(list(terms.values()), list(terms), c.op, -const, b, "<->")
        elif isinstance(c, BoolOp):
            if c.op == "not":
                cp.linear([1, 1], [b, self._var(c.args[0])], "==", 1)
            elif c.op == "and":
                cp.and_reif([self._var(a) for a in c.args], b)
            elif c.op == "or":
                cp.or_reif(self._flat_or(c), b)
            elif c.op == "xor":
                cp.xor_reif(self._var(c.args[0]), self._var(c.args[1]), b)
            elif c.op == "implies":
                na = self._var(BoolOp("not", (c.args[0],)))
                cp.or_reif([na, self._var(c.args[1])], b)
        elif isinstance(c, Global) and c.kind == "in":
            x, values = c.args
            cp.in_set_reif(self._number(x), ranges_of(values), b)
        else:
            raise TypeError(f"{c.kind if isinstance(c, Global) else c!r} cannot be used inside "
                            "an expression or a condition: add it to the model")
        return b

    # --- searching ---

    def _compiled(self):
        """The layer's model, its decisions set: the user's variables, then flattening's."""
        # Set only when variables were added since (a small search's setup counts).
        made = (len(self.variables), len(self._aux), self._cp.var_count())
        if self._decided != made:
            # The layer's default is every variable in order: the user's alone, unless
            # flattening or constant() made others.
            if self._aux or self._decisions_set or made[2] != made[0]:
                self._cp.set_decisions([v.index for v in self.variables] + self._aux)
                self._decisions_set = True
            self._decided = made
        return self._cp

    def _solution(self, row: Sequence[int]) -> "Solution":
        if not self._labelled:
            return Solution(self, list(row))
        values = []
        for v, a in zip(self.variables, row):
            values.append(self._objects[a] if v.labels is not None else a)
        return Solution(self, values)


def ranges_of(values: Sequence[int]) -> list[tuple[int, int]]:
    """Sorted distinct values as closed ranges."""
    out: list[tuple[int, int]] = []
    for v in values:
        if out and v == out[-1][1] + 1:
            out[-1] = (out[-1][0], v)
        else:
            out.append((v, v))
    return out


class Solution(Mapping):
    """A solution of a Model: ``sol[x]`` (a variable), ``sol["S"]`` (a name) or
    ``sol[expr]`` (any expression over the variables, evaluated). Iterates over the
    variables' names; dict(sol) is {name: value}."""

    def __init__(self, model: Model, values: list):
        self._model = model
        self._values = values
        self._names: Optional[dict] = None  # name -> position, made on the first look-up

    @property
    def _by_name(self) -> dict:
        if self._names is None:
            self._names = {v.name: i for i, v in enumerate(self._model.variables)}
        return self._names

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            i = self._by_name.get(key)
            if i is None:
                raise KeyError(key)
            return self._values[i]
        if isinstance(key, Expr):
            return self.evaluate(key)
        raise TypeError(f"a solution is read by variable, name or expression, not {key!r}")

    def __iter__(self) -> Iterator[str]:
        return iter(v.name for v in self._model.variables)

    def __len__(self) -> int:
        return len(self._values)

    def __eq__(self, other: Any) -> bool:
        if isinstance(other, Solution):
            return self._values == other._values
        return dict(self) == other

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return repr(dict(self))

    def evaluate(self, e: Any) -> Any:
        """The value of an expression or constraint (True/False) in this solution."""
        if isinstance(e, IntVar):
            if e.model is not self._model:
                raise ValueError(f"{e.name} belongs to another model")
            if e.index >= len(self._model.variables) or self._model.variables[e.index] is not e:
                raise KeyError(e.name)
            return self._values[e.index]
        if not isinstance(e, Expr):
            return e
        ev = self.evaluate
        if isinstance(e, Linear):
            return e.const + sum(a * ev(t) for t, a in e.terms.items())
        if isinstance(e, Relation):
            return COMPARE[e.op](ev(e.lhs), ev(e.rhs))
        if isinstance(e, BoolOp):
            vs = [bool(ev(a)) for a in e.args]
            return {"and": lambda: all(vs), "or": lambda: any(vs), "not": lambda: not vs[0],
                    "xor": lambda: vs[0] != vs[1],
                    "implies": lambda: (not vs[0]) or vs[1]}[e.op]()
        if isinstance(e, Node):
            return evaluate_node(e, ev)
        if isinstance(e, Global):
            return evaluate_global(e, ev)
        raise TypeError(f"cannot evaluate {e!r}")


def trunc_div(a: int, b: int) -> int:
    q = abs(a) // abs(b)
    return q if (a >= 0) == (b > 0) else -q


def evaluate_node(e: Node, ev: Callable[[Any], Any]) -> int:
    op, args = e.op, e.args
    if op == "element":
        i = ev(args[1])
        if not 0 <= i < len(args[0]):
            raise IndexError(f"{e!r}: index {i} outside the array (the model keeps it inside)")
        return ev(args[0][i])
    if op == "count":
        v = ev(args[1])
        return sum(1 for x in args[0] if ev(x) == v)
    vs = [ev(a) for a in args]
    if op == "min":
        return min(vs)
    if op == "max":
        return max(vs)
    if op == "abs":
        return abs(vs[0])
    if op == "*":
        return vs[0] * vs[1]
    if op == "//":
        return vs[0] // vs[1]
    if op == "%":
        return vs[0] % vs[1]
    if op == "div":
        return trunc_div(vs[0], vs[1])
    if op == "mod":
        return vs[0] - vs[1] * trunc_div(vs[0], vs[1])
    if op == "**":
        return vs[0] ** vs[1]
    raise AssertionError(op)


def evaluate_global(e: Global, ev: Callable[[Any], Any]) -> bool:
    k, args = e.kind, e.args
    if k == "all_different":
        vals = [ev(x) + o for x, o in zip(args[0], args[1])]
        return len(set(vals)) == len(vals)
    if k == "table":
        row = [ev(x) for x in args[0]]
        return (row in [list(r) for r in args[1]]) == args[2]
    if k == "lex":
        a, b = [ev(x) for x in args[0]], [ev(y) for y in args[1]]
        return a < b if args[2] else a <= b
    if k == "exactly_one":
        return sum(ev(x) for x in args[0]) == 1
    if k == "circuit":
        succ = [ev(x) - args[1] for x in args[0]]
        at, seen = 0, set()
        for _ in succ:  # one tour: n steps from node 0 meet n nodes and come back
            if at in seen or not 0 <= at < len(succ):
                return False
            seen.add(at)
            at = succ[at]
        return at == 0
    if k == "predicate":
        return bool(args[1](*[ev(x) for x in args[0]]))
    if k == "in":
        return ev(args[0]) in args[1]
    raise AssertionError(k)
