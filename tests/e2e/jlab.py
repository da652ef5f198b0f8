"""Small helpers that drive JupyterLab 4 from Playwright (sync API).

JupyterLab is started with ``--LabApp.expose_app_in_browser=True``, so ``window.jupyterapp`` is the
running application: notebooks are opened, activated and run through its commands, and kernel status is
read from it rather than from menus, which keeps the test independent of menu layout and language.
Several notebooks can be opened in one page (one JupyterLab load; their kernels start in parallel), which
keeps the browser tests short.
"""

from __future__ import annotations

import json
import os
import time
import urllib.request
from typing import Any

_TIMING = bool(os.environ.get("RULEKIT_E2E_TIMING"))
_T0 = time.perf_counter()

# JS: the notebook panel open on `path` (or null).
_PANEL = """(path) => Array.from(window.jupyterapp.shell.widgets('main'))
  .find(w => w.context && w.context.path === path && w.content && w.content.widgets) || null"""

APP_READY_JS = "() => !!(window.jupyterapp && window.jupyterapp.shell && window.jupyterapp.commands)"

KERNEL_READY_JS = f"""(path) => {{
  const w = ({_PANEL})(path);
  if (!w || !w.sessionContext || !w.sessionContext.isReady) return false;
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle';
}}"""

# Every code cell has run (a number in its prompt) and the kernel is idle again.
ALL_RUN_JS = f"""(path) => {{
  const w = ({_PANEL})(path);
  if (!w) return false;
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  const k = w.sessionContext.session && w.sessionContext.session.kernel;
  return cells.length > 0 && cells.every(c => typeof c.model.executionCount === 'number')
    && !!k && k.status === 'idle';
}}"""

RUN_ALL_JS = f"""async (path) => {{
  const app = window.jupyterapp;
  const w = ({_PANEL})(path);
  app.shell.activateById(w.id);
  for (let i = 0; i < 100 && app.shell.currentWidget !== w; i++) {{
    await new Promise(r => setTimeout(r, 50));
  }}
  if (app.shell.currentWidget !== w) throw new Error('could not activate ' + path);
  // The stored notebook has outputs and execution counts: clear them first (counts become null),
  // so that "every code cell has a number" really means "every code cell has run now".
  await app.commands.execute('notebook:clear-all-cell-outputs');
  app.commands.execute('notebook:run-all-cells');  // not awaited: we poll the cells instead
  return true;
}}"""

ACTIVATE_JS = f"""(path) => {{
  const w = ({_PANEL})(path);
  window.jupyterapp.shell.activateById(w.id);
  return w.id;
}}"""

ERRORS_JS = f"""(path) => {{
  const w = ({_PANEL})(path);
  return Array.from(w.node.querySelectorAll(
    '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]'))
    .map(e => e.innerText.slice(0, 2000));
}}"""


def mark(what: str) -> None:
    """With RULEKIT_E2E_TIMING=1 (and pytest -s), print when each phase ends."""
    if _TIMING:
        print(f"[e2e {time.perf_counter() - _T0:6.1f}s] {what}", flush=True)


def open_notebooks(page: Any, base: str, paths: list[str], timeout_ms: int = 90_000) -> None:
    """Open ``paths`` (relative to the server root) in one JupyterLab page; wait for every kernel."""
    # ?reset: start from an empty workspace, not the tabs a previous run left open
    page.goto(f"{base}/lab/tree/{paths[0]}?reset", wait_until="domcontentloaded", timeout=timeout_ms)
    page.wait_for_function(APP_READY_JS, timeout=timeout_ms)
    page.wait_for_function(f"() => !!({_PANEL})({json.dumps(paths[0])})", timeout=timeout_ms)
    mark("JupyterLab loaded")
    for path in paths[1:]:
        page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", path)
    for path in paths:
        page.wait_for_function(KERNEL_READY_JS, arg=path, timeout=timeout_ms)
    mark("kernels ready")


def run_all(page: Any, paths: list[str], timeout_ms: int = 120_000) -> None:
    """Run every cell of each notebook, one notebook after the other (commands act on the current
    notebook), and wait until each has run and its kernel is idle."""
    for path in paths:
        page.evaluate(RUN_ALL_JS, path)
        page.wait_for_function(ALL_RUN_JS, arg=path, timeout=timeout_ms, polling=200)
        mark(f"all cells of {path} run")


def activate(page: Any, path: str) -> Any:
    """Bring the notebook's tab to the front (its widgets become visible and clickable); return a
    locator for its panel."""
    panel_id = page.evaluate(ACTIVATE_JS, path)
    page.wait_for_timeout(200)
    return page.locator(f"[id='{panel_id}']")


def error_outputs(page: Any, path: str) -> list[str]:
    """Texts of the error/stderr outputs shown in one notebook."""
    return list(page.evaluate(ERRORS_JS, path))


def shutdown_kernels(base: str) -> None:
    """Delete every session (and so its kernel) on the server."""
    with urllib.request.urlopen(f"{base}/api/sessions", timeout=10) as resp:
        sessions = json.loads(resp.read())
    for session in sessions:
        req = urllib.request.Request(f"{base}/api/sessions/{session['id']}", method="DELETE")
        urllib.request.urlopen(req, timeout=10).close()
