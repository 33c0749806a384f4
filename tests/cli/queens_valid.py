#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Every solution a btsolve nqueens run prints is n queens no two of which attack.

usage: queens_valid.py BTSOLVE ARGS...   (the run's words; --format json is added)
Exits 1 with one line per bad solution, or when the run found none.
"""
import json
import subprocess
import sys

p = subprocess.run([sys.argv[1], *sys.argv[2:], "--format", "json"], capture_output=True,
                   text=True, timeout=300)
doc = json.loads(p.stdout)
bad = 0
for k, cols in enumerate(doc["solutions"]):
    n = doc["n"]
    ok = (len(cols) == n and sorted(cols) == list(range(1, n + 1))
          and len({c - r for r, c in enumerate(cols)}) == n
          and len({c + r for r, c in enumerate(cols)}) == n)
    for r, c in doc.get("placed", []):
        ok = ok and cols[r - 1] == c
    if not ok:
        print(f"FAIL: solution {k + 1} is not {n} queens in peace (or moves a placed queen)")
        bad += 1
if not doc["solutions"]:
    print("FAIL: no solution")
    bad += 1
print(f"{len(doc['solutions'])} solutions checked, n = {doc['n']}, exit {p.returncode}")
sys.exit(1 if bad else 0)
