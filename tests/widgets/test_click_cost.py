"""A click back to a board or a step already shown builds nothing again (a click should feel
instant): the LayerExplorer keeps its outputs by (trace, step, size, language), and they are the very
outputs a fresh explorer shows."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")


def _outputs(ex):
    return (ex.final_html.value, ex.layers_html.value, ex.diagram_html.value, ex.explain_html.value,
            ex.players_html.value, ex.legend_html.value)  # fmt: skip


def test_off_and_on_again_builds_no_table(monkeypatch):
    from rulekit.views import mtg as mv
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon")
    first = _outputs(ex)
    box = next(iter(ex.effect_boxes.values()))
    box.value = False
    off = _outputs(ex)
    assert off != first
    built = []
    real = mv.final_table
    monkeypatch.setattr(mv, "final_table", lambda *a, **k: built.append(a) or real(*a, **k))
    box.value = True
    assert _outputs(ex) == first and not built
    box.value = False
    assert _outputs(ex) == off and not built
    ex.go(-1)  # a step not shown yet: built
    assert len(built) == 1
    ex.go(+1)
    assert len(built) == 1 and _outputs(ex) == off


def test_kept_outputs_are_a_fresh_explorers(monkeypatch):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/dependency-loop")
    box = next(iter(ex.effect_boxes.values()))
    ex._move_row(0, +1)
    box.value = False
    box.value = True
    ex._move_row(1, -1)
    assert _outputs(ex) == _outputs(LayerExplorer("classic/dependency-loop"))
    ex.set_scale(1.5)
    big = LayerExplorer("classic/dependency-loop", scale=1.5)
    assert _outputs(ex) == _outputs(big)
    ex.set_scale(1.0)
    assert _outputs(ex) == _outputs(LayerExplorer("classic/dependency-loop"))


def test_the_kept_outputs_are_bounded(monkeypatch):
    from rulekit.widgets import LayerExplorer

    monkeypatch.setattr(LayerExplorer, "MAX_RENDERED", 3)
    ex = LayerExplorer("seed/humility-then-gideon")
    for _ in range(3):
        ex.go(-1)
    ex.go(+1)
    assert len(ex._rendered) == 3


def _cells(html: str) -> list[str]:
    import re

    return [re.sub(r"<[^>]+>", "", c) for c in re.findall(r"<t[hd](?:\s[^>]*)?>(.*?)</t[hd]>", html, re.S)]


def _cued(html: str, cue: str) -> set[tuple[int, int]]:
    """(row, column) of the body cells marked ``cue``, on the cell or on its row."""
    import re

    body = html.split("<tbody>", 1)[1]
    rows = re.findall(r"<tr([^>]*)>(.*?)</tr>", body, re.S)
    cells = [(attrs, re.findall(r"<td([^>]*)>", tds)) for attrs, tds in rows]
    return {(r, c) for r, (attrs, tds) in enumerate(cells) for c, td in enumerate(tds) if cue in attrs + td}


@pytest.mark.parametrize("scenario", ["seed/humility-then-gideon", "classic/dependency-loop"])
def test_the_explorers_tables_are_light(scenario):
    """The tables an explorer sends carry no <style> of their own (inserting one restyles the whole page at
    every update) and no id per cell: the same caption, cells and cues as the lesson's tables, styled once
    by the widget's <style>; the diagram carries no Graphviz comments."""
    from rulekit.views import localized as lv
    from rulekit.views import mtg as mv
    from rulekit.views.table_html import COMPACT_TABLE_CSS
    from rulekit.widgets import ChainExplorer, LayerExplorer

    ex = LayerExplorer(scenario)
    ex.go(-1)
    for html in (ex.final_html.value, ex.layers_html.value, ex.deps_html.value):
        assert "<style" not in html and " id=" not in html, html[:300]
    assert "<table" in ex.final_html.value and "<table" in ex.layers_html.value
    assert COMPACT_TABLE_CSS in ex.key_guard._css and "td.rk-changed" in COMPACT_TABLE_CSS
    trace = ex.trace
    n = len(trace.steps)
    k = n - 1
    lesson = lv.to_html(mv.layer_table(trace, highlight=k - 1))
    assert _cells(ex.layers_html.value) == _cells(lesson)
    for cue in ("rk-changed", "rk-current"):  # the same cells, marked on the cell or (highlight) on its row
        assert _cued(ex.layers_html.value, cue) == _cued(lesson, cue), cue
    assert _cued(lesson, "rk-current")  # the step shown
    assert "<svg" in ex.diagram_html.value and "<!--" not in ex.diagram_html.value
    chain = ChainExplorer("apoteose/nested-responses")
    chain.run_to_end()
    assert "<table" in chain.log_html.value and "<style" not in chain.log_html.value
    assert "<!--" not in chain.diagram_html.value


def test_outputs_share_one_layout_and_style():
    """An explorer's HTML outputs share one Layout and one style: two widgets fewer to open per output; the
    outputs under its controls are the parts of one panel widget."""
    from rulekit.widgets import ChainExplorer, LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon")
    outputs = [ex.title_html, ex.style_html, ex.effects_head]
    assert len({id(h.layout) for h in outputs}) == 1 and len({id(h.style) for h in outputs}) == 1
    parts = [ex.final_html, ex.layers_html, ex.diagram_html, ex.explain_html, ex.legend_html, ex.deps_html,
             ex.players_html, ex.board_html]  # fmt: skip
    assert ex.panel.batched and {id(p._owner) for p in parts} == {id(ex.panel.widget)}
    other = LayerExplorer("seed/blood-moon")
    assert other.title_html.layout is not ex.title_html.layout  # one explorer's, not every explorer's
    chain = ChainExplorer("apoteose/nested-responses")
    assert chain.title_html.layout is chain.style_html.layout
    parts = (chain.status_html, chain.window_html, chain.stack_html, chain.log_html, chain.diagram_html,
             chain.legend_html, chain.heroes_html)  # fmt: skip
    assert {id(p._owner) for p in parts} == {id(chain.panel.widget)}


def _updates(monkeypatch):
    """Every state update the kernel would send, as (widget id, keys)."""
    import ipywidgets as w

    sent: list[tuple[int, object]] = []
    real = w.Widget.send_state

    def send_state(self, key=None):
        keys = key if isinstance(key, str) else tuple(sorted(key or ()))  # a copy: hold_sync clears its set
        if keys:  # an empty hold sends nothing
            sent.append((id(self), keys))
        return real(self, key)

    monkeypatch.setattr(w.Widget, "send_state", send_state)
    return sent


def _once_each(sent) -> bool:
    ids = [i for i, _key in sent]
    return len(ids) == len(set(ids))


def test_a_chain_click_sends_each_widget_one_update_at_most(monkeypatch):
    """Reset, Undo, a choice and Run to the end: the response buttons' options, choice and state go in one
    update, the status line is written once (it was cleared, then written: two updates)."""
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer("apoteose/nested-responses")
    sent = _updates(monkeypatch)
    for click in (lambda: ex.choose(ex.options()[-1][1]), ex.do_undo, ex.run_to_end, ex.do_reset,
                  lambda: ex.go(-1), lambda: ex.choose()):  # fmt: skip
        sent.clear()
        click()
        assert ex.last_exception is None
        assert sent and _once_each(sent), sent


def test_a_layer_click_sends_each_widget_one_update_at_most(monkeypatch):
    """An effect off and on, a row moved (the list's new order and selection in one update), a step back,
    Reset."""
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/dependency-loop")
    box = next(iter(ex.effect_boxes.values()))
    sent = _updates(monkeypatch)
    for click in (lambda: setattr(box, "value", False), lambda: setattr(box, "value", True),
                  lambda: ex._move_row(0, +1), lambda: ex.go(-1), ex.do_reset):  # fmt: skip
        sent.clear()
        click()
        assert ex.last_exception is None
        assert sent and _once_each(sent), sent
    assert ex.order_list.value == ex.order[0] or ex.order_list.value in ex.order


@pytest.mark.parametrize("scenario", ["seed/gideon-then-humility", "classic/lattice-and-march"])
def test_a_row_move_sends_two_updates(monkeypatch, scenario):
    """A row's Move down or Move up sends two updates: the rows (one widget: the two rows' words and the
    focus) and the outputs' panel. It was eight: the hidden list, the two rows' labels and their four buttons'
    tooltips, and the panel (benchmarks/bench_browser.py)."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer(scenario)
    sent = _updates(monkeypatch)
    for place, delta in ((0, +1), (1, -1), (len(ex.order) - 1, -1), (len(ex.order) - 2, +1)):
        order = list(ex.order)
        sent.clear()
        press = {"press": [place, "up" if delta < 0 else "down"]}
        ex.rows_widget._handle_custom_msg(press, [])  # the page's press
        assert ex.last_exception is None and ex.order != order
        assert len(sent) <= 2 and _once_each(sent), sent
        assert {i for i, _key in sent} <= {id(ex.rows_widget), id(ex.panel.widget)}, sent
    assert ex.order_list.value in ex.order


def test_undo_and_redo_restore_the_kept_board_without_building_it(monkeypatch):
    """The builder keeps each board's built scenario while the board is in its history: Undo and Redo put it
    back (the loader is not called) and show what building it again shows."""
    from rulekit.widgets import BoardBuilder, builder_edits

    b = BoardBuilder()
    b.add_card("Glorious Anthem")
    b.add_card("Grizzly Bears")
    b.remove("glorious-anthem")
    removed = b.view.trace
    built = []
    real = builder_edits.scenario_from_doc
    monkeypatch.setattr(builder_edits, "scenario_from_doc", lambda *a, **k: built.append(a) or real(*a, **k))
    b.undo()
    assert not built and b.last_exception is None and len(b.board.objects) == 2
    shown = _outputs(b.view)
    b.redo()
    assert not built and b.view.trace == removed
    b.undo()
    assert not built and _outputs(b.view) == shown
    fresh = BoardBuilder()
    fresh.add_card("Glorious Anthem")
    fresh.add_card("Grizzly Bears")
    assert _outputs(fresh.view) == shown and fresh.view.trace == b.view.trace


def test_a_verdict_judged_again_and_its_note_are_one_update(monkeypatch):
    """A self-check under a BoardBuilder: after a board change the verdict judged again and the note saying so
    reach the browser as one update of the result, and Undo gives each widget one update at most."""
    from rulekit.widgets import BoardBuilder, PredictionCheck

    b = BoardBuilder()
    b.add_card("Goblin King")
    b.add_card("Goblin Piker")
    pc = PredictionCheck(b, "pt", "goblin-piker")
    pc.answer.value = "3/2"
    pc.do_check()
    assert pc.correct
    sent = _updates(monkeypatch)
    b.remove("goblin-king")
    assert pc.correct is False and "rulekit-note" in pc.result.value
    assert [key for i, key in sent if i == id(pc.result)] == [("value",)]
    sent.clear()
    b.undo()
    assert pc.correct and _once_each(sent), sent


def test_the_builders_clicks_send_few_updates(monkeypatch):
    """Lesson 06's board 3 under its self-check (benchmarks/bench_browser.py ``CHECKS[1]``): a row's Remove,
    Undo, Redo and an Add send three updates each: the board's rows (one widget: their labels, tooltips,
    states and the focus), the relay (the form's lists, the step slider, the self-check's verdict and the
    messages) and the outputs' panel. Before: 19, 18, 18 and 8 (25, 24, 24 and 13 before that); the hidden
    board list (the API's handle) sends none."""
    pytest.importorskip("anywidget")
    from .builder_util import board_rows, judged_lesson_board, press_row

    b, pc = judged_lesson_board()
    b.search.value = "goblin"
    assert pc.correct is not None and b.results.value and len(board_rows(b)) == 4
    rows = b.board_rows_widget
    b.relay.widget._handle_custom_msg({"ready": True}, [])  # the page listens (rulekit.widgets.relay)
    sent = _updates(monkeypatch)

    def click(control, bound):
        sent.clear()
        control()
        assert b.last_exception is None
        assert _once_each(sent), sent
        assert len(sent) <= bound, sent
        assert id(b.board_list) not in {i for i, _key in sent}
        assert {i for i, _key in sent} <= {id(rows), id(b.relay.widget), id(b.view.panel.widget)}, sent
        return {i: key for i, key in sent}

    # a row's Remove: Mutavault and its resolution go
    changed = click(lambda: press_row(b, 0, "remove"), BUILDER_BOUNDS["Remove"])
    assert "mutavault" not in b.board.ids() and len(board_rows(b)) == 2
    relayed = b.relay.widget.updates["states"]  # the panel carries the relay: the rows are in its message
    assert set(relayed[rows.model_id]) == {"focus", "rows"} and rows.focus[:2] == [0, "remove"]
    assert pc.result.model_id in relayed and "mutavault" in pc.error.value  # the check says the card is gone
    assert {b.attach.model_id, b.ability.model_id, b.step.model_id} <= set(relayed)
    changed = click(b.undo_button.click, BUILDER_BOUNDS["Undo"])
    assert (
        len(board_rows(b)) == 4
        and pc.error.value == ""
        and "rows" in b.relay.widget.updates["states"][rows.model_id]
    )
    click(b.redo_button.click, BUILDER_BOUNDS["Redo"])
    assert len(board_rows(b)) == 2
    click(b.undo_button.click, BUILDER_BOUNDS["Undo"])
    b.search.value = "Grizzly Bears"
    changed = click(b.add_button.click, BUILDER_BOUNDS["Add"])  # a fifth row
    assert (
        len(board_rows(b)) == 5 and len(b.board.objects) == 4 and list(changed) == [id(b.view.panel.widget)]
    )
    assert "rows" in b.relay.widget.updates["states"][rows.model_id]


#: The most updates a builder click of lesson 06's board 3 may send.
BUILDER_BOUNDS = {"Remove": 1, "Undo": 1, "Redo": 1, "Add": 1}


def test_a_builder_row_costs_five_widgets_sharing_their_layouts(monkeypatch):
    """Without anywidget, a board row is its box, its label and its three buttons (five widgets), sharing
    every row's layouts and styles (each its own were eight widgets more to open per row); a row's place
    keeps its words. Its label, tooltips and states are given when it opens (no update follows), and a change
    updates only the rows whose words or states changed."""
    from ipywidgets.widgets.widget import _instances

    from rulekit.widgets import BoardBuilder

    monkeypatch.setattr("rulekit.widgets.builder_form.button_rows_widget", lambda *_a, **_k: None)
    b = BoardBuilder()
    b.add_card("Grizzly Bears")
    before = set(_instances)
    sent = _updates(monkeypatch)
    b.add_card("Glorious Anthem")
    made = [_instances[k] for k in set(_instances) - before]
    row = b.board_rows[1]
    assert {id(w) for w in row} <= {id(w) for w in made}
    assert not {id(w) for w in row} & {i for i, _key in sent}  # made with its words
    assert {i for i, _key in sent} & {id(w) for w in b.board_rows[0]} == {id(b.board_rows[0][3])}  # its Later
    assert not any(type(w).__name__ in ("Layout", "ButtonStyle", "HTMLStyle") for w in made)
    first = b.board_rows[0]
    for part in range(5):
        assert row[part].layout is first[part].layout
    assert row[1].style is first[1].style and len({id(w.style) for w in row[2:] + first[2:]}) == 1
    assert row[1].value.startswith("2. Glorious Anthem") and row[4].tooltip.endswith(
        ": 2. Glorious Anthem (glorious-anthem) enters"
    )
    assert row[2].disabled is False and row[3].disabled is True and first[3].disabled is False


def _chain_clicks(ex):
    """The benchmark's chain clicks (benchmarks/bench_browser.py ``_chain_clicks``) and more: a response,
    Choose, ◀ Event, Event ▶, Undo, Run to the end, ◀ Event and Event ▶ at the end, Reset."""
    pick = next((v for _label, v in ex.response.options if v != "pass"), None)
    return (
        ("response", lambda: setattr(ex.response, "value", pick)),
        ("Choose", ex.choose_button.click),
        ("◀ Event", ex.prev.click),
        ("Event ▶", ex.next.click),
        ("Undo", ex.undo.click),
        ("Run to the end", ex.finish.click),
        ("◀ Event", ex.prev.click),
        ("Event ▶", ex.next.click),
        ("Reset", ex.reset.click),
    )


#: The most updates a chain click may send (before: 9 for Choose, Undo, Run to the end and Reset when the
#: chain ends or opens again, 6 when it goes on; 3 or 4 for ◀ Event / Event ▶).
CHAIN_BOUNDS = {"response": 1, "Choose": 5, "◀ Event": 2, "Event ▶": 2, "Undo": 5, "Run to the end": 5,
                "Reset": 5}  # fmt: skip


@pytest.mark.parametrize("scenario", ["apoteose/nested-responses", "apoteose/truncated", "apoteose/stopped"])
def test_the_chain_clicks_send_few_updates(monkeypatch, scenario):
    """A chain click's outputs (the status line, the window, the stack, the diagram, the log, the heroes)
    reach the browser as one update of the explorer's panel; a response's options, choice, state and hiding as
    one of the response buttons; nothing that did not change is sent. At most: a click that ends the chain or
    opens it again 5 (the response buttons, Choose, Run to the end, the Event slider, the panel), one that
    goes on 3, ◀ Event / Event ▶ 2 (the slider, the panel)."""
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer(scenario)
    assert ex.response.options
    sent = _updates(monkeypatch)
    for name, click in _chain_clicks(ex):
        sent.clear()
        click()
        assert ex.last_exception is None, (name, ex.error.value)
        assert _once_each(sent), (name, sent)
        assert 0 < len(sent) <= CHAIN_BOUNDS[name], (name, sent)
        controls = {id(ex.response), id(ex.choose_button), id(ex.finish), id(ex.event)}
        assert {i for i, _key in sent} - controls <= {id(ex.panel.widget)}, (name, sent)  # no output apart
    sent.clear()
    ex.reset.click()  # nothing changed: nothing sent
    assert sent == []


@pytest.mark.parametrize("scenario", ["apoteose/truncated", "apoteose/nested-responses"])
def test_a_chain_clicks_updates_leave_together_panel_first(monkeypatch, scenario):
    """Nothing of a chain click reaches the browser while the kernel is still drawing (sent as they happened,
    the controls' updates arrived one by one, each laying the page out again): every update leaves at the
    click's end, the panel's first (its text, the largest, on its way first), then the controls'."""
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer(scenario)
    sent = _updates(monkeypatch)
    during: list[int] = []
    real = ex._render

    def render(number):
        real(number)
        during.append(len(sent))  # drawn, the callback not yet over

    monkeypatch.setattr(ex, "_render", render)
    for click in (lambda: ex.choose(ex.options()[-1][1]), ex.prev.click, ex.undo.click, ex.finish.click,
                  ex.reset.click):  # fmt: skip
        sent.clear()
        during.clear()
        click()
        assert ex.last_exception is None
        assert during and set(during) == {0}, during
        assert sent[0][0] == id(ex.panel.widget) and len(sent) >= 2, sent
        assert {i for i, _key in sent[1:]} <= {
            id(ex.response),
            id(ex.choose_button),
            id(ex.finish),
            id(ex.event),
        }


def test_the_chain_sends_the_response_buttons_only_what_changed(monkeypatch):
    """The response buttons' options go only when they change (a choice that keeps them sends only the
    choice, none at all when the choice stays); the chain's end hides them by a class of theirs, in the same
    update, and shows them again when a decision is open (Undo)."""
    from rulekit.widgets import ChainExplorer
    from rulekit.widgets._base import HIDDEN

    ex = ChainExplorer("apoteose/nested-responses")
    sent = _updates(monkeypatch)
    ex.refresh()  # nothing changed
    assert sent == []
    ex.choose(ex.options()[-1][1])
    keys = [key for i, key in sent if i == id(ex.response)]
    assert keys == [("_options_labels", "index")]  # new options (the next window's), no state or class change
    sent.clear()
    ex.finish.click()
    keys = [key for i, key in sent if i == id(ex.response)]
    assert keys == [("_dom_classes", "_options_labels", "disabled", "index")]
    assert HIDDEN in ex.response._dom_classes and ex.response.options == () and ex.response.disabled
    sent.clear()
    ex.prev.click()
    assert id(ex.response) not in {i for i, _key in sent}
    ex.undo.click()
    assert HIDDEN not in ex.response._dom_classes and ex.response.options and not ex.response.disabled


def test_placed_parts_are_the_panels():
    """The status line, the window and the stack are shown above and beside the controls by placed views of
    the explorer's panel: setting one's value is a change of the panel (one message with the rest)."""
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer("apoteose/nested-responses")
    placed = [w for w in _descendants(ex.widget) if type(w).__name__ == "PanelPart"]
    assert [w._part for w in placed] == ["status", "window", "stack"]
    assert all(w._source is ex.panel.widget for w in placed)
    assert ex.panel.widget._parts == ["diagram", "legend", "log", "heroes"]
    ex.stack_html.value = "<p>x</p>"
    assert ex.panel.widget.part_stack == "<p>x</p>"


def _descendants(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _descendants(child)


def test_a_chain_over_from_the_start_steps_with_two_updates(monkeypatch):
    """The seven-response chain (over when shown, the benchmark's slowest ◀ Event): ◀ Event and Event ▶ send
    the slider and the panel (before: 3, the status line its own); Undo and Reset, with nothing to take back,
    send nothing once at the end."""
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer("apoteose/priority-seven")
    assert ex.point is None and ex.choose_button.disabled and ex.finish.disabled
    sent = _updates(monkeypatch)
    for click in (ex.prev.click, ex.prev.click, ex.next.click, ex.next.click):
        sent.clear()
        click()
        assert ex.last_exception is None
        assert {i for i, _key in sent} == {id(ex.event), id(ex.panel.widget)} and len(sent) == 2, sent
    for click in (ex.undo.click, ex.reset.click):
        sent.clear()
        click()
        assert sent == [], sent


def test_without_anywidget_the_placed_parts_are_html_outputs(monkeypatch):
    """Without anywidget the panel is a box of stock HTML outputs and a placed part is its own HTML widget, in
    its place in the layout (one message each, as before): the explorer works the same."""
    import sys

    import ipywidgets as w

    from rulekit.widgets import ChainExplorer, keys, panel

    caches = (keys._guard_class, panel._panel_class, panel._placed_class)
    for cache in caches:
        cache.cache_clear()
    monkeypatch.setitem(sys.modules, "anywidget", None)  # import anywidget raises ImportError
    try:
        ex = ChainExplorer("apoteose/nested-responses")
        assert not ex.panel.batched and isinstance(ex.status_html, w.HTML)
        shown = list(_descendants(ex.widget))
        assert all(any(h is s for s in shown) for h in (ex.status_html, ex.window_html, ex.stack_html))
        assert [h for h in ex.panel.widget.children] == [ex.diagram_html, ex.legend_html, ex.log_html,
                                                         ex.heroes_html]  # fmt: skip
        ex.finish.click()
        assert ex.last_exception is None and "The chain is over." in ex.window_html.value
        assert "<table" in ex.log_html.value and ex.status_html.value
    finally:
        for cache in caches:
            cache.cache_clear()


@pytest.mark.parametrize("scenario", ["apoteose/nested-responses", "apoteose/truncated"])
def test_once_the_page_listens_a_chain_click_is_one_update(monkeypatch, scenario):
    """The response buttons', Choose's, Run to the end's and the event slider's changes of a click are
    carried by the explorer's panel (its relay, rulekit.widgets.relay) once the panel's front end has said it
    listens: a click is the panel's one update (it was up to five), carrying each control's own state."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer(scenario)
    assert ex.relay.widget is ex.panel.widget
    before = _updates(monkeypatch)
    ex.choose(ex.options()[-1][1])
    assert len(before) > 1  # before the page listens: each control its own
    ex.do_undo()
    ex.panel.widget._handle_custom_msg({"ready": True}, [])  # what the panel's front end sends
    sent = _updates(monkeypatch)
    for click in (lambda: ex.choose(ex.options()[-1][1]), ex.prev.click, ex.undo.click, ex.finish.click,
                  ex.reset.click):  # fmt: skip
        sent.clear()
        click()
        assert ex.last_exception is None
        assert [i for i, _key in sent] == [id(ex.panel.widget)], sent
    carried = ex.panel.widget.updates["states"]
    assert carried[ex.event.model_id] == ex.event.get_state(sorted(carried[ex.event.model_id]))


@pytest.mark.parametrize("scenario", ["seed/gideon-then-humility", "classic/lattice-and-march"])
def test_once_the_page_listens_a_layer_click_is_one_update(monkeypatch, scenario):
    """An effect off and on, a row moved (the rows and their focus), a step back, the other ruleset, Reset:
    the panel's one update each, carrying the slider's, the rows' and the boxes' changes (it was 2 or 3)."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer(scenario)
    ex.panel.widget._handle_custom_msg({"ready": True}, [])
    box = next(iter(ex.effect_boxes.values()))
    sent = _updates(monkeypatch)
    # as the page sends a click (set_state: the page's own value, not sent back)
    for click in (lambda: box.set_state({"value": False}), lambda: box.set_state({"value": True}),
                  lambda: ex._move_row(0, +1), lambda: ex.go(-1), lambda: ex.ruleset.set_state({"index": 1}),
                  ex.reset.click):  # fmt: skip
        sent.clear()
        click()
        assert ex.last_exception is None
        assert [i for i, _key in sent] == [id(ex.panel.widget)], sent
        if click is not ex.reset.click:
            continue
        carried = ex.panel.widget.updates["states"]  # Reset: the ruleset and the rows back, in the message
        assert {ex.ruleset.model_id, ex.rows_widget.model_id} <= set(carried)
