"""The NMI fits in vblank: its vblank-bound part (OAM DMA, palette or VRAM buffer,
scroll/control writes) is run under py65 in its worst cases and counted against the
2,273 cycles of NTSC vblank (20 scanlines x 113.67).  The figures go to
docs/cycle_budget.md "## NMI"."""
from __future__ import annotations

import pytest

from pyharness.rom.build import build_rom
from pyharness.rom.emu import asm_const
from pyharness.rom.sim import Sim

VBLANK_CYCLES = 2273          # 20 lines x 341 dots / 3
NMI_ENTRY = 7 + 6             # the interrupt sequence + the longest instruction it waits for
OAM_DMA = 514                 # cycles the CPU stalls during the DMA (513 or 514)
VRAM_CAP = asm_const("VRAM_CAP")   # asm/include/ui.inc


@pytest.fixture(scope="module")
def sim():
    build_rom(quiet=True)
    return Sim(mapper=True)          # the NMI maps the UI bank: writes go to the MMC1


def run_nmi(sim: Sim, until: str) -> int:
    """Cycles from nes_nmi to the symbol `until` (as an interrupt would enter it)."""
    mpu = sim.mpu
    mpu.sp = 0xF0
    mpu.pc = sim.addr("nes_nmi")
    stop = sim.addr(until)
    start = mpu.processorCycles
    for _ in range(20000):
        if mpu.pc == stop:
            return mpu.processorCycles - start
        mpu.step()
    raise AssertionError("the NMI did not reach " + until)


def fill_buffer(sim: Sim, entry_len: int) -> None:
    """Queue entries of entry_len bytes up to VRAM_CAP."""
    buf = sim.addr("vram_buf")
    i = 0
    while i + 3 + entry_len <= VRAM_CAP:
        sim.memory[buf + i:buf + i + 3] = bytes([0x21, 0x00, entry_len])
        sim.memory[buf + i + 3:buf + i + 3 + entry_len] = bytes(entry_len)
        i += 3 + entry_len
    sim.memory[buf + i] = 0
    sim.poke("vram_len", i)
    sim.poke("vram_lock", 0)


def vblank_worst(sim: Sim) -> dict[str, int]:
    out = {}
    sim.poke("nmi_palette_dirty", 0)
    for n in (1, 2, 9, VRAM_CAP - 4):
        fill_buffer(sim, n)
        out[f"vram {n}-byte entries"] = run_nmi(sim, "nmi_vblank_done") + OAM_DMA + NMI_ENTRY
    fill_buffer(sim, VRAM_CAP - 4)
    sim.poke("ui_thinking", 1)
    out["thinking indicator + full buffer"] = (run_nmi(sim, "nmi_vblank_done") + OAM_DMA
                                               + NMI_ENTRY)
    sim.poke("ui_thinking", 0)
    fill_buffer(sim, VRAM_CAP - 4)
    sim.poke("nmi_palette_dirty", 1)
    out["palette"] = run_nmi(sim, "nmi_vblank_done") + OAM_DMA + NMI_ENTRY
    sim.poke("nmi_palette_dirty", 0)
    sim.poke("vram_len", 0)
    sim.poke("vram_buf", 0)
    out["idle"] = run_nmi(sim, "nmi_vblank_done") + OAM_DMA + NMI_ENTRY
    return out


def test_nmi_vblank_part_fits_in_vblank(sim):
    worst = vblank_worst(sim)
    print("NMI vblank part (cycles):", worst)
    assert max(worst.values()) <= VBLANK_CYCLES - 100, worst     # 100 cycles to spare
    assert worst["idle"] < worst["palette"]                        # the test can fail


def test_whole_nmi_is_a_small_part_of_the_frame(sim):
    # the rest (pad, repeat, cursor, sound) runs after vblank; the whole NMI with a full
    # buffer and a note starting stays under 10 % of the 29,781-cycle frame
    fill_buffer(sim, VRAM_CAP - 4)
    sim.poke("snd_req", 4)
    sim.poke("snd_on", 1)
    sim.poke("ui_nmi_cursor", 1)
    sim.poke("ui_show_cursor", 1)
    whole = run_nmi(sim, "nmi_restore") + OAM_DMA + NMI_ENTRY + 30   # + pulls and RTI
    print("whole NMI (cycles):", whole)
    assert whole < 2978
