"""The search path of the reference search: make/unmake with the incremental key, eval
sums and record (the one place a node is counted), the null move, the static evaluation
and the repetition test (docs/search.md). A mixin of `search.Searcher`."""
from __future__ import annotations

from .eval import ADVANCED_VALUE
from .position import Move
from .search_consts import (BAN, DRAW, HALFMOVE_MAX, NULL_MAJORS, NULL_MIN_DEPTH,
                            POLL_MASK, WIN)


class PathMixin:
    """make/unmake, make_null/unmake_null, null_ok, evaluate, repetition."""

    # ------------------------------------------------------------------ make / unmake

    def make(self, move: Move) -> None:
        """Play `move`, update key/eval/record, count the node, poll the limits.

        This is the ONE place where a node is counted.
        """
        pos = self.pos
        frm, to = move.frm, move.to
        mover = pos.board[frm] - 16
        victim = pos.board[to]
        side = pos.side
        zr = self.zrow[mover]
        key = self.keys[-1] ^ zr[frm] ^ zr[to] ^ self.zside
        sums = self.sums
        self.sum_stack.append((sums[0], sums[1]))
        pr = self.prow[mover]
        if side == 0:
            sums[0] += pr[to] - pr[frm]
        else:
            sums[1] += pr[254 - to] - pr[254 - frm]
        if victim:
            v = victim - 16
            key ^= self.zrow[v][to]
            if v < 16:
                sums[0] -= self.prow[v][to]
            else:
                sums[1] -= self.prow[v][254 - to]
        pos.push(move)
        self.keys.append(key)
        self.captures.append(victim != 0)
        self.halfmoves.append(0 if victim else min(self.halfmoves[-1] + 1, HALFMOVE_MAX))
        self.checks.append(pos.in_check())
        self.nulls.append(False)
        self.nodes += 1
        if self.trace is not None:
            self.trace.append((frm, to, key, sums[0], sums[1]))
        lim = self.limits
        if lim.nodes and self.nodes >= lim.nodes:
            self.stopped = True
        elif (self.nodes & POLL_MASK) == 0:
            if lim.frames and lim.clock and \
                    ((lim.clock() - self.start_frame) & 0xFFFF) >= lim.frames:
                self.stopped = True
            elif lim.move_now and lim.move_now():
                self.stopped = True

    def unmake(self) -> None:
        """Undo the last make()."""
        self.pos.pop()
        self.keys.pop()
        self.captures.pop()
        self.halfmoves.pop()
        self.checks.pop()
        self.nulls.pop()
        s = self.sum_stack.pop()
        self.sums[0], self.sums[1] = s

    def make_null(self) -> None:
        """The null move: the side flips, key ^= side key, nothing moves; NOT a node.

        Its record entry counts as a capture (the repetition walk stops there and the
        100-ply counter restarts at 0), is not in check, and is marked as a null entry
        (no null move right after one).
        """
        self.pos.side ^= 1
        self.keys.append(self.keys[-1] ^ self.zside)
        self.captures.append(True)
        self.halfmoves.append(0)
        self.checks.append(False)
        self.nulls.append(True)

    def unmake_null(self) -> None:
        """Undo make_null()."""
        self.pos.side ^= 1
        self.keys.pop()
        self.captures.pop()
        self.halfmoves.pop()
        self.checks.pop()
        self.nulls.pop()

    def null_ok(self, depth: int, beta: int, ply: int, in_check: bool) -> bool:
        """May this search() node try a null move? (docs/search.md, null move)"""
        if not (self.rules.null_move and ply > 0 and not in_check
                and depth >= NULL_MIN_DEPTH and not self.nulls[-1] and -WIN <= beta < WIN):
            return False
        ps = self.pos.piece_sq
        first = 16 * self.pos.side
        return any(ps[first + i] for i in NULL_MAJORS)

    def evaluate(self) -> int:
        """Incremental evaluation for the side to move."""
        s = self.sums
        side = self.pos.side
        return s[side] - s[side ^ 1] + ADVANCED_VALUE

    # ------------------------------------------------------------------ repetition

    def repetition(self, ply: int) -> int | None:
        """Score of a repetition of the current position, or None (docs/search.md)."""
        keys, checks, captures = self.keys, self.checks, self.captures
        n = len(keys) - 1
        key = keys[n]
        own_all = opp_all = True      # own = side to move now
        k = n
        while k > 0 and not captures[k]:
            if (n - k) & 1:
                own_all = own_all and checks[k]
            else:
                opp_all = opp_all and checks[k]
            k -= 1
            if not (n - k) & 1 and keys[k] == key:
                if own_all and not opp_all:
                    return ply - BAN
                if opp_all and not own_all:
                    return BAN - ply
                return DRAW
        return None

