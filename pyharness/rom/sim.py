"""Run routines of the built ROM under py65, as the cartridge maps them.

The PRG-ROM of `build/xiangqi.nes` is loaded at its CPU addresses the way the MMC1
(16 KB mode, last bank fixed) maps it while the engine thinks: the engine bank at
$8000-$BFFF (the bank of the asm constant ENGINE_BANK, asm/nes/far.s; by symbol, never
by address), the last (fixed) bank at $C000-$FFFF (docs/cartridge.md). `call()` of a
routine that lives in another switchable bank maps that bank first (`map_bank`); a
routine of the game bank (GAME_BANK, asm/nes/far.s), which calls the engine through the
trampolines, runs with the MMC1 model and leaves the engine bank mapped.
Internal RAM ($0000-$07FF) and PRG-RAM ($6000-$7FFF) are plain memory. With
`mapper=True` writes to $8000-$FFFF go to a model of the MMC1 (serial port, PRG bank)
instead of memory, for code that switches banks (the NMI, the trampolines). Symbols
come from the ld65 label/debug files; nothing is hard-coded. Before they are parsed, the
ROM, its label file and its debug file must be the three the build's fingerprint names
(`build/xiangqi.sum`, pyharness.rom.fingerprint): a damaged ROM or the labels of another
build is a RomFormatError, never a wrong answer.

`Sim.call(routine)` pushes a return address pointing at an unmapped sentinel, jumps to
the routine and runs until the RTS lands on the sentinel. It counts cycles, raises
`SimLimitError` past a cycle limit, `SimBrkError` on BRK and `SimDecimalError` if the
decimal flag would be set (the NES CPU has no decimal mode). With `frame_hook=True` the
16-bit `frame_count` advances every 29,781 cycles, as the NMI does on an NTSC console;
an `on_frame` callback (a watchdog) runs at every such tick of the call, with or without
the frame hook. Frames that passed in calls without the hook (a game record set up
before a think) are added to `frame_count` at once when a hooked call starts: the
callback sees only the frames of its own call.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, NoReturn

from py65.devices.mpu6502 import MPU

from ..inputfile import ROM_CAP, SYMBOLS_CAP, InputFileError, check_regular, read_bytes
from ..reference.clock import CYCLES_PER_FRAME
from . import fastops
from .memory import Mmc1Memory, WatchedMemory
from .symbols import (INES_HEADER, PRG_BANK_SIZE, SymbolError, SymbolTable, load_banks,
                      load_constants, load_symbols)
from ..errors import Xq65Error

#: Return sentinel: an address with nothing mapped on the cartridge ($5000-$5FFF is
#: open bus on an MMC1 board), never executed: the run loop stops when PC reaches it.
SENTINEL = 0x5FF0
DEFAULT_CYCLE_LIMIT = 50_000_000
#: environment variables naming another ROM and label file (set by `xq65 --rom/--labels`)
ROM_ENV = "XQ65_ROM"
LABELS_ENV = "XQ65_LABELS"
#: the CPU vectors: each must point at a label of the label file, or the two do not match
VECTORS = (("NMI", 0xFFFA), ("RESET", 0xFFFC), ("IRQ", 0xFFFE))


class SimError(Xq65Error):
    """Something went wrong while running 6502 code under the simulator."""


class RomFormatError(SimError):
    """The ROM file is missing or not an iNES/NES 2.0 image."""


class SimLimitError(SimError):
    """A call ran past its cycle limit (a hang or a routine far slower than expected)."""


class SimBrkError(SimError):
    """The CPU reached a BRK instruction (usually a jump into unfilled memory)."""


class SimDecimalError(SimError):
    """Code set the decimal flag, which the NES CPU ignores: a portability bug."""


@dataclass(frozen=True)
class CallResult:
    """What one `Sim.call` cost."""

    cycles: int
    instructions: int


@dataclass
class RomImage:
    """The PRG banks of an iNES file (and the file's bytes, for its fingerprint)."""

    prg: bytes
    banks: int
    data: bytes = field(default=b"", repr=False)

    @classmethod
    def read(cls, path: Path) -> "RomImage":
        """Read an iNES/NES 2.0 file; raise RomFormatError when it is not one."""
        path = Path(path)
        if not path.exists():
            raise RomFormatError(f"ROM {path} not found; run `xq65 build` first")
        try:
            data = read_bytes(path, "ROM", ROM_CAP)
        except InputFileError as exc:
            raise RomFormatError(str(exc)) from None
        if len(data) < INES_HEADER or data[:4] != b"NES\x1a":
            raise RomFormatError(f"{path} is not an iNES file")
        banks = data[4]
        if (data[7] & 0x0C) == 0x08:  # NES 2.0: high bits of the PRG size
            banks |= (data[9] & 0x0F) << 8
        start = INES_HEADER + (512 if data[6] & 0x04 else 0)
        prg = data[start:start + banks * PRG_BANK_SIZE]
        if banks < 1 or len(prg) != banks * PRG_BANK_SIZE:
            raise RomFormatError(f"{path}: truncated PRG-ROM ({len(prg)} bytes)")
        chr_size = data[5] * 0x2000
        if len(data) < start + len(prg) + chr_size:
            raise RomFormatError(f"{path}: truncated CHR-ROM ({len(data) - start - len(prg)}"
                                 f" of {chr_size} bytes)")
        return cls(prg, banks, data)

    def vector(self, address: int) -> int:
        """The word at a CPU address $C000-$FFFF of the fixed (last) bank."""
        at = len(self.prg) - 0x10000 + address
        return self.prg[at] | self.prg[at + 1] << 8

    def check_fingerprint(self, path: Path, labels: Path, dbg: Path) -> None:
        """RomFormatError unless the build fingerprint beside `labels` names this ROM,
        its label file and its debug file (pyharness.rom.fingerprint)."""
        from .fingerprint import FingerprintError, verify
        try:
            verify(path, self.data, labels, dbg)
        except (FingerprintError, InputFileError) as exc:
            raise RomFormatError(str(exc)) from None

    def check_vectors(self, path: Path, symbols: SymbolTable | None = None,
                      labels: Path | None = None) -> None:
        """RomFormatError unless every CPU vector points into PRG-ROM ($8000-$FFFF) and,
        given the symbols, at one of their labels: a zeroed or foreign PRG, or a label
        file of another build, is refused before anything runs."""
        code = None if symbols is None else {a for a in symbols.values() if a >= 0x8000}
        for name, at in VECTORS:
            target = self.vector(at)
            if target < 0x8000:
                raise RomFormatError(f"{path}: its {name} vector ${target:04X} is outside "
                                     f"PRG-ROM (a corrupt or zeroed ROM)")
            if code is not None and target not in code:
                raise RomFormatError(
                    f"{path} does not match {labels}: its {name} vector ${target:04X} is "
                    f"no label there (a corrupt ROM, or labels of another build)")


def rom_selected() -> Path | None:
    """The ROM named by $XQ65_ROM (`xq65 --rom`), or None for the standard build."""
    name = os.environ.get(ROM_ENV)
    return Path(name) if name else None


def default_paths(root: Path | None = None) -> tuple[Path, Path, Path]:
    """The ROM, label and debug files: those of $XQ65_ROM (labels from $XQ65_LABELS or
    beside the ROM) when it is set, else the standard build's."""
    chosen = rom_selected()
    if chosen is not None and root is None:
        labels = Path(os.environ.get(LABELS_ENV) or chosen.with_suffix(".labels"))
        return chosen, labels, labels.with_suffix(".dbg")
    if root is None:
        root = Path(__file__).resolve().parents[2]
    b = root / "build"
    return b / "xiangqi.nes", b / "xiangqi.labels", b / "xiangqi.dbg"


class Sim:
    """A py65 6502 with the cartridge's PRG-ROM, RAM and PRG-RAM, called by symbol."""

    def __init__(self, rom: Path | None = None, labels: Path | None = None,
                 dbg: Path | None = None, *, frame_hook: bool = False,
                 mapper: bool = False):
        """Load the ROM (default: build/xiangqi.nes) and its symbols; map the engine
        bank at $8000 and the last bank at $C000 (see the module doc)."""
        d_rom, d_labels, d_dbg = default_paths()
        rom = Path(rom or d_rom)
        labels = Path(labels or d_labels)
        if dbg is None:
            dbg = d_dbg if labels == d_labels else labels.with_suffix(".dbg")
        self.image = RomImage.read(rom)
        self.dbg_path = Path(dbg) if dbg else None
        if not labels.exists():
            raise RomFormatError(f"label file {labels} not found; run `xq65 build` first")
        try:
            check_regular(labels, "label file", SYMBOLS_CAP)
        except InputFileError as exc:
            raise RomFormatError(str(exc)) from None
        self.image.check_vectors(rom)
        self.image.check_fingerprint(rom, labels, Path(dbg))   # before parsing them
        self.banks: dict[str, int] = {}
        self.engine_bank = 0
        self.game_bank = -1
        try:
            self.symbols: SymbolTable = load_symbols(
                labels, dbg if dbg and Path(dbg).exists() else None)
            if self.dbg_path is not None and self.dbg_path.exists():
                self.banks = load_banks(self.dbg_path, self.image.banks)
                consts = load_constants(self.dbg_path)
                self.engine_bank = consts.get("ENGINE_BANK", self.banks.get("mg_generate", 0))
                self.game_bank = consts.get("GAME_BANK", -1)
        except (InputFileError, SymbolError) as exc:
            raise RomFormatError(str(exc)) from None
        self.fixed_bank = self.image.banks - 1
        mem = bytearray(0x10000)
        mem[0xC000:0x10000] = self.image.prg[-PRG_BANK_SIZE:]
        self.image.check_vectors(rom, self.symbols, labels)
        if mapper:
            mem = Mmc1Memory(mem, self.image.prg, self.engine_bank)
        self.mpu = MPU(memory=mem, pc=0)
        self.steps = fastops.step_table(self.mpu)  # py65's instructions, written out
        self._run_src = self._run_table = None
        self.mapped_bank = -1
        self.map_bank(self.engine_bank)
        self.frame_hook = frame_hook
        self._next_frame = CYCLES_PER_FRAME
        self.total_cycles = 0

    # ------------------------------------------------------------------ memory

    @property
    def memory(self) -> bytearray:
        """The 64 KB address space (bytearray)."""
        return self.mpu.memory

    def map_bank(self, bank: int) -> None:
        """Map PRG bank `bank` at $8000-$BFFF (as mmc1_select does on the cartridge)."""
        if not 0 <= bank < self.image.banks:
            raise SimError(f"no PRG bank {bank} (the ROM has {self.image.banks})")
        self.mpu.memory[0x8000:0xC000] = self.image.prg[bank * PRG_BANK_SIZE:
                                                        (bank + 1) * PRG_BANK_SIZE]
        if isinstance(self.mpu.memory, Mmc1Memory):
            self.mpu.memory.prg_bank = bank
        if "mmc1_bank" in self.symbols:            # as mmc1_select leaves it
            self.mpu.memory[self.addr("mmc1_bank")] = bank
        self.mapped_bank = bank

    def bank_of(self, symbol: str) -> int:
        """PRG bank of a ROM label (KeyError naming it when it has none)."""
        if symbol not in self.banks:
            raise KeyError(f"symbol {symbol!r} has no PRG bank in {self.dbg_path}")
        return self.banks[symbol]

    def addr(self, symbol: str | int) -> int:
        """Address of a symbol (or an int passed through)."""
        return self.symbols.address(symbol)

    def read(self, symbol: str | int, count: int = 1) -> bytes:
        """`count` bytes from a symbol's address."""
        a = self.addr(symbol)
        return bytes(self.memory[a:a + count])

    def peek(self, symbol: str | int, offset: int = 0) -> int:
        """One byte at symbol + offset."""
        return self.memory[self.addr(symbol) + offset]

    def poke(self, symbol: str | int, value: int, offset: int = 0) -> None:
        """Write one byte at symbol + offset."""
        self.memory[self.addr(symbol) + offset] = value & 0xFF

    def write(self, symbol: str | int, data: bytes) -> None:
        """Write bytes at a symbol's address."""
        a = self.addr(symbol)
        self.memory[a:a + len(data)] = bytes(data)

    def peek16(self, symbol: str | int) -> int:
        """Little-endian 16-bit word at a symbol."""
        a = self.addr(symbol)
        return self.memory[a] | (self.memory[a + 1] << 8)

    def watch(self, allowed: Iterable[tuple[int, int]],
              forbidden_reads: Iterable[tuple[int, int]] = ()) -> WatchedMemory:
        """Replace memory by a WatchedMemory (writes outside `allowed`, reads inside
        `forbidden_reads` are recorded). The stack page ($0100-$01FF) is always allowed.
        Slow: for tests only.
        """
        allowed = list(allowed) + [(0x0100, 0x01FF)]
        wm = WatchedMemory(self.mpu.memory, allowed, forbidden_reads)
        wm.pc_of = lambda: self.mpu.pc
        self.mpu.memory = wm
        return wm

    # ------------------------------------------------------------------ running

    def call(self, routine: str | int, *, a: int = 0, x: int = 0, y: int = 0,
             max_cycles: int = DEFAULT_CYCLE_LIMIT,
             profile: dict[int, int] | None = None,
             hits: dict[int, int] | None = None,
             hooks: dict[int, Callable[[], None]] | None = None,
             on_frame: Callable[[], None] | None = None) -> CallResult:
        """Call a routine with JSR semantics and run until it returns.

        With `profile`, adds the cycles of every instruction to profile[pc]; with
        `hits` (given together with `profile`), counts its executions in hits[pc].
        With `hooks`, calls hooks[pc]() before the instruction at pc runs (a
        breakpoint that may read or write memory; used for node traces). `on_frame()`
        runs every 29,781 cycles of the call (a watchdog may raise there).
        Raises SimLimitError, SimBrkError or SimDecimalError (see the module doc).
        """
        target = self.addr(routine)
        bank = self.banks.get(routine) if isinstance(routine, str) else None
        if bank is not None and bank == self.game_bank:
            return self._call_switching(routine, bank, a=a, x=x, y=y, max_cycles=max_cycles,
                                        profile=profile, hits=hits, hooks=hooks,
                                        on_frame=on_frame)
        return self._run(routine, target, bank, a=a, x=x, y=y, max_cycles=max_cycles,
                         profile=profile, hits=hits, hooks=hooks, on_frame=on_frame)

    def _run_steps(self) -> list:
        """The run loop's table (fastops.lean_table of `self.steps`, again if replaced)."""
        if self._run_src is not self.steps:
            self._run_table, self._run_src = fastops.lean_table(self.steps), self.steps
        return self._run_table

    def _raise_special(self, sp: fastops.LeanStop, routine, cycles: int) -> NoReturn:
        """The SimError of a fastops.LeanStop raised at `cycles` (before its instruction's)."""
        mpu = self.mpu
        if sp.op == fastops.OP_BRK:
            mpu.processorCycles = cycles
            raise SimBrkError(f"BRK at ${sp.pc:04X} while running {routine}")
        if sp.op == fastops.OP_SED:
            mpu.processorCycles = cycles
            raise SimDecimalError(f"SED at ${sp.pc:04X} while running {routine}")
        mpu.processorCycles = cycles + sp.spent
        raise SimDecimalError(f"decimal flag set at ${sp.pc:04X} in {routine}")

    def _call_switching(self, routine: str, bank: int, **kw) -> CallResult:
        """Call a routine of the game bank (asm/engine/game.s): it reaches the engine
        through the trampolines, which switch banks, so it runs with the MMC1 model
        (`Mmc1Memory`; a WatchedMemory forwards to one) and `mmc1_bank` set as
        mmc1_select leaves it. Afterwards the engine bank is mapped again, as the
        trampoline that called the routine on the cartridge leaves it, and the RAM keeps
        what the routine wrote."""
        outer = run_mem = self.mpu.memory
        if isinstance(outer, WatchedMemory):
            outer.mapper = Mmc1Memory(outer, self.image.prg, bank)
        elif not isinstance(outer, Mmc1Memory):        # (a Sim(mapper=True) has one)
            run_mem = self.mpu.memory = Mmc1Memory(outer, self.image.prg, bank)
        self.map_bank(bank)
        try:
            return self._run(routine, self.addr(routine), bank, **kw)
        finally:
            if run_mem is not outer:
                outer[0:0x8000] = run_mem[0:0x8000]
                self.mpu.memory = outer
            if isinstance(outer, WatchedMemory):
                outer.mapper = None
            self.map_bank(self.engine_bank)

    def _run(self, routine: str | int, target: int, bank: int | None, *, a: int, x: int,
             y: int, max_cycles: int, profile: dict[int, int] | None,
             hits: dict[int, int] | None, hooks: dict[int, Callable[[], None]] | None,
             on_frame: Callable[[], None] | None) -> CallResult:
        """The run loop of `call` (the bank of the routine, if switchable, mapped here)."""
        mpu = self.mpu
        if bank is not None and 0x8000 <= target < 0xC000 and bank != self.mapped_bank:
            self.map_bank(bank)
        mem = mpu.memory
        ret = SENTINEL - 1
        mpu.sp = 0xFD
        mem[0x1FE] = ret & 0xFF
        mem[0x1FF] = ret >> 8
        mpu.sp = 0xFD
        mpu.pc = target
        mpu.a, mpu.x, mpu.y = a & 0xFF, x & 0xFF, y & 0xFF
        mpu.p = 0x24  # I set, D clear
        start = mpu.processorCycles
        limit = start + max_cycles
        steps = 0
        count_frames = self.frame_hook
        hook = count_frames or on_frame is not None
        frame_addr = self.addr("frame_count") if count_frames else 0
        if hook and self._next_frame <= self.total_cycles:
            # frames that passed while nothing ticked: counted, not replayed one by one
            missed = (self.total_cycles - self._next_frame) // CYCLES_PER_FRAME + 1
            self._next_frame += missed * CYCLES_PER_FRAME
            if count_frames:
                v = (mem[frame_addr] | (mem[frame_addr + 1] << 8)) + missed
                mem[frame_addr] = v & 0xFF
                mem[frame_addr + 1] = (v >> 8) & 0xFF
        sentinel = SENTINEL
        cycles = start                              # mpu.processorCycles, kept local
        next_frame = self._next_frame - self.total_cycles + start
        # one comparison a step: the cap and the next frame are folded into `stop`;
        # BRK, SED, PLP and RTI raise fastops.LeanStop from their own table entries. The
        # step loop is written twice, so the plain one tests nothing else; the other
        # serves hooks and profiles.
        table = self._run_steps()
        never = limit + 1
        try:
            while True:
                stop = min(never, next_frame) if hook else never
                if hooks is None and profile is None:
                    while cycles < stop:
                        pc = mpu.pc
                        if pc == sentinel:
                            break
                        cycles += table[mem[pc]](mpu, pc)
                        steps += 1
                    else:
                        stop = -1
                else:
                    while cycles < stop:
                        pc = mpu.pc
                        if pc == sentinel:
                            break
                        if hooks is not None and pc in hooks:
                            mpu.processorCycles = cycles
                            hooks[pc]()
                        spent = table[mem[pc]](mpu, pc)
                        cycles += spent
                        steps += 1
                        if profile is not None:
                            profile[pc] = profile.get(pc, 0) + spent
                            if hits is not None:
                                hits[pc] = hits.get(pc, 0) + 1
                    else:
                        stop = -1
                if stop != -1:
                    break                               # the routine returned
                if cycles > limit:
                    mpu.processorCycles = cycles
                    raise SimLimitError(f"{routine} ran past its cap of {max_cycles:,} "
                                        f"cycles (PC ${mpu.pc:04X}): a runaway routine, stopped")
                next_frame += CYCLES_PER_FRAME
                self._next_frame += CYCLES_PER_FRAME
                if count_frames:
                    v = (mem[frame_addr] | (mem[frame_addr + 1] << 8)) + 1
                    mem[frame_addr] = v & 0xFF
                    mem[frame_addr + 1] = (v >> 8) & 0xFF
                if on_frame is not None:
                    mpu.processorCycles = cycles
                    on_frame()
        except fastops.LeanStop as sp:
            self._raise_special(sp, routine, cycles)
        mpu.processorCycles = cycles
        cycles = mpu.processorCycles - start
        self.total_cycles += cycles
        return CallResult(cycles, steps)


def make_sim(**kwargs) -> Sim:
    """A Sim of the standard build, building the ROM first if it is out of date (or of
    the ROM named by $XQ65_ROM, which is used as it is)."""
    if rom_selected() is None:
        from .build import build_rom
        build_rom(quiet=True)
    return Sim(**kwargs)


__all__ = ["Sim", "Mmc1Memory", "CallResult", "SimError", "SimLimitError", "SimBrkError",
           "SimDecimalError", "RomFormatError", "WatchedMemory",
           "make_sim", "CYCLES_PER_FRAME", "SENTINEL"]
