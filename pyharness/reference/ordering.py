"""Move ordering of the reference search: 8-bit keys (hash, MVV/LVA, killers, history),
the selection-sort pick and the killer/history reward (docs/search.md "ordering").
A mixin of `search.Searcher`."""
from __future__ import annotations

from .board import PIECE_TYPES
from .position import Move
from .search_consts import (HIST_MAX_INC, KEY_BAD_CAPTURE, KEY_CAPTURE, KEY_HASH,
                            KEY_KILLER1, KEY_KILLER2, MVV_LVA_VALUE)


class OrderingMixin:
    """order_keys, pick, pick_search, reward."""

    # ------------------------------------------------------------------ ordering

    def order_keys(self, moves: list[Move], ply: int, hash_move: Move | None,
                   use_killers: bool, pending: set[Move] | None = None) -> list[int]:
        """8-bit ordering keys: hash, MVV/LVA captures, killers, history >> 1. At a
        search() node (`use_killers`) with the bad-captures rule on, every capture of a
        victim worth less than its taker (other than the hash move) goes into `pending`
        with its MVV/LVA key: pick_search() tests it when a pick selects it."""
        board = self.pos.board
        k1, k2 = self.killers[ply] if use_killers else (None, None)
        bad = use_killers and self.rules.bad_caps and pending is not None
        # compare squares, not Move objects (a dataclass __eq__ a move costs a call)
        hf, ht = (hash_move.frm, hash_move.to) if hash_move is not None else (-1, -1)
        k1f, k1t = (k1.frm, k1.to) if k1 is not None else (-1, -1)
        k2f, k2t = (k2.frm, k2.to) if k2 is not None else (-1, -1)
        history = self.history
        out = []
        ap = out.append
        for m in moves:
            f = m.frm
            t = m.to
            victim = board[t]
            if t == ht and f == hf:
                ap(KEY_HASH)
            elif victim:
                vv = MVV_LVA_VALUE[PIECE_TYPES[victim & 15]]
                tv = MVV_LVA_VALUE[PIECE_TYPES[board[f] & 15]]
                if bad and vv < tv:
                    pending.add(m)
                ap(KEY_CAPTURE + 8 * (vv - 1) + 7 - tv)
            elif t == k1t and f == k1f:
                ap(KEY_KILLER1)
            elif t == k2t and f == k2f:
                ap(KEY_KILLER2)
            else:
                ap(history[PIECE_TYPES[(board[f] - 16) & 15]][t] >> 1)
        return out

    @staticmethod
    def pick(moves: list[Move], keys: list[int], i: int) -> Move:
        """Selection-sort step: swap the FIRST maximum of keys[i:] into place i."""
        best = i
        bk = keys[i]
        for j in range(i + 1, len(keys)):
            if keys[j] > bk:
                best, bk = j, keys[j]
        if best != i:
            moves[i], moves[best] = moves[best], moves[i]
            keys[i], keys[best] = keys[best], keys[i]
        return moves[i]

    def pick_search(self, moves: list[Move], keys: list[int], i: int,
                    pending: set[Move]) -> Move:
        """search()'s pick with the bad captures (docs/search.md "Move ordering"): when
        the first maximum of keys[i:] is a pending capture (order_keys), it leaves
        `pending`, and if the opponent defends its target (`defended`, on the node's
        board) it gets KEY_BAD_CAPTURE -- after the killers, before every quiet move, not
        reduced -- and the pick looks again. The sequence is the one of keying every
        such capture at node start (a lowered key only ever loses its place to keys
        that beat it anyway); the captures a cutoff never reaches are not tested."""
        while pending:
            best = i
            bk = keys[i]
            for j in range(i + 1, len(keys)):
                if keys[j] > bk:
                    best, bk = j, keys[j]
            m = moves[best]
            if m not in pending:
                break
            pending.discard(m)
            if not self.defended(m.to):
                break
            self.bad_captures += 1
            keys[best] = KEY_BAD_CAPTURE
        return self.pick(moves, keys, i)

    def reward(self, move: Move, depth: int, ply: int) -> None:
        """Killer and history update after a quiet move caused a beta cutoff."""
        k = self.killers[ply]
        if k[0] != move:
            k[1] = k[0]
            k[0] = move
        row = self.history[PIECE_TYPES[self.pos.board[move.frm] & 15]]
        inc = min(depth * depth, HIST_MAX_INC)
        if row[move.to] + inc > 255:
            for r in self.history:
                for sq in range(256):
                    r[sq] >>= 1
        row[move.to] += inc

