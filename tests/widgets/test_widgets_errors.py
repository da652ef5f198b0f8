"""An explorer given bad input shows the real message, never "Unexpected problem"."""

from __future__ import annotations

import pytest

from rulekit.views import render as rv

UNEXPECTED = "Unexpected problem"


def _shows(widget, *parts: str) -> None:
    html = widget.error.value
    assert "⚠ That did not work" in html and UNEXPECTED not in html, html
    for part in parts:
        assert part in html, html


@pytest.mark.parametrize("bad", [42, None, object(), ["seed/blood-moon"]])
def test_explorers_name_what_they_expected(bad):
    from rulekit.widgets import ChainExplorer, LayerExplorer, PredictionCheck

    _shows(LayerExplorer(bad, backend="text"), "expected an MTG scenario")
    _shows(ChainExplorer(bad, backend="text"), "expected an Apoteose scenario")
    _shows(PredictionCheck(bad, "pt", "x"), "expected a trace or a scenario")


def test_wrong_game_is_the_loaders_message():
    from rulekit.widgets import ChainExplorer, LayerExplorer

    _shows(LayerExplorer("apoteose/nested-responses", backend="text"), "Apoteose scenario")
    _shows(ChainExplorer("seed/blood-moon", backend="text"), "game: apoteose")


def test_move_with_an_unknown_effect_id_says_so():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon", backend="text")
    ex.move(+1, effect_id="humilty")
    _shows(ex, "unknown effect id &#x27;humilty&#x27;", "did you mean &#x27;humility&#x27;")
    ex.move(3, effect_id="humility")
    _shows(ex, "move() takes -1 (earlier) or +1 (later), not 3")


def test_bad_ruleset_is_reported_not_silently_replaced():
    from rulekit.widgets import LayerExplorer

    ex = LayerExplorer("seed/humility-then-gideon", ruleset="curent", backend="text")
    _shows(ex, "ruleset must be seed or current", "did you mean &#x27;current&#x27;")
    assert ex.ruleset.value == "seed" and ex.final_html.value  # and it still shows the seed result


def test_prediction_check_rejects_unknown_ids_and_layers():
    from rulekit.widgets import PredictionCheck

    check = PredictionCheck("seed/humility-then-gideon", "pt", "gideon", without=["nope"])
    _shows(check, "no effect &#x27;nope&#x27;")
    _shows(PredictionCheck("seed/humility-then-gideon", "order", layer="9z"), "no effect applies in it")


@pytest.mark.parametrize("how", ["env", "argument"])
def test_bogus_backend_is_a_message_in_place_of_the_diagram(how, monkeypatch):
    from rulekit.widgets import ChainExplorer, LayerExplorer

    if how == "env":
        monkeypatch.setenv(rv.ENV_VAR, "bogus")
        kw = {}
    else:
        kw = {"backend": "bogus"}
    ex = LayerExplorer("seed/humility-then-gideon", **kw)
    assert ex.last_exception is None and "<table" in ex.final_html.value  # the tables still show
    assert "is not a Graphviz backend: use dot, wasm, text" in ex.diagram_html.value
    assert UNEXPECTED not in ex.diagram_html.value
    ch = ChainExplorer("apoteose/nested-responses", **kw)
    assert "is not a Graphviz backend" in ch.diagram_html.value and ch.log_html.value
