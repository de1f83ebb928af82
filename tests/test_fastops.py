"""pyharness.rom.fastops against py65: every replaced opcode on random registers, flags
and memory (each read and write recorded), and a whole search run both ways."""
from __future__ import annotations

import random

import pytest

from py65.devices.mpu6502 import MPU

from pyharness.rom import fastops

FAST = fastops.fast_opcodes()


class Recorder(bytearray):
    """64 KB of memory that records every access, in order."""

    def __init__(self, data: bytes):
        super().__init__(data)
        self.log: list[tuple] = []

    def __getitem__(self, i):
        self.log.append(("r", i))
        return bytearray.__getitem__(self, i)

    def __setitem__(self, i, v):
        self.log.append(("w", i, v))
        bytearray.__setitem__(self, i, v)


def _state(mpu: MPU) -> tuple:
    return (mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.processorCycles)


def _py65_step(op: int, regs: tuple, image: bytes):
    """py65's own step() at pc (the opcode there)."""
    mem = Recorder(image)
    mpu = MPU(memory=mem, pc=0)
    mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p = regs
    mem.log.clear()
    mpu.step()
    return _state(mpu), mem.log, bytes(mem)


def _table_step(fn, regs: tuple, image: bytes):
    mem = Recorder(image)
    mpu = MPU(memory=mem, pc=0)
    mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p = regs
    mem.log.clear()
    mem.log.append(("r", regs[0]))                 # the run loop's read of the opcode
    mpu.processorCycles += fn(mpu, regs[0])
    return _state(mpu), mem.log, bytes(mem)


def test_every_opcode_equals_py65s_step():
    """Written-out and py65-backed table functions alike, against MPU.step()."""
    assert len(FAST) > 140                          # all but BRK, RTI, PHP, PLP, SED, JMP ()
    rng = random.Random(65)
    table = fastops.step_table(MPU())
    for op in range(256):
        if MPU.disassemble[op][0] in ("???", "BRK", "RTI"):
            continue
        fn = table[op]
        assert (fn is FAST.get(op)) == (op in FAST)
        for trial in range(120 if op in FAST else 20):
            if trial % 8 == 0:                      # fresh random memory every 8 trials
                image = bytearray(rng.randbytes(0x10000))
            # now and then operands at a page edge, zero-page pointers at $FF, the stack
            # pointer at its ends, decimal mode (ADC and SBC then run py65's code)
            pc = rng.choice((rng.randrange(0x0200, 0xFFF0), rng.randrange(0x0CF0, 0x0D00)))
            saved = image[pc]
            image[pc] = op
            p = rng.randrange(256) & ~0x08 if trial % 4 else rng.randrange(256)
            regs = (pc, rng.randrange(256), rng.randrange(256), rng.randrange(256),
                    rng.choice((rng.randrange(256), 0x00, 0xFF)), p | 0x30)
            want = _py65_step(op, regs, bytes(image))
            got = _table_step(fn, regs, bytes(image))
            what = (MPU.disassemble[op], trial)
            assert got[0] == want[0], (what, got[0], want[0])
            assert got[1] == want[1], (what, "memory accesses", got[1], want[1])
            assert got[2] == want[2], (what, "memory")
            image[pc] = saved


def test_stock_is_requested_by_the_environment(monkeypatch):
    monkeypatch.setenv("XQ65_STOCK_MPU", "1")
    assert not any(fn in FAST.values() for fn in fastops.step_table(MPU()))
    monkeypatch.setenv("XQ65_STOCK_MPU", "0")
    assert sum(fn in FAST.values() for fn in fastops.step_table(MPU())) == len(FAST)


@pytest.mark.timeout(300)
def test_a_search_runs_to_the_same_cycle_both_ways(monkeypatch):
    """The ROM's search on suite positions: nodes, move, cycles and the whole RAM equal
    with py65's table and with the fast one."""
    from pyharness.bench.suite import load_suite
    from pyharness.reference.position import Position
    from pyharness.rom.asm_engine import AsmEngine

    def run(stock: bool):
        if stock:
            monkeypatch.setenv("XQ65_STOCK_MPU", "1")
        else:
            monkeypatch.delenv("XQ65_STOCK_MPU", raising=False)
        eng = AsmEngine()
        out = []
        for k, sp in enumerate(load_suite()[:3]):
            r = eng.think(Position.from_fen(sp.fen), depth=2, seed=1 + k, use_book=False)
            out.append((r.nodes, r.best_move, r.score, eng.sim.total_cycles,
                        bytes(eng.sim.memory[0:0x8000])))
        return out, eng.sim.steps[0xBD] is FAST[0xBD]

    stock, stock_fast = run(True)
    fast, fast_fast = run(False)
    assert not stock_fast and fast_fast
    assert fast == stock
