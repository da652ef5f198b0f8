"""``tools/engine_traces.py compare`` tells a trace that changed from one that differs because the
data grew: a case that uses a library card the earlier recording did not have is
``new data`` and does not fail; one whose card's data changed is ``changed data`` and fails."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))

from trace_files import compare, write_case, write_data  # noqa: E402 (tools/ is on the path now)


def _recording(path: Path, data: dict[str, str] | None, cases: dict[str, dict]) -> Path:
    with path.open("w", encoding="utf-8") as fh:
        if data is not None:
            write_data(fh, data)
        for name, rec in cases.items():
            write_case(fh, name, rec)
    return path


def test_new_data_is_named_and_does_not_fail(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    a = _recording(tmp_path / "a", {"Bear": "1"}, {"x": {"uses": ["Bear"], "json": 1}, "y": {"json": 2}})
    b = _recording(
        tmp_path / "b",
        {"Bear": "1", "Elf": "2"},
        {"x": {"uses": ["Bear", "Elf"], "json": 5}, "y": {"uses": [], "json": 2}, "z": {"uses": ["Elf"]}},
    )
    assert compare(a, b) == 0
    out = capsys.readouterr().out
    assert "DIFF x: json (new data: Elf)" in out
    assert "NEW z (new data: Elf)" in out
    assert "2 cases compared, 1 differ (1 from new data, 0 changed); 1 new cases" in out


def test_a_changed_case_or_changed_card_data_fails(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    a = _recording(tmp_path / "a", {"Bear": "1"}, {"x": {"uses": ["Bear"], "json": 1}, "y": {"json": 2}})
    b = _recording(tmp_path / "b", {"Bear": "9"}, {"x": {"uses": ["Bear"], "json": 3}, "y": {"json": 2}})
    assert compare(a, b) == 1
    assert "DIFF x: json (changed data: Bear)" in capsys.readouterr().out
    c = _recording(tmp_path / "c", {"Bear": "1"}, {"x": {"uses": ["Bear"], "json": 1}, "y": {"json": 7}})
    assert compare(a, c) == 1
    assert "DIFF y: json\n" in capsys.readouterr().out


def test_an_older_recording_without_data_compares_as_before(tmp_path: Path) -> None:
    """A baseline recorded before ``uses`` existed: ``uses`` is not compared, and every other
    difference fails."""
    a = _recording(tmp_path / "a", None, {"x": {"json": 1}})
    assert compare(a, _recording(tmp_path / "b", {"Bear": "1"}, {"x": {"uses": ["Bear"], "json": 1}})) == 0
    assert compare(a, _recording(tmp_path / "c", {"Bear": "1"}, {"x": {"uses": ["Bear"], "json": 2}})) == 1
