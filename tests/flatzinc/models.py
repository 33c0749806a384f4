#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The field's models (tests/data/minizinc): `minizinc --solver btsolve` on each model+data
against the known answer (answers.csv: status, optimum, solution count with -a), and with
--gecode the same run by Gecode (same model, same search annotations). --table runs
fzn-btsolve and fzn-gecode on the FlatZinc MiniZinc compiles for each, checks them the same
way and writes the table of docs/performance.md (CPU times, nodes, failures, median ratio).
btsolve is found through MZN_SOLVER_PATH (--solvers). Exit 77 (CTest's skip) when minizinc
(or, with --gecode or --table, Gecode) is not installed.

Usage: models.py --solvers DIR [--quick] [--gecode] [--table FILE] [--timeout S] [-- FLAGS]
"""
import argparse
import csv
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile

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


# The objective is an output variable: the FlatZinc, hence Gecode's default search, depend on it.
OUTPUT = ["--output-objective", "--output-mode", "dzn"]


def files(row):
    return [os.path.join(DATA, row["model"])] + ([os.path.join(DATA, row["data"])] if row["data"] else [])


def run(solver, row, flags, timeout):
    """`minizinc --solver SOLVER` on the instance: what it printed, and the solver's statistics."""
    args = ["minizinc", "--solver", solver, "-s"] + OUTPUT
    args += ["-a"] if row["status"] == "ALL_SOLUTIONS" else []
    args += ["--time-limit", str(int(timeout * 1000))] + flags + files(row)
    try:
        p = subprocess.run(args, capture_output=True, text=True, timeout=timeout + 60)
        out, err, rc = p.stdout, p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        out, err, rc = e.stdout or "", "killed after %ds" % (timeout + 60), -1
        out = out.decode() if isinstance(out, bytes) else out
    return parse(row, out, err, rc)


def run_direct(solver, exe, row, flags, timeout):
    """The solver's executable on the FlatZinc MiniZinc compiles for it, with its own CPU time
    (user + system: the reading of the FlatZinc and the search), steady on a loaded machine
    where wall times are not. The objective is made an output variable: `_objective = 6;`."""
    with tempfile.TemporaryDirectory() as tmp:
        fzn = os.path.join(tmp, "model.fzn")
        compile = ["minizinc", "--solver", solver, "-c", "--fzn", fzn, "--no-output-ozn"] + OUTPUT
        c = subprocess.run(compile + files(row), capture_output=True, text=True)
        if c.returncode != 0:
            return parse(row, "", c.stderr, c.returncode)
        with open(fzn) as f:
            text = f.read()
        goal = re.search(r"^solve\b.*\b(?:minimize|maximize) +([A-Za-z_]\w*) *;", text, re.M)
        if goal:  # the objective as an output variable, before the constraints
            at = (re.search(r"^(constraint|solve)\b", text, re.M)).start()
            text = text[:at] + "var int: _objective :: output_var = %s;\n" % goal.group(1) + text[at:]
            with open(fzn, "w") as f:
                f.write(text)
        with open(os.path.join(tmp, "out"), "w+") as out:
            args = [exe, "-s"] + (["-a"] if row["status"] == "ALL_SOLUTIONS" else []) + flags + [fzn]
            limit = (int(timeout), int(timeout) + 1)  # CPU seconds: nice 19 on a busy machine waits long
            p = subprocess.Popen(args, stdout=out, stderr=subprocess.PIPE,
                                 preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_CPU, limit))
            _, status, usage = os.wait4(p.pid, 0)
            p.returncode = os.waitstatus_to_exitcode(status)
            out.seek(0)
            r = parse(row, out.read(), p.stderr.read().decode(), p.returncode)
    r["cpu"] = usage.ru_utime + usage.ru_stime
    return r


def parse(row, out, err, rc):
    r = {"rc": rc, "err": err.strip().splitlines()[-1:]}
    lines = out.splitlines()
    # Distinct solutions, as MiniZinc prints them: fzn-btsolve -a repeats a solution for each
    # assignment of the variables that are not printed (issue 29, docs/minizinc.md).
    blocks, block = set(), []
    for l in lines:
        if l == "----------":
            blocks.add("\n".join(block))
            block = []
        elif not l.startswith("%") and not l.startswith("====="):
            block.append(l)
    r["solutions"] = len(blocks)
    r["printed"] = lines.count("----------")
    objs = [m.group(1) for m in (re.match(r"_objective = (-?\d+);", l) for l in lines) if m]
    r["objective"] = objs[-1] if objs else ""
    stats = {}
    for l in lines:
        m = re.match(r"%%%mzn-stat: (\w+)=(.*)", l)
        if m and m.group(1) in ("solveTime", "nodes", "failures"):
            stats.setdefault(m.group(1), m.group(2))
    r.update(time=float(stats.get("solveTime", "nan")), nodes=stats.get("nodes", ""))
    r["failures"] = stats.get("failures", "")
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
    ratios = [max(b["cpu"], floor) / max(g["cpu"], floor) for _, b, g in rows if b["status"] == g["status"]]
    out = ["| instance | status | answer | btsolve s | Gecode s | ratio | btsolve nodes | btsolve failures"
           " | Gecode nodes | Gecode failures |", "|---|---|---|--:|--:|--:|--:|--:|--:|--:|"]
    for row, b, g in rows:
        ratio = max(b["cpu"], floor) / max(g["cpu"], floor)
        result = row["objective"] or (row["solutions"] + " solutions" if row["solutions"] else "")
        out.append("| %s | %s | %s | %.3f | %.3f | %.2f | %s | %s | %s | %s |" % (
            name(row), b["status"], result, b["cpu"], g["cpu"], ratio, b["nodes"], b["failures"], g["nodes"],
            g["failures"]))
    # Below a tenth of a second the ratio is mostly the start of the process and the reading.
    big = [b["cpu"] / g["cpu"] for _, b, g in rows if b["status"] == g["status"] and g["cpu"] >= 0.1]
    out.append("")
    out.append("Median time ratio btsolve / Gecode over %d instances: %.2f" % (len(ratios), statistics.median(ratios)))
    if big:
        out.append("Median over the %d where Gecode takes 0.1 s or more: %.2f" % (len(big), statistics.median(big)))
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")
    print("\n".join(out[-2:]))


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
    if a.table:  # the executables, for their CPU times
        listed = subprocess.run(["minizinc", "--solvers-json"], capture_output=True, text=True).stdout
        configs = json.loads(listed)
        exe = {c["id"]: os.path.join(a.solvers, c["executable"]) for c in configs if c.get("executable")}
    failures, done = 0, []
    for row in rows:
        if a.table:
            b = run_direct("btsolve", exe["org.btsolve.btsolve"], row, a.flags, a.timeout)
            g = run_direct("gecode", exe["org.gecode.gecode"], row, [], a.timeout)
        else:
            b = run("btsolve", row, a.flags, a.timeout)
            g = run("gecode", row, [], a.timeout) if a.gecode else None
        wrong = agrees(row, b)
        line = "%s %s: btsolve %s %.3fs" % ("FAIL" if wrong else "PASS", name(row), b["status"], b["time"])
        if g:
            line += ", gecode %s %.3fs" % (g["status"], g["time"])
            line += " (CPU %.3fs / %.3fs, nodes %s / %s, failures %s / %s)" % (
                b["cpu"], g["cpu"], b["nodes"], g["nodes"], b["failures"], g["failures"]) if a.table else ""
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
