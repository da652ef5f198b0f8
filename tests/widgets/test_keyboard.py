"""Keyboard: every timestamp holder has its own Earlier / Later buttons (Tab, then Enter or Space;
a list's arrow keys belong to JupyterLab), the focus follows the moved entry, the chain's responses are one
button each, and every widget draws a visible focus ring that is a shape, not a colour alone."""

from __future__ import annotations

import pytest

ipywidgets = pytest.importorskip("ipywidgets")
pytest.importorskip("rulekit.mtg")

from rulekit.views.markup import escape  # noqa: E402
from rulekit.widgets._base import FOCUS_CSS  # noqa: E402


@pytest.fixture
def focused(monkeypatch):
    """The buttons asked to take the keyboard's focus, in order."""
    seen: list = []
    monkeypatch.setattr(ipywidgets.Button, "focus", lambda self: seen.append(self))
    return seen


@pytest.fixture(params=["one widget", "stock"])
def rows_kind(request, monkeypatch):
    """The rows as one anywidget (rulekit.widgets.rows), or the stock widgets (without anywidget)."""
    if request.param == "stock":
        monkeypatch.setattr("rulekit.widgets.layers.order_rows_widget", lambda *_a: None)
    else:
        pytest.importorskip("anywidget")
    return request.param


def _rows(ex):
    """Each shown row as (label, (Move up's tooltip, disabled), (Move down's tooltip, disabled))."""
    rows = ex.rows_widget
    if rows is not None:
        return [
            (r["label"], (r["up"], rows.disabled(place, "up")), (r["down"], rows.disabled(place, "down")))
            for place, r in enumerate(rows.rows)
        ]
    return [
        (label.value, (earlier.tooltip, earlier.disabled), (later.tooltip, later.disabled))
        for _box, label, earlier, later in ex.order_rows[: len(ex.order)]
    ]


def _press(ex, place, delta):
    """Press row ``place``'s Move up (-1) or Move down (+1) as the page does."""
    if ex.rows_widget is not None:  # the front end's custom message
        ex.rows_widget._handle_custom_msg({"press": [place, "up" if delta < 0 else "down"]}, [])
    else:
        _box, _label, earlier, later = ex.order_rows[place]
        (earlier if delta < 0 else later).click()


def _focus(ex, focused):
    """(place, "up" | "down") of the button last asked to take the focus."""
    if ex.rows_widget is not None:
        place, which, _serial = ex.rows_widget.focus
        return place, which
    for place, (_box, _label, earlier, later) in enumerate(ex.order_rows):
        if focused[-1] is earlier or focused[-1] is later:
            return place, "up" if focused[-1] is earlier else "down"
    raise AssertionError("no row button has the focus")


def _labels(ex, rows_kind):
    """The list's entries as the rows show them: HTML widgets' values (escaped), or the one widget's text."""
    labels = [label for label, _v in ex.order_list.options]
    return [escape(label) for label in labels] if rows_kind == "stock" else labels


def test_each_timestamp_holder_has_its_own_buttons(rows_kind):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    rows = _rows(ex)
    assert len(rows) == len(ex.order) >= 3
    if rows_kind == "stock":
        assert list(ex.order_box.children) == [box for box, *_ in ex.order_rows[: len(ex.order)]]
    else:
        assert ex.order_rows == [] and ex.order_box is ex.rows_widget
        assert [k["word"] for k in ex.rows_widget.kinds] == ["Move up", "Move down"]
    assert "rulekit-order-rows" in ex.order_box._dom_classes
    assert [label for label, _up, _down in rows] == _labels(ex, rows_kind)
    assert rows[0][1][1] and not rows[0][2][1]  # the first cannot go earlier
    assert rows[-1][2][1] and not rows[-1][1][1]  # the last cannot go later
    name = ex.group_label(ex.order[1])
    assert rows[1][1][0] == f"Earlier timestamp: {name}" and rows[1][2][0] == f"Later timestamp: {name}"
    assert ex.order_list.layout.display == "none"  # the list and its two buttons stay as handles only


def test_a_row_button_moves_its_entry_and_the_focus_follows(focused, rows_kind):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    order = list(ex.order)
    third = order[2]
    _press(ex, 2, -1)  # Earlier on the third row
    assert ex.order[1] == third and ex.order[2] == order[1]
    assert _focus(ex, focused) == (1, "up")  # the focus is on the moved entry's Earlier button
    _press(ex, 1, -1)
    assert ex.order[0] == third
    assert _focus(ex, focused) == (0, "down")  # at the top Earlier is disabled: focus its Later button
    _press(ex, 0, +1)  # and back down
    assert ex.order[1] == third and ex.error.value == ""
    assert _focus(ex, focused) == (1, "down")
    while ex.order[-1] != third:
        _press(ex, ex.order.index(third), +1)
    # the last place: its Later is disabled, so its Earlier has the focus
    assert _focus(ex, focused) == (len(order) - 1, "up")
    assert [label for label, _up, _down in _rows(ex)] == _labels(ex, rows_kind)
    html = ex.final_html.value
    ex.do_reset()
    assert ex.order == order and ex.final_html.value != "" and html
    assert [label for label, _up, _down in _rows(ex)] == _labels(ex, rows_kind)


def test_the_rows_follow_another_scenario(rows_kind):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    ex.load("seed/humility-then-gideon")
    assert [label for label, _up, _down in _rows(ex)] == _labels(ex, rows_kind)
    assert len(_rows(ex)) == len(ex.order) == 3
    if rows_kind == "stock":
        assert len(ex.order_box.children) == len(ex.order)


def test_the_same_place_pressed_again_moves_the_focus_again():
    """Two presses that end on the same button (row 0's Move down, twice: a different entry each time) each
    ask the page for the focus: the request carries a serial, so the second is a change too."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    _press(ex, 0, +1)
    first = list(ex.rows_widget.focus)
    _press(ex, 0, +1)
    assert ex.rows_widget.focus[:2] == first[:2] == [1, "down"] and ex.rows_widget.focus != first


def test_the_pages_message_is_checked():
    """A message from the page is untrusted: anything but ``{"press": [place, "up" | "down"]}`` with a shown
    place does nothing (no error, no move)."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    order = list(ex.order)
    for content in ({"press": [0, "left"]}, {"press": ["0", "down"]}, {"press": [True, "down"]},
                    {"press": [0]}, {"press": [-1, "down"]}, {"press": [99, "up"]}, {"go": [0, "down"]},
                    [0, "down"], "press", None, {"press": [0.0, "down"]}, {"move": [0, 1]},
                    {"press": [0, ["down"]]}):  # fmt: skip
        ex.rows_widget._handle_custom_msg(content, [])
    assert ex.order == order and ex.error.value == "" and ex.rows_widget.focus == []
    _press(ex, 0, -1)  # the first row's Move up (disabled in the page): nothing
    assert ex.order == order and ex.error.value == ""


def test_a_hostile_card_name_is_a_rows_text(rows_kind):
    """A card named like markup is shown as its text: the one widget's rows are text (the page sets them with
    textContent and attributes, never as HTML), the stock rows' labels are escaped."""
    import yaml

    from rulekit import mtg
    from rulekit.widgets import LayerExplorer
    from rulekit.widgets.rows import ESM

    hostile = "<img src=x onerror=alert(1)>"
    doc = {
        "game": "mtg",
        "name": "hostile",
        "players": ["Ann"],
        "objects": [
            {"id": "bears", "card": "Grizzly Bears"},
            {"id": "anthem", "card": "Glorious Anthem"},
            {
                "id": "evil",
                "name": hostile,
                "types": ["Enchantment"],
                "abilities": [
                    {
                        "text": hostile,
                        "static": {"affects": "creatures", "modify_pt": {"power": 1, "toughness": 1}},
                    }
                ],
            },
        ],  # fmt: skip
        "events": [{"enter": "bears"}, {"enter": "anthem"}, {"enter": "evil"}],
    }
    ex = LayerExplorer(mtg.scenario_from_text(yaml.safe_dump(doc), "hostile.yaml"))
    assert ex.error.value == "", ex.error.value
    rows = _rows(ex)
    shown = [r for r in rows if hostile in r[0] or escape(hostile) in r[0]]
    assert len(shown) == 1, rows
    ((label, (up, _), (down, _)),) = shown
    assert hostile in up and hostile in down  # a tooltip is an attribute's text in both kinds
    if rows_kind == "stock":
        assert hostile not in label and escape(hostile) in label
    else:
        assert hostile in label  # the text itself: the page sets it as text
        assert "innerHTML" not in ESM and "insertAdjacentHTML" not in ESM and "textContent" in ESM
    place = rows.index(shown[0])
    _press(ex, place, -1 if place else +1)  # it moves, and its row shows it as text again
    moved = _rows(ex)[place - 1 if place else 1][0]
    assert (escape(hostile) if rows_kind == "stock" else hostile) in moved


def test_the_chain_responses_are_buttons():
    from rulekit.widgets import ChainExplorer

    ex = ChainExplorer("apoteose/nested-responses")
    assert isinstance(ex.response, ipywidgets.ToggleButtons)


@pytest.mark.parametrize("kind", ["layers", "chain", "prediction", "builder"])
def test_every_widget_has_a_visible_focus_ring(kind):
    from rulekit.widgets import BoardBuilder, ChainExplorer, LayerExplorer, PredictionCheck

    make = {
        "layers": lambda: LayerExplorer("seed/humility-then-gideon"),
        "chain": lambda: ChainExplorer("apoteose/nested-responses"),
        "prediction": lambda: PredictionCheck("seed/humility-then-gideon", "pt", "gideon"),
        "builder": BoardBuilder,
    }[kind]
    ex = make()
    assert "rulekit-widget" in ex.widget._dom_classes
    focus_rules = FOCUS_CSS.removeprefix("<style>").removesuffix("</style>")
    assert ex.key_guard._css.startswith(focus_rules)  # the page's one shared style
    ex.text_size.value = 1.5
    assert ex.key_guard._css.startswith(focus_rules) and "rulekit-scale-150" in ex.style_html.value
    assert ":focus-visible" in FOCUS_CSS and "outline: 3px solid #0072B2" in FOCUS_CSS  # Okabe–Ito blue
    assert "outline-offset" in FOCUS_CSS and "#F0E442" in FOCUS_CSS  # a gap and a yellow halo: a shape


def test_tables_wrap_between_words_only():
    for prop in ("word-break: normal", "overflow-wrap: normal", "hyphens: none"):
        assert prop in FOCUS_CSS
    assert ".rulekit-widget table td" in FOCUS_CSS


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
def test_every_diagram_fits_the_width(scale, monkeypatch):
    """At any scale the SVG is at most as wide as the output, viewBox kept, height in proportion, and
    shrunk no further than its words stay readable (its box then scrolls sideways)."""
    from rulekit.views import render
    from rulekit.widgets import ChainExplorer, LayerExplorer

    if not render.wasm_available() and not render.dot_available():
        pytest.skip("no Graphviz renderer here")
    for ex in (
        LayerExplorer("classic/dependency-loop", scale=scale),
        ChainExplorer("apoteose/priority-seven", scale=scale),
    ):
        html = ex.diagram_html.value
        if "<svg" not in html:
            continue
        svg = html[html.index("<svg") : html.index(">", html.index("<svg"))]
        assert 'style="max-width:100%;height:auto;min-width:' in svg and "viewBox=" in svg, svg
        assert "overflow:auto" not in html and "75vh" not in html


@pytest.fixture(params=["one widget", "stock"])
def board_rows_kind(request, monkeypatch):
    """The builder's board rows as one anywidget (rulekit.widgets.rows), or stock ones (without anywidget)."""
    if request.param == "stock":
        monkeypatch.setattr("rulekit.widgets.builder_form.button_rows_widget", lambda *_a, **_k: None)
    else:
        pytest.importorskip("anywidget")
    return request.param


def test_the_builders_board_rows(focused, board_rows_kind):
    from rulekit.widgets import BoardBuilder

    from .builder_util import board_rows, press_row, row_focus

    b = BoardBuilder()
    b.add_card("Grizzly Bears")
    b.add_card("Glorious Anthem")
    b.add_card("Humility", zone="graveyard")
    rows = board_rows(b)
    assert b.view.rows_widget is None and b.view.order_rows == []  # its explorer keeps no timestamp rows
    assert (b.board_rows_widget is None) == (board_rows_kind == "stock")
    if board_rows_kind == "stock":
        assert list(b.board_box.children) == [r[0] for r in b.board_rows[:3]]
        assert [r[1].value for r in b.board_rows[:3]] == [escape(label) for label, _v in b.board_list.options]
    else:
        assert b.board_box is b.board_rows_widget and b.board_rows == []
        assert [k["word"] for k in b.board_rows_widget.kinds] == ["Move up", "Move down", "Remove"]
        assert "rulekit-board-rows" in b.board_box._dom_classes
    assert len(rows) == 3 and b.board_list.layout.display == "none"
    assert [label for label, _buttons in rows] == [label for label, _v in b.board_list.options]
    assert rows[1][1]["remove"][0] == f"Remove it (and the events that need it): {rows[1][0]}"
    assert rows[0][1]["up"][1] and not rows[0][1]["down"][1]  # the first event cannot go earlier
    assert rows[1][1]["down"][1]  # the last event cannot go later
    # in the graveyard: no event to move
    assert rows[2][1]["up"][1] and rows[2][1]["down"][1] and not rows[2][1]["remove"][1]
    press_row(b, 0, "down")  # the bears go after the anthem
    assert [o for _k, ev in b.board.events for o in [ev.get("enter")]] == ["glorious-anthem", "grizzly-bears"]
    assert row_focus(b, focused) == (1, "up")  # last now: its Later is disabled, so its Earlier has the focus
    press_row(b, 0, "up")  # disabled (the first row's Earlier): nothing
    assert [o for _k, ev in b.board.events for o in [ev.get("enter")]] == ["glorious-anthem", "grizzly-bears"]
    press_row(b, 2, "remove")  # remove Humility from the graveyard
    assert [o["id"] for o in b.board.objects] == ["grizzly-bears", "glorious-anthem"]
    assert len(board_rows(b)) == 2 and b.error.value == ""
    assert row_focus(b, focused) == (1, "remove")  # the last row's Remove (no row took the place)
    press_row(b, 0, "remove")  # the anthem: the row under it takes its place, and the focus
    assert [o["id"] for o in b.board.objects] == ["grizzly-bears"] and row_focus(b, focused) == (0, "remove")


def test_the_board_rows_message_is_checked():
    """A message from the page is untrusted: anything but ``{"press": [place, action]}`` with a shown place
    and an enabled button does nothing (no error, no change)."""
    pytest.importorskip("anywidget")
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    b.add_card("Grizzly Bears")
    b.add_card("Glorious Anthem")
    board = b.board.copy()
    for content in ({"press": [0, "left"]}, {"press": ["0", "remove"]}, {"press": [True, "remove"]},
                    {"press": [0]}, {"press": [-1, "remove"]}, {"press": [2, "remove"]}, {"press": [0, "up"]},
                    {"press": [1, "down"]}, {"move": [0, 1]}, ["press", 0], None, {"press": [0.0, "down"]},
                    {"press": [0, None]}):  # fmt: skip
        b.board_rows_widget._handle_custom_msg(content, [])
    assert b.board == board and b.error.value == "" and b.board_rows_widget.focus == []


def test_a_hostile_card_name_in_the_board_rows_is_text(board_rows_kind):
    """A card's name is untrusted: the one widget sends it as a row's text (its front end sets every text with
    ``textContent`` or ``setAttribute``, never as HTML); a stock row's label is escaped HTML."""
    from rulekit.widgets import BoardBuilder
    from rulekit.widgets.rows import ESM

    from .builder_util import board_rows

    evil = "<img src=x onerror=alert(1)>&amp;"
    b = BoardBuilder()
    b.add_custom(evil, types="Creature", power=2, toughness=2)
    assert b.error.value == "", b.error.value
    [(label, buttons)] = board_rows(b)
    assert evil in label and all(evil in tip for tip, _off in buttons.values())
    if board_rows_kind == "stock":
        value = b.board_rows[0][1].value
        assert evil not in value and escape(evil) in value
    else:
        assert "innerHTML" not in ESM and "insertAdjacentHTML" not in ESM and "outerHTML" not in ESM
        assert "textContent = text" in ESM and 'setAttribute("title", text)' in ESM
