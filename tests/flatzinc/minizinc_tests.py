#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""MiniZinc end to end: `minizinc --solver btsolve` on a few models (tests/flatzinc/models)
agrees with `minizinc --solver gecode`: the same set of solutions with -a, the same optimum.
btsolve is found through MZN_SOLVER_PATH (the build's share/minizinc/solvers). Exit 77 (CTest's
skip) when minizinc or Gecode is not installed.

Usage: minizinc_tests.py --solvers DIR --models DIR
"""
import argparse
import os
import shutil
import subprocess
import sys

# (model, data, flags for both solvers, btsolve's own flags, what is compared)
CASES = [
    ("nqueens.mzn", None, ["-a"], [], "all"),
    ("nqueens.mzn", None, ["-a"], ["--strategy", "mrv+fc"], "all"),
    ("nqueens.mzn", None, ["-a"], ["--strategy", "mac+cbj"], "all"),
    ("nqueens.mzn", None, ["-a"], ["--strategy", "dom-wdeg+fc+cbj"], "all"),
    ("send_more.mzn", None, ["-a"], [], "all"),
    ("send_more.mzn", None, ["-a"], ["--strategy", "dom-wdeg+fc"], "all"),
    ("bag.mzn", "bag.dzn", [], [], "optimum"),
    ("bag.mzn", "bag.dzn", [], ["--strategy", "first-fail+mac+split"], "optimum"),
    ("natives.mzn", None, ["-a"], [], "all"),
    ("sets.mzn", None, ["-a"], [], "all"),
    ("circuit.mzn", None, ["-a"], [], "all"),
    ("circuit.mzn", None, ["-a"], ["--strategy", "mrv+fc"], "all"),
    ("circuit.mzn", None, ["-a"], ["--strategy", "mac+cbj"], "all"),
    ("circuit.mzn", None, ["-a"], ["--inference", "none"], "all"),
    ("tsp.mzn", None, [], [], "optimum"),
    ("tsp.mzn", None, [], ["--strategy", "dom-wdeg+fc+cbj"], "optimum"),
]


def solutions(text):
    out, cur = [], []
    for line in text.splitlines():
        if line == "----------":
            out.append("\n".join(cur))
            cur = []
        elif line.startswith("=====") or line.startswith("%"):
            continue
        else:
            cur.append(line)
    return out


def minizinc(args, env, timeout=300):
    p = subprocess.run(["minizinc"] + args, capture_output=True, text=True, env=env, timeout=timeout)
    return p.returncode, p.stdout, p.stderr


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--solvers", required=True, help="the directory of btsolve.msc")
    ap.add_argument("--models", required=True)
    a = ap.parse_args()
    if shutil.which("minizinc") is None:
        print("minizinc is not installed: skipped")
        return 77
    env = dict(os.environ)
    env["MZN_SOLVER_PATH"] = os.path.abspath(a.solvers)
    rc, out, _ = minizinc(["--solvers"], env)
    if "org.btsolve.btsolve" not in out:
        print("btsolve.msc is not in " + a.solvers + ":\n" + out)
        return 1
    if "org.gecode.gecode" not in out:
        print("Gecode is not installed: skipped")
        return 77
    failures = 0
    for model, data, flags, own, what in CASES:
        files = [os.path.join(a.models, model)] + ([os.path.join(a.models, data)] if data else [])
        rc_b, out_b, err_b = minizinc(["--solver", "btsolve"] + flags + own + files, env)
        rc_g, out_g, err_g = minizinc(["--solver", "gecode"] + flags + files, env)
        if rc_g != 0:  # Debian's Gecode library predates MiniZinc 2.6's globals: the standard ones
            rc_g, out_g, err_g = minizinc(["--solver", "gecode", "-G", "std"] + flags + files, env)
        name = " ".join([model] + own)
        if rc_b != 0 or rc_g != 0:
            print("FAIL %s: exit %d (btsolve) / %d (gecode): %s%s" % (name, rc_b, rc_g, err_b.strip(), err_g.strip()))
            failures += 1
            continue
        mine, theirs = solutions(out_b), solutions(out_g)
        if what == "all":
            ok = sorted(mine) == sorted(theirs) and "==========" in out_b and len(mine) > 0
            detail = "%d solutions" % len(mine)
        else:
            ok = len(mine) > 0 and len(theirs) > 0 and mine[-1] == theirs[-1] and "==========" in out_b
            detail = mine[-1] if mine else "no solution"
        print("%s %s: %s" % ("PASS" if ok else "FAIL", name, detail))
        if not ok:
            print("--- btsolve:\n" + out_b + "--- gecode:\n" + out_g)
            failures += 1
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
