"""The cartridge at its edges, through the controller in cynes: a finished game stays
finished (reset on the result screen of a resignation, a mate and a draw: the save keeps
the game and its result, CONTINUE is not offered, docs/ui.md), and a save whose fields are out of range or inconsistent is
refused with the menu still usable.

RAM is written only to plant a damaged battery save (with a correct checksum, so only
the range and replay checks can refuse it); everything else goes through the pads.
"""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from pyharness.rom.emu import MODE_TWO, Emulator, GameDriver
from pyharness.reference.game import Game
from pyharness.reference.position import Move, Position

from savev2 import GAME_BLOCK, raw_block

# red mates in 17 plies (found by the twin at depth 3 against random replies)
MATE = ["b0c2", "h7h3", "a0a1", "g9e7", "a1d1", "a6a5", "d1d7", "i9i7", "h2h9", "e9e8",
        "d7b7", "e8d8", "b7b8", "d8d7", "i0i1", "a5a4", "i1d1"]
SHUFFLE = ["h0g2", "h9g7", "g2h0", "g7h9"] * 3         # the start position 4 times
OPENING = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0"]
SHOTS = Path(os.environ.get("XQ65_SHOTS", "build/shots"))


def new_game(rom, moves=()) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.boot_to_menu()
    d.start_game(MODE_TWO)
    for text in moves:
        mv = Move.from_iccs(text)
        assert d.play(mv.frm, mv.to), text
    return d


def shot(d: GameDriver, name: str) -> None:
    """Keep the frame (1x and 3x) for a person to look at."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    d.emu.save_png(SHOTS / f"{name}.png")
    d.emu.save_png(SHOTS / f"{name}_3x.png", scale=3)


def reset_to_menu(d: GameDriver) -> None:
    d.emu.reset()
    d.boot_to_menu()


def assert_no_continue(d: GameDriver, consts) -> None:
    assert d.emu.read("menu_rows") == consts["ROW_CONT"]   # NEW last: no CONTINUE row
    assert d.emu.read("save_state") in (consts["SAVE_NONE"], consts["SAVE_DONE"])


def assert_menu_usable(d: GameDriver) -> None:
    """A new game starts from the menu and takes a move."""
    d.start_game(MODE_TWO)
    assert d.emu.read("game_nply") == 0 and d.emu.read("game_result") == 0
    assert d.emu.read("game_flip") == 0
    mv = Move.from_iccs("h2e2")
    assert d.play(mv.frm, mv.to)
    pos = Position.start()
    pos.push(mv)
    assert d.board() == bytes(pos.board)


# ---------------------------------------------------------------- a finished game


@pytest.mark.timeout(120)
def test_reset_on_a_resignation_does_not_continue_it(built, consts):
    d = new_game(built.rom, OPENING)
    d.tap("start")
    d.wait(3)
    d.tap("right", consts["PM_RESIGN"] - 1)                # (2 players: no LEVEL item)
    d.tap("a")                                              # RESIGN
    d.wait(3)
    d.tap("a")                                              # sure
    d.wait_until(lambda: d.emu.read("game_result") == consts["RES_RESIGN"], limit=60)
    d.wait(10)
    assert d.emu.read("save_result") == consts["RES_RESIGN"]   # kept, with its result
    shot(d, "edges_resigned")
    reset_to_menu(d)
    shot(d, "edges_menu_after_resign_reset")
    assert_no_continue(d, consts)
    assert_menu_usable(d)


@pytest.mark.timeout(120)
def test_reset_on_a_mate_does_not_continue_it(built, consts):
    game = Game()
    for text in MATE:
        game.push(text)
    assert game.result().reason == "checkmate"
    d = new_game(built.rom, MATE)
    assert d.emu.read("game_result") == consts["RES_MATE"]
    assert d.emu.read("save_result") == consts["RES_MATE"]
    shot(d, "edges_mate")
    reset_to_menu(d)
    assert_no_continue(d, consts)
    assert_menu_usable(d)


@pytest.mark.timeout(120)
def test_reset_on_a_draw_does_not_continue_it(built, consts):
    d = new_game(built.rom, SHUFFLE)
    assert d.emu.read("game_result") == consts["RES_REPEAT"]
    assert d.emu.read("save_result") == consts["RES_REPEAT"]
    reset_to_menu(d)
    assert_no_continue(d, consts)
    assert_menu_usable(d)


@pytest.mark.timeout(120)
def test_undo_before_the_end_keeps_the_save(built, consts):
    """Only an unfinished game is offered: one ply short of the mate, CONTINUE resumes."""
    d = new_game(built.rom, MATE[:-1])
    assert d.emu.read("game_result") == 0
    reset_to_menu(d)
    assert d.emu.read("menu_rows") == consts["ROW_CONT"] + 1
    d.start_game(cont=True)
    d.settle()
    assert d.emu.read("game_nply") == len(MATE) - 1
    mv = Move.from_iccs(MATE[-1])
    assert d.play(mv.frm, mv.to)
    assert d.emu.read("game_result") == consts["RES_MATE"]


# ---------------------------------------------------------------- damaged saves


def plant(d: GameDriver, mode: int, level: int, flip: int, rec) -> None:
    """Write a save (layout version 2, tests/savev2.py) from the standard start with
    these fields, the moves (from, to, ...) of `rec` and a correct checksum."""
    d.emu.write(0x6000 + GAME_BLOCK, raw_block(mode, level, flip, [r[:2] for r in rec]))


def record_of(moves) -> list[tuple[int, int, int]]:
    """(from, to, cap byte) as the cartridge records them: victim | $80 on check."""
    pos = Position.start()
    out = []
    for text in moves:
        mv = Move.from_iccs(text)
        victim = pos.board[mv.to]
        pos.push(mv)
        out.append((mv.frm, mv.to, victim | (0x80 if pos.in_check() else 0)))
    return out


def fresh(rom) -> GameDriver:
    d = GameDriver(Emulator(rom))
    d.wait(5)
    return d


@pytest.mark.timeout(60)
def test_a_planted_good_save_continues(built, consts):
    """The model of the save (fields and checksum) is right: a good one is accepted."""
    d = fresh(built.rom)
    plant(d, MODE_TWO, 2, 1, record_of(OPENING))
    d.boot_to_menu()
    assert d.emu.read("save_state") == consts["SAVE_OK"]
    assert d.emu.read("menu_rows") == consts["ROW_CONT"] + 1
    d.start_game(cont=True)
    d.settle()
    pos = Position.start()
    for text in OPENING:
        pos.push(Move.from_iccs(text))
    assert d.board() == bytes(pos.board)
    assert (d.emu.read("game_flip"), d.emu.read("game_level")) == (1, 2)


HEADER_DAMAGE = {
    "flip $80": dict(flip=0x80), "flip 2": dict(flip=2), "mode 4": dict(mode=4),
    "mode $FF": dict(mode=0xFF), "level 0": dict(level=0), "level 6": dict(level=6),
}


@pytest.mark.timeout(60)
@pytest.mark.parametrize("what", sorted(HEADER_DAMAGE))
def test_an_out_of_range_header_field_is_refused(built, consts, what):
    fields = dict(mode=MODE_TWO, level=3, flip=0) | HEADER_DAMAGE[what]
    d = fresh(built.rom)
    plant(d, rec=record_of(OPENING), **fields)
    d.boot_to_menu()
    if what == "flip $80":
        shot(d, "edges_menu_refused_flip80")
    assert d.emu.read("save_state") == consts["SAVE_BAD"]
    assert d.emu.read("menu_rows") == consts["ROW_CONT"]
    assert_menu_usable(d)


@pytest.mark.timeout(60)
def test_a_record_longer_than_the_cap_is_refused(built, consts):
    d = fresh(built.rom)
    rec = record_of(SHUFFLE[:4]) * 88                  # 352 plies > GAME_MAX_PLY
    assert len(rec) > consts["GAME_MAX_PLY"]
    plant(d, MODE_TWO, 3, 0, rec)
    d.boot_to_menu()
    assert d.emu.read("save_state") == consts["SAVE_BAD"]
    assert_menu_usable(d)


def _bad_moves():
    good = record_of(OPENING)
    off = list(good)
    off[2] = (0xFF, good[2][1], good[2][2])              # from off the board
    own = list(good)
    own[1] = (own[1][0], Move.from_iccs("i9i9").to, own[1][2])   # black horse onto its rook
    late = record_of(SHUFFLE) + [record_of(["h2e2"])[0]]  # a move after the 4th occurrence
    return {"from off the board": off, "onto its own piece": own,
            "move after the end": late}


@pytest.mark.timeout(120)
@pytest.mark.parametrize("what", sorted(_bad_moves()))
def test_a_record_that_does_not_replay_is_refused_at_continue(built, consts, what):
    """Header and checksum hold, so CONTINUE is offered; the replay refuses the save,
    the menu comes back saying so, keeps refusing it, and a new game starts."""
    d = fresh(built.rom)
    plant(d, MODE_TWO, 3, 0, _bad_moves()[what])
    d.boot_to_menu()
    assert d.emu.read("save_state") == consts["SAVE_OK"]
    assert d.emu.read("menu_rows") == consts["ROW_CONT"] + 1
    d.tap("down", consts["ROW_CONT"])
    assert d.emu.read("menu_row") == consts["ROW_CONT"]
    d.tap("a")                                                  # CONTINUE
    d.wait_until(lambda: d.emu.read("menu_rows") == consts["ROW_CONT"], limit=600)
    d.wait(10)
    if what == "move after the end":
        shot(d, "edges_menu_refused_at_continue")
    assert d.emu.read("save_state") == consts["SAVE_BAD"]
    assert d.emu.read("ui_nmi_cursor") == 0                     # in the menu, not the game
    reset_to_menu(d)                                            # still refused after a reset
    assert d.emu.read("save_state") == consts["SAVE_BAD"]
    assert d.emu.read("menu_rows") == consts["ROW_CONT"]
    assert_menu_usable(d)


def predict(mode: int, level: int, flip: int, rec, max_ply: int) -> bool:
    """Whether the cartridge must accept this save: every field in range, and the record
    replays from the start (legal moves, no move after the end of the game) -- the
    reference's verdict."""
    if not (mode < 4 and 1 <= level <= 5 and flip in (0, 1) and len(rec) <= max_ply):
        return False
    game = Game()
    for frm, to, cap in rec:
        if game.result() is not None:
            return False
        pos = game.position
        mv = Move(frm, to)
        if not pos.is_legal(mv):
            return False
        game.push(mv)
    return True


@pytest.mark.slow
@pytest.mark.timeout(300)
def test_corrupted_saves_are_refused_exactly_when_the_reference_refuses(built, consts):
    """Seeded fuzz: a good 12-ply save with one byte changed (a header field or a record
    byte; the checksum is made to match), 40 times. The menu offers CONTINUE only when
    the header holds; CONTINUE loads the game exactly when the reference replays it
    (then the board equals the replay), else the menu comes back refusing it."""
    import random
    rng = random.Random(15)
    base = record_of(OPENING + ["c6c5", "b0c2", "b9c7", "a0b0", "a9b9", "b2b6", "h7h3",
                                "g3g4"])
    verdicts = []
    for case in range(40):
        head = [MODE_TWO, 3, 0]
        rec = [list(r) for r in base]
        if rng.random() < 0.3:
            head[rng.randrange(3)] = rng.choice((0, 1, 2, 4, 5, 6, 0x80, 0xFF))
        else:
            rec[rng.randrange(len(rec))][rng.randrange(3)] = rng.randrange(256)
        rec = [tuple(r) for r in rec]
        want = predict(*head, rec, consts["GAME_MAX_PLY"])
        header_ok = head[0] < 4 and 1 <= head[1] <= 5 and head[2] in (0, 1)
        d = fresh(built.rom)
        plant(d, *head, rec)
        d.boot_to_menu()
        assert d.emu.read("save_state") == (consts["SAVE_OK"] if header_ok
                                            else consts["SAVE_BAD"]), case
        if header_ok:
            d.tap("down", consts["ROW_CONT"])
            d.tap("a")
            d.wait_until(lambda: d.emu.read("ui_nmi_cursor") == 1
                         or d.emu.read("menu_rows") == consts["ROW_CONT"], limit=600)
            d.wait(6)
            loaded = d.emu.read("ui_nmi_cursor") == 1
            assert loaded == want, (case, head, rec)
            if loaded:     # (in a CPU mode the CPU may be thinking or have replied)
                assert d.record()[:len(rec)] == [(f, t) for f, t, _ in rec]
                if d.emu.read("game_nply") == len(rec):
                    pos = Position.start()
                    for frm, to, _ in rec:
                        pos.push(Move(frm, to))
                    assert d.emu.read("game_pieces", 32) == bytes(pos.piece_sq)
            else:
                assert d.emu.read("save_state") == consts["SAVE_BAD"]
        verdicts.append(want)
    assert 2 <= sum(verdicts) <= 38          # both verdicts are exercised
