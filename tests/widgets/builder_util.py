"""Helpers for the BoardBuilder tests: the P/T a final table shows, and the round trip through the file."""

from __future__ import annotations

import re
from typing import Any

import pytest


def pt_of(html: str, name: str) -> str:
    """The P/T cell of ``name``'s row in a final-table HTML (the part after any arrow)."""
    m = re.search(rf">{re.escape(name)}</td>\s*<td[^>]*>([^<]*)</td>", html)
    assert m, f"no row for {name}"
    return m.group(1).split("→")[-1].strip()


def assert_round_trip(b: Any) -> None:
    """The board's export, read back by the loader and solved afresh, gives the trace shown."""
    from rulekit import mtg

    assert b.trace is not None
    fresh = mtg.solve(mtg.scenario_from_text(b.to_yaml(), "roundtrip.yaml"), ruleset=b.ruleset.value)
    assert fresh == b.trace
    assert fresh.to_json() == b.trace.to_json()
    assert b.scenario is not None
    assert mtg.solve(b.scenario, ruleset=b.ruleset.value) == fresh


def refused(call: Any, *args: Any, **kwargs: Any) -> None:
    """A Python API call that fails raises BuilderError (the message also shows in the widget)."""
    from rulekit.widgets.builder import BuilderError

    with pytest.raises(BuilderError):
        call(*args, **kwargs)


def fresh_builder() -> Any:
    """A new BoardBuilder that shows no error (the ``builder`` fixture of the builder tests)."""
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    assert b.error.value == "", b.error.value
    return b


#: A board row's buttons, in their order on the row.
ROW_ACTIONS = ("up", "down", "remove")


def board_rows(b: Any) -> list[tuple[str, dict[str, tuple[str, bool]]]]:
    """Each shown board row as (its label's text, {action: (its button's tooltip, disabled)}), from the rows'
    one widget or from the stock rows (without anywidget)."""
    import html

    rows = b.board_rows_widget
    if rows is not None:
        return [(r["label"], {k: (r[k], k in r["off"]) for k in ROW_ACTIONS}) for r in rows.rows]
    shown = b.board_rows[: len(b.board_box.children)]
    return [
        (
            html.unescape(label.value),
            {k: (btn.tooltip, btn.disabled) for k, btn in zip(ROW_ACTIONS, buttons, strict=True)},
        )
        for _box, label, *buttons in shown
    ]


def press_row(b: Any, place: int, action: str) -> None:
    """Press row ``place``'s ``action`` button as the page does."""
    if b.board_rows_widget is not None:  # the front end's custom message
        b.board_rows_widget._handle_custom_msg({"press": [place, action]}, [])
    else:
        b.board_rows[place][2 + ROW_ACTIONS.index(action)].click()


def row_focus(b: Any, focused: list[Any]) -> tuple[int, str]:
    """(place, action) of the row button last asked to take the keyboard's focus (``focused``: the stock
    buttons asked, in order)."""
    if b.board_rows_widget is not None:
        place, action, _serial = b.board_rows_widget.focus
        return place, action
    for place, (_box, _label, *buttons) in enumerate(b.board_rows):
        for action, button in zip(ROW_ACTIONS, buttons, strict=True):
            if focused and focused[-1] is button:
                return place, action
    raise AssertionError("no row button has the focus")


def lesson_board() -> Any:
    """Lesson 06's board 3 in a BoardBuilder: Mutavault animated, Glorious Anthem, Bo's Goblin King."""
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    b.add_card("Mutavault")
    b.add_card("Glorious Anthem")
    b.add_card("Goblin King", "Bo")
    b.add_resolution("mutavault", "animate")
    return b


def judged_lesson_board() -> tuple[Any, Any]:
    """:func:`lesson_board` under its self-check (Mutavault's P/T), answered "3/3" and checked."""
    from rulekit.widgets import PredictionCheck

    b = lesson_board()
    pc = PredictionCheck(b, "pt", "mutavault")
    pc.answer.value = "3/3"
    pc.do_check()
    return b, pc
