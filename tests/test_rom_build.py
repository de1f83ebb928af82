"""The ROM build: header, reset stubs, memory summary, incremental rebuild, errors."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from pyharness.rom import build as buildmod
from pyharness.rom.build import (BuildError, ToolchainMissingError, build_rom,
                             parse_cfg_segments, parse_map_segments, project_root)
from pyharness.cli import main as cli_main
from pyharness.rom.emu import asm_const
from pyharness.rom.symbols import load_symbols

ROOT = project_root()


@pytest.fixture(scope="module")
def rom_bytes(built):
    return built.rom.read_bytes()


PRG_BANKS = 8                # 128 KB (docs/cartridge.md)
CHR_BANKS_4K = 4             # 16 KB: title, game, menu, free (docs/cartridge.md "CHR-ROM")


def test_rom_size_is_header_eight_prg_banks_four_chr_banks(rom_bytes):
    assert len(rom_bytes) == 16 + PRG_BANKS * 16384 + CHR_BANKS_4K * 4096


def test_chr_banks_are_the_generated_tables_in_order(rom_bytes):
    chr_rom = rom_bytes[16 + PRG_BANKS * 16384:]
    banks = [chr_rom[i * 4096:(i + 1) * 4096] for i in range(CHR_BANKS_4K)]
    bank = {n: asm_const(f"CHR_BANK_{n}", "asm/include/nes.inc")
            for n in ("TITLE", "GAME", "MENU")}
    assert banks[bank["TITLE"]] == (ROOT / "build" / "title.chr").read_bytes()
    assert banks[bank["GAME"]] == (ROOT / "build" / "ui.chr").read_bytes()
    assert banks[bank["MENU"]] == (ROOT / "build" / "ui_menu.chr").read_bytes()
    assert banks[3] == bytes(4096) and banks[bank["GAME"]] != banks[bank["MENU"]]


def test_nes20_header_bytes(rom_bytes):
    assert rom_bytes[:16] == bytes([
        0x4E, 0x45, 0x53, 0x1A,  # "NES" EOF
        0x08,                    # 8 x 16 KB PRG-ROM (128 KB)
        0x02,                    # 2 x 8 KB CHR-ROM (four 4 KB banks)
        0x12,                    # mapper 1 low nibble, battery
        0x08,                    # NES 2.0 identifier, mapper high nibble 0
        0x00, 0x00,
        0x70,                    # 8 KB PRG-NVRAM (64 << 7), no volatile PRG-RAM
        0x00,                    # no CHR-RAM
        0x00,                    # NTSC
        0x00, 0x00, 0x00,
    ])


def test_reset_stub_and_vectors_in_every_bank(built, rom_bytes):
    sym = load_symbols(built.labels)
    reset = sym["nes_reset"]
    stub = bytes([0x78, 0xA2, 0xFF, 0x9A, 0x8E, 0x00, 0x80, 0x4C, reset & 0xFF, reset >> 8])
    for bank in range(PRG_BANKS):
        tail = rom_bytes[16 + bank * 16384 + 0x3FF0:16 + (bank + 1) * 16384]
        assert tail[:10] == stub, f"bank {bank}"
        nmi, rst, irq = (int.from_bytes(tail[i:i + 2], "little") for i in (10, 12, 14))
        assert (nmi, rst, irq) == (sym["nes_nmi"], 0xFFF0, sym["nes_irq"]), f"bank {bank}"
    assert 0xC000 <= reset < 0xFFF0      # the real reset is in the fixed bank


def test_summary_lists_every_region(built):
    names = [r.name for r in built.regions]
    assert names[0] == "zero page" and len(names) == 8
    zp, ram, wram, bank0, bank1, bank2, empty, fixed = built.regions
    assert zp.used >= 10                # frame_count, shadows, pads, pointer
    assert ram.used >= 256 + 32         # OAM page + palette shadow
    assert bank1.used > 1024            # the title nametable alone is 1 KB
    assert bank0.used > 8192            # movegen and the tables
    assert fixed.used > 4096            # the search
    assert bank2.used > 256             # the game record and the referee
    assert empty.used > 4 * 16          # four reset stubs and the puzzles of bank 3
    assert sum(r.size for r in built.regions[3:]) == PRG_BANKS * 16384
    for r in built.regions + built.windows:
        assert r.used + r.free + r.holes == r.size, r
        assert r.free >= 0 and r.holes >= 0
    assert "zero page" in built.summary and "xiangqi.nes" in built.summary
    assert "holes" in built.summary and "engine's view" in built.summary


def test_summary_figures_agree_with_the_map(built):
    """Bank 0: used + holes = the span its segments cover in the ld65 map, free = what
    lies between the last one and the reset stub."""
    from pyharness.rom.build import parse_map_extents
    ext = parse_map_extents(built.map.read_text())
    segs = [ext[n] for n in ("ENGINE_MG", "ENGINE_ATTACK", "ENGINE_BOOK", "ENGINEDATA",
                             "ENGINE", "ENGINE_EVAL", "ENGINE_TAIL") if n in ext]
    lo = min(s for s, _ in segs)
    hi = max(s + n for s, n in segs)
    bank0 = built.regions[3]
    assert lo == 0x8000
    assert bank0.used + bank0.holes == hi - lo + 16        # + the stub
    assert bank0.free == 0xBFF0 - hi


def test_second_build_is_up_to_date(built):
    again = build_rom(quiet=True)
    assert again.rebuilt is False
    assert "(up to date)" in again.summary


def test_parse_map_and_cfg_segments():
    cfg = "MEMORY { ZP: start = 0; }\nSEGMENTS {\n  ZEROPAGE: load = ZP, type = zp;\n" \
          "  # CODE: load = NOPE;\n  CODE: load = PRG1, type = ro;\n}\n"
    assert parse_cfg_segments(cfg) == {"ZEROPAGE": "ZP", "CODE": "PRG1"}
    mapt = ("Segment list:\n-------------\nName  Start  End  Size  Align\n----\n"
            "CODE   00C000  00C161  000162  00001\nZEROPAGE 000000 000009 00000A 00001\n\n"
            "Exports list by name:\n")
    assert parse_map_segments(mapt) == {"CODE": 0x162, "ZEROPAGE": 10}


def _copy_tree(dst: Path) -> Path:
    """A build root with the NES side only (independent of engine work in progress)."""
    for d in ("asm/nes", "asm/include", "asm/cfg", "tools", "assets", "pyharness"):
        shutil.copytree(ROOT / d, dst / d, ignore=shutil.ignore_patterns("__pycache__"))
    (dst / "asm/engine").mkdir()
    return dst


def test_assembler_error_is_a_build_error_with_its_output(tmp_path):
    root = _copy_tree(tmp_path)
    (root / "asm/nes/zz_broken.s").write_text('.segment "CODE"\n    lda #$1FF\n')
    with pytest.raises(BuildError) as err:
        build_rom(root, quiet=True)
    assert "zz_broken.s" in str(err.value) and "Range error" in str(err.value)


def test_missing_toolchain_says_how_to_install(tmp_path, monkeypatch):
    root = _copy_tree(tmp_path)
    monkeypatch.setenv("PATH", str(tmp_path / "no-bin"))
    with pytest.raises(ToolchainMissingError) as err:
        build_rom(root, quiet=True)
    assert "apt-get install cc65" in str(err.value)


def test_cli_build_prints_summary(built):
    res = CliRunner().invoke(cli_main, ["build"])
    assert res.exit_code == 0, res.output
    assert "bank 7 $C000 fixed" in res.output


def test_cli_build_error_exits_2(monkeypatch):
    def fail(**_kw):
        raise ToolchainMissingError("ca65 not found; run `make` or `apt-get install cc65`")
    monkeypatch.setattr(buildmod, "build_rom", fail)
    res = CliRunner().invoke(cli_main, ["build"])
    assert res.exit_code == 2
    assert "error: ca65 not found" in res.output
