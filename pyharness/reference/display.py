"""A readable text board of a Position (for `xq65 show`)."""
from __future__ import annotations

from .board import BLACK, RED, make_square
from .position import Position

#: Chinese names per side; Black's horse, rook and cannon take the traditional forms
#: 馬 車 砲 so the two sides read apart without colour.
CHINESE_GLYPHS = ("帅仕相马车炮兵", "将士象馬車砲卒")
LETTER_GLYPHS = ("KABNRCP", "kabnrcp")
SIDE_WORDS = ("red (红)", "black (黑)")


def render_board(pos: Position, *, letters: bool = False) -> str:
    """Return the board as text: ranks 9..0 top to bottom, files a..i, river marked.

    With `letters`, pieces are FEN letters (upper case Red); else Chinese characters
    (two columns wide each).
    """
    empty = "." if letters else "・"
    header = " ".join("abcdefghi") if letters else "".join(f"{c} " for c in "abcdefghi")
    lines = ["   " + header.rstrip()]
    for rank in range(9, -1, -1):
        cells = []
        for file in range(9):
            piece = pos.piece_at(make_square(file, rank))
            if piece is None:
                cells.append(empty)
            else:
                side, ptype = piece
                cells.append((LETTER_GLYPHS if letters else CHINESE_GLYPHS)[side][ptype])
        lines.append(f"{rank}  " + (" " if letters else "").join(cells))
        if rank == 5:
            lines.append("   " + ("-" * 17 if letters else "～楚河～～～汉界～"))
    return "\n".join(lines)


def describe(pos: Position, *, letters: bool = False) -> str:
    """Return the board plus side to move and whether that side is in check."""
    check = "yes" if pos.in_check() else "no"
    return (f"{render_board(pos, letters=letters)}\n"
            f"side to move: {SIDE_WORDS[pos.side]}\n"
            f"in check: {check}\n"
            f"fen: {pos.fen()}")


__all__ = ["render_board", "describe", "RED", "BLACK"]
