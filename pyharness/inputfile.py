"""Bounded reads of files named on the command line (and of the build's own files), and
safe opens of the files a command writes.

Every file the harness reads goes through `read_bytes` / `read_text`: only a regular
file is read (a directory, a FIFO, /dev/zero or a socket is refused before it is
opened) and only up to a size cap, so no argument can make a command read forever or
fill the memory. Every file a command writes (`--log`, `--out`, `--plot`, a screenshot)
is checked by `check_output` before the command's work starts and opened by
`open_output`: a new or regular file only, with the suffix the command writes, opened
without blocking (a FIFO made in between is refused, never waited on). Errors are
`InputFileError` with one line saying which file and why.
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


def check_output(path: str | os.PathLike, what: str, suffix: str | None = None) -> Path:
    """`path` as a Path when a command may write it: a regular file or none yet, in an
    existing directory, ending in `suffix` when given (e.g. ".png"); InputFileError
    (one line) otherwise. Nothing is created."""
    p = Path(path)
    if suffix is not None and p.suffix.lower() != suffix:
        raise InputFileError(f"{what} {p} must end in {suffix} (it is written as "
                             f"{suffix[1:].upper()})")
    try:
        st = p.stat()
    except FileNotFoundError:
        parent = p.parent
        if not parent.is_dir():
            raise InputFileError(f"{what} {p}: directory {parent} does not exist") from None
        if not os.access(parent, os.W_OK):
            raise InputFileError(f"cannot write {what} {p}: directory {parent} is not "
                                 f"writable") from None
        return p
    except OSError as exc:
        raise InputFileError(f"cannot write {what} {p}: {exc.strerror or exc}") from None
    if stat.S_ISDIR(st.st_mode):
        raise InputFileError(f"{what} {p} is a directory, not a file")
    if not stat.S_ISREG(st.st_mode):
        raise InputFileError(f"{what} {p} is not a regular file (a device, FIFO or "
                             f"socket); write to a file")
    if not os.access(p, os.W_OK):
        raise InputFileError(f"cannot write {what} {p}: it is read-only")
    return p


def open_output(path: str | os.PathLike, what: str, suffix: str | None = None,
                binary: bool = False):
    """Open `path` for writing (truncated) after `check_output`, without ever blocking:
    O_NONBLOCK makes a FIFO that appeared since the check fail at once, and the opened
    file is checked to be regular before anything is written."""
    p = check_output(path, what, suffix)
    try:
        fd = os.open(p, os.O_WRONLY | os.O_CREAT | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0),
                     0o666)
    except OSError as exc:
        raise InputFileError(f"cannot write {what} {p}: {exc.strerror or exc}") from None
    if not stat.S_ISREG(os.fstat(fd).st_mode):
        os.close(fd)
        raise InputFileError(f"{what} {p} is not a regular file (a device, FIFO or socket)")
    os.ftruncate(fd, 0)
    os.set_blocking(fd, True)
    if binary:
        return os.fdopen(fd, "wb")
    return os.fdopen(fd, "w", encoding="utf-8")
