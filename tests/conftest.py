"""Shared pytest fixtures: the test data directory and the public perft cases."""
from __future__ import annotations

from pathlib import Path

import pytest

DATA_DIR = Path(__file__).parent / "data"


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """tests/data (a copy of the shared data, so a clone works alone)."""
    return DATA_DIR


@pytest.fixture(scope="session")
def perft_cases():
    """The cases of tests/data/perft_public.txt (list of PerftCase)."""
    from pyharness.reference.perft import read_perft_file

    return read_perft_file(DATA_DIR / "perft_public.txt")
