"""Real-browser test: every explorer operated by keyboard alone — Tab and Shift+Tab to move,
Space and Enter to press, typing in the text boxes, the arrow keys on a slider.

The focus is put once on the first control of each widget (a person clicks into it, or tabs in from the
page); from there on only keys are pressed, and every control is reached with Tab from the previous one.

- LayerExplorer (01-layers, Humility/Gideon): the text size (Space on "125 %", then on "100 %"), the edition
  buttons (Space), *◀ Previous* / *Next ▶* (Enter),
  the step slider (ArrowLeft / ArrowRight), *Reset* (Enter) after an effect is switched off (Space).
- ChainExplorer (05-apoteose-chain, nested responses): a response (Space), *Choose* (Enter), *Undo*,
  *Run to the end*, *Reset* (Enter), and the event slider (ArrowLeft).
- PredictionCheck (01-layers): type a prediction and press Enter (a verdict naming it), Tab to *Reveal*,
  Space (the answer shown).
- Practice (06-practice's widget) and BoardBuilder, in a notebook written for the test: a Practice answer
  checked with Enter and *Next puzzle* by Enter; two cards typed in the builder's search, each added with
  Enter on *Add to board*, a board row's *Remove* by Enter, *Undo* and *Redo* by Enter.

Runs in the shared browser session of conftest.py; skipped with a notice when chromium or playwright is
missing.
"""

from __future__ import annotations

from typing import Any

import pytest

from .jlab import KERNEL_READY_JS, activate, error_outputs, run_all

pytestmark = pytest.mark.e2e

ACTIVE_JS = """(root) => {
  const a = document.activeElement;
  if (!a || !root.contains(a)) return null;
  return {text: (a.innerText || '').trim(), title: a.title || '', tag: a.tagName, type: a.type || '',
          cls: a.className || '', value: a.value === undefined ? null : String(a.value),
          label: (a.closest('.widget-inline-hbox') || a).innerText.trim().slice(0, 80)};
}"""

PUT_JS = """async ([path, content]) => {
  const r = await fetch('/api/contents/' + path, {method: 'PUT',
    headers: {'Content-Type': 'application/json'},
    body: JSON.stringify({type: 'notebook', format: 'json', content})});
  return r.status;
}"""

HTML_TEXTS_JS = "(r) => Array.from(r.querySelectorAll('.widget-html-content')).map(e => e.innerText)"

PATH = "keyboard-e2e.ipynb"
NOTEBOOK = {
    "cells": [
        {"cell_type": "code", "execution_count": None, "metadata": {}, "outputs": [], "source": src}
        for src in (
            "from practice import Practice\n\nPractice(seed=3)",
            "from rulekit.widgets import BoardBuilder\n\nBoardBuilder()",
        )
    ],
    "metadata": {
        "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
    },
    "nbformat": 4,
    "nbformat_minor": 4,
}


def _active(root: Any) -> dict[str, Any] | None:
    return root.evaluate(ACTIVE_JS)


def _wait(page: Any, check: Any, what: str, timeout_ms: int = 20_000) -> Any:
    waited = 0
    while waited < timeout_ms:
        value = check()
        if value:
            return value
        page.wait_for_timeout(50)
        waited += 50
    raise AssertionError(f"timed out waiting for {what}")


def _tab_to(
    page: Any, root: Any, want: Any, what: str, back: bool = False, limit: int = 80
) -> dict[str, Any]:
    """Press Tab (Shift+Tab with ``back``) until the focused control in ``root`` satisfies ``want``."""
    for _ in range(limit):
        page.keyboard.press("Shift+Tab" if back else "Tab")
        page.wait_for_timeout(30)
        active = _active(root)
        if active and want(active):
            return active
    raise AssertionError(f"Tab never reached {what} (last: {_active(root)})")


def _text(root: Any) -> str:
    return str(root.inner_text())


def _html_texts(root: Any) -> list[str]:
    return list(root.evaluate(HTML_TEXTS_JS))


def _button(text: str) -> Any:
    return lambda a: a["tag"] == "BUTTON" and a["text"].startswith(text)


def test_layer_explorer_by_keyboard(lab: Any) -> None:
    lab.call(_layers, "test_layer_explorer_by_keyboard")


def _layers(page: Any) -> None:
    panel = activate(page, "01-layers.ipynb")
    assert not error_outputs(page, "01-layers.ipynb")
    ex = panel.locator(".rulekit-layer-explorer").filter(has_text="humility-then-gideon").first
    ex.wait_for(state="attached", timeout=30_000)
    ex.scroll_into_view_if_needed()
    ex.locator(".rulekit-text-size button").first.focus()  # the text-size knob: the explorer's first control

    # an effect off (Space on its check box), then Reset (Enter) puts it back
    before = _html_texts(ex)
    _tab_to(page, ex, lambda a: a["type"] == "checkbox", "an effect's check box")
    page.keyboard.press("Space")
    _wait(page, lambda: _html_texts(ex) != before, "the outputs to change after Space on a check box")
    _tab_to(page, ex, _button("Reset"), "Reset")
    page.keyboard.press("Enter")
    _wait(page, lambda: _html_texts(ex) == before, "Reset to restore the board")

    # the other edition (Space on its button), and back
    buttons = ex.locator(".widget-toggle-buttons:not(.rulekit-text-size) button")
    other = buttons.nth(1).inner_text().strip()
    _tab_to(page, ex, lambda a: a["tag"] == "BUTTON" and a["text"] == other, "the other edition's button")
    page.keyboard.press("Space")
    _wait(page, lambda: "mod-active" in (buttons.nth(1).get_attribute("class") or ""), "the edition chosen")
    _wait(page, lambda: _html_texts(ex) != before, "the tables of the other edition")
    page.keyboard.press("Shift+Tab")
    assert (_active(ex) or {}).get("text") == buttons.nth(0).inner_text().strip(), _active(ex)
    page.keyboard.press("Space")
    _wait(page, lambda: _html_texts(ex) == before, "the first edition back")

    # ◀ Previous by Enter: a step back; the slider by the arrow keys; Next ▶ by Enter
    _tab_to(page, ex, _button("◀ Previous"), "◀ Previous")
    page.keyboard.press("Enter")
    _wait(page, lambda: _html_texts(ex) != before, "a step back")
    stepped = _html_texts(ex)
    _tab_to(page, ex, lambda a: "slider" in a["cls"] or a["cls"].startswith("noUi"), "the step slider")
    page.keyboard.press("ArrowLeft")
    _wait(page, lambda: _html_texts(ex) not in (before, stepped), "another step back (ArrowLeft)")
    page.keyboard.press("ArrowRight")
    _wait(page, lambda: _html_texts(ex) == stepped, "a step on (ArrowRight)")
    _tab_to(page, ex, _button("Next ▶"), "Next ▶")
    page.keyboard.press("Enter")
    _wait(page, lambda: _html_texts(ex) == before, "the last step again")


def test_chain_explorer_by_keyboard(lab: Any) -> None:
    lab.call(_chain, "test_chain_explorer_by_keyboard")


def _chain(page: Any) -> None:
    panel = activate(page, "05-apoteose-chain.ipynb")
    assert not error_outputs(page, "05-apoteose-chain.ipynb")
    ex = panel.locator(".rulekit-chain-explorer").filter(has_text="nested-responses").first
    ex.wait_for(state="attached", timeout=30_000)
    ex.scroll_into_view_if_needed()
    ex.locator(".rulekit-text-size button").first.focus()
    _tab_to(page, ex, _button("Reset"), "Reset")  # start again (another test may have driven it)
    page.keyboard.press("Enter")
    page.wait_for_timeout(500)
    start = _text(ex)

    ex.locator(".rulekit-text-size button").first.focus()
    options = ex.locator(".widget-toggle-buttons:not(.rulekit-text-size) button")
    texts = [options.nth(i).inner_text().strip() for i in range(options.count())]
    pick = next(t for t in texts if "pass" not in t.lower())
    _tab_to(page, ex, lambda a: a["tag"] == "BUTTON" and a["text"] == pick, "a legal response")
    page.keyboard.press("Space")
    _tab_to(page, ex, _button("Choose"), "Choose")
    page.keyboard.press("Enter")
    _wait(page, lambda: _text(ex) != start, "the chain to go on after Choose")
    chosen = _text(ex)

    _tab_to(page, ex, _button("Undo"), "Undo")
    page.keyboard.press("Enter")
    _wait(page, lambda: _text(ex) == start, "Undo to take the choice back")

    _tab_to(page, ex, _button("Run to the end"), "Run to the end", back=True)
    page.keyboard.press("Enter")
    _wait(page, lambda: "The chain is over." in _text(ex), "the chain to run to its end")
    # the controls' changes (carried by the explorer's relay once the page listens) reached the page too
    _wait(page, lambda: ex.get_by_role("button", name="Choose").is_disabled(), "Choose disabled at the end")
    assert ex.get_by_role("button", name="Run to the end").is_disabled()
    ended = _text(ex)
    _tab_to(page, ex, lambda a: "slider" in a["cls"] or a["cls"].startswith("noUi"), "the event slider")
    page.keyboard.press("ArrowLeft")
    _wait(page, lambda: _text(ex) != ended, "an event back (ArrowLeft)")

    _tab_to(page, ex, _button("Reset"), "Reset", back=True)
    page.keyboard.press("Enter")
    _wait(page, lambda: _text(ex) == start, "Reset to start the chain again")
    assert chosen != start


def test_prediction_check_by_keyboard(lab: Any) -> None:
    lab.call(_prediction, "test_prediction_check_by_keyboard")


def _prediction(page: Any) -> None:
    panel = activate(page, "01-layers.ipynb")
    check = panel.locator(".rulekit-prediction-check").first
    check.wait_for(state="attached", timeout=30_000)
    check.scroll_into_view_if_needed()
    box = check.locator("input[type=text]").first
    box.focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("4/4", delay=40)
    page.keyboard.press("Enter")
    _wait(
        page,
        lambda: (
            check.locator(".rulekit-verdict .rulekit-judged").count()
            and check.locator(".rulekit-verdict .rulekit-judged").first.inner_text() == "4/4"
        ),
        "a verdict naming 4/4 after Enter",
    )
    _tab_to(page, check, _button("Reveal"), "Reveal")
    page.keyboard.press("Space")
    _wait(page, lambda: "Answer:" in _text(check), "the answer after Space on Reveal")


def test_practice_and_builder_by_keyboard(lab: Any) -> None:
    lab.call(_practice_and_builder, "test_practice_and_builder_by_keyboard", timeout=300.0)


def _practice_and_builder(page: Any) -> None:
    status = page.evaluate(PUT_JS, [PATH, NOTEBOOK])
    assert status in (200, 201), f"could not write the test notebook: HTTP {status}"
    page.evaluate("(p) => { window.jupyterapp.commands.execute('docmanager:open', {path: p}); }", PATH)
    ready = f"(p) => {{ const f = {KERNEL_READY_JS}; return f(p); }}"
    page.wait_for_function(ready, arg=PATH, timeout=90_000)
    run_all(page, [PATH])
    panel = activate(page, PATH)
    assert not error_outputs(page, PATH), error_outputs(page, PATH)

    # Practice: an answer checked with Enter (the score counts it), then Next puzzle by Enter
    cells = panel.locator(".jp-CodeCell")
    practice = cells.nth(0).locator(".jp-OutputArea").first
    practice.locator(".rulekit-prediction-check").first.wait_for(state="attached", timeout=30_000)
    practice.scroll_into_view_if_needed()
    board = practice.locator(".widget-html-content").nth(1).inner_text()
    practice.locator("input[type=text]").first.focus()
    page.keyboard.type("none", delay=40)
    page.keyboard.press("Enter")
    _wait(page, lambda: "1" in practice.locator(".widget-html-content").first.inner_text().split(":")[-1],
          "the score to count the checked answer")  # fmt: skip
    _tab_to(page, practice, _button("Next puzzle"), "Next puzzle")
    page.keyboard.press("Enter")
    _wait(page, lambda: practice.locator(".widget-html-content").nth(1).inner_text() != board, "a new puzzle")

    # BoardBuilder: search by typing, Add to board by Enter, a row's Later by Enter, Undo and Redo by Enter
    builder = panel.locator(".rulekit-board-builder").first
    builder.wait_for(state="attached", timeout=30_000)
    builder.scroll_into_view_if_needed()
    builder.locator(".widget-text").filter(has_text="Search cards").locator("input").focus()
    page.keyboard.type("grizzly", delay=40)
    _wait(page, lambda: "Creature — Bear" in _text(builder), "the Grizzly Bears preview")
    _tab_to(page, builder, _button("Add to board"), "Add to board")
    page.keyboard.press("Enter")
    rows = builder.locator(".rulekit-board-rows .widget-hbox")
    _wait(page, lambda: rows.count() == 1, "one row on the board")
    builder.locator(".widget-text").filter(has_text="Search cards").locator("input").focus()
    page.keyboard.press("Control+a")
    page.keyboard.type("glorious anthem", delay=40)
    _wait(page, lambda: "Creatures you control get +1/+1." in _text(builder), "the Glorious Anthem preview")
    _tab_to(page, builder, _button("Add to board"), "Add to board")
    page.keyboard.press("Enter")
    _wait(page, lambda: rows.count() == 2, "two rows on the board")
    assert "Glorious Anthem" in rows.nth(1).inner_text(), rows.nth(1).inner_text()
    _tab_to(page, builder, lambda a: a["tag"] == "BUTTON" and a["text"] == "Remove"
            and "Glorious Anthem" in a["title"], "Glorious Anthem's Remove button", back=True)  # fmt: skip
    page.keyboard.press("Enter")
    _wait(page, lambda: rows.count() == 1, "the Anthem removed (Enter on its Remove)")
    _tab_to(page, builder, _button("Undo"), "Undo")
    page.keyboard.press("Enter")
    _wait(page, lambda: rows.count() == 2, "Undo to put the Anthem back")
    _tab_to(page, builder, _button("Redo"), "Redo")
    page.keyboard.press("Enter")
    _wait(page, lambda: rows.count() == 1, "Redo to remove it again")


def test_text_size_by_keyboard(lab: Any) -> None:
    lab.call(_text_size, "test_text_size_by_keyboard")


def _text_size(page: Any) -> None:
    """The text-size knob by keyboard: Tab to "125 %", Space (the explorer grows); Shift+Tab to "100 %",
    Space."""
    panel = activate(page, "01-layers.ipynb")
    ex = panel.locator(".rulekit-layer-explorer").filter(has_text="humility-then-gideon").first
    ex.wait_for(state="attached", timeout=30_000)
    ex.scroll_into_view_if_needed()
    sizes = ex.locator(".rulekit-text-size button")
    assert [sizes.nth(i).inner_text().strip() for i in range(sizes.count())][:2] == ["100 %", "125 %"]
    sizes.first.focus()
    _tab_to(page, ex, lambda a: a["text"] == "125 %", "the 125 % button")
    page.keyboard.press("Space")
    _wait(page, lambda: "rulekit-scale-125" in (ex.get_attribute("class") or ""), "the explorer at 125 %")
    assert (_active(ex) or {}).get("text") == "125 %", _active(ex)  # the focus stays on the knob
    _tab_to(page, ex, lambda a: a["text"] == "100 %", "the 100 % button", back=True)
    page.keyboard.press("Space")
    _wait(page, lambda: "rulekit-scale-100" in (ex.get_attribute("class") or ""), "the explorer at 100 %")
