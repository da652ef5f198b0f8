"""Citations name the CR, the seeds and the rulings (or the docs), never an issue number: a
newcomer can open "613.8a", "R-20" or "LANGUAGE.md §4", not "issue 11 §2"."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ISSUE = re.compile(r"\b[Ii]ssues? \d+")


def issue_citations(text: str) -> list[int]:
    """The lines (1-based) that cite an issue by number."""
    return [i for i, line in enumerate(text.splitlines(), 1) if ISSUE.search(line)]


def test_no_issue_numbers_in_code_or_tools() -> None:
    found = []
    for folder in ("rulekit", "tools", "benchmarks", "tests"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel == "tests/test_citations.py":
                continue  # this file names the form it refuses
            found += [f"{rel}:{n}" for n in issue_citations(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_no_issue_numbers_in_data_grammar_or_docs() -> None:
    """The same for what is not Python: the package's data, grammar and language pages, and the docs
    a newcomer reads first (the CHANGELOG keeps its issue history)."""
    paths = [
        p for p in sorted((ROOT / "rulekit").rglob("*")) if p.suffix in (".yaml", ".yml", ".md", ".lark")
    ]
    paths += sorted((ROOT / "tools" / "lesson_src").rglob("*.md"))
    paths += [ROOT / name for name in ("README.md", "ARCHITECTURE.md") if (ROOT / name).exists()]
    found = []
    for path in paths:
        rel = path.relative_to(ROOT).as_posix()
        found += [f"{rel}:{n}" for n in issue_citations(path.read_text(encoding="utf-8"))]
    assert not found, found


def test_the_scan_finds_an_issue_citation() -> None:
    assert issue_citations("x = 1\n# bounded (issue 11 §2)\n'''Issue 3: y'''\n# 613.8a, R-20\n") == [2, 3]
