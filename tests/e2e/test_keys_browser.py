"""Real-browser test: the explorers keep their keys from JupyterLab's shortcuts (rulekit.widgets.keys).

A notebook written for the test holds a LayerExplorer, a BoardBuilder and, as the control, a plain
ipywidgets button. A click into a widget puts the notebook in command mode with the widget's cell active,
where JupyterLab maps the arrow keys to "select the cell below/above" and letters to cell commands (``B``
inserts a cell below, ``M`` makes the cell Markdown). In the explorers the keys do what the focused control
does (the card list's ArrowDown picks the next card, a letter types ahead) and the notebook does not change:
the same active cell, the same cells. On the plain button the same ArrowDown still moves the cell selection
(the test can fail: it sees what the guard prevents).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from .jlab import KERNEL_READY_JS, activate, error_outputs, run_all

pytestmark = pytest.mark.e2e

PUT_JS = """async ([path, content]) => {
  const r = await fetch('/api/contents/' + path, {method: 'PUT',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({type: 'notebook', format: 'json', content})});
  return r.status;
}"""

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PATH = "keys-e2e.ipynb"
SOURCES = (
    "from rulekit.widgets import LayerExplorer\n\nLayerExplorer('seed/humility-then-gideon')",
    "from rulekit.widgets import BoardBuilder\n\nBoardBuilder(lang='pt-BR')",
    "import ipywidgets\n\nipywidgets.Button(description='plain button')",
    "1 + 1",
)
NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
        for src in SOURCES
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 4,
}

# The notebook's state as the shortcuts would change it: the active cell, and every cell's kind.
STATE_JS = """(panel) => {
  const cells = Array.from(panel.querySelectorAll('.jp-Notebook .jp-Cell'));
  return {active: cells.findIndex(c => c.classList.contains('jp-mod-active')),
          kinds: cells.map(c => c.classList.contains('jp-CodeCell') ? 'code' : 'other'),
          command: !!panel.querySelector('.jp-Notebook.jp-mod-commandMode')};
}"""
FOCUSED_JS = """() => { const a = document.activeElement;
  return a ? {tag: a.tagName, marked: a.getAttribute('data-lm-suppress-shortcuts')} : null; }"""


# Make cell ``i`` of the notebook at ``path`` the active one, as the notebook's API does.
ACTIVATE_JS = """([path, i]) => {
  const w = Array.from(window.jupyterapp.shell.widgets('main'))
    .find(w => w.context && w.context.path === path);
  w.content.activeCellIndex = i;
}"""


def _state(panel: Any) -> dict[str, Any]:
    return dict(panel.evaluate(STATE_JS))


def _wait(page: Any, check: Any, what: str, timeout_ms: int = 20_000) -> Any:
    waited = 0
    while waited < timeout_ms:
        value = check()
        if value:
            return value
        page.wait_for_timeout(50)
        waited += 50
    raise AssertionError(f"timed out waiting for {what}")


# Times (performance.now()) of a press, of the explorer's first change after it (the answer) and of its cell
# becoming active, recorded in the page.
WATCH_JS = """([ex, cell]) => {
  const t = window.rulekitTimes = {press: null, answer: null, active: null};
  ex.addEventListener('pointerdown', () => { t.press = performance.now(); }, {capture: true, once: true});
  new MutationObserver(() => { if (t.press !== null && t.answer === null) t.answer = performance.now(); })
    .observe(ex, {subtree: true, childList: true, characterData: true});
  new MutationObserver(() => {
    if (t.active === null && cell.classList.contains('jp-mod-active')) t.active = performance.now();
  }).observe(cell, {attributes: true, attributeFilter: ['class']});
}"""


def _answer_first(page: Any, panel: Any, ex: Any) -> None:
    """A press on an effect's box: the cell is held inactive during the press and becomes active after."""
    assert _state(panel)["active"] != 0, _state(panel)
    cell = panel.locator(".jp-CodeCell").nth(0)
    page.evaluate(WATCH_JS, [ex.element_handle(), cell.element_handle()])
    box = ex.locator(".widget-checkbox input[type=checkbox]").first
    where = box.bounding_box()
    assert where, "the effect's check box is not on screen"
    page.mouse.move(where["x"] + where["width"] / 2, where["y"] + where["height"] / 2)
    page.mouse.down()
    held = _state(panel)["active"]
    page.mouse.up()
    assert held != 0, "the press made the explorer's cell active before its click was answered"
    _wait(page, lambda: _state(panel)["active"] == 0, "the explorer's cell active after the click")
    assert not box.is_checked(), "the click did not switch the effect off"
    t = page.evaluate("() => window.rulekitTimes")
    assert t["press"] is not None and t["active"] is not None, t
    if t["answer"] is not None and t["answer"] - t["press"] < 600:  # answered before the latest hand-over
        assert t["active"] >= t["answer"], t


def _two_presses(page: Any, panel: Any, ex: Any) -> None:
    """A press still held when the next comes (a response picked, whose answer changes no text, then
    *Choose*): the second press is held too, so the cell is not made active in the middle of the second
    click but once, after its answer."""
    cell = panel.locator(".jp-CodeCell").nth(0)
    page.evaluate(ACTIVATE_JS, [PATH, 2])  # another cell active (the page not scrolled)
    _wait(page, lambda: _state(panel)["active"] == 2, "another cell active")
    page.evaluate(WATCH_JS, [ex.element_handle(), cell.element_handle()])
    # the ruleset already shown, pressed again: nothing changes, so the press is held up to 800 ms
    shown = ex.locator(".widget-toggle-buttons:not(.rulekit-text-size) button.mod-active").first
    box = ex.locator(".widget-checkbox input[type=checkbox]").first
    was = box.is_checked()
    for n, target in (("first", shown), ("second", box)):
        target.scroll_into_view_if_needed()
        where = target.bounding_box()
        assert where, f"the {n} press's target is not on screen"
        page.mouse.move(where["x"] + min(8, where["width"] / 2), where["y"] + where["height"] / 2)
        page.mouse.down()
        held = _state(panel)["active"]
        page.mouse.up()
        assert held != 0, f"the {n} press made the explorer's cell active before its click was answered"
    _wait(page, lambda: _state(panel)["active"] == 0, "the explorer's cell active after the click")
    assert box.is_checked() != was, "the second click did not switch the effect"


def test_the_explorers_keep_their_keys(lab: Any) -> None:
    lab.call(_keys, "test_the_explorers_keep_their_keys", timeout=300.0)


def _keys(page: Any) -> None:
    status = page.evaluate(PUT_JS, [PATH, NOTEBOOK])
    assert status in (200, 201), f"could not write the test notebook: HTTP {status}"
    page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", PATH)
    ready = f"(p) => {{ const f = {KERNEL_READY_JS}; return f(p); }}"
    page.wait_for_function(ready, arg=PATH, timeout=90_000)
    run_all(page, [PATH])
    panel = activate(page, PATH)
    assert not error_outputs(page, PATH), error_outputs(page, PATH)
    cells = panel.locator(".jp-CodeCell")

    # the BoardBuilder's card list: ArrowDown picks the next card, a letter types ahead; no cell moves
    builder = panel.locator(".rulekit-board-builder").first
    builder.wait_for(state="attached", timeout=30_000)
    cards = builder.locator(".widget-select select").first
    _wait(page, lambda: cards.locator("option").count() > 3, "the card list")
    cards.scroll_into_view_if_needed()
    cards.locator("option").nth(0).click()
    _wait(page, lambda: _state(panel)["command"] and _state(panel)["active"] == 1, "command mode on the cell")
    before = _state(panel)
    assert (page.evaluate(FOCUSED_JS) or {}).get("marked") == "true", page.evaluate(FOCUSED_JS)
    first = cards.evaluate("(s) => s.value")
    page.keyboard.press("ArrowDown")
    _wait(page, lambda: cards.evaluate("(s) => s.value") != first, "ArrowDown to pick the next card")
    for key in ("ArrowDown", "ArrowUp", "b", "m", "a"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    assert _state(panel) == before, (_state(panel), before)
    assert cells.count() == len(SOURCES)

    # the LayerExplorer: a press in it, its cell not active, answers first (rulekit.widgets.keys answerFirst):
    # the cell is not made active at the press but once the click's answer is shown (or 800 ms later)
    ex = panel.locator(".rulekit-layer-explorer").first
    ex.scroll_into_view_if_needed()
    _answer_first(page, panel, ex)
    _two_presses(page, panel, ex)
    # the explorer's effects back on for what follows
    ex.locator(".widget-checkbox input[type=checkbox]").first.check()

    # a focused button keeps the arrow keys and letters from the notebook too
    ex.locator(".rulekit-text-size button").first.click()
    _wait(page, lambda: _state(panel)["active"] == 0, "the explorer's cell active")
    before = _state(panel)
    for key in ("ArrowDown", "ArrowDown", "b", "m", "y"):
        page.keyboard.press(key)
    page.wait_for_timeout(500)
    assert _state(panel) == before, (_state(panel), before)
    assert cells.count() == len(SOURCES)

    # a refused add says why by its button, in view (not ~1,000 px below, where the error box is)
    builder.scroll_into_view_if_needed()
    search = builder.locator(".widget-text input").first
    search.click()
    search.fill("glorious anthem")
    _wait(page, lambda: "Creatures you control get +1/+1." in builder.inner_text(), "the Anthem's preview")
    builder.locator("input[placeholder='+1/+1: 1']").fill("+1/+1: 1")
    add = builder.locator("button.mod-primary").first
    add.click()
    near = builder.locator(".rulekit-near-error [role=alert]")
    _wait(page, lambda: near.count() == 1, "the message by the Add button")
    # and not again far below: the error box is hidden (its message and its hiding come in one update)
    _wait(page, lambda: builder.locator("[role=alert]:visible").count() == 1, "the error box hidden")
    assert "não é uma criatura" in near.inner_text() or "criatura" in near.inner_text(), near.inner_text()
    a, b = add.bounding_box(), near.bounding_box()
    assert a and b and abs(b["y"] - a["y"]) < 120, (a, b)  # in the button's row (or just under it)
    viewport = page.viewport_size or {"height": 2400}
    assert 0 <= b["y"] <= viewport["height"], b
    builder.locator(".rulekit-near-error").first.scroll_into_view_if_needed()
    page.screenshot(path=str(ARTIFACTS / "builder-refused-add-pt-BR.png"))  # for a person to look at

    # the control: on a plain ipywidgets button, ArrowDown is JupyterLab's (the cell below becomes active)
    plain = panel.get_by_role("button", name="plain button")
    plain.scroll_into_view_if_needed()
    plain.click()
    _wait(page, lambda: _state(panel)["active"] == 2, "the plain button's cell active")
    page.keyboard.press("ArrowDown")
    _wait(
        page, lambda: _state(panel)["active"] == 3, "ArrowDown on a plain widget to move the cell selection"
    )
