"""Ready-made networks in AIMA's shape (csp.py), for courses and comparisons."""

from __future__ import annotations

from typing import Any, Dict, Iterable, List, Mapping

from .model import Model, predicate
from .search import CSP

__all__ = ["different_values_constraint", "queen_constraint", "nqueens_csp",
           "parse_neighbors", "map_colouring_csp", "australia", "usa", "read_dimacs",
           "dimacs_colouring_csp", "nary_model", "send_more_money", "zebra"]


def different_values_constraint(A, a, B, b) -> bool:
    """A constraint saying two neighbours take different values (map colouring)."""
    return a != b


def queen_constraint(A, a, B, b) -> bool:
    """Queens in rows A and B, columns a and b, do not attack (AIMA's queen_constraint)."""
    return A == B or (a != b and A + a != B + b and A - a != B - b)


# The relations these two functions compute, which the engine evaluates itself instead of
# calling them (btsolve.search(..., callbacks=True) calls them anyway).
different_values_constraint.btsolve_relation = "!="  # type: ignore[attr-defined]
queen_constraint.btsolve_relation = "queens"  # type: ignore[attr-defined]


def nqueens_csp(n: int) -> CSP:
    """n queens: variable r is the queen of row r, its value her column (0-based, as AIMA);
    every two rows are neighbours. The engine's `nqueens` with an engine strategy searches
    the same network, so both count the same nodes."""
    if n < 1:
        raise ValueError(f"n must be at least 1, not {n}")
    rows = list(range(n))
    return CSP(rows, {r: list(range(n)) for r in rows},
               {r: [s for s in rows if s != r] for r in rows}, queen_constraint)


def parse_neighbors(neighbors: str) -> Dict[str, List[str]]:
    """AIMA's notation 'X: Y Z; Y: Z' -> {X: [Y, Z], Y: [X, Z], Z: [X, Y]}."""
    out: Dict[str, List[str]] = {}
    for spec in neighbors.split(";"):
        if not spec.strip():
            continue
        if ":" not in spec:
            raise ValueError(f"expected 'A: B C' in {spec.strip()!r}")
        a, rest = spec.split(":", 1)
        a = a.strip()
        out.setdefault(a, [])
        for b in rest.split():
            out[a].append(b)
            out.setdefault(b, []).append(a)
    return out


def map_colouring_csp(colours, neighbors) -> CSP:
    """A map to colour with ``colours`` (a list, or a string of one-letter colours) so that
    neighbours differ; ``neighbors`` is a dict or AIMA's 'X: Y Z; ...' string."""
    if isinstance(neighbors, str):
        neighbors = parse_neighbors(neighbors)
    colours = list(colours)
    regions = list(neighbors.keys())
    return CSP(regions, {r: colours for r in regions}, neighbors, different_values_constraint)


def read_dimacs(path: str) -> Dict[int, List[int]]:
    """A DIMACS graph file ('p edge V E', then 'e u v' lines, 1-based): vertex -> neighbours.
    Raises ValueError on a malformed file."""
    graph: Dict[int, List[int]] = {}
    vertices = None
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            words = line.split()
            if not words or words[0] == "c":
                continue
            try:
                if words[0] == "p":
                    vertices = int(words[2])
                    graph = {v: [] for v in range(1, vertices + 1)}
                elif words[0] == "e" and vertices is not None:
                    u, v = int(words[1]), int(words[2])
                    if not (1 <= u <= vertices and 1 <= v <= vertices):
                        raise ValueError
                    if u != v and v not in graph[u]:
                        graph[u].append(v)
                        graph[v].append(u)
                else:
                    raise ValueError
            except (ValueError, IndexError):
                raise ValueError(f"{path}:{number}: not a DIMACS line: {line.strip()!r}") from None
    if vertices is None:
        raise ValueError(f"{path}: no 'p edge V E' line")
    return graph


def dimacs_colouring_csp(path: str, colours: int) -> CSP:
    """Colour the vertices of a DIMACS graph file with colours 1..colours."""
    graph = read_dimacs(path)
    return CSP(list(graph), {v: list(range(1, colours + 1)) for v in graph}, graph,
               different_values_constraint)


def australia() -> CSP:
    """AIMA's Australia with three colours (Figure 6.1)."""
    return map_colouring_csp("RGB", "SA: WA NT Q NSW V; NT: WA Q; NSW: Q V; T: ")


def usa() -> CSP:
    """AIMA's map of the United States (csp.py's `usa_csp`), four colours."""
    return map_colouring_csp("RGBY", USA)


#: The borders as AIMA's csp.py lists them (aimacode/aima-python, Russell and Norvig).
USA = """WA: OR ID; OR: ID NV CA; CA: NV AZ; NV: ID UT AZ; ID: MT WY UT;
        UT: WY CO AZ; MT: ND SD WY; WY: SD NE CO; CO: NE KA OK NM; NM: OK TX AZ;
        ND: MN SD; SD: MN IA NE; NE: IA MO KA; KA: MO OK; OK: MO AR TX;
        TX: AR LA; MN: WI IA; IA: WI IL MO; MO: IL KY TN AR; AR: MS TN LA;
        LA: MS; WI: MI IL; IL: IN KY; IN: OH KY; MS: TN AL; AL: TN GA FL;
        MI: OH IN; OH: PA WV KY; KY: WV VA TN; TN: VA NC GA; GA: NC SC FL;
        PA: NY NJ DE MD WV; WV: MD VA; VA: MD DC NC; NC: SC; NY: VT MA CT NJ;
        NJ: DE; DE: MD; MD: DC; VT: NH MA; MA: NH RI CT; CT: RI; ME: NH;
        HI: ; AK: """


def nary_model(domains: Mapping[Any, Iterable], constraints: Iterable, *,
               cache: bool = True) -> Model:
    """A Model of a network in the shape of AIMA's NaryCSP: domains maps each variable to its
    values (any hashable objects, given back as given), constraints are objects with
    ``scope`` and ``condition`` (AIMA's Constraint) or (scope, condition) pairs, condition
    called with the values of its scope. The model's variables are named str(variable), in
    the order of ``domains``. Each condition is a ``predicate``; ``cache=False`` calls it
    for every assignment its support search examines (see ``predicate``: conditions are
    taken to be pure)."""
    if not isinstance(domains, Mapping):
        raise TypeError(f"domains must map each variable to its values, not "
                        f"{type(domains).__name__}")
    m = Model("nary")
    var = {}
    for v, values in domains.items():
        vals = list(values) if not isinstance(values, (str, bytes)) else values
        if isinstance(vals, list):
            try:
                vals = sorted(vals)
            except TypeError:
                pass  # objects without an order keep theirs
        if isinstance(vals, list) and vals and all(isinstance(a, int) and
                                                   not isinstance(a, bool) for a in vals):
            var[v] = m.int_var(vals, name=str(v))
        else:
            var[v] = m.var(vals, name=str(v))
    for c in constraints:
        scope, condition = (c.scope, c.condition) if hasattr(c, "scope") else c
        if isinstance(scope, (str, bytes)):
            raise TypeError(f"a constraint's scope must be a list of variables, not the "
                            f"string {scope!r}")
        try:
            xs = [var[v] for v in scope]
        except KeyError as e:
            raise ValueError(f"a constraint names {e.args[0]!r}, which has no domain") from None
        m += predicate(condition, xs, name=getattr(condition, "__name__", "condition"),
                       cache=cache)
    return m


def send_more_money() -> Model:
    """SEND + MORE = MONEY: eight different digits, no leading zero (Dudeney, 1924)."""
    from .model import all_different
    m = Model("send+more=money")
    S, E, N, D, M, O, R, Y = letters = m.int_vars(8, 0, 9, names="SENDMORY")
    m += all_different(letters)
    m += (S != 0) & (M != 0)
    m += (1000 * S + 100 * E + 10 * N + D) + (1000 * M + 100 * O + 10 * R + E) == \
        10000 * M + 1000 * O + 100 * N + 10 * E + Y
    return m


def zebra() -> Model:
    """The zebra puzzle (Life International, 1962) as AIMA states it: five houses 1..5,
    each attribute's five values in different houses."""
    from .model import all_different
    m = Model("zebra")
    groups = {"colour": ["Red", "Yellow", "Blue", "Green", "Ivory"],
              "pet": ["Dog", "Fox", "Snails", "Horse", "Zebra"],
              "drink": ["OJ", "Tea", "Coffee", "Milk", "Water"],
              "country": ["Englishman", "Spaniard", "Norwegian", "Ukranian", "Japanese"],
              "smoke": ["Kools", "Chesterfields", "Winston", "LuckyStrike", "Parliaments"]}
    h = {}
    for names in groups.values():
        xs = m.int_vars(len(names), 1, 5, names=names)
        h.update(zip(names, xs))
        m += all_different(xs)
    m += h["Englishman"] == h["Red"]
    m += h["Spaniard"] == h["Dog"]
    m += h["Kools"] == h["Yellow"]
    m += abs(h["Chesterfields"] - h["Fox"]) == 1
    m += h["Norwegian"] == 1
    m += h["Winston"] == h["Snails"]
    m += h["LuckyStrike"] == h["OJ"]
    m += h["Ukranian"] == h["Tea"]
    m += h["Japanese"] == h["Parliaments"]
    m += abs(h["Kools"] - h["Horse"]) == 1
    m += h["Coffee"] == h["Green"]
    m += h["Green"] == h["Ivory"] + 1
    m += abs(h["Norwegian"] - h["Blue"]) == 1
    m += h["Milk"] == 3
    return m
