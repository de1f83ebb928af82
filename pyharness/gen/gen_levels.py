"""assets/levels.txt -> build/levels.inc (the level tables) and build/engine_consts.inc
(the search constants), both taken from what the Python twin reads.

The level rows come from pyharness.reference.assets.load_levels (what the reference reads).
The engine constants (the board encoding, score bounds, MAX_PLY, TT size, ordering keys,
history increment, LFSR taps/seed/warm-up, null-move reduction, the level count, MVV/LVA
rows) are taken from pyharness/reference/{board,search,levels,lfsr,tt}.py under the names
the 6502 code uses, so the twin's module is the one place each number is written.

Usage: python -m pyharness.gen.gen_levels assets/levels.txt --inc build/levels.inc
                     [--consts build/engine_consts.inc]
"""
from __future__ import annotations

import argparse
from pathlib import Path

from pyharness.gen import asm_inc
from pyharness.reference.assets import AssetError, load_levels
from pyharness.reference import board, lfsr, search, search_consts, tt
from pyharness.reference.board import PIECE_TYPES
from pyharness.reference.levels import MAX_DEPTH, level_depth
from pyharness.reference.movebound import move_bound


def board_constants() -> dict[str, int]:
    """The board encoding of reference/board.py (docs/encoding.md) by its asm names:
    the square bytes, the side tags, the kinds K..P, each type's first piece index."""
    types = range(len(board.TYPE_LETTERS))
    return {"EMPTY": board.EMPTY, "OFFBOARD": board.OFFBOARD, "RED_TAG": board.RED_TAG,
            "BLACK_TAG": board.BLACK_TAG,
            **{f"KIND_{board.TYPE_LETTERS[t]}": t for t in types},
            **{f"PIECE_{board.TYPE_LETTERS[t]}": board.TYPE_SLOTS[t][0] for t in types},
            "PIECES_SIDE": len(PIECE_TYPES), "TYPE_COUNT": len(board.TYPE_LETTERS)}


def constants(levels) -> dict[str, int]:
    """The engine constants by their asm names (all taken from the twin's modules)."""
    if lfsr.TAPS & 0xFF:
        raise AssetError("the asm LFSR step XORs the taps' high byte only; "
                         f"taps ${lfsr.TAPS:04X} have a low byte")
    if lfsr.WARMUP % 8:
        raise AssetError(f"LFSR warm-up {lfsr.WARMUP} is not a whole number of bytes")
    return {
        **board_constants(),
        "LEVEL_COUNT": len(levels), "SRCH_MAX_DEPTH": MAX_DEPTH, "MAX_PLY": search.MAX_PLY,
        "SRCH_MATE": search.MATE, "SRCH_BAN": search.BAN, "SRCH_WIN": search.WIN,
        "SRCH_INF": search.INF, "SRCH_DRAW": search.DRAW,
        "SRCH_DRAW_PLIES": search.DRAW_PLIES, "SRCH_HALF_MAX": search.HALFMOVE_MAX,
        "SRCH_PV_PLIES": search.PV_PLIES, "MG_BOUND": move_bound(),
        "MV_CAP": search.MOVE_STACK_CAP, "MG_MAX": search.GEN_RESERVE,
        "SRCH_POLL_MASK": search.POLL_MASK, "HIST_MAX_INC": search.HIST_MAX_INC,
        "NULL_R": search.NULL_R, "NULL_MIN_DEPTH": search.NULL_MIN_DEPTH,
        "LMR_MIN_DEPTH": search.LMR_MIN_DEPTH, "LMR_MIN_MOVE": search.LMR_MIN_MOVE,
        "IIR_MIN_DEPTH": search.IIR_MIN_DEPTH, "QS_DELTA": search.QS_DELTA,
        "RECAP_MIN_DEPTH": search.RECAP_MIN_DEPTH, "RECAP_DEPTH": search.RECAP_DEPTH,
        "PLAN_CHANGED_HALVES": search_consts.PLAN_CHANGED_HALVES,
        "PLAN_KEPT_HALVES": search_consts.PLAN_KEPT_HALVES,
        "RULE_IIR": search.RULE_IIR, "RULE_DELTA": search.RULE_DELTA,
        "RULE_RFP": search.RULE_RFP, "RULE_QS_RECAP": search.RULE_QS_RECAP,
        "RULE_QS_SEE": search.RULE_QS_SEE, "RULE_BAD_CAPS": search.RULE_BAD_CAPS,
        "RULE_LMR_DEEP": search.RULE_LMR_DEEP, "LMR_DEEP_MOVE": search.LMR_DEEP_MOVE,
        "LMR_DEEP_DEPTH": search.LMR_DEEP_DEPTH,
        "RULE_EXT_LIMIT": search.RULE_EXT_LIMIT, "CHECK_EXT_MIN_DEPTH": search.CHECK_EXT_MIN_DEPTH,
        "QS_RECAP_PLY": search.QS_RECAP_PLY, "SRCH_RULES_DEFAULT": search.SearchRules().bits(),
        "RFP_MAX_DEPTH": search.RFP_MAX_DEPTH, "RFP_MARGIN": search.RFP_MARGIN,
        "KEY_HASH": search.KEY_HASH, "KEY_CAPTURE": search.KEY_CAPTURE,
        "KEY_KILLER1": search.KEY_KILLER1, "KEY_KILLER2": search.KEY_KILLER2,
        "KEY_BAD_CAPTURE": search.KEY_BAD_CAPTURE,
        "TT_ENTRIES": tt.TT_ENTRIES, "FLAG_UPPER": tt.FLAG_UPPER,
        "FLAG_LOWER": tt.FLAG_LOWER, "FLAG_EXACT": tt.FLAG_EXACT,
        "LFSR_TAPS_HI": lfsr.TAPS >> 8, "LFSR_ZERO": lfsr.ZERO_SEED_REPLACEMENT,
        "LFSR_WARMUP_BYTES": lfsr.WARMUP // 8,
    }


def render_consts(levels, source: str) -> list[str]:
    """engine_consts.inc: constants, and MVV/LVA rows as macros (the caller places them)."""
    out = asm_inc.header("gen_levels.py", source + " and pyharness/reference/",
                         "Engine constants of the Python twin, by their asm names")
    out += [".ifndef ENGINE_CONSTS_INC_", "ENGINE_CONSTS_INC_ = 1"]
    out += [f"{k} = {v}" if v < 256 else f"{k} = ${v:04X}"
            for k, v in constants(levels).items()]
    mvv = [search.MVV_LVA_VALUE[t] for t in PIECE_TYPES[:16]]
    base = search.KEY_CAPTURE - 1      # a capture's key: base + 8 * MVV(victim) - MVV(taker)
    out += ["; MVV/LVA value of the piece of each index within its side "
            "(K A A B B N N R R C C P P P P P): x1, and KEY_CAPTURE - 1 + x8",
            ".macro MVV1_ROW", "  .byte " + ", ".join(str(v) for v in mvv), ".endmacro",
            ".macro MVV8K_ROW", "  .byte " + ", ".join(str(base + 8 * v) for v in mvv),
            ".endmacro", ".endif"]
    return out


def render(levels, source: str) -> list[str]:
    """levels.inc: the per-level tables (index = level - 1)."""
    out = asm_inc.header("gen_levels.py", source, "Difficulty levels")
    out += ['.segment "RODATA"',
            "; per level (index = level - 1): "
            + ", ".join(f"{lv.number} {lv.name_en}" for lv in levels),
            "level_depth:", "  .byte " + ", ".join(str(level_depth(lv)) for lv in levels),
            "level_frames_lo:", "  .byte " + ", ".join(f"<{lv.frames}" for lv in levels),
            "level_frames_hi:", "  .byte " + ", ".join(f">{lv.frames}" for lv in levels),
            "level_noise_mask:", "  .byte " + ", ".join(str(lv.noise_mask) for lv in levels),
            "level_book:", "  .byte " + ", ".join(str(int(lv.book)) for lv in levels),
            "level_qs:", "  .byte " + ", ".join(str(int(lv.quiesce)) for lv in levels),
            "level_slip:", "  .byte " + ", ".join(str(lv.slip) for lv in levels),
            "; the RULE_* bits each level switches on (srch_start ORs them into sr_rules)",
            "level_rules:", "  .byte " + ", ".join(str(level_bits(lv)) for lv in levels),
            "; 1 where the level switches the null move on (srch_start ORs it into sr_null);",
            "; beside srch_start in the game bank, which alone reads it",
            '.segment "ENGINE_GAME"', "level_null:",
            "  .byte " + ", ".join(str(int("null_move" in lv.rules)) for lv in levels)]
    return out


def level_bits(lv) -> int:
    """The RULE_* bits of a level's rules (AssetError for a rule a level cannot name)."""
    try:
        return search.SearchRules.level_switches(lv.rules)
    except search.SearchInputError as exc:
        raise AssetError(f"level {lv.number}: {exc}") from None


def main() -> None:
    """Run the tool."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path, help="the levels table (assets/levels.txt)")
    ap.add_argument("--inc", type=Path, default=Path("build/levels.inc"))
    ap.add_argument("--consts", type=Path, default=Path("build/engine_consts.inc"))
    args = ap.parse_args()
    try:
        levels = load_levels(args.source)
        asm_inc.write(args.inc, render(levels, str(args.source)))
        asm_inc.write(args.consts, render_consts(levels, str(args.source)))
    except AssetError as exc:
        asm_inc.fail(str(exc))


if __name__ == "__main__":
    main()
