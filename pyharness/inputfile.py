"""Bounded reads of files named on the command line (and of the build's own files).

Every file the harness reads goes through `read_bytes` / `read_text`: only a regular
file is read (a directory, a FIFO, /dev/zero or a socket is refused before it is
opened) and only up to a size cap, so no argument can make a command read forever or
fill the memory. Errors are `InputFileError` with one line saying which file and why.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from .errors import Xq65Error

#: the cap of a text input: openings, bench suites, saved bench runs, perft files
TEXT_CAP = 4 << 20
#: the cap of an iNES image (the largest MMC1 cartridge: 512 KB PRG + 128 KB CHR)
ROM_CAP = 1 << 20
#: the cap of the ld65 label and debug files (the debug file is ~1.5 MB today)
SYMBOLS_CAP = 64 << 20


class InputFileError(Xq65Error, OSError):
    """A file that is missing, not a regular file, too large or not text."""


def check_regular(path: str | os.PathLike, what: str, cap: int) -> Path:
    """`path` as a Path when it is a regular file of at most `cap` bytes."""
    p = Path(path)
    try:
        st = p.stat()
    except FileNotFoundError:
        raise InputFileError(f"{what} {p} not found") from None
    except OSError as exc:
        raise InputFileError(f"cannot read {what} {p}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError(f"{what} {p} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(f"{what} {p} is not a regular file (a device, FIFO or socket)")
    if st.st_size > cap:
        raise InputFileError(f"{what} {p} is {st.st_size:,} bytes; the limit is {cap:,}")
    return p


def read_bytes(path: str | os.PathLike, what: str = "file", cap: int = TEXT_CAP) -> bytes:
    """The bytes of a regular file of at most `cap` bytes; InputFileError otherwise."""
    p = check_regular(path, what, cap)
    try:
        with open(p, "rb") as fh:
            data = fh.read(cap + 1)
    except OSError as exc:
        raise InputFileError(f"cannot read {what} {p}: {exc.strerror or exc}") from None
    if len(data) > cap:                      # it grew since the stat
        raise InputFileError(f"{what} {p} is larger than the limit of {cap:,} bytes")
    return data


def read_text(path: str | os.PathLike, what: str = "file", cap: int = TEXT_CAP) -> str:
    """The UTF-8 text of a regular file of at most `cap` bytes; InputFileError otherwise."""
    data = read_bytes(path, what, cap)
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InputFileError(f"{what} {path} is not UTF-8 text "
                             f"(byte {exc.start}: {exc.reason})") from None
