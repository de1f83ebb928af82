"""Symbols of the built ROM: names -> CPU addresses, from the ld65 label and debug files.

Source of truth: `build/xiangqi.labels` (ld65 `-Ln`, lines `al 00C000 .nes_main`).
Every global and module-level label is there under its plain name (`frame_count`,
`mg_generate`); cheap locals (`@loop`) are dropped, because many routines share them.
A plain name that two modules define at different addresses (two static labels
with the same name) is *ambiguous*: looking it up raises KeyError saying so.

When the debug file `build/xiangqi.dbg` (ld65 `--dbgfile`) lies beside the label file
it adds scoped names, for labels the label file cannot tell apart:
  - `proc::label`    a label inside `.proc proc` (also nested: `a::b::label`);
  - `label::@local`  a cheap local label, under the label that opens it
                     (e.g. `nes_nmi::@done`).
and `sizes` (bytes reserved by `.res`, e.g. frame_count -> 2).
Constants (`NAME = value`) are not addresses; read them with `load_constants(dbg)`.
"""
from __future__ import annotations

import re
from pathlib import Path
from typing import Callable, Iterable

from ..inputfile import SYMBOLS_CAP, read_text
from ..errors import Xq65Error

_LABEL_LINE = re.compile(r"^al\s+([0-9A-Fa-f]+)\s+\.(\S+)\s*$")
_DBG_FIELD = re.compile(r'(\w+)=("(?:[^"]*)"|[^,]*)')


class SymbolError(Xq65Error, KeyError):
    """A symbol that the label file does not have (or has twice), or a label file
    that is not one."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "symbol error"


class SymbolTable(dict):
    """A dict name -> address whose missing keys raise a KeyError naming the symbol."""

    def __init__(self, source: Path, ambiguous: dict[str, set[int]] | None = None):
        super().__init__()
        self.source = source
        self.ambiguous = ambiguous or {}
        self.sizes: dict[str, int] = {}

    def __missing__(self, name: str) -> int:
        if name in self.ambiguous:
            addrs = ", ".join(f"${a:04X}" for a in sorted(self.ambiguous[name]))
            raise SymbolError(f"symbol {name!r} is ambiguous in {self.source} "
                           f"(defined at {addrs}); use its scoped name")
        raise SymbolError(f"symbol {name!r} not found in {self.source}")

    def address(self, symbol_or_addr: str | int) -> int:
        """Resolve a symbol name, or pass an integer address through unchanged."""
        if isinstance(symbol_or_addr, int):
            return symbol_or_addr
        return self[symbol_or_addr]


def _parse_dbg_line(line: str) -> tuple[str, dict[str, str]]:
    kind, _, rest = line.partition("\t")
    fields = {k: v.strip('"') for k, v in _DBG_FIELD.findall(rest)}
    return kind, fields


def dbg_records(text: str, kind: str) -> list[dict[str, str]]:
    """The fields of every line of one kind (`sym`, `seg`, `scope`, ...) of an ld65 debug
    file's text, in file order (the doc maintainers of tools/docs/ read them)."""
    return [fields for k, fields in map(_parse_dbg_line, text.splitlines()) if k == kind]


#: parsed debug files by (path, inode, size, mtime): a simulator reads its ROM's debug file
#: three times (symbols, constants, banks), and the tests build many simulators
_DBG_CACHE: dict[tuple, tuple[dict[str, dict], dict[str, dict], dict[str, dict]]] = {}
_DBG_CACHE_MAX = 4


def _read_dbg(dbg_path: Path, segs: dict[str, dict] | None = None
              ) -> tuple[dict[str, dict], dict[str, dict]]:
    """Scopes and symbols of a debug file by id (its segments into `segs`); the result
    is shared between callers of the same file version: read it, never change it."""
    try:
        st = dbg_path.stat()
        key = (str(dbg_path.resolve()), st.st_ino, st.st_size, st.st_mtime_ns)
    except OSError:
        key = None
    cached = _DBG_CACHE.get(key) if key is not None else None
    if cached is None:
        scopes: dict[str, dict] = {}
        syms: dict[str, dict] = {}
        all_segs: dict[str, dict] = {}
        for line in read_text(dbg_path, "debug file", SYMBOLS_CAP).splitlines():
            if not line.startswith(("sym\t", "scope\t", "seg\t")):
                continue                          # line and span records: 80 % of the file
            kind, f = _parse_dbg_line(line)
            if kind == "scope":
                scopes[f["id"]] = f
            elif kind == "sym":
                syms[f["id"]] = f
            elif kind == "seg":
                all_segs[f["id"]] = f
        cached = (scopes, syms, all_segs)
        if key is not None:
            if len(_DBG_CACHE) >= _DBG_CACHE_MAX:
                _DBG_CACHE.pop(next(iter(_DBG_CACHE)))
            _DBG_CACHE[key] = cached
    if segs is not None:
        segs.update(cached[2])
    return cached[0], cached[1]


def _scope_path(scopes: dict[str, dict], scope_id: str | None) -> list[str]:
    path: list[str] = []
    while scope_id is not None and scope_id in scopes:
        s = scopes[scope_id]
        if s.get("name"):
            path.append(s["name"])
        scope_id = s.get("parent")
    return list(reversed(path))


def _add_dbg(table: SymbolTable, dbg_path: Path) -> None:
    scopes, syms = _read_dbg(dbg_path)
    for f in syms.values():
        if f.get("type") != "lab" or "val" not in f:
            continue
        value = int(f["val"], 16)
        name = f["name"]
        if "parent" in f:                         # cheap local: under its parent label
            parent = syms.get(f["parent"])
            if parent is None:
                continue
            ppath = _scope_path(scopes, parent.get("scope"))
            full = "::".join(ppath + [parent["name"], name])
        else:
            path = _scope_path(scopes, f.get("scope"))
            full = "::".join(path + [name])
            if "size" in f and not path:
                table.sizes[name] = int(f["size"])
        if full != name:
            table.setdefault(full, value)
        if "size" in f:
            table.sizes[full] = int(f["size"])


def load_symbols(labels_path: str | Path, dbg_path: str | Path | None = None) -> SymbolTable:
    """Load ROM symbols from an ld65 `-Ln` label file (leading '.' stripped).

    dbg_path defaults to the `.dbg` file beside the label file; when it exists, scoped
    names (`proc::label`, `label::@local`) and sizes are added. Raises FileNotFoundError
    when the label file is missing, InputFileError (an OSError) when it is not a regular
    file or too large, SymbolError when it holds no label. Looking up a missing name
    raises SymbolError (a KeyError) naming it.
    """
    labels_path = Path(labels_path)
    if not labels_path.exists():
        raise FileNotFoundError(f"label file {labels_path} not found")
    seen: dict[str, set[int]] = {}
    for line in read_text(labels_path, "label file", SYMBOLS_CAP).splitlines():
        m = _LABEL_LINE.match(line)
        if not m or m.group(2).startswith("@"):
            continue
        seen.setdefault(m.group(2), set()).add(int(m.group(1), 16))
    if not seen:
        raise SymbolError(f"{labels_path} holds no labels (want ld65 -Ln lines "
                          f"such as 'al 00C000 .nes_main')")
    ambiguous = {n: a for n, a in seen.items() if len(a) > 1}
    table = SymbolTable(labels_path, ambiguous)
    for name, addrs in seen.items():
        if len(addrs) == 1:
            table[name] = next(iter(addrs))
    dbg = Path(dbg_path) if dbg_path is not None else labels_path.with_suffix(".dbg")
    if dbg.exists():
        _add_dbg(table, dbg)
    return table


def load_constants(dbg_path: str | Path) -> dict[str, int]:
    """Numeric constants (`NAME = value`, type=equ) of the debug file, by plain name.

    A name defined with two different values in different modules is left out.
    """
    _, syms = _read_dbg(Path(dbg_path))
    values: dict[str, set[int]] = {}
    for f in syms.values():
        if f.get("type") == "equ" and "val" in f:
            values.setdefault(f["name"], set()).add(int(f["val"], 16))
    return {n: next(iter(v)) for n, v in values.items() if len(v) == 1}


#: iNES header bytes before the PRG-ROM in the output file; PRG bank size
INES_HEADER = 16
PRG_BANK_SIZE = 0x4000


def load_banks(dbg_path: str | Path, prg_banks: int) -> dict[str, int]:
    """PRG bank (0 .. prg_banks-1) of every ROM label, by plain name, from the debug file.

    A label's bank is where its bytes sit in the ROM file: the file offset of its segment
    (`ooffs`) plus its offset in the segment, minus the 16-byte header, over 16 KB.
    Labels of CHR-ROM and RAM are left out.
    """
    segs: dict[str, dict] = {}
    _, syms = _read_dbg(Path(dbg_path), segs)
    banks: dict[str, int] = {}
    for f in syms.values():
        seg = segs.get(f.get("seg", ""))
        if f.get("type") != "lab" or "val" not in f or seg is None or "ooffs" not in seg:
            continue
        offset = int(seg["ooffs"]) + int(f["val"], 16) - int(seg["start"], 16) - INES_HEADER
        bank = offset // PRG_BANK_SIZE
        if 0 <= offset and bank < prg_banks and "parent" not in f:
            banks.setdefault(f["name"], bank)
    return banks


def routine_of(symbols: dict[str, int], lo: int = 0x8000,
               banks: dict[str, int] | None = None,
               mapped: Iterable[int] = ()) -> Callable[[int], str]:
    """A function mapping a PC to the nearest symbol at or below it (for profiles).

    With `banks` (name -> PRG bank, `Sim.banks`), only labels of the `mapped` banks count
    (the banks share $8000-$BFFF)."""
    import bisect
    inner = {n.rsplit("::", 1)[1] for n in symbols if "::" in n}
    keep = set(mapped)
    pairs = sorted((a, n) for n, a in symbols.items()
                   if a >= lo and "@" not in n and "::" not in n and n not in inner
                   and not n.startswith("LOCAL-")
                   and (banks is None or banks.get(n) in keep))
    addrs = [a for a, _ in pairs]

    def name(pc: int) -> str:
        i = bisect.bisect_right(addrs, pc) - 1
        return pairs[i][1] if i >= 0 else f"${pc:04X}"
    return name
