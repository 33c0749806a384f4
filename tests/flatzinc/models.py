#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The field's models (tests/data/minizinc): `minizinc --solver btsolve` on each model+data
against the known answer (answers.csv: status, optimum, solution count with -a), and with
--gecode the same run by Gecode (same model, same search annotations) for the table of
docs/performance.md. btsolve is found through MZN_SOLVER_PATH (--solvers). Exit 77 (CTest's
skip) when minizinc (or, with --gecode, Gecode) is not installed.

Usage: models.py --solvers DIR [--quick] [--gecode] [--table FILE] [--timeout S] [-- FLAGS]
"""
import argparse
import csv
import os
import re
import shutil
import statistics
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, "..", "data", "minizinc")
# Instances btsolve solves well under a second in a Release build: CTest's quick subset.
QUICK = {
    ("minizinc-examples/queens.mzn", "minizinc-benchmarks/queens/008.dzn"),
    ("minizinc-examples/knapsack/knapsack01.mzn", "minizinc-examples/knapsack/knapsack2.dzn"),
    ("minizinc-examples/jobshop/jobshop.mzn", "minizinc-examples/jobshop/jobshop_data.dzn"),
    ("minizinc-examples/assign/assign_inverse.mzn", "minizinc-examples/assign/assign_equal.dzn"),
    ("minizinc-examples/rcpsp/rcpsp.mzn", "minizinc-examples/rcpsp/rcpsp_1.dzn"),
    ("minizinc-examples/table_example.mzn", ""),
    ("minizinc-examples/aust_color/aust_color.mzn", ""),
    ("minizinc-examples/toomany.mzn", ""),
    ("libminizinc/docs/en/examples/meal/meal.mzn", "libminizinc/docs/en/examples/meal/meal.dzn"),
    ("libminizinc/docs/en/examples/send-more-money/send-more-money.mzn", ""),
    ("libminizinc/docs/en/examples/sudoku/sudoku.mzn", "libminizinc/docs/en/examples/sudoku/sudoku.dzn"),
    ("libminizinc/tests/spec/examples/langford2.mzn", ""),
    ("libminizinc/tests/spec/examples/product_fd.mzn", ""),
    ("minizinc-benchmarks/black-hole/black-hole.mzn", "minizinc-benchmarks/black-hole/8.dzn"),
    ("minizinc-benchmarks/market_split/market_split.mzn", "minizinc-benchmarks/market_split/u3-10.dzn"),
    ("minizinc-benchmarks/bibd/bibd.mzn", "minizinc-benchmarks/bibd/07_03_02.dzn"),
    ("minizinc-benchmarks/costas-array/CostasArray.mzn", "minizinc-benchmarks/costas-array/6.dzn"),
    ("minizinc-benchmarks/trucking/trucking.mzn", "minizinc-benchmarks/trucking/01.dzn"),
    ("minizinc-benchmarks/eq/eq20.mzn", ""),
}


def run(solver, row, flags, timeout):
    files = [os.path.join(DATA, row["model"])] + ([os.path.join(DATA, row["data"])] if row["data"] else [])
    args = ["minizinc", "--solver", solver, "-s", "--output-objective", "--output-mode", "dzn"]
    args += ["-a"] if row["status"] == "ALL_SOLUTIONS" else []
    args += ["--time-limit", str(int(timeout * 1000))] + flags + files
    start = time.monotonic()
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout + 60)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out, err, rc = e.stdout or "", "killed after %ds" % (timeout + 60), -1
        out = out.decode() if isinstance(out, bytes) else out
    r = {"wall": time.monotonic() - start, "rc": rc, "err": err.strip().splitlines()[-1:] if err.strip() else []}
    lines = out.splitlines()
    r["solutions"] = lines.count("----------")
    objs = [m.group(1) for m in (re.match(r"_objective = (-?\d+);", l) for l in lines) if m]
    r["objective"] = objs[-1] if objs else ""
    stats = {}
    for l in lines:
        m = re.match(r"%%%mzn-stat: (\w+)=(.*)", l)
        if m and m.group(1) in ("solveTime", "nodes", "failures"):
            stats.setdefault(m.group(1), m.group(2))
    r.update(time=float(stats.get("solveTime", "nan")), nodes=stats.get("nodes", ""), failures=stats.get("failures", ""))
    if "=====UNSATISFIABLE=====" in lines:
        r["status"] = "UNSATISFIABLE"
    elif "==========" in lines:
        r["status"] = "ALL_SOLUTIONS" if row["kind"] == "satisfy" else "OPTIMAL"
    elif r["solutions"] and row["kind"] == "satisfy":
        r["status"] = "SATISFIED"
    else:
        r["status"] = "UNKNOWN" if rc == 0 else "ERROR"
    return r


def agrees(row, r):
    if r["status"] != row["status"]:
        return "status %s, expected %s" % (r["status"], row["status"])
    if row["objective"] and r["objective"] != row["objective"]:
        return "objective %s, expected %s" % (r["objective"], row["objective"])
    if row["solutions"] and str(r["solutions"]) != row["solutions"]:
        return "%d solutions, expected %s" % (r["solutions"], row["solutions"])
    return None


def name(row):
    data = os.path.splitext(os.path.basename(row["data"]))[0] if row["data"] else ""
    return os.path.splitext(row["model"])[0] + (" / " + data if data else "")


def table(rows, path):
    floor = 0.001  # solve times under a millisecond are timer noise: the ratio counts them as 1 ms
    ratios = [max(b["time"], floor) / max(g["time"], floor) for _, b, g in rows if b["status"] == g["status"]]
    out = ["| instance | status | objective | btsolve s | Gecode s | ratio | btsolve nodes | btsolve failures"
           " | Gecode nodes | Gecode failures |", "|---|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    for row, b, g in rows:
        ratio = max(b["time"], floor) / max(g["time"], floor)
        result = row["objective"] or (row["solutions"] + " solutions" if row["solutions"] else "")
        out.append("| %s | %s | %s | %.3f | %.3f | %.2f | %s | %s | %s | %s |" % (
            name(row), b["status"], result, b["time"], g["time"], ratio, b["nodes"], b["failures"], g["nodes"],
            g["failures"]))
    out.append("")
    out.append("Median time ratio btsolve / Gecode over %d instances: %.2f" % (len(ratios), statistics.median(ratios)))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out[-1:]))


def main():
    global DATA
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--solvers", required=True, help="the directory of btsolve.msc")
    ap.add_argument("--data", default=DATA, help="the models' directory (and its answers.csv)")
    ap.add_argument("--answers", help="default: DATA/answers.csv")
    ap.add_argument("--quick", action="store_true", help="only CTest's quick subset")
    ap.add_argument("--gecode", action="store_true", help="run Gecode too and check it against the answers")
    ap.add_argument("--table", help="write the Markdown table (implies --gecode)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per run")
    ap.add_argument("flags", nargs="*", help="btsolve's own flags, after --")
    a = ap.parse_args()
    a.gecode = a.gecode or bool(a.table)
    DATA = a.data
    a.answers = a.answers or os.path.join(DATA, "answers.csv")
    if shutil.which("minizinc") is None:
        print("minizinc is not installed: skipped")
        return 77
    os.environ["MZN_SOLVER_PATH"] = os.path.abspath(a.solvers)
    solvers = subprocess.run(["minizinc", "--solvers"], capture_output=True, text=True).stdout
    if "org.btsolve.btsolve" not in solvers:
        print("btsolve.msc is not in " + a.solvers)
        return 1
    if a.gecode and "org.gecode.gecode" not in solvers:
        print("Gecode is not installed: skipped")
        return 77
    with open(a.answers) as f:
        rows = [r for r in csv.DictReader(f) if not a.quick or (r["model"], r["data"]) in QUICK]
    failures, done = 0, []
    for row in rows:
        b = run("btsolve", row, a.flags, a.timeout)
        g = run("gecode", row, [], a.timeout) if a.gecode else None
        wrong = agrees(row, b)
        line = "%s %s: btsolve %s %.3fs" % ("FAIL" if wrong else "PASS", name(row), b["status"], b["time"])
        if g:
            line += ", gecode %s %.3fs" % (g["status"], g["time"])
            if agrees(row, g):
                line += " (gecode: %s)" % agrees(row, g)
        print(line + (" (%s)" % wrong if wrong else "") + (" " + b["err"][0] if wrong and b["err"] else ""),
              flush=True)
        failures += bool(wrong)
        done.append((row, b, g))
    if a.table:
        table(done, a.table)
    print("%d of %d instances agree with answers.csv" % (len(rows) - failures, len(rows)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
