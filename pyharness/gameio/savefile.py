"""The cartridge's battery file, version 2 (docs/save_format.md is the reference page).

`read_save(bytes) -> SavedGame` and `write_save(SavedGame) -> bytes` on the 8,192-byte
PRG-RAM image ($6000-$7FFF) that FCEUX, Mesen and cynes write as `.sav`. The layout
lives once, in `GAME_FIELDS` / `PUZZLE_FIELDS` below: the reader, the writer, the page's
JavaScript codec (given `contract()` as JSON by pyharness.rom.web) and the test of
docs/save_format.md's table all use it.

A reader accepts a block only as a whole: magic, version 2, every field in range,
reserved bytes 0, checksum right, the start a legal position, every move legal in
turn. Anything else raises a `SaveError` subclass saying which and why.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ..reference.board import IN_BOARD, START_FEN, sq_to_iccs
from ..reference.errors import Xq65Error
from ..reference.game import Game
from ..reference.levels import all_levels
from ..reference.position import Move, Position
from .startpos import (KIND_HANDICAP, KIND_NAMES, KIND_PUZZLE, KIND_SETUP,  # noqa: F401
                       KIND_STANDARD, classify_start, handicap_fens, placement_problem,
                       start_index_limit)

SRAM_SIZE = 0x2000             # $6000-$7FFF
SRAM_BASE = 0x6000
GAME_OFFSET = 0x1D00           # $7D00
GAME_SIZE = 0x300
PUZZLE_OFFSET = 0x1CF0         # $7CF0
PUZZLE_SIZE = 0x10
MAGIC = b"XQ65"
PUZZLE_MAGIC = b"XQPZ"
VERSION = 2
#: a version-1 save (docs/ram_map.md before version 2) kept its magic at $7F83
V1_MAGIC_OFFSET = 0x1F83
MAX_PLIES = 350
MOVES_AT = 0x040
CHECKSUM_AT = 0x2FE
PUZZLE_CHECKSUM_AT = 0xE
MAX_HALFMOVE = 99
MAX_FULLMOVE = 9999

MODE_NAMES = ("red", "black", "2p", "cpu")     # the ROM's MODE_RED .. MODE_DEMO
UI_INC = Path(__file__).resolve().parents[2] / "asm" / "include" / "ui.inc"


@dataclass(frozen=True)
class Field:
    """One field of a block: name, offset in the block, size in bytes, allowed range."""

    name: str
    offset: int
    size: int
    lo: int = 0
    hi: int = 0


def _level_count() -> int:
    return len(all_levels())


@lru_cache(maxsize=1)
def result_codes() -> dict[int, str]:
    """The ROM's result codes (RES_* of asm/include/ui.inc): code -> name."""
    text = UI_INC.read_text(encoding="utf-8")
    codes = {int(v): n for n, v in re.findall(r"^RES_([A-Z]+)\s*=\s*(\d+)", text, re.M)}
    if not codes or 0 not in codes:
        raise SaveError(f"{UI_INC}: no RES_* result codes")
    return codes


def game_fields() -> tuple[Field, ...]:
    """The game block's fields in order (docs/save_format.md's table)."""
    return (
        Field("magic", 0x000, 4),
        Field("version", 0x004, 1, VERSION, VERSION),
        Field("mode", 0x005, 1, 0, len(MODE_NAMES) - 1),
        Field("level", 0x006, 1, 1, _level_count()),
        Field("flip", 0x007, 1, 0, 1),
        Field("start_kind", 0x008, 1, 0, len(KIND_NAMES) - 1),
        Field("start_index", 0x009, 1, 0, 255),
        Field("side", 0x00A, 1, 0, 1),
        Field("halfmove", 0x00B, 1, 0, MAX_HALFMOVE),
        Field("fullmove", 0x00C, 2, 1, MAX_FULLMOVE),
        Field("nply", 0x00E, 2, 0, MAX_PLIES),
        Field("result", 0x010, 1, 0, max(result_codes())),
        Field("reserved", 0x011, 15),
        Field("pieces", 0x020, 32),
        Field("moves", MOVES_AT, 2 * MAX_PLIES),
        Field("reserved2", 0x2FC, 2),
        Field("checksum", CHECKSUM_AT, 2),
    )


PUZZLE_FIELDS = (
    Field("magic", 0x0, 4),
    Field("solved", 0x4, 8),
    Field("reserved", 0xC, 2),
    Field("checksum", PUZZLE_CHECKSUM_AT, 2),
)


class SaveError(Xq65Error):
    """A battery file that cannot be read or written as a version-2 save."""


class SaveSizeError(SaveError):
    """Not 8,192 bytes: truncated, or not a PRG-RAM image."""


class SaveEmptyError(SaveError):
    """No xq65 save in the file: another cartridge's battery, or an erased one."""


class SaveOldVersionError(SaveError):
    """A version-1 save (magic at $7F83): refused, never misread."""


class SaveDamagedError(SaveError):
    """The version-2 block is damaged: checksum, a field out of range, reserved bytes."""


class SaveIllegalStartError(SaveError):
    """The start position is not a legal xiangqi position."""


class SaveIllegalMoveError(SaveError):
    """A move of the record is not legal in turn."""


class SaveTooLongError(SaveError):
    """More plies than the save holds."""


@dataclass
class SavedGame:
    """A game as the save holds it: where it started, how it is played, its moves."""

    fen: str = START_FEN              # the start position
    kind: int = KIND_STANDARD         # 0 standard, 1 handicap, 2 puzzle, 3 set-up
    index: int = 0                    # handicap or puzzle number (0-based)
    mode: int = 0                     # 0 red, 1 black, 2 two players, 3 CPU vs CPU
    level: int = 3
    flip: int = 0
    moves: list[str] = field(default_factory=list)   # ICCS
    result: int = 0                   # 0 in progress, else the ROM's RES_* code

    def start_position(self) -> Position:
        """The start position (InvalidFenError when the FEN is bad)."""
        return Position.from_fen(self.fen)

    def replay(self) -> Game:
        """A reference Game from the start with every move played (IllegalMoveError)."""
        game = Game(self.fen)
        for m in self.moves:
            game.push(m)
        return game


# ---------------------------------------------------------------- checksums

def checksum(data: bytes) -> tuple[int, int]:
    """The save's two running sums over `data`: s1 += b + 1, s2 += s1 (mod 256)."""
    s1 = s2 = 0
    for b in data:
        s1 = (s1 + b + 1) & 0xFF
        s2 = (s2 + s1) & 0xFF
    return s1, s2


def _get(block: bytes, f: Field) -> int:
    return int.from_bytes(block[f.offset:f.offset + f.size], "little")


def _fields() -> dict[str, Field]:
    return {f.name: f for f in game_fields()}


# ---------------------------------------------------------------- the start position

def position_from_pieces(pieces: bytes, side: int, halfmove: int, fullmove: int) -> Position:
    """A Position from a 32-byte piece list; SaveIllegalStartError when it is not legal."""
    pos = Position()
    for p, sq in enumerate(pieces):
        if not sq:
            continue
        if not IN_BOARD[sq]:
            raise SaveIllegalStartError(f"piece slot {p} stands on 0x{sq:02X}, off the board")
        if pos.board[sq]:
            raise SaveIllegalStartError(f"piece slots {pos.board[sq] - 16} and {p} share "
                                        f"the square {sq_to_iccs(sq)}")
        pos.board[sq] = 0x10 + p
        pos.piece_sq[p] = sq
    pos.side, pos.halfmove, pos.fullmove = side, halfmove, fullmove
    problem = placement_problem(pos)
    if problem:
        raise SaveIllegalStartError(f"the start position is not legal: {problem}")
    return pos


# ---------------------------------------------------------------- reading

def _check_size(data: bytes) -> None:
    if len(data) < SRAM_SIZE:
        raise SaveSizeError(f"the file is {len(data):,} bytes: a battery file is "
                            f"{SRAM_SIZE:,} (truncated?)")
    if len(data) > SRAM_SIZE:
        raise SaveSizeError(f"the file is {len(data):,} bytes: a battery file is "
                            f"{SRAM_SIZE:,} (not an xq65 PRG-RAM image)")


def game_block(data: bytes) -> bytes:
    """The 768-byte game block of an 8,192-byte image (SaveSizeError otherwise)."""
    _check_size(data)
    return bytes(data[GAME_OFFSET:GAME_OFFSET + GAME_SIZE])


def read_save(data: bytes) -> SavedGame:
    """Read a battery file; raise a SaveError subclass saying why it is refused."""
    block = game_block(data)
    fields = _fields()
    if block[:4] != MAGIC or block[4] != VERSION:
        if data[V1_MAGIC_OFFSET:V1_MAGIC_OFFSET + 4] == MAGIC:
            raise SaveOldVersionError("a save of an older version (version 1, before "
                                      "start positions): this cartridge cannot read it")
        if block[:4] == MAGIC:
            raise SaveDamagedError(f"a save of version {block[4]}: this reader knows "
                                   f"version {VERSION}")
        raise SaveEmptyError("no xq65 game in this battery file (another cartridge's, "
                             "or an empty one)")
    s1, s2 = checksum(block[:CHECKSUM_AT])
    if (s1, s2) != (block[CHECKSUM_AT], block[CHECKSUM_AT + 1]):
        raise SaveDamagedError(f"the save is damaged: checksum {s1:02X} {s2:02X} computed, "
                               f"{block[CHECKSUM_AT]:02X} {block[CHECKSUM_AT + 1]:02X} stored")
    for f in game_fields():
        if f.name.startswith("reserved"):
            if any(block[f.offset:f.offset + f.size]):
                raise SaveDamagedError(f"the save is damaged: reserved bytes at block "
                                       f"offset 0x{f.offset:03X} are not 0")
        elif f.hi:
            v = _get(block, f)
            if not f.lo <= v <= f.hi:
                raise SaveDamagedError(f"the save is damaged: {f.name} = {v}, "
                                       f"want {f.lo}..{f.hi}")
    v = {name: _get(block, fields[name]) for name in
         ("mode", "level", "flip", "start_kind", "start_index", "side", "halfmove",
          "fullmove", "nply", "result")}
    kind, index = v["start_kind"], v["start_index"]
    limit = start_index_limit(kind)
    if index >= limit:
        raise SaveDamagedError(f"the save is damaged: start index {index} for a "
                               f"{KIND_NAMES[kind]} start, want 0..{limit - 1}")
    pieces = block[fields["pieces"].offset:fields["pieces"].offset + 32]
    start = position_from_pieces(pieces, v["side"], v["halfmove"], v["fullmove"])
    pos = start.copy()
    moves = []
    for i in range(v["nply"]):
        frm, to = block[MOVES_AT + 2 * i], block[MOVES_AT + 2 * i + 1]
        if not (IN_BOARD[frm] and IN_BOARD[to]):
            raise SaveIllegalMoveError(f"move {i + 1} (0x{frm:02X} 0x{to:02X}) leaves "
                                       f"the board")
        move = Move(frm, to)
        try:
            pos.check_move(move)
        except Xq65Error as exc:
            raise SaveIllegalMoveError(f"move {i + 1} is not legal: {exc}") from None
        pos.push(move)
        moves.append(move.iccs())
    return SavedGame(fen=start.fen(), kind=kind, index=index, mode=v["mode"],
                     level=v["level"], flip=v["flip"], moves=moves, result=v["result"])


# ---------------------------------------------------------------- writing

def puzzle_block(solved: int = 0) -> bytes:
    """A valid puzzle block with the bitmap `solved` (bit n = puzzle n solved)."""
    body = PUZZLE_MAGIC + solved.to_bytes(8, "little") + bytes(2)
    return body + bytes(checksum(body))


def encode_block(game: SavedGame) -> bytes:
    """The 768-byte game block of `game`; a SaveError subclass when it cannot be saved
    as the cartridge would read it back."""
    fields = _fields()
    try:
        pos = Position.from_fen(game.fen)
    except Xq65Error as exc:
        raise SaveIllegalStartError(f"the start position is not legal: {exc}") from None
    problem = placement_problem(pos)
    if problem:
        raise SaveIllegalStartError(f"the start position is not legal: {problem}")
    if len(game.moves) > MAX_PLIES:
        raise SaveTooLongError(f"{len(game.moves)} plies: the save holds {MAX_PLIES}")
    values = {"version": VERSION, "mode": game.mode, "level": game.level, "flip": game.flip,
              "start_kind": game.kind, "start_index": game.index, "side": pos.side,
              "halfmove": pos.halfmove, "fullmove": pos.fullmove,
              "nply": len(game.moves), "result": game.result}
    for name, v in values.items():
        f = fields[name]
        if not f.lo <= v <= f.hi:
            raise SaveDamagedError(f"{name} = {v} cannot be saved: want {f.lo}..{f.hi}")
    limit = start_index_limit(game.kind)
    if game.index >= limit:
        raise SaveDamagedError(f"start index {game.index} for a {KIND_NAMES[game.kind]} "
                               f"start: want 0..{limit - 1}")
    block = bytearray(GAME_SIZE)
    block[0:4] = MAGIC
    for name, v in values.items():
        f = fields[name]
        block[f.offset:f.offset + f.size] = v.to_bytes(f.size, "little")
    pf = fields["pieces"]
    block[pf.offset:pf.offset + 32] = pos.piece_sq
    for i, text in enumerate(game.moves):
        try:
            move = pos.parse_move(text)
        except Xq65Error as exc:
            raise SaveIllegalMoveError(f"move {i + 1} ({text}) is not legal: {exc}") from None
        pos.push(move)
        block[MOVES_AT + 2 * i] = move.frm
        block[MOVES_AT + 2 * i + 1] = move.to
    block[CHECKSUM_AT:CHECKSUM_AT + 2] = bytes(checksum(block[:CHECKSUM_AT]))
    return bytes(block)


def read_puzzle_solved(data: bytes) -> int:
    """The solved-puzzle bitmap of an image (0 when the puzzle block is not valid)."""
    _check_size(data)
    blk = data[PUZZLE_OFFSET:PUZZLE_OFFSET + PUZZLE_SIZE]
    if (blk[:4] != PUZZLE_MAGIC or any(blk[0xC:0xE])
            or bytes(checksum(blk[:PUZZLE_CHECKSUM_AT])) != blk[PUZZLE_CHECKSUM_AT:]):
        return 0
    return int.from_bytes(blk[4:12], "little")


def write_save(game: SavedGame, keep: bytes | None = None) -> bytes:
    """The 8,192-byte battery file of `game`: the game block, a puzzle block (the solved
    puzzles of `keep` when it is given and valid, else none), every other byte 0."""
    out = bytearray(SRAM_SIZE)
    out[GAME_OFFSET:GAME_OFFSET + GAME_SIZE] = encode_block(game)
    solved = read_puzzle_solved(keep) if keep is not None else 0
    out[PUZZLE_OFFSET:PUZZLE_OFFSET + PUZZLE_SIZE] = puzzle_block(solved)
    return bytes(out)


def contract_js() -> str:
    """`contract()` as the page's script build/web/save_contract.js."""
    import json
    return ("// generated by pyharness.rom.web from pyharness/gameio/savefile.py: do not edit\n"
            f"var XQ65_CONTRACT = {json.dumps(contract(), ensure_ascii=False)};\n")


def contract() -> dict:
    """The layout, ranges and names as one JSON-able object: the page's JavaScript codec
    reads it (build/web/save_contract.js), so no offset or range is typed twice."""
    from ..reference.puzzles import load_puzzles
    return {
        "sramSize": SRAM_SIZE, "gameOffset": GAME_OFFSET, "gameSize": GAME_SIZE,
        "puzzleOffset": PUZZLE_OFFSET, "puzzleSize": PUZZLE_SIZE,
        "v1MagicOffset": V1_MAGIC_OFFSET, "magic": MAGIC.decode(),
        "puzzleMagic": PUZZLE_MAGIC.decode(), "version": VERSION, "maxPlies": MAX_PLIES,
        "movesAt": MOVES_AT, "checksumAt": CHECKSUM_AT,
        "fields": [{"name": f.name, "offset": f.offset, "size": f.size, "lo": f.lo,
                    "hi": f.hi} for f in game_fields()],
        "modes": list(MODE_NAMES), "kinds": list(KIND_NAMES),
        "results": {str(k): v for k, v in result_codes().items()},
        "levels": [{"number": lv.number, "zh": lv.name_zh, "en": lv.name_en}
                   for lv in all_levels()],
        "handicapCount": start_index_limit(KIND_HANDICAP),
        "handicaps": handicap_fens(),
        "puzzles": [{"fen": pz.fen, "goal": pz.goal_text} for pz in load_puzzles()],
        "startFen": START_FEN,
    }
