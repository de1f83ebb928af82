"""pyharness.rom.sim: the py65 runner of the ROM (sentinel return, cycles, limits, hooks)."""
from __future__ import annotations

import pytest

from pyharness.rom.sim import (CYCLES_PER_FRAME, RomFormatError, Sim, SimBrkError,
                           SimDecimalError, SimLimitError, make_sim)

SCRATCH = 0x7F00  # top of PRG-RAM, unused by the engine; code for these tests goes here


@pytest.fixture()
def sim() -> Sim:
    return make_sim()


def put(sim: Sim, addr: int, code: bytes) -> int:
    sim.memory[addr:addr + len(code)] = code
    return addr


def test_prg_banks_mapped_like_mmc1_while_thinking(sim):
    rom = sim.image.prg
    bank = sim.bank_of("mg_generate")                  # by symbol: the engine bank
    assert sim.mapped_bank == bank == sim.engine_bank
    assert bytes(sim.memory[0x8000:0xC000]) == rom[bank * 0x4000:(bank + 1) * 0x4000]
    assert bytes(sim.memory[0xC000:0x10000]) == rom[-0x4000:]
    assert 0x8000 <= sim.addr("mg_generate") < 0xBFF0
    assert sim.bank_of("srch_think") == sim.fixed_bank == sim.image.banks - 1


def test_call_maps_the_bank_of_a_ui_routine(sim):
    ui = sim.bank_of("nt_make")
    assert ui != sim.engine_bank
    sim.call("ppu_clear_oam")                          # a UI-bank routine
    assert sim.mapped_bank == sim.bank_of("ppu_clear_oam")
    assert bytes(sim.memory[0x8000:0xC000]) == sim.image.prg[ui * 0x4000:(ui + 1) * 0x4000]
    sim.call("mg_set_ptrs")                            # back to the engine bank
    assert sim.mapped_bank == sim.engine_bank


def test_call_counts_datasheet_cycles(sim):
    # LDA #$01 (2 cycles), RTS (6 cycles)
    res = sim.call(put(sim, SCRATCH, bytes([0xA9, 0x01, 0x60])))
    assert res.cycles == 8
    assert res.instructions == 2
    assert sim.mpu.a == 1


def test_brk_raises(sim):
    with pytest.raises(SimBrkError):
        sim.call(put(sim, SCRATCH + 0x10, bytes([0x00])))


def test_sed_raises(sim):
    with pytest.raises(SimDecimalError):
        sim.call(put(sim, SCRATCH + 0x20, bytes([0xF8, 0x60])))


def test_decimal_via_plp_raises(sim):
    # LDA #$08, PHA, PLP, RTS
    with pytest.raises(SimDecimalError):
        sim.call(put(sim, SCRATCH + 0x30, bytes([0xA9, 0x08, 0x48, 0x28, 0x60])))


def test_cycle_limit_raises(sim):
    loop = SCRATCH + 0x40  # JMP loop
    put(sim, loop, bytes([0x4C, loop & 0xFF, loop >> 8]))
    with pytest.raises(SimLimitError):
        sim.call(loop, max_cycles=1000)


def test_frame_hook_advances_frame_count():
    sim = make_sim(frame_hook=True)
    # LDY #200; outer: LDX #0; inner: DEX; BNE inner; DEY; BNE outer; RTS
    code = bytes([0xA0, 200, 0xA2, 0x00, 0xCA, 0xD0, 0xFD, 0x88, 0xD0, 0xF8, 0x60])
    start = put(sim, SCRATCH + 0x50, code)
    sim.write("frame_count", b"\x00\x00")
    res = sim.call(start)
    # 6502 datasheet timing: 2 + 200*(2 + 255*5 + 4 + 2) + 199*3 + 2 + 6
    expected = 2 + 200 * (2 + 255 * 5 + 4 + 2) + 199 * 3 + 2 + 6
    assert res.cycles == expected
    assert sim.peek16("frame_count") == expected // CYCLES_PER_FRAME
    assert expected // CYCLES_PER_FRAME >= 8


def test_frame_hook_off_by_default(sim):
    code = bytes([0xA0, 200, 0xA2, 0x00, 0xCA, 0xD0, 0xFD, 0x88, 0xD0, 0xF8, 0x60])
    sim.write("frame_count", b"\x00\x00")
    sim.call(put(sim, SCRATCH + 0x50, code))
    assert sim.peek16("frame_count") == 0


def test_not_a_rom(tmp_path):
    bad = tmp_path / "bad.nes"
    bad.write_bytes(b"not a rom at all")
    with pytest.raises(RomFormatError):
        Sim(rom=bad)
    with pytest.raises(RomFormatError):
        Sim(rom=tmp_path / "missing.nes")


def test_unknown_symbol_is_a_key_error(sim):
    with pytest.raises(KeyError):
        sim.call("no_such_routine")


def test_write_watch_records_outside_writes(sim):
    # STA $0700 (absolute), RTS -- with only $0000-$00FF allowed
    code = bytes([0xA9, 0x55, 0x8D, 0x00, 0x07, 0x60])
    put(sim, SCRATCH + 0x70, code)
    wm = sim.watch([(0x0000, 0x00FF)])
    sim.call(SCRATCH + 0x70)
    assert [v[:3] for v in wm.violations] == [("write", 0x0700, 0x55)]
