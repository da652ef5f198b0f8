"""The stored lesson notebooks are clean, and match their sources.

Clean means what ``nbstripout --keep-output --keep-count --verify`` checks (no execution or collapse
metadata, no notebook signature or widget state, cell ids as nbstripout numbers them), plus: no widget
views or widget state in the outputs, no metadata beyond a fixed kernelspec and language name, no error
outputs and no stderr noise. Execution counts are kept because nbval needs them (it fails a stored cell
that has outputs but no count, and never compares its outputs); they must read 1, 2, 3… in cell order,
i.e. one clean top-to-bottom run.
``tools/refresh_lessons.py`` produces exactly this; run it after editing a lesson.

Every language is covered: ``lessons/`` (English), ``lessons/pt-BR/`` and ``lessons/es/`` (each built by
``tools/build_lessons.py`` once its sources are complete). A translated notebook may also be *never run* (no
outputs, no counts: just built, waiting for the refresh); that state is reported as a skip, never passed
silently.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
try:
    import build_lessons
finally:
    sys.path.pop(0)

BUILT, _NOTES = build_lessons.languages()
#: (language, notebook folder) for English and every translation whose sources are complete.
FOLDERS = [(lang, build_lessons.LANGUAGES[lang][1]) for lang in BUILT]
LESSONS = [p for _, folder in FOLDERS for p in sorted(folder.glob("[0-9][0-9]-*.ipynb"))]
IDS = [p.relative_to(ROOT / "lessons").with_suffix("").as_posix() for p in LESSONS]
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


@pytest.mark.parametrize(("lang", "folder"), FOLDERS, ids=[lang for lang, _ in FOLDERS])
def test_every_lesson_is_there(lang: str, folder: Path) -> None:
    assert [p.stem for p in sorted(folder.glob("[0-9][0-9]-*.ipynb"))] == EXPECTED, lang


def test_portuguese_lessons_are_built() -> None:
    assert "pt-BR" in BUILT, _NOTES


def _lang(path: Path) -> str:
    return next(lang for lang, folder in FOLDERS if path.parent == folder)


def _never_run(nb: dict) -> bool:
    code = [c for c in nb["cells"] if c["cell_type"] == "code"]
    return all(c.get("execution_count") is None and not c.get("outputs") for c in code)


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


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
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


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_has_been_refreshed(path: Path) -> None:
    """English notebooks always carry their outputs; a translation just built shows up here as a skip."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    if _never_run(nb):
        rel = path.relative_to(ROOT / "lessons").with_suffix("")
        assert _lang(path) != "en", f"{path.name} has no outputs: run tools/refresh_lessons.py {rel}"
        pytest.skip(f"{rel} is built but not refreshed yet: run tools/refresh_lessons.py {rel}")


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_no_widget_state_or_execution_metadata(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    never_run = _never_run(nb) and _lang(path) != "en"
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
        if never_run:
            continue
        assert cell["execution_count"] == count, f"{where}: execution_count is not {count}: refresh it"
        for out in cell["outputs"]:
            if "execution_count" in out:
                assert out["execution_count"] == count, f"{where}: output execution_count is not {count}"
            assert out["output_type"] != "error", f"{where}: an error output is stored"
            assert not (out["output_type"] == "stream" and out["name"] == "stderr"), f"{where}: stderr stored"
            for mime in WIDGET_MIMES:
                assert mime not in out.get("data", {}), f"{where}: {mime} stored"


def test_notebooks_match_their_sources() -> None:
    assert build_lessons.check() == []


#: Per language: (objectives words, any one of which must open the lesson; the time word; the summary word).
SHAPE_WORDS = {
    "en": (("you will",), "minutes", "summary"),
    "pt-BR": (("você vai", "você será"), "minutos", "resumo"),
    "es": (("serás capaz", "podrás", "vas a", "aprenderás"), "minutos", "resumen"),
}


@pytest.mark.parametrize("path", LESSONS, ids=IDS)
def test_lesson_shape(path: Path) -> None:
    """Objectives and a time estimate up front, at least three self-checks, a summary at the end."""
    nb = json.loads(path.read_text(encoding="utf-8"))
    md = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    code = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"]
    head = "\n".join(md[:2]).lower()
    objectives, minutes, summary = SHAPE_WORDS[_lang(path)]
    where = path.relative_to(ROOT)
    opens = any(w in head for w in objectives) and minutes in head
    assert opens, f"{where}: objectives / time estimate missing"
    assert summary in md[-1].lower(), f"{where}: last cell should be the summary"
    if path.stem != "00-welcome":
        checks = sum(src.count("PredictionCheck(") for src in code)
        if path.stem == "06-practice":
            checks = max(checks, 3 if "Practice(" in "\n".join(code) else 0)
        assert checks >= 3, f"{where}: needs at least three self-checks (PredictionCheck)"
