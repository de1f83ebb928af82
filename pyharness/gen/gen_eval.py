"""assets/pst_engine.txt -> build/eval_tables.inc: the evaluation tables of the 6502 engine.

Seven page-aligned 256-byte tables (type K A B N R C P, Red's view, indexed by square;
a Black piece on sq reads index 254 - sq), a 7-byte table of their pages, and
EVAL_ADVANCED (the side-to-move bonus). Values are the asset's as they stand: what the
Python reference reads (pyharness.reference.eval.default_pst), so both engines share
the bytes.

Usage: python -m pyharness.gen.gen_eval assets/pst_engine.txt --inc build/eval_tables.inc
"""
from __future__ import annotations

from pyharness.gen import asm_inc
from pyharness.reference.assets import AssetError, load_pst
from pyharness.reference.eval import ADVANCED_VALUE

NAMES = ("king", "advisor", "bishop", "knight", "rook", "cannon", "pawn")


def render(tables, source: str) -> list[str]:
    """The include text of the 7 tables."""
    out = asm_inc.header("gen_eval.py", source,
                         "Evaluation: material + piece-square value, one byte per square"
                         " (the engine's tables: pyharness/reference/eval.py)")
    out += ["; Red piece of type T on sq: pst_<T>[sq]; Black: pst_<T>[254 - sq].",
            "; score = own sum - opponent sum + EVAL_ADVANCED (docs/search.md).",
            f"EVAL_ADVANCED = {ADVANCED_VALUE}", "",
            '.segment "ENGINE_EVAL"']
    for name, table in zip(NAMES, tables):
        out += [".align 256", f"pst_{name}:"] + asm_inc.byte_rows(table, fmt="{:3d}")
    out += ["", "; high byte (page) of each table, indexed by type code 0..6",
            "pst_page:", "  .byte " + ", ".join(f">pst_{n}" for n in NAMES), ""]
    out += [f'.assert <pst_{n} = 0, error, "pst_{n} must be page aligned"' for n in NAMES]
    return out


def main() -> None:
    """Run the tool."""
    asm_inc.run_tool(__doc__, "build/eval_tables.inc", load_pst,
                     render, (AssetError, ValueError))


if __name__ == "__main__":
    main()
