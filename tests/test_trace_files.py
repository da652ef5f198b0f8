"""``tools/trace_files.py``: comparing two recordings, with cases renamed since the first (corpus
cases named by their id, not their position)."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

from trace_files import compare, write_case  # noqa: E402 (tools/ is on the path now)


def _record(path: Path, cases: dict[str, dict[str, str]]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        for name, rec in cases.items():
            write_case(fh, name, rec)
    return path


def test_a_renamed_case_is_compared_by_what_it_recorded(tmp_path: Path, capsys) -> None:
    before = _record(tmp_path / "a.jsonl", {"corpus/000": {"json": "x"}, "corpus/001": {"json": "y"}})
    same = _record(tmp_path / "b.jsonl", {"corpus/cure": {"json": "x"}, "corpus/draw": {"json": "y"}})
    rename = {"corpus/000": "corpus/cure", "corpus/001": "corpus/draw"}
    assert compare(before, same, rename=rename) == 0
    assert "2 cases compared, 0 differ" in capsys.readouterr().out
    changed = _record(tmp_path / "c.jsonl", {"corpus/cure": {"json": "x"}, "corpus/draw": {"json": "z"}})
    assert compare(before, changed, rename=rename) == 1
    assert "DIFF corpus/draw: json" in capsys.readouterr().out
    assert compare(before, same) == 0  # without the mapping nothing is compared, nothing is said to differ
    assert "0 cases compared" in capsys.readouterr().out
