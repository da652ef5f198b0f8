"""The lessons cite only what the repository holds: the project's own notes, linked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted((ROOT / "tools" / "lesson_src").rglob("*.md"))


def _slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    text = path.read_text(encoding="utf-8")
    return {_slug(m.group(1)) for m in re.finditer(r"^#+ (.+)$", text, flags=re.M)}


@pytest.mark.parametrize("src", SOURCES, ids=[p.relative_to(ROOT).as_posix() for p in SOURCES])
def test_no_reference_outside_the_repository(src):
    text = src.read_text(encoding="utf-8")
    assert "rules-notes «" not in text and "/shared/" not in text


#: The lessons link the notes by their address in the repository: JupyterLab serves lessons/ only (it starts
#: in the opened notebook's folder), so a relative link to ../docs would not open there.
DOCS_URL = "https://github.com/rulekit-team/rulekit/blob/main/"


@pytest.mark.parametrize("src", SOURCES, ids=[p.relative_to(ROOT).as_posix() for p in SOURCES])
def test_doc_links_resolve(src):
    text = src.read_text(encoding="utf-8")
    assert "](../docs/" not in text and "](../../docs/" not in text
    for target, anchor in re.findall(r"\]\(" + re.escape(DOCS_URL) + r"(docs/[^)#]+)(?:#([^)]+))?\)", text):
        path = ROOT / target
        assert path.is_file(), target
        if anchor:
            assert anchor in _anchors(path), f"{target}#{anchor}"


def test_lessons_link_the_notes():
    text = "".join(p.read_text(encoding="utf-8") for p in (ROOT / "tools" / "lesson_src").glob("*.md"))
    assert DOCS_URL + "docs/mtg-rules-notes.md#" in text and DOCS_URL + "docs/apoteose-rulings.md" in text


def test_the_notes_cite_rule_numbers_and_rulings():
    notes = (ROOT / "docs" / "mtg-rules-notes.md").read_text(encoding="utf-8")
    for number in ("613.6", "613.7", "613.8", "305.7", "707.2", "611.2b", "613.10", "613.11"):
        assert number in notes
    rulings = (ROOT / "docs" / "apoteose-rulings.md").read_text(encoding="utf-8")
    for n in range(1, 24):
        assert f"**R-{n:02d}" in rulings
