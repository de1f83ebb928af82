"""The save v2 codec (pyharness/gameio/savefile.py) against docs/save_format.md: round
trips, the piece-list rule, and every refusal rule with its own exception."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from gameio_games import STARTS, random_game, sample_games
from pyharness.gameio import savefile as sf
from pyharness.gameio.savefile import SavedGame, read_save, write_save
from pyharness.reference.position import Position

DOC = Path(__file__).resolve().parents[1] / "docs" / "save_format.md"
B = sf.GAME_OFFSET


def resum(data: bytearray) -> bytearray:
    """Recompute the game block's checksum (a forged, well-summed block)."""
    block = data[B:B + sf.GAME_SIZE]
    data[B + sf.CHECKSUM_AT:B + sf.CHECKSUM_AT + 2] = bytes(sf.checksum(block[:sf.CHECKSUM_AT]))
    return data


def fresh(moves=("h2e2", "h9g7"), fen=STARTS[0]) -> bytearray:
    return bytearray(write_save(SavedGame(fen=fen, moves=list(moves))))


@pytest.mark.parametrize("game", sample_games(), ids=lambda g: f"{g.fen[:12]}-{len(g.moves)}")
def test_write_then_read_gives_the_game_back(game):
    data = write_save(game)
    assert len(data) == sf.SRAM_SIZE
    back = read_save(data)
    assert back == game
    # the engine's RAM is zero; only the two blocks are written
    outside = data[:sf.PUZZLE_OFFSET] + data[sf.PUZZLE_OFFSET + sf.PUZZLE_SIZE:B]
    assert not any(outside)
    assert data[sf.PUZZLE_OFFSET:sf.PUZZLE_OFFSET + 4] == b"XQPZ"


def test_the_piece_list_is_the_fen_loaders():
    for fen in STARTS:
        data = write_save(SavedGame(fen=fen))
        assert data[B + 0x20:B + 0x40] == Position.from_fen(fen).piece_sq


def test_the_header_bytes_are_where_the_contract_puts_them():
    game = SavedGame(fen=STARTS[3], kind=3, mode=1, level=5, flip=1, moves=["h9g7", "h0g2"])
    blk = write_save(game)[B:B + sf.GAME_SIZE]
    assert blk[:5] == b"XQ65\x02"
    assert list(blk[5:0x11]) == [1, 5, 1, 3, 0, 1, 0, 1, 0, 2, 0, 0]
    assert list(blk[0x40:0x44]) == [0x3A, 0x59, 0xCA, 0xA9]      # h9g7 h0g2
    assert not any(blk[0x44:0x2FE])
    s1 = s2 = 0
    for b in blk[:0x2FE]:
        s1 = (s1 + b + 1) % 256
        s2 = (s2 + s1) % 256
    assert list(blk[0x2FE:]) == [s1, s2]


def test_every_flipped_byte_of_the_block_is_refused():
    data = fresh()
    for off in range(0, sf.GAME_SIZE, 7):
        bad = bytearray(data)
        bad[B + off] ^= 0x41
        with pytest.raises(sf.SaveError):
            read_save(bytes(bad))


def test_the_puzzle_block_is_ignored_by_the_game_reader():
    data = fresh()
    data[sf.PUZZLE_OFFSET:sf.PUZZLE_OFFSET + 16] = b"garbage garbage!"
    assert read_save(bytes(data)).moves == ["h2e2", "h9g7"]


def test_solved_puzzles_are_kept_when_asked():
    old = bytearray(sf.SRAM_SIZE)
    old[sf.PUZZLE_OFFSET:sf.PUZZLE_OFFSET + 16] = sf.puzzle_block(0b1011)
    assert sf.read_puzzle_solved(write_save(SavedGame(), keep=bytes(old))) == 0b1011
    assert sf.read_puzzle_solved(write_save(SavedGame())) == 0


def test_sizes_are_refused():
    with pytest.raises(sf.SaveSizeError, match="truncated"):
        read_save(bytes(fresh())[:4000])
    with pytest.raises(sf.SaveSizeError):
        read_save(bytes(fresh()) + b"\0")


def test_other_cartridges_and_empty_batteries_are_refused():
    with pytest.raises(sf.SaveEmptyError):
        read_save(bytes(sf.SRAM_SIZE))
    with pytest.raises(sf.SaveEmptyError):
        read_save(bytes(range(256)) * 32)


def test_a_version_1_save_has_its_own_message():
    data = bytearray(sf.SRAM_SIZE)
    data[0x1F83:0x1F87] = b"XQ65"
    with pytest.raises(sf.SaveOldVersionError, match="older version"):
        read_save(bytes(data))


def test_another_version_is_refused():
    data = fresh()
    data[B + 4] = 3
    with pytest.raises(sf.SaveDamagedError, match="version 3"):
        read_save(bytes(resum(data)))


@pytest.mark.parametrize("offset,value,what", [
    (0x005, 4, "mode"), (0x006, 0, "level"), (0x006, 6, "level"), (0x007, 2, "flip"),
    (0x008, 4, "start_kind"), (0x009, 1, "start index"), (0x00A, 2, "side"),
    (0x00B, 100, "halfmove"), (0x00C, 0, "fullmove"), (0x00E, 0x5F, "nply"),
    (0x010, 99, "result"), (0x011, 1, "reserved"), (0x01F, 1, "reserved"),
    (0x2FC, 1, "reserved"),
])
def test_fields_out_of_range_are_refused_even_when_summed(offset, value, what):
    data = fresh()
    data[B + offset] = value
    if offset == 0x00E:
        data[B + 0x00F] = 1                 # nply 0x15F = 351
    with pytest.raises(sf.SaveDamagedError, match=what):
        read_save(bytes(resum(data)))


@pytest.mark.parametrize("slot,square,why", [
    (16, 0, "king is missing"),             # no black king
    (1, 0xC7, "share"),                     # the advisor onto the red king's square
    (1, 0xB6, "advisor's point"),           # d1 is not an advisor's point
    (3, 0xB8, "elephant's point"),
    (11, 0xB3, "cannot stand"),             # a red pawn on a1, behind its start
    (16, 0x00 + 0x17, "off the board"),
    (0, 0x78, "outside its palace"),
])
def test_illegal_start_positions_are_refused(slot, square, why):
    data = fresh(moves=())
    data[B + 0x20 + slot] = square
    with pytest.raises(sf.SaveIllegalStartError, match=why):
        read_save(bytes(resum(data)))


def test_kings_facing_and_the_side_not_to_move_in_check_are_refused():
    data = bytearray(write_save(SavedGame(fen="4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1")))
    data[B + 0x20] = 0xC7                   # the red king to e0: kings face on e
    with pytest.raises(sf.SaveIllegalStartError, match="in check"):
        read_save(bytes(resum(data)))


def test_an_illegal_move_is_refused_with_its_number():
    data = fresh(moves=("h2e2", "h9g7", "b0c2"))
    data[B + 0x40 + 5] = 0x99               # h9g7 -> h9 to a square a horse cannot reach
    with pytest.raises(sf.SaveIllegalMoveError, match="move 3"):
        read_save(bytes(resum(data)))
    data = fresh(moves=("h2e2",))
    data[B + 0x40] = 0x01                   # from off the board
    with pytest.raises(sf.SaveIllegalMoveError, match="move 1"):
        read_save(bytes(resum(data)))


def test_the_writer_refuses_what_the_cartridge_would_refuse():
    with pytest.raises(sf.SaveTooLongError):
        sf.encode_block(SavedGame(moves=["h0g2", "h9g7", "g2h0", "g7h9"] * 88))
    with pytest.raises(sf.SaveIllegalStartError):
        sf.encode_block(SavedGame(fen="4k4/9/9/9/9/9/9/9/9/3KA4 w - - 0 1"))
    with pytest.raises(sf.SaveIllegalMoveError):
        sf.encode_block(SavedGame(moves=["h2e2", "h2e2"]))
    with pytest.raises(sf.SaveDamagedError):
        sf.encode_block(SavedGame(fen="4k4/9/9/9/9/9/9/9/4A4/3K5 w - - 100 1"))
    with pytest.raises(sf.SaveDamagedError):
        sf.encode_block(SavedGame(level=9))


def test_the_longest_game_fits():
    moves = ["h0g2", "h9g7", "g2h0", "g7h9"] * 87 + ["h0g2", "h9g7"]
    assert len(moves) == sf.MAX_PLIES
    assert read_save(write_save(SavedGame(moves=moves))).moves == moves


def _doc_rows(section: str) -> list[tuple[int, int]]:
    text = DOC.read_text(encoding="utf-8")
    body = text.split(section, 1)[1].split("\n## ", 1)[0]
    return [(int(m.group(1), 16), int(m.group(2)))
            for m in re.finditer(r"^\| *0x *([0-9A-Fa-f]+) *\| *(\d+) *\|", body, re.M)]


def test_the_reference_page_tables_are_the_codes():
    assert _doc_rows("## Game block") == [(f.offset, f.size) for f in sf.game_fields()]
    assert _doc_rows("## Puzzle block") == [(f.offset, f.size) for f in sf.PUZZLE_FIELDS]
    text = DOC.read_text(encoding="utf-8")
    for f in sf.game_fields():
        if f.hi and f.name not in ("start_index", "version"):
            assert f"{f.lo}..{f.hi}" in text.replace(",", ""), f.name


def test_random_games_from_every_start_round_trip():
    for i, fen in enumerate(STARTS):
        moves = random_game(fen, 200, 7 + i)
        game = SavedGame(fen=Position.from_fen(fen).fen(), kind=3 if i else 0, moves=moves)
        assert read_save(write_save(game)).moves == moves
