#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""btsolve knapsack and btsolve tsp against known optima (CTest cli.optimise.answers).

usage: optimise.py BTSOLVE DATA_DIR

Every instance of data/knapsack/answers.csv under every strategy, and of data/tsp/answers.csv
under the strategies that prove it within a node budget, must report its published optimum
with "optimal": true. Random instances (seeded) must agree with the dynamic programmes
(--check) under every strategy, and every strategy must find the same optimum. A stopped run
must say "optimal": false and exit 3. Prints one line per failure; exits 1 when any.
"""
import csv
import json
import random
import subprocess
import sys
import tempfile
from pathlib import Path

BIN, DATA = sys.argv[1], Path(sys.argv[2])
failures = []


def run(args, stdin=None, expect=(0,)):
    p = subprocess.run([BIN, *args, "--format", "json"], input=stdin, capture_output=True,
                       text=True, timeout=120)
    if p.returncode not in expect:
        failures.append(f"{' '.join(args)}: exit {p.returncode}: {p.stderr.strip()}")
        return None
    return json.loads(p.stdout)


def check_proven(label, doc, optimum):
    if doc is None:
        return
    if doc["value"] != optimum or doc["optimal"] is not True or doc["exhausted"] is not True:
        failures.append(f"{label}: value {doc['value']} optimal {doc['optimal']}, want {optimum}")
    if doc["improvements"] and doc["improvements"][-1]["value"] != doc["value"]:
        failures.append(f"{label}: the last improvement is not the value")


# Published and textbook optima.
with open(DATA / "knapsack" / "answers.csv") as f:
    for row in csv.DictReader(f):
        for s in ("sorted", "fractional", "plain"):
            doc = run(["knapsack", "-i", str(DATA / "knapsack" / f"{row['name']}.txt"),
                       "--strategy", s, "--check"])
            check_proven(f"knapsack {row['name']} {s}", doc, int(row["optimum"]))
            if doc and " ".join(map(str, doc["items"])) != row["items"]:
                failures.append(f"knapsack {row['name']} {s}: items {doc['items']}")

BUDGET = {"held-karp": 2_000_000, "reduced": 300_000}
with open(DATA / "tsp" / "answers.csv") as f:
    for row in csv.DictReader(f):
        path = DATA / "tsp" / f"{row['name']}.tsp"
        if not path.exists():
            continue
        n = int(row["n"])
        for s in ("held-karp", "reduced"):
            if s == "reduced" and n > 14 or n > 52:
                continue
            doc = run(["tsp", "-i", str(path), "--strategy", s,
                       "--node-limit", str(BUDGET[s])])
            check_proven(f"tsp {row['name']} {s}", doc, int(row["optimum"]))
            if s == "held-karp" and n <= 29:  # branch and bound on two threads, one incumbent
                doc = run(["tsp", "-i", str(path), "--strategy", s, "--threads", "2"])
                check_proven(f"tsp {row['name']} {s} --threads 2", doc, int(row["optimum"]))
            if doc and (sorted(doc["tour"]) != list(range(1, n + 1)) or doc["tour"][0] != 1):
                failures.append(f"tsp {row['name']} {s}: not a tour from city 1")

# Random instances: every strategy agrees with the dynamic programme and with the others.
rng = random.Random(20261127)
with tempfile.TemporaryDirectory() as tmp:
    for k in range(20):
        n = rng.randint(1, 14)
        items = [(rng.randint(1, 30), rng.randint(1, 40)) for _ in range(n)]
        cap = rng.randint(1, sum(w for w, _ in items))
        text = f"{n} {cap}\n" + "".join(f"{w} {v}\n" for w, v in items)
        values = set()
        for s in ("sorted", "fractional", "plain"):
            for threads in ([], ["--threads", "2"]):
                doc = run(["knapsack", "--strategy", s, "--check", *threads], stdin=text)
                if doc:
                    values.add(doc["value"])
                    if doc["optimal"] is not True:
                        failures.append(f"random knapsack {k} {s} {threads}: not proven")
        if len(values) > 1:
            failures.append(f"random knapsack {k}: strategies disagree {values}")
    for k in range(15):
        n = rng.randint(1, 9)
        sparse = k % 3 == 0  # some pairs are no edge: maybe no tour at all
        lines = []
        for u in range(1, n + 1):
            for v in range(u + 1, n + 1):
                if not sparse or rng.random() < 0.6:
                    lines.append(f"{u} {v} {rng.randint(0, 50)}\n")
        if not lines:
            continue
        f = Path(tmp) / f"t{k}.txt"
        f.write_text("".join(lines))
        values = set()
        for s in ("held-karp", "reduced", "plain"):
            for threads in ([], ["--threads", "2"]):
                doc = run(["tsp", "-i", str(f), "--strategy", s, "--check", *threads],
                          expect=(0, 1))
                if doc:
                    values.add(doc["value"])
        if len(values) > 1:
            failures.append(f"random tsp {k} (n {n}): strategies disagree {values}")

# A stopped search: the best so far, not proven, exit 3.
doc = run(["tsp", "-i", str(DATA / "tsp" / "eil76.tsp"), "--strategy", "plain", "--node-limit",
           "5000"], expect=(3,))
if doc and (doc["optimal"] is not False or doc["exhausted"] is not False
            or doc["stopped"] != "node limit reached"):
    failures.append(f"tsp eil76 stopped: optimal {doc['optimal']} stopped {doc['stopped']}")

for line in failures:
    print("FAIL:", line)
print(f"{len(failures)} failures")
sys.exit(1 if failures else 0)
