"""The board encoding is written once, in pyharness/reference/board.py: tools/gen_levels.py
writes it into build/engine_consts.inc under the asm's names, and no asm source types
it again."""
from __future__ import annotations

import re

from pyharness.reference import board
from pyharness.rom.build import project_root

ROOT = project_root()
NAMES = ("EMPTY", "OFFBOARD", "RED_TAG", "BLACK_TAG", "PIECES_SIDE", "TYPE_COUNT",
         *(f"KIND_{t}" for t in board.TYPE_LETTERS), *(f"PIECE_{t}" for t in board.TYPE_LETTERS))


def test_the_build_has_the_twins_encoding(consts):
    expect = {"EMPTY": board.EMPTY, "OFFBOARD": board.OFFBOARD, "RED_TAG": board.RED_TAG,
              "BLACK_TAG": board.BLACK_TAG, "PIECES_SIDE": len(board.PIECE_TYPES),
              "TYPE_COUNT": len(board.TYPE_LETTERS)}
    for t, letter in enumerate(board.TYPE_LETTERS):
        expect[f"KIND_{letter}"] = t
        expect[f"PIECE_{letter}"] = board.TYPE_SLOTS[t][0]
        assert board.PIECE_TYPES[board.TYPE_SLOTS[t][0]] == t
    assert {n: consts[n] for n in NAMES} == expect


def test_no_asm_source_types_the_encoding():
    assign = re.compile(rf"^\s*({'|'.join(NAMES)})\s*=", re.M)
    typed = {str(p.relative_to(ROOT)): assign.findall(p.read_text(encoding="utf-8"))
             for p in sorted((ROOT / "asm").rglob("*")) if p.suffix in (".s", ".inc")}
    assert {p: names for p, names in typed.items() if names} == {}
    assert assign.findall("RED_TAG     = $10\n") == ["RED_TAG"]     # the check can fail
