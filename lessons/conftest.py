"""pytest set-up for the lesson notebooks (run by nbval: ``--nbval-lax`` over ``lessons/``).

The notebook kernels draw diagrams with the ``text`` backend unless ``RULEKIT_GRAPHVIZ`` is already set.
The notebook test checks that every lesson runs and that the cells tagged ``nbval-check-output`` (plain-text
layer tables, final characteristics, resolution orders) print what the stored notebook shows; SVG is sanitized
away in that comparison anyway, and widget outputs are never stored. Skipping the WebAssembly Graphviz
compile in seven kernels keeps the suite fast; the diagrams themselves are tested by tests/views (every
backend) and tests/e2e (in a real browser). ``tools/refresh_lessons.py`` always uses ``wasm``.

This file also serves the translated lessons in ``lessons/pt-BR/`` and ``lessons/es/`` (pytest applies a
conftest to every folder below it). Those notebooks pass ``lang=`` to every widget; while the widgets do not
take ``lang`` yet (issue 12 lands in parts), their notebooks are skipped with that reason instead of failing.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

ENV_VAR = "RULEKIT_GRAPHVIZ"
HERE = Path(__file__).resolve().parent
#: The translation folders (tools/build_lessons.py's languages other than English).
TRANSLATIONS = ("pt-BR", "es")


def _widgets_take_lang() -> bool:
    import inspect

    from rulekit.widgets import ChainExplorer, LayerExplorer, PredictionCheck

    widgets = (LayerExplorer, ChainExplorer, PredictionCheck)
    return all("lang" in inspect.signature(w).parameters for w in widgets)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    translated = [
        item
        for item in items
        if item.path.suffix == ".ipynb"
        and item.path.parent.name in TRANSLATIONS
        and item.path.parent.parent == HERE
    ]
    if translated and not _widgets_take_lang():
        skip = pytest.mark.skip(reason="translated lesson: the widgets take no lang= yet (issue 12, i18n)")
        for item in translated:
            item.add_marker(skip)


@pytest.hookimpl(hookwrapper=True, tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> Iterator[None]:
    # The kernel starts while the notebook's first cell is set up; it inherits this environment.
    saved = os.environ.get(ENV_VAR)
    if saved is None and str(item.fspath).endswith(".ipynb"):
        os.environ[ENV_VAR] = "text"
    try:
        yield
    finally:
        if saved is None:
            os.environ.pop(ENV_VAR, None)
        else:
            os.environ[ENV_VAR] = saved
