"""Real-browser tests: every explorer of lessons 01 and 05 operated by keyboard alone, the focus
ring is visible, and a self-check's verdict always judges what is in the box.

- 01-layers: in the Humility/Gideon LayerExplorer, Enter on a timestamp row's Move down button moves that
  entry (the focus follows it to its new row, JupyterLab does not take the key), Space on its Move up moves it
  back (the focus follows it again, to its Move down: its Move up is disabled on the first row), Space on
  an effect's check box switches it off; the focused control shows a 3 px blue outline (Okabe–Ito #0072B2).
- 01-layers: a self-check answered many times, typed at once and checked at once with Enter (or a click on
  Check right after the last key): every verdict names the text in the box (``.rulekit-judged``) — 0 stale.
- 05-apoteose-chain: in the ChainExplorer, Tab to a legal response (one button each), Space chooses it, Enter
  on Choose; the chain log changes.

Runs in the shared browser session of conftest.py (JupyterLab in Debian's chromium); skipped with a notice
when chromium or playwright is missing.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from .jlab import activate, error_outputs

pytestmark = pytest.mark.e2e

#: How many verdicts the stale-verdict check asks for (half with Enter, half with a click on Check).
CHECKS = 40

ACTIVE_JS = """(root) => {
  const a = document.activeElement;
  if (!a || !root.contains(a)) return null;
  const row = a.closest('.widget-hbox');
  return {text: a.innerText, title: a.title, row: row ? row.innerText : '', tag: a.tagName,
          outline: getComputedStyle(a).outlineWidth, color: getComputedStyle(a).outlineColor};
}"""

ROWS_JS = """(root) => Array.from(root.querySelectorAll('.rulekit-order-rows .widget-hbox'))
  .map(r => r.querySelector('.widget-html-content').innerText.trim())"""


def _name(row: str) -> str:
    """ "1. Night of Souls' Betrayal (ts 1)" → "Night of Souls' Betrayal", as the buttons' tooltips say."""
    return re.sub(r" \(ts [^)]*\)$", "", row.split(". ", 1)[1])


def _rows(explorer: Any) -> list[str]:
    return list(explorer.evaluate(ROWS_JS))


def _active(explorer: Any) -> dict[str, Any] | None:
    return explorer.evaluate(ACTIVE_JS)


def _wait(page: Any, check: Any, what: str, timeout_ms: int = 20_000) -> Any:
    waited = 0
    while waited < timeout_ms:
        value = check()
        if value:
            return value
        page.wait_for_timeout(50)
        waited += 50
    raise AssertionError(f"timed out waiting for {what}")


def test_the_layer_explorer_by_keyboard_alone(lab: Any) -> None:
    lab.call(_layers_by_keyboard, "test_the_layer_explorer_by_keyboard_alone")


def _layers_by_keyboard(page: Any) -> None:
    panel = activate(page, "01-layers.ipynb")
    assert not error_outputs(page, "01-layers.ipynb")
    explorer = panel.locator(".rulekit-layer-explorer").filter(has_text="humility-then-gideon").first
    explorer.wait_for(state="attached", timeout=30_000)
    explorer.scroll_into_view_if_needed()
    before = _rows(explorer)
    assert len(before) >= 3, before
    # the rows are one widget (rulekit.widgets.rows: one update a move), drawn as the stock rows
    assert explorer.locator(".rulekit-order-rows .rulekit-order-row").count() == len(before)
    first_name = _name(before[0])

    # Tab into the first row's "later" button: focus the row's "earlier" one (disabled on the first row, so
    # start from the text-size knob) and walk with Tab until a "Later timestamp" button has the focus.
    explorer.locator(".rulekit-text-size button").first.focus()
    for _ in range(40):
        page.keyboard.press("Tab")
        active = _active(explorer)
        if active and active["title"].startswith("Later timestamp"):
            break
    else:
        raise AssertionError("Tab never reached a timestamp row's Later button")
    assert active["outline"] == "3px" and active["color"] == "rgb(0, 114, 178)", active  # a visible ring
    assert first_name in active["title"], active

    page.keyboard.press("Enter")  # the first entry goes one place later
    moved = _wait(page, lambda: (r := _rows(explorer)) != before and r, "the rows to change")
    assert _name(moved[1]) == first_name, moved
    active = _wait(
        page, lambda: (a := _active(explorer)) and first_name in a["title"] and a, "focus to follow"
    )
    assert active["title"].startswith("Later timestamp"), active  # still in the explorer, on the moved entry
    assert active["tag"] == "BUTTON" and active["row"].startswith(moved[1]), (active, moved)  # its new row

    page.keyboard.press("Shift+Tab")  # its "earlier" button, same row
    assert first_name in (_active(explorer) or {}).get("title", ""), _active(explorer)
    page.keyboard.press("Space")
    _wait(page, lambda: _rows(explorer) == before, "the entry to come back")
    # back on the first row, whose Move up is disabled: the focus is on its Move down
    active = _wait(
        page,
        lambda: (a := _active(explorer)) and a["title"].startswith("Later timestamp") and a,
        "the focus to follow it to the first row",
    )
    assert first_name in active["title"] and active["row"].startswith(before[0]), (active, before)

    # an effect's check box, by Tab and Space: the final table changes
    tables = explorer.locator(".widget-html-content table").first.inner_text()
    box = explorer.locator(".widget-checkbox input[type=checkbox]").first
    box.focus()
    page.keyboard.press("Space")
    _wait(
        page,
        lambda: explorer.locator(".widget-html-content table").first.inner_text() != tables,
        "the final table to change",
    )
    page.keyboard.press("Space")  # and on again


def test_no_stale_verdict(lab: Any) -> None:
    lab.call(_no_stale_verdict, "test_no_stale_verdict", timeout=600)


def _no_stale_verdict(page: Any) -> None:
    panel = activate(page, "01-layers.ipynb")
    check = panel.locator(".rulekit-prediction-check").first
    check.wait_for(state="attached", timeout=30_000)
    check.scroll_into_view_if_needed()
    box = check.locator("input[type=text]").first
    button = check.get_by_role("button", name="Check")
    answers = ["5/5", "6/6", "4/4", "1/1", "7/7", "0/1"]
    stale = []
    for n in range(CHECKS):
        text = answers[n % len(answers)] + " " * (n // len(answers))  # a new text each time
        box.focus()
        page.keyboard.press("Control+a")
        page.keyboard.type(text, delay=0)  # at once
        if n % 2:
            page.keyboard.press("Enter")
        else:
            button.click()
        want = text.strip()

        def judged() -> str | None:
            verdict = check.locator(".rulekit-verdict .rulekit-judged")
            return verdict.first.inner_text() if verdict.count() else None

        waited = 0
        while judged() != want and waited < 5_000:  # the verdict for this text, at most 5 s away
            page.wait_for_timeout(50)
            waited += 50
        page.wait_for_timeout(300)  # and it stays: no late text re-judges it into another answer's verdict
        if judged() != want:
            stale.append((n, text, judged()))
    assert not stale, f"{len(stale)} stale verdicts of {CHECKS}: {stale[:5]}"


def test_the_chain_explorer_by_keyboard_alone(lab: Any) -> None:
    lab.call(_chain_by_keyboard, "test_the_chain_explorer_by_keyboard_alone")


def _chain_by_keyboard(page: Any) -> None:
    panel = activate(page, "05-apoteose-chain.ipynb")
    assert not error_outputs(page, "05-apoteose-chain.ipynb")
    explorer = panel.locator(".rulekit-chain-explorer").filter(has_text="nested-responses").first
    explorer.wait_for(state="attached", timeout=30_000)
    explorer.scroll_into_view_if_needed()
    options = explorer.locator(".widget-toggle-buttons:not(.rulekit-text-size) button")
    options.first.wait_for(state="attached", timeout=30_000)
    texts = [options.nth(i).inner_text() for i in range(options.count())]
    pick = next((i for i, t in enumerate(texts) if "pass" not in t.lower()), None)
    assert pick is not None, texts
    log = explorer.inner_text()
    options.first.focus()
    for _ in range(pick):
        page.keyboard.press("Tab")
    active = _active(explorer)
    assert active and active["text"].strip() == texts[pick].strip(), (active, texts)
    page.keyboard.press("Space")
    _wait(
        page, lambda: "mod-active" in (options.nth(pick).get_attribute("class") or ""), "the response chosen"
    )
    for _ in range(20):  # on to the Choose button
        page.keyboard.press("Tab")
        active = _active(explorer)
        if active and active["text"].strip().startswith("Choose"):
            break
    else:
        raise AssertionError("Tab never reached Choose")
    page.keyboard.press("Enter")
    _wait(page, lambda: explorer.inner_text() != log, "the chain to go on")

    # Run to the end by keyboard: the button is disabled once the chain is over, and the focus goes on to the
    # next control of the explorer (it fell to the page: a keyboard user lost their place)
    for _ in range(20):
        page.keyboard.press("Tab")
        active = _active(explorer)
        if active and active["text"].strip().startswith("Run to the end"):
            break
    else:
        raise AssertionError("Tab never reached Run to the end")
    finish = explorer.get_by_role("button", name="Run to the end")
    page.keyboard.press("Enter")
    _wait(page, lambda: finish.is_disabled(), "the chain to end")
    _wait(page, lambda: _active(explorer), "the focus back in the explorer")
    active = _active(explorer)
    assert active and active["tag"] == "BUTTON" and not active["text"].strip().startswith("Run"), active
