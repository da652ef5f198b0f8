"""Fewer messages per click (issue 28): a list's options and value, a slider's end and place, go in one
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


@pytest.fixture
def every_send(monkeypatch):
    """Every state message the widgets send, empty ones included: (widget type, keys) in order."""
    seen: list[tuple[str, tuple[str, ...]]] = []
    original = ipywidgets.Widget.send_state

    def spy(self, key=None):
        keys = [key] if isinstance(key, str) else list(key) if key is not None else list(self.keys)
        seen.append((type(self).__name__, tuple(sorted(keys))))
        return original(self, key)

    monkeypatch.setattr(ipywidgets.Widget, "send_state", spy)
    return seen


@pytest.mark.parametrize("scenario", ["seed/humility-then-gideon", "classic/dependency-loop"])
def test_no_empty_update_and_each_row_once_per_click(every_send, scenario):
    """A toggle, a row's Move down, Reset, a step: no empty update message (ipywidgets' hold_sync sends one
    when nothing changed), and a move sends each timestamp row's label at most once."""
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer(scenario)
    box = next(iter(ex.effect_boxes.values()))
    labels = {id(label) for _row, label, _e, _l in ex.order_rows}
    acts = (lambda: setattr(box, "value", False), lambda: ex._move_row(0, +1), ex.do_reset, lambda: ex.go(-1))
    for act in acts:
        every_send.clear()
        act()
        assert every_send and not [m for m in every_send if not m[1]], every_send
    every_send.clear()
    sent_labels = Counter()
    original = ipywidgets.Widget.send_state

    def count(self, key=None):
        if id(self) in labels:
            sent_labels[id(self)] += 1
        return original(self, key)

    ipywidgets.Widget.send_state = count
    try:
        ex._move_row(0, +1)
    finally:
        ipywidgets.Widget.send_state = original
    assert sent_labels and max(sent_labels.values()) == 1, sent_labels


def test_a_chain_refresh_sends_no_empty_update(every_send):
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer("apoteose/nested-responses")
    for act in (ex.run_to_end, ex.do_undo, ex.do_reset, lambda: ex.go(-1)):
        every_send.clear()
        act()
        assert not [m for m in every_send if not m[1]], every_send
