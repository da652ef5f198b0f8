"""LANGUAGE.md stays true: every selector example of §4 parses as a selector, every example of the
expression table in §3 parses as an expression, and §8 names the file the vocabulary lives in."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulekit import mtg
from rulekit.mtg.expressions import parse_expr
from rulekit.mtg.selectors import parse_selector

DOC = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")


def _section(title: str) -> str:
    start = DOC.index(title)
    nxt = DOC.find("\n## ", start + 1)
    return DOC[start : nxt if nxt > 0 else len(DOC)]


def _selector_examples() -> list[str]:
    sec = _section("## 4. Selectors")
    para = sec[sec.index("Examples:") : sec.index("**Subtypes.**")]
    return [m for m in re.findall(r"`([^`]+)`", para) if m not in ("nonland", "noncreature", "non-Sliver")]


def _expression_examples() -> list[str]:
    sec = _section("## 3. Effect specs")
    table = sec[sec.index("| form | example | value |") : sec.index("`plus`/`minus` bind loosest")]
    out: list[str] = []
    for line in table.splitlines()[2:]:
        cells = line.split("|")
        if len(cells) > 2:
            out += re.findall(r"`([^`]+)`", cells[2])
    return out


@pytest.mark.parametrize("phrase", _selector_examples())
def test_selector_examples_parse(phrase: str) -> None:
    assert parse_selector(phrase).parts


@pytest.mark.parametrize("phrase", _expression_examples())
def test_expression_examples_parse(phrase: str) -> None:
    assert parse_expr(phrase).text


def test_there_are_examples_of_every_new_form() -> None:
    sels = " ".join(_selector_examples())
    forms = ("with flying", "with no abilities", "or greater", "Sliver creatures you control", "other Elf")
    for form in forms:
        assert form in sels
    exprs = " ".join(_expression_examples())
    for form in ("twice", "half", "rounded", "greatest power", "plus the number of"):
        assert form in exprs
    assert "rulekit/data/mtg/types.yaml" in _section("## 8.")
