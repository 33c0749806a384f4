"""btsolve for Python: the runner, the engine's CSP strategies and its search of any problem,
from Python and Jupyter (docs/python.md).

    import btsolve
    btsolve.run("nqueens -n 8 --count")                 # the runner, as a dict
    btsolve.describe("nqueens")                          # its strategies and options
    csp = btsolve.models.nqueens_csp(8)                  # AIMA's shape: a CSP
    btsolve.search(csp, "mrv+fc", "count").stats        # exact nodes, checks, ...
    btsolve.compare("nqueens", ["bt", "fc", "mrv+fc"], range(4, 11))
"""

from . import models
from .model import (Constraint, Expr, IntVar, Model, Solution, all_different, circuit, count,
                    div, element, exactly_one, implies, lex_less, lex_lesseq, maximum, minimum,
                    mod, predicate, table)
from ._btsolve import version as __version__
from ._runner import Interrupted, RunnerError, UsageError, describe, run
from .compare import MEASURES, compare, markdown, pivot, plot
from .display import Replay
from .search import CSP, MODES, STATUSES, Result, search

__all__ = ["run", "describe", "search", "compare", "pivot", "markdown", "plot", "CSP", "Result",
           "Replay", "UsageError", "RunnerError", "Interrupted", "MODES", "STATUSES", "MEASURES",
           "models",
           "__version__", "Model", "Expr", "IntVar", "Constraint", "Solution", "all_different",
           "table", "element", "count", "minimum", "maximum", "lex_less", "lex_lesseq",
           "exactly_one", "circuit", "predicate", "div", "mod", "implies"]
