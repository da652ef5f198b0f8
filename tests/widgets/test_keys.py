"""Every explorer carries the key guard (rulekit.widgets.keys): an invisible anywidget whose front end
marks the explorer's box, its cell output and every element focused in them with
``data-lm-suppress-shortcuts``, so that JupyterLab's shortcuts leave the explorer's keys alone (the browser
side: tests/e2e/test_keys_browser.py)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")
pytest.importorskip("rulekit.mtg")


def _explorers():
    from rulekit.widgets import BoardBuilder, ChainExplorer, LayerExplorer, PredictionCheck

    return [
        LayerExplorer("seed/humility-then-gideon"),
        ChainExplorer("apoteose/nested-responses"),
        PredictionCheck("seed/humility-then-gideon", "pt", "gideon"),
        BoardBuilder(),
        LayerExplorer("no/such/board"),  # an explorer showing an error keeps its keys too
    ]


def test_every_explorer_carries_one_guard():
    from rulekit.widgets.keys import ESM

    for ex in _explorers():
        guards = [c for c in ex.widget.children if getattr(c, "_esm", None) == ESM]
        assert guards == [ex.key_guard], ex
        assert "rulekit-widget" in ex.widget._dom_classes  # the box the guard looks for


def test_the_guard_marks_what_is_focused_and_sends_nothing():
    from rulekit.widgets import keys
    from rulekit.widgets.keys import ESM, key_guard

    assert 'const MARK = "data-lm-suppress-shortcuts"' in ESM
    assert 'addEventListener("focusin"' in ESM and "event.target" in ESM and "setAttribute(MARK" in ESM
    assert ".rulekit-widget" in ESM and ".jp-OutputArea-output" in ESM
    assert "model.send" not in ESM and "model.set" not in ESM
    assert key_guard() is not None and keys._guard_class("") is keys._guard_class("")  # one class


def test_the_explorers_style_is_one_element_a_page():
    """The rules every explorer needs ride on the guard's anywidget ``_css``: the front end keeps one
    ``<style>`` a page for them (keyed by the class's ``_anywidget_id``), not a copy an explorer, which style
    recalculation matched again and again on every click; a box keeps only its own size's rules."""
    from rulekit.widgets._base import FOCUS_CSS, PAGE_CSS, PRESENT_CSS, WIDGET_CSS

    explorers = _explorers()
    ids = set()
    for ex in explorers:
        assert ex.key_guard._css == PAGE_CSS and ex.style_html.value == "", ex
        ids.add(ex.key_guard.get_state()["_anywidget_id"])
    assert len(ids) == 1  # one shared style element for the whole page
    assert "<style" not in PAGE_CSS and ":focus-visible" in PAGE_CSS and ".rulekit-fit table" in PAGE_CSS
    assert WIDGET_CSS == FOCUS_CSS + PRESENT_CSS
    explorers[0].text_size.value = 1.5  # a size's own rules stay in its box
    assert explorers[0].style_html.value.startswith("<style>.rulekit-scale-150")


def test_without_anywidget_the_explorers_work(monkeypatch):
    import sys

    from rulekit.widgets import LayerExplorer, keys
    from rulekit.widgets._base import WIDGET_CSS

    keys._guard_class.cache_clear()
    monkeypatch.setitem(sys.modules, "anywidget", None)  # import anywidget raises ImportError
    try:
        ex = LayerExplorer("seed/humility-then-gideon")
        assert not hasattr(ex, "key_guard") and ex.error.value == ""
        assert ex.style_html.value == WIDGET_CSS  # no shared style without the guard: the box carries it
    finally:
        keys._guard_class.cache_clear()
