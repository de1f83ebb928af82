"""Build the cartridge: asset tools, ca65 on every source, ld65 with the cartridge config.

`build_rom()` is incremental: when no input (asm sources, includes, the ld65 config,
assets, asset tools) is newer than its outputs nothing runs. `python -m pyharness.build`
and `xq65 build` print the summary (ROM size and bytes used/left per memory region,
parsed from the ld65 map file).
"""
from __future__ import annotations

import fcntl
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROM_NAME = "xiangqi"
CFG = Path("asm/cfg/xiangqi.cfg")
SOURCE_DIRS = (Path("asm/nes"), Path("asm/engine"))
INCLUDE_DIRS = (Path("asm/include"), Path("build"))
MAX_ERROR_LINES = 40     # of assembler/linker output kept in a BuildError

# Regions of the summary: name, size, ld65 MEMORY areas that fill it.
REGIONS = (
    ("zero page", 0x100, ("ZP",)),
    ("internal RAM $0200-$07FF", 0x600, ("OAMBUF", "RAM")),
    ("PRG-RAM $6000-$7FFF", 0x2000, ("WRAM",)),
    ("PRG bank 0 $8000-$BFFF", 0x4000, ("PRG0", "STUB0")),
    ("PRG bank 1 $C000-$FFFF", 0x4000, ("PRG1", "STUB1")),
)


class BuildError(Exception):
    """An asset tool, the assembler or the linker failed; the message holds its output."""


class ToolchainMissingError(BuildError):
    """ca65 or ld65 is not installed."""


@dataclass(frozen=True)
class AssetStep:
    """One asset conversion: a tool run on a source, making outputs in build/.

    The tool writes `<outputs[-1]>.d`, a depfile of every repository file it read
    (tools/depfile.py): the step runs again when one of them is newer than an output,
    or when the depfile is missing.
    """

    tool: Path
    source: Path
    outputs: tuple[Path, ...]
    args: tuple[str, ...]

    @property
    def depfile(self) -> Path:
        """The depfile the tool writes beside its include."""
        last = self.outputs[-1]
        return last.with_name(last.name + ".d")


ASSET_STEPS = (
    AssetStep(Path("tools/png2chr.py"), Path("assets/title.png"),
              (Path("build/title.chr"), Path("build/title.inc")),
              ("--name", "title", "--chr", "build/title.chr", "--inc", "build/title.inc")),
    # UI tiles (docs/ui.md): glyph masks from the committed PNG, board drawn by the tool
    AssetStep(Path("tools/ui2chr.py"), Path("assets/ui_glyphs.png"),
              (Path("build/ui.chr"), Path("build/ui_tiles.inc")),
              ("--chr", "build/ui.chr", "--inc", "build/ui_tiles.inc")),
    # engine data (docs/search.md): one source each, read by the Python twin too
    AssetStep(Path("tools/gen_eval.py"), Path("assets/pst.txt"),
              (Path("build/eval_tables.inc"),), ("--inc", "build/eval_tables.inc")),
    AssetStep(Path("tools/gen_zobrist.py"), Path("assets/zobrist.txt"),
              (Path("build/zobrist.inc"),), ("--inc", "build/zobrist.inc")),
    AssetStep(Path("tools/gen_book.py"), Path("assets/book.txt"),
              (Path("build/book.inc"),), ("--inc", "build/book.inc")),
    AssetStep(Path("tools/gen_levels.py"), Path("assets/levels.txt"),
              (Path("build/levels.inc"),), ("--inc", "build/levels.inc")),
)


def read_depfile(path: Path) -> list[Path] | None:
    """The prerequisites of a make-style depfile (`target: a b \\` lines), relative
    to the repository; None when it is missing or not one."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return None
    _, colon, rest = text.replace("\\\n", " ").partition(":")
    if not colon:
        return None
    return [Path(name) for name in rest.split()]


@dataclass
class RegionUsage:
    """Bytes used in one memory region (sum of its segments in the map file)."""

    name: str
    size: int
    used: int

    @property
    def left(self) -> int:
        """Bytes not used by any segment."""
        return self.size - self.used


@dataclass
class BuildResult:
    """Paths of the build products and the summary of the link."""

    rom: Path
    dbg: Path
    labels: Path
    map: Path
    rebuilt: bool
    regions: list[RegionUsage] = field(default_factory=list)

    @property
    def summary(self) -> str:
        """Human-readable summary: ROM size and per-region usage."""
        lines = [f"{self.rom.name}: {self.rom.stat().st_size} bytes"
                 + ("" if self.rebuilt else " (up to date)")]
        width = max(len(r.name) for r in self.regions) if self.regions else 0
        for r in self.regions:
            pct = 100.0 * r.used / r.size
            lines.append(f"  {r.name:<{width}}  used {r.used:6d}  left {r.left:6d}"
                         f"  of {r.size:6d}  ({pct:5.1f}%)")
        return "\n".join(lines)


def project_root() -> Path:
    """Return the repository root (the directory holding asm/ and pyharness/)."""
    return Path(__file__).resolve().parent.parent


def _newest(paths) -> float:
    return max((p.stat().st_mtime for p in paths), default=0.0)


def _oldest(paths) -> float:
    times = []
    for p in paths:
        if not p.exists():
            return -1.0
        times.append(p.stat().st_mtime)
    return min(times, default=-1.0)


def _run(cmd: list[str], cwd: Path, what: str) -> None:
    try:
        proc = subprocess.run(cmd, cwd=cwd, capture_output=True, text=True)
    except FileNotFoundError as e:
        raise ToolchainMissingError(
            f"{cmd[0]} not found; run `make` or `apt-get install cc65`") from e
    if proc.returncode != 0:
        lines = (proc.stdout + proc.stderr).strip().splitlines()
        if len(lines) > MAX_ERROR_LINES:
            more = len(lines) - MAX_ERROR_LINES
            lines = lines[:MAX_ERROR_LINES] + [f"... ({more} more lines)"]
        raise BuildError(f"{what} failed:\n" + "\n".join(lines))


def _check_toolchain() -> None:
    for tool in ("ca65", "ld65"):
        if shutil.which(tool) is None:
            raise ToolchainMissingError(
                f"{tool} not found; run `make` or `apt-get install cc65`")


def sources(root: Path) -> list[Path]:
    """All assembly sources that go into the ROM (relative to root), sorted."""
    found: list[Path] = []
    for d in SOURCE_DIRS:
        found += sorted(p.relative_to(root) for p in (root / d).glob("*.s"))
    return found


def _object_for(src: Path) -> Path:
    return Path("build/obj") / src.parent.name / (src.stem + ".o")


def _run_assets(root: Path, force: bool) -> bool:
    ran = False
    for step in ASSET_STEPS:
        deps = read_depfile(root / step.depfile)
        inputs = [root / step.tool, root / step.source, *(root / d for d in deps or ())]
        outs = [root / o for o in step.outputs]
        missing = any(not p.exists() for p in inputs)   # a file it read has gone
        if force or deps is None or missing or _oldest(outs) < _newest(
                p for p in inputs if p.exists()):
            _run([sys.executable, str(step.tool), str(step.source), *step.args],
                 root, f"{step.tool} {step.source}")
            ran = True
    return ran


def parse_cfg_segments(cfg_text: str) -> dict[str, str]:
    """Map each segment name of an ld65 config to the MEMORY area it loads into."""
    m = re.search(r"SEGMENTS\s*\{(.*?)\}", cfg_text, re.S)
    if not m:
        raise BuildError("no SEGMENTS block in the ld65 config")
    body = re.sub(r"#[^\n]*", "", m.group(1))
    return {name: area for name, area in
            re.findall(r"(\w+)\s*:\s*[^;]*?\bload\s*=\s*(\w+)", body)}


def parse_map_segments(map_text: str) -> dict[str, int]:
    """Return {segment: size} from the "Segment list" of an ld65 map file."""
    m = re.search(r"Segment list:\s*\n-+\n.*?\n-+\n(.*?)(?:\n\s*\n|\Z)", map_text, re.S)
    if not m:
        raise BuildError("no segment list in the ld65 map file")
    sizes = {}
    for line in m.group(1).splitlines():
        parts = line.split()
        if len(parts) >= 4:
            sizes[parts[0]] = int(parts[3], 16)
    return sizes


def region_usage(cfg_text: str, map_text: str) -> list[RegionUsage]:
    """Bytes used per summary region, from the ld65 config and map file."""
    seg_area = parse_cfg_segments(cfg_text)
    seg_size = parse_map_segments(map_text)
    out = []
    for name, size, areas in REGIONS:
        used = sum(n for seg, n in seg_size.items() if seg_area.get(seg) in areas)
        out.append(RegionUsage(name, size, used))
    return out


def build_rom(root: Path | None = None, *, force: bool = False,
              quiet: bool = False) -> BuildResult:
    """Build build/xiangqi.nes (with .dbg, .labels, .map) if any input changed.

    Raises ToolchainMissingError when ca65/ld65 are absent and BuildError when an asset
    tool, the assembler or the linker fails (the message carries their output).
    """
    root = Path(root) if root is not None else project_root()
    build = root / "build"
    rom = build / f"{ROM_NAME}.nes"
    dbg = build / f"{ROM_NAME}.dbg"
    labels = build / f"{ROM_NAME}.labels"
    mapf = build / f"{ROM_NAME}.map"
    build.mkdir(exist_ok=True)
    # one build at a time per tree (tests and engineers may build concurrently)
    with open(build / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        return _build_locked(root, rom, dbg, labels, mapf, force, quiet)


def _build_locked(root: Path, rom: Path, dbg: Path, labels: Path, mapf: Path,
                  force: bool, quiet: bool) -> BuildResult:
    build = root / "build"
    assets_ran = _run_assets(root, force)
    srcs = sources(root)
    # anything a source may .include or .incbin: every non-.s file under asm/ (cfg
    # aside) and every generated file directly in build/
    includes = [p for p in (root / "asm").rglob("*")
                if p.is_file() and p.suffix not in (".s", ".cfg")]
    includes += [p for p in build.glob("*") if p.is_file() and p.suffix in (".inc", ".chr", ".bin")]
    tools_mtime = _newest([root / s.tool for s in ASSET_STEPS])
    inc_mtime = max(_newest(includes), tools_mtime)
    objects = []
    assembled = False
    for src in srcs:
        obj = _object_for(src)
        objects.append(obj)
        if force or _oldest([root / obj]) < max((root / src).stat().st_mtime, inc_mtime):
            _check_toolchain()
            (root / obj).parent.mkdir(parents=True, exist_ok=True)
            cmd = ["ca65", "-g"]
            for d in INCLUDE_DIRS:
                cmd += ["-I", str(d), "--bin-include-dir", str(d)]
            cmd += ["-o", str(obj), str(src)]
            _run(cmd, root, f"ca65 {src}")
            assembled = True

    outputs = [rom, dbg, labels, mapf]
    link_inputs = [root / o for o in objects] + [root / CFG]
    # a source removed since the last link also needs a relink: compare the list
    listing = build / "obj" / "objects.txt"
    obj_list = "\n".join(str(o) for o in objects)
    list_changed = not listing.exists() or listing.read_text() != obj_list
    relink = (force or assembled or assets_ran or list_changed
              or _oldest(outputs) < _newest(link_inputs))
    if relink:
        _check_toolchain()
        cmd = ["ld65", "-C", str(CFG), "--dbgfile", str(dbg.relative_to(root)),
               "-Ln", str(labels.relative_to(root)), "-m", str(mapf.relative_to(root)),
               "-o", str(rom.relative_to(root))] + [str(o) for o in objects]
        _run(cmd, root, "ld65")
        listing.parent.mkdir(parents=True, exist_ok=True)
        listing.write_text(obj_list)
    result = BuildResult(rom, dbg, labels, mapf, relink,
                         region_usage((root / CFG).read_text(), mapf.read_text()))
    if not quiet:
        print(result.summary)
    return result


def main(argv: list[str] | None = None) -> int:
    """`python -m pyharness.build [--force]`: build and print the summary."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        build_rom(force="--force" in argv)
    except BuildError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
