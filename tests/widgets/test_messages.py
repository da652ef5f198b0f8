"""Fewer messages per click: a list's options and value, a slider's end and place, go in one
message each; a list that did not change sends nothing."""

from __future__ import annotations

from collections import Counter

import pytest

ipywidgets = pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")


@pytest.fixture
def sent(monkeypatch):
    """The state messages the widgets send: (widget type, keys) → count (empty states send nothing)."""
    seen: Counter = Counter()
    original = ipywidgets.Widget.send_state

    def spy(self, key=None):
        keys = [key] if isinstance(key, str) else list(key) if key is not None else list(self.keys)
        if keys:
            seen[(type(self).__name__, tuple(sorted(keys)))] += 1
        return original(self, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", spy)
    return seen


def test_a_toggle_sends_the_slider_once(sent):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/dependency-loop")
    sent.clear()
    next(iter(ex.effect_boxes.values())).value = False
    sliders = {k: v for k, v in sent.items() if k[0] == "IntSlider"}
    assert sliders == {("IntSlider", ("max", "value")): 1}, sliders
    assert not [k for k in sent if k[0] == "Select"]  # the timestamp list did not change: nothing sent


def test_a_builder_add_sends_each_list_once(sent):
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    sent.clear()
    b.add_card("Grizzly Bears")
    dropdowns = [k for k in sent if k[0] == "Dropdown"]
    assert dropdowns and all(keys == ("_options_labels", "index") for _t, keys in dropdowns), sent
    assert sum(sent[k] for k in dropdowns) <= 4


def test_a_move_sends_each_row_once(monkeypatch):
    """A row's Move down shows the stock rows once, after the solve (they were sent twice: the new order with
    the old timestamps, then again with the new ones)."""
    from rulekit.widgets import LayerExplorer

    monkeypatch.setattr("rulekit.widgets.layers.order_rows_widget", lambda *_a: None)  # the stock rows

    for scenario in ("seed/humility-then-gideon", "classic/dependency-loop"):
        ex = LayerExplorer(scenario)
        labels = {id(label) for _row, label, _e, _l in ex.order_rows}
        sent_labels: Counter = Counter()
        original = ipywidgets.Widget.send_state

        def count(self, key=None, original=original, labels=labels, sent_labels=sent_labels):
            if id(self) in labels and self.get_state(key):
                sent_labels[id(self)] += 1
            return original(self, key)

        ipywidgets.Widget.send_state = count
        try:
            ex._move_row(0, +1)
        finally:
            ipywidgets.Widget.send_state = original
        assert sent_labels and max(sent_labels.values()) == 1, (scenario, sent_labels)


def test_a_move_sends_the_rows_once_and_the_hidden_list_never(sent):
    """With the rows as one widget, a row's Move down or Move up sends it one update (its rows and the focus
    together) and the hidden list nothing; the list is right whenever it is read."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import LayerExplorer

    for scenario in ("seed/humility-then-gideon", "classic/dependency-loop"):
        ex = LayerExplorer(scenario)
        for place, delta in ((0, +1), (1, -1), (0, +1)):
            sent.clear()
            ex._move_row(place, delta)
            assert sent[("OrderRows", ("focus", "rows"))] == 1, (scenario, place, delta, ex.order, sent)
            assert not [k for k in sent if k[0] == "Select"], sent
            assert [label for label, _v in ex.order_list.options] == [r["label"] for r in ex.rows_widget.rows]
            assert ex.order_list.value == ex.order[place + delta]  # the holder moved is selected


def test_the_hidden_list_is_right_whenever_it_is_read(sent):
    """The list is kept in step lazily: after moves, set_order, Reset and another scenario, reading it gives
    the order shown (the rows' labels) with the holder last moved selected; a move by the list's own handle
    (its selection and ``move``) still works."""
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")

    def shown():
        return [label for label, _v in ex.order_list.options], [v for _label, v in ex.order_list.options]

    for _ in range(2):
        ex._move_row(0, +1)
    ex._move_row(2, -1)
    moved = ex.order[1]
    sent.clear()
    labels, values = shown()
    assert values == ex.order and labels[0].startswith("1. ") and ex.order_list.value == moved
    assert sum(n for (kind, _keys), n in sent.items() if kind == "Select") == 1  # brought in step once
    sent.clear()
    shown()
    assert not [k for k in sent if k[0] == "Select"]  # read again: nothing to send
    ex.order_list.value = ex.order[0]
    first = ex.order[0]
    ex.move(+1)  # the API: the selected holder goes one later, and stays selected
    assert ex.order[1] == first and shown()[1] == ex.order and ex.order_list.value == first
    ex.set_order(list(reversed(ex.order)))
    assert shown()[1] == ex.order and ex.order_list.value == first
    ex.do_reset()
    assert shown()[1] == ex.order
    ex._move_row(0, +1)
    ex.load("seed/humility-then-gideon")  # the holder last moved is not on this board
    assert shown()[1] == ex.order and ex.order_list.value in ex.order
