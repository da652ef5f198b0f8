"""Build the lesson notebooks from their readable sources in ``tools/lesson_src/``.

A source file is Markdown with code cells as fenced blocks::

    # A heading                      <- markdown cell
    Some prose.

    +++                              <- starts a new markdown cell

    ```python check                  <- code cell; "check" adds the tag nbval-check-output
    solve("seed/humility-then-gideon")
    ```

Everything between fences is Markdown; a line holding only ``+++`` splits it into several cells.
The words after ``python`` on a fence line are cell tags (``check`` is short for ``nbval-check-output``).

The built notebook has no outputs; ``tools/refresh_lessons.py`` executes it and stores cleaned outputs.
``python tools/build_lessons.py`` builds every lesson; ``--check`` only verifies that the stored notebooks'
cell sources and tags match their sources (the notebook test suite runs this check).

Lessons come in three languages, same file names in each:

==========  ==========================  ===================
language    sources                     notebooks
==========  ==========================  ===================
``en``      ``tools/lesson_src/*.md``   ``lessons/``
``pt-BR``   ``tools/lesson_src/pt-BR/`` ``lessons/pt-BR/``
``es``      ``tools/lesson_src/es/``    ``lessons/es/``
==========  ==========================  ===================

A translation is built only when its folder holds a source for every English lesson; otherwise it is skipped
with a note (so a half-written translation never ships). A translated notebook runs one folder deeper: it
reads the shared ``lessons/scenarios/`` as ``../scenarios/…``, and imports ``practice`` through the small shim
:data:`PRACTICE_SHIM` that the build writes into its folder (the one module stays ``lessons/practice.py``);
``lessons/conftest.py`` and ``lessons/nbval-sanitize.cfg`` apply to the sub-folders as they are.
``tests/test_lesson_translations.py`` checks that a translation's code cells are the English ones (apart from
``lang=`` and translated words); ``tools/lesson_src/TRANSLATING.md`` lists the conventions.

>>> [c["cell_type"] for c in parse_source("# T\\n\\n```python\\n1 + 1\\n```\\n+++\\nEnd\\n")]
['markdown', 'code', 'markdown']
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "tools" / "lesson_src"
LESSONS = ROOT / "lessons"


def _languages() -> dict[str, tuple[Path, Path]]:
    sys.path.insert(0, str(ROOT))
    from rulekit.i18n import REGISTRY

    # English (the source language) at the top; a language without a lessons folder has no lessons
    return {
        code: (SRC / lang.lessons, LESSONS / lang.lessons) if lang.lessons else (SRC, LESSONS)
        for code, lang in REGISTRY.items()
        if lang.lessons or lang.catalog is None
    }


#: Every lesson language, English first: ``lang`` -> (source folder, notebook folder); the lessons
#: folder of each row of the language registry (:data:`rulekit.i18n.REGISTRY`).
LANGUAGES: dict[str, tuple[Path, Path]] = _languages()

#: ``lessons/<lang>/practice.py``: ``from practice import Practice`` works one folder down, without a copy.
PRACTICE_SHIM = '''"""Lesson 06's practice puzzles for the lessons in this folder: ``lessons/practice.py``.

Written by ``tools/build_lessons.py``; edit ``lessons/practice.py``, not this file.
"""

import importlib.util as _util
import sys as _sys
from pathlib import Path as _Path

_NAME = "rulekit_lessons_practice"
if _NAME not in _sys.modules:
    _spec = _util.spec_from_file_location(_NAME, _Path(__file__).resolve().parent.parent / "practice.py")
    assert _spec is not None and _spec.loader is not None
    _module = _util.module_from_spec(_spec)
    _sys.modules[_NAME] = _module
    _spec.loader.exec_module(_module)
globals().update({k: v for k, v in vars(_sys.modules[_NAME]).items() if not k.startswith("__")})
'''

TAG_ALIASES = {"check": "nbval-check-output", "skip": "nbval-skip", "raises": "raises-exception"}

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"}


def parse_source(text: str) -> list[dict[str, Any]]:
    """Split a lesson source into a list of ``{"cell_type", "source", "tags"}`` dicts."""
    cells: list[dict[str, Any]] = []
    md: list[str] = []

    def flush_md() -> None:
        body = "\n".join(md).strip("\n")
        if body.strip():
            cells.append({"cell_type": "markdown", "source": body, "tags": []})
        md.clear()

    lines = text.split("\n")
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("```python"):
            flush_md()
            words = line[len("```python") :].split()
            tags = [TAG_ALIASES.get(w, w) for w in words]
            code: list[str] = []
            i += 1
            while i < len(lines) and lines[i].rstrip() != "```":
                code.append(lines[i])
                i += 1
            if i >= len(lines):
                raise ValueError(f"unclosed ```python fence (started with {line!r})")
            cells.append({"cell_type": "code", "source": "\n".join(code).strip("\n"), "tags": tags})
        elif line.strip() == "+++":
            flush_md()
        else:
            md.append(line)
        i += 1
    flush_md()
    return cells


def build_notebook(src: Path) -> Any:
    """Return the (output-free) notebook for one source file."""
    import nbformat
    from nbformat import v4

    nb = v4.new_notebook()
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": dict(LANGUAGE_INFO)}
    for i, spec in enumerate(parse_source(src.read_text(encoding="utf-8"))):
        if spec["cell_type"] == "markdown":
            cell = v4.new_markdown_cell(spec["source"])
        else:
            cell = v4.new_code_cell(spec["source"])
        cell["id"] = str(i)  # the ids nbstripout itself would give: stable across runs
        cell["metadata"] = {"tags": spec["tags"]} if spec["tags"] else {}
        nb.cells.append(cell)
    nbformat.validate(nb)
    return nb


def _cells(nb: Any) -> list[tuple[str, str, list[str]]]:
    return [(c.cell_type, c.source, list(c.metadata.get("tags", []))) for c in nb.cells]


def sources(lang: str = "en") -> list[Path]:
    """The source files of one language, in lesson order (possibly incomplete: see :func:`missing`)."""
    folder = LANGUAGES[lang][0]
    return sorted(folder.glob("[0-9][0-9]-*.md")) if folder.is_dir() else []


def missing(lang: str) -> list[str]:
    """English lesson names that ``lang`` has no source for (everything, when its folder is missing)."""
    have = {p.name for p in sources(lang)}
    return [p.name for p in sources("en") if p.name not in have]


def languages() -> tuple[list[str], list[str]]:
    """``(built, notes)``: the languages whose sources are complete, and one note per skipped language."""
    built, notes = [], []
    english = {p.name for p in sources("en")}
    for lang, (folder, _) in LANGUAGES.items():
        rel = folder.relative_to(ROOT)
        gone = missing(lang)
        extra = sorted(p.name for p in sources(lang) if p.name not in english)
        if lang != "en" and not folder.is_dir():
            notes.append(f"skipped {lang}: {rel}/ does not exist yet")
        elif gone:
            notes.append(f"skipped {lang}: {rel}/ lacks {', '.join(gone)}")
        elif extra:
            notes.append(f"skipped {lang}: {rel}/ has lessons English does not: {', '.join(extra)}")
        else:
            built.append(lang)
    return built, notes


def target_of(src: Path, lang: str) -> Path:
    return LANGUAGES[lang][1] / (src.stem + ".ipynb")


def check(langs: list[str] | None = None) -> list[str]:
    """Differences between the stored notebooks and their sources (empty when in sync).

    Covers every language whose sources are complete; a translation's notebook folder without complete sources
    is a problem too (notebooks nobody can rebuild).
    """
    import nbformat

    built, _ = languages()
    problems = []
    for lang in LANGUAGES:
        if langs and lang not in langs:
            continue
        out = LANGUAGES[lang][1]
        if lang not in built:
            if lang != "en" and list(out.glob("[0-9][0-9]-*.ipynb")):
                problems.append(f"{out.relative_to(ROOT)}/: notebooks without complete sources")
            continue
        for src in sources(lang):
            target = target_of(src, lang)
            name = target.relative_to(ROOT)
            if not target.exists():
                problems.append(f"{name}: missing (run python tools/build_lessons.py)")
                continue
            if _cells(build_notebook(src)) != _cells(nbformat.read(target, as_version=4)):
                problems.append(f"{name}: cells differ from {src.relative_to(ROOT)}")
        shim = out / "practice.py"
        if lang != "en" and (not shim.exists() or shim.read_text(encoding="utf-8") != PRACTICE_SHIM):
            problems.append(f"{shim.relative_to(ROOT)}: missing or changed (run tools/build_lessons.py)")
    return problems


def main(argv: list[str] | None = None) -> int:
    import nbformat

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="lesson names (e.g. 01-layers); default all")
    parser.add_argument("--check", action="store_true", help="only check notebooks match their sources")
    parser.add_argument(
        "--lang", action="append", choices=list(LANGUAGES), help="only this language (repeatable)"
    )
    args = parser.parse_args(argv)
    built, notes = languages()
    for note in notes:
        print(note)
    if args.check:
        problems = check(args.lang)
        for p in problems:
            print(p)
        return 1 if problems else 0
    for lang in built:
        if args.lang and lang not in args.lang:
            continue
        out = LANGUAGES[lang][1]
        out.mkdir(exist_ok=True)
        if lang != "en":
            shim = out / "practice.py"
            if not shim.exists() or shim.read_text(encoding="utf-8") != PRACTICE_SHIM:
                shim.write_text(PRACTICE_SHIM, encoding="utf-8")
                print(f"wrote {shim.relative_to(ROOT)}")
        for src in sources(lang):
            if args.names and src.stem not in args.names:
                continue
            nb = build_notebook(src)
            target = target_of(src, lang)
            rel = target.relative_to(ROOT)
            if target.exists() and _cells(nbformat.read(target, as_version=4)) == _cells(nb):
                print(f"unchanged {rel} (outputs kept)")
                continue
            nbformat.write(nb, target)
            name = rel.with_suffix("").relative_to("lessons")
            print(f"built {rel} (no outputs: run tools/refresh_lessons.py {name})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
