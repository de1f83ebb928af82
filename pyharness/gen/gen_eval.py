"""assets/pst_engine.txt -> build/eval_tables.inc: the evaluation tables of the 6502 engine.

Seven page-aligned 256-byte tables (type K A B N R C P, Red's view, indexed by square;
a Black piece on sq reads index 254 - sq), then the tables chosen at the root
(eval.RootTables.default of the asset): an eighth page, the endgame pawn table, and the
spare guard tables written into the other guard's empty squares (a spare advisor reads
the bishop's page, a spare bishop the advisor's); EVAL_ADVANCED (the side-to-move
bonus), EVAL_END_UNITS, EVAL_SPARE_UNITS and two 16-byte tables by piece index, its
attack units and its type table's page (ev_prep). Values are the asset's as they stand:
what the Python reference reads (pyharness.reference.eval.default_pst), so both engines
share the bytes.

Usage: python -m pyharness.gen.gen_eval assets/pst_engine.txt --inc build/eval_tables.inc
"""
from __future__ import annotations

from pyharness.gen import asm_inc
from pyharness.reference.assets import AssetError, load_pst
from pyharness.reference.board import ADVISOR, BISHOP, PIECE_TYPES
from pyharness.reference.eval import ADVANCED_VALUE, ATTACK_UNITS, RootTables

NAMES = ("king", "advisor", "bishop", "knight", "rook", "cannon", "pawn")


def packed(host: bytes, guest: bytes, what: str) -> bytes:
    """`host` with the non-zero entries of `guest` written into its empty squares."""
    out = bytearray(host)
    for sq, v in enumerate(guest):
        if v:
            if host[sq]:
                raise ValueError(f"{what}: square {sq} is taken")
            out[sq] = v
    return bytes(out)


def render(tables, source: str) -> list[str]:
    """The include text of the 7 tables and the root tables."""
    root = RootTables.default(tables)
    tables = list(tables)
    # the spare guards' tables live in the empty squares of the other guard's page
    tables[BISHOP] = packed(tables[BISHOP], root.advisor_spare, "the spare advisor table")
    tables[ADVISOR] = packed(tables[ADVISOR], root.bishop_spare, "the spare bishop table")
    out = asm_inc.header("gen_eval.py", source,
                         "Evaluation: material + piece-square value, one byte per square"
                         " (the engine's tables: pyharness/reference/eval.py)")
    out += ["; Red piece of type T on sq: pst_<T>[sq]; Black: pst_<T>[254 - sq].",
            "; score = own sum - opponent sum + EVAL_ADVANCED (docs/search.md).",
            f"EVAL_ADVANCED = {ADVANCED_VALUE}", "",
            '.segment "ENGINE_EVAL"']
    for name, table in zip(NAMES, tables):
        out += [".align 256", f"pst_{name}:"] + asm_inc.byte_rows(table, fmt="{:3d}")
    out += ["; the root tables (eval.RootTables, srch_think's ev_prep): the endgame pawn table;",
            "; a spare advisor reads pst_bishop, a spare bishop pst_advisor",
            ".align 256", "pst_pawn_end:"] + asm_inc.byte_rows(root.pawn_end, fmt="{:3d}")
    out += ["", '.segment "RODATA"', "; (the fixed bank: bank 0 is full)",
            f"EVAL_END_UNITS = {root.end_units}", f"EVAL_SPARE_UNITS = {root.spare_units}",
            "; attack units of piece index 0..15 (eval.ATTACK_UNITS)", "ev_units:",
            "  .byte " + ", ".join(str(ATTACK_UNITS.get(t, 0)) for t in PIECE_TYPES)]
    out += ["", "; high byte (page) of the type table of piece index 0..15 (ev_prep's start)",
            "ev_type_page:", "  .byte " + ", ".join(f">pst_{NAMES[t]}" for t in PIECE_TYPES),
            ""]
    out += [f'.assert <pst_{n} = 0, error, "pst_{n} must be page aligned"'
            for n in NAMES + ("pawn_end",)]
    return out


def main() -> None:
    """Run the tool."""
    asm_inc.run_tool(__doc__, "build/eval_tables.inc", load_pst,
                     render, (AssetError, ValueError))


if __name__ == "__main__":
    main()
