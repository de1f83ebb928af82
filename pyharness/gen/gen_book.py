"""assets/book.txt -> build/book.inc (and optionally build/book.bin): the opening book.

Compiled by pyharness.reference.book (the code the Python reference reads the book
with), keyed with the Zobrist keys of assets/zobrist.txt. Layout (docs/search.md,
"Opening book"): book_count, then book_key_lo[N], book_key_hi[N], book_mv_lo[N],
book_mv_hi[N] with mv = from90 | to90 << 7 | (weight - 1) << 14. Total <= 512 bytes.

Usage: python -m pyharness.gen.gen_book assets/book.txt --inc build/book.inc [--bin build/book.bin]
"""
from __future__ import annotations

import argparse
from pathlib import Path

from pyharness.gen import asm_inc
from pyharness.reference.assets import AssetError
from pyharness.reference.book import BookError, compile_book


def render(data: bytes, source: str) -> list[str]:
    """The include text of the compiled book bytes."""
    n = data[0]
    out = asm_inc.header("gen_book.py", source + " (keys from assets/zobrist.txt)",
                         f"Opening book: {n} entries, {len(data)} bytes")
    out += [f"BOOK_ENTRIES = {n}", "", '.segment "ENGINE_BOOK"', "book_count:",
            f"  .byte {n}"]
    for i, name in enumerate(("book_key_lo", "book_key_hi", "book_mv_lo", "book_mv_hi")):
        out += [f"{name}:"] + asm_inc.byte_rows(data[1 + i * n:1 + (i + 1) * n])
    out += ["", f'.assert book_mv_hi + BOOK_ENTRIES - book_count = {len(data)}, error, '
                '"book size"']
    return out


def main() -> None:
    """Run the tool."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("source", type=Path)
    ap.add_argument("--inc", type=Path, default=Path("build/book.inc"))
    ap.add_argument("--bin", type=Path, default=None, help="also write the raw bytes")
    args = ap.parse_args()
    try:
        data = compile_book(args.source)
    except (AssetError, BookError) as exc:
        asm_inc.fail(str(exc))
    asm_inc.write(args.inc, render(data, str(args.source)))
    if args.bin:
        args.bin.parent.mkdir(parents=True, exist_ok=True)
        args.bin.write_bytes(data)


if __name__ == "__main__":
    main()
