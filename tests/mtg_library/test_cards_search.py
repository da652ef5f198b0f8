"""``rulekit cards --search WORDS`` finds library cards by name, type line and rules text."""

from __future__ import annotations

import json

import pytest

from rulekit.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def test_search_by_rules_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "cards", "--search", "lose all abilities")
    assert code == 0
    names = {line.split("  ")[0].strip() for line in out.splitlines()}
    assert {"Humility", "Turn to Frog", "Sudden Spoiling"} <= names
    assert "Glorious Anthem" not in names


def test_search_by_name_any_case_as_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "cards", "--search", "SHACKLES", "--json")
    assert code == 0
    assert [c["name"] for c in json.loads(out)] == ["Vedalken Shackles"]


def test_search_by_type_line(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "cards", "--search", "aura", "--json")
    assert {"Control Magic", "Lignify", "Spreading Seas"} <= {c["name"] for c in json.loads(out)}


def test_search_without_match_says_so(capsys: pytest.CaptureFixture[str]) -> None:
    code, out = _run(capsys, "cards", "--search", "<script>nothing</script>")
    assert code == 0
    assert "no card in the library matches" in out
