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


def test_a_case_whose_input_changed_is_told_apart_from_an_output_changed_for_the_same_input(
    tmp_path: Path, capsys
) -> None:
    """The fuzz cases draw from the corpus: a new corpus text changes a case's input, so its output;
    that is a new input, not a failure. The same input with another output is one."""
    before = _record(
        tmp_path / "a.jsonl",
        {
            "fuzz/0000": {"input": "i0", "json": "x"},
            "fuzz/0001": {"input": "i1", "json": "y"},
            "fuzz/0002": {"input": "i2", "json": "z"},
        },
    )
    grown = _record(
        tmp_path / "b.jsonl",
        {
            "fuzz/0000": {"input": "i0", "json": "x"},
            "fuzz/0001": {"input": "i9", "json": "other"},  # drew a new corpus text
            "fuzz/0002": {"input": "i2", "json": "z"},
        },
    )
    assert compare(before, grown) == 0
    out = capsys.readouterr().out
    assert "INPUT fuzz/0001 (new input" in out and "DIFF" not in out
    assert "2 cases compared, 0 differ" in out and "1 with a new input (not compared)" in out

    broken = _record(
        tmp_path / "c.jsonl",
        {
            "fuzz/0000": {"input": "i0", "json": "x"},
            "fuzz/0001": {"input": "i9", "json": "other"},
            "fuzz/0002": {"input": "i2", "json": "changed"},  # the same input, another output
        },
    )
    assert compare(before, broken) == 1
    out = capsys.readouterr().out
    assert "DIFF fuzz/0002: json" in out
    assert "1 differ (0 from new data, 1 changed for the same input)" in out


def test_a_case_is_compared_with_the_case_that_had_its_input(tmp_path: Path, capsys) -> None:
    before = _record(tmp_path / "a.jsonl", {"fuzz/0000": {"input": "i0", "json": "x"}})
    moved = _record(
        tmp_path / "b.jsonl",
        {"fuzz/0000": {"input": "i5", "json": "new"}, "fuzz/0001": {"input": "i0", "json": "x"}},
    )
    assert compare(before, moved) == 0
    out = capsys.readouterr().out
    assert "1 cases compared, 0 differ" in out and "1 with a new input" in out
    moved_and_changed = _record(tmp_path / "c.jsonl", {"fuzz/0001": {"input": "i0", "json": "y"}})
    assert compare(before, moved_and_changed) == 1
    assert "DIFF fuzz/0001: json (input of fuzz/0000 in the first recording)" in capsys.readouterr().out


def test_a_recording_without_inputs_is_compared_by_name(tmp_path: Path, capsys) -> None:
    before = _record(tmp_path / "a.jsonl", {"fuzz/0000": {"json": "x"}})  # a baseline from before inputs
    after = _record(tmp_path / "b.jsonl", {"fuzz/0000": {"input": "i0", "json": "y"}})
    assert compare(before, after) == 1
    assert "1 changed; the first recording has no inputs: compared by name" in capsys.readouterr().out
    same = _record(tmp_path / "c.jsonl", {"fuzz/0000": {"input": "i0", "json": "x"}})
    assert compare(before, same) == 0


def test_chain_trace_fuzz_cases_record_an_input_that_follows_the_corpus(monkeypatch) -> None:
    """``tools/chain_traces.py`` records each case's input digest; a smaller corpus (one before texts
    were added) changes the input of fuzz cases that draw from it, and only theirs."""
    import chain_traces
    import fuzz

    def inputs() -> dict[str, str]:
        return {name: digest for name, _, _, digest in chain_traces._cases(30, 10) if "/" in name}

    now = inputs()
    assert len(set(now.values())) == len(now)  # every case its own input
    texts = fuzz._apoteose_texts()
    monkeypatch.setattr(fuzz, "_apoteose_texts", lambda: texts[: len(texts) // 2])
    older = inputs()
    moved = {name for name in now if now[name] != older[name]}
    assert moved and all(name.startswith(("fuzz/", "valid/")) for name in moved)


def test_a_case_the_first_recording_has_no_input_for_is_compared_by_name(tmp_path: Path, capsys) -> None:
    same = {"input": "i0", "json": "x"}
    before = _record(tmp_path / "a.jsonl", {"fuzz/0000": same, "extra": {"json": "y"}})
    after = _record(tmp_path / "b.jsonl", {"fuzz/0000": same, "extra": {"input": "i1", "json": "z"}})
    assert compare(before, after) == 1
    out = capsys.readouterr().out
    assert "DIFF extra: json" in out and "1 changed, 1 of them with no input recorded" in out
