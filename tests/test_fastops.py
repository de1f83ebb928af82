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
    return (mpu.pc & 0xFFFF, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p, mpu.excycles)


def _run_one(fn, op: int, regs: tuple, image: bytes, addcycles: int):
    mem = Recorder(image)
    mpu = MPU(memory=mem, pc=0)
    mpu.pc, mpu.a, mpu.x, mpu.y, mpu.sp, mpu.p = regs
    mpu.excycles = 0
    mpu.addcycles = addcycles
    mem.log.clear()
    fn(mpu)
    return _state(mpu), mem.log, bytes(mem)


def test_every_fast_opcode_equals_py65():
    assert len(FAST) > 140                          # all but BRK, RTI, PHP, PLP, SED, JMP ()
    rng = random.Random(65)
    for op, fast in sorted(FAST.items()):
        stock = MPU.instruct[op]
        for trial in range(300):
            image = bytearray(rng.randbytes(0x10000))
            # the operand near a page edge now and then, and zero-page pointers near $FF
            pc = rng.choice((rng.randrange(0x0200, 0xFFF0), rng.randrange(0x02F0, 0x0300) + 0x0C00))
            image[pc - 1] = op
            p = rng.randrange(256) & ~0x08 if trial % 4 else rng.randrange(256)
            regs = (pc, rng.randrange(256), rng.randrange(256), rng.randrange(256),
                    rng.choice((rng.randrange(256), 0x00, 0xFF)), p | 0x30)
            add = MPU.extracycles[op]
            want = _run_one(stock, op, regs, bytes(image), add)
            got = _run_one(fast, op, regs, bytes(image), add)
            assert got[0] == want[0], (MPU.disassemble[op], trial, got[0], want[0])
            assert got[1] == want[1], (MPU.disassemble[op], trial, "memory accesses")
            assert got[2] == want[2], (MPU.disassemble[op], trial, "memory")


def test_install_is_per_mpu_and_can_be_refused(monkeypatch):
    a = MPU()
    fastops.install(a)
    assert a.instruct is not MPU.instruct and a.instruct[0xBD] is FAST[0xBD]
    assert MPU.instruct[0xBD] is not FAST[0xBD]     # the class's table is untouched
    monkeypatch.setenv("XQ65_STOCK_MPU", "1")
    b = MPU()
    fastops.install(b)
    assert "instruct" not in vars(b)


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
        return out, "instruct" in vars(eng.sim.mpu)

    stock, stock_fast = run(True)
    fast, fast_fast = run(False)
    assert not stock_fast and fast_fast
    assert fast == stock
