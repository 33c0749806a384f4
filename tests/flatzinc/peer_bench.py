#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""btsolve's constraint layer (fzn-btsolve) against Gecode 6.2 (fzn-gecode) on classic models
(tests/flatzinc/peers: queens, SEND+MORE, Golomb rulers, 0/1 knapsack, TSP): the same model,
the same search annotations, each compiled by MiniZinc for each solver. Writes the data (.dzn:
queens sizes, Golomb marks, knapsack from tests/data/knapsack, TSP distance matrices from
tests/data/tsp with TSPLIB's rounding), runs the two solvers alternately (btsolve, Gecode,
btsolve, Gecode, ... --repeat times; a run stopped by the time limit is not repeated), takes
each solver's median CPU time (user + system of its process, from wait4: models.py's
run_direct), checks that both answers agree with each other and with the known answer (number
of solutions, optimum; a first solution is checked against the constraints) and prints the
Markdown table of docs/performance.md. Exit 1 when an answer is wrong or the two disagree.

Usage: peer_bench.py [--solvers DIR] [--repeat K] [--time-limit S] [--only NAME] [--table FILE]
"""
import argparse
import csv
import fnmatch
import json
import math
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.normpath(os.path.join(HERE, "..", ".."))
PEERS = os.path.join(HERE, "peers")
KNAPSACK = os.path.join(ROOT, "tests", "data", "knapsack")
TSP = os.path.join(ROOT, "tests", "data", "tsp")
sys.path.insert(0, HERE)
import models  # noqa: E402  (run_direct: compile, run, CPU time; parse: status, nodes)

# models.run_direct parses the output and drops it; keep it, to check the first solutions.
_parse = models.parse


def _parse_keeping_output(row, out, err, rc):
    r = _parse(row, out, err, rc)
    r["out"] = out
    return r


models.parse = _parse_keeping_output

# Solutions of n queens (OEIS A000170) and optimal Golomb rulers (OEIS A003022).
QUEENS_COUNT = {8: 92, 9: 352, 10: 724, 11: 2680, 12: 14200, 13: 73712, 14: 365596}
GOLOMB = {8: 34, 9: 44, 10: 55, 11: 72}
TSP_INSTANCES = ["burma14", "ulysses16", "gr17"]


# --- TSPLIB ---------------------------------------------------------------------------------
def tsplib(path):
    """The distance matrix of a TSPLIB file, with TSPLIB 95's distance functions: EUC_2D and
    CEIL_2D (nint, ceil of the Euclidean distance), ATT (pseudo-Euclidean), GEO (degrees
    truncated, PI = 3.141592, RRR = 6378.388, (int) (RRR * acos(...) + 1.0): TSPLIB's published
    optima and problems/tsp/tsplib.hpp use the same) and EXPLICIT (FULL_MATRIX, UPPER_ROW,
    LOWER_ROW, UPPER_DIAG_ROW, LOWER_DIAG_ROW)."""
    spec, coords, weights, section = {}, [], [], None
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line or line == "EOF":
                continue
            m = re.match(r"([A-Z_]+)\s*:\s*(.*)", line)
            if m and not re.match(r"-?\d", line):
                spec[m.group(1)] = m.group(2).strip()
                continue
            if line in ("NODE_COORD_SECTION", "EDGE_WEIGHT_SECTION", "DISPLAY_DATA_SECTION"):
                section = line
                continue
            if section == "NODE_COORD_SECTION":
                _, x, y = line.split()[:3]
                coords.append((float(x), float(y)))
            elif section == "EDGE_WEIGHT_SECTION":
                weights += [int(float(v)) for v in line.split()]
    n, kind = int(spec["DIMENSION"]), spec["EDGE_WEIGHT_TYPE"]
    d = [[0] * n for _ in range(n)]
    if kind == "EXPLICIT":
        fmt, it = spec["EDGE_WEIGHT_FORMAT"], iter(weights)
        cells = {"FULL_MATRIX": [(i, j) for i in range(n) for j in range(n)],
                 "UPPER_ROW": [(i, j) for i in range(n) for j in range(i + 1, n)],
                 "LOWER_ROW": [(i, j) for i in range(n) for j in range(i)],
                 "UPPER_DIAG_ROW": [(i, j) for i in range(n) for j in range(i, n)],
                 "LOWER_DIAG_ROW": [(i, j) for i in range(n) for j in range(i + 1)]}[fmt]
        for i, j in cells:
            d[i][j] = next(it)
            if fmt != "FULL_MATRIX":
                d[j][i] = d[i][j]
        return d

    def nint(x):
        return int(x + 0.5)

    def geo(c):  # DDD.MM to radians
        deg = int(c)
        return 3.141592 * (deg + 5.0 * (c - deg) / 3.0) / 180.0

    for i in range(n):
        for j in range(n):
            if i == j:
                continue
            (xi, yi), (xj, yj) = coords[i], coords[j]
            if kind == "EUC_2D":
                d[i][j] = nint(math.hypot(xi - xj, yi - yj))
            elif kind == "CEIL_2D":
                d[i][j] = math.ceil(math.hypot(xi - xj, yi - yj))
            elif kind == "ATT":
                r = math.sqrt(((xi - xj) ** 2 + (yi - yj) ** 2) / 10.0)
                d[i][j] = nint(r) + (1 if nint(r) < r else 0)
            elif kind == "GEO":
                q1 = math.cos(geo(yi) - geo(yj))
                q2 = math.cos(geo(xi) - geo(xj))
                q3 = math.cos(geo(xi) + geo(xj))
                d[i][j] = int(6378.388 * math.acos(0.5 * ((1.0 + q1) * q2 - (1.0 - q1) * q3)) + 1.0)
            else:
                raise ValueError("%s: EDGE_WEIGHT_TYPE %s is not supported" % (path, kind))
    return d


def opt_tour(path):
    """The cities (0-based) of a TSPLIB .opt.tour file."""
    with open(path) as f:
        text = f.read().split("TOUR_SECTION", 1)[1]
    return [int(v) - 1 for v in text.split() if v.lstrip("-").isdigit() and int(v) > 0]


# --- the instances --------------------------------------------------------------------------
def dzn(path, items):
    with open(path, "w") as f:
        for key, value in items:
            f.write("%s = %s;\n" % (key, value))
    return path


def instances(out, consistency):
    """Each instance: name, model, data file, status (models.parse's: ALL_SOLUTIONS, SATISFIED,
    OPTIMAL), kind (satisfy, minimize, maximize), the known answer, a checker of a solution."""
    rows = []
    adc = ("consistency", consistency)  # the all-different's annotation

    def add(name, model, data, status, kind, expect, check=None, extra=False):
        rows.append({"name": name, "model": os.path.join(PEERS, model), "data": data, "status": status,
                     "kind": kind, "expect": expect, "check": check, "extra": extra})

    for n in range(8, 15):
        data = dzn(os.path.join(out, "queens_%d_io.dzn" % n), [("n", n), ("fail_first", "false"), adc])
        # n = 14 takes btsolve 90 s: run only when named (--only queens-count-14)
        add("queens-count-%d" % n, "queens.mzn", data, "ALL_SOLUTIONS", "satisfy", str(QUEENS_COUNT[n]),
            extra=n == 14)
    for n in (100, 150, 200, 300, 400, 500, 600, 700, 800, 900, 1000):
        data = dzn(os.path.join(out, "queens_%d_ff.dzn" % n), [("n", n), ("fail_first", "true"), adc])
        add("queens-first-%d" % n, "queens.mzn", data, "SATISFIED", "satisfy", "", check_queens(n))
    data = dzn(os.path.join(out, "send_more.dzn"), [adc])
    add("send-more-first", "send_more.mzn", data, "SATISFIED", "satisfy", "", check_send_more)
    add("send-more-all", "send_more.mzn", data, "ALL_SOLUTIONS", "satisfy", "1", check_send_more)
    for m in (8, 9, 10, 11):
        data = dzn(os.path.join(out, "golomb_%d.dzn" % m), [("m", m), adc])
        add("golomb-%d" % m, "golomb.mzn", data, "OPTIMAL", "minimize", str(GOLOMB[m]))
    with open(os.path.join(KNAPSACK, "answers.csv")) as f:
        for a in csv.DictReader(f):
            numbers = []
            with open(os.path.join(KNAPSACK, a["name"] + ".txt")) as g:
                for line in g:
                    if line.strip() and not line.lstrip().startswith("#"):
                        numbers += [int(v) for v in line.split()]
            n, capacity, pairs = numbers[0], numbers[1], numbers[2:]
            data = dzn(os.path.join(out, "knapsack_%s.dzn" % a["name"]),
                       [("n", n), ("capacity", capacity), ("weight", list(pairs[0::2])),
                        ("value", list(pairs[1::2]))])
            add("knapsack-" + a["name"], "knapsack.mzn", data, "OPTIMAL", "maximize", a["optimum"])
    with open(os.path.join(TSP, "answers.csv")) as f:
        optimum = {a["name"]: a["optimum"] for a in csv.DictReader(f)}
    for name in TSP_INSTANCES:
        d = tsplib(os.path.join(TSP, name + ".tsp"))
        tour = os.path.join(TSP, "opt_tours", name + ".opt.tour")
        if os.path.exists(tour):  # the matrix against TSPLIB's optimal tour
            t = opt_tour(tour)
            length = sum(d[t[i]][t[(i + 1) % len(t)]] for i in range(len(t)))
            assert str(length) == optimum[name], "%s: the optimal tour is %d long" % (name, length)
        rows_text = "[|" + "|".join(" " + ", ".join(map(str, r)) + " " for r in d) + "|]"
        data = dzn(os.path.join(out, "tsp_%s.dzn" % name), [("n", len(d)), ("dist", rows_text)])
        add("tsp-" + name, "tsp.mzn", data, "OPTIMAL", "minimize", optimum[name])
    return rows


def values(out, name):
    """The last value printed for NAME: `x = 3;` or `x = array1d(1..3, [1, 2, 3]);`."""
    found = re.findall(r"^%s = (?:array1d\([^,]*, *)?\[?([-\d, ]+)\]?\)?;" % re.escape(name), out, re.M)
    return [int(v) for v in found[-1].split(",")] if found else None


def check_queens(n):
    def check(out):
        q = values(out, "q")
        if q is None or len(q) != n:
            return "no q in the output"
        for rows in (q, [q[i] + i for i in range(n)], [q[i] - i for i in range(n)]):
            if len(set(rows)) != n:
                return "two queens attack each other"
        return None
    return check


def check_send_more(out):
    v = {c: (values(out, c) or [None])[0] for c in "SENDMORY"}
    if None in v.values():
        return "a letter is missing in the output"
    word = lambda w: int("".join(str(v[c]) for c in w))  # noqa: E731
    if (len(set(v.values())) != 8 or v["S"] == 0 or v["M"] == 0
            or word("SEND") + word("MORE") != word("MONEY")):
        return "not a solution: %s" % v
    return None


# --- running --------------------------------------------------------------------------------
def complete(row, r):
    """Whether the run finished (rather than stopped at the limit): every solution, the optimum
    proved, the first solution, or no solution at all."""
    return r["status"] in (row["status"], "UNSATISFIABLE")


def answer(row, r):
    if row["status"] == "ALL_SOLUTIONS":
        return "%d solutions" % r["solutions"]
    if row["kind"] != "satisfy":
        return r["objective"] or "none"
    return "solution" if r["solutions"] else "none"


def verdict(row, runs):
    """What is wrong with the solver's answers (None: right). A run stopped by the limit is
    reported as such, not judged."""
    for r in runs:
        if not complete(row, r):
            continue
        if r["status"] != row["status"]:
            return "status %s, expected %s" % (r["status"], row["status"])
        if row["status"] == "ALL_SOLUTIONS" and row["expect"] and str(r["solutions"]) != row["expect"]:
            return "%d solutions, expected %s" % (r["solutions"], row["expect"])
        if row["kind"] != "satisfy" and r["objective"] != row["expect"]:
            return "optimum %s, expected %s" % (r["objective"], row["expect"])
        wrong = row["check"](r["out"]) if row["check"] else None
        if wrong:
            return wrong
    return None


def bench(row, exe, repeat, limit):
    """Both solvers alternately, REPEAT times each: btsolve's runs and Gecode's."""
    # -t (both solvers' own clock) stops the search and prints the statistics; the CPU limit
    # of models.run_direct, 5 s later, is the backstop
    flags = ["-t", str(int(limit * 1000))]
    runs = {"btsolve": [], "gecode": []}
    for _ in range(repeat):
        for s in ("btsolve", "gecode"):
            if runs[s] and not complete(row, runs[s][0]):
                continue  # stopped by the limit: once is enough
            runs[s].append(models.run_direct(s, exe[s], row, flags, limit + 5))
    return runs["btsolve"], runs["gecode"]


def cell_cpu(row, runs):
    t = statistics.median(r["cpu"] for r in runs)
    return ("%.3f" % t) + ("" if complete(row, runs[0]) else " (limit)")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="NAME: an instance (golomb-10), a family (golomb, queens-count) or a glob "
                                        "(queens-count-1*); --list prints the names.")
    default = next((d for d in (os.path.join(ROOT, "build", b, "share", "minizinc", "solvers")
                                for b in ("release", "bench-release")) if os.path.isdir(d)), None)
    ap.add_argument("--solvers", default=default, help="the directory of btsolve.msc (default: %(default)s)")
    ap.add_argument("--repeat", type=int, default=3, help="runs of each solver per instance, alternated (3)")
    ap.add_argument("--time-limit", type=float, default=120,
                    help="seconds per run (120): both solvers' -t (their own clock from their start), "
                         "and a CPU limit 5 s later")
    ap.add_argument("--consistency", choices=["bounds", "domain", "default"], default="bounds",
                    help="the all-different's annotation (bounds: fzn-gecode's default; default: none, "
                         "each solver's own: value consistency for fzn-btsolve, bounds for fzn-gecode)")
    ap.add_argument("--only", action="append", metavar="NAME", help="only these instances (repeatable)")
    ap.add_argument("--table", metavar="FILE", help="also write the Markdown table to FILE")
    ap.add_argument("--dzn", metavar="DIR",
                    help="write the .dzn data here and keep it (default: a temporary directory)")
    ap.add_argument("--list", action="store_true", help="list the instances and exit")
    a = ap.parse_args()

    with tempfile.TemporaryDirectory() as tmp:
        out = a.dzn or tmp
        os.makedirs(out, exist_ok=True)
        rows = instances(out, {"default": "empty_annotation"}.get(a.consistency, a.consistency))
        if a.only:  # a name, a family (golomb, queens-count) or a glob
            rows = [r for r in rows if any(r["name"] == p or (r["name"].startswith(p + "-") or
                                                              fnmatch.fnmatch(r["name"], p)) and not r["extra"]
                                           for p in a.only)]
        else:
            rows = [r for r in rows if not r["extra"]]
        if a.list:
            print("\n".join(r["name"] for r in rows))
            return 0
        if not rows:
            print("no instance matches --only %s (--list)" % " ".join(a.only))
            return 1
        if shutil.which("minizinc") is None:
            print("minizinc is not installed")
            return 77
        if not a.solvers:
            print("--solvers: no build/release or build/bench-release with share/minizinc/solvers")
            return 1
        os.environ["MZN_SOLVER_PATH"] = os.path.abspath(a.solvers)
        listed = subprocess.run(["minizinc", "--solvers-json"], capture_output=True, text=True).stdout
        configs = json.loads(listed)
        exe = {c["id"]: os.path.join(a.solvers, c["executable"]) for c in configs if c.get("executable")}
        if "org.btsolve.btsolve" not in exe or "org.gecode.gecode" not in exe:
            print("btsolve.msc is not in %s, or Gecode is not installed" % a.solvers)
            return 1
        exe = {"btsolve": exe["org.btsolve.btsolve"], "gecode": exe["org.gecode.gecode"]}

        header = ["| instance | answer | btsolve CPU s | Gecode CPU s | ratio | btsolve nodes | Gecode nodes |",
                  "|---|---|--:|--:|--:|--:|--:|"]
        lines, wrong, ratios, equal, big = [], [], [], [], []
        print("\n".join(header), flush=True)
        for row in rows:
            limit = a.time_limit
            b, g = bench(row, exe, a.repeat, limit)
            bad = {s: verdict(row, runs) for s, runs in (("btsolve", b), ("Gecode", g))}
            done_b, done_g = complete(row, b[0]), complete(row, g[0])
            ans_b, ans_g = answer(row, b[0]), answer(row, g[0])
            if done_b and done_g and ans_b != ans_g:
                bad["agreement"] = "btsolve %s, Gecode %s" % (ans_b, ans_g)
            for who, what in bad.items():
                if what:
                    wrong.append("%s: %s: %s" % (row["name"], who, what))
            if done_b and done_g:
                shown = ans_b
            else:  # the best either found, the limit named
                shown = "%s / %s" % (ans_b + ("" if done_b else " (limit)"),
                                     ans_g + ("" if done_g else " (limit)"))
            if any(bad.values()):
                shown += " **WRONG**"
            tb, tg = (statistics.median(r["cpu"] for r in runs) for runs in (b, g))
            floor = 0.001  # under a millisecond is timer noise: counted as 1 ms
            ratio = max(tb, floor) / max(tg, floor)
            if done_b and done_g:
                ratios.append(ratio)
                if b[0]["nodes"] == g[0]["nodes"]:
                    equal.append((row["name"], ratio))
                if tg >= 0.1:
                    big.append(ratio)
                rtext = "%.2f" % ratio
            elif done_g:  # btsolve stopped at the limit: its ratio is at least this
                rtext = ">%.2f" % ratio
            elif done_b:
                rtext = "<%.2f" % ratio
            else:
                rtext = "-"
            steady = all(r["nodes"] == runs[0]["nodes"] for runs in (b, g) for r in runs)
            line = "| %s | %s | %s | %s | %s | %s | %s |" % (
                row["name"], shown, cell_cpu(row, b), cell_cpu(row, g), rtext, b[0]["nodes"] or "-",
                g[0]["nodes"] or "-") + ("" if steady else " (nodes differ between runs)")
            lines.append(line)
            print(line, flush=True)
            each = [" ".join("%.3f" % r["cpu"] for r in runs) for runs in (b, g)]
            print("  %s CPU s: btsolve %s, Gecode %s" % (row["name"], each[0], each[1]), file=sys.stderr, flush=True)
        summary = []
        if ratios:
            summary.append("Median time ratio btsolve / Gecode over the %d instances both finished: %.2f"
                           % (len(ratios), statistics.median(ratios)))
        if big:  # below a tenth of a second the ratio mostly compares the start of the processes
            summary.append("Median over the %d where Gecode takes 0.1 s or more: %.2f"
                           % (len(big), statistics.median(big)))
        summary.append("Equal node counts on %d of %d: %s"
                       % (len(equal), len(rows), ", ".join(n for n, _ in equal) or "none"))
        if equal:
            summary.append("Median time ratio over those: %.2f" % statistics.median(r for _, r in equal))
        print("\n" + "\n".join(summary))
        if a.table:
            with open(a.table, "w") as f:
                f.write("\n".join(header + lines + [""] + summary) + "\n")
        if wrong:
            print("\nWRONG ANSWERS (a bug to report):\n" + "\n".join("  " + w for w in wrong), file=sys.stderr)
            return 1
        return 0


if __name__ == "__main__":
    sys.exit(main())
