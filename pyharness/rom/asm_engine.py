"""The asm engine of the ROM, driven through `pyharness.rom.sim`: load, generate, perft.

`AsmEngine` loads a reference `Position` into the engine's input block
(`eng_in_pieces`, `eng_in_side`, see asm/include/engine.inc), calls `eng_load`, and
reads move lists back from the ply-indexed move stack. Every figure it returns comes
with the cycles the 6502 spent.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from ..limits import Limits, LimitsError
from ..reference.clock import CYCLES_PER_FRAME, nes_seconds
from ..reference.position import Move, Position
from ..reference.search import SearchResult, SearchRules
from ..reference.zobrist import default_keys, position_key
from .sim import Sim, SimLimitError, make_sim
from ..errors import Xq65Error


class EngineOverflowError(Xq65Error):
    """mg_generate reported that the move stack (or ply stack) is full."""


class ThinkOrderError(Xq65Error):
    """srch_think ran without srch_start before it (sr_armed $FF): it searched nothing."""


@dataclass(frozen=True)
class GenResult:
    """A generated legal move list and what it cost."""

    moves: list[Move]
    cycles: int


@dataclass(frozen=True)
class PerftResult:
    """Leaf count of an asm perft run and its cycles."""

    depth: int
    nodes: int
    cycles: int

    @property
    def cycles_per_leaf(self) -> float:
        """Average cycles per counted leaf (0 when there are no leaves)."""
        return self.cycles / self.nodes if self.nodes else 0.0


@dataclass
class AsmSearchResult(SearchResult):
    """The twin's SearchResult of a think, plus the cycles the 6502 spent: `cycles` all of
    them (srch_start and srch_think, as the cartridge runs them), `start_cycles`
    srch_start's share (the limits and the book, in the game bank; the rest is
    srch_think's)."""

    cycles: int = 0
    start_cycles: int = 0

    @property
    def nes_seconds(self) -> float:
        """The cycles in NES seconds."""
        return nes_seconds(self.cycles)

    @property
    def cycles_per_node(self) -> float:
        """cycles / nodes (0 without nodes)."""
        return self.cycles / self.nodes if self.nodes else 0.0


#: the cap of one call of a routine other than the search and perft: a move generation
#: costs ~10,000 cycles, eng_load and the game routines less; ~1 s of py65
ROUTINE_CAP = 2_000_000
#: the cap of srch_start, a think's first half (~16,000 cycles at most: the limits, two
#: book probes, a mirrored key, a generation and the trampolines' bank switches)
START_CYCLE_CAP = 200_000
#: the perft cap's cycles per node of a tree of 100 moves a ply (more than any position
#: has; a node costs ~1,000 cycles)
PERFT_CYCLES_PER_NODE = 5_000
#: frames (of 29,781 cycles) eng_perft / eng_perft_full may run without counting a leaf
#: before it counts as a runaway (~1 s of py65): a leaf is counted every ~300 cycles
#: (full), or after each generation of the last ply (~10,000 cycles, bulk)
PERFT_STALL_FRAMES = 60
#: cycles a search may spend beyond its frame cap or node budget before it counts as a
#: runaway: the search polls the frame counter every 16 nodes (~50,000 cycles)
CAP_SLACK_CYCLES = 1_000_000
#: cycles a node may cost at most, for the cap of a node-bounded search (a node costs
#: ~3,000 on average; quiescence and the root's move list add to single nodes)
CAP_CYCLES_PER_NODE = 100_000
#: the cap of a search bounded by depth alone (~16 hours of py65): depth 24 is legal;
#: a runaway is caught sooner by the node watchdog (STALL_FRAMES)
DEPTH_ONLY_CAP = 10**11
#: frames (of 29,781 cycles) srch_think may run without making a node before it counts
#: as a runaway: a node costs ~3,000 cycles, the longest stretch without one (a root
#: move list, a quiescence leaf) a few frames
STALL_FRAMES = 120


def think_cycle_cap(limits: Limits) -> int:
    """The cycle cap of srch_think under `limits`: a runaway routine stops there."""
    from ..reference.levels import get_level
    caps = []
    frames = limits.frames
    if frames is None and limits.level is not None:
        frames = get_level(limits.level).frames
    if frames:
        caps.append(frames * CYCLES_PER_FRAME + CAP_SLACK_CYCLES)
    if limits.nodes:
        caps.append(limits.nodes * CAP_CYCLES_PER_NODE + CAP_SLACK_CYCLES)
    return min(caps) if caps else DEPTH_ONLY_CAP


def srch_rules(rules: SearchRules) -> int:
    """The srch_rules byte of `rules`: the RULE_* bits that differ from the defaults'
    (SRCH_RULES_DEFAULT). LimitsError for rules the asm cannot play (the twin's alone:
    SearchRules.asm_refused)."""
    refused = rules.asm_refused()
    if refused:
        raise LimitsError(f"the asm search cannot play {', '.join(refused)} "
                          "(those rules are for the Python twin)")
    return rules.bits() ^ SearchRules().bits()


def stall_watchdog(sim: Sim, routine: str, counter: str, what: str, frames: int
                   ) -> Callable[[], None]:
    """An `on_frame` callback for `Sim.call`: SimLimitError once the 4-byte `counter`
    (a ROM label) has not changed for `frames` frames (a routine that loops forever)."""
    at = sim.addr(counter)
    state = {"value": -1, "frames": 0}

    def check() -> None:
        value = bytes(sim.memory[at:at + 4])
        if value != state["value"]:
            state["value"], state["frames"] = value, 0
            return
        state["frames"] += 1
        if state["frames"] > frames:
            raise SimLimitError(
                f"{routine} {what} in {frames} frames ({frames * CYCLES_PER_FRAME:,} "
                f"cycles; PC ${sim.mpu.pc:04X}): a runaway routine, stopped")
    return check


class AsmEngine:
    """The engine routines of build/xiangqi.nes under py65."""

    def __init__(self, sim: Sim | None = None):
        """Use `sim`, or build the ROM if needed and make a fresh simulator."""
        self.sim = sim if sim is not None else make_sim()
        self.load_cycles = 0
        self._game_window: int | None = None

    def _call(self, routine: str, **kw):
        """Sim.call with the cap of a single engine routine (ROUTINE_CAP cycles)."""
        return self.sim.call(routine, max_cycles=ROUTINE_CAP, **kw)

    # ------------------------------------------------------------------ state

    @property
    def constants(self) -> dict[str, int]:
        """Numeric constants of the build (MV_CAP, MG_MAX, MAX_PLY ...) from the .dbg."""
        from .symbols import load_constants
        if self.sim.dbg_path is None or not self.sim.dbg_path.exists():
            raise FileNotFoundError("no debug file beside the ROM; rebuild with xq65 build")
        return load_constants(self.sim.dbg_path)

    def load(self, pos: Position) -> int:
        """Load `pos` through the input block and eng_load; return the cycles."""
        s = self.sim
        s.write("eng_in_pieces", bytes(pos.piece_sq))
        s.poke("eng_in_side", pos.side)
        self.load_cycles = self._call("eng_load").cycles
        return self.load_cycles

    @property
    def ply(self) -> int:
        """Current ply (eng_ply)."""
        return self.sim.peek("eng_ply")

    @property
    def side(self) -> int:
        """Side to move (eng_side)."""
        return self.sim.peek("eng_side")

    def board(self) -> bytes:
        """The 256-byte engine board."""
        return self.sim.read("eng_board", 256)

    def piece_sq(self) -> bytes:
        """The 32-byte engine piece list."""
        return self.sim.read("eng_piece_sq", 32)

    # ------------------------------------------------------------------ routines

    def generate(self) -> GenResult:
        """Run mg_generate at the current ply and return the legal moves in order."""
        s = self.sim
        res = self._call("mg_generate")
        if s.mpu.p & 1:
            raise EngineOverflowError(f"mg_generate: move stack full at ply {self.ply}")
        return GenResult(self.read_moves(), res.cycles)

    def generate_captures(self) -> GenResult:
        """Run mg_generate_captures at the current ply: the legal captures in legal-list
        order (every legal move when in check), as the quiescence search uses them."""
        s = self.sim
        res = self._call("mg_generate_captures")
        if s.mpu.p & 1:
            raise EngineOverflowError(
                f"mg_generate_captures: move stack full at ply {self.ply}")
        return GenResult(self.read_moves(), res.cycles)

    def read_moves(self, ply: int | None = None) -> list[Move]:
        """The move list stored for `ply` (default: the current ply)."""
        s = self.sim
        if ply is None:
            ply = self.ply
        count = s.peek("mv_count", ply)
        base = s.peek("mv_base_lo", ply) | (s.peek("mv_base_hi", ply) << 8)
        frm = s.read(s.addr("mv_from_stk") + base, count)
        to = s.read(s.addr("mv_to_stk") + base, count)
        return [Move(f, t) for f, t in zip(frm, to)]

    def _call_with_move(self, routine: str, move: Move) -> int:
        """`routine` with the move in pos_from/pos_to; return its cycles."""
        s = self.sim
        s.poke("pos_from", move.frm)
        s.poke("pos_to", move.to)
        return self._call(routine).cycles

    def make(self, move: Move) -> int:
        """pos_make; return its cycles."""
        return self._call_with_move("pos_make", move)

    def unmake(self) -> int:
        """pos_unmake; return its cycles."""
        return self._call("pos_unmake").cycles

    def in_check(self) -> bool:
        """pos_in_check: is the side to move in check?"""
        self._call("pos_in_check")
        return bool(self.sim.mpu.p & 1)

    def perft(self, depth: int, max_cycles: int | None = None, *, full: bool = False,
              profile: dict[int, int] | None = None, hits: dict[int, int] | None = None
              ) -> PerftResult:
        """Asm perft at the current position: leaf count and cycles.

        full=False runs eng_perft (bulk counting: the last ply adds the generated
        count); full=True runs eng_perft_full (every leaf move is made and unmade).
        A watchdog stops a run that counts no leaf in PERFT_STALL_FRAMES frames
        (SimLimitError), whatever the cap; `profile` / `hits` as in `Sim.call`.
        """
        if not 0 <= depth < 31:
            raise ValueError(f"perft depth {depth} out of range 0..30")
        if max_cycles is None:          # 100 moves a ply at most, 5,000 cycles a node
            max_cycles = ROUTINE_CAP + PERFT_CYCLES_PER_NODE * 100 ** depth
        s = self.sim
        s.poke("pf_depth", depth)
        routine = "eng_perft_full" if full else "eng_perft"
        res = s.call(routine, max_cycles=max_cycles, profile=profile, hits=hits,
                     on_frame=stall_watchdog(s, routine, "pf_nodes", "counted no leaf",
                                             PERFT_STALL_FRAMES))
        nodes = int.from_bytes(s.read("pf_nodes", 4), "little")
        return PerftResult(depth, nodes, res.cycles)


    # ------------------------------------------------------------------ game API

    RESULT_REASONS = {1: None, 2: "perpetual check", 3: "repetition",
                      4: "100 plies without capture", 5: "no attacking pieces"}

    def game_new(self, pos: Position, halfmove: int | None = None) -> None:
        """eng_load + eng_game_new: the game record holds `pos` only.

        The counter (`halfmove`, else the position's) is clamped to HALFMOVE_MAX, the
        one-byte counter's ceiling, as the twin clamps it (docs/rules.md).
        """
        from ..reference.search import HALFMOVE_MAX
        self.load(pos)
        half = pos.halfmove if halfmove is None else halfmove
        self._call("eng_game_new", a=min(half, HALFMOVE_MAX))

    def game_push(self, move: Move) -> int:
        """eng_game_push (a legal move); return its cycles."""
        return self._call_with_move("eng_game_push", move)

    def game_pop(self) -> bool:
        """eng_game_pop; False when the engine kept no move to take back."""
        self._call("eng_game_pop")
        return not self.sim.mpu.p & 1

    def game_result(self):
        """eng_game_result as a reference GameResult (None while the game goes on)."""
        from ..reference.game import GameResult
        s = self.sim
        self._call("eng_game_result")
        reason = s.mpu.a
        if reason == 0:
            return None
        winner = s.peek("eng_result_winner")
        w = None if winner == 2 else winner
        text = self.RESULT_REASONS[reason]
        if reason == 1:
            text = "checkmate" if self.in_check() else "stalemate"
        return GameResult(w, text)

    def game_setup(self, position: Position) -> None:
        """Load a reference position with its undo stack as the game record: the start
        of the stack through eng_game_new, then every move through eng_game_push.

        The record keeps a window of GAME_MAX positions; of a longer history only the
        last GAME_MAX - 1 moves are pushed, from the position before them with its
        half-move counter (the Python position's, which eng_game_new clamps as the
        pushes saturate it). The record is then the one every push would leave (entry
        0's capture flag aside, which nothing reads: eng_game_pop finds the same
        counter through game_half0), and a history of thousands of plies costs what
        101 pushes cost.
        """
        back = position.copy()
        moves = []
        while True:
            try:
                moves.append(back.pop())
            except IndexError:
                break
        moves.reverse()
        skip = max(0, len(moves) - (self.game_window - 1))
        for mv in moves[:skip]:
            back.push(mv)
        self.game_new(back)
        for mv in moves[skip:]:
            self.game_push(mv)

    @property
    def game_window(self) -> int:
        """GAME_MAX: the game positions the record keeps (from the debug file, once)."""
        if self._game_window is None:
            self._game_window = self.constants["GAME_MAX"]
        return self._game_window


    # ------------------------------------------------------------------ search

    def think(self, position: Position, level: int | None = None, depth: int | None = None,
              seed: int = 0, nodes: int | None = None, frames: int | None = None,
              history_moves=(), use_book: bool | None = None, trace: list | None = None,
              move_now_after: int | None = None, max_cycles: int | None = None,
              profile: dict[int, int] | None = None,
              hits: dict[int, int] | None = None,
              hooks: dict[str, Callable[[], None]] | None = None,
              rules: SearchRules = SearchRules()) -> AsmSearchResult:
        """srch_think on `position`, like reference.search.think (same arguments).

        The position's undo stack is the game record (eng_game_new + eng_game_push);
        `history_moves`, when given, must be its tail. A frame cap (`frames`, or the
        level's) runs with the simulator's frame counter (frame_count += 1 every
        29,781 cycles). `trace`, a list, receives (from, to, key, red_sum, black_sum) at
        every node, like the reference. `move_now_after` sets srch_move_now once that
        many nodes were made. `profile` / `hits` receive the cycles / executions by
        PC (`Sim.call`) of srch_think (srch_start before it runs in the game bank,
        whose PCs are not profiled: `start_cycles`). `hooks` maps more ROM labels to
        callables run there
        (e.g. srch_null_try, srch_null_cut: the tests count null moves).
        `rules` go in through srch_null_on and the srch_rules byte (`srch_rules`); the
        rules the asm cannot play are refused (LimitsError).
        The limits are checked as `Limits` checks them (LimitsError); the run stops
        with SimLimitError at `max_cycles` (default: `think_cycle_cap`).
        """
        from ..reference.search import game_record
        limits = Limits(level=level, depth=depth, nodes=nodes, frames=frames, seed=seed)
        rules_byte = srch_rules(rules)
        if max_cycles is None:
            max_cycles = think_cycle_cap(limits)
        game_record(position, history_moves)      # validates history_moves
        s = self.sim
        self.game_setup(position)
        s.poke("srch_level", level or 0)
        s.poke("srch_depth", depth or 0)
        s.write("srch_seed", seed.to_bytes(2, "little"))
        s.write("srch_node_limit", (nodes or 0).to_bytes(4, "little"))
        s.poke("srch_frames_set", 0 if frames is None else 1)
        s.write("srch_frames", (frames or 0).to_bytes(2, "little"))
        s.poke("srch_use_book", 0 if use_book is None else (2 if use_book else 1))
        s.poke("srch_move_now", 0)
        s.poke("srch_null_on", int(rules.null_move))
        s.poke("srch_rules", rules_byte)
        hooks_in, hooks = hooks, {}
        if trace is not None or move_now_after is not None:
            mem = s.memory
            a_n, a_k = s.addr("sr_n"), [s.addr(f"rec_k{i}") for i in range(4)]
            a_f, a_t = s.addr("pos_from"), s.addr("pos_to")
            a_s = [s.addr(f"ev_s{i}") for i in range(4)]    # the eval sums, per ply
            a_nodes, a_mn = s.addr("srch_nodes"), s.addr("srch_move_now")
            a_psq, a_side = s.addr("eng_piece_sq"), s.addr("eng_side")
            a_ply = s.addr("eng_ply")
            quiesce, zkeys = [False], default_keys()

            def at_make_q():
                quiesce[0] = True

            def at_node():
                if trace is not None:
                    # srch_make_q keeps no key: the board's; srch_make writes byte 0
                    # and owes bytes 1-3 (at_key_done puts them in when they are made)
                    key = position_key(bytes(mem[a_psq:a_psq + 32]), mem[a_side], zkeys)
                    if not quiesce[0]:
                        key = key & ~0xFF | mem[a_k[0] + mem[a_n]]
                    ply = mem[a_ply]
                    trace.append((mem[a_f], mem[a_t], key, mem[a_s[0] + ply] | mem[a_s[1] + ply] << 8,
                                  mem[a_s[2] + ply] | mem[a_s[3] + ply] << 8))
                if move_now_after is not None:
                    cnt = int.from_bytes(bytes(mem[a_nodes:a_nodes + 4]), "little")
                    if cnt >= move_now_after:
                        mem[a_mn] = 1
                quiesce[0] = False
            def at_key_done():  # srch_key_rest, at a node's entry: its make is the last
                if trace:
                    n = mem[a_n]
                    full = sum(mem[a_k[i] + n] << (8 * i) for i in range(4))
                    trace[-1] = trace[-1][:2] + (full,) + trace[-1][3:]
            hooks[s.addr("srch_make_done")] = at_node
            hooks[s.addr("srch_key_done")] = at_key_done
            hooks[s.addr("srch_make_q")] = at_make_q
        for label, fn in (hooks_in or {}).items():
            hooks[s.addr(label)] = fn
        a_nodes = s.addr("srch_nodes")
        watch = {"nodes": -1, "frames": 0}

        def watchdog() -> None:
            nodes = int.from_bytes(bytes(s.memory[a_nodes:a_nodes + 4]), "little")
            if nodes != watch["nodes"]:
                watch["nodes"], watch["frames"] = nodes, 0
                return
            watch["frames"] += 1
            if watch["frames"] > STALL_FRAMES:
                raise SimLimitError(f"srch_think made no node in {STALL_FRAMES} frames "
                                    f"(PC ${s.mpu.pc:04X}): a runaway routine, stopped")
        # the think as the cartridge runs it (play_think): srch_start (the limits and
        # the book, in the game bank), then srch_think unless the book answered (C set)
        start = s.call("srch_start", max_cycles=START_CYCLE_CAP).cycles
        if s.mpu.p & 1:
            return self.search_result(start, start)
        old_hook = s.frame_hook
        s.frame_hook = True
        try:
            res = s.call("srch_think", max_cycles=max(max_cycles - start, 1),
                         hooks=hooks or None, profile=profile, hits=hits, on_frame=watchdog)
        finally:
            s.frame_hook = old_hook
        return self.search_result(start + res.cycles, start)

    def search_result(self, cycles: int = 0, start_cycles: int = 0) -> AsmSearchResult:
        """The outputs of the last think (srch_start, and srch_think if it ran);
        ThinkOrderError when srch_think refused to run (no srch_start before it)."""
        s = self.sim
        if s.peek("sr_armed") == 0xFF:
            raise ThinkOrderError("srch_think ran without srch_start before it "
                                  "(sr_armed $FF): it searched nothing")
        f, t = s.peek("srch_best_from"), s.peek("srch_best_to")
        score = s.peek16("srch_score")
        if score >= 0x8000:
            score -= 0x10000
        n = s.peek("srch_pv_len")
        pf, pt = s.read("srch_pv_from", n), s.read("srch_pv_to", n)
        return AsmSearchResult(
            best_move=Move(f, t) if f else None, score=score,
            depth=s.peek("srch_depth_done"),
            nodes=int.from_bytes(s.read("srch_nodes", 4), "little"),
            pv=[Move(a, b) for a, b in zip(pf, pt)], cycles=cycles,
            tt_probes=int.from_bytes(s.read("srch_tt_probes", 4), "little"),
            tt_hits=int.from_bytes(s.read("srch_tt_hits", 4), "little"),
            from_book=bool(s.peek("srch_from_book")), stopped=bool(s.peek("srch_stopped")),
            start_cycles=start_cycles)


def asm_legal_moves(pos: Position, engine: AsmEngine | None = None) -> list[Move]:
    """Legal moves of `pos` as the asm engine generates them (reference Move objects)."""
    eng = engine or AsmEngine()
    eng.load(pos)
    return eng.generate().moves


def asm_divide(pos: Position, depth: int, engine: AsmEngine | None = None
               ) -> list[tuple[Move, int]]:
    """(move, asm perft(depth-1) after it) per legal move, in generation order."""
    if depth < 1:
        raise ValueError(f"divide depth must be >= 1, got {depth}")
    eng = engine or AsmEngine()
    eng.load(pos)
    out = []
    for move in eng.generate().moves:
        eng.make(move)
        out.append((move, eng.perft(depth - 1).nodes))
        eng.unmake()
    return out
