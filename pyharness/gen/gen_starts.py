#!/usr/bin/env python3
"""assets/handicaps.txt (+ assets/puzzles.txt) -> build/starts.inc (constants and the
symbols, for any module) and build/starts_data.inc (the tables, for asm/nes/starts.s):
the handicap start positions and menu names, the puzzles, the table of where a piece
may stand (the save's start check).  Everything is read through pyharness/rom/starts.py.
(The menu's level names, with their glyphs, come from pyharness/gen/ui2chr.py.)

Usage: gen_starts.py assets/handicaps.txt --inc build/starts.inc --data build/starts_data.inc
"""
from __future__ import annotations

import argparse
from pathlib import Path

from pyharness.gen import asm_inc
from pyharness.rom.starts import (StartsError, load_handicaps, load_puzzles, piece_list,
                                  place_table, slot_bits, NAME_MAX, PUZZLES)

SYMBOLS = ("start_place", "start_slot_bits", "hcap_pieces_lo", "hcap_pieces_hi", "hcap_side",
           "hcap_name_lo", "hcap_name_hi", "pz_pieces_lo", "pz_pieces_hi", "pz_side",
           "pz_goal", "pz_mate_in")


def render_consts(hcaps, puzzles, source: str) -> list[str]:
    """starts.inc: the counts and the tables' names."""
    out = asm_inc.header("gen_starts.py", source + " and " + PUZZLES.name,
                         "Start positions other than the standard one: counts and symbols")
    out += [".ifndef STARTS_INC_", "STARTS_INC_ = 1",
            f"HANDICAP_COUNT = {len(hcaps)}", f"PUZZLE_COUNT = {len(puzzles)}",
            f"HCAP_NAME_MAX = {NAME_MAX}",
            "GOAL_MATE = 0", "GOAL_WIN = 1", "GOAL_DRAW = 2",
            ".global " + ", ".join(SYMBOLS), ".endif"]
    return out


def render_data(hcaps, puzzles, source: str) -> list[str]:
    """starts_data.inc: the tables (segment UIDATA, the UI bank; the puzzles' piece
    lists in BANK3, the puzzle bank)."""
    out = asm_inc.header("gen_starts.py", source + " and " + PUZZLES.name,
                         "Start positions other than the standard one: tables")
    out += ['.segment "UIDATA"',
            "; per square: bits 0-3 Red K A B P, 4-7 Black K A B P may stand there",
            "start_place:"] + asm_inc.byte_rows(place_table())
    out += ["; per piece slot: the start_place bits its piece needs ($FF: any square)",
            "start_slot_bits:"] + asm_inc.byte_rows(slot_bits())
    for i, hc in enumerate(hcaps):
        out += [f"; {i}: {hc.key} {hc.name_zh} {hc.fen}", f"hcap_pieces_{i}:"]
        out += asm_inc.byte_rows(piece_list(hc.position))
        out += [f'hcap_name_{i}: .byte "{hc.name_en.ljust(NAME_MAX)}", 0']
    ids = range(len(hcaps))
    out += ["hcap_pieces_lo: .byte " + ", ".join(f"<hcap_pieces_{i}" for i in ids),
            "hcap_pieces_hi: .byte " + ", ".join(f">hcap_pieces_{i}" for i in ids),
            "hcap_name_lo: .byte " + ", ".join(f"<hcap_name_{i}" for i in ids),
            "hcap_name_hi: .byte " + ", ".join(f">hcap_name_{i}" for i in ids),
            "hcap_side: .byte " + ", ".join(str(hc.position.side) for hc in hcaps)]
    out += ["; puzzles: side to move, goal (GOAL_*), N of a mate in N",
            "pz_side: .byte " + (", ".join(str(p.position.side) for p in puzzles) or "0"),
            "pz_goal: .byte " + (", ".join(str(p.goal) for p in puzzles) or "0"),
            "pz_mate_in: .byte " + (", ".join(str(p.mate_in) for p in puzzles) or "0"),
            "; the puzzles' piece lists (32 bytes each) in the puzzle bank (pz_fetch)",
            '.segment "BANK3"']
    for i, pz in enumerate(puzzles):
        out += [f"; {i}: {pz.fen} ; {pz.solution and ' '.join(pz.solution)}", f"pz_pieces_{i}:"]
        out += asm_inc.byte_rows(piece_list(pz.position))
    ids = range(len(puzzles))
    out += ["pz_pieces_lo: .byte " + (", ".join(f"<pz_pieces_{i}" for i in ids) or "0"),
            "pz_pieces_hi: .byte " + (", ".join(f">pz_pieces_{i}" for i in ids) or "0")]
    return out


def main() -> None:
    """Run the tool."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="the handicap list (assets/handicaps.txt)")
    ap.add_argument("--inc", type=Path, default=Path("build/starts.inc"))
    ap.add_argument("--data", type=Path, default=Path("build/starts_data.inc"))
    args = ap.parse_args()
    try:
        hcaps = load_handicaps(args.source)
        puzzles = load_puzzles()
        asm_inc.write(args.inc, render_consts(hcaps, puzzles, str(args.source)))
        asm_inc.write(args.data, render_data(hcaps, puzzles, str(args.source)))
    except (StartsError, OSError) as exc:
        asm_inc.fail(str(exc))


if __name__ == "__main__":
    main()
