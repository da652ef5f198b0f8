"""The BoardBuilder's relay (rulekit.widgets.relay): what a click changes in the form's lists, the step slider
and the messages reaches the page in one update of the relay, once the page listens; before that, and without
anywidget, each widget sends its own updates (nothing is lost). The browser side is
tests/e2e/test_builder_browser.py."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")


def _updates(monkeypatch):
    """Every state update the kernel sends, as (widget, its state sent)."""
    import ipywidgets as w

    sent: list[tuple[object, dict]] = []
    real = w.Widget.send_state

    def send_state(self, key=None):
        state = self.get_state(key)
        if state:
            sent.append((self, state))
        return real(self, key)

    monkeypatch.setattr(w.Widget, "send_state", send_state)
    return sent


def _builder():
    from .builder_util import judged_lesson_board

    return judged_lesson_board()


def _lists(b):
    return (b.player, b.attach, b.ability, b.targets, b.position, b.event_object, b.event_position)


def test_before_the_page_listens_each_widget_sends_its_own(monkeypatch):
    pytest.importorskip("anywidget")
    from .builder_util import press_row

    b, _pc = _builder()
    assert b.relay.widget is not None and not b.relay.ready
    sent = _updates(monkeypatch)
    press_row(b, 0, "remove")
    widgets = [w for w, _state in sent]
    assert not any(w is b.relay.widget and "updates" in state for w, state in sent)  # nothing carried yet
    assert any(w is b.attach for w in widgets) and any(w is b.step for w in widgets)


def test_a_click_is_one_update_of_the_relay(monkeypatch):
    """Once the page listens: a row's Remove changes the lists, the slider and the self-check's verdict, and
    they go as one update of the relay carrying each widget's state as its own update would (none of them
    sends one); Undo puts them back the same way."""
    pytest.importorskip("anywidget")
    from .builder_util import press_row

    b, pc = _builder()
    b.relay.widget._handle_custom_msg({"ready": True}, [])  # what the page's front end sends
    assert b.relay.ready
    carried = (*_lists(b), b.step, pc.result, pc.error, b.error, b.board_html, b.board_rows_widget,
               b.preview_html, b.status_html, b.view.error)  # fmt: skip
    by_id = {w.model_id: w for w in carried}
    sent = _updates(monkeypatch)
    for click in (lambda: press_row(b, 0, "remove"), b.undo_button.click, b.redo_button.click):
        sent.clear()
        click()
        relayed = [state for w, state in sent if w is b.relay.widget]
        # the explorer's panel carries the relay: the rows, lists, verdict and outputs in one message
        assert b.relay.widget is b.view.panel.widget and len(sent) == len(relayed) == 1, sent
        states = relayed[0]["updates"]["states"]
        assert not {id(w) for w, _state in sent} & {id(w) for w in by_id.values()}, sent
        assert {b.attach.model_id, b.targets.model_id, b.step.model_id} <= set(states)
        for model_id, state in states.items():
            assert state == by_id[model_id].get_state(list(state)), model_id  # each as it is now
        labels = states[b.attach.model_id]["_options_labels"]
        assert ("mutavault" in " ".join(labels)) == ("mutavault" in b.board.ids())
    serials = [state["updates"]["serial"] for w, state in sent if w is b.relay.widget]
    assert serials == sorted(serials)


def test_the_pages_own_change_is_not_sent_back(monkeypatch):
    """A pick in a list or a step chosen in the page reaches the kernel as before and is not sent back."""
    pytest.importorskip("anywidget")
    b, _pc = _builder()
    b.relay.widget._handle_custom_msg({"ready": True}, [])
    sent = _updates(monkeypatch)
    b.attach.set_state({"index": 1})  # as the page sends it
    b.step.set_state({"value": 0})
    assert b.attach.value == b.attach.options[1][1] and b.step.value == 0
    for widget, state in sent:
        assert widget is not b.attach and widget is not b.step, sent
        if widget is b.relay.widget and "updates" in state:
            states = state["updates"]["states"]
            assert b.attach.model_id not in states and b.step.model_id not in states, states


def test_the_pages_message_is_checked():
    pytest.importorskip("anywidget")
    from rulekit.widgets.relay import Relay

    relay = Relay()
    for content in ({"ready": "yes"}, {"ready": 1}, ["ready"], "ready", None, {"go": True}):
        relay.widget._handle_custom_msg(content, [])
    assert not relay.ready


def test_a_taken_widget_stays_what_it_was():
    pytest.importorskip("anywidget")
    import ipywidgets as w

    from rulekit.widgets.relay import Relay

    relay = Relay()
    drop = w.Dropdown(options=["a", "b"], description="Pick")
    assert relay.take(drop, "_options_labels", "index") is drop
    assert isinstance(drop, w.Dropdown) and type(drop).__name__ == "Dropdown"
    assert drop._model_name == "DropdownModel" and drop.get_state()["description"] == "Pick"
    assert type(relay.take(w.Dropdown(options=["c"]), "index")) is type(drop)  # one class per stock class


def test_without_anywidget_each_widget_sends_its_own(monkeypatch):
    import sys

    import ipywidgets as w

    from rulekit.widgets import BoardBuilder, keys, panel, relay, rows

    caches = (keys._guard_class, panel._panel_class, panel._placed_class, relay._relay_class,
              rows._rows_classes)  # fmt: skip
    for cache in caches:
        cache.cache_clear()
    monkeypatch.setitem(sys.modules, "anywidget", None)  # import anywidget raises ImportError
    try:
        b = BoardBuilder()
        b.add_card("Grizzly Bears")
        b.add_card("Glorious Anthem")
        assert b.relay.widget is None and b.board_rows_widget is None and type(b.attach) is w.Dropdown
        sent = _updates(monkeypatch)
        b.board_rows[1][4].click()
        assert b.last_exception is None and [o["id"] for o in b.board.objects] == ["grizzly-bears"]
        assert any(widget is b.attach for widget, _state in sent)
    finally:
        for cache in caches:
            cache.cache_clear()


def test_a_search_keystroke_is_one_update(monkeypatch):
    """The search's results and the picked card's preview go in the relay's one update (a keystroke's own
    text comes from the page)."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    b.relay.widget._handle_custom_msg({"ready": True}, [])
    sent = _updates(monkeypatch)
    with b.search.hold_sync():  # as the page types it: the box's text is not sent back
        b.search._property_lock = {"value": "grizzly"}
        b.search.value = "grizzly"
    others = [(w, state) for w, state in sent if w is not b.search]
    assert [w for w, _state in others] == [b.relay.widget], others
    states = others[0][1]["updates"]["states"]
    assert {b.results.model_id, b.preview_html.model_id} <= set(states), states  # (and the Ability list)
    assert any("Grizzly Bears" in label for label in states[b.results.model_id]["_options_labels"])
    assert "Creature — Bear" in states[b.preview_html.model_id]["value"]


@pytest.mark.parametrize("lang", ["en", "pt-BR", "es"])
def test_a_refused_click_says_why_through_the_relay(monkeypatch, lang):
    """A refused Add (no card picked) shows its message by the button, in the builder's language: the message
    by the button, the error box's and the box's hiding (it is far below) go in the relay's one update (they
    were three)."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder(lang=lang)
    b.relay.widget._handle_custom_msg({"ready": True}, [])
    b.search.value = "zzyzx"  # nothing found: nothing picked
    sent = _updates(monkeypatch)
    b.add_button.click()
    near = b.near_errors["add"]
    assert near.value and b.last_exception is not None and near.value == b.error.value
    relayed = [state for w, state in sent if w is b.relay.widget]
    assert len(sent) == len(relayed) == 1, sent
    states = relayed[0]["updates"]["states"]
    assert states[near.model_id] == states[b.error.model_id] == {"value": near.value}
    assert states[b.error.layout.model_id] == {"display": "none"}
    english = BoardBuilder()
    english.search.value = "zzyzx"
    english.add_button.click()
    assert (english.near_errors["add"].value == near.value) == (lang == "en")
