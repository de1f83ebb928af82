"""What the tools that draw a committed PNG share (make_title_png.py, make_ui_png.py):
the font files they draw with and their command line `tool [OUT.png]`."""
from __future__ import annotations

import sys
from pathlib import Path
from typing import Callable

from PIL import Image

CJK_FONT = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"        # Debian fonts-wqy-zenhei
LATIN_BOLD = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
LATIN_MONO = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono-Bold.ttf"


def save_main(render: Callable[[], Image.Image], default_out: str,
              argv: list[str] | None = None) -> int:
    """`tool [OUT.png]`: save render() to OUT (default `default_out`); exit status 0."""
    argv = sys.argv[1:] if argv is None else argv
    out = Path(argv[0]) if argv else Path(default_out)
    out.parent.mkdir(parents=True, exist_ok=True)
    render().save(out, optimize=True)
    return 0
