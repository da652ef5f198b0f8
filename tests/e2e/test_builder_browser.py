"""Real-browser test of the BoardBuilder: in JupyterLab, type a card's name in the search box,
click "Add to board", and the final table shows the right P/T. Then a board row's Remove, Undo and Redo: the
rows (one widget, rulekit.widgets.rows) and the form's lists (their options carried by the builder's relay,
rulekit.widgets.relay) show the board as it is, and the focus stays on the rows; a hostile card name shows
as text, never as HTML.

A two-cell notebook (a ``BoardBuilder()`` with a hostile card's name on its board, and a line saying how many
updates its relay carried) is written into the served copy of lessons/ through the Jupyter
contents API, opened and run in the same browser session as the lesson tests. Grizzly Bears alone is 2/2;
with Glorious Anthem ("Creatures you control get +1/+1.") it is 3/3. Skipped like the other browser tests
when chromium or playwright is missing (see conftest.py).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from .jlab import KERNEL_READY_JS, activate, error_outputs, run_all

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PATH = "board-builder-e2e.ipynb"
#: A card name that would run script if it were ever read as HTML (the board's first row shows it as text).
EVIL = '<img src=x onerror="window.__rk_xss=1">'
NOTEBOOK = {
    "cells": [
        {
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": "from rulekit.widgets import BoardBuilder\n\nb = BoardBuilder()\n"
            f"b.add_custom({EVIL!r}, types='Creature', power=1, toughness=1)\nb",
        },
        {  # what the relay carried, shown: the lists' options came through it, not each in its own update
            "cell_type": "code",
            "execution_count": None,
            "metadata": {},
            "outputs": [],
            "source": "import ipywidgets as w\n\nrelayed = w.HTML('relayed 0')\n"
            "b.relay.widget.observe(lambda c: setattr(relayed, 'value', f\"relayed {c['new']['serial']}\"), "
            "'updates')\nrelayed",
        },
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

# The text of the final table (the HTML output holding "Final characteristics").
FINAL_JS = """(root) => {
  const h = Array.from(root.querySelectorAll('.widget-html-content'))
    .find(e => e.innerText.includes('Final characteristics') && e.querySelector('table'));
  return h ? h.innerText : '';
}"""


def _bears_pt(final_text: str) -> str | None:
    """The P/T at the end of Grizzly Bears' row (after any arrow), or None without such a row."""
    for line in final_text.splitlines():
        if "Grizzly Bears" in line:
            found = re.findall(r"-?\d+/-?\d+", line)
            return found[-1] if found else None
    return None


def _wait_for(page: Any, check: Any, what: str, timeout_ms: int = 30_000) -> None:
    waited = 0
    while not check():
        if waited >= timeout_ms:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(100)
        waited += 100


def test_builder_add_by_typing_and_clicking(lab: Any) -> None:
    lab.call(_check_builder, "test_builder_add_by_typing_and_clicking", timeout=300.0)


def _check_builder(page: Any) -> None:
    status = page.evaluate(PUT_JS, [PATH, NOTEBOOK])
    assert status in (200, 201), f"could not write the test notebook: HTTP {status}"
    page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", PATH)
    page.wait_for_function(
        f"(p) => {{ const f = {KERNEL_READY_JS}; return f(p); }}", arg=PATH, timeout=90_000
    )
    run_all(page, [PATH])
    panel = activate(page, PATH)
    errors = error_outputs(page, PATH)
    assert not errors, f"errors while building the BoardBuilder: {errors}"

    builder = panel.locator(".rulekit-board-builder").first
    builder.wait_for(state="attached", timeout=30_000)
    builder.scroll_into_view_if_needed()
    search = builder.locator(".widget-text").filter(has_text="Search cards").locator("input")
    add = builder.get_by_role("button", name="Add to board")

    def final() -> str:
        return str(builder.evaluate(FINAL_JS))

    def preview_shows(text: str) -> bool:
        return bool(builder.evaluate("(root, t) => root.innerText.includes(t)", text))

    rows = builder.locator(".rulekit-board-rows .widget-hbox")
    _wait_for(page, lambda: rows.count() == 1, "the hostile card's row")
    assert EVIL in rows.first.inner_text() and EVIL in (
        rows.first.locator("button").first.get_attribute("title") or ""
    )
    assert builder.locator("img[src=x]").count() == 0 and page.evaluate("() => window.__rk_xss") is None

    search.click()
    search.press_sequentially("grizzly", delay=30)
    _wait_for(page, lambda: preview_shows("Creature — Bear"), "the Grizzly Bears preview")
    add.click()
    _wait_for(page, lambda: _bears_pt(final()) is not None, "Grizzly Bears in the final table")
    assert _bears_pt(final()) == "2/2", final()

    search.fill("")
    search.press_sequentially("glorious anthem", delay=30)
    _wait_for(page, lambda: preview_shows("Creatures you control get +1/+1."), "the Glorious Anthem preview")
    add.click()
    _wait_for(page, lambda: _bears_pt(final()) == "3/3", "Grizzly Bears at 3/3 under the Anthem")
    assert json.dumps(final()).count("Glorious Anthem") >= 1

    attach = builder.locator(".widget-dropdown").filter(has_text="Attached to").locator("select")

    def options() -> str:
        texts = attach.locator("option").all_inner_texts()  # DropdownView shows a space as a no-break space
        return " | ".join(texts).replace("\xa0", " ")

    def relayed() -> int:
        texts = panel.locator(".widget-html-content").all_inner_texts()
        return max((int(t.split()[-1]) for t in texts if t.startswith("relayed ")), default=-1)

    assert rows.count() == 3 and "Glorious Anthem" in options() and "Grizzly Bears" in options(), options()
    carried = relayed()
    assert carried > 0, "the relay carried nothing"  # the second Add's lists came through it
    rows.nth(2).locator("button[title^='Remove']").click()
    _wait_for(page, lambda: rows.count() == 2, "the Anthem's row removed")
    _wait_for(page, lambda: "Glorious Anthem" not in options(), "the lists without the Anthem")
    _wait_for(page, lambda: _bears_pt(final()) == "2/2", "Grizzly Bears at 2/2 again")
    assert "Grizzly Bears" in options() and relayed() > carried, (options(), relayed(), carried)
    focus = "() => { const a = document.activeElement; return a ? (a.getAttribute('title') || '') : ''; }"
    assert page.evaluate(focus).startswith("Remove") and "Grizzly Bears" in page.evaluate(focus)
    builder.get_by_role("button", name="Undo").click()
    _wait_for(page, lambda: rows.count() == 3 and "Glorious Anthem" in options(), "Undo: the Anthem back")
    _wait_for(page, lambda: _bears_pt(final()) == "3/3", "Grizzly Bears at 3/3 again")
    builder.get_by_role("button", name="Redo").click()
    _wait_for(page, lambda: rows.count() == 2 and "Glorious Anthem" not in options(), "Redo: the Anthem gone")
    assert builder.locator("img[src=x]").count() == 0 and page.evaluate("() => window.__rk_xss") is None
    ARTIFACTS.mkdir(exist_ok=True)
    builder.screenshot(path=str(ARTIFACTS / "board-builder.png"))  # for a person to look at; not compared
