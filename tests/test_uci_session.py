"""The protocol session in-process with the Python twin: positions, every go form,
options, banmoves/searchmoves, hostile commands."""
from __future__ import annotations

import queue
import time

import pytest

from pyharness.engines import RefEngine
from pyharness.limits import Limits
from pyharness.match.players import search_seed
from pyharness.protocol.session import MAX_POSITION_MOVES, Session
from pyharness.reference.board import START_FEN
from pyharness.reference.position import Move, Position

pytestmark = pytest.mark.timeout(120)

MATE_IN_ONE = "r2k1ab2/9/b8/prp1p1p1n/7R1/4C1P2/P1c1P4/R7B/5K3/9 w - - 2 15"  # h5d5
CHECKMATED = "3k5/3R5/3R5/9/9/9/9/9/9/4K4 b - - 0 1"


class Harness:
    """A Session whose output lines go to a queue."""

    def __init__(self, dialect: str = "uci") -> None:
        self.out: queue.Queue[str] = queue.Queue()
        self.session = Session(self.out.put, engine="ref")
        self.send(dialect)
        self.expect(dialect + "ok")

    def send(self, line: str) -> bool:
        return self.session.handle(line)

    def expect(self, first_word: str, timeout: float = 60) -> tuple[str, list[str]]:
        seen = []
        end = time.monotonic() + timeout
        while True:
            line = self.out.get(timeout=max(0.01, end - time.monotonic()))
            if line.split()[:1] == [first_word]:
                return line, seen
            seen.append(line)

    def lines(self) -> list[str]:
        out = []
        while not self.out.empty():
            out.append(self.out.get())
        return out

    def fen(self) -> str:
        self.lines()
        self.send("d")
        return self.expect("info")[0].split("fen ", 1)[1]

    def best(self, go: str) -> tuple[str, list[str]]:
        self.send(go)
        line, seen = self.expect("bestmove")
        return line.split()[1], seen


@pytest.fixture
def uci():
    h = Harness("uci")
    yield h
    h.session.close()


@pytest.fixture
def ucci():
    h = Harness("ucci")
    yield h
    h.session.close()


def legal_after(fen: str, moves: list[str]) -> set[str]:
    pos = Position.from_fen(fen)
    for m in moves:
        pos.push(pos.parse_move(m))
    return {m.iccs() for m in pos.legal_moves()}


def test_position_startpos_and_fen_with_moves(uci):
    uci.send("position startpos moves h2e2 h9g7 h0g2")
    pos = Position.start()
    for m in ("h2e2", "h9g7", "h0g2"):
        pos.push(pos.parse_move(m))
    assert uci.fen() == pos.fen()
    uci.send(f"position fen {MATE_IN_ONE}")
    assert uci.fen() == Position.from_fen(MATE_IN_ONE).fen()
    uci.send("position fen " + START_FEN.replace(" w ", " b "))   # FEN side field honoured
    assert uci.fen().split()[1] == "b"


@pytest.mark.parametrize("command, says", [
    ("position startpos moves h2e2 h2e2", "move 2 'h2e2' is illegal"),
    ("position startpos moves z9z9", "move 1 'z9z9' is illegal"),
    ("position fen 9/9/9 w", "bad FEN"),
    ("position fen rnbakabnr/9/9/9/9/9/9/9/9/RNBAKABNR x - - 0 1", "bad FEN"),
    ("position", "startpos or fen"),
    ("position startpos moves " + " ".join(["h2e2", "e2h2"] * (MAX_POSITION_MOVES // 2 + 1)),
     "at most"),
])
def test_bad_position_keeps_the_previous_one(uci, command, says):
    uci.send("position startpos moves b0c2")
    before = uci.fen()
    uci.send(command)
    line = uci.expect("info")[0]
    assert says in line and line.startswith("info string")
    assert uci.fen() == before


def test_every_go_form_answers_a_legal_move(uci):
    uci.send("position startpos moves h2e2")
    legal = legal_after(START_FEN, ["h2e2"])
    for go in ("go depth 1", "go depth 2", "go nodes 60", "go movetime 200",
               "go wtime 3000 btime 3000", "go wtime 5000 btime 2000 winc 100 binc 100 "
               "movestogo 5", "go mate 1", "go"):
        move, seen = uci.best(go)
        assert move in legal, go
        infos = [s for s in seen if s.startswith("info depth")]
        assert infos and " score " in infos[-1] and " pv " in infos[-1], (go, seen)


def test_depth_search_is_the_twins(uci):
    """`go depth 3` says the twin's move, score and nodes for the same seed."""
    uci.send("position startpos moves h2e2 h9g7")
    move, seen = uci.best("go depth 3")
    pos = Position.start()
    for m in ("h2e2", "h9g7"):
        pos.push(pos.parse_move(m))
    want = RefEngine().think(pos, Limits(depth=3, seed=search_seed(0, 2)))
    assert move == want.best_move.iccs()
    assert f"score cp {want.score} nodes {want.nodes} " in seen[-1]


def test_level_option_plays_the_cartridge_level(uci):
    """Level 1 (noise and slips) gives the move `think(Limits(level=1, seed))` gives."""
    uci.send("setoption name Seed value 11")
    uci.send("setoption name Level value 1")
    pos = Position.start()
    for ply in range(4):
        uci.send("position startpos moves " + " ".join(m.iccs() for m in _undo(pos)))
        move, _ = uci.best("go depth 6")
        want = RefEngine().think(pos, Limits(level=1, seed=search_seed(11, ply)))
        assert move == want.best_move.iccs(), ply
        pos.push(want.best_move)


def _undo(pos: Position) -> list[Move]:
    back, moves = pos.copy(), []
    while True:
        try:
            moves.append(back.pop())
        except IndexError:
            return moves[::-1]


def test_mate_score_and_no_move(uci, ucci):
    uci.send(f"position fen {MATE_IN_ONE}")
    move, seen = uci.best("go depth 2")
    assert move == "h5d5" and "score mate 1" in seen[-1]
    uci.send(f"position fen {CHECKMATED}")
    uci.send("go depth 3")
    assert uci.expect("bestmove")[0] == "bestmove (none)"
    ucci.send(f"position fen {CHECKMATED}")
    ucci.send("go depth 3")
    assert ucci.expect("nobestmove")[0] == "nobestmove"


def test_infinite_waits_for_stop_and_ponderhit_searches(uci):
    uci.send("position startpos")
    uci.send("go depth 1 infinite")
    time.sleep(0.5)
    assert not [x for x in uci.lines() if x.startswith("bestmove")]
    uci.send("stop")
    assert uci.expect("bestmove")[0].split()[1] in legal_after(START_FEN, [])
    uci.send("position startpos moves h2e2 h9g7")
    uci.send("go ponder depth 2")
    time.sleep(0.3)
    uci.send("ponderhit")
    move = uci.expect("bestmove")[0].split()[1]
    assert move in legal_after(START_FEN, ["h2e2", "h9g7"])
    assert not [x for x in uci.lines() if x.startswith("bestmove")]   # exactly one


def test_ucci_go_forms_and_banmoves(ucci):
    ucci.send("position startpos")
    first, seen = ucci.best("go depth 2")
    assert seen[-2].startswith("info depth 2 score ") and seen[-1].startswith("info time")
    ucci.send(f"banmoves {first}")
    second, _ = ucci.best("go depth 2")
    assert second != first and second in legal_after(START_FEN, [])
    third, _ = ucci.best("go depth 2")          # banmoves hold for the position
    assert third != first
    ucci.send("position startpos")              # a new position clears them
    assert ucci.best("go depth 2")[0] == first
    for go in ("go time 20 increment 1", "go draw time 10 movestogo 3", "go nodes 80"):
        assert ucci.best(go)[0] in legal_after(START_FEN, []), go
    ucci.send("setoption usemillisec true")
    ucci.send("go time 400 increment 0")
    assert ucci.expect("bestmove")


def test_banning_every_move_is_nobestmove(ucci):
    fen = "3k5/9/9/9/9/9/9/9/9/4K4 b - - 0 1"
    ucci.send(f"position fen {fen}")
    ucci.send("banmoves " + " ".join(sorted(legal_after(fen, []))))
    ucci.send("go depth 2")
    assert ucci.expect("nobestmove")


def test_searchmoves_restricts_the_root(uci):
    uci.send("position startpos")
    assert uci.best("go depth 2 searchmoves a3a4")[0] == "a3a4"
    assert uci.best("go depth 2 searchmoves i3i4 a3a4")[0] in ("i3i4", "a3a4")


@pytest.mark.parametrize("line, says", [
    ("frobnicate now", "unknown command 'frobnicate'"),
    ("go depth x", "go depth: 'x' is not a whole number"),
    ("go nodes", "a number is missing"),
    ("setoption name Level value 9", "out of 0..5"),
    ("setoption name Level value high", "want a number"),
    ("setoption name Clock value sundial", "want NES or wall"),
    ("setoption name Hash value 64", "no option 'Hash'"),
    ("setoption name UCI_Variant value chess", "only xiangqi"),
    ("banmoves h2", "not a move"),
    ("go depth 1 searchmoves h2e3", "searchmoves"),
    ("\x00\x01\x7f garbage", "unknown command"),
])
def test_hostile_commands_get_one_info_string(uci, line, says):
    uci.send("position startpos moves h2e2")
    before = uci.fen()
    uci.lines()
    assert uci.send(line) is True
    time.sleep(0.05)
    out = uci.lines()
    assert any(o.startswith("info string") and says in o for o in out), out
    uci.lines()
    assert uci.fen() == before
    uci.send("isready")
    assert uci.expect("readyok")


def test_empty_and_blank_lines_are_ignored(uci):
    for line in ("", "   ", "\t\t", "\r"):
        assert uci.send(line) is True
    assert uci.lines() == []


def test_ucinewgame_and_newgame_reset_the_position(uci, ucci):
    uci.send("position startpos moves h2e2")
    uci.send("ucinewgame")
    assert uci.fen() == Position.start().fen()
    ucci.send("position startpos moves h2e2")
    ucci.send("setoption newgame")
    assert ucci.fen() == Position.start().fen()


def test_quit_returns_false_and_ucci_says_bye(uci, ucci):
    uci.send("go infinite")
    assert uci.send("quit") is False
    assert not [x for x in uci.lines() if x.startswith("bestmove")]
    assert ucci.send("quit") is False
    assert "bye" in ucci.lines()


def test_rebase_keeps_what_the_search_reads():
    """The game after its last capture, the capture flag of the last move and the
    position are those of the whole game; the record is shorter."""
    from pyharness.protocol.session import rebase
    import random

    from pyharness.reference.search import game_record, think
    rng, game, moves = random.Random(3), Position.start(), []
    while len(moves) < 40 and game.legal_moves():
        legal = game.legal_moves()
        captures = [m for m in legal if game.is_capture(m)]
        move = rng.choice(captures if captures and rng.random() < 0.7 else legal)
        game.push(move)
        moves.append(move.iccs())
    assert sum(1 for c in game_record(game)[2] if c) >= 3, "no captures: test broken"
    for cut in range(1, len(moves) + 1):
        pos = Position.start()
        for m in moves[:cut]:
            pos.push(pos.parse_move(m))
        short = rebase(pos)
        assert short.fen() == pos.fen()
        full, mine = game_record(pos), game_record(short)
        since = len(mine[0])
        assert since <= len(full[0])
        assert mine[0] == full[0][len(full[0]) - since:]        # keys since
        assert mine[3] == full[3]                               # the last move captured
        assert since < cut or all(not c for c in full[2][1:])
        if cut % 4 == 1:                # the same search, noise and slips included
            a = think(pos, level=1, seed=cut)
            b = think(short, level=1, seed=cut)
            assert (a.best_move, a.score, a.nodes) == (b.best_move, b.score, b.nodes)


def test_rebase_keeps_at_most_the_record_window():
    """A shuffle of 300 moves without a capture: 101 moves are kept; the position and
    the search are the same."""
    from pyharness.protocol.session import RECORD_MOVES, rebase
    from pyharness.reference.search import think
    pos = Position.start()
    shuffle = ["h0g2", "h9g7", "g2h0", "g7h9"]
    for i in range(300):
        pos.push(pos.parse_move(shuffle[i % 4]))
    pos.push(pos.parse_move("b0c2"))
    short = rebase(pos)
    assert short.fen() == pos.fen() and len(_undo(short)) == RECORD_MOVES
    a, b = think(pos, depth=3), think(short, depth=3)
    assert (a.best_move, a.score, a.nodes) == (b.best_move, b.score, b.nodes)


def test_no_state_carried_between_searches(uci, ucci):
    """The TT, killers and history start cleared at every search: a search repeated,
    after another one or after ucinewgame, makes the same nodes."""
    def nodes(h, go):
        h.send("position startpos moves h2e2 h9g7")
        _, seen = h.best(go)
        return [s for s in seen if s.startswith("info depth")][-1]
    first = nodes(uci, "go depth 3")
    uci.send("position startpos moves b0c2")
    uci.best("go depth 3")
    assert nodes(uci, "go depth 3") == first
    uci.send("ucinewgame")
    assert nodes(uci, "go depth 3") == first
    ucci.send("probe")
    assert ucci.expect("pophash")
