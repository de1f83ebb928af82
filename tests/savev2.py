"""A test helper: battery images in the save layout version 2 (/docs/save_format.md,
the game block at $7D00 and the puzzle block at $7CF0), built here for the cartridge
tests (the public codec is pyharness.gameio.savefile, whose constants this helper uses;
it writes raw blocks the codec would refuse to write, for the ROM's refusal tests), and
`boot_with`: a cartridge in cynes powered on with a block in its PRG-RAM."""
from __future__ import annotations

from dataclasses import dataclass, field

from pyharness.gameio import savefile
from pyharness.reference.position import Move, Position
from pyharness.rom.emu import Emulator, GameDriver

# the layout's constants are the codec's (docs/save_format.md); this helper only writes
# blocks the codec would refuse to write (raw squares, wrong counts) for the ROM's tests
GAME_BLOCK = savefile.GAME_OFFSET
PUZZLE_BLOCK = savefile.PUZZLE_OFFSET
BLOCK_BYTES = savefile.GAME_SIZE
MAX_PLIES = savefile.MAX_PLIES
IMAGE_BYTES = savefile.SRAM_SIZE


def fletcher(data: bytes) -> bytes:
    """The save's checksum (savefile.checksum) as 2 bytes s1, s2."""
    return bytes(savefile.checksum(data))


@dataclass
class GameSave:
    """The fields of a game block."""

    start: Position = field(default_factory=Position.start)
    moves: list[str] = field(default_factory=list)     # ICCS
    mode: int = 2
    level: int = 3
    flip: int = 0
    kind: int = 0
    index: int = 0
    result: int = 0

    def block(self) -> bytes:
        """The 768 bytes of the game block."""
        b = bytearray(BLOCK_BYTES)
        b[0:4] = b"XQ65"
        b[4] = 2
        b[5], b[6], b[7], b[8], b[9] = self.mode, self.level, self.flip, self.kind, self.index
        b[0x0A] = self.start.side
        b[0x0B] = self.start.halfmove
        b[0x0C:0x0E] = self.start.fullmove.to_bytes(2, "little")
        b[0x0E:0x10] = len(self.moves).to_bytes(2, "little")
        b[0x10] = self.result
        b[0x20:0x40] = bytes(self.start.piece_sq[:32])
        for i, text in enumerate(self.moves):
            mv = Move.from_iccs(text)
            b[0x40 + 2 * i] = mv.frm
            b[0x41 + 2 * i] = mv.to
        b[0x2FE:0x300] = fletcher(bytes(b[:0x2FE]))
        return bytes(b)

    def position(self) -> Position:
        """The position after the moves."""
        pos = self.start.copy()
        for text in self.moves:
            pos.push_checked(Move.from_iccs(text))
        return pos


def puzzle_block(solved: set[int]) -> bytes:
    """The 16 bytes of a puzzle block with these puzzles solved."""
    b = bytearray(16)
    b[0:4] = b"XQPZ"
    for n in solved:
        b[4 + (n >> 3)] |= 1 << (n & 7)
    b[14:16] = fletcher(bytes(b[:14]))
    return bytes(b)


def parse_block(raw: bytes) -> dict:
    """The fields of a game block read back (no checks but the checksum's)."""
    n = int.from_bytes(raw[0x0E:0x10], "little")
    return {"magic": raw[0:4], "version": raw[4], "mode": raw[5], "level": raw[6],
            "flip": raw[7], "kind": raw[8], "index": raw[9], "side": raw[10],
            "half": raw[11], "fullmove": int.from_bytes(raw[12:14], "little"), "nply": n,
            "result": raw[0x10], "pieces": bytes(raw[0x20:0x40]),
            "moves": [(raw[0x40 + 2 * i], raw[0x41 + 2 * i]) for i in range(n)],
            "tail_zero": not any(raw[0x40 + 2 * n:0x2FE]),
            "sum_ok": fletcher(raw[:0x2FE]) == raw[0x2FE:0x300]}


def raw_block(mode: int, level: int, flip: int, moves: list[tuple[int, int]],
              start: Position | None = None, nply: int | None = None) -> bytes:
    """A game block from raw (from, to) squares (any bytes: for damaged saves); `nply`
    overrides the count (the move area keeps its first MAX_PLIES entries)."""
    start = start or Position.start()
    save = GameSave(start=start, mode=mode, level=level, flip=flip)
    b = bytearray(save.block())
    n = len(moves) if nply is None else nply
    b[0x0E:0x10] = n.to_bytes(2, "little")
    for i, (frm, to) in enumerate(moves[:MAX_PLIES]):
        b[0x40 + 2 * i], b[0x41 + 2 * i] = frm & 0xFF, to & 0xFF
    b[0x2FE:0x300] = fletcher(bytes(b[:0x2FE]))
    return bytes(b)


def boot_with(rom, block: bytes | None = None, at: int = GAME_BLOCK) -> GameDriver:
    """Power on, put `block` into PRG-RAM at file offset `at`, go to the menu."""
    d = GameDriver(Emulator(rom))
    d.wait(5)
    if block is not None:
        d.emu.write(0x6000 + at, block)
    d.wait(15)
    d.tap("start")
    d.wait(20)
    return d
