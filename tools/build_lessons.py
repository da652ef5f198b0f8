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
            words = line[len("```python"):].split()
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


def sources() -> list[Path]:
    return sorted(SRC.glob("*.md"))


def check() -> list[str]:
    """Differences between the stored notebooks and their sources (empty when in sync)."""
    import nbformat

    problems = []
    for src in sources():
        target = LESSONS / (src.stem + ".ipynb")
        if not target.exists():
            problems.append(f"{target.name}: missing (run python tools/build_lessons.py)")
            continue
        if _cells(build_notebook(src)) != _cells(nbformat.read(target, as_version=4)):
            problems.append(f"{target.name}: cells differ from tools/lesson_src/{src.name}")
    return problems


def main(argv: list[str] | None = None) -> int:
    import nbformat

    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="lesson names (e.g. 01-layers); default all")
    parser.add_argument("--check", action="store_true", help="only check notebooks match their sources")
    args = parser.parse_args(argv)
    if args.check:
        problems = check()
        for p in problems:
            print(p)
        return 1 if problems else 0
    for src in sources():
        if args.names and src.stem not in args.names:
            continue
        nb = build_notebook(src)
        target = LESSONS / (src.stem + ".ipynb")
        if target.exists() and _cells(nbformat.read(target, as_version=4)) == _cells(nb):
            print(f"unchanged {target.relative_to(ROOT)} (outputs kept)")
            continue
        nbformat.write(nb, target)
        print(f"built {target.relative_to(ROOT)} (no outputs: run tools/refresh_lessons.py {src.stem})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
