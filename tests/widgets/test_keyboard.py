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


def _rows(ex):
    return ex.order_rows[: len(ex.order)]


def test_each_timestamp_holder_has_its_own_buttons():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    rows = _rows(ex)
    assert len(rows) == len(ex.order) >= 3
    assert list(ex.order_box.children) == [box for box, *_ in rows]
    assert [label.value for _b, label, _e, _l in rows] == [
        escape(label) for label, _v in ex.order_list.options
    ]
    assert rows[0][2].disabled and not rows[0][3].disabled  # the first cannot go earlier
    assert rows[-1][3].disabled and not rows[-1][2].disabled  # the last cannot go later
    name = ex.group_label(ex.order[1])
    assert (
        rows[1][2].tooltip == f"Earlier timestamp: {name}"
        and rows[1][3].tooltip == f"Later timestamp: {name}"
    )
    assert ex.order_list.layout.display == "none"  # the list and its two buttons stay as handles only


def test_a_row_button_moves_its_entry_and_the_focus_follows(focused):
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    order = list(ex.order)
    third = order[2]
    _rows(ex)[2][2].click()  # Earlier on the third row
    assert ex.order[1] == third and ex.order[2] == order[1]
    assert focused == [_rows(ex)[1][2]]  # the focus is on the moved entry's Earlier button
    _rows(ex)[1][2].click()
    assert ex.order[0] == third
    assert focused[-1] is _rows(ex)[0][3]  # at the top Earlier is disabled: focus its Later button
    _rows(ex)[0][3].click()  # and back down
    assert ex.order[1] == third and ex.error.value == ""
    html = ex.final_html.value
    ex.do_reset()
    assert ex.order == order and ex.final_html.value != "" and html


def test_the_rows_follow_another_scenario():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("classic/lattice-and-march")
    ex.load("seed/humility-then-gideon")
    assert len(ex.order_box.children) == len(ex.order)
    assert [label.value for _b, label, _e, _l in _rows(ex)] == [
        escape(label) for label, _v in ex.order_list.options
    ]


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


def test_the_builders_board_rows(focused):
    from rulekit.widgets import BoardBuilder

    b = BoardBuilder()
    b.add_card("Grizzly Bears")
    b.add_card("Glorious Anthem")
    b.add_card("Humility", zone="graveyard")
    rows = b.board_rows[: len(b.board_list.options)]
    assert list(b.board_box.children) == [r[0] for r in rows] and len(rows) == 3
    assert b.board_list.layout.display == "none"
    assert [r[1].value for r in rows] == [escape(label) for label, _v in b.board_list.options]
    assert rows[0][2].disabled and not rows[0][3].disabled  # the first event cannot go earlier
    assert rows[1][3].disabled  # the last event cannot go later
    assert (
        rows[2][2].disabled and rows[2][3].disabled and not rows[2][4].disabled
    )  # in the graveyard: no event
    rows[0][3].click()  # the bears go after the anthem
    assert [o for _k, ev in b.board.events for o in [ev.get("enter")]] == ["glorious-anthem", "grizzly-bears"]
    assert focused[-1] is b.board_rows[1][2]  # last now: its Later is disabled, so its Earlier has the focus
    b.board_rows[2][4].click()  # remove Humility from the graveyard
    assert [o["id"] for o in b.board.objects] == ["grizzly-bears", "glorious-anthem"]
    assert len(b.board_box.children) == 2 and b.error.value == ""
