"""The stored lesson notebooks are clean, and match their sources.

Clean means what ``nbstripout --keep-output --keep-count --verify`` checks (no execution or collapse
metadata, no notebook signature or widget state, cell ids as nbstripout numbers them), plus: no widget
views or widget state in the outputs, no metadata beyond a fixed kernelspec and language name, no error
outputs and no stderr noise. Execution counts are kept because nbval needs them (it fails a stored cell
that has outputs but no count, and never compares its outputs); they must read 1, 2, 3… in cell order,
i.e. one clean top-to-bottom run.
``tools/refresh_lessons.py`` produces exactly this; run it after editing a lesson.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
LESSONS = sorted((ROOT / "lessons").glob("[0-9][0-9]-*.ipynb"))
EXPECTED = [
    "00-welcome",
    "01-layers",
    "02-timestamps",
    "03-dependencies-and-loops",
    "04-players-rules-and-durations",
    "05-apoteose-chain",
    "06-practice",
]
WIDGET_MIMES = ("application/vnd.jupyter.widget-view+json", "application/vnd.jupyter.widget-state+json")


def test_every_lesson_is_there() -> None:
    assert [p.stem for p in LESSONS] == EXPECTED


#: The keys ``nbstripout`` strips by default (its CLI's list); ``--verify`` fails when any is present.
NBSTRIPOUT_EXTRA_KEYS = [
    "metadata.signature",
    "metadata.widgets",
    "cell.metadata.collapsed",
    "cell.metadata.ExecuteTime",
    "cell.metadata.execution",
    "cell.metadata.heading_collapsed",
    "cell.metadata.hidden",
    "cell.metadata.scrolled",
]


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_nbstripout_keep_output_verify(path: Path) -> None:
    """In-process ``nbstripout --keep-output --keep-count --verify`` (the CLI costs ~2 s per file)."""
    nbformat = pytest.importorskip("nbformat")
    nbstripout = pytest.importorskip("nbstripout")
    text = path.read_text(encoding="utf-8")
    nb = nbformat.reads(text, as_version=nbformat.NO_CONVERT)
    stripped = nbstripout.strip_output(
        nbformat.reads(text, as_version=nbformat.NO_CONVERT),
        keep_output=True,
        keep_count=True,
        keep_id=False,
        extra_keys=NBSTRIPOUT_EXTRA_KEYS,
    )
    hint = f"{path.name} is not clean (nbstripout --keep-output would change it): run refresh_lessons.py"
    assert nbformat.writes(stripped) == nbformat.writes(nb), hint


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_no_widget_state_or_execution_metadata(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    meta = nb["metadata"]
    assert set(meta) <= {"kernelspec", "language_info"}, f"{path.name}: notebook metadata {meta}"
    assert "version" not in nb["metadata"].get("language_info", {}), "machine-specific Python version stored"
    count = 0
    for i, cell in enumerate(nb["cells"]):
        where = f"{path.name} cell {i}"
        assert set(cell.get("metadata", {})) <= {"tags"}, f"{where}: metadata {cell['metadata']}"
        if cell["cell_type"] != "code":
            continue
        count += 1
        assert cell["execution_count"] == count, f"{where}: execution_count is not {count}: refresh it"
        for out in cell["outputs"]:
            if "execution_count" in out:
                assert out["execution_count"] == count, f"{where}: output execution_count is not {count}"
            assert out["output_type"] != "error", f"{where}: an error output is stored"
            assert not (out["output_type"] == "stream" and out["name"] == "stderr"), f"{where}: stderr stored"
            for mime in WIDGET_MIMES:
                assert mime not in out.get("data", {}), f"{where}: {mime} stored"


def test_notebooks_match_their_sources() -> None:
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import build_lessons
    finally:
        sys.path.pop(0)
    assert build_lessons.check() == []


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_lesson_shape(path: Path) -> None:
    """Objectives and a time estimate up front, at least three self-checks, a summary at the end."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    md = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    head = "\n".join(md[:2]).lower()
    assert "you will" in head and "minutes" in head, f"{path.name}: objectives / time estimate missing"
    assert "summary" in md[-1].lower(), f"{path.name}: last cell should be the summary"
    if path.stem != "00-welcome":
        checks = sum(src.count("PredictionCheck(") for src in code)
        if path.stem == "06-practice":
            checks = max(checks, 3 if "Practice(" in "\n".join(code) else 0)
        assert checks >= 3, f"{path.name}: needs at least three self-checks (PredictionCheck)"
