"""Real-browser test of presentation mode: a projector at 1024×768 and 150 % zoom, in
chromium: a CSS viewport of 683×512 px at a device scale of 1.5 (what 150 % zoom gives a 1024×768 screen),
and 853 px wide at 1.5 for the chain at 1280.

In pt-BR and in es, a notebook written for the test shows lesson 01's LayerExplorer (Humility, then Gideon), a
teacher's own board (a BoardBuilder with four cards added from Python) and the seven-response chain
(``apoteose/priority-seven``, run to its end). Each explorer's "Fit to width" switch is pressed with the
keyboard (focus, Space); then the right edge of every diagram and every table of each explorer is within its
output area (measured on the elements themselves, so a part cut off by a scrolling box counts as cut).
"Full width" (Space on it) hides the output prompt and spans the notebook's whole width (within a few px
of its edges), still after the board changed, and goes back when released.
Screenshots of each explorer go to test-artifacts/presentation-<lang>-<n>.png for a person to look at.
Skipped like the other browser tests when chromium or playwright is missing (see conftest.py).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from .conftest import CHROMIUM, CHROMIUM_ARGS  # noqa: F401 - the same browser binary
from .jlab import KERNEL_READY_JS, activate, error_outputs, run_all

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
FIT = {"pt-BR": "Ajustar à largura", "es": "Ajustar al ancho"}
FULL = {"pt-BR": "Largura total", "es": "Ancho completo"}
PROMPT_HIDDEN_JS = """(r) => { const c = r.closest('.jp-OutputArea-child');
  const p = c && c.querySelector('.jp-OutputArea-prompt');
  return !!p && getComputedStyle(p).display === 'none'; }"""

SOURCES = (
    'from rulekit.widgets import LayerExplorer\n\nLayerExplorer("seed/humility-then-gideon", lang={lang!r})',
    "from rulekit.widgets import BoardBuilder\n\n"
    "b = BoardBuilder(lang={lang!r})\n"
    'for card in ("Humility", "Opalescence", "Glorious Anthem", "Grizzly Bears"):\n'
    "    b.add_card(card)\n"
    "b",
    "from rulekit.widgets import ChainExplorer\n\n"
    'c = ChainExplorer("apoteose/priority-seven", lang={lang!r})\n'
    "c.run_to_end()\n"
    "c",
)


def _notebook(lang: str) -> dict[str, Any]:
    return {
        "cells": [
            {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
            for src in (s.format(lang=lang) for s in SOURCES)
        ],
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 4,
    }


PUT_JS = """async ([path, content]) => {
  const r = await fetch('/api/contents/' + path, {method: 'PUT',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({type: 'notebook', format: 'json', content})});
  return r.status;
}"""

# The parts of an explorer whose right edge passes its output area's (px), with what they are.
OVERFLOW_JS = """(root) => {
  const area = root.closest('.jp-OutputArea-output') || root;
  const right = area.getBoundingClientRect().right;
  const out = [];
  const parts = root.querySelectorAll('.rulekit-diagram svg, table.rk-table, .widget-html-content table');
  for (const el of parts) {
    const r = el.getBoundingClientRect();
    if (r.width > 0 && r.right > right + 1) {
      const cap = el.querySelector('caption');
      out.push({what: el.tagName + ' ' + (cap ? cap.innerText.slice(0, 40) : ''),
                right: Math.round(r.right), area: Math.round(right)});
    }
  }
  return {area: Math.round(right), diagrams: root.querySelectorAll('.rulekit-diagram svg').length,
          tables: root.querySelectorAll('table').length, over: out};
}"""

# The explorer's box against the notebook's scrolling area (CSS px): its gaps on each side, its width, the
# room.
SPAN_JS = """(r) => { const s = r.closest('.jp-WindowedPanel-outer, .jp-Notebook');
  const a = s.getBoundingClientRect(), b = r.getBoundingClientRect(), left = a.left + s.clientLeft;
  return {left: b.left - left, right: left + s.clientWidth - b.right, width: b.width,
          room: s.clientWidth}; }"""


def _spans(span: dict[str, float]) -> bool:
    """The box spans the notebook's width, a few px from each edge."""
    return 0 <= span["left"] <= 12 and 0 <= span["right"] <= 12


SHOW_DIAGRAM_JS = "(r) => r.querySelector('.rulekit-diagram svg').scrollIntoView({block: 'center'})"
SHOW_WIDEST_TABLE_JS = """(r) => {
  const ts = Array.from(r.querySelectorAll('table'));
  ts.sort((a, b) => b.getBoundingClientRect().width - a.getBoundingClientRect().width);
  ts[0].scrollIntoView({block: 'start'});
}"""


def _wait_for(page: Any, check: Any, what: str, timeout_ms: int = 60_000) -> Any:
    waited = 0
    while True:
        value = check()
        if value:
            return value
        if waited >= timeout_ms:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(100)
        waited += 100


@pytest.mark.parametrize("lang", ["pt-BR", "es"])
def test_presentation_mode_fits_every_explorer_at_1024_by_768_and_150(lab: Any, lang: str) -> None:
    lab.call(lambda page: _check(page, lang), f"test_presentation_{lang}", timeout=420.0)


def _settled(page: Any, root: Any, n: int) -> None:
    """Wait until explorer ``n`` shows its tables and its diagram."""
    _wait_for(
        page,
        lambda: (lambda f: f["tables"] > 0 and f["diagrams"] > 0)(root.evaluate(OVERFLOW_JS)),
        f"explorer {n}'s tables and diagram",
    )


def _open(page: Any, path: str, lang: str) -> Any:
    status = page.evaluate(PUT_JS, [path, _notebook(lang)])
    assert status in (200, 201), f"could not write the test notebook: HTTP {status}"
    page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", path)
    page.wait_for_function(
        f"(p) => {{ const f = {KERNEL_READY_JS}; return f(p); }}", arg=path, timeout=90_000
    )
    run_all(page, [path])
    panel = activate(page, path)
    assert not error_outputs(page, path), error_outputs(page, path)
    return panel


def _check(shared_page: Any, lang: str) -> None:
    base = shared_page.url.split("/lab")[0]
    path = f"presentation-e2e-{lang}.ipynb"
    browser = shared_page.context.browser
    ARTIFACTS.mkdir(exist_ok=True)
    for width, height in ((683, 512), (853, 640)):  # 1024×768 and 1280×960 at 150 %
        context = browser.new_context(viewport={"width": width, "height": height}, device_scale_factor=1.5)
        try:
            page = context.new_page()
            page.goto(f"{base}/lab/tree/{path}?reset", wait_until="domcontentloaded", timeout=90_000)
            page.wait_for_function(
                "() => !!(window.jupyterapp && window.jupyterapp.commands)", timeout=90_000
            )
            panel = _open(page, path, lang)
            # the left sidebar closed, as a presenter would (it takes a third of the width otherwise)
            page.evaluate("() => window.jupyterapp.shell.collapseLeft()")
            page.wait_for_timeout(300)
            roots = panel.locator(".rulekit-widget")
            _wait_for(page, lambda r=roots: r.count() == 3, "the three explorers")
            cut_before = 0
            for n in range(3):
                root = roots.nth(n)
                root.scroll_into_view_if_needed()
                _settled(page, root, n)
                cut_before += len(root.evaluate(OVERFLOW_JS)["over"])
                switch = root.get_by_role("button", name=FIT[lang])
                switch.focus()
                page.keyboard.press("Space")
                _wait_for(page, lambda r=root: "rulekit-fit" in (r.get_attribute("class") or ""), f"fit {n}")
                page.wait_for_timeout(300)  # the layout settles
                found = root.evaluate(OVERFLOW_JS)
                for k, show in enumerate((SHOW_DIAGRAM_JS, SHOW_WIDEST_TABLE_JS)):  # what a class sees
                    root.evaluate(show)
                    page.wait_for_timeout(100)
                    page.screenshot(path=str(ARTIFACTS / f"presentation-{lang}-{width}-{n}{'dt'[k]}.png"))
                assert found["diagrams"] >= 1, (n, found)
                assert not found["over"], (
                    f"{lang}, {width} px, explorer {n} cut on the right: {json.dumps(found)}"
                )
            # "Full width" (Space on it): JupyterLab's prompt column beside the output is hidden and the
            # explorer spans the notebook's whole width, also after its board changed
            root = roots.nth(0)
            root.scroll_into_view_if_needed()
            before = root.evaluate(SPAN_JS)
            assert before["width"] < before["room"] - 30, before  # the measure can fail: room was lost
            root.get_by_role("button", name=FULL[lang]).focus()
            page.keyboard.press("Space")
            _wait_for(page, lambda r=root: r.evaluate(PROMPT_HIDDEN_JS), "the output prompt hidden")
            _wait_for(page, lambda r=root: _spans(r.evaluate(SPAN_JS)), "the explorer at full width")
            page.wait_for_timeout(300)
            assert not root.evaluate(OVERFLOW_JS)["over"]
            page.screenshot(path=str(ARTIFACTS / f"presentation-{lang}-{width}-full.png"))
            root.locator(".widget-checkbox input[type=checkbox]").first.click()  # another board
            _wait_for(page, lambda p=page, pt=path: p.evaluate(KERNEL_READY_JS, pt), "the kernel idle")
            page.wait_for_timeout(500)
            after = root.evaluate(SPAN_JS)
            assert _spans(after) and "rulekit-full" in (root.get_attribute("class") or ""), (before, after)
            # without Fit to width a wide diagram scrolls in its own box; the explorer keeps its width
            root.get_by_role("button", name=FIT[lang]).click()
            _wait_for(page, lambda r=root: "rulekit-fit" not in (r.get_attribute("class") or ""), "fit off")
            page.wait_for_timeout(500)
            unfit = root.evaluate(SPAN_JS)
            assert _spans(unfit), (before, unfit)
            root.get_by_role("button", name=FULL[lang]).click()  # off again: back in the cell
            room = before["room"]
            _wait_for(page, lambda r=root, n=room: r.evaluate(SPAN_JS)["width"] < n - 30, "full width off")
            if width == 683:  # the measure can fail: without presentation mode something is cut there
                assert cut_before > 0, "nothing was cut before presentation mode: the test measures nothing"
        finally:
            context.close()
