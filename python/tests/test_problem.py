"""A problem written in Python against the engine's concept, searched by the engine."""

import itertools

import pytest

import btsolve


class Queens:
    """The textbook's N-Queens: queen k goes in row k; isSafe against the queens placed."""

    def __init__(self, n):
        self.n, self.cols = n, []

    def complete(self):
        return len(self.cols) == self.n

    def candidates(self):
        return range(1, self.n + 1)

    def consistent(self, c):
        r = len(self.cols)
        return all(c != d and abs(c - d) != r - s for s, d in enumerate(self.cols))

    def assign(self, c):
        self.cols.append(c)

    def unassign(self, c):
        self.cols.pop()


class Subsets:
    """Sum of subsets with the textbook's bound (promising): include or leave each weight."""

    def __init__(self, weights, target):
        self.w, self.target = sorted(weights), target
        self.taken, self.total = [], 0

    def complete(self):
        return self.total == self.target or len(self.taken) == len(self.w)

    def candidates(self):
        return [1, 0]

    def promising(self):
        rest = sum(self.w[len(self.taken):])
        if self.total + rest < self.target or self.total > self.target:
            return False
        return True

    def assign(self, x):
        self.total += x * self.w[len(self.taken)]
        self.taken.append(x)

    def unassign(self, x):
        self.taken.pop()
        self.total -= x * self.w[len(self.taken)]

    def solution(self):
        return [w for w, x in zip(self.w, self.taken) if x]


def test_queens_count_and_native_statistics(queen_counts):
    for n in range(4, 9):
        r = btsolve.search(Queens(n), mode="count")
        assert r.count == queen_counts[n][0]
    first = btsolve.search(Queens(8))
    native = btsolve.run("nqueens -n 8 --strategy board")
    assert first.solutions == [[1, 5, 8, 6, 3, 7, 2, 4]]
    assert (first.stats["checks"], first.stats["backtracks"]) == (876, 105)  # the seed's count
    for k in ("nodes", "checks", "assigns", "backtracks", "prunes"):
        assert first.stats[k] == native["stats"][k], k


def brute_force_subsets(weights, target):
    return sorted(sorted(c) for k in range(len(weights) + 1)
                  for c in itertools.combinations(sorted(weights), k) if sum(c) == target)


@pytest.mark.parametrize("weights,target", [([5, 10, 12, 13, 15, 18], 30),
                                            ([3, 34, 4, 12, 5, 2], 9),
                                            ([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 15)])
def test_promising_and_solution(weights, target):
    r = btsolve.search(Subsets(weights, target), mode="all")
    got = sorted(sorted(s) for s in r.solutions)
    assert got == brute_force_subsets(weights, target)
    assert r.count == len(got)


def test_trace_tree_and_replay():
    r = btsolve.search(Queens(4), trace=True, tree=True, replay=True)
    assert r.solutions == [[2, 4, 1, 3]]
    assert r.trace[0] == "assign x1 = 1"
    assert r.tree.lstrip().startswith("digraph")
    assert "<html" in r.replay.page.lower()
    assert "<iframe" in r.replay._repr_html_()


def test_limits_and_strategy_refused():
    r = btsolve.search(Queens(20), mode="count", node_limit=500)
    assert r.stopped == "node limit reached"
    with pytest.raises(ValueError, match="strategies"):
        btsolve.search(Queens(4), "mrv+fc")


def test_missing_method_is_refused():
    class NoUnassign:
        def complete(self):
            return True

        def candidates(self):
            return []

        def assign(self, v):
            pass

    with pytest.raises(ValueError, match="unassign"):
        btsolve.search(NoUnassign())


def test_raises_propagate():
    class Broken(Queens):
        def assign(self, c):
            if len(self.cols) == 3:
                raise RuntimeError("assign failed")
            super().assign(c)

    with pytest.raises(RuntimeError, match="assign failed"):
        btsolve.search(Broken(8), mode="count")
    assert btsolve.search(Queens(6), mode="count").count == 4


def test_results_show_as_tables():
    r = btsolve.search(Subsets([5, 10, 12, 13, 15, 18], 30), mode="all", trace=True)
    page = r._repr_html_()
    assert page.count("<table>") == 2 and "nodes" in page and "<details>" in page
    assert "count=3" in repr(r)


def test_a_search_from_another_thread():
    import threading
    out = {}

    def work():
        out["count"] = btsolve.search(Queens(6), mode="count").count
        out["run"] = btsolve.run("nqueens -n 6 --count")["count"]

    threads = [threading.Thread(target=work) for _ in range(3)]
    for t in threads:
        t.start()
    assert btsolve.search(Queens(5), mode="count").count == 10
    for t in threads:
        t.join()
    assert out == {"count": 4, "run": 4}


def test_a_search_inside_a_callback_is_refused():
    class Nested(Queens):
        def assign(self, c):
            btsolve.search(Queens(4))
            super().assign(c)

    with pytest.raises(RuntimeError, match="inside a callback"):
        btsolve.search(Nested(4))
