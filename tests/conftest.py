"""Shared pytest fixtures: the test data directory, the public perft cases, the built ROM
and a Fairy-Stockfish process."""
from __future__ import annotations

from pathlib import Path

import pytest

from pyharness import tune_gc

tune_gc()                    # every worker: the searches run 15-20 % faster (pyharness)

DATA_DIR = Path(__file__).parent / "data"


def pytest_collection_modifyitems(session, config, items):
    """The tests marked `slow` (the longest, 10-40 s each) run first, the rest keep their
    order: on parallel workers a long test that starts last keeps one worker busy while
    the other has nothing left to do."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)


@pytest.fixture(scope="session")
def data_dir() -> Path:
    """tests/data (a copy of the shared data, so a clone works alone)."""
    return DATA_DIR


@pytest.fixture(scope="session")
def perft_cases():
    """The cases of tests/data/perft_public.txt (list of PerftCase)."""
    from pyharness.reference.perft import read_perft_file

    return read_perft_file(DATA_DIR / "perft_public.txt")


@pytest.fixture(scope="session")
def built():
    """The ROM built once per test run (pyharness.rom.build.BuildResult: rom, dbg, labels)."""
    from pyharness.rom.build import build_rom

    return build_rom(quiet=True)


@pytest.fixture(scope="session")
def rom(built):
    """Path of build/xiangqi.nes."""
    return built.rom


@pytest.fixture(scope="session")
def consts(built):
    """Numeric constants of the build (the debug file's equates)."""
    from pyharness.rom.symbols import load_constants

    return load_constants(built.dbg)


@pytest.fixture(scope="session")
def sym(built):
    """Symbol table of the build (build/xiangqi.labels)."""
    from pyharness.rom.symbols import load_symbols

    return load_symbols(built.labels)


@pytest.fixture(scope="module")
def fsf(request):
    """A Fairy-Stockfish UCI process for the module (skips when it is not installed); its
    waits are bounded by the module's SEARCH_TIMEOUT_S when it has one."""
    from pyharness.match.uci import EngineMissingError, UciEngine

    try:
        engine = UciEngine(timeout=getattr(request.module, "SEARCH_TIMEOUT_S", None))
    except EngineMissingError as exc:
        pytest.skip(f"fairy-stockfish not installed (make test-deps): {exc}")
    with engine:
        yield engine
