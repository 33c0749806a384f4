"""Searching Python models on the compiled engine: AIMA's CSP shape, and any object with the
engine's methods (complete, candidates, assign, unassign[, consistent, promising])."""

from __future__ import annotations

import contextlib
import os
import tempfile
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Iterable, Mapping, Optional, Sequence

from . import _btsolve
from ._runner import Interrupted, UsageError, finish, on_main_thread
from . import display
from .model import Model, listed_domain

__all__ = ["CSP", "Result", "search", "MODES", "STATUSES"]

#: What a search looks for: the first solution, every solution, or only their number.
MODES = ("first", "all", "count")

#: How a run ends (Result.status, the runner's JSON "status": docs/cli.md); "error" is raised
#: as UsageError instead of returned.
STATUSES = ("solved", "optimal", "no_solution", "node_limit", "time_limit", "interrupted",
            "error")

# The status of each stop, by the words of the JSON "stopped".
_STOP_STATUS = {"node limit reached": "node_limit", "time limit reached": "time_limit",
                "interrupted": "interrupted"}


def status_of(doc: dict) -> str:
    """The document's "status"; for one that carries none (the module's lean search, an
    outside runner of an older btsolve) the runner's decision read off its other members."""
    if isinstance(doc.get("status"), str):
        return doc["status"]
    if doc.get("stopped"):
        return _STOP_STATUS.get(doc["stopped"], "interrupted")
    if not int(doc.get("count", len(doc.get("solutions", [])))):
        return "no_solution"
    return "optimal" if doc.get("optimal") else "solved"


class CSP:
    """A binary constraint network in the shape of AIMA's ``CSP`` (csp.py).

    ``variables``: a list (None: the keys of ``domains``); ``domains``: variable -> the values
    it may take; ``neighbors``: variable -> the variables it shares a constraint with (made
    symmetric here); ``constraints(A, a, B, b)``: True when A = a and B = b agree. The engine
    tries values in the order they first appear across the domains (variables in order).
    A constraint function with a ``btsolve_relation`` attribute ("!=": different values;
    "queens": whole-number rows and columns, no shared column or diagonal) declares a
    relation the engine evaluates without calling Python (btsolve.models' functions do).
    """

    def __init__(self, variables: Optional[Sequence[Hashable]],
                 domains: Mapping[Hashable, Iterable[Hashable]],
                 neighbors: Mapping[Hashable, Iterable[Hashable]],
                 constraints: Callable[[Any, Any, Any, Any], bool]):
        if not isinstance(domains, Mapping):
            raise TypeError(f"domains must map each variable to its values, not "
                            f"{type(domains).__name__}")
        if not isinstance(neighbors, Mapping):
            raise TypeError(f"neighbors must map each variable to its neighbours, not "
                            f"{type(neighbors).__name__}")
        if variables is not None and (isinstance(variables, (str, bytes))
                                      or not isinstance(variables, Iterable)):
            raise TypeError(f"variables must be a list, not {type(variables).__name__} "
                            f"{variables!r}")
        if not callable(constraints):
            raise TypeError("constraints must be a function constraints(A, a, B, b), not "
                            f"{type(constraints).__name__}")
        self.variables = list(domains.keys()) if variables is None else list(variables)
        self.domains = {v: domain_list(v, domains[v]) for v in self.variables if v in domains}
        self.neighbors = {v: neighbour_list(v, neighbors.get(v, ())) for v in self.variables}
        self.constraints = constraints
        self._numbered: Optional[tuple] = None
        self._network = None
        self._whole = False  # every variable and value a whole number (the queens relation)

    def numbered(self) -> tuple:
        """The network as numbers: (variables, values, domains, neighbours), each domain the
        numbers of its values, each neighbour list the numbers of its variables. Read once, at
        the first search: build a new CSP after changing variables, domains or neighbors (the
        constraint function may change)."""
        if self._numbered is not None:
            return self._numbered
        index = {}
        for x, var in enumerate(self.variables):
            if var in index:
                raise ValueError(f"variable {var!r} is listed twice")
            if var not in self.domains:
                raise ValueError(f"variable {var!r} has no domain")
            index[var] = x
        values: list = []
        value_index: dict = {}
        domains = []
        for var in self.variables:
            dom = []
            for value in self.domains[var]:
                try:
                    a = value_index.get(value)
                except TypeError:
                    raise ValueError(f"value {value!r} of {var!r} is not hashable") from None
                if a is None:
                    a = value_index[value] = len(values)
                    values.append(value)
                dom.append(a)
            domains.append(sorted(set(dom)))
        if len(values) > _btsolve.max_values:
            raise ValueError(f"a CSP takes at most {_btsolve.max_values} distinct values, "
                             f"not {len(values)}")
        near: list[set] = [set() for _ in self.variables]
        for var, others in self.neighbors.items():
            x = index[var]
            for other in others:
                y = index.get(other)
                if y is None:
                    raise ValueError(f"neighbour {other!r} of {var!r} is not a variable")
                if y != x:
                    near[x].add(y)
                    near[y].add(x)
        self._numbered = (list(self.variables), values, domains, [sorted(s) for s in near])
        return self._numbered

    def network(self):
        """The compiled network (numbered and checked once, kept for every later search)."""
        if self._network is None:
            variables, values, domains, neighbours = self.numbered()
            numbers = all(map(whole, variables)) and all(map(whole, values))
            self._whole = numbers
            self._network = _btsolve.network(
                variables, values, [str(v) for v in variables], [str(a) for a in values],
                domains, neighbours, variables if numbers else [], values if numbers else [])
        return self._network


def domain_list(var, values) -> list:
    """A domain as a list, its size checked before it is built (model.listed_domain)."""
    return listed_domain(values, repr(var), _btsolve.max_values,
                         f"a CSP takes at most {_btsolve.max_values} distinct values "
                         "(btsolve.Model takes any range)")


def neighbour_list(var, others) -> list:
    """A variable's neighbours as a list (a string refused rather than split)."""
    if isinstance(others, (str, bytes)) or not isinstance(others, Iterable):
        raise TypeError(f"the neighbours of {var!r} must be a list of variables, not "
                        f"{type(others).__name__} {others!r}")
    return list(others)


def whole(x) -> bool:
    """x is an int the engine's queens relation can add and subtract safely."""
    return isinstance(x, int) and not isinstance(x, bool) and -2**40 < x < 2**40


@dataclass
class Result:
    """What a search found: ``solutions`` (for a CSP, dicts variable -> value), ``count``,
    ``stats`` (nodes, checks, assigns, prunes, backtracks, max_depth, seconds, solutions,
    and ``calls``: callbacks into Python), ``status`` (how the run ended, the runner's JSON
    "status": "solved", "optimal", "no_solution", "node_limit", "time_limit" or
    "interrupted"; see STATUSES), ``stopped`` (None, or why the run stopped early:
    "time limit reached", "node limit reached", "interrupted"), ``exhausted`` (the whole tree was searched), ``trace`` (lines, with
    trace=True), ``tree`` (Graphviz text, with tree=True), ``replay`` (the replay page, with
    replay=True) and ``document``, the runner's JSON document. A model with an objective
    also gives ``value`` (the best found), ``optimal`` (proven: the search was exhausted) and
    ``improvements`` (value, seconds, nodes of each better solution); its ``solutions`` are
    the improving solutions, the best last (``best``)."""

    solutions: list
    count: int
    stats: dict
    strategy: str
    mode: str
    stopped: Optional[str] = None
    exhausted: bool = False
    trace: list = field(default_factory=list)
    tree: Optional[str] = None
    replay: Optional["display.Replay"] = None
    document: dict = field(default_factory=dict)
    value: Optional[int] = None
    optimal: Optional[bool] = None
    improvements: list = field(default_factory=list)
    status: str = "solved"

    @property
    def best(self) -> Any:
        """The last solution found: an optimisation's best (None when none was found)."""
        return self.solutions[-1] if self.solutions else None

    def _repr_html_(self) -> str:
        return display.result_html(self)

    def __repr__(self) -> str:
        stopped = f", stopped={self.stopped!r}" if self.stopped else ""
        return (f"Result(strategy={self.strategy!r}, mode={self.mode!r}, count={self.count}, "
                f"nodes={self.stats.get('nodes')}{stopped})")


def runner_words(mode: str, limit, time_limit, node_limit, trace: bool, tree_file, replay_file,
                 options: Sequence[str]) -> list[str]:
    """The runner's words for a search's mode, limits and watchers."""
    if mode not in MODES:
        raise ValueError(f"mode must be one of {', '.join(MODES)}, not {mode!r}")
    args: list[str] = []
    if mode == "all":
        args.append("--all")
    elif mode == "count":
        args.append("--count")
    for flag, v in (("--limit", limit), ("--time-limit", time_limit),
                    ("--node-limit", node_limit)):
        if v is not None:
            args += [flag, str(v)]
    if trace:
        args.append("--trace")
    if tree_file:
        args += ["--tree", tree_file]
    if replay_file:
        args += ["--replay", replay_file]
    args += [str(o) for o in options]
    return args + ["--format", "json"]


def search(model, strategy: Optional[str] = None, mode: str = "first", *, limit=None,
           time_limit=None, node_limit=None, trace: bool = False, tree: bool = False,
           replay: bool = False, options: Sequence[str] = (), callbacks: bool = False,
           catch_interrupt: bool = True) -> Result:
    """Search ``model`` on the engine and return a Result.

    ``model`` is a CSP (searched by the engine's CSP layer: ``strategy`` is a spec such as
    "bt", "fc", "mrv+fc", "dom-wdeg+mac+lcv", "mrv+fc+cbj"; default "bt") or any object with
    ``complete()``, ``candidates()``, ``assign(v)``, ``unassign(v)`` and optionally
    ``consistent(v)``, ``promising()`` and ``solution()`` (searched as it is: no strategy).
    ``mode``: "first", "all" or "count"; ``limit`` stops after that many solutions,
    ``time_limit`` after that many seconds, ``node_limit`` after that many nodes (the result
    then says ``stopped``). ``trace``, ``tree`` and ``replay`` record the search. ``options``
    are more runner words (e.g. ``["--replay-max-steps", "50000"]``). An exception raised by
    the model's code ends the search and propagates; Ctrl-C raises Interrupted with the
    partial Result. ``callbacks=True`` calls a CSP's constraint function even when it
    declares a relation the engine knows (to time Python calls, or to check the declaration).
    """
    if (isinstance(model, Model) and model.objective is None and mode in MODES and not options
            and not trace and not tree and not replay and limit is None and time_limit is None
            and node_limit is None):
        return search_lean(model, strategy, mode, catch_interrupt and on_main_thread())
    # A folder for the recorded files only when asked: making one costs more than a search.
    with (tempfile.TemporaryDirectory(prefix="btsolve-") if tree or replay
          else contextlib.nullcontext("")) as tmp:
        tree_file = os.path.join(tmp, "tree.dot") if tree else None
        replay_file = os.path.join(tmp, "replay.html") if replay else None
        args = runner_words(mode, limit, time_limit, node_limit, trace, tree_file, replay_file,
                            options)
        sigint = catch_interrupt and on_main_thread()
        if isinstance(model, CSP):
            spec = strategy or "bt"
            net = model.network()
            raw = _btsolve.search_csp(net, model.constraints,
                                      declared_relation(model, callbacks),
                                      ["--strategy", spec] + args, sigint)
        elif isinstance(model, Model):
            spec = strategy or "bt"
            if not isinstance(spec, str):
                raise TypeError(f"strategy is a string such as 'mrv+mac', not "
                                f"{type(spec).__name__}")
            raw = _btsolve.search_model(model._compiled(), ["--search", spec] + args, sigint)
        else:
            if strategy not in (None, "default"):
                raise ValueError("a Python problem is searched as it is: strategies are for CSPs")
            raw = _btsolve.search_problem(model, args, sigint)
        interrupted = raw["interrupted"]
        doc = finish(dict(raw, interrupted=False))  # Interrupted carries the Result, below
        if raw.get("halted"):
            # A callback that would not return was stopped (Ctrl-C or the time limit)
            doc["stopped"] = "interrupted" if interrupted else "time limit reached"
            doc["status"] = _STOP_STATUS[doc["stopped"]]
            doc["exhausted"] = False
            doc.pop("optimal", None)
        result = to_result(doc, model, mode, raw["calls"], raw.get("reported"))
        if tree_file and os.path.exists(tree_file):
            with open(tree_file, encoding="utf-8") as f:
                result.tree = f.read()
        if replay_file and os.path.exists(replay_file):
            with open(replay_file, encoding="utf-8") as f:
                result.replay = display.Replay(f.read())
    if interrupted:
        raise Interrupted(result)
    return result


def search_lean(model: Model, strategy: Optional[str], mode: str, sigint: bool) -> Result:
    """search() of a Model without limits, watchers, more words or objective: the same
    Result, without the runner's words, session and JSON (_btsolve.search_model_direct),
    about half of a small search's time."""
    spec = strategy or "bt"
    if not isinstance(spec, str):
        raise TypeError(f"strategy is a string such as 'mrv+mac', not {type(spec).__name__}")
    lean = _btsolve.search_model_direct(model._compiled(), spec, mode, sigint)
    if "usage" in lean:
        raise UsageError(lean["usage"])
    # to_result's Result, read from the document the module made, whose keys are known.
    doc = lean["document"]
    stats = dict(doc["stats"])
    stats["calls"] = lean["calls"]
    result = Result(solutions=[model._solution(s) for s in doc["solutions"]],
                    count=doc["count"], stats=stats, strategy=doc["search"], mode=mode,
                    stopped=doc["stopped"], exhausted=doc["exhausted"], document=doc,
                    status=status_of(doc))
    if lean["halted"]:  # a callback that would not return was stopped: only Ctrl-C here
        result.stopped = result.document["stopped"] = "interrupted"
        result.status = result.document["status"] = "interrupted"
        result.exhausted = result.document["exhausted"] = False
    if lean["interrupted"]:
        raise Interrupted(result)
    return result


def declared_relation(model: CSP, callbacks: bool) -> str:
    """The relation the constraint function declares when the network fits it, else ""
    (call Python)."""
    known = "" if callbacks else getattr(model.constraints, "btsolve_relation", "")
    model.network()
    if known == "queens" and not model._whole:
        return ""
    return known if known in ("!=", "queens") else ""


def to_result(doc: dict, model, mode: str, calls: int, reported=None) -> Result:
    """The Result of a search's JSON document (reported: a Python problem's solutions as
    the objects it gave, which the document holds converted to JSON)."""
    solutions = doc.get("solutions", [])
    strategy = str(doc.get("strategy", ""))
    if isinstance(model, CSP):
        variables, values, _, _ = model.numbered()
        solutions = [{variables[x]: values[a] for x, a in enumerate(s)} for s in solutions]
    elif isinstance(model, Model):
        solutions = [model._solution(s) for s in solutions]
        strategy = str(doc.get("search", strategy))
    elif reported is not None and len(reported) == len(solutions):
        solutions = list(reported)
    stats = dict(doc.get("stats", {}))
    stats["calls"] = calls
    value = doc.get("value")
    return Result(solutions=solutions, count=int(doc.get("count", len(solutions))), stats=stats,
                  strategy=strategy, mode=mode, stopped=doc.get("stopped"),
                  exhausted=bool(doc.get("exhausted", False)), trace=list(doc.get("trace", [])),
                  document=doc, value=value,
                  optimal=doc.get("optimal") if value is not None or "optimal" in doc else None,
                  improvements=list(doc.get("improvements", [])), status=status_of(doc))
