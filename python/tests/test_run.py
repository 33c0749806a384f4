"""btsolve.run: the runner in-process returns the native runner's JSON document."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

import btsolve


def native_runner():
    """The native runner to compare against: $BTSOLVE_RUNNER or build/release/bin/btsolve."""
    root = Path(__file__).resolve().parents[2]
    for p in (os.environ.get("BTSOLVE_RUNNER"), root / "build" / "release" / "bin" / "btsolve",
              shutil.which("btsolve")):
        if p and Path(p).exists():
            return str(p)
    return None


def without_seconds(doc):
    doc = json.loads(json.dumps(doc))
    doc.get("stats", {}).pop("seconds", None)
    return doc


def test_counts_match_the_table(queen_counts):
    for n in range(4, 11):
        doc = btsolve.run(["nqueens", "-n", n, "--count"])
        assert doc["count"] == queen_counts[n][0], n
        assert doc["exhausted"] is True


def test_unique_counts(queen_counts):
    doc = btsolve.run("nqueens -n 8 --count --unique")
    assert (doc["count"], doc["unique"]) == queen_counts[8]


def test_seed_exercise_first_queen_placed():
    doc = btsolve.run("btsolve nqueens -n 8 --place 1,1 --strategy board --stats")
    assert doc["solutions"] == [[1, 5, 8, 6, 3, 7, 2, 4]]
    assert doc["stats"]["checks"] == 876 and doc["stats"]["backtracks"] == 105


@pytest.mark.parametrize("argv", [
    "nqueens -n 6 --all",
    "nqueens -n 8 --count --strategy mrv+fc",
    "nqueens -n 5 --trace --strategy fc",
    "subsets --weights 5,10,12,13,15,18 --target 30 --all",
    "colouring --input tests/data/coloring/petersen.col -m 3 --count --strategy dom-wdeg+mac",
    "hamiltonian --input tests/data/hamiltonian/k4.hcp --all",
])
def test_equals_the_native_runner(argv):
    exe = native_runner()
    if exe is None:
        pytest.skip("no native runner built (build/release/bin/btsolve)")
    root = Path(__file__).resolve().parents[2]
    if not all((root / w).exists() for w in argv.split() if w.startswith("tests/")):
        pytest.skip("instance missing")
    cwd = os.getcwd()
    os.chdir(root)
    try:
        mine = btsolve.run(argv)
        native = json.loads(subprocess.run([exe] + argv.split() + ["--format", "json"],
                                           capture_output=True, text=True).stdout)
    finally:
        os.chdir(cwd)
    assert without_seconds(mine) == without_seconds(native)


def test_bad_usage_raises_the_runners_line():
    with pytest.raises(btsolve.UsageError, match="n"):
        btsolve.run("nqueens -n -3")
    with pytest.raises(btsolve.UsageError):
        btsolve.run("nqueens --place 1,1 --place 1,2 -n 4")
    with pytest.raises(btsolve.UsageError):
        btsolve.run("no-such-problem")


def test_no_solution_is_a_result():
    doc = btsolve.run("nqueens -n 3")
    assert doc["solutions"] == [] and doc["count"] == 0


def test_limits_stop_with_a_partial_result():
    doc = btsolve.run("nqueens -n 30 --all --strategy bitboard --node-limit 5000")
    assert doc["stopped"] == "node limit reached"
    doc = btsolve.run("nqueens -n 12 --all --limit 3")
    assert len(doc["solutions"]) == 3


def test_text_output_when_asked():
    out = btsolve.run("list")
    assert "nqueens" in out["text"]
    out = btsolve.run("nqueens -n 4 --format tuple")
    assert out["text"].strip() == "(2,4,1,3)"


def test_ctrl_c_during_a_run():
    import signal
    import threading
    timer = threading.Timer(0.3, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(btsolve.Interrupted) as e:
            btsolve.run("nqueens -n 18 --count --strategy bitboard")
    finally:
        timer.cancel()
    assert e.value.result["stopped"] == "interrupted"
    assert e.value.result["count"] > 0  # what was found is kept
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_another_runner_as_a_program():
    exe = native_runner()
    if exe is None:
        pytest.skip("no native runner built (build/release/bin/btsolve)")
    mine = btsolve.run("nqueens -n 8 --count --strategy fc", program=exe)
    assert without_seconds(mine) == without_seconds(btsolve.run("nqueens -n 8 --count --strategy fc"))
    rows = btsolve.compare("nqueens", ["bt", "fc"], [6], program=exe, frame=False)
    assert [r["count"] for r in rows] == [4, 4]
    with pytest.raises(btsolve.UsageError, match="n"):
        btsolve.run("nqueens -n 0", program=exe)
    with pytest.raises(btsolve.UsageError, match="cannot run"):
        btsolve.run("nqueens -n 8", program="/nonexistent/runner")


def test_ctrl_c_reaches_another_runner():
    import signal
    import threading
    exe = native_runner()
    if exe is None:
        pytest.skip("no native runner built (build/release/bin/btsolve)")
    timer = threading.Timer(0.5, os.kill, (os.getpid(), signal.SIGINT))
    timer.start()
    try:
        with pytest.raises(btsolve.Interrupted) as e:
            btsolve.run("nqueens -n 19 --count --strategy bitboard", program=exe)
    finally:
        timer.cancel()
    assert e.value.result["stopped"] == "interrupted"


def test_branch_and_bound_problems_report_the_optimum(data_dir):
    # knapsack and tsp optimise: value, optimal and the improvements, as the runner prints them.
    doc = btsolve.run(["knapsack", "-i", str(data_dir / "knapsack" / "hs_bknap8.txt")])
    assert (doc["value"], doc["optimal"], doc["items"]) == (159, True, [1, 2, 3, 5, 6])
    values = [i["value"] for i in doc["improvements"]]
    assert values == sorted(values) and values[-1] == 159 and doc["exhausted"] is True
    doc = btsolve.run(["tsp", "-i", str(data_dir / "tsp" / "burma14.tsp")])
    assert (doc["value"], doc["optimal"], doc["length"]) == (3323, True, 3323)
    assert sorted(doc["tour"]) == list(range(1, 15)) and doc["tour"][0] == 1
    with pytest.raises(btsolve.UsageError, match="nothing to --count"):
        btsolve.run(["knapsack", "-i", str(data_dir / "knapsack" / "hs_lcbb4.txt"), "--count"])


def test_the_document_says_how_the_run_ended(data_dir):
    assert btsolve.run("nqueens -n 8")["status"] == "solved"
    assert btsolve.run("nqueens -n 3")["status"] == "no_solution"
    doc = btsolve.run("nqueens -n 30 --all --strategy bitboard --node-limit 5000")
    assert doc["status"] == "node_limit" and doc["stopped"] == "node limit reached"
    doc = btsolve.run(["knapsack", "-i", str(data_dir / "knapsack" / "hs_bknap8.txt")])
    assert doc["status"] == "optimal" and doc["optimal"] is True


def test_status_of_a_document_without_one():
    from btsolve.search import status_of
    assert status_of({"stopped": "time limit reached", "count": 3}) == "time_limit"
    assert status_of({"stopped": "interrupted", "count": 0}) == "interrupted"
    assert status_of({"stopped": None, "count": 0}) == "no_solution"
    assert status_of({"stopped": None, "count": 1, "optimal": True}) == "optimal"
    assert status_of({"stopped": None, "count": 1, "optimal": False}) == "solved"
    assert status_of({"status": "node_limit", "stopped": "node limit reached"}) == "node_limit"
