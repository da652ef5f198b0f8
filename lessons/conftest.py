"""pytest set-up for the lesson notebooks (run by nbval: ``--nbval-lax`` over ``lessons/``).

The notebook kernels draw diagrams with the ``text`` backend unless ``RULEKIT_GRAPHVIZ`` is already set.
The notebook test checks that every lesson runs and that the cells tagged ``nbval-check-output`` (plain-text
layer tables, final characteristics, resolution orders) print what the stored notebook shows; SVG is sanitized
away in that comparison anyway, and widget outputs are never stored. Skipping the WebAssembly Graphviz
compile in seven kernels keeps the suite fast; the diagrams themselves are tested by tests/views (every
backend) and tests/e2e (in a real browser). ``tools/refresh_lessons.py`` always uses ``wasm``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest

ENV_VAR = "RULEKIT_GRAPHVIZ"


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
