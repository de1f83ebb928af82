"""The 128 KB board (docs/cartridge.md): the engine bank and the UI banks share
$8000-$BFFF, so no code may reach across that window except through the fixed bank;
the bank switch must survive an NMI at any point; the engine's 32 KB keeps its room.

The NMI tests run the ROM's own code under py65 with a model of the MMC1
(`pyharness.rom.sim.Mmc1Memory`): a 6502 takes an NMI only between two instructions, so
injecting it before every instruction of a routine covers every cycle at which the
interrupt line can fall during it."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pyharness.rom.sim import SENTINEL, Mmc1Memory, Sim
from pyharness.rom.symbols import INES_HEADER, PRG_BANK_SIZE

NMI_STEP_CAP = 5_000            # instructions of one NMI (~500 in practice)
ROUTINE_STEP_CAP = 20_000


# ----------------------------------------------------------------- static: references

def _dbg_records(path: Path) -> dict[str, dict[str, dict]]:
    recs: dict[str, dict[str, dict]] = {}
    for line in path.read_text().splitlines():
        kind, _, rest = line.partition("\t")
        f = {k: v.strip('"') for k, v in re.findall(r'(\w+)=("[^"]*"|[^,]*)', rest)}
        if "id" in f:
            recs.setdefault(kind, {})[f["id"]] = f
    return recs


def cross_bank_refs(dbg: Path, prg_banks: int) -> list[tuple[str, int, str, int, str]]:
    """Every reference to a ROM label: (label, its bank, referencing file, bank of the
    referencing bytes, segment of the referencing bytes)."""
    r = _dbg_records(dbg)
    segs, spans, lines, files, syms = (r.get(k, {}) for k in
                                       ("seg", "span", "line", "file", "sym"))

    def bank_of_seg(seg_id: str) -> int | None:
        s = segs.get(seg_id)
        if s is None or "ooffs" not in s:
            return None
        b = (int(s["ooffs"]) - INES_HEADER) // PRG_BANK_SIZE
        return b if 0 <= b < prg_banks else None

    out = []
    for sid, s in syms.items():
        if s.get("type") != "lab" or "seg" not in s:
            continue
        target = bank_of_seg(s["seg"])
        if target is None:
            continue
        refs = [x for x in s.get("ref", "").split("+") if x]
        for imp in syms.values():
            if imp.get("type") == "imp" and imp.get("exp") == sid:
                refs += [x for x in imp.get("ref", "").split("+") if x]
        for line_id in refs:
            ln = lines.get(line_id)
            if ln is None or "span" not in ln:
                continue
            for span_id in ln["span"].split("+"):
                sp = spans.get(span_id)
                if sp is None:
                    continue
                b = bank_of_seg(sp["seg"])
                if b is not None:
                    out.append((s["name"], target, files[ln["file"]]["name"], b,
                                segs[sp["seg"]]["name"]))
    return out


FAR_S = Path(__file__).resolve().parents[1] / "asm" / "nes" / "far.s"
# fixed-bank NES code that may name a label of a switchable bank: it maps that bank first
FIXED_TO_SWITCHABLE = {("asm/nes/reset.s", "nes_main"), ("asm/nes/nmi.s", "ui_nmi_tick")}


def test_no_code_reaches_across_the_switchable_window(built, consts):
    sim = Sim(built.rom, built.labels, built.dbg)
    fixed, engine, game = sim.fixed_bank, consts["ENGINE_BANK"], consts["GAME_BANK"]
    far_game = set(re.findall(r"^FAR_GAME (\w+)", FAR_S.read_text(), re.M))
    assert "eng_game_push" in far_game
    far_pz = set(re.findall(r"^FAR (\w+), far_enter_pz", FAR_S.read_text(), re.M))
    assert far_pz == {"pz_fetch"}                  # the puzzle bank's (bank 3)
    refs = cross_bank_refs(built.dbg, sim.image.banks)
    assert len(refs) > 1000                        # the parse found the references
    bad = []
    for name, target, file, src, _seg in refs:
        if target == fixed or target == src:
            continue
        if src != fixed:                           # one switchable bank to another
            bad.append((name, target, file, src))
        elif file.startswith(("asm/engine/", "build/")):   # fixed-bank engine code and
            # its generated tables (build/*.inc): the engine bank only
            if target != engine:
                bad.append((name, target, file, src))
        elif file == "asm/nes/far.s":              # the trampolines: the bank each maps
            if target != (game if name in far_game else
                          consts["PZ_BANK"] if name in far_pz else engine):
                bad.append((name, target, file, src))
        elif (file, name) not in FIXED_TO_SWITCHABLE:
            bad.append((name, target, file, src))
    assert not bad, ("references across the $8000 window (label, bank, file, bank): "
                     f"{sorted(set(bad))}")
    # the UI really calls the engine through trampolines, and they point into bank 0;
    # the game record's into the game bank
    far = {n for n, t, f, s, _ in refs if f == "asm/nes/far.s" and t == engine}
    assert {"mg_generate", "eng_load", "pos_in_check", "pos_make"} <= far
    far = {n for n, t, f, s, _ in refs if f == "asm/nes/far.s" and t == game}
    assert far == far_game


def test_the_check_sees_a_direct_call(built, consts):
    """Negative control: a UI-bank line naming an engine-bank label is reported."""
    sim = Sim(built.rom, built.labels, built.dbg)
    refs = cross_bank_refs(built.dbg, sim.image.banks)
    engine = consts["ENGINE_BANK"]
    # far.s names mg_generate from the fixed bank; pretend that line sat in bank 1
    faked = [(n, t, f, 1 if f == "asm/nes/far.s" else s, g) for n, t, f, s, g in refs]
    assert any(t == engine and s == 1 for n, t, f, s, g in faked)


def test_layout_engine_bank_fixed_bank_ui_bank(built, consts):
    sim = Sim(built.rom, built.labels, built.dbg)
    engine, fixed = consts["ENGINE_BANK"], sim.fixed_bank
    for name in ("mg_generate", "pos_make", "pos_attacked", "eng_perft", "pst_king",
                 "zob_sq90"):
        assert sim.bank_of(name) == engine, name
    for name in ("srch_think", "ev_full", "pos_gives_check",
                 "mg_generate_captures", "eng_kind", "nes_reset", "nes_nmi", "nes_irq",
                 "mmc1_select", "mmc1_nmi_map", "far_mg_generate", "vram_flush",
                 "book_mirror_key"):
        assert sim.bank_of(name) == fixed, name
    game = consts["GAME_BANK"]
    # a think's first half (limits, book) runs before the search, outside the engine's view
    for name in ("eng_game_new", "eng_game_push", "eng_game_pop", "eng_game_result",
                 "rec_store", "srch_start", "book_probe", "book_count", "book_mv_hi"):
        assert sim.bank_of(name) == game, name
    ui = sim.bank_of("nes_main")
    for name in ("menu_run", "play_run", "nt_make", "ui_nmi_tick", "snd_tick",
                 "title_nametable", "pad_read", "ui_draw_board"):
        assert sim.bank_of(name) == ui, name
    assert ui not in (engine, fixed) and game not in (engine, fixed, ui)


# ----------------------------------------------------------------- dynamic: the NMI

class Cpu:
    """The ROM under py65 with the MMC1 model; NMIs injected between instructions."""

    def __init__(self, built):
        self.sim = Sim(built.rom, built.labels, built.dbg, mapper=True)
        self.mem: Mmc1Memory = self.sim.memory
        self.mpu = self.sim.mpu
        self.ui = self.sim.bank_of("ui_nmi_tick")
        self.tick = self.sim.addr("ui_nmi_tick")
        self.nmi_vector = self.mem[0xFFFA] | self.mem[0xFFFB] << 8
        self.nmis = 0
        self.tick_banks: list[int] = []

    def set_bank(self, bank: int) -> None:
        """The state mmc1_select leaves: bank mapped, mmc1_bank = bank, no partial bits."""
        self.sim.map_bank(bank)
        self.sim.poke("mmc1_bank", bank)
        self.mem.shift = self.mem.count = 0

    def push(self, v: int) -> None:
        self.mem[0x100 + self.mpu.sp] = v & 0xFF
        self.mpu.sp = (self.mpu.sp - 1) & 0xFF

    def nmi(self) -> None:
        """Take an NMI now and run the handler to its RTI."""
        mpu = self.mpu
        sp, pc = mpu.sp, mpu.pc
        self.push(pc >> 8)
        self.push(pc)
        self.push((mpu.p & ~0x10) | 0x20)
        mpu.p |= 0x04
        mpu.pc = self.nmi_vector
        for _ in range(NMI_STEP_CAP):
            if mpu.pc == self.tick:
                self.tick_banks.append(self.mem.prg_bank)
            if 0x8000 <= mpu.pc < 0xC000:
                assert self.mem.prg_bank == self.ui, "the NMI ran code of a bank it did not map"
            mpu.step()
            if mpu.pc == pc and mpu.sp == sp:
                self.nmis += 1
                return
        raise AssertionError("the NMI did not return")

    def run(self, routine: str, nmi_at: int | None = None, a: int = 0, x: int = 0,
            y: int = 0) -> int:
        """Call `routine` (JSR semantics), with an NMI before instruction `nmi_at`
        (0 = the first); returns the instructions it took."""
        mpu = self.mpu
        mpu.sp = 0xFF
        self.push((SENTINEL - 1) >> 8)
        self.push(SENTINEL - 1)
        mpu.pc = self.sim.addr(routine)
        mpu.a, mpu.x, mpu.y, mpu.p = a, x, y, 0x20
        for step in range(ROUTINE_STEP_CAP):
            if mpu.pc == SENTINEL:
                return step
            if step == nmi_at:
                self.nmi()
            mpu.step()
        raise AssertionError(f"{routine} did not return")


@pytest.fixture()
def cpu(built):
    return Cpu(built)


def _select_sweep(cpu: Cpu, start: int, target: int) -> list[tuple[int, int, int, int]]:
    """mmc1_select(target) from bank `start`, an NMI before each of its instructions;
    returns (offset, bank mapped, mmc1_bank, partial bits) for each wrong outcome."""
    cpu.set_bank(start)
    n = cpu.run("mmc1_select", a=target)
    wrong = []
    for k in range(n + 1):
        cpu.set_bank(start)
        cpu.run("mmc1_select", nmi_at=k, a=target)
        state = (cpu.mem.prg_bank, cpu.sim.peek("mmc1_bank"), cpu.mem.count)
        if state != (target, target, 0):
            wrong.append((k, *state))
    return wrong


def test_bank_switch_survives_an_nmi_before_every_instruction(cpu, consts):
    engine = consts["ENGINE_BANK"]
    cases = [(engine, cpu.ui), (cpu.ui, engine), (cpu.ui, 2), (6, 5)]
    for start, target in cases:
        assert _select_sweep(cpu, start, target) == [], (start, target)
    assert cpu.nmis >= 4 * 17                    # an NMI ran at each of the 17+ offsets
    assert set(cpu.tick_banks) == {cpu.ui}       # each ran its UI part in the UI bank
    # the next switch after all that is clean too (no stale serial bits left)
    cpu.set_bank(engine)
    cpu.run("mmc1_select", a=cpu.ui)
    assert cpu.mem.prg_bank == cpu.ui and cpu.mem.log[-1] == (3, cpu.ui)


def test_the_sweep_catches_a_switch_without_the_retry(cpu, consts):
    """Negative control: with mmc1_select's retry branch patched out, an NMI in the
    middle of the 5 serial writes leaves a wrong bank or stale bits."""
    sel = cpu.sim.addr("mmc1_select")
    again = cpu.sim.addr("mmc1_select::@again")
    code = bytes(cpu.mem[sel:sel + 64])
    i = next(i for i in range(len(code) - 1)
             if code[i] == 0xD0 and sel + i + 2 + (code[i + 1] - 256) == again)
    prg = bytearray(cpu.mem.prg)                   # bne -> nop, in the ROM image the
    at = cpu.sim.fixed_bank * 0x4000 + sel + i - 0xC000   # mapper model maps from
    prg[at:at + 2] = b"\xEA\xEA"
    cpu.mem.prg = bytes(prg)
    bytearray.__setitem__(cpu.mem, slice(sel + i, sel + i + 2), b"\xEA\xEA")
    wrong = _select_sweep(cpu, consts["ENGINE_BANK"], cpu.ui)
    assert len(wrong) >= 3, wrong


def test_chr_switch_survives_an_nmi_before_every_instruction(cpu, consts):
    """mmc1_chr1_select (the menu's and the game's 4 KB CHR bank at $1000), an NMI
    before each of its instructions: CHR register 1 ends holding the bank, the UI bank
    stays mapped, no partial bits are left."""
    for target in (consts["CHR_BANK_MENU"], consts["CHR_BANK_GAME"]):
        cpu.set_bank(cpu.ui)
        n = cpu.run("mmc1_chr1_select", y=target)
        for k in range(n + 1):
            cpu.set_bank(cpu.ui)
            cpu.mem.log.clear()
            cpu.run("mmc1_chr1_select", nmi_at=k, y=target)
            chr1 = [v for reg, v in cpu.mem.log if reg == 2]
            assert chr1 and chr1[-1] == target, (target, k, cpu.mem.log)
            assert (cpu.mem.prg_bank, cpu.mem.count) == (cpu.ui, 0), (target, k)
    assert cpu.nmis >= 2 * 14


def test_far_call_survives_an_nmi_before_every_instruction(cpu, consts):
    """far_mg_set_ptrs from the UI bank: the engine routine runs in the engine bank,
    its results and the caller's bank come back whatever instruction the NMI hits."""
    engine = consts["ENGINE_BANK"]
    seen = []
    target = cpu.sim.addr("mg_set_ptrs")

    def run(k):
        cpu.set_bank(cpu.ui)
        cpu.sim.poke("mv_base_lo", 0x34)
        cpu.sim.poke("mv_base_hi", 0x01)
        seen.clear()
        orig = cpu.mpu.step

        def step():
            if cpu.mpu.pc == target:
                seen.append(cpu.mem.prg_bank)
            orig()
        cpu.mpu.step = step
        try:
            cpu.run("far_mg_set_ptrs", nmi_at=k, a=0x5A, x=0, y=0xA5)
        finally:
            del cpu.mpu.step
        return (cpu.mpu.a, cpu.mpu.x, cpu.mpu.y, cpu.mpu.sp, cpu.mem.prg_bank,
                cpu.sim.peek("mmc1_bank"), cpu.mem.count,
                bytes(cpu.sim.read("mg_fptr", 2)), bytes(cpu.sim.read("mg_tptr", 2)))

    cpu.set_bank(cpu.ui)
    n = cpu.run("far_mg_set_ptrs", a=0x5A, x=0, y=0xA5)
    ref = run(None)
    assert seen == [engine]                                 # ran in the engine bank
    assert ref[4:7] == (cpu.ui, cpu.ui, 0) and ref[3] == 0xFF   # caller's bank, stack
    for k in range(n + 1):
        assert run(k) == ref, k
        assert seen == [engine], k
    assert cpu.nmis >= n


def test_nested_far_call_survives_an_nmi_before_every_instruction(cpu, consts):
    """far_eng_game_pop from the UI bank: the game bank's eng_game_pop calls
    far_pos_unmake, which maps the engine bank and back; the move is taken back, each
    routine runs in its own bank and the UI bank comes back, whatever instruction the
    NMI hits."""
    from pyharness.rom.asm_engine import AsmEngine
    from pyharness.reference.position import Move, Position
    engine, game = consts["ENGINE_BANK"], consts["GAME_BANK"]
    pos = Position.start()
    pos.push(Move.from_iccs("h2e2"))
    AsmEngine(cpu.sim).game_setup(pos)
    ram = bytes(cpu.mem[0:0x800]), bytes(cpu.mem[0x6000:0x8000])
    where = {cpu.sim.addr("eng_game_pop"): "pop", cpu.sim.addr("pos_unmake"): "unmake"}
    seen = []

    def run(k):
        cpu.mem[0:0x800], cpu.mem[0x6000:0x8000] = ram
        cpu.set_bank(cpu.ui)
        seen.clear()
        orig = cpu.mpu.step

        def step():
            if cpu.mpu.pc in where:
                seen.append((where[cpu.mpu.pc], cpu.mem.prg_bank))
            orig()
        cpu.mpu.step = step
        try:
            n = cpu.run("far_eng_game_pop", nmi_at=k)
        finally:
            del cpu.mpu.step
        return n, (cpu.mpu.p & 1, cpu.mpu.sp, cpu.mem.prg_bank, cpu.sim.peek("mmc1_bank"),
                   cpu.mem.count, cpu.sim.peek("game_n"), bytes(cpu.sim.read("eng_board", 256)))

    n, ref = run(None)
    assert seen == [("pop", game), ("unmake", engine)]
    assert ref[0] == 0 and ref[2:6] == (cpu.ui, cpu.ui, 0, 0)   # taken back, UI bank
    assert ref[1] == 0xFF                                       # the stack balanced
    for k in range(n + 1):
        assert run(k)[1] == ref, k
        assert seen == [("pop", game), ("unmake", engine)], k
    assert cpu.nmis >= n
    at = cpu.sim.addr("eng_board") - 0x6000                     # in PRG-RAM
    played = ram[1][at:at + 256]
    AsmEngine(cpu.sim).game_setup(Position.start())
    assert ref[6] == bytes(cpu.sim.read("eng_board", 256)) != played


def test_a_think_never_touches_the_mapper(built):
    """The search maps nothing: a depth-2 think with the MMC1 model sees no mapper
    write, and the engine bank stays mapped. (The game record's routines before it, in
    the game bank, do switch: they reach the engine bank through the trampolines.)"""
    from pyharness.rom.asm_engine import AsmEngine
    from pyharness.reference.position import Position
    sim = Sim(built.rom, built.labels, built.dbg, mapper=True)
    eng = AsmEngine(sim)
    seen = {}

    def at_think():                                # srch_think's first instruction
        seen.update(log=list(sim.memory.log), bank=sim.memory.prg_bank,
                    count=sim.memory.count)
        sim.memory.log.clear()
    res = eng.think(Position.start(), depth=2, hooks={"srch_think": at_think})
    assert seen["log"]                             # the game record switched banks,
    assert seen["bank"] == sim.engine_bank and seen["count"] == 0   # and back, cleanly
    assert res.nodes > 50
    assert sim.memory.log == [] and sim.memory.count == 0
    assert sim.memory.prg_bank == sim.engine_bank
