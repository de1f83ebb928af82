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


#: the run loop's step loops: plain, and the one for hooks and profiles (each way);
#: all must stop, count and tick alike
LOOPS = {"plain": {}, "hooks": {"hooks": {0x5000: None}}, "profile": {"profile": {}}}


@pytest.mark.parametrize("loop", LOOPS)
def test_brk_raises(sim, loop):
    at = put(sim, SCRATCH + 0x10, bytes([0xA9, 0x01, 0x00]))      # LDA #1; BRK
    before = sim.mpu.processorCycles
    with pytest.raises(SimBrkError, match=f"BRK at \\${at + 2:04X}"):
        sim.call(at, **LOOPS[loop])
    assert sim.mpu.processorCycles - before == 2                  # the LDA, not the BRK


@pytest.mark.parametrize("loop", LOOPS)
def test_sed_raises(sim, loop):
    at = put(sim, SCRATCH + 0x20, bytes([0xF8, 0x60]))
    before = sim.mpu.processorCycles
    with pytest.raises(SimDecimalError, match=f"SED at \\${at:04X}"):
        sim.call(at, **LOOPS[loop])
    assert sim.mpu.processorCycles == before


@pytest.mark.parametrize("loop", LOOPS)
def test_decimal_via_plp_raises(sim, loop):
    # LDA #$08, PHA, PLP, RTS
    at = put(sim, SCRATCH + 0x30, bytes([0xA9, 0x08, 0x48, 0x28, 0x60]))
    before = sim.mpu.processorCycles
    with pytest.raises(SimDecimalError, match=f"decimal flag set at \\${at + 3:04X}"):
        sim.call(at, **LOOPS[loop])
    assert sim.mpu.processorCycles - before == 2 + 3 + 4          # the PLP included


@pytest.mark.parametrize("loop", LOOPS)
def test_plp_without_decimal_runs_on(sim, loop):
    # LDA #$01, PHA, PLP (C set), LDA #0, ROL A (A = 1), RTS
    at = put(sim, SCRATCH + 0x38, bytes([0xA9, 0x01, 0x48, 0x28, 0xA9, 0x00, 0x2A, 0x60]))
    res = sim.call(at, **LOOPS[loop])
    assert (sim.mpu.a, res.cycles, res.instructions) == (1, 2 + 3 + 4 + 2 + 2 + 6, 6)


@pytest.mark.parametrize("loop", LOOPS)
def test_cycle_limit_raises(sim, loop):
    loop_at = SCRATCH + 0x40  # JMP loop
    put(sim, loop_at, bytes([0x4C, loop_at & 0xFF, loop_at >> 8]))
    before = sim.mpu.processorCycles
    with pytest.raises(SimLimitError, match="cap of 1,000 cycles"):
        sim.call(loop_at, max_cycles=1000, **LOOPS[loop])
    assert sim.mpu.processorCycles - before == 1002                # the first step past it


@pytest.mark.parametrize("loop", LOOPS)
def test_frame_hook_advances_frame_count(loop):
    sim = make_sim(frame_hook=True)
    # LDY #200; outer: LDX #0; inner: DEX; BNE inner; DEY; BNE outer; RTS
    code = bytes([0xA0, 200, 0xA2, 0x00, 0xCA, 0xD0, 0xFD, 0x88, 0xD0, 0xF8, 0x60])
    start = put(sim, SCRATCH + 0x50, code)
    sim.write("frame_count", b"\x00\x00")
    ticks = []
    res = sim.call(start, on_frame=lambda: ticks.append(sim.mpu.processorCycles),
                   **LOOPS[loop])
    # 6502 datasheet timing: 2 + 200*(2 + 255*5 + 4 + 2) + 199*3 + 2 + 6
    expected = 2 + 200 * (2 + 255 * 5 + 4 + 2) + 199 * 3 + 2 + 6
    assert res.cycles == expected
    assert sim.peek16("frame_count") == expected // CYCLES_PER_FRAME == len(ticks)
    assert expected // CYCLES_PER_FRAME >= 8
    # each tick at the first instruction boundary at or past a frame's cycle
    assert all(0 <= t - (i + 1) * CYCLES_PER_FRAME < 7 for i, t in enumerate(ticks))


def test_every_loop_runs_a_search_to_the_same_cycle_and_ram():
    """A level-4 think with the frame counter ticking, plain, with a hook and with a profile (a hook
    counting nodes, a profile counting cycles by PC: the same count both ways)."""
    from pyharness.rom.asm_engine import AsmEngine
    from pyharness.reference.position import Position
    fen = "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 4 3"
    out, made = [], []
    for kw in ({}, {"hooks": {"srch_make_done": lambda: made.append(1)}},
               {"profile": {}}):
        eng = AsmEngine()
        res = eng.think(Position.from_fen(fen), level=4, nodes=600, **kw)
        out.append((res.best_move, res.nodes, res.cycles, eng.sim.mpu.processorCycles,
                    eng.sim.peek16("frame_count"), bytes(eng.sim.memory[0:0x800]),
                    bytes(eng.sim.memory[0x6000:0x8000])))
        if "profile" in kw:
            assert sum(kw["profile"].values()) == res.cycles - res.start_cycles
            assert 0 < res.start_cycles < 20_000     # srch_start (a book miss) before it
    assert out[0] == out[1] == out[2]
    assert len(made) == out[0][1] > 100              # a node is a move made: one hook each


def test_srch_think_without_srch_start_refuses_to_search():
    """A think is two calls (docs/search.md): srch_think run again after a think, without
    srch_start, would search under the last think's limits; it answers no move, marks
    sr_armed $FF, and the harness raises. After a book move srch_think refuses as well."""
    from pyharness.reference.position import Position
    from pyharness.rom.asm_engine import AsmEngine, ThinkOrderError
    eng = AsmEngine()
    s = eng.sim
    res = eng.think(Position.from_fen("r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/"
                                      "9/R1BAKAB1R w - - 4 3"), depth=2)
    assert res.best_move is not None and res.nodes > 0 and s.peek("sr_armed") == 0
    nodes = s.read("srch_nodes", 4)
    cycles = s.call("srch_think", max_cycles=10_000).cycles
    assert cycles < 100                              # no search: the nodes are the last's
    assert s.read("srch_nodes", 4) == nodes
    assert (s.peek("sr_armed"), s.peek("srch_best_from"), s.peek("srch_pv_len")) == (0xFF, 0, 0)
    with pytest.raises(ThinkOrderError, match="without srch_start"):
        eng.search_result()
    book = eng.think(Position.start(), level=4)      # srch_start answers: sr_armed 0
    assert book.from_book and s.peek("sr_armed") == 0
    s.call("srch_think", max_cycles=10_000)
    assert s.peek("sr_armed") == 0xFF and s.peek("srch_best_from") == 0
    assert eng.think(Position.start(), depth=1).best_move is not None   # srch_start re-arms


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
