"""Screen evaluation terms against Fairy-Stockfish's evaluation (docs/journal.md,
"Evaluation terms against Fairy-Stockfish").

    python tools/lab/eval_fit.py gen N SEED OUT.txt       # N positions of twin games
    python tools/lab/eval_fit.py label IN.txt OUT.txt [--depth 12] [-j 2]
    python tools/lab/eval_fit.py gen N SEED OUT.txt --part fit|held  # from the tuning half
    python tools/lab/eval_fit.py fit LABELS.txt [FEATURE[,FEATURE...] ...] [--held HELD.txt]
                                 [--tables A,B,H,R,C,P,S]

gen plays games from the tuning half of the held-out openings (`--openings tune`,
assets/openings_tune.txt; the judging half is refused: it never enters a fit) with the
twin at level 2 and one random move in eight; `--part fit` takes the openings i % 4 != 0
(in file order), `--part held` the others, so a held-out label file shares no opening
and no game with the fitted one. It keeps about one position in three after the
fourth ply. label keeps the quiet ones (side to move not in check, the quiescence's
value equal to the static evaluation) and asks `fairy-stockfish` for its score at a
fixed depth (centipawns, side to move; mate scores are dropped), one `FEN ; cp` a line
(tests/data/fsf_eval_labels.txt is such a file). fit minimises the
mean squared difference between sigmoid(fsf / 400) and sigmoid(k (eval + b + w . f))
over k, b and a weight per feature (Rprop), on all rows and 2-fold cross-validated,
and prints the weights in the evaluation's units; with --held, the loss of those weights
on a held-out label file too: a feature whose cross-validated
loss is clearly below the evaluation's alone predicts Fairy-Stockfish's score. The
evaluation is the twin's (pyharness.reference.eval.Evaluator.default()); feature
values are own minus enemy's, from the side to move. --tables fits a re-weighting of
the published tables instead of the engine's tables (eval.tune_pst): material
of advisor, bishop, horse, rook, cannon and pawn, and the positional part's scale in %.
A static fit is a screen, not evidence: a term is kept only after a match (docs/journal.md).
"""
from __future__ import annotations

import argparse
import random
import sys
from concurrent.futures import ProcessPoolExecutor

from pyharness.match.runner import load_openings
from pyharness.reference.assets import load_pst
from pyharness.reference.board import ADVISOR, BISHOP, CANNON, KNIGHT, PAWN, PIECE_TYPES, ROOK
from pyharness.reference.eval import Evaluator
from pyharness.reference.lfsr import Lfsr
from pyharness.reference.position import Position
from pyharness.reference.search import Searcher, think
from pyharness.reference.search_types import SearchLimits

INF = 20000
SCALE = 400.0          # centipawns of Fairy-Stockfish per unit of the sigmoid's argument


#: the parts of a held-out opening set: opening i (in file order) belongs to "held" when
#: i % HELD_EVERY == 0, else to "fit"; the two parts share no opening and no game
HELD_EVERY = 4


def part_openings(openings: str, part: str) -> list[str]:
    """The FENs of `openings` ("tune", never "judge": see the module's docstring) in
    `part` ("fit", "held" or "all")."""
    if openings == "judge":
        raise ValueError("the judging half never enters a fit (docs/match.md)")
    ops = [o.fen for o in load_openings(openings)]
    if part == "all":
        return ops
    return [f for i, f in enumerate(ops) if (i % HELD_EVERY == 0) == (part == "held")]


def gen(n: int, seed: int, path: str, openings: str = "tune", part: str = "all") -> None:
    """`n` positions of twin games from the openings of `part` into `path`, one FEN a line."""
    rng = random.Random(seed)
    ops = part_openings(openings, part)
    fens: list[str] = []
    g = seed
    while len(fens) < n:
        pos = Position.from_fen(ops[g % len(ops)])
        g += 1
        for ply in range(160):
            moves = pos.legal_moves()
            if not moves:
                break
            if ply >= 4 and rng.random() < 0.3:
                fens.append(pos.fen())
            if rng.random() < 0.12:
                mv = rng.choice(moves)
            else:
                mv = think(pos, level=2, seed=rng.randrange(1, 65535), use_book=False).best_move
            pos.push(mv)
    with open(path, "w") as f:
        f.writelines(fen + "\n" for fen in fens[:n])


def quiet(fen: str) -> bool:
    """Not in check, and the quiescence adds nothing to the static evaluation."""
    pos = Position.from_fen(fen)
    if pos.in_check():
        return False
    s = Searcher(pos, SearchLimits(depth=1), Lfsr.seeded(1))
    return s.qsearch(-INF, INF, 0) == s.evaluate()


_ENGINE = None
#: seconds a labelling search may take (a match's bound is uci.search_timeout)
LABEL_TIMEOUT = 120.0


def _label(job: tuple[str, int]) -> dict | None:
    global _ENGINE
    fen, depth = job
    if not quiet(fen):
        return None
    if _ENGINE is None:
        from pyharness.match.uci import UciEngine
        _ENGINE = UciEngine()
    _ENGINE.new_game()                  # each score on an empty hash: reproducible
    # a niced engine on a shared machine is slow: a longer bound than a match's
    r = _ENGINE.best_move(fen, depth=depth, timeout=LABEL_TIMEOUT)
    return None if r.score_cp is None else {"fen": fen, "fsf": r.score_cp}


def label(inp: str, out: str, depth: int, jobs: int) -> None:
    """Fairy-Stockfish's score of every quiet position of `inp`."""
    fens = sorted({line.strip() for line in open(inp) if line.strip()})
    rows = 0
    with ProcessPoolExecutor(jobs) as ex, open(out, "w") as f:
        for r in ex.map(_label, [(fen, depth) for fen in fens], chunksize=20):
            if r:                       # written as they come: a cut-off run still counts
                f.write(f"{r['fen']} ; {r['fsf']}\n")
                f.flush()
                rows += 1
    print(f"{len(fens)} positions, {rows} quiet and labelled at depth {depth}")


def read_labels(path: str) -> list[tuple[str, int]]:
    """(FEN, centipawns) of a label file: `FEN ; cp` lines, # comments."""
    out = []
    for no, line in enumerate(open(path), 1):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        fen, _, cp = line.rpartition(";")
        try:
            out.append((fen.strip(), int(cp)))
        except ValueError:
            raise ValueError(f"{path}:{no}: want `FEN ; centipawns`, got {line[:60]!r}") from None
    return out


# ---- features (one side's count; the fit takes own minus enemy's)
def _count(types):
    return lambda pos, s: sum(1 for i in range(16)
                              if pos.piece_sq[16 * s + i] and PIECE_TYPES[i] in types)


def _guards_attack(pos: Position, s: int) -> tuple[int, int]:
    """(advisors + bishops, attack units: 2 a rook, 1 a horse or a cannon) of side s."""
    g = a = 0
    for i in range(16):
        if pos.piece_sq[16 * s + i]:
            t = PIECE_TYPES[i]
            g += t in (ADVISOR, BISHOP)
            a += {KNIGHT: 1, ROOK: 2, CANNON: 1}.get(t, 0)
    return g, a


def f_guard(pos: Position, s: int) -> int:
    """Own advisors and bishops x the enemy's attack units (journal.md: the guard term)."""
    return _guards_attack(pos, s)[0] * _guards_attack(pos, s ^ 1)[1]


def f_crossed(pos: Position, s: int) -> int:
    """Pawns across the river."""
    return sum(1 for i in range(11, 16) if pos.piece_sq[16 * s + i]
               and ((pos.piece_sq[16 * s + i] >> 4) <= 7 if s == 0
                    else (pos.piece_sq[16 * s + i] >> 4) >= 8))


def f_horse_legs(pos: Position, s: int) -> int:
    """Empty leg squares of the own horses."""
    b = pos.board
    return sum(b[sq + d] == 0 for i in (5, 6) if (sq := pos.piece_sq[16 * s + i])
               for d in (-16, 16, -1, 1))


def f_rook_mob(pos: Position, s: int) -> int:
    """Empty squares the own rooks reach."""
    b, n = pos.board, 0
    for i in (7, 8):
        sq = pos.piece_sq[16 * s + i]
        for d in (-16, 16, -1, 1) if sq else ():
            x = sq + d
            while b[x] == 0:
                n, x = n + 1, x + d
    return n


def f_hollow(pos: Position, s: int) -> int:
    """Own cannons facing the enemy king along a file with nothing between."""
    b, k, n = pos.board, pos.piece_sq[16 * (s ^ 1)], 0
    for i in (9, 10):
        sq = pos.piece_sq[16 * s + i]
        if sq and (sq & 15) == (k & 15):
            d = 16 if k > sq else -16
            x = sq + d
            while b[x] == 0:
                x += d
            n += x == k
    return n


def f_bottom(pos: Position, s: int) -> int:
    """Own cannons on the enemy's back rank (the engine's bottom_cannon term)."""
    row = 0x3 if s == 0 else 0xC
    return sum(1 for i in (9, 10) if (sq := pos.piece_sq[16 * s + i]) and sq >> 4 == row)


def _attackers_left(pos: Position) -> int:
    """Rooks, horses and cannons of both sides on the board (12 at the start)."""
    return sum(1 for p in range(32) if pos.piece_sq[p] and PIECE_TYPES[p & 15] in
               (ROOK, KNIGHT, CANNON))


def _late(types):
    """A type's count x the attackers gone from the board (0 at the start, 12 at the end):
    what the type gains (weight > 0) or loses as the board empties."""
    count = _count(types)
    return lambda pos, s: count(pos, s) * (12 - _attackers_left(pos))


FEATURES = {"guard": f_guard, "bottom": f_bottom, "crossed": f_crossed, "horse_legs": f_horse_legs,
            "rook_mob": f_rook_mob, "hollow": f_hollow,
            "n_rook": _count((ROOK,)), "n_horse": _count((KNIGHT,)),
            "n_cannon": _count((CANNON,)), "n_guards": _count((ADVISOR, BISHOP)),
            "n_pawn": _count((PAWN,)),
            "late_horse": _late((KNIGHT,)), "late_cannon": _late((CANNON,)),
            "late_rook": _late((ROOK,)), "late_pawn": _late((PAWN,)),
            "late_guards": _late((ADVISOR, BISHOP))}


def use_tables(spec: str) -> Evaluator:
    """An Evaluator of the published tables re-weighted by `spec` (--tables)."""
    from pyharness.reference import eval as ev
    try:
        a, b, h, r, c, p, scale = (int(v) for v in spec.split(","))
    except ValueError:
        raise ValueError(f"--tables wants seven integers A,B,H,R,C,P,S, got {spec!r}") from None
    material = {ADVISOR: a, BISHOP: b, KNIGHT: h, ROOK: r, CANNON: c, PAWN: p}
    tables = ev.tune_pst(load_pst(), material, scale)   # outside 1..255: ValueError
    return Evaluator(tables, ev.RootTables.default(tables))   # the engine's root recipe


def fit(path: str, sets: list[list[str]], held: str | None = None,
        evaluator: Evaluator | None = None) -> None:
    """The logistic fit of each feature set (see the module's docstring); with `held`,
    a second label file (positions of other openings and games) scored by the weights
    fitted on `path`: the held-out loss."""
    import numpy as np

    def load(p):
        rows = read_labels(p)
        y = 1 / (1 + np.exp(-np.array([cp for _, cp in rows], float) / SCALE))
        poss = [Position.from_fen(fen) for fen, _ in rows]
        x0 = np.array([ev.evaluate(q.piece_sq, q.side) for q in poss], float)
        return y, poss, x0

    def feats(poss, names):
        return np.array([[FEATURES[k](q, q.side) - FEATURES[k](q, q.side ^ 1) for k in names]
                         for q in poss], float).reshape(len(poss), len(names))

    ev = evaluator or Evaluator.default()
    y, poss, x0 = load(path)
    hy = hposs = hx0 = None
    if held:
        hy, hposs, hx0 = load(held)
    n = len(y)
    idx = np.arange(n)
    np.random.default_rng(1).shuffle(idx)
    halves = (idx[: n // 2], idx[n // 2:])
    print(f"{n} labelled positions ({path})" + (f", {len(hy)} held out ({held})" if held else ""))
    for names in sets:
        F = feats(poss, names)

        def model(p, sel, F=F, x0=x0):
            return p[0] * (x0[sel] + p[1] + F[sel] @ p[2:])

        def loss(p, sel, F=F, x0=x0, y=y):
            return float(np.mean((1 / (1 + np.exp(-model(p, sel, F, x0))) - y[sel]) ** 2))

        def train(sel):
            p = np.zeros(2 + len(names))
            p[0] = 0.01
            step = np.full_like(p, 0.5)
            step[0] = 0.001
            prev = np.zeros_like(p)
            for _ in range(3000):
                z = model(p, sel)
                sg = 1 / (1 + np.exp(-z))
                d = (sg - y[sel]) * sg * (1 - sg)
                g = np.concatenate(([np.mean(d * z / p[0])], [np.mean(d * p[0])],
                                    (d * p[0]) @ F[sel] / len(sel)))
                sign = np.sign(g) * np.sign(prev)
                step = np.where(sign > 0, step * 1.2, np.where(sign < 0, step * 0.5, step))
                p -= np.sign(g) * step
                prev = np.where(sign < 0, 0, g)
            return p
        p = train(idx)
        cv = sum(loss(train(a), b) * len(b) for a, b in (halves, halves[::-1])) / n
        text = (f"  {'+'.join(names) or '(the evaluation alone)':40s} loss {loss(p, idx) * 1e4:6.2f}"
                f"  cv {cv * 1e4:6.2f}")
        if held:
            hF = feats(hposs, names)
            hsel = np.arange(len(hy))
            text += f"  held-out {loss(p, hsel, hF, hx0, hy) * 1e4:6.2f}"
            text += f"  (fires: {int(np.count_nonzero(F))}/{n} fit, {int(np.count_nonzero(hF))}/{len(hy)} held)"
        print(text + "  " + ", ".join(f"{k} {p[i + 2]:.2f}" for i, k in enumerate(names)),
              flush=True)


def main() -> int:
    """Run the tool."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("n", type=int)
    g.add_argument("seed", type=int)
    g.add_argument("out")
    g.add_argument("--openings", default="tune", help="an opening set (tune; never judge)")
    g.add_argument("--part", choices=("fit", "held", "all"), default="all",
                   help="the openings i %% 4 != 0 (fit) or == 0 (held), or all")
    lab = sub.add_parser("label")
    lab.add_argument("inp")
    lab.add_argument("out")
    lab.add_argument("--depth", type=int, default=12)
    lab.add_argument("-j", "--jobs", type=int, default=2)
    f = sub.add_parser("fit")
    f.add_argument("labels")
    f.add_argument("sets", nargs="*", help="comma-separated feature names: " + ", ".join(FEATURES))
    f.add_argument("--held", help="a second label file (other openings): the held-out loss")
    f.add_argument("--tables", help="A,B,H,R,C,P,S: material of advisor, bishop, horse, "
                   "rook, cannon, pawn and the positional part's scale in %%")
    a = ap.parse_args()
    try:
        if a.cmd == "gen":
            gen(a.n, a.seed, a.out, a.openings, a.part)
        elif a.cmd == "label":
            label(a.inp, a.out, a.depth, a.jobs)
        else:
            sets = [s.split(",") if s else [] for s in ([""] + a.sets)]
            unknown = {k for s in sets for k in s} - set(FEATURES)
            if unknown:
                print(f"eval_fit: unknown feature(s) {', '.join(sorted(unknown))}; "
                      f"known: {', '.join(FEATURES)}", file=sys.stderr)
                return 2
            fit(a.labels, sets, a.held, use_tables(a.tables) if a.tables else None)
    except (OSError, ValueError) as exc:
        print(f"eval_fit: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
