"""How results show in Jupyter: HTML tables, and the replay page inline."""

from __future__ import annotations

import html
from typing import Any, Iterable, Sequence

__all__ = ["Replay", "table_html", "result_html"]

#: Statistics in the order the tables show them.
STAT_ORDER = ("nodes", "checks", "assigns", "prunes", "backtracks", "max_depth", "solutions",
              "calls", "seconds")


class Replay:
    """The recorded replay page of a search (the runner's --replay), shown inline in Jupyter
    in a frame of its own; ``save(path)`` writes it to open in a browser."""

    def __init__(self, page: str, height: int = 640):
        self.page = page
        self.height = height

    def save(self, path: str) -> str:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.page)
        return path

    def _repr_html_(self) -> str:
        return (f'<iframe srcdoc="{html.escape(self.page, quote=True)}" '
                f'style="width:100%;height:{self.height}px;border:1px solid #ccc" '
                f'sandbox="allow-scripts"></iframe>')

    def __repr__(self) -> str:
        return f"Replay({len(self.page)} bytes)"


def cell(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:.4g}"
    if isinstance(v, int) and not isinstance(v, bool):
        return f"{v:,}"
    return html.escape("" if v is None else str(v))


def table_html(rows: Sequence[dict], columns: Iterable[str] = ()) -> str:
    """rows (dicts) as an HTML table; the columns are ``columns`` or every key, in order."""
    cols = list(columns)
    if not cols:
        for r in rows:
            cols += [k for k in r if k not in cols]
    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in cols)
    body = "".join("<tr>" + "".join(
        f'<td style="text-align:right">{cell(r.get(c))}</td>' for c in cols) + "</tr>"
        for r in rows)
    return f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"


def result_html(r) -> str:
    """A search's Result: what ran, the statistics, the first solutions, the trace folded."""
    stats = {k: r.stats[k] for k in STAT_ORDER if k in r.stats}
    parts = [f"<p><b>{html.escape(r.strategy)}</b>, {html.escape(r.mode)}: "
             f"{r.count:,} solution{'s' if r.count != 1 else ''}"
             + (f", stopped by {html.escape(str(r.stopped))}" if r.stopped else "")
             + "</p>", table_html([stats])]
    if r.solutions:
        shown = r.solutions[:10]
        if isinstance(shown[0], dict):
            parts.append(table_html(shown))
        else:
            parts.append(table_html([{"solution": s} for s in shown]))
        if len(r.solutions) > 10:
            parts.append(f"<p>... and {len(r.solutions) - 10:,} more</p>")
    if r.trace:
        lines = html.escape("\n".join(r.trace))
        parts.append(f"<details><summary>trace ({len(r.trace):,} lines)</summary>"
                     f"<pre>{lines}</pre></details>")
    return "".join(parts)
