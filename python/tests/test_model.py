"""btsolve.Model: constraints by operators and functions, checked against brute force under
every family of strategies; optimisation against dynamic programming; objects given back
as given; plain-word TypeErrors; size checks; stops inside long callbacks; threads."""

import itertools
import os
import random
import signal
import threading
import time
from fractions import Fraction
from pathlib import Path

import pytest

import btsolve
from btsolve import (Model, all_different, circuit, count, div, element, exactly_one, implies,
                     lex_less, maximum, minimum, mod, predicate, table)

STRATEGIES = ["bt", "fc", "mac", "mrv+fc", "dom-wdeg+mac", "first-fail+mac+binary",
              "mrv+fc+cbj", "mac+lcv", "max-regret+mac+split"]


def brute_force(m, constraints):
    """Every assignment of the model's variables that satisfies the constraints, evaluated
    in Python (independent of the layer's propagators)."""
    doms = []
    for v in m.variables:
        lo, hi = v.bounds
        doms.append(range(lo, hi + 1))
    out = set()
    for values in itertools.product(*doms):
        sol = btsolve.Solution(m, list(values))
        try:
            if all(sol.evaluate(c) for c in constraints):
                out.add(values)
        except (IndexError, ZeroDivisionError):  # element's index, div's divisor: kept defined
            pass
    return out


def found(m, spec):
    r = btsolve.search(m, spec, "all")
    assert r.exhausted
    rows = [tuple(s[v] for v in m.variables) for s in r.solutions]
    assert len(rows) == len(set(rows)), "a solution reported twice"
    assert r.count == len(rows)
    return set(rows)


def random_constraint(rng, xs):
    a, b, c = rng.sample(xs, 3)
    k = rng.randint(-2, 3)
    choices = [
        lambda: a + 2 * b - c <= k,
        lambda: 3 * a - b != k,
        lambda: a * b == c + k,
        lambda: abs(a - b) >= 2,
        lambda: minimum([a, b]) + 1 == c,
        lambda: maximum([a, b, c]) != 2,
        lambda: (a < b) | (c == k),
        lambda: (a == b).implies(c > 1),
        lambda: implies(c == 0, a != b),
        lambda: ~(a + b == c),
        lambda: (a > 1) ^ (b > 1),
        lambda: (a > 0) + (b > 0) + (c > 0) == 2,
        lambda: element([3, 0, 2, 1, -1], a + 1) == b,
        lambda: element([b, c, 1], a) >= 1,
        lambda: count([a, b, c], 1) == 1,
        lambda: all_different([a, b, c]),
        lambda: table([a, b], [(0, 1), (1, 2), (2, 2), (3, 0), (-1, -1)]),
        lambda: table([a, c], [(0, 0), (1, 1)], allowed=False),
        lambda: lex_less([a, b], [c, a]),
        lambda: div(a + 3, b + 2) == c,
        lambda: mod(a, 2) == 0,
        lambda: a.is_in([-1, 1, 3]),
        lambda: (a + 1) // 2 == c + 1,
        lambda: (b + 1) % 3 == 1,
        lambda: a ** 2 == b + 2,
    ]
    return rng.choice(choices)()


@pytest.mark.parametrize("seed", range(12))
def test_random_models_equal_brute_force_under_every_strategy(seed):
    rng = random.Random(seed)
    m = Model()
    xs = [m.int_var(-1, 3, f"x{i}") for i in range(4)]
    cs = [random_constraint(rng, xs) for _ in range(3)]
    for c in cs:
        m += c
    want = brute_force(m, cs)
    for spec in STRATEGIES:
        assert found(m, spec) == want, (spec, cs)


def test_send_more_money():
    m = Model()
    S, E, N, D, M, O, R, Y = letters = m.int_vars(8, 0, 9, names="SENDMORY")
    m += all_different(letters)
    m += (S != 0) & (M != 0)
    m += (1000 * S + 100 * E + 10 * N + D) + (1000 * M + 100 * O + 10 * R + E) == \
        10000 * M + 1000 * O + 100 * N + 10 * E + Y
    for spec in STRATEGIES:
        r = btsolve.search(m, spec, "all")
        assert r.count == 1
        s = r.solutions[0]
        assert [s[v] for v in letters] == [9, 5, 6, 7, 1, 0, 8, 2]
        assert s["Y"] == 2 and s[1000 * S + 100 * E + 10 * N + D] == 9567


def knapsack_dp(w, v, cap):
    best = [0] * (cap + 1)
    for wi, vi in zip(w, v):
        for c in range(cap, wi - 1, -1):
            best[c] = max(best[c], best[c - wi] + vi)
    return best[cap]


@pytest.mark.parametrize("seed", range(6))
def test_knapsack_optimum_equals_dynamic_programming(seed):
    rng = random.Random(100 + seed)
    n = rng.randint(4, 12)
    w = [rng.randint(1, 30) for _ in range(n)]
    v = [rng.randint(1, 40) for _ in range(n)]
    cap = rng.randint(10, sum(w))
    m = Model()
    take = m.bool_vars(n)
    m += sum(a * x for a, x in zip(w, take)) <= cap
    value = sum(a * x for a, x in zip(v, take))
    m.maximize(value)
    for spec in ("bt", "mac", "dom-wdeg+fc", "first-fail+mac+binary"):
        r = btsolve.search(m, spec)
        assert r.optimal is True and r.exhausted
        assert r.value == knapsack_dp(w, v, cap)
        assert r.best[value] == r.value
        assert r.best[sum(a * x for a, x in zip(w, take))] <= cap
        vals = [i["value"] for i in r.improvements]
        assert vals == sorted(vals) and vals[-1] == r.value


def is_tour(succ):
    """Whether succ (nodes 0..n-1) is one cycle through every node."""
    at, seen = 0, set()
    for _ in succ:
        if at in seen or not 0 <= at < len(succ):
            return False
        seen.add(at)
        at = succ[at]
    return at == 0


@pytest.mark.parametrize("seed", range(4))
def test_circuit_solutions_equal_brute_force(seed):
    rng = random.Random(300 + seed)
    n = rng.randint(1, 5)
    offset = rng.randint(-2, 2)
    m = Model()
    succ = [m.int_var(offset - 1, offset + n) for _ in range(n)]
    cs = [circuit(succ, offset=offset)]
    if n > 2:
        cs.append(succ[0] != offset + 1)
    for c in cs:
        m += c
    want = {v for v in itertools.product(*(range(offset - 1, offset + n + 1) for _ in succ))
            if is_tour([x - offset for x in v]) and (n <= 2 or v[0] != offset + 1)}
    assert want == brute_force(m, cs)
    for spec in STRATEGIES:
        assert found(m, spec) == want, spec


@pytest.mark.parametrize("seed", range(4))
def test_tsp_by_circuit_equals_brute_force_over_permutations(seed):
    rng = random.Random(200 + seed)
    n = rng.randint(4, 7)
    d = [[0 if i == j else rng.randint(1, 50) for j in range(n)] for i in range(n)]
    offset = rng.randint(-2, 2)
    m = Model()
    succ = [m.int_var(offset, offset + n - 1, f"s{i}") for i in range(n)]
    m += circuit(succ, offset=offset)
    cost = sum(element(d[i], succ[i] - offset) for i in range(n))
    m.minimize(cost)
    best = min(sum(d[t[k]][t[(k + 1) % n]] for k in range(n))
               for p in itertools.permutations(range(1, n)) for t in [(0,) + p])
    for spec in ("bt", "fc", "mac", "dom-wdeg+mac", "first-fail+mac+binary", "mrv+fc+cbj"):
        r = btsolve.search(m, spec)
        assert r.optimal is True and r.value == best, spec
        tour = [r.best[x] - offset for x in succ]
        assert is_tour(tour) and sum(d[i][tour[i]] for i in range(n)) == best, spec


def test_minimize_golomb_ruler():
    m = Model()
    marks = m.int_vars(5, 0, 20, prefix="m")
    m += marks[0] == 0
    for a, b in zip(marks, marks[1:]):
        m += a < b
    diffs = [marks[j] - marks[i] for i in range(5) for j in range(i + 1, 5)]
    m += all_different(diffs)
    m += diffs[0] < diffs[-1]
    m.minimize(marks[-1])
    r = btsolve.search(m, "mac")
    assert r.value == 11 and r.optimal and r.status == "optimal"


def test_a_stopped_optimisation_is_not_optimal():
    m = Model()
    xs = m.int_vars(30, 0, 1)
    m += sum((i % 7 + 1) * x for i, x in enumerate(xs)) <= 40
    m.maximize(sum((i % 5 + 2) * x for i, x in enumerate(xs)))
    r = btsolve.search(m, "bt", node_limit=200)
    assert r.stopped == "node limit reached" and r.status == "node_limit"
    assert r.optimal is False and not r.exhausted


def test_count_of_an_optimisation_is_refused():
    m = Model()
    x = m.int_var(0, 3)
    m.minimize(x)
    with pytest.raises(btsolve.UsageError, match="optimises"):
        btsolve.search(m, "bt", "count")


def test_values_come_back_as_the_objects_given():
    m = Model()
    big = 10 ** 20
    c = m.var(["red", (1, 2), Fraction(1, 3), big], "c")
    d = m.var(["red", big], "d")
    m += c != d
    m += predicate(lambda a, b: a != (1, 2) or b == big, [c, d])
    r = btsolve.search(m, "mac", "all")
    got = {(s["c"], s["d"]) for s in r.solutions}
    assert got == {(Fraction(1, 3), "red"), (Fraction(1, 3), big), ("red", big), (big, "red"),
                   ((1, 2), big)}
    for s in r.solutions:
        assert type(s["c"]) in (str, tuple, Fraction, int)


def test_predicates_see_only_their_own_values():
    m = Model()
    x = m.var(["a", "b"], "x")
    y = m.var([(1, "p"), (2, "q")], "y")

    def agree(a, b):
        assert isinstance(a, str) and isinstance(b, tuple)
        return (a == "a") == (b[0] == 1)

    m += predicate(agree, [x, y])
    for spec in STRATEGIES:
        r = btsolve.search(m, spec, "all")
        assert {(s["x"], s["y"]) for s in r.solutions} == {("a", (1, "p")), ("b", (2, "q"))}


# AIMA's crossword1 (csp.py): a run of two or more cells spells one of the words.
CROSSWORD = ["___**", "_*_**", "____*", "_*_**", "**___", "**_**"]
WORDS = {"ant", "big", "bus", "car", "has", "book", "buys", "hold", "lane", "year", "ginger",
         "search", "symbol", "syntax"}


def crossword(cache, calls=None):
    """The crossword as predicates, one is_word per run; calls counts the test's calls."""
    m = Model("crossword")
    cells = {(i, j): m.var(list("abcdefghijklmnopqrstuvwxyz"), f"c{i}{j}")
             for i, row in enumerate(CROSSWORD) for j, e in enumerate(row) if e == "_"}

    def is_word(*letters):
        if calls is not None:
            calls[0] += 1
        return "".join(letters) in WORDS

    lines = [[(i, j) for j in range(5)] for i in range(6)]
    lines += [[(i, j) for i in range(6)] for j in range(5)]
    for line in lines:
        run = []
        for cell in line + [None]:
            if cell in cells:
                run.append(cells[cell])
                continue
            if len(run) > 1:
                m += predicate(is_word, run, cache=cache)
            run = []
    return m


def test_a_cached_predicate_searches_alike_with_fewer_calls():
    for spec in ("mac", "mrv+mac", "fc"):
        on, off = (btsolve.search(crossword(cache), spec) for cache in (True, False))
        assert [dict(s) for s in on.solutions] == [dict(s) for s in off.solutions]
        assert on.solutions and set("".join(str(v) for v in dict(on.solutions[0]).values()))
        same = {k: v for k, v in on.stats.items() if k not in ("seconds", "calls")}
        assert same == {k: v for k, v in off.stats.items() if k not in ("seconds", "calls")}
        if spec.endswith("mac"):
            assert on.stats["calls"] * 3 < off.stats["calls"], spec


def test_an_uncached_predicate_is_called_for_every_tuple_as_before():
    calls = [0]
    r = btsolve.search(crossword(False, calls), "mac")
    # The support search's count before cache existed (the same on the main line then).
    assert r.stats["calls"] == calls[0] == 2_035_406
    assert r.stats["nodes"] == 3280
    m = Model()
    x = m.int_vars(3, 0, 9)
    with pytest.raises(TypeError, match="cache"):
        predicate(lambda a, b, c: a + b == c, x, cache="yes")


def test_the_lean_search_gives_the_runners_document():
    # btsolve.search of a Model without limits, watchers or objective skips the runner
    # (search_model_direct); the runner's document for the same words is the reference.
    from btsolve._runner import finish
    from btsolve.models import send_more_money, zebra
    from btsolve.search import runner_words

    def no_seconds(doc):
        doc = dict(doc, stats={k: v for k, v in doc["stats"].items() if k != "seconds"})
        return doc, list(doc), list(doc["stats"])

    none = Model()
    a, b = none.int_vars(2, 0, 3)
    none += a + b == 9
    pred = Model()
    xs = pred.int_vars(3, 0, 4)
    pred += predicate(lambda p, q, r: p * q == r + 1, xs)
    models = [send_more_money(), zebra(), none, pred, crossword(True)]
    for i, m in enumerate(models):
        for spec in ("mac", "mrv+mac", "fc", "dom-wdeg+mac+lcv") if i != 4 else ("mrv+mac",):
            for mode in btsolve.MODES:
                r = btsolve.search(m, spec, mode)
                raw = btsolve._btsolve.search_model(
                    m._compiled(), ["--search", spec] + runner_words(mode, None, None, None,
                                                                     False, None, None, ()),
                    True)
                want = finish(dict(raw, interrupted=False))
                assert no_seconds(r.document) == no_seconds(want), (i, spec, mode)
                assert r.stats["calls"] == raw["calls"]
                assert isinstance(r.stats["seconds"], float)
    with pytest.raises(btsolve.UsageError, match="unknown or repeated switch"):
        btsolve.search(pred, "mac+no-such")


def test_an_exception_in_a_predicate_propagates():
    m = Model()
    x = m.int_var(0, 3)

    def bad(v):
        raise ZeroDivisionError("boom")

    m += predicate(bad, [x])
    with pytest.raises(ZeroDivisionError, match="boom"):
        btsolve.search(m, "bt")


def test_exact_cover_by_exactly_one_columns():
    # Knuth's example: rows of a 7-column matrix; exactly one cover: rows 1, 4, 5 (0-based 0, 3, 4)
    rows = [[2, 4, 5], [0, 3, 6], [1, 2, 5], [0, 3], [1, 6], [3, 4, 6]]
    m = Model()
    pick = m.bool_vars(len(rows))
    for col in range(7):
        m += exactly_one([p for p, r in zip(pick, rows) if col in r])
    for spec in ("options+mac", "mac", "bt"):
        r = btsolve.search(m, spec, "all")
        assert [[s[p] for p in pick] for s in r.solutions] == [[1, 0, 0, 1, 1, 0]]


def test_plain_word_type_errors():
    m = Model()
    x, y = m.int_vars(2, 0, 3)
    with pytest.raises(TypeError, match="not the string"):
        all_different("xy")
    with pytest.raises(TypeError, match="not the string"):
        m.int_var("0123")
    with pytest.raises(TypeError, match="whole number"):
        m.int_var(0, 2.5)
    with pytest.raises(TypeError, match="whole number"):
        m.add(x + 0.5 == y)
    with pytest.raises(TypeError, match="no truth value"):
        bool(x == y)
    with pytest.raises(TypeError, match="not hashable"):
        m.var([[1], [2]])
    with pytest.raises(TypeError, match="no arithmetic"):
        c = m.var(["a", "b"])
        m.add(c + 1 == 2)
    with pytest.raises(TypeError, match="inside an expression"):
        m.add((all_different([x, y])) | (x == 1))
    with pytest.raises(TypeError, match="callable"):
        predicate(3, [x])
    with pytest.raises(TypeError, match="strategy"):
        btsolve.search(m, 3)
    with pytest.raises(btsolve.UsageError, match="search"):
        btsolve.search(m, "no-such-switch")
    other = Model()
    z = other.int_var(0, 1)
    with pytest.raises(ValueError, match="another model"):
        m.add(x == z)


def test_domains_are_checked_for_size_before_anything_is_built():
    m = Model()
    t = time.perf_counter()
    x = m.int_var(range(10 ** 9))  # a range costs nothing per value
    assert x.bounds == (0, 10 ** 9 - 1)
    with pytest.raises(ValueError, match="range"):
        m.int_var(range(0, 10 ** 9, 2))
    with pytest.raises(ValueError, match="range"):
        m.int_var(iter(range(10 ** 9)))
    with pytest.raises(ValueError):
        btsolve.CSP(None, {"x": range(10 ** 7)}, {}, lambda *a: True)
    with pytest.raises(TypeError, match="string"):
        btsolve.CSP(None, {"x": "abc"}, {}, lambda *a: True)
    assert time.perf_counter() - t < 5  # refused at once (the size is read, not the values)
    m += x * 3 == 2999999997
    r = btsolve.search(m, "mac")
    assert r.solutions[0][x] == 999999999 and r.stats["nodes"] <= 2


def test_big_domains_cost_no_memory_per_value():
    m = Model()
    x = m.int_var(-10 ** 12, 10 ** 12, "x")
    y = m.int_var(-10 ** 12, 10 ** 12, "y")
    m += x >= 10 ** 12 - 2
    m += x + y == 2 * 10 ** 12 - 3
    m += y < x
    r = btsolve.search(m, "mac", "all")
    assert [(s[x], s[y]) for s in r.solutions] == [(10 ** 12 - 1, 10 ** 12 - 2),
                                                   (10 ** 12, 10 ** 12 - 3)]


def looping_model():
    m = Model()
    x = m.int_var(1, 3)

    def never_returns(v):
        while True:
            pass

    m += predicate(never_returns, [x])
    return m


def test_time_limit_stops_a_callback_that_never_returns():
    t = time.perf_counter()
    r = btsolve.search(looping_model(), "bt", time_limit=0.3)
    assert r.stopped == "time limit reached" and not r.exhausted
    assert r.status == "time_limit"
    assert time.perf_counter() - t < 5
    assert sum(range(5)) == 10  # no KeyboardInterrupt left pending


def test_the_watchdog_wakes_after_sleeping_and_in_a_forked_child():
    # The watchdog's thread outlives a run: it polls on a second, then sleeps until the next
    # run wakes it; a child made by fork() starts its own.
    time.sleep(1.3)
    t = time.perf_counter()
    assert btsolve.search(looping_model(), "bt", time_limit=0.2).stopped == "time limit reached"
    assert time.perf_counter() - t < 5
    if not hasattr(os, "fork"):
        return
    pid = os.fork()
    if pid == 0:  # the child: exit code 0 when its run stopped by its time limit
        code = 1
        try:
            r = btsolve.search(looping_model(), "bt", time_limit=0.2)
            code = 0 if r.stopped == "time limit reached" else 1
        finally:
            os._exit(code)
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        done, status = os.waitpid(pid, os.WNOHANG)
        if done:
            assert os.waitstatus_to_exitcode(status) == 0
            return
        time.sleep(0.05)
    os.kill(pid, signal.SIGKILL)
    os.waitpid(pid, 0)
    raise AssertionError("the forked child's run did not stop at its time limit")


def test_ctrl_c_stops_a_callback_that_never_returns():
    timer = threading.Timer(0.3, lambda: signal.pthread_kill(threading.main_thread().ident,
                                                              signal.SIGINT))
    timer.start()
    t = time.perf_counter()
    with pytest.raises(btsolve.Interrupted) as e:
        btsolve.search(looping_model(), "bt")
    assert e.value.result.stopped == "interrupted"
    assert time.perf_counter() - t < 5


def test_ctrl_c_stops_a_csp_constraint_that_never_returns():
    def forever(A, a, B, b):
        while True:
            pass

    csp = btsolve.CSP(None, {"x": [1, 2], "y": [1, 2]}, {"x": ["y"]}, forever)
    t = time.perf_counter()
    r = btsolve.search(csp, "fc", time_limit=0.3)
    assert r.stopped == "time limit reached"
    assert time.perf_counter() - t < 5


def test_two_searches_in_two_threads():
    def work(out, i):
        m = Model()
        xs = m.int_vars(8, 1, 8)
        m += all_different(xs)
        m += all_different(xs, offsets=list(range(8)))
        m += all_different(xs, offsets=[-k for k in range(8)])
        if i % 2:
            m += predicate(lambda a, b: a < b, xs[:2])
        out[i] = btsolve.search(m, "mrv+mac", "count" if i % 2 == 0 else "all").count

    out = {}
    threads = [threading.Thread(target=work, args=(out, i)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
        assert not t.is_alive()
    assert out[0] == out[2] == 92
    assert out[1] == out[3] == 46


def test_python_problem_values_as_given():
    class Pairs:
        """Choose two objects of a list in order (any Python values)."""

        def __init__(self):
            self.items = [Fraction(1, 2), 10 ** 20, (1, "a"), {1: "a"}]
            self.path = []

        def complete(self):
            return len(self.path) == 2

        def candidates(self):
            return [v for v in self.items if all(v is not p for p in self.path)]

        def assign(self, v):
            self.path.append(v)

        def unassign(self, v):
            self.path.pop()

    r = btsolve.search(Pairs(), None, "all")
    assert r.count == 12
    assert r.solutions[0] == [Fraction(1, 2), 10 ** 20]
    assert type(r.solutions[0][0]) is Fraction
    assert r.solutions[2][1] == {1: "a"} and isinstance(r.solutions[1][1], tuple)


def test_trace_and_statistics_name_the_model():
    m = Model()
    a, b = m.int_vars(2, 1, 2, names=["a", "b"])
    m += a != b
    r = btsolve.search(m, "fc", "all", trace=True)
    assert r.count == 2 and r.stats["nodes"] > 0
    assert any("a = 1" in line for line in r.trace)


def test_traces_name_the_objects_of_object_valued_variables():
    m = Model()
    wa = m.var(["red", "green", "blue"], "WA")
    nt = m.var(["red", "green", "blue"], "NT")
    m.var([(1, 2), Fraction(1, 3)], "T")
    m += wa != nt
    m += wa == "green"
    r = btsolve.search(m, "mac", "first", trace=True)
    assert r.trace[0].strip() == "WA = green"
    assert r.trace[1].strip() == "NT = red"
    assert r.trace[2].strip() in ("T = (1, 2)", "T = 1/3")
    # The numbers behind the names never show.
    assert not any(line.strip().endswith(("= 0", "= 1", "= 2")) for line in r.trace)


def test_branch_orders():
    m = Model()
    x, y = m.int_vars(2, 0, 5, names="xy")
    m += x + y == 5
    m.branch([y], "input-order", "max")
    r = btsolve.search(m, "bt")
    assert (r.solutions[0]["x"], r.solutions[0]["y"]) == (0, 5)
    with pytest.raises(ValueError, match="order"):
        m.branch([x], "sideways")


def test_the_package_is_typed():
    assert (Path(btsolve.__file__).parent / "py.typed").exists()
