"""Fit the evaluation's piece-square tables, square by square, to Fairy-Stockfish's scores.

    python tools/lab/pst_fit.py fit LABELS.txt [LABELS.txt ...] --held HELD.txt
                                [--lam L] [--steps N] [--freeze TYPES] [--out TABLES.txt]
    python tools/lab/pst_fit.py loss TABLES.txt LABELS.txt [LABELS.txt ...]

The labels are `FEN ; centipawns` lines of tools/lab/eval_fit.py (`gen` from the tuning
half's openings, `label` by Fairy-Stockfish; the judging half never enters a fit). The
evaluation is linear in its table entries: eval = sum over the side to move's pieces of
table[type][sq] - the same over the opponent's + ADVANCED_VALUE, a Black piece reading
square 254 - sq. `fit` minimises

    mean (sigmoid(k * eval) - sigmoid(fsf / 400))^2 + lam * mean over entries of
    ((entry - start) / 100)^2

over the entries, where `start` is the published tables re-weighted (eval.reweighted_pst,
the same for every run) and k is the start's own best k, kept fixed: the fitted tables
speak the engine's units (a rook about 170; the search's margins keep their meaning). The entries are left-right
symmetric (one weight for a square and its mirror), only the squares a type can stand on
(a nonzero start entry) are fitted, and each is rounded and clamped to 1..255 at the end.
--freeze TYPES (letters of KABNRCP) keeps those types' tables at the start's values.
It prints the loss (x 1e4) of the start and of the fit on the fitted rows, on the held-out
rows (positions of other openings and games: --held) before and after rounding, and
writes the tables in assets/pst.txt's format (--out). `loss` prints a table file's loss
on label files, at its own best k. A fit is a screen; a table is kept only after a match
(docs/journal.md).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path

import numpy as np

from eval_fit import read_labels  # tools/lab's label reader (the script's own folder)

from pyharness.reference.assets import PLAY_SQUARES, load_pst
from pyharness.reference.board import PIECE_TYPES
from pyharness.reference.eval import ADVANCED_VALUE, reweighted_pst
from pyharness.reference.position import Position

SCALE = 400.0
TYPE_NAMES = "KABNRCP"
#: the first lines of a written table file
HEADER = [
    "xq65 evaluation tables: material + piece-square value in one unsigned byte per square,",
    "in the format of assets/pst.txt (one block per type K A B N R C P, ten rows of nine",
    "numbers in Red's view, rank 9 first; a Black piece on sq reads 254 - sq; squares a",
    "type never stands on hold 0). As assets/pst_engine.txt they are the engine's tables,",
    "read by pyharness/reference/eval.py (the twin) and pyharness/gen/gen_eval.py (the ROM).",
    "Fitted square by square to Fairy-Stockfish's scores of positions from the tuning half's",
    "openings, starting from XQWLight's published tables (assets/pst.txt) re-weighted by",
    "eval.tune_pst; the judging half never entered (docs/search.md, \"Evaluation\").", ""]


def mirror(sq: int) -> int:
    """The square mirrored left-right (file a <-> i)."""
    return (sq & 0xF0) | (14 - (sq & 15))


class Layout:
    """The fitted weights: one per (type, square class), a class being a square and its
    mirror, for the squares where `start` has a nonzero entry."""

    def __init__(self, start: tuple[bytes, ...]) -> None:
        self.start = start
        self.index: dict[tuple[int, int], int] = {}
        self.classes: list[tuple[int, int]] = []        # (type, the class's lower square)
        for t, table in enumerate(start):
            for sq in PLAY_SQUARES:
                if table[sq]:
                    c = min(sq, mirror(sq))
                    if (t, c) not in self.index:
                        self.index[(t, c)] = len(self.classes)
                        self.classes.append((t, c))
        self.w0 = np.array([start[t][c] for t, c in self.classes], float)

    def column(self, t: int, sq: int) -> int:
        """The weight of type t's entry at sq (Red's view)."""
        return self.index[(t, min(sq, mirror(sq)))]

    def features(self, rows: list[tuple[str, int]]) -> tuple[np.ndarray, np.ndarray]:
        """(X, y): X[i] counts the side to move's pieces per weight minus the opponent's
        (eval = X @ w + ADVANCED_VALUE); y the target probabilities."""
        X = np.zeros((len(rows), len(self.classes)))
        for i, (fen, _) in enumerate(rows):
            pos = Position.from_fen(fen)
            for p, sq in enumerate(pos.piece_sq):
                if sq:
                    t = PIECE_TYPES[p & 15]
                    red_sq = sq if p < 16 else 254 - sq
                    X[i, self.column(t, red_sq)] += 1 if (p >> 4) == pos.side else -1
        y = 1 / (1 + np.exp(-np.array([cp for _, cp in rows], float) / SCALE))
        return X, y

    def tables(self, w: np.ndarray) -> tuple[bytes, ...]:
        """The weights as 7 tables of 256 bytes, rounded and clamped to 1..255."""
        out = [bytearray(256) for _ in self.start]
        for (t, c), v in zip(self.classes, w):
            v = int(min(255, max(1, round(float(v)))))
            out[t][c] = out[t][mirror(c)] = v
        return tuple(bytes(t) for t in out)


def loss(X: np.ndarray, y: np.ndarray, w: np.ndarray, k: float) -> float:
    """The mean squared difference of the probabilities."""
    return float(np.mean((1 / (1 + np.exp(-k * (X @ w + ADVANCED_VALUE))) - y) ** 2))


def best_k(X: np.ndarray, y: np.ndarray, w: np.ndarray) -> float:
    """The k that fits `w` best (the loss is unimodal in k: ternary search)."""
    lo, hi = 0.0005, 0.05
    for _ in range(60):
        m1, m2 = lo + (hi - lo) / 3, hi - (hi - lo) / 3
        lo, hi = (lo, m2) if loss(X, y, w, m1) < loss(X, y, w, m2) else (m1, hi)
    return (lo + hi) / 2


def fit_weights(X, y, w0, k, lam, steps, frozen=None):
    """Adam on the regularised loss, from w0; the weights where `frozen` is True stay."""
    w = w0.copy()
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    lr, b1, b2 = 0.5, 0.9, 0.999
    n = len(y)
    for i in range(1, steps + 1):
        s = 1 / (1 + np.exp(-k * (X @ w + ADVANCED_VALUE)))
        g = X.T @ (2 * (s - y) * s * (1 - s) * k) / n + lam * 2 * (w - w0) / 1e4 / len(w)
        if frozen is not None:
            g[frozen] = 0.0
        m = b1 * m + (1 - b1) * g
        v = b2 * v + (1 - b2) * g * g
        w -= lr * (m / (1 - b1 ** i)) / (np.sqrt(v / (1 - b2 ** i)) + 1e-12)
    return w


def write_tables(path: str, tables: tuple[bytes, ...], header: list[str]) -> None:
    """Tables in assets/pst.txt's format (Red's view, rank 9 first)."""
    lines = [f"# {h}" if h else "#" for h in header]
    for t, table in enumerate(tables):
        lines += ["", f"type {TYPE_NAMES[t]}"]
        for row in range(10):
            vals = [table[sq] for sq in PLAY_SQUARES[row * 9:(row + 1) * 9]]
            lines.append(" ".join(f"{v:3d}" for v in vals))
    Path(path).write_text("\n".join(lines) + "\n", encoding="utf-8")


def read_rows(paths: list[str]) -> list[tuple[str, int]]:
    """The label rows of several files, one row a FEN (the first label kept)."""
    seen, rows = set(), []
    for p in paths:
        for fen, cp in read_labels(p):
            if fen not in seen:
                seen.add(fen)
                rows.append((fen, cp))
    return rows


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    f = sub.add_parser("fit")
    f.add_argument("labels", nargs="+")
    f.add_argument("--held", required=True, help="labels of other openings: held-out loss")
    f.add_argument("--lam", type=float, default=1.0, help="pull towards the start tables")
    f.add_argument("--steps", type=int, default=3000)
    f.add_argument("--freeze", default="", help="types (letters of KABNRCP) kept as they start")
    f.add_argument("--out", help="write the fitted tables here")
    lo = sub.add_parser("loss")
    lo.add_argument("tables")
    lo.add_argument("labels", nargs="+")
    a = ap.parse_args(argv)
    try:
        if a.cmd == "loss":
            lay = Layout(load_pst(Path(a.tables)))
            X, y = lay.features(read_rows(a.labels))
            print(f"{len(y)} rows: loss {loss(X, y, lay.w0, best_k(X, y, lay.w0)) * 1e4:.2f}")
            return 0
        if set(a.freeze) - set(TYPE_NAMES):
            raise ValueError(f"--freeze wants letters of {TYPE_NAMES}, got {a.freeze!r}")
        lay = Layout(reweighted_pst())
        held = read_rows([a.held])
        held_fens = {fen for fen, _ in held}
        X, y = lay.features([r for r in read_rows(a.labels) if r[0] not in held_fens])
        hX, hy = lay.features(held)
        frozen = np.array([TYPE_NAMES[t] in a.freeze for t, _ in lay.classes])
        k = best_k(X, y, lay.w0)
        w = fit_weights(X, y, lay.w0, k, a.lam, a.steps, frozen)
        tables = lay.tables(w)
        wr = np.array([tables[t][c] for t, c in lay.classes], float)
        report = [
            f"{len(y)} fitted rows, {len(hy)} held out; k {k:.6f} (the start's), lam {a.lam:g}, "
            f"{a.steps} steps" + (f", {a.freeze} frozen" if a.freeze else ""),
            f"loss x 1e4  start: fit {loss(X, y, lay.w0, k) * 1e4:.2f}, held {loss(hX, hy, lay.w0, k) * 1e4:.2f}"
            f"  (held at its own k {loss(hX, hy, lay.w0, best_k(hX, hy, lay.w0)) * 1e4:.2f})",
            f"            fitted: fit {loss(X, y, w, k) * 1e4:.2f}, held {loss(hX, hy, w, k) * 1e4:.2f}",
            f"            rounded: fit {loss(X, y, wr, k) * 1e4:.2f}, held {loss(hX, hy, wr, k) * 1e4:.2f}"
            f"  (held at its own k {loss(hX, hy, wr, best_k(hX, hy, wr)) * 1e4:.2f})",
        ]
        for t in range(7):
            sel = [i for i, (tt, _) in enumerate(lay.classes) if tt == t]
            report.append(f"  {TYPE_NAMES[t]}: lowest {min(wr[sel]):.0f} (start {min(lay.w0[sel]):.0f}),"
                          f" highest {max(wr[sel]):.0f} (start {max(lay.w0[sel]):.0f}),"
                          f" mean change {np.mean(np.abs(wr[sel] - lay.w0[sel])):.1f}")
        print("\n".join(report))
        if a.out:
            write_tables(a.out, tables, HEADER + [
                "Made by (tools/lab/pst_fit.py: its docstring says how):",
                "  python tools/lab/pst_fit.py fit " + " ".join(a.labels) +
                f" --held {a.held} --lam {a.lam:g} --steps {a.steps}" +
                (f" --freeze {a.freeze}" if a.freeze else "") + f" --out {a.out}",
                "which printed:"] + ["  " + line for line in report])
        return 0
    except (ValueError, OSError) as exc:
        print(f"pst_fit: {exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
