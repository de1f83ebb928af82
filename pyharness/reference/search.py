"""The reference search: the exact twin the 6502 search copies (docs/search.md).

Iterative deepening; negamax alpha-beta with principal-variation search (fail-soft);
null-move pruning (R = 2; off by default); quiescence on captures (all evasions in check);
check extension; ordering by hash move, MVV/LVA, two killers a ply, history; mate scores
by distance; repetition judged in the path and the game record (perpetual check loses);
a 256-entry transposition table; root noise from a 16-bit LFSR; opening book.

Every rule here is written down in docs/search.md; when you change one, change both.
Entry point: think(). The constants are in search_consts.py (re-exported here), make/unmake
and the repetition test in search_path.py, move ordering in ordering.py.
"""
from __future__ import annotations

from typing import Callable, Iterable, Sequence

from .board import PAWN, PIECE_TYPES, side_tag
from .book import Book, default_book
from .eval import Evaluator
from .levels import MAX_DEPTH, get_level, level_count, level_depth, model_clock, node_frames
from .lfsr import Lfsr
from .position import Move, Position
from .tt import FLAG_EXACT, FLAG_LOWER, FLAG_UPPER, TranspositionTable
from .ordering import OrderingMixin
from .plan import IterationPlan, recapture_depth, stopped_answer  # noqa: F401 (re-exported)
from .search_consts import (  # noqa: F401  (re-exported: search.MATE ...)
    MATE, BAN, WIN, INF, DRAW, MAX_PLY,
    POLL_MASK, HIST_MAX_INC, DRAW_PLIES, HALFMOVE_MAX, PV_PLIES, MOVE_STACK_CAP,
    GEN_RESERVE, NULL_R, NULL_MIN_DEPTH, NULL_MAJORS, LMR_MIN_DEPTH, LMR_MIN_MOVE,
    LMR_DEEP_MOVE, LMR_DEEP_DEPTH, RULE_LMR_DEEP,
    IIR_MIN_DEPTH, QS_DELTA, RECAP_MIN_DEPTH, RECAP_DEPTH,
    RULE_IIR, RULE_DELTA, RULE_RFP, RFP_MAX_DEPTH, RFP_MARGIN,
    RULE_QS_RECAP, QS_RECAP_PLY, RULE_QS_SEE,
    RULE_BAD_CAPS, KEY_BAD_CAPTURE,
    RULE_EXT_LIMIT, CHECK_EXT_MIN_DEPTH,
    MVV_LVA_VALUE, KEY_HASH, KEY_CAPTURE, KEY_KILLER1, KEY_KILLER2)
from .search_path import PathMixin
from .search_types import (SearchInputError, SearchLimits,  # noqa: F401
                           SearchResult, SearchRules)
from .zobrist import default_keys, piece_kind, position_key


def quiet_checks(pos: Position) -> list[Move]:
    """The legal quiet moves of the side to move that give check, by (from, to): the
    horizon's list of the rule `qs_checks` (an order a generator of them from the king
    can sort its list into, docs/journal.md)."""
    board = pos.board
    checks = []
    for m in pos.legal_moves():
        if board[m.to] == 0:
            pos.push(m)
            if pos.in_check():
                checks.append(m)
            pos.pop()
    checks.sort(key=lambda m: (m.frm, m.to))
    return checks


class Searcher(PathMixin, OrderingMixin):
    """One search over one position copy; holds the per-ply state of docs/search.md."""

    def __init__(self, pos: Position, limits: SearchLimits, lfsr: Lfsr,
                 evaluator: Evaluator | None = None, use_tt: bool = True,
                 game_keys: Sequence[int] = (), game_checks: Sequence[bool] = (),
                 game_captures: Sequence[bool] = (), trace: list | None = None):
        self.pos = pos
        self.trace = trace
        self.limits = limits
        self.rules = limits.rules
        self.lfsr = lfsr
        self.ev = evaluator or Evaluator.default()
        self.use_tt = use_tt
        self.tt = TranspositionTable()
        keys = default_keys()
        self.zside = keys.side
        self.zrow = [keys.piece[piece_kind(p)] for p in range(32)]
        self.prow = self.ev.rows(pos.piece_sq)    # tables chosen at the root
        self.killers = [[None, None] for _ in range(MAX_PLY + 1)]
        self.history = [bytearray(256) for _ in range(7)]   # by piece type, both sides
        self.pv = [[] for _ in range(MAX_PLY + 2)]
        self.base = [0] * (MAX_PLY + 2)     # move-stack base of each ply's list
        self.nodes = 0
        self.stopped = False
        self.root_list: list[Move] = []     # the root's move list (pick() sorts it in place)
        self.root_best = -INF                # the root's best completed value (fr_sl[0])
        self.start_frame = limits.clock() if limits.clock else 0
        # position record: game positions then the search path; index n = current
        self.keys = list(game_keys) + [position_key(pos.piece_sq, pos.side)]
        self.checks = list(game_checks) + [pos.in_check()]
        self.captures = list(game_captures) + [False]
        self.halfmoves = [min(pos.halfmove, HALFMOVE_MAX)]
        self.nulls = [False]                 # record entries reached by a null move
        self.null_tries = self.null_cuts = 0
        self.lmr_tries = self.lmr_deep_tries = 0  # late-move reductions (by one ply, by two)
        self.iir_tries = 0                   # nodes reduced for want of a hash move
        self.rfp_cuts = 0                    # nodes cut by reverse futility pruning
        self.see_skips = 0                   # qsearch captures of defended cheaper victims skipped
        self.bad_captures = 0                # search() captures keyed KEY_BAD_CAPTURE
        self.ext_cuts = 0                    # nodes in check not extended (ext_limit)
        self.qs_start = 0                    # ply of the last search() -> qsearch() call
        self.delta_skips = 0                 # qsearch captures skipped by delta pruning
        self.recapture_sq = 0                # the last game move's target, if it captured
        self.sums = self.ev.side_sums(pos.piece_sq, self.prow)
        self.sum_stack: list[tuple[int, int]] = []

    # ------------------------------------------------------------------ search

    def search(self, depth: int, alpha: int, beta: int, ply: int) -> int:
        """Negamax PVS; returns a fail-soft score for the side to move."""
        self.pv[ply] = []
        if self.stopped:
            return 0
        if ply > 0:
            rep = self.repetition(ply)
            if rep is not None:
                return rep
            if self.halfmoves[-1] >= DRAW_PLIES:
                return DRAW
        if ply >= MAX_PLY:
            return self.evaluate()
        in_check = self.checks[-1]
        if in_check:                         # check extension (not at depth 1 with ext_limit)
            if depth >= CHECK_EXT_MIN_DEPTH or not self.rules.ext_limit:
                depth += 1
            else:
                self.ext_cuts += 1
        if depth <= 0:
            self.qs_start = ply              # the horizon: qsearch plies count from here
            return self.qsearch(alpha, beta, ply)
        key = self.keys[-1]
        hash_move = None
        if self.use_tt:
            e = self.tt.probe(key)
            if e is not None:
                if e.frm:
                    hash_move = Move(e.frm, e.to)
                if ply > 0 and e.depth >= depth:
                    s = e.score
                    if s > WIN:
                        s -= ply
                    elif s < -WIN:
                        s += ply
                    if (e.flag == FLAG_EXACT or (e.flag == FLAG_LOWER and s >= beta)
                            or (e.flag == FLAG_UPPER and s <= alpha)):
                        self.tt.stats.cutoffs += 1
                        return s
        if (hash_move is None and self.rules.iir and ply > 0 and not in_check
                and depth >= IIR_MIN_DEPTH):
            depth -= 1                       # internal iterative reduction
            self.iir_tries += 1
        if (self.rules.rfp and ply > 0 and not in_check and depth <= RFP_MAX_DEPTH
                and -WIN < beta < WIN):
            stand = self.evaluate()          # reverse futility pruning
            if stand - RFP_MARGIN * depth >= beta:
                self.rfp_cuts += 1
                return stand
        if self.null_ok(depth, beta, ply, in_check):
            self.null_tries += 1
            self.base[ply + 1] = self.base[ply]
            self.make_null()
            v = -self.search(depth - 1 - NULL_R, -beta, 1 - beta, ply + 1)
            self.unmake_null()
            if self.stopped:
                return 0
            if v >= beta:
                self.null_cuts += 1
                return beta
        if self.base[ply] + GEN_RESERVE > MOVE_STACK_CAP:
            return self.evaluate()
        moves = self.pos.legal_moves()
        if not moves:
            return ply - MATE
        self.base[ply + 1] = self.base[ply] + len(moves)
        keys = self.order_keys(moves, ply, hash_move, True, (pending := set()))
        orig_alpha = alpha
        best = -INF
        if ply == 0:
            self.root_list = moves           # iterate() reads it after a stop
            self.root_best = best
        best_move = None
        mask = self.limits.noise_mask if ply == 0 else 0
        board = self.pos.board
        lmr = self.rules.lmr and depth >= self.rules.lmr_depth and not in_check
        for i in range(len(moves)):
            move = self.pick_search(moves, keys, i, pending)
            quiet = board[move.to] == 0
            noise = self.lfsr.noise(mask)
            self.make(move)
            a, b = alpha - noise, beta - noise
            if i == 0:
                v = noise - self.search(depth - 1, -b, -a, ply + 1)
            else:
                full = True
                if (lmr and i >= self.rules.lmr_move and keys[i] < KEY_BAD_CAPTURE
                        and not self.checks[-1]):
                    # a late quiet move (history key: no capture, not a killer) that
                    # gives no check: one ply less first (two for a very late one)
                    self.lmr_tries += 1
                    deep = int(self.rules.lmr_deep and i >= LMR_DEEP_MOVE
                               and depth >= LMR_DEEP_DEPTH)
                    self.lmr_deep_tries += deep
                    v = noise - self.search(depth - 2 - deep, -a - 1, -a, ply + 1)
                    full = v > alpha and not self.stopped
                if full:
                    v = noise - self.search(depth - 1, -a - 1, -a, ply + 1)
                if alpha < v < beta and not self.stopped:
                    v = noise - self.search(depth - 1, -b, -a, ply + 1)
            self.unmake()
            if self.stopped:
                return 0
            if v > best:
                best = v
                if ply == 0:
                    self.root_best = v
                if v > alpha:
                    alpha = v
                    best_move = move
                    if ply < PV_PLIES:
                        self.pv[ply] = ([move] + self.pv[ply + 1])[:PV_PLIES - ply]
                    if v >= beta:
                        if quiet:
                            self.reward(move, depth, ply)
                        break
        if self.use_tt and not (WIN < abs(best) <= BAN):
            flag = (FLAG_LOWER if best >= beta else
                    FLAG_EXACT if best > orig_alpha else FLAG_UPPER)
            s = best + ply if best > WIN else best - ply if best < -WIN else best
            if best_move is None:
                self.tt.store(key, depth, s, flag, 0, 0, self.rules.tt_deep)
            else:
                self.tt.store(key, depth, s, flag, best_move.frm, best_move.to,
                              self.rules.tt_deep)
        return best

    def defended(self, sq: int) -> bool:
        """The qsearch's defender test of `sq` (a capture's target, before the move): the
        opponent of the side to move attacks it (Position.square_attacked: rooks, cannons,
        horses, pawns, the king along its file), or an opponent's pawn stands beside it
        on either half (the asm's pos_attacked tests sideways pawns without the river)."""
        pos = self.pos
        opp = side_tag(pos.side ^ 1)
        b = pos.board
        for t in (sq - 1, sq + 1):
            v = b[t]
            if v & 0x30 == opp and PIECE_TYPES[v & 15] == PAWN:
                return True
        return pos.square_attacked(sq, pos.side ^ 1)

    def qsearch(self, alpha: int, beta: int, ply: int) -> int:
        """Quiescence: stand pat and captures; every evasion when in check."""
        self.pv[ply] = []
        if self.stopped:
            return 0
        if ply >= MAX_PLY:
            return self.evaluate()
        board = self.pos.board
        if self.base[ply] + GEN_RESERVE > MOVE_STACK_CAP:
            return self.evaluate()
        if self.checks[-1]:
            moves = self.pos.legal_moves()
            if not moves:
                return ply - MATE
            best = -MATE
            keys = self.order_keys(moves, ply, None, False)
        else:
            stand = self.evaluate()
            if stand >= beta or not self.limits.quiesce:
                return stand
            best = stand
            if stand > alpha:
                alpha = stand
            moves = self.pos.legal_captures()
            if self.rules.qs_checks and ply == self.qs_start:
                moves += quiet_checks(self.pos)
            if self.rules.qs_recap and ply - self.qs_start >= QS_RECAP_PLY:
                last_to = self.pos.last_move_to()    # deep: recaptures only
                moves = [m for m in moves if m.to == last_to]
            keys = self.order_keys(moves, ply, None, False)
        self.base[ply + 1] = self.base[ply] + len(moves)
        # delta pruning: out of check, a capture whose victim's value cannot lift the
        # stand-pat score above alpha (with QS_DELTA to spare) is not searched (not
        # made, not a node); alpha is the current one (raised by earlier captures)
        delta = self.rules.qs_delta and not self.checks[-1]
        # out of check, a capture of a victim worth less (MVV_LVA_VALUE) than its taker
        # onto a square the opponent defends (defended(), before the move) is not
        # searched (not made, not a node): it loses material unless the position holds more
        see = self.rules.qs_see and not self.checks[-1]
        for i in range(len(moves)):
            move = self.pick(moves, keys, i)
            if see and (MVV_LVA_VALUE[PIECE_TYPES[board[move.to] & 15]]
                        < MVV_LVA_VALUE[PIECE_TYPES[board[move.frm] & 15]]
                        and self.defended(move.to)):
                self.see_skips += 1
                continue
            if delta and board[move.to]:             # (a horizon check is no capture)
                victim = board[move.to] - 16
                value = self.prow[victim][move.to if victim < 16 else 254 - move.to]
                if stand + value + QS_DELTA <= alpha:
                    self.delta_skips += 1
                    continue
            self.make(move)
            v = -self.qsearch(-beta, -alpha, ply + 1)
            self.unmake()
            if self.stopped:
                return 0
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if v >= beta:
                        break
        return best

    # ------------------------------------------------------------------ driver

    def iterate(self) -> SearchResult:
        """Iterative deepening from depth 1 to limits.depth; see docs/search.md."""
        result = SearchResult(None, 0, 0, 0)
        root_moves = self.pos.legal_moves()
        if not root_moves:
            result.score = -MATE
            return result
        if len(root_moves) == 1:
            result.best_move = root_moves[0]
            result.pv = [root_moves[0]]
            return result
        plan = IterationPlan(self.limits.frames, self.rules.plan_changed,
                             self.rules.plan_kept) if (
            self.rules.time_manage and self.limits.frames and self.limits.clock) else None
        recap_depth = recapture_depth(self.limits.depth)
        for depth in range(1, self.limits.depth + 1):
            if depth > 1 and plan is not None and not plan.next_fits(
                    (self.limits.clock() - self.start_frame) & 0xFFFF, not same):
                result.skipped = True
                break
            score = self.search(depth, -INF, INF, 0)
            if self.stopped:
                result.stopped = True
                if depth == 1:
                    stopped_answer(result, self.pv[0], self.root_best, self.root_list)
                elif self.rules.partial and self.root_best > -INF:
                    # a root move completed at this depth: pv[0] is the best of them
                    result.best_move, result.score = self.pv[0][0], self.root_best
                    result.pv = list(self.pv[0])
                break
            same = result.best_move == self.pv[0][0]
            result.best_move = self.pv[0][0]
            result.score = score
            result.depth = depth
            result.pv = list(self.pv[0])
            result.iterations.append((depth, score, self.nodes, self.pv[0][0].iccs()))
            if abs(score) > WIN:
                break
            if (plan is not None and self.rules.recapture and same
                    and depth >= recap_depth and depth < self.limits.depth
                    and result.best_move.to == self.recapture_sq):
                # the recapture of the piece that just captured was best twice in a row
                result.skipped = result.recaptured = True
                break
        if (self.limits.slip and result.best_move is not None
                and self.lfsr.next_byte() < self.limits.slip):
            slip = root_moves[self.lfsr.next_byte() % len(root_moves)]
            result.best_move = slip
            result.pv = [slip]
        result.nodes = self.nodes
        st = self.tt.stats
        result.tt_probes, result.tt_hits, result.tt_cutoffs = st.probes, st.hits, st.cutoffs
        result.null_tries, result.null_cuts = self.null_tries, self.null_cuts
        result.lmr_tries = self.lmr_tries
        result.iir_tries, result.delta_skips = self.iir_tries, self.delta_skips
        result.rfp_cuts = self.rfp_cuts
        result.see_skips = self.see_skips
        result.bad_captures = self.bad_captures
        result.lmr_deep_tries, result.ext_cuts = self.lmr_deep_tries, self.ext_cuts
        return result


# ---------------------------------------------------------------------- think()


def game_record(position: Position, history_moves: Iterable[Move] = ()):
    """Keys, check flags and capture flags of the positions before `position`.

    Walks back `position`'s own undo stack (on a copy). `history_moves`, when given,
    must be the last moves of that stack (oldest first); SearchInputError otherwise.
    Returns three lists, oldest first, excluding `position` itself.
    """
    hist = list(history_moves)
    back = position.copy()
    popped: list[Move] = []
    while True:
        try:
            popped.append(back.pop())
        except IndexError:
            break
    if hist and popped[:len(hist)] != hist[::-1]:
        raise SearchInputError(
            "history_moves must be the moves that led to the position (its undo stack); "
            "push them on the position before calling think()")
    # replay forwards from the start, recording each position before the current one
    keys, checks, captures = [], [], []
    prev_capture = False
    for mv in reversed(popped):
        keys.append(position_key(back.piece_sq, back.side))
        checks.append(back.in_check())
        captures.append(prev_capture)
        prev_capture = back.board[mv.to] != 0
        back.push(mv)
    return keys, checks, captures, prev_capture


def think(position: Position, level: int | None = None, depth: int | None = None,
          seed: int = 0, nodes: int | None = None, frames: int | None = None,
          history_moves: Iterable[Move] = (), clock: Callable[[], int] | None = None,
          move_now: Callable[[], bool] | None = None, use_tt: bool = True,
          use_book: bool | None = None, book: Book | None = None,
          trace: list | None = None, rules: SearchRules = SearchRules(),
          evaluator: Evaluator | None = None) -> SearchResult:
    """Search `position` and return a SearchResult (best_move, score, depth, nodes, pv...).

    Give a `level` (1..levels.level_count(): depth, frame cap, noise, book and the rules
    the level switches on, from assets/levels.txt) or a fixed `depth`; `nodes` and
    `frames` add budgets (with `level`, `frames` overrides the level's cap). `seed`
    (0..65535) seeds the LFSR.
    Repetition is judged against the game record: `position`'s undo stack (push the
    game's moves on it); `history_moves`, when given, must match the tail of that stack.
    `clock` returns the frame counter; without one, a frame cap is measured on a model
    clock, levels.node_frames(nodes) (levels.model_clock: the rule `node_cycles` cycles a
    node, else the level's clock, else NODE_CYCLES_ESTIMATE), so ref levels
    stop about where the cartridge would and stay reproducible. `move_now` is the flag.
    `trace`, a list, receives (from, to, key, red_sum, black_sum) for every node in
    order: the node-by-node record to diff an asm trace against. `rules` are the rule
    switches (SearchRules: null move, reductions, pruning, time plan; the defaults are
    the shipped search). `use_tt=False` searches without the TT. `evaluator` replaces the
    engine's tables (Evaluator.default()): a lab's candidate, never the cartridge's. The
    caller's position is not modified.
    """
    if level is None and depth is None:
        raise SearchInputError(f"give a level (1..{level_count()}) or a depth")
    if not isinstance(rules, SearchRules):
        raise SearchInputError(f"rules must be a SearchRules, got {rules!r}")
    lv = get_level(level) if level is not None else None
    if lv is not None:
        rules = rules.with_level(lv.rules)
    lim = SearchLimits(rules=rules)
    lfsr = Lfsr.seeded(seed)
    book_on = False
    if lv is not None:
        lim.depth = level_depth(lv)
        lim.frames = lv.frames
        lim.noise_mask = lv.noise_mask
        lim.quiesce = lv.quiesce
        lim.slip = lv.slip
        book_on = lv.book
    if depth is not None:
        if not 1 <= depth <= MAX_DEPTH:
            raise SearchInputError(f"depth must be 1..{MAX_DEPTH}, got {depth}")
        lim.depth = depth
    if nodes is not None:
        if nodes < 0:
            raise SearchInputError(f"nodes must be >= 0, got {nodes}")
        lim.nodes = nodes
    if frames is not None:
        if not 0 <= frames <= 0xFFFF:
            raise SearchInputError(f"frames must be 0..65535, got {frames}")
        lim.frames = frames
    lim.clock = clock
    lim.move_now = move_now
    if use_book is not None:
        book_on = use_book
    pos = position.copy()
    keys, checks, captures, last_capture = game_record(pos, history_moves)
    if book_on:
        bk = book or default_book()
        mv = bk.choose(pos, lfsr)
        if mv is not None:
            return SearchResult(mv, 0, 0, 0, [mv], from_book=True)
    holder: list[Searcher] = []
    if lim.clock is None and lim.frames:
        # the frame-clock model: frames the NES would have spent on the nodes so far
        cycles = model_clock(level, rules.node_cycles)
        lim.clock = lambda: node_frames(holder[0].nodes, cycles) if holder else 0
    searcher = Searcher(pos, lim, lfsr, evaluator, use_tt=use_tt, game_keys=keys,
                        game_checks=checks, game_captures=captures, trace=trace)
    holder.append(searcher)
    searcher.captures[-1] = last_capture
    if last_capture:
        searcher.recapture_sq = pos.copy().pop().to
    return searcher.iterate()
