"""The engine's contracts tell the truth: exact "Cycles: N" figures and the stack bound.

* Every routine of asm/engine/ whose contract gives exact cycle figures (no "~") is run
  under py65 in each case its contract names, and the measured cycles (entry to RTS,
  as `Sim.call` counts them) must be the figures the contract states, within what a
  relink can change without an edit (a branch moved across a page: 2 cycles, or 1 %).
* The search recurses with JSR, 2 bytes of stack a ply; docs/ram_map.md "Stack" states
  the bound that follows for a think (null-move plies included). The deepest stack use of
  real thinks is measured by painting page 1 and must stay within it.
"""
from __future__ import annotations

import re

import pytest

from pyharness.rom.asm_engine import AsmEngine
from pyharness.bench.search import load_suite
from pyharness.rom.build import project_root
from pyharness.reference.board import START_FEN
from pyharness.reference.position import Move, Position
from pyharness.reference.search import SearchRules

ENGINE_SOURCES = sorted((project_root() / "asm/engine").glob("*.s"))
CAPTURE_FEN = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"


def exact_contracts() -> dict[str, list[int]]:
    """routine -> the cycle figures of its contract, for contracts without '~'."""
    found = {}
    for src in ENGINE_SOURCES:
        lines = src.read_text().splitlines()
        for i, line in enumerate(lines):
            m = re.match(r"\s*\.proc\s+(\w+)", line)
            if not m:
                continue
            j, block = i - 1, []
            while j >= 0 and lines[j].lstrip().startswith((".export", ".global")):
                j -= 1
            while j >= 0 and lines[j].lstrip().startswith(";"):
                block.insert(0, lines[j].lstrip(" ;"))
                j -= 1
            text = " ".join(block)
            c = re.search(r"Cycles:\s*([^.]*)", text)
            if not c or any(w in c.group(1) for w in ("~", "per", "a node", "average")):
                continue        # an estimate or a mean over a run: bench figures
            figures = [int(n.replace(",", "")) for n in re.findall(r"\d[\d,]*", c.group(1))]
            if figures:
                found[m.group(1)] = sorted(set(figures))
    return found


@pytest.fixture(scope="module")
def eng():
    return AsmEngine()


def _load(eng, fen: str) -> Position:
    pos = Position.from_fen(fen)
    eng.load(pos)
    eng.sim.poke("eng_ply", 0)
    return pos


def _cases(eng):
    """routine -> callables, each setting up one case and returning the call's cycles."""
    s = eng.sim

    def call(name, **regs):
        return lambda: s.call(name, **regs).cycles

    def side(n, routine="pos_setup_side"):
        def run():
            _load(eng, START_FEN)
            s.poke("eng_side", n)
            return s.call(routine).cycles
        return run

    def make(capture):
        def run():
            _load(eng, CAPTURE_FEN)
            mv = Move.from_iccs("h2h9" if capture else "h2e2")
            return eng.make(mv)
        return run

    def unmake(capture):
        def run():
            make(capture)()
            return eng.unmake()
        return run

    def ptrs(tag):
        def run():
            s.poke("sr_pply", tag)      # $FF: computed; 0 (= X): already set
            return s.call("srch_ptrs", x=0).cycles
        return run

    def full_key():
        _load(eng, START_FEN)
        s.poke("game_n", 0)
        return s.call("zob_full").cycles

    return {
        "zob_full": [full_key],
        "mg_set_ptrs": [call("mg_set_ptrs", x=0)],
        "srch_ptrs": [ptrs(0xFF), ptrs(0)],
        "zob_xor_side": [call("zob_xor_side")],
        "rec_store": [call("rec_store", x=0)],
        "book_sq": [call("book_sq", a=0), call("book_sq", a=89)],   # ranks 0 and 9
        "ret_zero": [call("ret_zero")],
        "pos_setup_side": [side(0), side(1)],
        "pos_setup_att": [side(0, "pos_setup_att"), side(1, "pos_setup_att")],
        "pos_make": [make(False), make(True)],
        "pos_unmake": [unmake(False), unmake(True)],
    }


def test_exact_contracts_are_found():
    found = exact_contracts()
    assert "pos_make" in found and found["pos_make"] == sorted(set(found["pos_make"]))
    assert len(found) >= 5, found


def test_every_exact_cycle_contract_is_measured(eng):
    cases = _cases(eng)
    contracts = exact_contracts()
    untested = sorted(set(contracts) - set(cases))
    assert not untested, f"exact 'Cycles:' contracts with no case in this test: {untested}"
    wrong = {}
    for name, figures in contracts.items():
        measured = sorted({run() for run in cases[name]})
        # a relink can move a branch across a page (+1 cycle): allow that much, and 1 %
        close = len(measured) == len(figures) and all(
            abs(m - f) <= max(2, f // 100) for m, f in zip(measured, figures))
        if not close:
            wrong[name] = (figures, measured)
    assert not wrong, "contract figures (stated, measured): " + repr(wrong)


# ---------------------------------------------------------------------- the stack

def _doc_stack_bound() -> tuple[int, int, int]:
    """(base, per ply, below the deepest node) of docs/ram_map.md's stack bound."""
    text = (project_root() / "docs/ram_map.md").read_text()
    m = re.search(r"stack bound of a think: (\d+) \+ (\d+) x ply \+ (\d+) bytes", text)
    assert m, "docs/ram_map.md states no 'stack bound of a think: B + P x ply + L bytes'"
    return tuple(int(g) for g in m.groups())


@pytest.mark.slow
def test_stack_use_of_thinks_within_the_documented_bound(eng):
    base, per_ply, leaf = _doc_stack_bound()
    s = eng.sim
    mem, mpu = s.memory, s.mpu
    ply_addr = s.addr("eng_ply")
    max_ply = eng.constants["MAX_PLY"]
    suite = [p for p in load_suite() if p.name.startswith("mid-")][:6]
    assert suite
    nulls = 0
    for p in suite:
        seen = {"ply": 0, "over": []}

        def at_node(seen=seen):
            ply = mem[ply_addr]
            seen["ply"] = max(seen["ply"], ply)
            if 0xFD - mpu.sp > base + per_ply * ply:
                seen["over"].append((ply, 0xFD - mpu.sp))

        def at_null():
            nonlocal nulls
            nulls += 1
            at_node()

        for a in range(0x100, 0x1FE):
            mem[a] = 0xA5
        # null moves on (off by default since docs/journal.md's match): their plies count
        eng.think(Position.from_fen(p.fen), depth=4, nodes=6000,
                  hooks={"srch_make_done": at_node, "srch_null_try": at_null},
                  rules=SearchRules(null_move=True))
        low = next(a for a in range(0x100, 0x1FE) if mem[a] != 0xA5)
        used = 0x1FD - low + 1
        assert not seen["over"], f"{p.name}: stack per ply above the bound: {seen['over'][:3]}"
        assert used <= base + per_ply * seen["ply"] + leaf, (p.name, used, seen["ply"])
        assert used > per_ply * seen["ply"], "the painted stack shows no use: test broken"
    assert nulls > 0, "no null move was tried: the bound is not exercised with null plies"
    # the bound at the deepest ply the search can reach fits page 1 with room to spare
    assert base + per_ply * max_ply + leaf <= 128
