"""Real-browser test of the BoardBuilder's card text (LANGUAGE.md §11.2): in JupyterLab, type a card's Oracle
text in "Card text" with the keyboard, see its reading before adding it (and the located warning of a line
it cannot read), then Tab to "Add this card" and press Enter: the final table shows the lord's bonus.

The board starts with Llanowar Elves (a 1/1 Elf) and the form holds a card the library lacks, "Elvish Lord"
(an Elf 2/2); its typed text "Other Elf creatures you control get +1/+1." makes the Elves 2/2. Typed letters
stay in the text area: no JupyterLab shortcut runs (the notebook keeps its one cell). Skipped like the other
browser tests when chromium or playwright is missing (see conftest.py).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from .jlab import KERNEL_READY_JS, activate, error_outputs, run_all

pytestmark = pytest.mark.e2e

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
PATH = "board-builder-text-e2e.ipynb"
SOURCE = (
    "from rulekit.widgets import BoardBuilder\n\n"
    "b = BoardBuilder()\n"
    'b.add_card("Llanowar Elves")\n'
    'b.c_name.value = "Elvish Lord"\n'
    'b.c_subtypes.value = "Elf"\n'
    'b.c_power.value = "2"\n'
    'b.c_toughness.value = "2"\n'
    "b"
)
NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": SOURCE},
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

FINAL_JS = """(root) => {
  const h = Array.from(root.querySelectorAll('.widget-html-content'))
    .find(e => e.innerText.includes('Final characteristics') && e.querySelector('table'));
  return h ? h.innerText : '';
}"""

READING_JS = """(root) => {
  const r = root.querySelector('.rulekit-card-reading');
  return r ? r.innerText : '';
}"""

ACTIVE_JS = """(root) => {
  const a = document.activeElement;
  return a && root.contains(a) && a.tagName === 'BUTTON' ? a.innerText.trim() : null;
}"""

CELLS_JS = """(path) => Array.from(window.jupyterapp.shell.widgets('main'))
  .find(w => w.context && w.context.path === path).content.widgets.length"""


def _elves_pt(final_text: str) -> str | None:
    for line in final_text.splitlines():
        if "Llanowar Elves" in line:
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


def test_builder_reads_a_typed_card_text(lab: Any) -> None:
    lab.call(_check_text, "test_builder_reads_a_typed_card_text", timeout=300.0)


def _check_text(page: Any) -> None:
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
    area = builder.locator(".widget-textarea").filter(has_text="Card text").locator("textarea")
    area.scroll_into_view_if_needed()

    def final() -> str:
        return str(builder.evaluate(FINAL_JS))

    def reading() -> str:
        return str(builder.evaluate(READING_JS))

    _wait_for(page, lambda: _elves_pt(final()) == "1/1", "Llanowar Elves alone, 1/1")
    area.click()
    area.press_sequentially("Other Elf creatures you control get +1/+1.", delay=15)
    area.press("Enter")
    area.press_sequentially("Creatures get +1/+1 for each frobnicated wizard.", delay=15)
    # the reading follows the typing key by key: wait for the one of the whole text (an earlier one, of
    # "…frobnicated wizar", may still be on screen when the last key is typed)
    _wait_for(page, lambda: "frobnicated wizard." in reading(), "the reading of both lines")
    shown = reading()
    assert "read as a continuous effect (static)" in shown, shown
    assert "modify_pt:" in shown and "affects: other Elf creatures you control" in shown, shown
    assert "line 2: looks like a continuous effect but cannot be read" in shown, shown
    assert "'frobnicated wizard.' at position 29" in shown, shown
    assert page.evaluate(CELLS_JS, PATH) == 1  # the letters typed ran no notebook shortcut
    assert _elves_pt(final()) == "1/1"  # nothing is added before "Add this card"

    for _ in range(40):  # from the text area, Tab alone reaches "Add this card" (a Tab types no tab there)
        page.keyboard.press("Tab")
        page.wait_for_timeout(30)
        if builder.evaluate(ACTIVE_JS) == "Add this card":
            break
    assert builder.evaluate(ACTIVE_JS) == "Add this card", builder.evaluate(ACTIVE_JS)
    assert "\t" not in area.input_value()
    page.keyboard.press("Enter")
    _wait_for(page, lambda: _elves_pt(final()) == "2/2", "the Elves at 2/2 under the typed lord")
    assert "Elvish Lord" in final()
    ARTIFACTS.mkdir(exist_ok=True)
    builder.screenshot(path=str(ARTIFACTS / "board-builder-text.png"))  # for a person to look at
