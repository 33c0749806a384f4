"""btsolve.compare: rows per strategy and size, pivot, Markdown, plot."""

import pytest

import btsolve
from btsolve.models import nqueens_csp


def test_rows_counts_and_baseline(queen_counts):
    rows = btsolve.compare("nqueens", ["bt", "fc", "mrv+fc"], range(4, 8), baseline="bt",
                           frame=False)
    assert len(rows) == 12
    for r in rows:
        assert r["count"] == queen_counts[r["size"]][0]
        assert r["nodes"] > 0
        if r["strategy"] == "bt":
            assert r["ratio"] == 1.0
    fc = {r["size"]: r["nodes"] for r in rows if r["strategy"] == "fc"}
    bt = {r["size"]: r["nodes"] for r in rows if r["strategy"] == "bt"}
    assert all(fc[n] <= bt[n] for n in fc)  # forward checking never visits more nodes


def test_python_models_compare_like_the_builtin():
    mine = btsolve.compare(nqueens_csp, ["bt", "mrv+fc"], [5, 6], frame=False)
    native = btsolve.compare("nqueens", ["bt", "mrv+fc"], [5, 6], frame=False)
    assert [(r["strategy"], r["size"], r["nodes"], r["checks"]) for r in mine] == \
           [(r["strategy"], r["size"], r["nodes"], r["checks"]) for r in native]


def test_pivot_and_markdown():
    rows = btsolve.compare("nqueens", ["bt", "fc"], [4, 5], frame=False, repeat=3)
    table = btsolve.pivot(rows, "nodes")
    assert [t["strategy"] for t in table] == ["bt", "fc"]
    assert set(table[0]) == {"strategy", 4, 5}
    md = btsolve.markdown(rows, "nodes").splitlines()
    assert md[0] == "| strategy | 4 | 5 |" and len(md) == 4


def test_frame_and_plot():
    pandas = pytest.importorskip("pandas")
    matplotlib = pytest.importorskip("matplotlib")
    matplotlib.use("Agg")
    df = btsolve.compare("nqueens", ["bt", "fc"], [4, 5, 6])
    assert isinstance(df, pandas.DataFrame) and len(df) == 6
    ax = btsolve.plot(df, "nodes")
    assert len(ax.get_lines()) == 2


def test_bad_arguments():
    with pytest.raises(ValueError):
        btsolve.compare("nqueens", ["bt"], [4], baseline="fc")
    with pytest.raises(ValueError):
        btsolve.compare("nqueens", ["bt"], [4], repeat=0)
