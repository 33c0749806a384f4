"""Strategies compared by their exact work: one run per strategy and size (or input), as rows
(a pandas DataFrame when pandas is installed), a pivot, Markdown and a plot."""

from __future__ import annotations

import statistics
from typing import Any, Callable, Optional, Sequence, Union

from ._runner import run
from .display import table_html
from .search import runner_words, search

__all__ = ["compare", "pivot", "markdown", "plot", "Rows", "MEASURES"]

#: The measures a row holds besides its strategy, size, count and stop reason.
MEASURES = ("nodes", "checks", "assigns", "prunes", "backtracks", "seconds")


class Rows(list):
    """The rows of a comparison without pandas: a list of dicts, shown as a table."""

    def _repr_html_(self) -> str:
        return table_html(self)


def one_run(problem, strategy: str, size, mode: str, time_limit, node_limit,
            options: Sequence[str], program: Optional[str]) -> dict:
    """The document-like facts of one run: count, stats, stopped."""
    if isinstance(problem, str):
        instance = ["-n", str(size)] if isinstance(size, int) else ["--input", str(size)]
        doc = run([problem] + instance + ["--strategy", strategy] +
                  runner_words(mode, None, time_limit, node_limit, False, None, None, options),
                  program=program)
        return {"count": doc.get("count", 0), "stats": doc.get("stats", {}),
                "stopped": doc.get("stopped")}
    res = search(problem(size), strategy, mode, time_limit=time_limit, node_limit=node_limit,
                 options=options)
    return {"count": res.count, "stats": res.stats, "stopped": res.stopped}


def compare(problem: Union[str, Callable[[Any], Any]], strategies: Sequence[str],
            sizes: Sequence[Any], *, mode: str = "count", repeat: int = 1,
            baseline: Optional[str] = None, measure: str = "nodes", time_limit=None,
            node_limit=None, options: Sequence[str] = (), frame: Optional[bool] = None,
            program: Optional[str] = None):
    """Run each strategy on each size and return one row per run.

    ``problem``: a built-in problem's name ("nqueens"; an int size is its -n, anything else
    its --input file) or a function size -> model (a CSP or a Python problem, see search()).
    ``repeat``: runs per cell, the row's seconds is their median (the counts are exact and
    equal every time). ``baseline``: a strategy; each row then has ``ratio``, its ``measure``
    over the baseline's on the same size. Rows hold strategy, size, count, the MEASURES and
    stopped. Returns a pandas DataFrame when pandas is installed (``frame=False``: a list).
    ``program``: another runner for a named problem (see run()), e.g. an outside project's.
    """
    if repeat < 1:
        raise ValueError("repeat must be at least 1")
    if baseline is not None and baseline not in strategies:
        raise ValueError(f"the baseline {baseline!r} is not one of the strategies")
    if measure not in MEASURES:
        raise ValueError(f"measure must be one of {', '.join(MEASURES)}")
    rows = Rows()
    for size in sizes:
        for s in strategies:
            runs = [one_run(problem, s, size, mode, time_limit, node_limit, options, program)
                    for _ in range(repeat)]
            row = {"strategy": s, "size": size if isinstance(size, (int, str)) else str(size),
                   "count": runs[0]["count"]}
            for m in MEASURES[:-1]:
                row[m] = runs[0]["stats"].get(m)
            row["seconds"] = statistics.median(r["stats"].get("seconds", 0.0) for r in runs)
            row["stopped"] = runs[0]["stopped"]
            rows.append(row)
    if baseline is not None:
        base = {r["size"]: r[measure] for r in rows if r["strategy"] == baseline}
        for r in rows:
            b = base.get(r["size"])
            r["ratio"] = (r[measure] / b) if b else None
    return as_frame(rows) if frame is not False else rows


def as_frame(rows: "Rows"):
    """rows as a pandas DataFrame when pandas is installed, else as they are."""
    try:
        import pandas
    except ImportError:
        return rows
    return pandas.DataFrame(list(rows))


def records(rows) -> list:
    """The rows of a comparison as dicts, from a DataFrame or a list."""
    if hasattr(rows, "to_dict"):
        return rows.to_dict("records")
    return list(rows)


def pivot(rows, measure: str = "nodes") -> list:
    """Strategies as rows, sizes as columns, one measure: a list of dicts (strategy first)."""
    out: dict = {}
    sizes: list = []
    for r in records(rows):
        if r["size"] not in sizes:
            sizes.append(r["size"])
        out.setdefault(r["strategy"], {"strategy": r["strategy"]})[r["size"]] = r[measure]
    return [{"strategy": s, **{z: v.get(z) for z in sizes}} for s, v in out.items()]


def markdown(rows, measure: str = "nodes") -> str:
    """The pivot of ``measure`` as a Markdown table, ready for a report."""
    table = pivot(rows, measure)
    if not table:
        return ""
    cols = list(table[0].keys())

    def fmt(v):
        if isinstance(v, float):
            return f"{v:.4g}"
        return "" if v is None else str(v)

    lines = ["| " + " | ".join(str(c) for c in cols) + " |",
             "| " + " | ".join("---" if i == 0 else "---:" for i in range(len(cols))) + " |"]
    lines += ["| " + " | ".join(fmt(r[c]) for c in cols) + " |" for r in table]
    return "\n".join(lines)


def plot(rows, measure: str = "nodes", ax=None, log: bool = True):
    """``measure`` against size, one line per strategy (matplotlib); returns the axes.
    Sizes that are not numbers (input files) are drawn as points, not joined."""
    import matplotlib.pyplot as plt

    if ax is None:
        _, ax = plt.subplots()
    data = records(rows)
    numeric = all(isinstance(r["size"], (int, float)) for r in data)
    for s in dict.fromkeys(r["strategy"] for r in data):
        mine = [r for r in data if r["strategy"] == s and r[measure] is not None]
        xs = [r["size"] for r in mine]
        ys = [r[measure] for r in mine]
        ax.plot(xs, ys, marker="o", linestyle="-" if numeric else "none", label=s)
    ax.set_xlabel("size" if numeric else "input")
    ax.set_ylabel(measure)
    if log:
        ax.set_yscale("log")
    ax.legend()
    return ax
