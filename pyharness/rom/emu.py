"""Run the built cartridge headless in cynes: frames, buttons, RAM by symbol name.

    emu = Emulator()                 # build/xiangqi.nes and its label file
    emu.step(60)
    emu.press("start")               # hold 1 frame, then release
    emu.read_u16("frame_count")
    emu.save_png("build/title.png")

Addresses are CPU addresses; names resolve through pyharness.rom.symbols (the ld65 label
file beside the ROM). cynes only guarantees reads and writes of RAM ($0000-$1FFF) and
PRG-RAM ($6000-$7FFF); other addresses raise ValueError here.
"""
from __future__ import annotations

import os
import re
from collections.abc import Iterable
from pathlib import Path

import numpy as np

from pyharness.rom.sim import LABELS_ENV, RomFormatError, RomImage
from pyharness.rom.symbols import SymbolError, SymbolTable, load_symbols
from pyharness.errors import Xq65Error

# cynes controller bits (cynes.NES_INPUT_*), player 1 in the low byte
BUTTONS = {
    "right": 0x01, "left": 0x02, "down": 0x04, "up": 0x08,
    "start": 0x10, "select": 0x20, "b": 0x40, "a": 0x80,
}
SAFE_RANGES = ((0x0000, 0x2000), (0x6000, 0x8000))


class RomMissingError(Xq65Error, FileNotFoundError):
    """The ROM file does not exist (build it with `make` or `xq65 build`)."""


class UnknownButtonError(Xq65Error, ValueError):
    """A button name that is not one of a b select start up down left right."""


def default_rom() -> Path:
    """The ROM the build makes, <root>/build/xiangqi.nes (or $XQ65_ROM: `xq65 --rom`)."""
    from pyharness.rom.sim import default_paths
    return default_paths()[0]


def button_mask(buttons: str | Iterable[str]) -> int:
    """Controller bits for button names: "start", "a+b", "up left" or ["a", "b"]."""
    names = buttons.replace("+", " ").split() if isinstance(buttons, str) else list(buttons)
    mask = 0
    for name in names:
        key = name.lower()
        if key not in BUTTONS:
            raise UnknownButtonError(
                f"unknown button {name!r}; use one of: {' '.join(BUTTONS)}")
        mask |= BUTTONS[key]
    return mask


def _check_safe(addr: int, n: int = 1) -> None:
    for lo, hi in SAFE_RANGES:
        if lo <= addr and addr + n <= hi:
            return
    raise ValueError(f"address ${addr:04X} (+{n}) is outside RAM $0000-$1FFF "
                     "and PRG-RAM $6000-$7FFF")


class Emulator:
    """A cynes NES running the cartridge, with its symbols."""

    def __init__(self, rom_path: str | Path | None = None):
        """Load the ROM (default build/xiangqi.nes); raises RomMissingError if absent."""
        from cynes import NES  # imported late: the module stays importable without it

        self.rom_path = Path(rom_path) if rom_path is not None else default_rom()
        if not self.rom_path.exists():
            raise RomMissingError(
                f"ROM {self.rom_path} not found; build it with `make` or `xq65 build`")
        self.image = RomImage.read(self.rom_path)   # RomFormatError: not iNES, truncated
        self._nes = NES(str(self.rom_path))
        self._symbols: SymbolTable | None = None
        self._held = 0
        self._frame = np.zeros((240, 256, 3), dtype=np.uint8)
        self.frames_run = 0

    # -- symbols ---------------------------------------------------------------------
    @property
    def labels_path(self) -> Path:
        """The label file: $XQ65_LABELS (`xq65 --labels`) or the .labels beside the ROM."""
        return Path(os.environ.get(LABELS_ENV) or self.rom_path.with_suffix(".labels"))

    @property
    def symbols(self) -> SymbolTable:
        """The ROM's symbols (loaded from the .labels file beside it on first use)."""
        if self._symbols is None:
            labels = self.labels_path
            if not labels.is_file():
                raise SymbolError(f"no label file {labels}: symbols are unavailable")
            self._symbols = load_symbols(labels)
        return self._symbols

    def address(self, symbol_or_addr: str | int) -> int:
        """A CPU address from a symbol name or an integer."""
        if isinstance(symbol_or_addr, int):
            return symbol_or_addr
        return self.symbols[symbol_or_addr]

    # -- running ---------------------------------------------------------------------
    def check_runs(self, frames: int) -> None:
        """Check the ROM's vectors and, when it has a label file (beside it, or named by
        `xq65 --labels`, which must exist), that the build fingerprint names the ROM and
        its labels; then run `frames` frames. RomFormatError when the ROM cannot be a
        working cartridge or is not the one its labels describe."""
        labels = self.labels_path
        symbols = None
        if os.environ.get(LABELS_ENV) and not labels.exists():
            raise RomFormatError(f"label file {labels} not found")
        self.image.check_vectors(self.rom_path)
        if labels.exists():
            self.image.check_fingerprint(self.rom_path, labels, labels.with_suffix(".dbg"))
            try:
                symbols = load_symbols(labels, labels.with_suffix(".dbg")
                                       if labels.with_suffix(".dbg").is_file() else None)
            except (OSError, SymbolError) as exc:
                raise RomFormatError(str(exc)) from None
            self._symbols = symbols
        self.image.check_vectors(self.rom_path, symbols, labels)
        self.step(frames)

    def step(self, frames: int = 1) -> np.ndarray:
        """Run `frames` frames with the held buttons; returns the last frame (RGB)."""
        if frames < 1:
            raise ValueError(f"frames must be >= 1, got {frames}")
        self._nes.controller = self._held
        self._frame = np.array(self._nes.step(frames))
        self.frames_run += frames
        return self._frame

    def hold(self, buttons: str | Iterable[str]) -> None:
        """Hold buttons down (from the next step on) until released."""
        self._held |= button_mask(buttons)

    def release(self, buttons: str | Iterable[str] | None = None) -> None:
        """Release the given buttons, or all of them."""
        self._held &= ~button_mask(buttons) if buttons is not None else 0

    def press(self, buttons: str | Iterable[str], frames: int = 1) -> np.ndarray:
        """Hold buttons for `frames` frames, release them and run one more frame."""
        mask = button_mask(buttons)
        self._held |= mask
        self.step(frames)
        self._held &= ~mask
        return self.step(1)

    def reset(self) -> None:
        """Press the console's reset button (RAM keeps its contents)."""
        self._nes.reset()

    @property
    def crashed(self) -> bool:
        """True when the CPU hit an invalid opcode (cynes stops stepping then)."""
        return bool(self._nes.has_crashed)

    # -- memory ----------------------------------------------------------------------
    def read(self, symbol_or_addr: str | int, n: int = 1) -> int | bytes:
        """Read one byte (an int) or, with n > 1, n bytes (bytes)."""
        addr = self.address(symbol_or_addr)
        _check_safe(addr, n)
        if n == 1:
            return self._nes[addr]
        return bytes(self._nes[addr + i] for i in range(n))

    def read_u16(self, symbol_or_addr: str | int) -> int:
        """Read a little-endian 16-bit value."""
        lo, hi = self.read(symbol_or_addr, 2)
        return lo | hi << 8

    def write(self, symbol_or_addr: str | int, value: int | bytes) -> None:
        """Write one byte (an int 0..255) or a run of bytes."""
        addr = self.address(symbol_or_addr)
        data = bytes([value]) if isinstance(value, int) else bytes(value)
        _check_safe(addr, len(data))
        for i, b in enumerate(data):
            self._nes[addr + i] = b

    # -- picture ---------------------------------------------------------------------
    def frame(self) -> np.ndarray:
        """The last frame: a (240, 256, 3) uint8 RGB array."""
        return self._frame

    def save_png(self, path: str | Path, scale: int = 1) -> Path:
        """Save the last frame as a PNG (optionally scaled up by an integer factor)."""
        from PIL import Image

        img = Image.fromarray(self._frame)
        if scale > 1:
            img = img.resize((256 * scale, 240 * scale), Image.NEAREST)
        from pyharness.inputfile import open_output
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open_output(path, "screenshot", ".png", binary=True) as fh:
            img.save(fh, format="PNG")
        return path


# ---------------------------------------------------------------------------------------
# Playing the cartridge through the controller (tests/test_game_*.py, screenshots)

#: Game modes of the menu (asm/include/ui.inc MODE_*).
MODE_RED, MODE_BLACK, MODE_TWO, MODE_DEMO = range(4)


def asm_const(name: str, source: str = "asm/include/ui.inc") -> int:
    """A decimal constant `NAME = n` of an asm source (the one source of the UI's
    layout: ui.inc, play.s)."""
    text = (Path(__file__).resolve().parents[2] / source).read_text()
    m = re.search(rf"^{name}\s*=\s*(\d+)", text, re.M)
    if not m:
        raise KeyError(f"{name} not in {source}")
    return int(m.group(1))
TEXT_GLYPHS = "一二三四五六七八九进退平前后中将军楚河漢界红黑胜和棋"   # pyharness/gen/ui_charset.py TEXT
PIECE_GLYPHS = "帅仕相马车炮兵将士象卒"                      # pyharness/gen/ui_charset.py PIECES


def decode_text(codes) -> str:
    """The ROM's text codes (nt_out, play_notes) as a string: $FF a space, $8n the digit
    n, $40+i piece glyph i, below $40 text glyph i."""
    out = []
    for c in codes:
        if c == 0xFF:
            out.append(" ")
        elif c >= 0x80:
            out.append(str(c & 0x0F))
        elif c >= 0x40:
            out.append(PIECE_GLYPHS[c & 0x3F])
        else:
            out.append(TEXT_GLYPHS[c])
    return "".join(out)
MENU_ROWS_FIRST = 0


class GameDriver:
    """Plays the ROM like a person: only controller input, reading RAM by symbol to know
    where the cursor is and whether the ROM has answered (never writing it)."""

    TAP_FRAMES = 2          # a button held 1 frame, released 1 frame

    def __init__(self, emu: Emulator | None = None):
        self.emu = emu or Emulator()

    # -- low level -------------------------------------------------------------------
    def tap(self, button: str, times: int = 1) -> None:
        """Press and release a button `times` times (2 frames each)."""
        for _ in range(times):
            self.emu.press(button)

    def wait(self, frames: int) -> None:
        self.emu.step(frames)

    def wait_until(self, cond, limit: int = 600, step: int = 1) -> int:
        """Run frames until cond() is true; returns the frames spent (TimeoutError)."""
        spent = 0
        while not cond():
            if spent >= limit:
                raise TimeoutError(f"condition not met within {limit} frames")
            self.emu.step(step)
            spent += step
        return spent

    # -- menus -----------------------------------------------------------------------
    def boot_to_menu(self) -> None:
        """From power-on (or reset): past the title to the menu."""
        self.wait(20)
        self.tap("start")
        self.wait(20)

    def start_game(self, mode: int = MODE_TWO, level: int = 3, cont: bool = False) -> None:
        """In the menu: choose mode and level, then NEW GAME (or CONTINUE)."""
        emu = self.emu
        if cont:
            while emu.read("menu_row") != emu.read("menu_rows") - 1:   # CONTINUE: the last row
                self.tap("down")
            self.tap("a")
        else:
            while emu.read("menu_row") != 0:
                self.tap("up")
            while emu.read("game_mode") != mode:
                self.tap("right")
            self.tap("down")
            while emu.read("game_level") != level:
                self.tap("right")
            self.tap("down")
            self.tap("a")
            if emu.read("save_state") == emu.address("SAVE_OK"):
                self.wait(4)    # "SAVED GAME GOES: SURE? A/B": yes
                self.tap("a")
        self.wait_until(lambda: emu.read("ui_nmi_cursor") == 1, limit=300)
        self.wait(4)

    # -- the board -------------------------------------------------------------------
    def cell_of_sq(self, sq: int) -> tuple[int, int]:
        c, r = (sq & 15) - 3, (sq >> 4) - 3
        if self.emu.read("game_flip"):
            c, r = 8 - c, 9 - r
        return c, r

    def cursor_to(self, sq: int) -> None:
        """Move the cursor onto square `sq` with the D-pad."""
        c, r = self.cell_of_sq(sq)
        emu = self.emu
        dc = c - emu.read("ui_cur_c")
        dr = r - emu.read("ui_cur_r")
        self.tap("right" if dc > 0 else "left", abs(dc))
        self.tap("down" if dr > 0 else "up", abs(dr))
        assert (emu.read("ui_cur_c"), emu.read("ui_cur_r")) == (c, r)

    def play(self, frm: int, to: int, settle: int = 400) -> bool:
        """Pick the piece on `frm`, drop it on `to`; True when the ROM played the move."""
        emu = self.emu
        before = emu.read("game_nply")
        self.cursor_to(frm)
        self.tap("a")
        self.wait(3)
        self.cursor_to(to)
        self.tap("a")
        try:
            self.wait_until(lambda: emu.read("game_nply") != before, limit=30)
        except TimeoutError:
            return False
        try:
            self.settle(settle)
        except TimeoutError:
            pass                # the CPU may be thinking already (events wait)
        return True

    def settle(self, limit: int = 400) -> None:
        """Wait until the VRAM buffer is empty and the event queue drained."""
        emu = self.emu
        self.wait_until(lambda: emu.read("vram_len") == 0
                        and emu.read("ev_head") == emu.read("ev_tail"), limit=limit)
        self.wait(2)

    # -- the screen ------------------------------------------------------------------
    def latin_tiles(self) -> dict[bytes, str]:
        """Pixel masks (64 bytes of 0/1) of the Latin tiles of build/ui.chr -> char."""
        if not hasattr(self, "_latin"):
            chr_path = self.emu.rom_path.with_name("ui.chr")
            data = chr_path.read_bytes()
            self._latin = {}
            for code in range(0x21, 0x5B):
                t = data[16 * code:16 * code + 16]
                mask = bytes(((t[y] | t[y + 8]) >> (7 - x)) & 1
                             for y in range(8) for x in range(8))
                if any(mask):
                    self._latin.setdefault(mask, chr(code))
        return self._latin

    def screen_text(self, col: int, row: int, n: int) -> str:
        """The Latin text the last frame shows at tile column `col`, row `row`, `n` tiles
        long: each 8x8 cell matched against the Latin tiles ("" for a blank cell is a
        space, "?" for anything else), trailing spaces stripped."""
        frame = self.emu.frame()
        wood = frame[0, 0]
        out = []
        for i in range(n):
            cell = frame[row * 8:row * 8 + 8, (col + i) * 8:(col + i) * 8 + 8]
            mask = bytes(int(any(cell[y, x] != wood)) for y in range(8) for x in range(8))
            out.append(" " if not any(mask) else self.latin_tiles().get(mask, "?"))
        return "".join(out).rstrip()

    # -- state -----------------------------------------------------------------------
    def board(self) -> bytes:
        return self.emu.read("eng_board", 256)

    def record(self) -> list[tuple[int, int]]:
        """The moves of the game record (the save block's move list, docs/save_format.md)."""
        n = self.emu.read("game_nply") + 256 * self.emu.read("game_nply_hi")
        if n == 0:
            return []
        raw = self.emu.read("save_moves", 2 * n)
        return list(zip(raw[0::2], raw[1::2]))

    def sound_effect(self) -> str | None:
        """The sound effect playing now (snd_move, snd_illegal, ...: the effect whose notes
        hold the player's position snd_pos), or None when none plays."""
        pos = self.emu.read("snd_pos")
        if pos == 0:
            return None
        base = self.emu.address("snd_notes")
        starts = sorted((self.emu.address(n) - base, n) for n in
                        ("snd_move", "snd_capture", "snd_check", "snd_illegal",
                         "snd_gameover", "snd_select"))
        return [n for off, n in starts if off <= pos][-1]

    def last_note(self) -> str:
        """The newest move of the side panel as text (炮二平五)."""
        base = self.emu.address("play_notes") + (asm_const("NOTES") - 1) * asm_const(
            "NOTE_SIZE")
        return decode_text([self.emu.read(base + i) for i in range(4)])
