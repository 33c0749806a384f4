"""One option vocabulary (issue 30, item 2): describe() is the runner's declaration, and a
keyword argument gets the runner's own check, message and all."""

import subprocess

import pytest

import btsolve
from btsolve import models
from test_run import native_runner

# (keyword arguments of search(), the runner's words for the same values)
BAD = [
    ({"limit": -1}, ["--limit", "-1"]),
    ({"limit": 0}, ["--limit", "0"]),
    ({"node_limit": 0}, ["--node-limit", "0"]),
    ({"node_limit": "abc"}, ["--node-limit", "abc"]),
    ({"time_limit": "x"}, ["--time-limit", "x"]),
    ({"time_limit": -1}, ["--time-limit", "-1"]),
]


def runner_message(words):
    """The runner's one-line error for nqueens with these words (in-process)."""
    with pytest.raises(btsolve.UsageError) as e:
        btsolve.run(["nqueens", "-n", "4", "--all"] + words)
    return str(e.value)


@pytest.mark.parametrize("kwargs,words", BAD)
def test_keyword_gets_the_runners_message(kwargs, words):
    want = runner_message(words)
    assert want.startswith(words[0]), want
    with pytest.raises(btsolve.UsageError) as e:
        btsolve.search(models.nqueens_csp(4), "bt", "all", **kwargs)
    assert str(e.value) == want


@pytest.mark.parametrize("kwargs,words", [b for b in BAD if "limit" not in b[0]])
def test_compare_keyword_gets_the_runners_message(kwargs, words):
    with pytest.raises(btsolve.UsageError) as e:
        btsolve.compare("nqueens", ["board"], [4], mode="all", frame=False, **kwargs)
    assert str(e.value) == runner_message(words)


@pytest.mark.parametrize("kwargs,words", BAD)
def test_native_runner_says_the_same(kwargs, words):
    native = native_runner()
    if native is None:
        pytest.skip("no native runner (BTSOLVE_RUNNER)")
    p = subprocess.run([native, "nqueens", "-n", "4", "--all"] + words, capture_output=True,
                       text=True)
    assert p.returncode == 2
    assert p.stderr.strip() == "btsolve: error: " + runner_message(words)


def test_describe_every_problem():
    doc = btsolve.describe()
    names = [p["name"] for p in doc["problems"]]
    assert "nqueens" in names and "colouring" in names
    listed = btsolve.run("list")["text"]
    for name in names:
        assert f"  {name} " in listed


def test_describe_nqueens_options():
    doc = btsolve.describe("nqueens")
    assert doc["name"] == "nqueens"
    options = {o["name"]: o for o in doc["options"]}
    assert options["limit"]["type"] == "count"
    assert options["limit"]["range"] == [1, 2**64 - 1]
    assert options["time-limit"]["type"] == "seconds"
    assert options["tree-max-nodes"]["default"] == "1000"
    assert options["size"]["short"] == "n" and options["size"]["required"]
    assert options["place"]["repeatable"]
    strategies = [s["name"] for s in doc["strategies"]]
    assert "board" in strategies and "halves" in strategies
    assert options["strategy"]["choices"] == strategies
    assert doc["engine"] and doc["switches"]["inference"] == ["none", "fc", "mac"]


def test_describe_alias_and_unknown():
    assert btsolve.describe("coloring")["name"] == "colouring"
    with pytest.raises(btsolve.UsageError, match="unknown problem 'frob'"):
        btsolve.describe("frob")
