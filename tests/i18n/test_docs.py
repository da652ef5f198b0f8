"""The lessons cite only what the repository holds (issue 12 §1): the project's own notes, linked."""

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


@pytest.mark.parametrize("src", SOURCES, ids=[p.relative_to(ROOT).as_posix() for p in SOURCES])
def test_doc_links_resolve(src):
    text = src.read_text(encoding="utf-8")
    # the notebook is built into lessons/ (or lessons/<lang>/ for a source in lesson_src/<lang>/)
    depth = len(src.relative_to(ROOT / "tools" / "lesson_src").parts) - 1
    notebook_dir = ROOT / "lessons" / Path(*src.relative_to(ROOT / "tools" / "lesson_src").parts[:depth])
    for target, anchor in re.findall(r"\]\(((?:\.\./)+docs/[^)#]+)(?:#([^)]+))?\)", text):
        path = (notebook_dir / target).resolve()
        assert path.is_file(), target
        if anchor:
            assert anchor in _anchors(path), f"{target}#{anchor}"


def test_the_notes_cite_rule_numbers_and_rulings():
    notes = (ROOT / "docs" / "mtg-rules-notes.md").read_text(encoding="utf-8")
    for number in ("613.6", "613.7", "613.8", "305.7", "707.2", "611.2b", "613.10", "613.11"):
        assert number in notes
    rulings = (ROOT / "docs" / "apoteose-rulings.md").read_text(encoding="utf-8")
    for n in range(1, 24):
        assert f"**R-{n:02d}" in rulings
