"""The runner in-process: ``run(argv)`` and the errors every entry point raises."""

from __future__ import annotations

import json
import re
import shlex
import signal
import subprocess
import threading
from typing import Any, Iterable, Optional, Union

from . import _btsolve

__all__ = ["run", "describe", "UsageError", "Interrupted", "RunnerError"]

#: Exit codes of the runner (docs/cli.md).
EXIT_SOLVED, EXIT_NONE, EXIT_USAGE, EXIT_STOPPED, EXIT_INTERNAL = 0, 1, 2, 3, 70


class UsageError(ValueError):
    """Bad usage or input: the runner's one-line error (exit code 2)."""


class RunnerError(RuntimeError):
    """An internal error of the runner (exit code 70): a bug, please report it."""


class Interrupted(KeyboardInterrupt):
    """Ctrl-C stopped a search; ``result`` holds what was found until then."""

    def __init__(self, result: Any):
        super().__init__("interrupted")
        self.result = result


Argv = Union[str, Iterable[Any]]


def words(argv: Argv) -> list[str]:
    """The command line as words: a string is split like a shell does; a leading "btsolve"
    (the program's name) is dropped."""
    out = shlex.split(argv) if isinstance(argv, str) else [str(a) for a in argv]
    if out and out[0] == "btsolve":
        out = out[1:]
    return out


def on_main_thread() -> bool:
    """Ctrl-C reaches only the main thread, so only its runs take SIGINT over."""
    return threading.current_thread() is threading.main_thread()


def wants_json(args: list[str]) -> bool:
    """True when the run prints a document that --format json can give: a problem's run or
    `compare`, not `list`, `describe` (JSON already), `--version`, a help page or a run that
    chose its own format."""
    if not args or args[0].startswith("-") or args[0] in ("list", "merge", "describe"):
        return False
    if any(a in ("-h", "--help") for a in args):
        return False
    return not any(a == "--format" or a.startswith("--format=") for a in args)


def error_line(err: str) -> str:
    """The runner's error line, without its "PROGRAM: error: " prefix (any runner's name)."""
    lines = [ln for ln in err.splitlines() if ln.strip()]
    line = lines[-1] if lines else "the run failed"
    return re.sub(r"^\S+: (internal )?error: ", "", line)


def finish(raw: dict) -> Any:
    """The document of a run from the module's raw answer; raises as the exit code says."""
    code, out, err = raw["code"], raw["out"], raw["err"]
    if code == EXIT_USAGE:
        raise UsageError(error_line(err))
    if code == EXIT_INTERNAL:
        raise RunnerError(error_line(err))
    try:
        doc = json.loads(out)
    except ValueError:
        doc = {"text": out}
    if not isinstance(doc, dict):
        doc = {"result": doc}
    if raw["interrupted"]:
        raise Interrupted(doc)
    return doc


def run(argv: Argv, *, program: Optional[str] = None, catch_interrupt: bool = True) -> dict:
    """Run btsolve's command line in this process and return its JSON document as a dict.

    ``argv`` is the words after ``btsolve`` (a list, or one string split like a shell):
    ``run("nqueens -n 8 --count")``. ``--format json`` is added unless the words choose a
    format; a run whose output is not JSON (``list``, ``--help``, a text format) returns
    ``{"text": output}``. Bad usage or input raises UsageError with the runner's message;
    Ctrl-C stops the search and raises Interrupted, whose ``result`` is the partial document.

    ``program``: another runner built on btsolve (an outside project's, with its own
    problems: docs/adding-a-problem.md), run as a child process with the same words and
    the same rules; Ctrl-C reaches it too, and what it printed is the partial result.
    """
    args = words(argv)
    if wants_json(args):
        args += ["--format", "json"]
    if program is not None:
        return finish(run_program(program, args))
    raw = _btsolve.run(args, catch_interrupt and on_main_thread())
    return finish(raw)


def run_program(program: str, args: list[str]) -> dict:
    """The raw answer of a runner run as a child process (the module's shape)."""
    try:
        child = subprocess.Popen([program] + args, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
    except OSError as e:
        raise UsageError(f"cannot run {program}: {e.strerror}") from None
    interrupted = False
    try:
        out, err = child.communicate()
    except KeyboardInterrupt:
        # Pass Ctrl-C on (a terminal's reached the child already; a second is harmless): the
        # child stops and prints what it found.
        interrupted = True
        child.send_signal(signal.SIGINT)
        out, err = child.communicate()
    return {"code": child.returncode, "out": out, "err": err, "calls": 0,
            "interrupted": interrupted or child.returncode == EXIT_STOPPED and
            "interrupted" in err}


def describe(problem: Optional[str] = None, *, program: Optional[str] = None) -> dict:
    """The runner's vocabulary, as ``btsolve describe [PROBLEM]`` prints it (docs/cli.md):
    every problem (or the one named) with its summary, aliases, modes, formats, strategies,
    the engine's switches and each option as the runner declares it (name, short name, type,
    range, default, help, repeatable, required, group). The options a keyword argument of
    search() or compare() becomes are checked by the same declaration, in the runner.
    ``program``: another runner built on btsolve (see run())."""
    return run(["describe"] + ([problem] if problem is not None else []), program=program)
