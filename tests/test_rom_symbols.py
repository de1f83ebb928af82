"""Symbols of the built ROM (ld65 label + debug files)."""
from __future__ import annotations

import pytest

from pyharness.rom.symbols import load_constants, load_symbols


def test_nes_side_symbols_resolve(sym):
    assert sym["frame_count"] < 0x100                 # zero page
    assert sym.sizes["frame_count"] == 2
    assert sym["oam_buf"] == 0x0200
    for name in ("nes_reset", "nes_nmi", "nes_irq", "nes_wait_nmi", "mmc1_write_ctrl",
                 "mmc1_select"):
        assert 0xC000 <= sym[name] < 0xFFF0, name      # the fixed bank
    for name in ("nes_main", "pad_read", "title_nametable"):
        assert 0x8000 <= sym[name] < 0xBFF0, name      # a UI bank (tests/test_cart_banks.py)


def test_scoped_names_from_the_debug_file(sym):
    done = sym["nes_nmi::@done"]
    assert sym["nes_nmi"] < done < sym["nes_nmi"] + 128
    assert "@done" not in sym


def test_missing_symbol_names_itself(sym):
    with pytest.raises(KeyError, match="no_such_symbol"):
        sym["no_such_symbol"]


def test_constants_from_the_debug_file(built):
    consts = load_constants(built.dbg)
    assert consts["PPUCTRL"] == 0x2000
    assert consts["NVRAM_SHIFT"] == 7


def test_ambiguous_static_labels(tmp_path):
    labels = tmp_path / "x.labels"
    labels.write_text("al 00C000 .tmp\nal 00C010 .tmp\nal 00C020 .ok\nal 00C020 .ok\n"
                      "al 00C030 .@loop\n")
    sym = load_symbols(labels)
    assert sym["ok"] == 0xC020
    with pytest.raises(KeyError, match="ambiguous"):
        sym["tmp"]
    assert "@loop" not in sym
