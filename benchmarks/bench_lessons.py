"""Benchmark: wall time to execute every lesson notebook top to bottom (``lessons_s``, per language).

Each lesson runs in a fresh kernel through nbclient, as ``tools/refresh_lessons.py`` runs it (wasm Graphviz),
but nothing is written. ``benchmarks/run.py`` merges ``measure()`` into its JSON.

    .venv/bin/python benchmarks/bench_lessons.py
"""

from __future__ import annotations

import importlib.util
import json
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def _refresh_module() -> Any:
    spec = importlib.util.spec_from_file_location("refresh_lessons", ROOT / "tools" / "refresh_lessons.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def measure(per_lesson: bool = False) -> dict[str, float]:
    """Execute every lesson once, in every language; return one total per language.

    ``lessons_s`` is the English lessons (``lessons/``), ``lessons_pt-BR_s`` and ``lessons_es_s`` the
    translations (present once their notebooks are built). With ``per_lesson=True`` (what
    ``python benchmarks/bench_lessons.py`` prints) one figure per lesson is added as ``lesson_<name>_s``
    (English) or ``lesson_<lang>_<name>_s``.
    """
    refresh = _refresh_module()
    result: dict[str, float] = {}
    per: dict[str, float] = {}
    for lang in refresh.FOLDERS:
        paths = refresh.lesson_paths(langs=[lang])
        if not paths:
            continue
        t_all = time.perf_counter()
        for path in paths:
            t0 = time.perf_counter()
            refresh.execute(path)
            name = path.stem if lang == "en" else f"{lang}_{path.stem}"
            per[f"lesson_{name}_s"] = round(time.perf_counter() - t0, 2)
        result["lessons_s" if lang == "en" else f"lessons_{lang}_s"] = round(time.perf_counter() - t_all, 2)
    if per_lesson:
        result.update(per)
    return result


if __name__ == "__main__":
    print(json.dumps(measure(per_lesson=True), indent=1))
