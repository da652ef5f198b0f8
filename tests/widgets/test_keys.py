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
    assert key_guard() is not None and keys._guard_class() is keys._guard_class()  # one class


def test_without_anywidget_the_explorers_work(monkeypatch):
    import sys

    from rulekit.widgets import LayerExplorer, keys

    keys._guard_class.cache_clear()
    monkeypatch.setitem(sys.modules, "anywidget", None)  # import anywidget raises ImportError
    try:
        ex = LayerExplorer("seed/humility-then-gideon")
        assert not hasattr(ex, "key_guard") and ex.error.value == ""
    finally:
        keys._guard_class.cache_clear()
