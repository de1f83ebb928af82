#!/usr/bin/env python3
"""assets/levels.txt -> build/levels.inc: the level table and the search constants.

The level rows come from pyharness.engine_data.load_levels (what the reference reads);
the search constants (mate scores, MAX_PLY, TT size, ordering keys, MVV/LVA values)
are taken from pyharness/reference/search.py so the 6502 search uses the same numbers.

Usage: gen_levels.py assets/levels.txt --inc build/levels.inc
"""
from __future__ import annotations

import asm_inc
from pyharness.engine_data import AssetError, load_levels
from pyharness.reference import search
from pyharness.reference.levels import MAX_DEPTH, level_depth
from pyharness.reference.lfsr import TAPS, WARMUP, ZERO_SEED_REPLACEMENT
from pyharness.reference.tt import TT_ENTRIES


def render(levels, source: str) -> list[str]:
    """The include text: constants, then the per-level tables (index = level - 1)."""
    out = asm_inc.header("gen_levels.py", source + " and pyharness/reference/search.py",
                         "Difficulty levels and search constants")
    consts = {
        "LEVEL_COUNT": len(levels), "MAX_DEPTH": MAX_DEPTH, "MAX_PLY": search.MAX_PLY,
        "SCORE_MATE": search.MATE, "SCORE_BAN": search.BAN, "SCORE_WIN": search.WIN,
        "SCORE_INF": search.INF, "SCORE_DRAW": search.DRAW, "DRAW_PLIES": search.DRAW_PLIES,
        "PV_PLIES": search.PV_PLIES, "MOVE_STACK_CAP": search.MOVE_STACK_CAP,
        "GEN_RESERVE": search.GEN_RESERVE, "POLL_MASK": search.POLL_MASK, "HIST_MAX_INC": search.HIST_MAX_INC,
        "TT_ENTRIES": TT_ENTRIES, "LFSR_TAPS": TAPS, "LFSR_ZERO_SEED": ZERO_SEED_REPLACEMENT,
        "LFSR_WARMUP": WARMUP,
        "KEY_HASH": search.KEY_HASH, "KEY_CAPTURE": search.KEY_CAPTURE,
        "KEY_KILLER1": search.KEY_KILLER1, "KEY_KILLER2": search.KEY_KILLER2,
    }
    out += [f"{k} = {v}" if v < 256 else f"{k} = ${v:04X}" for k, v in consts.items()]
    out += ["", '.segment "RODATA"',
            "; MVV/LVA value by type code K A B N R C P",
            "mvv_lva_value:", "  .byte " + ", ".join(str(v) for v in search.MVV_LVA_VALUE),
            "; per level (index = level - 1): "
            + ", ".join(f"{lv.number} {lv.name_en}" for lv in levels),
            "level_depth:", "  .byte " + ", ".join(str(level_depth(lv)) for lv in levels),
            "level_frames_lo:", "  .byte " + ", ".join(f"<{lv.frames}" for lv in levels),
            "level_frames_hi:", "  .byte " + ", ".join(f">{lv.frames}" for lv in levels),
            "level_noise_mask:", "  .byte " + ", ".join(str(lv.noise_mask) for lv in levels),
            "level_book:", "  .byte " + ", ".join(str(int(lv.book)) for lv in levels)]
    return out


def main() -> None:
    """Run the tool."""
    args = asm_inc.parse_args(__doc__, "build/levels.inc")
    try:
        levels = load_levels(args.source)
    except AssetError as exc:
        asm_inc.fail(str(exc))
    asm_inc.write(args.inc, render(levels, str(args.source)))


if __name__ == "__main__":
    main()
