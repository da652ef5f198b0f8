"""``browser_click_ms``: click → settled in a real browser, for every lesson explorer's controls.

What it measures (figures only, never a test):

* A JupyterLab server (no token, a free loopback port, a temp directory holding one generated notebook and a
  copy of ``lessons/scenarios``; the notebook's windowing mode is JupyterLab's default, ``contentVisibility``,
  as a learner has it) and Debian's chromium driven by Playwright (``executable_path``; never
  ``playwright install``). Skipped, with the reason, when chromium or the playwright package is missing.
* ``browser_first_explorer_ms``: in a fresh kernel, from the run of the first cell (``from rulekit.widgets
  import LayerExplorer`` and ``LayerExplorer("seed/humility-then-gideon")``, as lesson 01 does) until its
  diagram's ``<svg>`` and its tables are in the page (median of fresh kernels; the compiled wasm Graphviz
  and the ``.pyc`` files are made once beforehand, as in any kernel after the first).
  ``browser_first_explorer_python_ms`` beside it: the kernel's own time for that cell (import through the
  explorer built).
* ``browser_click_ms``: each lesson explorer of the English lessons (the LayerExplorers and ChainExplorers
  the lessons build, same scenarios) gets real Playwright clicks on its controls: every effect's check box
  (off, then on), a timestamp row's *Move down* then *Move up*, *◀ Previous* / *Next ▶*, the other
  ruleset and back, *Reset*; in a chain: a response then *Choose*, *◀ Event* / *Event ▶*, *Undo*, *Run to
  the end*, *Reset*. One click is timed from its ``pointerdown`` (``performance.now()`` in the page) to
  **settled**: the kernel has gone busy and idle again for it, nothing in the explorer has changed for
  250 ms, and the time taken is that of the last change in the explorer (a DOM mutation) plus the layout
  of that change (measured in the next animation frame, after forcing layout). A click that changes
  nothing in the page counts until the kernel is idle. Then lesson 05's seven-response self-check (a wrong
  order, then the right one, typed beforehand: *Check*, *Check*, *Reveal*) and lesson 06's board 3, a
  BoardBuilder under its self-check (*Check* with a verdict shown, the card search typed one key at a time
  and timed from its **last** key to settled, a row's *Remove* (the verdict judged again), *Undo*, *Redo*,
  *Undo*).
* ``floor_p50``: the same measure for a plain ipywidgets ``Button`` with no callback (its click's
  round trip through JupyterLab, the server and the kernel, and its echo): the floor on this machine at
  this moment, which no explorer can go below; on a loaded machine it is most of every figure.
* Beside each click, in the same run: ``python_ms``, the kernel's own time handling that click's comm
  messages (``ipywidgets.Widget._handle_msg`` timed in the kernel: the callbacks, solve, views and the
  sending of the updates), ``updates``: how many widget state updates the kernel sent for it,
  ``update_kb``: their size, and when (ms after the press, as the page saw them) the kernel went busy
  (``busy_ms``), the first update came (``first_update_ms``) and the kernel went idle (``idle_ms``): a slow
  click that went busy late waited before the kernel (the page or the transport), one whose update came
  long after it went busy waited for the kernel.

``measure()`` returns ``{"browser_click_ms": {"p50", "p95", "p95_over_floor", "python_p50", "python_p95",
"clicks", "updates_p50", "update_kb_p50", "slowest", "floor_p50", "load_average"}, "browser_controls_ms":
[{"control", "p50", "p95", "clicks"}], "browser_first_explorer_ms": ...}`` (ms; the target: ``p95_over_floor``
under 3, the p95 of every click against the floor measured in the same run), or
``{"browser_skipped": reason}``. Run directly for one row per explorer control, then
each control's p50 and p95 beside the floor: ``python benchmarks/bench_browser.py [--json] [--only NAME]``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("RULEKIT_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip

#: The explorers of the English lessons (the same scenarios, in lesson order).
LAYER_SCENARIOS = (
    "seed/judges-familiar",
    "classic/clone-and-anthem",
    "seed/gideon-then-humility",
    "seed/blood-moon",
    "seed/witchbane-orb",
    "seed/gnat-miser",
    "seed/sower-then-shackles",
    "classic/urborg-then-blood-moon",
    "classic/opalescence-then-humility",
    "classic/artificial-evolution",
    "classic/lattice-and-march",
    "classic/kormus-bell-urborg-fountain",
    "classic/dependency-loop",
    "scenarios/frog-then-lignify.yaml",
    "scenarios/locked-vs-static.yaml",
    "scenarios/shackles-untapped.yaml",
    "scenarios/x-fixed.yaml",
)
CHAIN_SCENARIOS = (
    "apoteose/nested-responses",
    "apoteose/evocacao-refused",
    "apoteose/priority-seven",
    "apoteose/stopped",
    "apoteose/truncated",
)
FIRST = "seed/humility-then-gideon"
#: The last cell: a button that does nothing, whose clicks measure the floor (JupyterLab, the server and the
#: kernel passing a click and its reply, on this machine at this moment).
NOOP = "_noop = _w.Button(description='rulekit-noop'); _noop.add_class('rulekit-noop'); _noop"
#: How many times the do-nothing button is clicked.
NOOP_CLICKS = 15
#: A learner typing: the pause between two keys (ms).
TYPE_DELAY_MS = 120

#: The first cell: times the kernel's handling of every widget message, then the first explorer.
SETUP = f"""import time as _time
_T0 = _time.perf_counter()
import json as _json, ipywidgets as _w
_PY = []
def _timed(self, msg, _orig=_w.Widget._handle_msg):
    start = _time.perf_counter()
    try:
        return _orig(self, msg)
    finally:
        _PY.append((_time.perf_counter() - start) * 1000)
_w.Widget._handle_msg = _timed
from rulekit.widgets import ChainExplorer, LayerExplorer
_first = LayerExplorer({FIRST!r})
_FIRST_MS = (_time.perf_counter() - _T0) * 1000
_first"""

_PANEL = """(path) => Array.from(window.jupyterapp.shell.widgets('main'))
  .find(w => w.context && w.context.path === path && w.content && w.content.widgets) || null"""

KERNEL_JS = f"""(path) => {{
  const w = ({_PANEL})(path);
  const k = w && w.sessionContext.session && w.sessionContext.session.kernel;
  return !!k && k.status === 'idle' && w.sessionContext.isReady;
}}"""

#: Run code cell ``i`` (0-based among code cells) of the notebook; resolve when its output has an svg.
RUN_CELL_JS = f"""async ([path, i, timeout, shown]) => {{
  const app = window.jupyterapp;
  const w = ({_PANEL})(path);
  app.shell.activateById(w.id);
  const cells = w.content.widgets.filter(c => c.model.type === 'code');
  const cell = cells[i];
  cell.model.outputs.clear();
  w.content.activeCellIndex = w.content.widgets.indexOf(cell);
  const t0 = performance.now();
  app.commands.execute('notebook:run-cell');
  const deadline = t0 + timeout;
  while (performance.now() < deadline) {{
    const out = cell.node.querySelector('.jp-OutputArea');
    if (out && (shown ? out.querySelector(shown) :
        (out.querySelector('.widget-html-content svg') || out.querySelector('.rulekit-dot-fallback'))
        && out.querySelector('.widget-html-content table'))) {{
      await new Promise(r => requestAnimationFrame(r));
      out.getBoundingClientRect();
      return performance.now() - t0;
    }}
    if (out && out.querySelector('[data-mime-type="application/vnd.jupyter.stderr"]')) {{
      throw new Error(out.innerText.slice(0, 2000));
    }}
    await new Promise(r => setTimeout(r, 5));
  }}
  throw new Error('cell ' + i + ' did not show its explorer');
}}"""

RESTART_JS = f"""async (path) => {{
  const w = ({_PANEL})(path);
  await w.sessionContext.session.kernel.restart();
  return true;
}}"""

#: Python in the kernel, its stdout back (outside any timed click).
EXEC_JS = f"""async ([path, code]) => {{
  const w = ({_PANEL})(path);
  const k = w.sessionContext.session.kernel;
  const f = k.requestExecute({{code, silent: false, store_history: false}});
  let out = '';
  f.onIOPub = m => {{ if (m.header.msg_type === 'stream') out += m.content.text; }};
  await f.done;
  return out;
}}"""

#: Before a click: watch the explorer (mutations and their layout), the kernel's status and its updates.
ARM_JS = f"""([root, path]) => {{
  const w = ({_PANEL})(path);
  const k = w.sessionContext.session.kernel;
  const s = window.__rk = {{t0: null, key: null, last: null, busy: null, idle: null,
                            updates: 0, bytes: 0, n: 0, first: null}};
  const first = e => {{ if (s.t0 === null) s.t0 = performance.now();
                        if (e.type === 'keydown') s.key = performance.now(); }};
  for (const ev of ['pointerdown', 'keydown']) document.addEventListener(ev, first, {{capture: true}});
  s.off = () => {{ for (const ev of ['pointerdown', 'keydown'])
    document.removeEventListener(ev, first, {{capture: true}}); }};
  s.obs = new MutationObserver(() => {{
    s.n += 1;
    requestAnimationFrame(() => {{ root.getBoundingClientRect(); s.last = performance.now(); }});
  }});
  s.obs.observe(root, {{subtree: true, childList: true, attributes: true, characterData: true}});
  s.status = (_k, st) => {{
    if (s.t0 === null) return;
    if (st === 'busy' && s.busy === null) s.busy = performance.now();
    if (st === 'idle' && s.busy !== null) s.idle = performance.now();
  }};
  k.statusChanged.connect(s.status);
  s.iopub = (_k, m) => {{
    const d = m.header.msg_type === 'comm_msg' && m.content.data;
    if (s.t0 !== null && d && d.method === 'update') {{
      if (s.first === null) s.first = performance.now();
      s.updates += 1; s.bytes += JSON.stringify(m.content.data.state || {{}}).length;
    }}
  }};
  k.iopubMessage.connect(s.iopub);
  s.disarm = () => {{ s.obs.disconnect(); k.statusChanged.disconnect(s.status);
    k.iopubMessage.disconnect(s.iopub); s.off(); }};
  return true;
}}"""

#: After a click: wait for settled (see the module doc); the click's figures.
SETTLE_JS = """async (quiet) => {
  const s = window.__rk;
  const start = performance.now();
  while (performance.now() - start < 20000) {
    await new Promise(r => setTimeout(r, 10));
    const now = performance.now();
    const calm = s.last === null ? true : now - s.last >= quiet;
    if (s.t0 !== null && s.idle !== null && now - s.idle >= quiet && calm) break;
  }
  s.disarm();
  const end = s.last !== null && s.last > s.t0 ? s.last : s.idle;
  return {ms: s.t0 === null || end === null ? null : end - s.t0, mutations: s.n,
          after_key: s.key === null || s.idle === null ? null : Math.max(end, s.idle) - s.key,
          updates: s.updates, bytes: s.bytes, idle: s.idle === null ? null : s.idle - s.t0,
          busy: s.busy === null ? null : s.busy - s.t0, first: s.first === null ? null : s.first - s.t0};
}"""


def browser_missing_reason() -> str | None:
    """Why the browser benchmark cannot run here, or None."""
    if not Path(CHROMIUM).exists():
        return f"chromium not found at {CHROMIUM} (apt-get install chromium, or set RULEKIT_CHROMIUM)"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "the playwright Python package is missing (pip install -e '.[test]')"
    try:
        import jupyterlab  # noqa: F401
    except ImportError:
        return "jupyterlab is missing (pip install -e '.[lessons]')"
    return None


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    pos = (len(ordered) - 1) * q
    lo = int(pos)
    hi = min(lo + 1, len(ordered) - 1)
    return ordered[lo] + (ordered[hi] - ordered[lo]) * (pos - lo)


#: Lesson 05's seven-response self-check, and lesson 06's board 3 (a BoardBuilder under its self-check).
CHECKS = (
    "from rulekit.widgets import PredictionCheck\n"
    "PredictionCheck('apoteose/priority-seven', ask='resolution_order')",
    "from rulekit.widgets import BoardBuilder, PredictionCheck\n"
    "_b = BoardBuilder()\n_b.add_card('Mutavault')\n_b.add_card('Glorious Anthem')\n"
    "_b.add_card('Goblin King', 'Bo')\n_b.add_resolution('mutavault', 'animate')\n"
    "_pc = PredictionCheck(_b, 'pt', 'mutavault')\n_w.VBox([_pc.widget, _b.widget])",
)


def _notebook(
    layers: tuple[str, ...], chains: tuple[str, ...], checks: tuple[str, ...] = CHECKS
) -> dict[str, Any]:
    sources = [SETUP]
    sources += [f"LayerExplorer({name!r})" for name in layers]
    sources += [f"ChainExplorer({name!r})" for name in chains]
    sources += list(checks)
    sources.append(NOOP)
    cells: list[dict[str, Any]] = [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
        for src in sources
    ]
    return {
        "cells": cells,
        "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }


class _Lab:
    """JupyterLab serving a temp directory (the generated notebook and lessons/scenarios)."""

    def __init__(self, nb: dict[str, Any], extra: tuple[Path, ...] = ()) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="rulekit-bench-browser-"))
        root = self.tmp / "root"
        root.mkdir()
        shutil.copytree(ROOT / "lessons" / "scenarios", root / "scenarios")
        for path in extra:  # files the notebook imports (lessons/practice.py)
            shutil.copyfile(path, root / path.name)
        (root / "bench.ipynb").write_text(json.dumps(nb), encoding="utf-8")
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]
        env = dict(os.environ)
        env["PYTHONPATH"] = str(ROOT) + (":" + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # a kernel imports compiled .pyc files
        env["PYTHONPYCACHEPREFIX"] = str(self.tmp / "pyc")
        for name in ("config", "runtime", "settings", "workspaces"):
            (self.tmp / name).mkdir()
        env.update(
            JUPYTER_CONFIG_DIR=str(self.tmp / "config"),
            JUPYTER_RUNTIME_DIR=str(self.tmp / "runtime"),
            JUPYTERLAB_SETTINGS_DIR=str(self.tmp / "settings"),
            JUPYTERLAB_WORKSPACES_DIR=str(self.tmp / "workspaces"),
            JUPYTER_PLATFORM_DIRS="1",
        )
        settings = self.tmp / "settings"
        for rel, value in {
            # JupyterLab's default (what a learner has): every cell in the page, the browser skipping the
            # rendering of those out of view
            "@jupyterlab/notebook-extension/tracker.jupyterlab-settings": {
                "windowingMode": "contentVisibility"
            },
            "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"},
        }.items():
            (settings / rel).parent.mkdir(parents=True, exist_ok=True)
            (settings / rel).write_text(json.dumps(value), encoding="utf-8")
        # compile the .pyc files and the wasm Graphviz cache once, as any kernel after the first finds them
        subprocess.run(
            [sys.executable, "-c", "import rulekit.widgets, rulekit.views.render as r; r.warm_up()"],
            env=env, check=True, capture_output=True,
        )  # fmt: skip
        self.log = open(self.tmp / "jupyterlab.log", "wb")  # noqa: SIM115 - closed in stop()
        cmd = [sys.executable, "-m", "jupyterlab", "--no-browser", "--allow-root",
               "--ServerApp.ip=127.0.0.1", f"--ServerApp.port={port}", "--ServerApp.port_retries=0",
               "--ServerApp.token=", "--ServerApp.password=", "--ServerApp.disable_check_xsrf=True",
               f"--ServerApp.root_dir={root}", "--LabApp.expose_app_in_browser=True",
               "--LabApp.news_url=None",
               "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"]  # fmt: skip
        self.proc = subprocess.Popen(cmd, cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("JupyterLab exited: " + (self.tmp / "jupyterlab.log").read_text()[-2000:])
            try:
                with urllib.request.urlopen(f"{self.base}/api/status", timeout=2) as resp:
                    if resp.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("JupyterLab did not answer within 90 s")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=5)
        self.log.close()
        shutil.rmtree(self.tmp, ignore_errors=True)


class _Clicker:
    """Times clicks in one explorer (see the module doc)."""

    def __init__(self, page: Any, root: Any, explorer: str) -> None:
        self.page, self.root, self.explorer = page, root, explorer
        self.rows: list[dict[str, Any]] = []
        self.handle = root.element_handle()

    def click(self, control: str, locator: Any, typed: str = "") -> None:
        """Click ``locator`` (or, with ``typed``, type that text into it one key at a time, timed from its
        last key: the wait a learner sees once done typing) and record the time to settled."""
        if locator.count() == 0 or not locator.first.is_enabled():
            return
        locator = locator.first
        locator.scroll_into_view_if_needed()
        if typed:
            locator.focus()
        self.page.evaluate(EXEC_JS, ["bench.ipynb", "_PY.clear()"])
        self.page.evaluate(ARM_JS, [self.handle, "bench.ipynb"])
        if typed:
            locator.press_sequentially(typed, delay=TYPE_DELAY_MS)
        else:
            locator.click()
        got = self.page.evaluate(SETTLE_JS, 250)
        if typed:
            got["ms"] = got["after_key"]
        py = json.loads(self.page.evaluate(EXEC_JS, ["bench.ipynb", "print(_json.dumps(_PY))"]) or "[]")
        if got["ms"] is None:
            return
        self.rows.append(
            {
                "explorer": self.explorer,
                "control": control,
                "ms": round(got["ms"], 1),
                "python_ms": round(sum(py), 1),
                "updates": got["updates"],
                "update_kb": round(got["bytes"] / 1024, 1),
                "mutations": got["mutations"],
                "idle_ms": None if got["idle"] is None else round(got["idle"], 1),
                "busy_ms": None if got["busy"] is None else round(got["busy"], 1),
                "first_update_ms": None if got["first"] is None else round(got["first"], 1),
            }
        )


def _layer_clicks(c: _Clicker) -> None:
    root = c.root
    boxes = root.locator(".widget-checkbox input[type=checkbox]")
    for i in range(boxes.count()):
        c.click("effect off", boxes.nth(i))
        c.click("effect on", boxes.nth(i))
    c.click("Move down", root.locator("button[title^='Later timestamp']"))
    c.click("Move up", root.locator(".rulekit-order-rows .widget-hbox").nth(1).locator("button").first)
    c.click("◀ Previous", root.get_by_role("button", name="◀ Previous"))
    c.click("Next ▶", root.get_by_role("button", name="Next ▶"))
    edition = root.locator(".widget-toggle-buttons:not(.rulekit-text-size) button")
    c.click("ruleset", edition.nth(1))
    c.click("ruleset back", edition.nth(0))
    c.click("effect off", boxes.first)
    c.click("Reset", root.get_by_role("button", name="Reset"))


def _chain_clicks(c: _Clicker) -> None:
    root = c.root
    options = root.locator(".widget-toggle-buttons:not(.rulekit-text-size) button")
    texts = [options.nth(i).inner_text() for i in range(options.count())]
    pick = next((i for i, t in enumerate(texts) if "pass" not in t.lower()), None)
    if pick is not None:
        c.click("response", options.nth(pick))
    c.click("Choose", root.get_by_role("button", name="Choose"))
    c.click("◀ Event", root.get_by_role("button", name="◀ Event"))
    c.click("Event ▶", root.get_by_role("button", name="Event ▶"))
    c.click("Undo", root.get_by_role("button", name="Undo"))
    c.click("Run to the end", root.get_by_role("button", name="Run to the end"))
    c.click("Reset", root.get_by_role("button", name="Reset"))


def _named(word: str) -> Any:
    """A button's accessible name ending in ``word`` (an icon's glyph may come first)."""
    return re.compile(rf"(^|\W){re.escape(word)}$")


def _seven_clicks(c: _Clicker) -> None:
    """Lesson 05's seven-response check: a wrong order and the right one typed (not timed), Check; Reveal."""
    answer = c.root.locator("input[type=text]").first
    right = "profecia, templo, espinhos, elo, amuleto, eco, sentenca, golpe"
    for control, text in (
        ("Check (wrong)", ", ".join(reversed(right.split(", ")))),
        ("Check (right)", right),
    ):
        answer.fill(text)
        c.page.wait_for_timeout(300)
        c.click(control, c.root.get_by_role("button", name=_named("Check")))
    c.click("Reveal", c.root.get_by_role("button", name=_named("Reveal")))


def _builder_clicks(c: _Clicker) -> None:
    """Lesson 06's board 3 under its check: the verdict shown, then the card search typed, a row removed (the
    verdict judged again), Undo, Redo, Undo."""
    root = c.root
    root.locator(".rulekit-prediction-check input[type=text]").first.fill("3/3")
    c.page.wait_for_timeout(300)
    c.click("Check", root.get_by_role("button", name=_named("Check")))
    search = root.locator(".rulekit-board-builder input[type=text]").first
    c.click("search (typed)", search, typed="goblin")
    c.click("Remove (a row)", root.locator(".rulekit-board-builder button[title^='Remove']").first)
    for control in ("Undo", "Redo", "Undo"):
        c.click(control, root.get_by_role("button", name=_named(control)))


def run(
    layers: tuple[str, ...] = LAYER_SCENARIOS, chains: tuple[str, ...] = CHAIN_SCENARIOS, fresh: int = 3
) -> dict[str, Any]:
    """Every figure of the module doc, with the per-click rows (``rows``)."""
    from playwright.sync_api import sync_playwright

    lab = _Lab(_notebook(layers, chains))
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
            page.goto(f"{lab.base}/lab/tree/bench.ipynb?reset", wait_until="domcontentloaded", timeout=90_000)
            page.wait_for_function("() => !!(window.jupyterapp && window.jupyterapp.shell)", timeout=90_000)
            page.wait_for_function(KERNEL_JS, arg="bench.ipynb", timeout=90_000, polling=100)
            firsts: list[float] = []
            first_py: list[float] = []
            for n in range(fresh):
                if n:
                    page.evaluate(RESTART_JS, "bench.ipynb")
                    page.wait_for_function(KERNEL_JS, arg="bench.ipynb", timeout=90_000, polling=100)
                    page.wait_for_timeout(500)
                firsts.append(page.evaluate(RUN_CELL_JS, ["bench.ipynb", 0, 60_000, None]))
                page.wait_for_function(KERNEL_JS, arg="bench.ipynb", timeout=90_000, polling=100)
                first_py.append(float(page.evaluate(EXEC_JS, ["bench.ipynb", "print(_FIRST_MS)"])))
            for i in range(1, 1 + len(layers) + len(chains)):
                page.evaluate(RUN_CELL_JS, ["bench.ipynb", i, 60_000, None])
            for i in range(1 + len(layers) + len(chains), 1 + len(layers) + len(chains) + len(CHECKS)):
                page.evaluate(RUN_CELL_JS, ["bench.ipynb", i, 60_000, ".rulekit-prediction-check"])
            last = 1 + len(layers) + len(chains) + len(CHECKS)
            page.evaluate(RUN_CELL_JS, ["bench.ipynb", last, 60_000, ".rulekit-noop"])
            page.wait_for_function(KERNEL_JS, arg="bench.ipynb", timeout=90_000, polling=100)
            page.wait_for_timeout(1000)
            rows: list[dict[str, Any]] = []
            cells = page.locator(".jp-Notebook .jp-CodeCell")
            names = [FIRST, *layers, *chains]
            for i, name in enumerate(names):
                kind = "layer" if i <= len(layers) else "chain"
                root = cells.nth(i).locator(f".rulekit-{kind}-explorer").first
                clicker = _Clicker(page, root, name)
                (_layer_clicks if kind == "layer" else _chain_clicks)(clicker)
                rows += clicker.rows
            for k, (name, clicks) in enumerate(
                (("check: priority-seven", _seven_clicks), ("builder: lesson 06 board 3", _builder_clicks))
            ):
                clicker = _Clicker(
                    page, cells.nth(len(names) + k).locator(".jp-OutputArea-output").first, name
                )
                clicks(clicker)
                rows += clicker.rows
            last = len(names) + len(CHECKS)
            floor = _Clicker(page, cells.nth(last), "(a button that does nothing)")
            for _ in range(NOOP_CLICKS):
                floor.click("click", cells.nth(last).locator(".rulekit-noop"))
            browser.close()
    finally:
        lab.stop()
    return {"first": firsts, "first_python": first_py, "rows": rows, "floor": floor.rows}


def per_control(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """p50 and p95 of each control (every explorer's clicks of it), slowest p95 first."""
    by: dict[str, list[float]] = {}
    for r in rows:
        kind = "chain" if r["explorer"].startswith("apoteose/") else r["explorer"].split(":")[0]
        kind = kind if kind in ("chain", "check", "builder") else "layers"
        by.setdefault(f"{kind}: {r['control']}", []).append(r["ms"])
    out = [
        {"control": c, "p50": round(statistics.median(v), 1), "p95": round(_percentile(v, 0.95), 1),
         "clicks": len(v)}
        for c, v in by.items()
    ]  # fmt: skip
    return sorted(out, key=lambda r: -r["p95"])


def summarize(result: dict[str, Any]) -> dict[str, Any]:
    rows = result["rows"]
    floor = result.get("floor", [])
    ms = [r["ms"] for r in rows]
    py = [r["python_ms"] for r in rows]
    slowest = max(rows, key=lambda r: r["ms"])
    floor_p50 = statistics.median(r["ms"] for r in floor) if floor else None
    p95 = _percentile(ms, 0.95)
    return {
        "browser_click_ms": {
            "p50": round(statistics.median(ms), 1),
            "p95": round(p95, 1),
            # the target: p95 under 3x the floor, both measured in this run
            "p95_over_floor": round(p95 / floor_p50, 2) if floor_p50 else None,
            "python_p50": round(statistics.median(py), 1),
            "python_p95": round(_percentile(py, 0.95), 1),
            "clicks": len(rows),
            "updates_p50": statistics.median(r["updates"] for r in rows),
            "update_kb_p50": round(statistics.median(r["update_kb"] for r in rows), 1),
            "slowest": f"{slowest['explorer']} {slowest['control']}: {slowest['ms']} ms",
            # the same measure of a click on a button that does nothing: what no widget can go below here
            "floor_p50": round(floor_p50, 1) if floor_p50 is not None else None,
            "load_average": [round(v, 2) for v in os.getloadavg()],
        },
        "browser_controls_ms": per_control(rows),
        "browser_first_explorer_ms": round(statistics.median(result["first"]), 1),
        "browser_first_explorer_runs": [round(v, 1) for v in result["first"]],
        "browser_first_explorer_python_ms": round(statistics.median(result["first_python"]), 1),
    }


def measure() -> dict[str, Any]:
    """The figures for ``benchmarks/run.py`` (or why they were not taken)."""
    reason = browser_missing_reason()
    if reason:
        return {"browser_skipped": f"browser benchmark skipped: {reason}"}
    return summarize(run())


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="one JSON object (summary and rows)")
    parser.add_argument("--only", help="only the explorers whose scenario contains this text")
    parser.add_argument("--fresh", type=int, default=3, help="fresh kernels for the first explorer")
    args = parser.parse_args(argv)
    reason = browser_missing_reason()
    if reason:
        print(f"browser benchmark skipped: {reason}")
        return 0
    layers = tuple(s for s in LAYER_SCENARIOS if not args.only or args.only in s)
    chains = tuple(s for s in CHAIN_SCENARIOS if not args.only or args.only in s)
    result = run(layers, chains, fresh=args.fresh)
    summary = summarize(result)
    if args.json:
        print(json.dumps({**summary, "rows": result["rows"]}, sort_keys=True))
        return 0
    print(f"{'explorer':<38} {'control':<16} {'browser ms':>10} {'python ms':>10} {'updates':>8} {'kB':>7}")
    for r in result["rows"]:
        print(
            f"{r['explorer']:<38} {r['control']:<16} {r['ms']:>10} {r['python_ms']:>10}"
            f" {r['updates']:>8} {r['update_kb']:>7}"
        )
    click = summary["browser_click_ms"]
    floor = click["floor_p50"] or float("nan")
    print(f"\n{'control':<40} {'p50 ms':>8} {'p95 ms':>8} {'clicks':>6} {'p95/floor':>9}  (target < 3)")
    for r in summary["browser_controls_ms"]:
        print(f"{r['control']:<40} {r['p50']:>8} {r['p95']:>8} {r['clicks']:>6} {r['p95'] / floor:>9.2f}")
    every = f"{'every click':<40} {click['p50']:>8} {click['p95']:>8} {click['clicks']:>6}"
    print(f"{every} {click['p95_over_floor']:>9}")
    print(f"{'floor (a button that does nothing)':<40} {floor:>8}; load average {click['load_average']}")
    print(json.dumps(summary, indent=2, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
