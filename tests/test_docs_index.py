"""docs/README.md indexes the docs: every page of docs/ is linked from it, and every
link it holds to a file of the repository leads to one that exists."""
from __future__ import annotations

import re

from pyharness.rom.build import project_root

DOCS = project_root() / "docs"
LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def _links(path) -> set[str]:
    return {m for m in LINK.findall(path.read_text(encoding="utf-8"))
            if not re.match(r"[a-z]+:", m)}


def test_every_doc_page_is_in_the_index():
    linked = {(DOCS / link).resolve() for link in _links(DOCS / "README.md")}
    pages = {p.resolve() for p in DOCS.glob("*.md") if p.name != "README.md"}
    assert len(pages) >= 8
    assert sorted(p.name for p in pages - linked) == []


def test_the_links_of_the_index_and_the_readme_exist():
    for page in (DOCS / "README.md", project_root() / "README.md"):
        links = _links(page)
        assert links, f"{page.name}: no links found: test broken"
        missing = [link for link in links if not (page.parent / link).exists()]
        assert missing == [], f"{page.name}: links to missing files"
