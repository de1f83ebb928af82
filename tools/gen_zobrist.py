#!/usr/bin/env python3
"""assets/zobrist.txt -> build/zobrist.inc: the 32-bit Zobrist keys of the 6502 engine.

The seed is expanded by pyharness.engine_data.make_zobrist (xorshift32, 14 kinds x 90
squares, then the side key), the same code the Python reference uses.

Tables (docs/search.md, "Zobrist keys"):
  zob_sq90[256]      square -> 0..89 (ascending playing squares), $FF off board; page aligned
  zob_sq_of90[90]    0..89 -> square
  zob_b0..zob_b3     key byte 0 (bits 0-7) .. byte 3 (bits 24-31), each 14*90 bytes,
                     kind-major: the key of kind k on sq is at zob_bN + k*90 + sq90
  zob_kind_lo/hi[14] k*90 (offset of a kind's row in every plane)
  zob_side[4]        the side key (XORed when Black is to move), byte 0 first

Usage: gen_zobrist.py assets/zobrist.txt --inc build/zobrist.inc
"""
from __future__ import annotations

import asm_inc
from pyharness.engine_data import KINDS, PLAY_SQUARES, AssetError, load_zobrist


def render(keys, source: str) -> list[str]:
    """The include text of the key tables."""
    out = asm_inc.header("gen_zobrist.py", source, "Zobrist keys, 32 bits, 14 kinds x 90 squares")
    out += ["; kind = side * 7 + type (side 0 red, 1 black; type K A B N R C P = 0..6)",
            f"ZOB_KINDS = {KINDS}", "", '.segment "ENGINEDATA"', ".align 256", "zob_sq90:"]
    sq90 = [0xFF] * 256
    for i, sq in enumerate(PLAY_SQUARES):
        sq90[sq] = i
    out += asm_inc.byte_rows(sq90)
    out += ["zob_sq_of90:"] + asm_inc.byte_rows(PLAY_SQUARES, per_row=9)
    for b in range(4):
        out.append(f"zob_b{b}:")
        for kind in range(KINDS):
            row = [(k >> (8 * b)) & 0xFF for k in keys.by_sq90(kind)]
            out.append(f"  ; kind {kind}")
            out += asm_inc.byte_rows(row, per_row=18)
    out += ["zob_kind_lo:", "  .byte " + ", ".join(f"<{k * 90}" for k in range(KINDS)),
            "zob_kind_hi:", "  .byte " + ", ".join(f">{k * 90}" for k in range(KINDS)),
            "zob_side:"] + asm_inc.byte_rows([(keys.side >> (8 * b)) & 0xFF for b in range(4)])
    out += ["", '.assert <zob_sq90 = 0, error, "zob_sq90 must be page aligned"',
            f'.assert zob_b1 - zob_b0 = {KINDS * 90}, error, "zobrist plane size"']
    return out


def main() -> None:
    """Run the tool."""
    args = asm_inc.parse_args(__doc__, "build/zobrist.inc")
    try:
        keys = load_zobrist(args.source)
    except AssetError as exc:
        asm_inc.fail(str(exc))
    asm_inc.write(args.inc, render(keys, str(args.source)))


if __name__ == "__main__":
    main()
