"""The browser page: assemble build/web/ from web/src/, jsnes (web/node_modules, put
there by `npm ci`) and the built ROM, and serve a folder on a loopback port.

    python -m pyharness.rom.web            # what `make web` runs after `npm ci`
    with serve(path) as url: ...       # a static server in a thread (tests)

The folder is static: index.html, style.css, main.js, audio.js, xqrules.js, savefile.js,
jsnes.min.js, xiangqi.nes, the licence of jsnes and save_contract.js (the save's layout,
written from pyharness/gameio/savefile.py). Nothing is fetched from the network when the page runs.
"""
from __future__ import annotations

import contextlib
import functools
import http.server
import json
import os
import sys
import threading
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from pyharness.rom.build import ROM_NAME, BuildError, build_rom, project_root
from pyharness.errors import Xq65Error

PAGE_FILES = ("index.html", "style.css", "main.js", "audio.js", "xqrules.js", "savefile.js")
#: written by assemble() from pyharness/gameio/savefile.py (the save's layout and names)
CONTRACT_FILE = "save_contract.js"
EMULATOR = "jsnes"


class WebDepsMissingError(Xq65Error, FileNotFoundError):
    """web/node_modules lacks the emulator: run `npm ci` in web/ (or `make web`)."""


@dataclass(frozen=True)
class WebBuild:
    """What assemble() wrote."""
    out: Path
    files: tuple[str, ...]
    rom_bytes: int
    emulator_version: str


def web_dir(root: Path | None = None) -> Path:
    return (root or project_root()) / "web"


def out_dir(root: Path | None = None) -> Path:
    return (root or project_root()) / "build" / "web"


def emulator_package(root: Path | None = None) -> Path:
    """web/node_modules/jsnes, checked against the version the lock file pins."""
    web = web_dir(root)
    pkg = web / "node_modules" / EMULATOR
    meta = pkg / "package.json"
    if not meta.is_file():
        raise WebDepsMissingError(
            f"{pkg} is missing: run `npm ci` in {web} (or `make web`)")
    lock = json.loads((web / "package-lock.json").read_text())
    want = lock["packages"][f"node_modules/{EMULATOR}"]["version"]
    have = json.loads(meta.read_text())["version"]
    if have != want:
        raise WebDepsMissingError(
            f"{EMULATOR} {have} is installed but package-lock.json pins {want}: run `npm ci` in {web}")
    return pkg


def assemble(root: Path | None = None, *, rom: Path | None = None) -> WebBuild:
    """Build the ROM (unless given) and copy the page, the emulator and the ROM into
    build/web/. Raises WebDepsMissingError or BuildError."""
    root = root or project_root()
    pkg = emulator_package(root)
    if rom is None:
        rom = build_rom(root, quiet=True).rom
    out = out_dir(root)
    out.mkdir(parents=True, exist_ok=True)
    src = web_dir(root) / "src"
    copies = {name: src / name for name in PAGE_FILES}
    copies["jsnes.min.js"] = pkg / "dist" / "jsnes.min.js"
    copies["jsnes-LICENSE.txt"] = pkg / "LICENSE"
    copies[f"{ROM_NAME}.nes"] = rom
    for name, path in copies.items():
        if not path.is_file():
            raise BuildError(f"{path} is missing")
        _replace(out / name, path.read_bytes())
    from pyharness.gameio.savefile import contract_js
    _replace(out / CONTRACT_FILE, contract_js().encode("utf-8"))
    version = json.loads((pkg / "package.json").read_text())["version"]
    return WebBuild(out, tuple(sorted([*copies, CONTRACT_FILE])), rom.stat().st_size, version)


def _replace(target: Path, data: bytes) -> None:
    """Write `target` whole through a rename (a server reading it meanwhile, e.g. another
    test worker's, sees the old file or the new one, never a part); unchanged files are
    left alone."""
    if target.is_file() and target.read_bytes() == data:
        return
    tmp = target.with_name(f".{target.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    os.replace(tmp, target)


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - http.server API
        pass


@contextlib.contextmanager
def serve(directory: Path, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
    """Serve `directory` over HTTP from a thread; yields the base URL (ending in /)."""
    handler = functools.partial(_QuietHandler, directory=str(directory))
    server = http.server.ThreadingHTTPServer((host, port), handler)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1},
                              daemon=True)
    thread.start()
    try:
        yield f"http://{host}:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


def main(argv: list[str] | None = None) -> int:
    """`python -m pyharness.rom.web`: assemble build/web/ and print one line."""
    try:
        result = assemble()
    except (WebDepsMissingError, BuildError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rel = result.out.relative_to(project_root())
    print(f"{rel}/: {len(result.files)} files, {ROM_NAME}.nes {result.rom_bytes} bytes, "
          f"{EMULATOR} {result.emulator_version}; serve it with `make web-serve`")
    return 0


if __name__ == "__main__":
    sys.exit(main())
