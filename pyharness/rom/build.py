"""Build the cartridge: asset tools, ca65 on every source, ld65 with the cartridge config.

`build_rom()` is incremental: when no input (asm sources, includes, the ld65 config,
assets, asset tools) is newer than its outputs nothing runs. `python -m pyharness.rom.build`
and `xq65 build` print the summary: ROM size, then per memory region (RAM areas, each
PRG bank) the bytes used, the bytes free at its end (contiguous) and the bytes lost to
alignment holes (gaps between segments and the fill before aligned modules), from the
ld65 config and map file; then the two windows that matter (docs/cartridge.md): what
the engine sees while it thinks (engine bank + fixed bank) and the banks mapped only
outside a think (the UI's, the game record's and the free ones) together.
"""
from __future__ import annotations

import fcntl
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from .fingerprint import fingerprint_path, write_fingerprint
from .fingerprint import matches as fingerprint_matches
from ..errors import Xq65Error

ROM_NAME = "xiangqi"
CFG = Path("asm/cfg/xiangqi.cfg")
SOURCE_DIRS = (Path("asm/nes"), Path("asm/engine"))
INCLUDE_DIRS = (Path("asm/include"), Path("build"))
MAX_ERROR_LINES = 40     # of assembler/linker output kept in a BuildError
ERROR_LOG = "build_error.log"   # build/: the whole output of the tool that failed

# Regions of the summary: name, ld65 MEMORY areas that fill it (asm/cfg/xiangqi.cfg).
REGIONS = (
    ("zero page", ("ZP",)),
    ("internal RAM $0200-$07FF", ("OAMBUF", "RAM")),
    ("PRG-RAM $6000-$7FFF", ("WRAM", "WPUZ", "WGAME")),
    ("bank 0 $8000 engine", ("PRG0", "STUB0")),
    ("bank 1 $8000 UI", ("PRG1", "STUB1")),
    ("bank 2 $8000 game record", ("PRG2", "STUB2")),
    ("banks 3-6 $8000 (3: puzzles)", ("PRG3", "STUB3", "PRG4", "STUB4", "PRG5", "STUB5",
                                 "PRG6", "STUB6")),
    ("bank 7 $C000 fixed", ("PRG7", "STUB7")),
)
# Windows: sums of regions (by name) that the summary prints after them.
WINDOWS = (
    ("engine's view: banks 0+7", ("bank 0 $8000 engine", "bank 7 $C000 fixed")),
    ("banks 1-6, outside a think", ("bank 1 $8000 UI", "bank 2 $8000 game record",
                                    "banks 3-6 $8000 (3: puzzles)")),
)


class BuildError(Xq65Error):
    """An asset tool, the assembler or the linker failed. The message is one line (the
    first diagnostic); `output` holds the tool's whole output, which is also written to
    build/build_error.log."""

    def __init__(self, message: str, output: str = "") -> None:
        super().__init__(message)
        self.output = output


class ToolchainMissingError(BuildError):
    """ca65 or ld65 is not installed."""


@dataclass(frozen=True)
class AssetStep:
    """One asset conversion: a tool run on a source, making outputs in build/.

    The tool writes `<outputs[-1]>.d`, a depfile of every repository file it read
    (pyharness/gen/depfile.py): the step runs again when one of them is newer than an output,
    or when the depfile is missing.
    """

    tool: Path
    source: Path
    outputs: tuple[Path, ...]
    args: tuple[str, ...]

    @property
    def module(self) -> str:
        """The generator as a module name (`python -m` runs it)."""
        return ".".join(self.tool.with_suffix("").parts)

    @property
    def depfile(self) -> Path:
        """The depfile the tool writes beside its include."""
        last = self.outputs[-1]
        return last.with_name(last.name + ".d")


ASSET_STEPS = (
    AssetStep(Path("pyharness/gen/png2chr.py"), Path("assets/title.png"),
              (Path("build/title.chr"), Path("build/title.inc")),
              ("--name", "title", "--chr", "build/title.chr", "--inc", "build/title.inc")),
    # UI tiles (docs/ui.md): glyph masks from the committed PNG, board drawn by the tool
    AssetStep(Path("pyharness/gen/ui2chr.py"), Path("assets/ui_glyphs.png"),
              (Path("build/ui.chr"), Path("build/ui_menu.chr"), Path("build/ui_tiles.inc")),
              ("--chr", "build/ui.chr", "--menu-chr", "build/ui_menu.chr",
               "--inc", "build/ui_tiles.inc")),
    # engine data (docs/search.md): one source each, read by the Python twin too
    AssetStep(Path("pyharness/gen/gen_eval.py"), Path("assets/pst_engine.txt"),
              (Path("build/eval_tables.inc"),), ("--inc", "build/eval_tables.inc")),
    AssetStep(Path("pyharness/gen/gen_zobrist.py"), Path("assets/zobrist.txt"),
              (Path("build/zobrist.inc"),), ("--inc", "build/zobrist.inc")),
    AssetStep(Path("pyharness/gen/gen_book.py"), Path("assets/book.txt"),
              (Path("build/book.inc"),), ("--inc", "build/book.inc")),
    AssetStep(Path("pyharness/gen/gen_levels.py"), Path("assets/levels.txt"),
              (Path("build/levels.inc"), Path("build/engine_consts.inc")),
              ("--inc", "build/levels.inc", "--consts", "build/engine_consts.inc")),
    # start positions: handicaps, puzzles, where a piece may stand (docs/save_format.md)
    AssetStep(Path("pyharness/gen/gen_starts.py"), Path("assets/handicaps.txt"),
              (Path("build/starts_data.inc"), Path("build/starts.inc")),
              ("--inc", "build/starts.inc", "--data", "build/starts_data.inc")),
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
    """Bytes of one memory region: used by code/data, free at the end of each of its
    areas (contiguous), lost to alignment holes; used + free + holes = size."""

    name: str
    size: int
    used: int
    free: int = 0
    holes: int = 0

    @property
    def left(self) -> int:
        """Bytes not used by any segment (free + holes)."""
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
        rows = self.regions + self.windows
        width = max(len(r.name) for r in rows) if rows else 0
        for r in rows:
            if r is self.windows[0] if self.windows else False:
                lines.append("  windows:")
            pct = 100.0 * r.used / r.size
            lines.append(f"  {r.name:<{width}}  used {r.used:6d}  free {r.free:6d}"
                         f"  holes {r.holes:4d}  of {r.size:6d}  ({pct:5.1f}% used)")
        return "\n".join(lines)

    @property
    def windows(self) -> list[RegionUsage]:
        """The WINDOWS sums of the regions."""
        by_name = {r.name: r for r in self.regions}
        out = []
        for name, parts in WINDOWS:
            rs = [by_name[p] for p in parts if p in by_name]
            if rs:
                out.append(RegionUsage(name, sum(r.size for r in rs), sum(r.used for r in rs),
                                       sum(r.free for r in rs), sum(r.holes for r in rs)))
        return out


def project_root() -> Path:
    """Return the repository root (the directory holding asm/ and pyharness/)."""
    return Path(__file__).resolve().parents[2]


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
        output = "\n".join(lines)
        log = cwd / "build" / ERROR_LOG
        try:
            log.parent.mkdir(exist_ok=True)
            log.write_text(f"{what} failed:\n{output}\n", encoding="utf-8")
        except OSError:
            pass
        first = next((ln for ln in lines if "rror" in ln), lines[0] if lines else
                     f"status {proc.returncode}")
        rest = f" (+{len(lines) - 1} more lines in build/{ERROR_LOG})" if len(lines) > 1 else ""
        raise BuildError(f"{what} failed: {' '.join(first.split())}{rest}", output)


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
            _run([sys.executable, "-m", step.module, str(step.source), *step.args],
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
    return {name: size for name, (_, size) in parse_map_extents(map_text).items()}


def parse_cfg_memory(cfg_text: str) -> dict[str, tuple[int, int]]:
    """Map each MEMORY area of an ld65 config to its (start, size)."""
    m = re.search(r"MEMORY\s*\{(.*?)\}", cfg_text, re.S)
    if not m:
        raise BuildError("no MEMORY block in the ld65 config")
    body = re.sub(r"#[^\n]*", "", m.group(1))
    out = {}
    for name, attrs in re.findall(r"(\w+)\s*:([^;]*);", body):
        st = re.search(r"\bstart\s*=\s*\$?([0-9A-Fa-f]+)", attrs)
        sz = re.search(r"\bsize\s*=\s*\$?([0-9A-Fa-f]+)", attrs)
        if st and sz:
            out[name] = (int(st.group(1), 16), int(sz.group(1), 16))
    return out


def parse_map_extents(map_text: str) -> dict[str, tuple[int, int]]:
    """Return {segment: (start, size)} from the "Segment list" of an ld65 map file."""
    m = re.search(r"Segment list:\s*\n-+\n.*?\n-+\n(.*?)(?:\n\s*\n|\Z)", map_text, re.S)
    if not m:
        raise BuildError("no segment list in the ld65 map file")
    out = {}
    for line in m.group(1).splitlines():
        parts = line.split()
        if len(parts) >= 4:
            out[parts[0]] = (int(parts[1], 16), int(parts[3], 16))
    return out


def parse_map_fills(map_text: str) -> dict[str, int]:
    """Return {segment: bytes} of alignment fill the "Modules list" puts inside each
    segment (the Fill= of every module part: padding before an aligned module)."""
    m = re.search(r"Modules list:(.*?)Segment list:", map_text, re.S)
    fills: dict[str, int] = {}
    for seg, fill in re.findall(r"^\s+(\w+)\s+Offs=\w+\s+Size=\w+\s+Align=\w+\s+Fill=(\w+)",
                                m.group(1) if m else "", re.M):
        fills[seg] = fills.get(seg, 0) + int(fill, 16)
    return fills


def region_usage(cfg_text: str, map_text: str) -> list[RegionUsage]:
    """Used / free at the end / holes per summary region, from the ld65 config and map.

    In each MEMORY area, the segments (sorted by address) are used bytes except the
    fill inside them; the gaps before and between them are holes; what follows the last
    one is free.
    """
    seg_area = parse_cfg_segments(cfg_text)
    areas = parse_cfg_memory(cfg_text)
    extents = parse_map_extents(map_text)
    fills = parse_map_fills(map_text)
    out = []
    for name, area_names in REGIONS:
        size = used = free = holes = 0
        for area in area_names:
            if area not in areas:
                continue
            start, asize = areas[area]
            size += asize
            pos = start
            for seg, (s_start, s_size) in sorted(
                    ((g, e) for g, e in extents.items() if seg_area.get(g) == area),
                    key=lambda item: item[1][0]):
                if s_size == 0:
                    continue
                holes += s_start - pos + fills.get(seg, 0)
                used += s_size - fills.get(seg, 0)
                pos = s_start + s_size
            free += start + asize - pos
        if size:
            out.append(RegionUsage(name, size, used, free, holes))
    return out


def build_rom(root: Path | None = None, *, force: bool = False,
              quiet: bool = False) -> BuildResult:
    """Build build/xiangqi.nes (with .dbg, .labels, .map and the fingerprint .sum of the
    first three, pyharness.rom.fingerprint) if any input changed or an output does not
    match the fingerprint.

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

    outputs = [rom, dbg, labels, mapf, fingerprint_path(labels)]
    link_inputs = [root / o for o in objects] + [root / CFG]
    # a source removed since the last link also needs a relink: compare the list
    listing = build / "obj" / "objects.txt"
    obj_list = "\n".join(str(o) for o in objects)
    list_changed = not listing.exists() or listing.read_text() != obj_list
    relink = (force or assembled or assets_ran or list_changed
              or _oldest(outputs) < _newest(link_inputs)
              or not fingerprint_matches(rom, labels, dbg))   # a damaged output
    if relink:
        _check_toolchain()
        cmd = ["ld65", "-C", str(CFG), "--dbgfile", str(dbg.relative_to(root)),
               "-Ln", str(labels.relative_to(root)), "-m", str(mapf.relative_to(root)),
               "-o", str(rom.relative_to(root))] + [str(o) for o in objects]
        _run(cmd, root, "ld65")
        write_fingerprint(rom, labels, dbg)
        listing.parent.mkdir(parents=True, exist_ok=True)
        listing.write_text(obj_list)
    result = BuildResult(rom, dbg, labels, mapf, relink,
                         region_usage((root / CFG).read_text(), mapf.read_text()))
    if not quiet:
        print(result.summary)
    return result


def markdown_totals(result: BuildResult) -> str:
    """The totals table the docs quote (docs/ram_map.md, docs/cartridge.md, README.md;
    tests/test_docs_figures.py compares them with the build)."""
    lines = ["| region | used | free at end | holes | of |", "|---|---|---|---|---|"]
    for r in result.regions + result.windows:
        lines.append(f"| {r.name} | {r.used:,} | {r.free:,} | {r.holes:,} | {r.size:,} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """`python -m pyharness.rom.build [--force] [--markdown]`: build and print the summary
    (with --markdown: the totals table of the docs instead)."""
    argv = sys.argv[1:] if argv is None else argv
    try:
        result = build_rom(force="--force" in argv, quiet="--markdown" in argv)
    except BuildError as e:
        if e.output:                          # make shows the tool's whole output
            print(e.output, file=sys.stderr)
        print(f"error: {e}", file=sys.stderr)
        return 2
    if "--markdown" in argv:
        print(markdown_totals(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
