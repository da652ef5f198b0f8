"""The LayerExplorer's per-effect rows cost few widgets: a check box per effect, and the timestamp rows one
widget for them all (rulekit.widgets.rows); without anywidget, per timestamp holder a row of a label and two
buttons, all sharing their layouts and styles (a widget's own Layout or Style is one more widget for the
kernel to open; on a 650-event history they were 5,850 widgets, then 3,250 as stock rows, now 651). A stock
row is made with its words and state, so it needs no update after opening; what a learner sees and does is
unchanged (tests/widgets/test_keyboard.py, test_widgets_layers.py)."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))


def _opened(make):
    """How many widgets ``make()`` opened, and its result."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    made = make()
    return len(set(_instances) - before), made


def _history(tmp_path: Path, n: int) -> Path:
    import history  # benchmarks/history.py: n resolved effects in a row

    path = tmp_path / f"history-{n}.yaml"
    path.write_text(history.generate_power_history(n), encoding="utf-8")
    return path


@pytest.fixture(params=["one widget", "stock"])
def rows_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The rows as one anywidget, or the stock widgets (without anywidget)."""
    if request.param == "stock":
        monkeypatch.setattr("rulekit.widgets.layers.order_rows_widget", lambda *_a: None)
    else:
        pytest.importorskip("anywidget")
    return str(request.param)


def test_an_effect_costs_five_widgets_at_most(tmp_path: Path, rows_kind: str) -> None:
    from rulekit.widgets import LayerExplorer

    small, large = _history(tmp_path, 10), _history(tmp_path, 40)
    LayerExplorer(small, backend="text")  # first-use widgets (shared styles…) out of the count
    n_small, a = _opened(lambda: LayerExplorer(small, backend="text"))
    n_large, b = _opened(lambda: LayerExplorer(large, backend="text"))
    assert not a.error.value and not b.error.value
    effects = len(b.effect_boxes) - len(a.effect_boxes)
    holders = len(b.order) - len(a.order)
    assert effects == holders == 30
    # a check box (1) and a stock row: its box, its label, its two buttons (4); nothing of their own; the one
    # widget's rows: nothing more per holder
    assert n_large - n_small == effects * 1 + (holders * 4 if rows_kind == "stock" else 0)
    assert (a.rows_widget is None) == (rows_kind == "stock")


def test_the_rows_share_their_layouts_and_styles(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulekit.widgets import LayerExplorer

    monkeypatch.setattr("rulekit.widgets.layers.order_rows_widget", lambda *_a: None)  # stock rows

    ex = LayerExplorer("classic/dependency-loop", backend="text")
    boxes = list(ex.effect_boxes.values())
    assert len(boxes) > 1
    assert len({id(b.layout) for b in boxes}) == len({id(b.style) for b in boxes}) == 1
    rows = ex.order_rows[: len(ex.order)]
    for part in range(4):  # the box, the label, the earlier and the later button
        assert len({id(r[part].layout) for r in rows}) == 1
    assert rows[0][0].layout.flex_flow == "row wrap"  # it wraps when its children do not fit
    assert len({id(r[1].style) for r in rows}) == 1


def test_a_new_row_is_made_with_its_words(monkeypatch: pytest.MonkeyPatch) -> None:
    """No update is sent to a stock row's widgets while they are made: their label, tooltips and states are
    given when they open."""
    import ipywidgets as w

    from rulekit.widgets import LayerExplorer

    monkeypatch.setattr("rulekit.widgets.layers.order_rows_widget", lambda *_a: None)  # stock rows

    sent: list[tuple[object, object]] = []
    real = w.Widget.send_state
    monkeypatch.setattr(
        w.Widget, "send_state", lambda self, key=None: sent.append((self, key)) or real(self, key)
    )
    ex = LayerExplorer("classic/dependency-loop", backend="text")
    parts = {id(p) for r in ex.order_rows for p in r} | {id(b) for b in ex.effect_boxes.values()}
    # (an empty held set sends nothing: the boxes are held through a callback, see Guarded._hold)
    assert [key for widget, key in sent if id(widget) in parts and key != set()] == []
    first = ex.order_rows[0]
    assert first[2].disabled and not first[3].disabled  # the first cannot go earlier
    assert first[1].value.startswith("1. ")
    name = ex.group_label(ex.order[0])
    assert first[3].tooltip == f"Later timestamp: {name}"


def test_the_one_widgets_rows_come_in_one_update(monkeypatch: pytest.MonkeyPatch) -> None:
    """The one widget is opened with the buttons' words, then given its rows in one update; the hidden list
    sends nothing until it is read."""
    pytest.importorskip("anywidget")
    import ipywidgets as w

    from rulekit.widgets import LayerExplorer

    sent: list[tuple[object, object]] = []
    real = w.Widget.send_state

    def spy(self: w.Widget, key: object = None) -> None:
        if self.get_state(key):
            sent.append((self, tuple(sorted(key)) if isinstance(key, set | list | tuple) else key))
        real(self, key)

    monkeypatch.setattr(w.Widget, "send_state", spy)
    ex = LayerExplorer("classic/dependency-loop", backend="text")
    own = {"_esm", "_css", "_anywidget_id"}  # anywidget's own, once, as it opens
    # (held through the load's callback: sent as a held set, see Guarded._hold)
    assert [key for widget, key in sent if widget is ex.rows_widget and key not in own] in (
        ["rows"],
        [("rows",)],
    )
    assert [key for widget, key in sent if widget is ex._order_list] == []
    assert len(ex.rows_widget.rows) == len(ex.order) and ex.rows_widget.rows[0]["label"].startswith("1. ")
    assert ex.order_list.options[0][0] == ex.rows_widget.rows[0]["label"]  # read: now in step
    assert [key for widget, key in sent if widget is ex._order_list] != []
