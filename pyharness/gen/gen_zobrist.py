"""assets/zobrist.txt -> build/zobrist.inc: the 32-bit Zobrist keys of the 6502 engine.

The seed is expanded by pyharness.reference.assets.make_zobrist (xorshift32, 14 kinds x 90
squares, then the side key), the same code the Python reference uses.

Tables (docs/search.md, "Zobrist keys"):
  zob_sq90[256]      square -> 0..89 (ascending playing squares), $FF off board; page aligned
  zob_sq_of90[90]    0..89 -> square
  zob_sq_lo/hi       square $33..$CB -> address of the square's key block (index
                     square - ZOB_SQ_FIRST; 0 for the off-board squares in between);
                     segment RODATA (fixed bank), the rest ENGINEDATA
  zob_keys           90 blocks of 56 bytes, square-major: the key of kind k on sq is
                     the 4 bytes (byte 0 = bits 0-7 first) at zob_keys + sq90*56 + k*4,
                     so one pointer per square and Y = k*4 .. k*4+3 reach it
  zob_side[4]        the side key (XORed when Black is to move), byte 0 first;
                     also as the constants ZOB_SIDE0..ZOB_SIDE3 (eor #imm)

Usage: python -m pyharness.gen.gen_zobrist assets/zobrist.txt --inc build/zobrist.inc
"""
from __future__ import annotations

from pyharness.gen import asm_inc
from pyharness.reference.assets import KINDS, PLAY_SQUARES, AssetError, load_zobrist


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
    first, last = PLAY_SQUARES[0], PLAY_SQUARES[-1]
    block = KINDS * 4
    out += ["", "; the pointer tables sit in the fixed bank (bank 0 has no room for them)",
            '.segment "RODATA"']
    for half, op in (("lo", "<"), ("hi", ">")):
        out.append(f"zob_sq_{half}:")
        vals = [f"{op}(zob_keys + {sq90[sq] * block})" if sq90[sq] != 0xFF else "0"
                for sq in range(first, last + 1)]
        out += ["  .byte " + ", ".join(vals[i:i + 8]) for i in range(0, len(vals), 8)]
    by_kind = [keys.by_sq90(kind) for kind in range(KINDS)]
    out += ["", '.segment "ENGINEDATA"', "zob_keys:"]
    for i in range(len(PLAY_SQUARES)):
        out.append(f"  ; sq90 {i}")
        out += asm_inc.byte_rows([(by_kind[kind][i] >> (8 * b)) & 0xFF
                                  for kind in range(KINDS) for b in range(4)])
    side = [(keys.side >> (8 * b)) & 0xFF for b in range(4)]
    out += ["zob_side:"] + asm_inc.byte_rows(side)
    out += [f"ZOB_SIDE{b} = ${v:02X}" for b, v in enumerate(side)]
    out += [f"ZOB_SQ_FIRST = ${first:02X}", f"ZOB_BLOCK = {block}"]
    out += ["", '.assert <zob_sq90 = 0, error, "zob_sq90 must be page aligned"',
            f'.assert zob_side - zob_keys = {len(PLAY_SQUARES) * block}, error, "zobrist key blocks"']
    return out


def main() -> None:
    """Run the tool."""
    asm_inc.run_tool(__doc__, "build/zobrist.inc", load_zobrist, render, (AssetError,))


if __name__ == "__main__":
    main()
