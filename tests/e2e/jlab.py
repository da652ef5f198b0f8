"""Small helpers that drive JupyterLab 4 from Playwright (sync API).

JupyterLab is started with ``--LabApp.expose_app_in_browser=True``, so ``window.jupyterapp`` is the
running application: commands (``notebook:run-all-cells``) and the kernel status are read from it rather
than from menus, which keeps the test independent of menu layout and language.
"""

from __future__ import annotations

import time
from typing import Any

APP_READY_JS = (
    "() => !!(window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.shell.currentWidget)"
)

KERNEL_IDLE_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.sessionContext || !w.sessionContext.session || !w.sessionContext.session.kernel) return false;
  return w.sessionContext.session.kernel.status === 'idle';
}"""

# Every code cell has run (a number in its prompt) and none is queued or running ("[*]").
ALL_RUN_JS = """() => {
  const w = window.jupyterapp.shell.currentWidget;
  if (!w || !w.content || !w.content.widgets) return false;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  return cells.length > 0 && cells.every(c => typeof c.model.executionCount === 'number');
}"""

ERRORS_JS = """() => Array.from(document.querySelectorAll(
  '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
  .map(e => e.innerText.slice(0, 2000))"""


def open_notebook(page: Any, base: str, path: str, timeout_ms: int = 60_000) -> None:
    """Open ``path`` (relative to the server root) in JupyterLab and wait for its kernel to be ready."""
    page.goto(f"{base}/lab/tree/{path}", wait_until="domcontentloaded", timeout=timeout_ms)
    page.wait_for_function(APP_READY_JS, timeout=timeout_ms)
    page.wait_for_selector(".jp-Notebook .jp-Cell", timeout=timeout_ms)
    page.wait_for_function(
        "() => { const w = window.jupyterapp.shell.currentWidget;"
        " return !!(w && w.sessionContext && w.sessionContext.isReady); }",
        timeout=timeout_ms,
    )
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout_ms)


def run_all(page: Any, timeout_ms: int = 120_000) -> None:
    """Run every cell and wait until all have executed and the kernel is idle again."""
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function(ALL_RUN_JS, timeout=timeout_ms)
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout_ms)
    time.sleep(0.3)  # let the last widget views attach
    page.wait_for_function(KERNEL_IDLE_JS, timeout=timeout_ms)


def error_outputs(page: Any) -> list[str]:
    """Texts of the error outputs currently shown in the notebook."""
    return list(page.evaluate(ERRORS_JS))
