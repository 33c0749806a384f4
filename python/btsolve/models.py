"""Ready-made networks in AIMA's shape (csp.py), for courses and comparisons."""

from __future__ import annotations

from typing import Dict, List

from .search import CSP

__all__ = ["different_values_constraint", "queen_constraint", "nqueens_csp",
           "parse_neighbors", "map_colouring_csp", "australia", "usa", "read_dimacs",
           "dimacs_colouring_csp"]


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
