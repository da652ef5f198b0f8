"""Re-execute every lesson notebook and store its outputs, cleaned.

    .venv/bin/python tools/refresh_lessons.py                  # all lessons, every language
    .venv/bin/python tools/refresh_lessons.py 01-layers        # one lesson, every language
    .venv/bin/python tools/refresh_lessons.py pt-BR/01-layers  # one lesson, one language
    .venv/bin/python tools/refresh_lessons.py --lang es        # every lesson of one language

The languages are those of ``tools/build_lessons.py`` (``lessons/``, ``lessons/pt-BR/``, ``lessons/es/``); a
language folder that holds no notebooks yet is left out. A translated notebook runs in its own folder, so it
finds ``../scenarios/`` and the ``practice`` shim there.

Each notebook runs top to bottom in a fresh kernel (nbclient) with ``RULEKIT_GRAPHVIZ=wasm``, so the
stored SVG comes from the in-process WebAssembly Graphviz and is byte-identical on every machine (system
``dot`` versions lay out differently). The outputs are then cleaned the way
``nbstripout --keep-output --keep-count`` would, and a bit more:

- execution counts are kept: nbval refuses a stored cell that has outputs but no execution count ("Unrun
  reference cell has outputs") and would not compare the ``nbval-check-output`` cells. A top-to-bottom run
  numbers the cells 1, 2, 3… so the counts are deterministic too;
- no cell metadata except ``tags``, no notebook metadata except a fixed kernelspec and language name
  (no Python patch version, no widget state, no signature);
- consecutive stream outputs are merged (a long print arrives in timing-dependent chunks);
- widget *views* are dropped from the outputs: without widget state they would show "model not found".
  A learner gets the live widget by running the cell.

Running it twice gives byte-identical files (``--check`` verifies that without writing: it exits 1
when a refresh would change a stored notebook).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
LESSONS = ROOT / "lessons"


def _folders() -> dict[str, Path]:
    sys.path.insert(0, str(ROOT))
    from rulekit.i18n import REGISTRY

    return {
        code: LESSONS / lang.lessons if lang.lessons else LESSONS
        for code, lang in REGISTRY.items()
        if lang.lessons or lang.catalog is None
    }


#: lesson language -> notebook folder (the lessons folder of each row of :data:`rulekit.i18n.REGISTRY`).
FOLDERS = _folders()

KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
LANGUAGE_INFO = {"name": "python", "file_extension": ".py", "mimetype": "text/x-python"}
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
WIDGET_STATE = "application/vnd.jupyter.widget-state+json"


def lesson_paths(names: list[str] | None = None, langs: list[str] | None = None) -> list[Path]:
    """The lesson notebooks in order (English, then each translation), optionally filtered.

    A name is a stem (``01-layers``: that lesson in every language), a file name, or a path below ``lessons/``
    (``pt-BR/01-layers``, ``pt-BR/01-layers.ipynb``: one language only).
    """
    paths = []
    for lang, folder in FOLDERS.items():
        if langs and lang not in langs:
            continue
        for p in sorted(folder.glob("[0-9][0-9]-*.ipynb")):
            rel = p.relative_to(LESSONS).as_posix()
            if not names or {p.stem, p.name, rel, rel.removesuffix(".ipynb")} & set(names):
                paths.append(p)
    return paths


def clean(nb: Any) -> Any:
    """Clean an executed notebook in place and return it (see the module docstring)."""
    nb.metadata = {"kernelspec": dict(KERNELSPEC), "language_info": dict(LANGUAGE_INFO)}
    for i, cell in enumerate(nb.cells):
        cell["id"] = str(i)
        tags = cell.get("metadata", {}).get("tags", [])
        cell["metadata"] = {"tags": list(tags)} if tags else {}
        if cell.cell_type != "code":
            cell.pop("outputs", None)
            cell.pop("execution_count", None)
            continue
        outputs: list[Any] = []
        for out in cell.get("outputs", []):
            data = out.get("data", {})
            if WIDGET_VIEW in data or WIDGET_STATE in data:
                continue
            if "execution_count" in out:
                out["execution_count"] = cell.get("execution_count")
            out["metadata"] = {} if "metadata" in out else out.get("metadata")
            if out.get("metadata") is None:
                out.pop("metadata", None)
            prev = outputs[-1] if outputs else None
            same_stream = (
                prev is not None
                and out.get("output_type") == "stream"
                and prev.get("output_type") == "stream"
                and prev.get("name") == out.get("name")
            )
            if same_stream and prev is not None:
                # a long print reaches us in chunks that depend on timing: store it as one stream
                prev["text"] = _text(prev["text"]) + _text(out["text"])
                continue
            outputs.append(out)
        cell["outputs"] = outputs
    return nb


def _text(value: Any) -> str:
    return "".join(value) if isinstance(value, list) else str(value)


def execute(path: Path, timeout: int = 120) -> Any:
    """Run one notebook in a fresh kernel with the wasm Graphviz backend; return the executed notebook."""
    import nbformat
    from nbclient import NotebookClient

    os.environ["RULEKIT_GRAPHVIZ"] = "wasm"
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb, timeout=timeout, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    )
    client.execute()
    return nb


def render(nb: Any) -> str:
    import nbformat

    text = nbformat.writes(nb)
    return text if text.endswith("\n") else text + "\n"


def refresh(path: Path, write: bool = True) -> bool:
    """Execute and clean one lesson. Return True when the stored file changed (or would change)."""
    nb = clean(execute(path))
    text = render(nb)
    old = path.read_text(encoding="utf-8")
    changed = text != old
    if write and changed:
        path.write_text(text, encoding="utf-8")
    return changed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help="lessons, e.g. 01-layers or pt-BR/01-layers (default: all)")
    parser.add_argument(
        "--lang", action="append", choices=list(FOLDERS), help="only this language (repeatable)"
    )
    parser.add_argument(
        "--check", action="store_true", help="do not write; exit 1 if a refresh would change a file"
    )
    args = parser.parse_args(argv)
    paths = lesson_paths(args.names, args.lang)
    if not paths:
        print("no lessons found", file=sys.stderr)
        return 1
    stale = []
    for path in paths:
        t0 = time.perf_counter()
        changed = refresh(path, write=not args.check)
        took = time.perf_counter() - t0
        state = ("stale" if args.check else "updated") if changed else "unchanged"
        print(f"{path.relative_to(ROOT)}: {state} ({took:.1f} s)")
        if changed:
            stale.append(path)
    return 1 if (args.check and stale) else 0


if __name__ == "__main__":
    sys.exit(main())
