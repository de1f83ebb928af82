"""The transposition table: 256 entries of 7 bytes in PRG-RAM (docs/search.md, "TT")."""
from __future__ import annotations

from dataclasses import dataclass

TT_ENTRIES = 256
TT_MASK = TT_ENTRIES - 1
FLAG_EMPTY, FLAG_UPPER, FLAG_LOWER, FLAG_EXACT = 0, 1, 2, 3


@dataclass
class TTEntry:
    """One slot: 16-bit lock, move (from, to; 0, 0 = none), score, depth, flag."""

    lock: int = 0
    frm: int = 0
    to: int = 0
    score: int = 0
    depth: int = 0
    flag: int = FLAG_EMPTY


@dataclass
class TTStats:
    """Counters for the hit rate: probes, hits (lock matched), cutoffs, stores."""

    probes: int = 0
    hits: int = 0
    cutoffs: int = 0
    stores: int = 0

    @property
    def hit_rate(self) -> float:
        """hits / probes (0.0 before the first probe)."""
        return self.hits / self.probes if self.probes else 0.0


def tt_index(key: int) -> int:
    """Slot of a 32-bit key: its low 8 bits (key byte 0)."""
    return key & TT_MASK


def tt_lock(key: int) -> int:
    """Lock of a 32-bit key: its high 16 bits."""
    return key >> 16


class TranspositionTable:
    """Direct-mapped table; see store() for the replacement rule."""

    def __init__(self, entries: int = TT_ENTRIES):
        if entries != TT_ENTRIES:
            raise ValueError(f"the table has {TT_ENTRIES} entries (the ROM's size)")
        self.slots = [TTEntry() for _ in range(entries)]
        self.stats = TTStats()

    def clear(self) -> None:
        """Empty every slot and zero the counters (done at the start of every think)."""
        for s in self.slots:
            s.lock = s.frm = s.to = s.score = s.depth = 0
            s.flag = FLAG_EMPTY
        self.stats = TTStats()

    def probe(self, key: int) -> TTEntry | None:
        """The slot of `key` when it is filled and its lock matches, else None."""
        self.stats.probes += 1
        e = self.slots[key & TT_MASK]
        if e.flag != FLAG_EMPTY and e.lock == key >> 16:
            self.stats.hits += 1
            return e
        return None

    def store(self, key: int, depth: int, score: int, flag: int, frm: int, to: int,
              keep_deeper: bool = True) -> None:
        """Write unless the slot holds a greater depth (depth-preferred replacement).

        The slot is kept when it is filled with a deeper entry, of this position or
        another (the table is cleared every think, so deep entries are never stale);
        with `keep_deeper` False (the rule before, kept for comparisons) only the same
        position at a greater depth is kept. When the slot holds the same position and
        the new move is none (0, 0), the old move is kept. `score` must already be
        adjusted for mate distance.
        """
        e = self.slots[key & TT_MASK]
        lock = key >> 16
        same = e.flag != FLAG_EMPTY and e.lock == lock
        if (same or (keep_deeper and e.flag != FLAG_EMPTY)) and e.depth > depth:
            return
        self.stats.stores += 1
        if frm or not same:
            e.frm, e.to = frm, to
        e.lock, e.score, e.depth, e.flag = lock, score, depth, flag
