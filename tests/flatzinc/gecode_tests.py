#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Gecode's FlatZinc tests (tests/data/flatzinc/gecode) run by fzn-btsolve.

Each test is judged by what its answer means, not byte by byte, since search orders differ
where the annotations leave freedom:
  unsatisfiable        the output is exactly =====UNSATISFIABLE=====
  all solutions (-a)   the same set of solutions as Gecode's, and ==========
  optimisation         ==========, btsolve's optimum equals the objective of Gecode's solution
                       (both measured by fzn-btsolve --check-solution -s), and btsolve's own
                       final solution checks
  one solution         Gecode's output, or a solution that checks (--check-solution: the
                       output variables fixed to it, the model still has a solution)
expectations.txt lists the tests fzn-btsolve refuses (with the reason, which its one-line
error must name) and the slow ones (run with --slow only).

Usage: gecode_tests.py --solver FZN_BTSOLVE --data DIR [--slow | --all] [--timeout S] [NAME...]
"""
import argparse
import csv
import os
import re
import subprocess
import sys
import tempfile
import time


def run(solver, args, timeout):
    try:
        p = subprocess.run([solver] + args, capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return None, "", f"timed out after {timeout} s"
    return p.returncode, p.stdout, p.stderr


def blocks(text):
    """The solutions of an output: each a sorted tuple of its lines."""
    out, cur = [], []
    for line in text.splitlines():
        if line == "----------":
            out.append(tuple(sorted(cur)))
            cur = []
        elif line.startswith("%") or line.startswith("====="):
            continue
        elif line.strip():
            cur.append(line.strip())
    return out


def objective(stats_text):
    m = re.search(r"^%%%mzn-stat: objective=(-?\d+)$", stats_text, re.M)
    return int(m.group(1)) if m else None


def is_optimisation(fzn):
    with open(fzn) as f:
        text = f.read()
    return re.search(r"\bsolve\b[^;]*\b(minimize|maximize)\b", text, re.S) is not None


def check_solution(solver, fzn, solution_lines, timeout, extra=()):
    """Run fzn-btsolve with the output variables fixed to a solution: (found, objective)."""
    with tempfile.NamedTemporaryFile("w", suffix=".sol", delete=False) as f:
        f.write("\n".join(solution_lines) + "\n----------\n")
        name = f.name
    try:
        rc, out, err = run(solver, ["-s", "--check-solution", name, *extra, fzn], timeout)
    finally:
        os.unlink(name)
    if rc != 0:
        return False, None, err.strip() or "exit %s" % rc
    return len(blocks(out)) > 0, objective(out), out


def judge(solver, data, name, all_solutions, timeout):
    fzn = os.path.join(data, name + ".fzn")
    with open(os.path.join(data, name + ".expected")) as f:
        expected = f.read()
    args = (["-a"] if all_solutions else []) + ["-s", fzn]
    rc, out, err = run(solver, args, timeout)
    if rc != 0:
        return False, "exit %s: %s" % (rc, err.strip()[:200])
    body = "\n".join(l for l in out.splitlines() if not l.startswith("%")) + "\n"
    if "=====UNSATISFIABLE=====" in expected:
        ok = body == expected
        return ok, "unsatisfiable" if ok else "expected UNSATISFIABLE, got:\n" + body[:300]
    mine = blocks(out)
    theirs = blocks(expected)
    if not mine:
        return False, "no solution:\n" + body[:300]
    if is_optimisation(fzn):
        if "==========" not in body:
            return False, "the optimum was not proven"
        best = objective(out)
        ok, gecode_obj, why = check_solution(solver, fzn, theirs[-1], timeout)
        if not ok:
            return False, "Gecode's solution does not check: " + str(why)[:200]
        if best != gecode_obj:
            return False, "optimum %s, Gecode's %s" % (best, gecode_obj)
        ok, own, why = check_solution(solver, fzn, mine[-1], timeout)
        if not ok or own != best:
            return False, "btsolve's final solution does not check (%s): %s" % (own, str(why)[:200])
        return True, "optimum %s" % best
    if all_solutions:
        if "==========" not in body:
            return False, "the search was not exhausted"
        if sorted(mine) != sorted(theirs):
            return False, "%d solutions, Gecode %d (or different ones)" % (len(mine), len(theirs))
        return True, "%d solutions" % len(mine)
    if body == expected:
        return True, "as Gecode"
    if len(mine) != 1:
        return False, "%d solutions printed for one" % len(mine)
    ok, _, why = check_solution(solver, fzn, mine[0], timeout)
    return ok, "another solution, checked" if ok else "the solution does not check: " + str(why)[:200]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--solver", required=True)
    ap.add_argument("--data", required=True)
    ap.add_argument("--timeout", type=float, default=300)
    group = ap.add_mutually_exclusive_group()
    group.add_argument("--slow", action="store_true", help="run the slow tests only")
    group.add_argument("--all", action="store_true", help="run every test")
    ap.add_argument("names", nargs="*")
    a = ap.parse_args()

    refused, slow = {}, set()
    with open(os.path.join(a.data, "expectations.txt")) as f:
        for line in f:
            line = line.split("#", 1)[0].strip()
            if not line:
                continue
            name, status, *reason = line.split(None, 2)
            if status == "refused":
                refused[name] = reason[0] if reason else ""
            elif status == "slow":
                slow.add(name)
            else:
                sys.exit("expectations.txt: unknown status %r for %s" % (status, name))

    failures = passed = skipped = 0
    with open(os.path.join(a.data, "index.csv")) as f:
        rows = list(csv.DictReader(f))
    for row in rows:
        name = row["file"]
        if a.names and name not in a.names:
            continue
        if not a.names and not a.all and ((name in slow) != a.slow):
            skipped += 1
            continue
        start = time.monotonic()
        if name in refused:
            rc, _, err = run(a.solver, [os.path.join(a.data, name + ".fzn")], a.timeout)
            lines = err.strip().splitlines()
            ok = rc == 2 and len(lines) == 1 and refused[name] in lines[0]
            why = "refused: " + (lines[0] if lines else "(nothing)")
            if not ok:
                why = "expected a one-line refusal naming %r, got exit %s: %s" % (refused[name], rc, err.strip())
        else:
            ok, why = judge(a.solver, a.data, name, row["all_solutions"] == "True", a.timeout)
        secs = time.monotonic() - start
        print("%s %-28s %6.2fs  %s" % ("PASS" if ok else "FAIL", name, secs, why.splitlines()[0] if ok else why))
        sys.stdout.flush()
        if ok:
            passed += 1
        else:
            failures += 1
    print("%d passed, %d failed, %d skipped" % (passed, failures, skipped))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
