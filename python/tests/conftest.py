"""Shared helpers of the Python tests: the repo's test data, read without ../shared."""

import csv
from pathlib import Path

import pytest

DATA = Path(__file__).resolve().parents[2] / "tests" / "data"


@pytest.fixture(scope="session")
def queen_counts():
    """n -> (total, unique) from tests/data/nqueens/counts.csv."""
    with open(DATA / "nqueens" / "counts.csv", newline="") as f:
        return {int(r["n"]): (int(r["total"]), int(r["unique"])) for r in csv.DictReader(f)}


@pytest.fixture(scope="session")
def data_dir():
    return DATA
