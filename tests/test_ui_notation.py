"""The ROM's Chinese notation (asm/nes/notation.s nt_make, run under py65) equals the
reference's chinese() on the known strings and on thousands of random moves, tandem
pieces included (~10 s)."""
from __future__ import annotations

import random

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.rom.build import build_rom
from pyharness.rom.emu import decode_text
from pyharness.reference.notation import chinese
from pyharness.reference.position import Move, Position
from pyharness.reference.randpos import random_positions
from pyharness.rom.sim import Sim

TANDEM_FENS = [
    "3k5/9/9/9/4R4/9/4R4/9/9/5K3 w - - 0 1",
    "4k4/9/2P6/2P6/2P6/9/9/9/9/3K5 w - - 0 1",
    "4k4/9/2P6/2P6/2P6/2P6/9/9/9/3K5 w - - 0 1",
    "4k4/9/9/2P3P2/2P3P2/9/9/9/9/3K5 w - - 0 1",
    "3k5/9/9/9/9/9/9/1p7/1p2K4/9 b - - 0 1",
    "9/9/4k4/9/P7P/1R2N4/9/8B/1R2K4/5A3 w - - 61 70",
    "4k4/9/9/9/9/2P6/2P6/2P6/2P6/2PK5 w - - 0 1",
]


@pytest.fixture(scope="module")
def engine():
    build_rom(quiet=True)
    return AsmEngine(Sim())


def rom_notation(engine: AsmEngine, pos: Position, mv: Move) -> str:
    s = engine.sim
    engine.load(pos)
    s.poke("game_side", pos.side)
    s.poke("pos_from", mv.frm)
    s.poke("pos_to", mv.to)
    s.call("nt_make")
    return decode_text(s.read("nt_out", 4))


def test_known_and_tandem_positions(engine):
    n = 0
    for fen in TANDEM_FENS + [Position.start().fen()]:
        pos = Position.from_fen(fen)
        for mv in pos.legal_moves():
            assert rom_notation(engine, pos, mv) == chinese(pos, mv), (fen, mv.iccs())
            n += 1
    assert rom_notation(engine, Position.start(), Move.from_iccs("h2e2")) == "炮二平五"
    assert n > 100


def test_random_moves(engine):
    rng = random.Random(5)
    n = tandem = 0
    for fen in random_positions(120, 5, capture_bias=0.7):
        pos = Position.from_fen(fen)
        moves = pos.legal_moves()
        for mv in rng.sample(moves, min(15, len(moves))):
            want = chinese(pos, mv)
            assert rom_notation(engine, pos, mv) == want, (fen, mv.iccs())
            n += 1
            tandem += want[0] in "前后中一二三四五" and want[1] not in "进退平"
    assert n > 1000 and tandem > 5, (n, tandem)
