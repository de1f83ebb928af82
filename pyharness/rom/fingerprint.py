"""The build's fingerprint: the SHA-256 of the ROM and of the symbol files ld65 wrote
with it, so the harness runs a ROM only with the labels that describe it.

`build_rom` writes `build/xiangqi.sum` beside the label and debug files, in the format
of `sha256sum` (`cd build && sha256sum -c xiangqi.sum` checks it too):

    <64 hex digits>  xiangqi.nes
    <64 hex digits>  xiangqi.labels
    <64 hex digits>  xiangqi.dbg

An entry is known by the suffix of its name (.nes, .labels, .dbg), so a ROM copied
under another name with its three files (`x.nes`, `x.labels`, `x.dbg`, `x.sum`) still
verifies. `verify` refuses, with one line: a ROM whose bytes differ from the build's
(one flipped byte is enough), a label or debug file of another build, a missing debug
file, and a ROM with no fingerprint beside its labels.
"""
from __future__ import annotations

import hashlib
import re
from pathlib import Path

from ..inputfile import ROM_CAP, SYMBOLS_CAP, TEXT_CAP, InputFileError, read_bytes
from ..errors import Xq65Error

#: the fingerprint file: beside the label file, with this suffix
SUFFIX = ".sum"
#: the entries a fingerprint holds, by the suffix of their names
ROLES = (".nes", ".labels", ".dbg")
_LINE = re.compile(r"^([0-9a-f]{64}) [ *](\S+)$")


class FingerprintError(Xq65Error):
    """A ROM, label or debug file that is not the one the build's fingerprint names,
    or a fingerprint that is missing or malformed."""


def sha256(data: bytes) -> str:
    """The SHA-256 of `data` as 64 lowercase hex digits."""
    return hashlib.sha256(data).hexdigest()


def fingerprint_path(labels: Path) -> Path:
    """The fingerprint file of a label file: beside it, `.sum`."""
    return Path(labels).with_suffix(SUFFIX)


def write_fingerprint(rom: Path, labels: Path, dbg: Path) -> Path:
    """Write the fingerprint of a fresh build beside `labels`; return its path."""
    out = fingerprint_path(labels)
    lines = [f"{sha256(Path(p).read_bytes())}  {Path(p).name}" for p in (rom, labels, dbg)]
    tmp = out.with_suffix(SUFFIX + ".tmp")
    tmp.write_text("\n".join(lines) + "\n", encoding="ascii")
    tmp.replace(out)
    return out


def read_fingerprint(path: Path) -> dict[str, str]:
    """{suffix: sha256} of a fingerprint file; FingerprintError when it is not one."""
    try:
        text = read_bytes(path, "fingerprint", TEXT_CAP).decode("ascii")
    except UnicodeDecodeError:
        raise FingerprintError(f"fingerprint {path} is not a sha256sum file") from None
    except InputFileError as exc:
        raise FingerprintError(str(exc)) from None
    sums: dict[str, str] = {}
    for line in text.splitlines():
        m = _LINE.match(line.strip())
        if m and Path(m.group(2)).suffix in ROLES:
            sums[Path(m.group(2)).suffix] = m.group(1)
    missing = [r for r in ROLES if r not in sums]
    if missing:
        raise FingerprintError(f"fingerprint {path} has no SHA-256 of the "
                               f"{', '.join(missing)} file (want sha256sum lines)")
    return sums


def verify(rom: Path, rom_bytes: bytes, labels: Path, dbg: Path) -> None:
    """FingerprintError unless the fingerprint beside `labels` names these very bytes
    of the ROM, label file and debug file."""
    path = fingerprint_path(labels)
    if not path.exists():
        raise FingerprintError(
            f"no build fingerprint {path} beside the label file {labels}: the harness "
            f"runs a ROM only with the files `xq65 build` wrote with it (copy the .nes, "
            f".labels, .dbg and .sum together)")
    sums = read_fingerprint(path)
    if sha256(rom_bytes) != sums[".nes"]:
        raise FingerprintError(
            f"ROM {rom} is not the one {labels} describes: its SHA-256 differs from "
            f"{path} (a damaged ROM, or labels of another build)")
    if sha256(read_bytes(labels, "label file", SYMBOLS_CAP)) != sums[".labels"]:
        raise FingerprintError(
            f"label file {labels} is not the one built with {rom}: its SHA-256 differs "
            f"from {path}")
    if not dbg.exists():
        raise FingerprintError(
            f"debug file {dbg} not found: copy it with the ROM and its labels (the "
            f"harness takes the banks and constants from it)")
    if sha256(read_bytes(dbg, "debug file", SYMBOLS_CAP)) != sums[".dbg"]:
        raise FingerprintError(
            f"debug file {dbg} is not the one built with {rom}: its SHA-256 differs "
            f"from {path}")


def matches(rom: Path, labels: Path, dbg: Path) -> bool:
    """Whether the three files are those of the fingerprint beside `labels` (False when
    one is missing or damaged): `build_rom` relinks the standard build otherwise."""
    try:
        verify(rom, read_bytes(rom, "ROM", ROM_CAP), labels, dbg)
    except (FingerprintError, OSError):
        return False
    return True
