"""The Python package's speed, measured (docs/performance.md, "Python"):

  callbacks   Python constraint calls per second: 11-queens as a Python CSP, fc, count
  aima        btsolve.search against AIMA's backtracking_search, same model and strategy,
              side by side: n-queens (first solution, n = 20..30) and map colouring
              (needs AIMA's code: --aima DIR, the folder holding aima/csp.py, from
              github.com/aimacode/aima-python; it imports sortedcontainers and numpy)
  run         btsolve.run against the native runner (nqueens -n 14 --count), interleaved
  nary        btsolve.Model against AIMA's NaryCSP on AIMA's own n-ary models (Kakuro 1-4, the
              crosswords) and SEND+MORE in AIMA's shape: the same Python conditions called by
              btsolve's mac (btsolve.models.nary_model) and by AIMA's ac_search_solver, and
              the same puzzles stated with btsolve's operators; CPU time, alternately

Usage: python3 python/bench/python_bench.py callbacks|aima|run|nary [--aima DIR] [--repeat K]
Each prints Markdown rows; times are medians of --repeat runs (wall seconds, this process).
"""

import argparse
import json
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

import btsolve
from btsolve.models import australia, dimacs_colouring_csp, nqueens_csp, read_dimacs, usa

ROOT = Path(__file__).resolve().parents[2]


def timed(f, repeat, setup=None):
    """(median seconds, last result) of repeat calls of f (f(setup()) when setup is given:
    what setup builds is not timed)."""
    times, out = [], None
    for _ in range(repeat):
        arg = setup() if setup else None
        t = time.perf_counter()
        out = f(arg) if setup else f()
        times.append(time.perf_counter() - t)
    return statistics.median(times), out


def callbacks(args):
    print("| model | strategy | count | nodes | Python calls | seconds | calls / s |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for n, spec in ((11, "fc"), (11, "bt"), (10, "mac")):
        secs, r = timed(lambda: btsolve.search(nqueens_csp(n), spec, "count", callbacks=True),
                        args.repeat)
        print(f"| {n}-queens CSP | {spec} | {r.count} | {r.stats['nodes']:,} | "
              f"{r.stats['calls']:,} | {secs:.3f} | {r.stats['calls'] / secs / 1e6:.2f} M |")


def aima(args):
    if not args.aima:
        sys.exit("aima needs --aima DIR (the folder that holds aima/csp.py)")
    sys.path.insert(0, args.aima)
    from aima import csp as A  # noqa: E402  (AIMA's code, not part of this repo)

    def mrv_lowest_tie(assignment, c):
        """AIMA's mrv with btsolve's tie rule (the first variable listed) instead of a random
        pick, so both searches walk the same tree: the comparison is of speed, not luck."""
        return min((v for v in c.variables if v not in assignment),
                   key=lambda var: A.num_legal_values(c, var, assignment))

    strategies = {"bt": (A.first_unassigned_variable, A.no_inference),
                  "fc": (A.first_unassigned_variable, A.forward_checking),
                  "mrv+fc": (mrv_lowest_tie, A.forward_checking)}

    def aima_run(c, select, infer):
        sol = A.backtracking_search(c, select_unassigned_variable=select, inference=infer)
        return sol, c.nassigns

    def built(make):
        """A fresh btsolve model, compiled (what a first search would do), untimed."""
        m = make()
        m.network()
        return m

    print("| instance | strategy | assigns (AIMA / btsolve) | AIMA s | btsolve, Python "
          "constraint s | speed-up | btsolve, declared relation s | speed-up |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    cases = [(f"{n}-queens", (lambda n=n: A.NQueensCSP(n)), (lambda n=n: nqueens_csp(n)),
              ("mrv+fc",)) for n in range(20, 31, 2)]
    cases += [("australia, 3 colours",
               lambda: A.MapColoringCSP(list("RGB"), A.australia_csp.neighbors), australia,
               ("bt", "fc", "mrv+fc")),
              ("usa, 4 colours", lambda: A.MapColoringCSP(list("RGBY"), A.usa_csp.neighbors),
               usa, ("bt", "fc", "mrv+fc"))]
    # Graphs as maps (tests/data/coloring, DIMACS): regions are vertices, colours 1..k.
    for graph, k in (("myciel5", 6), ("huck", 11), ("jean", 10), ("queen6_6", 7)):
        path = str(ROOT / "tests" / "data" / "coloring" / f"{graph}.col")
        cases.append((f"{graph}, {k} colours",
                      lambda p=path, k=k: A.MapColoringCSP(list(range(1, k + 1)),
                                                           read_dimacs(p)),
                      lambda p=path, k=k: dimacs_colouring_csp(p, k), ("fc", "mrv+fc")))
    for name, make_aima, make_mine, specs in cases:
        for spec in specs:
            select, infer = strategies[spec]
            # Each run searches a fresh model (AIMA's search changes its CSP), built untimed.
            ta, (sol, nassigns) = timed(lambda c: aima_run(c, select, infer), args.repeat,
                                        make_aima)
            assert sol is not None
            tc, r = timed(lambda m: btsolve.search(m, spec, callbacks=True), args.repeat,
                          lambda: built(make_mine))
            tn, r2 = timed(lambda m: btsolve.search(m, spec), args.repeat,
                           lambda: built(make_mine))
            assert r.count == 1 and r2.stats["nodes"] == r.stats["nodes"]
            print(f"| {name} | {spec} | {nassigns:,} / {r.stats['assigns']:,} | {ta:.5f} | "
                  f"{tc:.5f} | {ta / tc:.1f}x | {tn:.5f} | {ta / tn:.1f}x |")


def send_more_aima(A):
    """SEND+MORE=MONEY in AIMA's NaryCSP shape: the letters and the column carries, a sum
    condition per column and all-different over the letters."""
    letters = "SENDMORY"
    domains = {c: set(range(10)) for c in letters}
    domains["S"] = domains["M"] = set(range(1, 10))
    for k in range(1, 4):
        domains[f"C{k}"] = {0, 1}

    def column(k_in):
        def holds(a, b, r, cin, cout):
            return a + b + cin == r + 10 * cout
        holds.__name__ = f"column{k_in}"
        return holds

    def last(d, e, y, c1):
        return d + e == y + 10 * c1

    def first_col(m, c4):
        return m == c4

    cons = [A.Constraint(tuple(letters), A.all_diff_constraint),
            A.Constraint(("D", "E", "Y", "C1"), last),
            A.Constraint(("N", "R", "E", "C1", "C2"), column(2)),
            A.Constraint(("E", "O", "N", "C2", "C3"), column(3)),
            A.Constraint(("S", "M", "O", "C3", "M"), column(4))]
    # the last column's carry is M itself (MONEY's M)
    return A.NaryCSP(domains, cons)


def kakuro_ops(puzzle):
    """A Kakuro grid (AIMA's format) with btsolve's operators: a sum and an all_different
    per run."""
    from btsolve import Model, all_different
    m = Model("kakuro")
    cells = {}
    for i, line in enumerate(puzzle):
        for j, e in enumerate(line):
            if e == "_":
                cells[i, j] = m.int_var(1, 9, f"X{i:02d}{j:02d}")
    for i, line in enumerate(puzzle):
        for j, e in enumerate(line):
            if e in ("_", "*"):
                continue
            for clue, step in ((e[0], (1, 0)), (e[1], (0, 1))):
                if clue == "":
                    continue
                run, (a, b) = [], (i + step[0], j + step[1])
                while (a, b) in cells:
                    run.append(cells[a, b])
                    a, b = a + step[0], b + step[1]
                m += sum(run) == clue
                m += all_different(run)
    return m


def nary(args):
    if not args.aima:
        sys.exit("nary needs --aima DIR (the folder that holds aima/csp.py)")
    sys.path.insert(0, args.aima)
    from aima import csp as A  # noqa: E402  (AIMA's code, not part of this repo)
    from btsolve.models import nary_model, send_more_money

    cases = [(f"kakuro{k}", (lambda k=k: A.Kakuro(getattr(A, f"kakuro{k}"))),
              (lambda k=k: kakuro_ops(getattr(A, f"kakuro{k}")))) for k in range(1, 5)]
    cases += [("crossword (csp_crossword)", lambda: A.csp_crossword, None),
              ("crossword1", lambda: A.Crossword(A.crossword1, A.words1), None),
              ("SEND+MORE, carries", lambda: send_more_aima(A), send_more_money)]
    print("| model | AIMA ac_search_solver CPU s | btsolve mac, the same Python conditions "
          "CPU s | speed-up | Python calls | btsolve operators CPU s | speed-up |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for name, make_aima, make_ops in cases:
        ta, tb, to = [], [], []
        for _ in range(args.repeat):  # alternately: drift hits every column alike
            c = make_aima()
            t = time.process_time()
            sol = A.ac_search_solver(c, arc_heuristic=A.sat_up)
            ta.append(time.process_time() - t)
            assert sol is not None and all(con.holds(sol) for con in c.constraints), name
            m = nary_model(make_aima().domains, make_aima().constraints)
            t = time.process_time()
            r = btsolve.search(m, "mac")
            tb.append(time.process_time() - t)
            assert r.count == 1
            got = dict(r.solutions[0])
            assert all(con.holds({v: got[str(v)] for v in con.scope})
                       for con in make_aima().constraints), name
            if make_ops:
                mo = make_ops()
                t = time.process_time()
                ro = btsolve.search(mo, "mac")
                to.append(time.process_time() - t)
                assert ro.count == 1
        med = statistics.median
        # Six decimals: the smallest searches take tens of microseconds.
        ops = (f"{med(to):.6f} | {med(ta) / med(to):.0f}x" if to else "- | -")
        print(f"| {name} | {med(ta):.6f} | {med(tb):.6f} | {med(ta) / med(tb):.1f}x | "
              f"{r.stats['calls']:,} | {ops} |")


def run_vs_native(args):
    exe = args.runner or str(ROOT / "build" / "release" / "bin" / "btsolve")
    print("| command | native wall s | run() wall s | ratio | native search s | run() search s "
          "| ratio |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for n in args.n:
        argv = ["nqueens", "-n", str(n), "--count"]
        native, inproc, native_search, inproc_search = [], [], [], []
        for _ in range(args.repeat):  # interleaved, so drift hits both alike
            t = time.perf_counter()
            out = subprocess.run([exe] + argv + ["--format", "json"], capture_output=True,
                                 text=True, check=True).stdout
            native.append(time.perf_counter() - t)
            t = time.perf_counter()
            doc = btsolve.run(argv)
            inproc.append(time.perf_counter() - t)
            nd = json.loads(out)
            assert nd["count"] == doc["count"]
            native_search.append(nd["stats"]["seconds"])
            inproc_search.append(doc["stats"]["seconds"])
        m = statistics.median
        print(f"| {' '.join(argv)} ({doc['strategy']}) | {m(native):.3f} | {m(inproc):.3f} | "
              f"{m(inproc) / m(native):.3f} | {m(native_search):.3f} | {m(inproc_search):.3f} | "
              f"{m(inproc_search) / m(native_search):.3f} |")


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("what", choices=["callbacks", "aima", "run", "nary"])
    p.add_argument("--aima", help="the folder holding AIMA's aima/csp.py")
    p.add_argument("--runner", help="the native runner (default build/release/bin/btsolve)")
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("-n", type=int, nargs="+", default=[14, 16], help="run: the sizes")
    args = p.parse_args()
    {"callbacks": callbacks, "aima": aima, "run": run_vs_native, "nary": nary}[args.what](args)


if __name__ == "__main__":
    main()
