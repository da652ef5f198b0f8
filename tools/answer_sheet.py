"""A printable answer sheet for a lesson's self-checks.

    .venv/bin/python tools/answer_sheet.py lessons/pt-BR/02-timestamps.ipynb > sheet.md

The notebook's code cells run top to bottom in this process, in the notebook's own folder (so it
finds ``../scenarios/`` and the ``practice`` shim, as ``tools/refresh_lessons.py`` runs it); every
:class:`~rulekit.widgets.prediction.PredictionCheck` a cell makes (its value, or a name it binds) is
kept in the order made. The sheet (Markdown, on stdout) is
:func:`rulekit.widgets.prediction.answer_sheet` of those very checks: each question, the answer
the check accepts and its reason, in the lesson's language. A notebook without a self-check gives
a sheet with a title only. Exit 2 with one line on a file that is not a notebook.
"""

from __future__ import annotations

import ast
import json
import os
import sys
from pathlib import Path
from typing import Any


def _cells(path: Path) -> list[str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    out = []
    for cell in data.get("cells", []):
        if cell.get("cell_type") == "code":
            src = cell.get("source", "")
            out.append("".join(src) if isinstance(src, list) else str(src))
    return out


def checks_of(path: str | Path) -> list[Any]:
    """Every self-check the notebook at ``path`` makes, in order (its cells run here)."""
    from rulekit.widgets.prediction import PredictionCheck

    nb = Path(path).resolve()
    found: list[Any] = []
    seen: set[int] = set()

    def keep(value: Any) -> None:
        if isinstance(value, PredictionCheck) and id(value) not in seen:
            seen.add(id(value))
            found.append(value)

    here = os.getcwd()
    sys.path.insert(0, str(nb.parent))
    os.chdir(nb.parent)
    try:
        namespace: dict[str, Any] = {"__name__": "__lesson__", "display": keep}
        for source in _cells(nb):
            lines = [ln for ln in source.splitlines() if not ln.lstrip().startswith(("%", "!"))]
            tree = ast.parse("\n".join(lines))
            last = tree.body.pop() if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, str(nb), "exec"), namespace)  # noqa: S102 - the lesson's own cells
            if last is not None:
                keep(eval(compile(ast.Expression(last.value), str(nb), "eval"), namespace))  # noqa: S307
            for value in list(namespace.values()):
                keep(value)
    finally:
        os.chdir(here)
        sys.path.remove(str(nb.parent))
    return found


def main(argv: list[str] | None = None) -> int:
    from rulekit.widgets.prediction import answer_sheet

    args = sys.argv[1:] if argv is None else argv
    if len(args) != 1 or not args[0].endswith(".ipynb") or not Path(args[0]).is_file():
        print("usage: answer_sheet.py LESSON.ipynb > sheet.md", file=sys.stderr)
        return 2
    sys.stdout.write(answer_sheet(checks_of(args[0]), Path(args[0]).stem))
    return 0


if __name__ == "__main__":
    sys.exit(main())
