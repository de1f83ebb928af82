"""Memories for the simulator (pyharness.rom.sim): a 64 KB bytearray with a model of the
MMC1's bank switch (`Mmc1Memory`) and one that records stray writes and forbidden reads
(`WatchedMemory`, for tests), which forwards mapper writes to an `Mmc1Memory` while
`Sim.call` runs a routine of the game bank."""
from __future__ import annotations

from typing import Iterable

from .symbols import PRG_BANK_SIZE


class Mmc1Memory(bytearray):
    """64 KB memory whose writes to $8000-$FFFF drive a model of the MMC1 (nesdev wiki
    "MMC1"): a 5-bit serial shift register (bit 7 set resets it and ORs $0C into the
    control register), committed on the 5th write to the register its address selects.
    The PRG bank register remaps $8000-$BFFF/$C000-$FFFF from `prg` as the control
    register's PRG mode says. `log` records every committed (register, value)."""

    def __init__(self, data: bytes, prg: bytes, prg_bank: int, control: int = 0x0E):
        super().__init__(data)
        self.prg = prg
        self.banks = len(prg) // PRG_BANK_SIZE
        self.shift = 0
        self.count = 0
        self.control = control
        self.prg_bank = prg_bank
        self.log: list[tuple[int, int]] = []

    def __setitem__(self, addr, value):  # noqa: D105
        if isinstance(addr, int) and addr >= 0x8000:
            self._mmc1_write(addr, value)
        else:
            super().__setitem__(addr, value)

    def _mmc1_write(self, addr: int, value: int) -> None:
        if value & 0x80:
            self.shift = self.count = 0
            self.control |= 0x0C
            self._remap()
            return
        self.shift |= (value & 1) << self.count
        self.count += 1
        if self.count < 5:
            return
        reg, v = (addr >> 13) & 3, self.shift
        self.shift = self.count = 0
        self.log.append((reg, v))
        if reg == 0:
            self.control = v
        elif reg == 3:
            self.prg_bank = v & 0x0F
        self._remap()

    def _bank(self, n: int) -> bytes:
        n %= self.banks
        return self.prg[n * PRG_BANK_SIZE:(n + 1) * PRG_BANK_SIZE]

    def _remap(self) -> None:
        mode = (self.control >> 2) & 3
        if mode < 2:                                   # 32 KB
            lo, hi = self.prg_bank & ~1, (self.prg_bank & ~1) + 1
        elif mode == 2:                                # first bank fixed at $8000
            lo, hi = 0, self.prg_bank
        else:                                          # last bank fixed at $C000
            lo, hi = self.prg_bank, self.banks - 1
        super().__setitem__(slice(0x8000, 0xC000), self._bank(lo))
        super().__setitem__(slice(0xC000, 0x10000), self._bank(hi))


class WatchedMemory(bytearray):
    """64 KB memory that records writes outside `allowed` and reads inside `forbidden`.

    Ranges are inclusive (lo, hi). `violations` holds (kind, address, value, pc) tuples,
    kind "write" or "read". While `mapper` holds an Mmc1Memory (`Sim.call` of a routine
    that switches banks), writes to $8000-$FFFF go to its MMC1 model, which remaps this
    memory's ROM window.
    """

    def __init__(self, data: bytes, allowed: Iterable[tuple[int, int]],
                 forbidden_reads: Iterable[tuple[int, int]] = ()):
        super().__init__(data)
        self.allowed = tuple(allowed)
        self.forbidden_reads = tuple(forbidden_reads)
        self.pc_of = lambda: -1
        self.violations: list[tuple[str, int, int, int]] = []
        self.mapper: Mmc1Memory | None = None

    def __setitem__(self, addr, value):  # noqa: D105
        if isinstance(addr, int) and not any(lo <= addr <= hi for lo, hi in self.allowed):
            self.violations.append(("write", addr, value, self.pc_of()))
        if self.mapper is not None and isinstance(addr, int) and addr >= 0x8000:
            self.mapper[addr] = value
            super().__setitem__(slice(0x8000, 0x10000), self.mapper[0x8000:0x10000])
            return
        super().__setitem__(addr, value)

    def __getitem__(self, addr):  # noqa: D105
        value = super().__getitem__(addr)
        if isinstance(addr, int) and any(lo <= addr <= hi for lo, hi in self.forbidden_reads):
            self.violations.append(("read", addr, value, self.pc_of()))
        return value


__all__ = ["Mmc1Memory", "WatchedMemory"]
