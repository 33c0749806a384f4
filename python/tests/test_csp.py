"""btsolve.CSP searched by the engine's CSP layer: every strategy, the native statistics."""

import itertools
import os
import signal
import threading

import pytest

import btsolve
from btsolve.models import australia, nqueens_csp, usa

VAR = ["static", "mrv", "dom-deg", "dom-wdeg"]
VAL = ["natural", "lcv"]
INF = ["none", "fc", "mac"]
JUMP = ["bt", "cbj"]
EVERY_STRATEGY = ["+".join(c) for c in itertools.product(VAR, INF, VAL, JUMP)]


def stats_of(stats):
    return {k: v for k, v in stats.items() if k not in ("seconds", "calls")}


@pytest.mark.parametrize("spec", EVERY_STRATEGY)
def test_every_strategy_gives_the_native_statistics(spec, queen_counts):
    for n in (6, 7):
        native = btsolve.run(["nqueens", "-n", n, "--count", "--strategy", spec])
        for callbacks in (True, False):  # the Python function, and the relation it declares
            mine = btsolve.search(nqueens_csp(n), spec, "count", callbacks=callbacks)
            assert mine.count == queen_counts[n][0]
            assert stats_of(mine.stats) == stats_of(native["stats"]), (spec, n)
            assert (mine.stats["calls"] > 0) == callbacks


@pytest.mark.parametrize("spec", ["bt", "fc", "mrv+fc", "dom-wdeg+mac+lcv", "mrv+fc+cbj"])
def test_eight_queens_nodes_match_the_runner(spec):
    mine = btsolve.search(nqueens_csp(8), spec, "count")
    native = btsolve.run(["nqueens", "-n", "8", "--count", "--strategy", spec])
    assert mine.count == 92
    assert mine.stats["nodes"] == native["stats"]["nodes"]
    assert stats_of(mine.stats) == stats_of(native["stats"])


def as_set(solutions):
    return {tuple(sorted(s.items(), key=lambda kv: str(kv[0]))) for s in solutions}


@pytest.mark.parametrize("make", [lambda: nqueens_csp(6), australia])
@pytest.mark.parametrize("callbacks", [True, False])
def test_every_strategy_finds_the_same_solutions(make, callbacks):
    expected = None
    for spec in EVERY_STRATEGY:
        found = as_set(btsolve.search(make(), spec, "all", callbacks=callbacks).solutions)
        if expected is None:
            expected = found
        assert found == expected, spec
    assert len(expected) in (4, 18)


def test_callbacks_see_only_the_values_of_their_own_variables():
    # Domains of different kinds: a value of y handed for x would break the function.
    domains = {"x": [1, 2], "y": [(1, "p"), (2, "q")]}
    seen = []

    def agree(A, a, B, b):
        seen.append((A, a, B, b))
        assert a in domains[A] and b in domains[B], (A, a, B, b)
        return (b[0] == a) if B == "y" else (a[0] == b)

    for spec in EVERY_STRATEGY:
        csp = btsolve.CSP(None, domains, {"x": ["y"]}, agree)
        assert btsolve.search(csp, spec, "count").count == 2, spec
        assert len(btsolve.search(csp, spec, "all").solutions) == 2, spec
    assert seen


def test_a_declared_relation_must_fit_the_model():
    # queens over string rows: the engine cannot evaluate it, so Python is called
    from btsolve.models import queen_constraint
    csp = btsolve.CSP(["a", "b"], {"a": [0, 1, 2], "b": [0, 1, 2]}, {"a": ["b"]},
                      lambda A, a, B, b: queen_constraint(0 if A == "a" else 1, a,
                                                          0 if B == "a" else 1, b))
    assert btsolve.search(csp, "fc", "count").count == 2
    csp = btsolve.CSP(["a", "b"], {"a": [0, 1, 2], "b": [0, 1, 2]}, {"a": ["b"]},
                      queen_constraint)
    with pytest.raises(TypeError):  # "a" + 0: the function is called, and raises
        btsolve.search(csp, "fc", "count")


def test_australia_has_18_colourings():
    r = btsolve.search(australia(), "mrv+fc", "count")
    assert r.count == 18 and r.exhausted and r.status == "solved"


def test_solutions_satisfy_every_constraint():
    csp = usa()
    for spec in ("bt", "mrv+fc", "dom-wdeg+mac"):
        (s,) = btsolve.search(csp, spec).solutions
        assert set(s) == set(csp.variables)
        for a in csp.variables:
            assert s[a] in csp.domains[a]
            for b in csp.neighbors[a]:
                assert csp.constraints(a, s[a], b, s[b])


def test_domains_that_differ_and_restrict():
    # x < y < z over different domains: one way with x in {1}, two values left for y.
    doms = {"x": [1, 5], "y": [2, 3], "z": [3, 4]}
    csp = btsolve.CSP(None, doms, {"x": ["y"], "y": ["z"]},
                      lambda A, a, B, b: (a < b) if (A, B) in (("x", "y"), ("y", "z"))
                      else (a > b) if (A, B) in (("y", "x"), ("z", "y")) else True)
    got = btsolve.search(csp, "fc", "all").solutions
    want = [dict(zip("xyz", t)) for t in itertools.product(*doms.values())
            if t[0] < t[1] < t[2]]
    assert sorted(map(str, got)) == sorted(map(str, want))


def test_limits():
    r = btsolve.search(nqueens_csp(12), "bt", "all", limit=5)
    assert len(r.solutions) == 5 and r.stopped is None and not r.exhausted
    assert r.status == "solved"  # the quota met
    r = btsolve.search(nqueens_csp(30), "bt", "count", node_limit=2000)
    assert r.stopped == "node limit reached" and r.stats["nodes"] <= 2001
    assert r.status == "node_limit"
    r = btsolve.search(nqueens_csp(40), "bt", "count", time_limit=0.2)
    assert r.stopped == "time limit reached" and r.status == "time_limit"


def test_status_of_a_run_with_no_solution():
    r = btsolve.search(nqueens_csp(3), "bt", "all")
    assert r.solutions == [] and r.exhausted and r.status == "no_solution"
    assert r.status in btsolve.STATUSES


def test_trace_in_the_variables_words():
    r = btsolve.search(australia(), "mrv+fc", trace=True)
    assert r.trace[0].startswith("assign SA = R")
    assert r.trace[-1].strip() == "solution"


def test_a_raising_constraint_propagates():
    def bad(A, a, B, b):
        raise ZeroDivisionError("constraint failed")

    with pytest.raises(ZeroDivisionError, match="constraint failed"):
        btsolve.search(australia().__class__(None, {"a": [1, 2], "b": [1, 2]}, {"a": ["b"]}, bad),
                       "fc", "count")
    # the module is usable afterwards
    assert btsolve.search(australia(), "fc", "count").count == 18


def test_malformed_networks_are_refused():
    with pytest.raises(ValueError, match="not a variable"):
        btsolve.search(btsolve.CSP(["a"], {"a": [1]}, {"a": ["zz"]}, lambda *x: True))
    with pytest.raises(ValueError, match="hashable"):
        btsolve.search(btsolve.CSP(["a"], {"a": [[1]]}, {}, lambda *x: True))
    with pytest.raises(ValueError, match="at most"):
        btsolve.search(btsolve.CSP(["a"], {"a": list(range(600))}, {}, lambda *x: True))
    with pytest.raises(ValueError, match="no domain"):
        btsolve.search(btsolve.CSP(["a", "b"], {"a": [1]}, {}, lambda *x: True))
    with pytest.raises(btsolve.UsageError):
        btsolve.search(australia(), "mrv+nonsense")
    with pytest.raises(ValueError, match="mode"):
        btsolve.search(australia(), "bt", "every")


def test_more_than_64_values():
    # 100 values: the wide domain. x + y == 99 over 0..99, x < y.
    csp = btsolve.CSP(["x", "y"], {"x": range(100), "y": range(100)}, {"x": ["y"]},
                      lambda A, a, B, b: a + b == 99 and (a < b if A == "x" else a > b))
    assert btsolve.search(csp, "fc", "count").count == 50


@pytest.mark.parametrize("callbacks", [True, False])
def test_ctrl_c_returns_the_partial_result(callbacks):
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(btsolve.Interrupted) as e:
            btsolve.search(nqueens_csp(40), "bt", "count", callbacks=callbacks)
    finally:
        timer.cancel()
    assert e.value.result.stopped == "interrupted"
    assert e.value.result.stats["nodes"] > 0
    # Python's own handler is back: a later Ctrl-C is a plain KeyboardInterrupt
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.parametrize("graph,k", [("myciel3", 4), ("petersen", 3), ("queen5_5", 5)])
def test_dimacs_colourings_count_as_the_runner_does(graph, k, data_dir):
    from btsolve.models import dimacs_colouring_csp
    path = str(data_dir / "coloring" / f"{graph}.col")
    native = btsolve.run(["colouring", "--input", path, "-m", k, "--count"])
    for spec in ("fc", "dom-wdeg+mac"):
        assert btsolve.search(dimacs_colouring_csp(path, k), spec, "count").count == \
            native["count"]


def test_bad_dimacs_files(tmp_path, data_dir):
    from btsolve.models import read_dimacs
    bad = tmp_path / "bad.col"
    bad.write_text("p edge 3 1\ne 1 9\n")
    with pytest.raises(ValueError, match="bad.col:2"):
        read_dimacs(str(bad))
    bad.write_text("e 1 2\n")
    with pytest.raises(ValueError, match="not a DIMACS line"):
        read_dimacs(str(bad))
    assert len(read_dimacs(str(data_dir / "coloring" / "myciel3.col"))) == 11
