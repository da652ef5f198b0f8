"""PredictionCheck (issue 4 §5): right / wrong from the trace, an explanation, a reveal; never raises."""

from __future__ import annotations


def _check(p, text):
    p.answer.value = text
    p.check.click()
    return p.correct


def test_pt_right_and_wrong(mtg_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, "pt", "gideon")
    assert "Gideon Jura" in p.question.value
    assert _check(p, "6/6") is False
    assert "Not quite" in p.result.value
    assert "layer 7c: Night of Souls" in p.result.value  # which steps matter...
    assert "6/6 → 5/5" not in p.result.value  # ...without giving the values away
    assert _check(p, " 5 / 5 ") is True
    assert "Right" in p.result.value and "6/6 → 5/5" in p.result.value
    p.reveal.click()
    assert "Answer:</strong> 5/5" in p.result.value


def test_lesson_keywords_and_kinds(mtg_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, ask="types", object="gideon")
    assert _check(p, "Legendary Planeswalker Creature — Gideon Human Soldier") is True
    assert _check(p, "Gideon, Human, Soldier") is True  # the subtypes alone are accepted
    assert _check(p, "Gideon") is False
    c = PredictionCheck(mtg_trace, ask="controller", object="gideon")
    assert _check(c, "gideon") is True


def test_order_on_a_chain(chain_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(chain_trace, ask="resolution_order")
    assert _check(p, "pocao, escudo") is False
    assert _check(p, "escudo, pocao") is True
    assert "depth-first" in p.result.value


def test_order_of_effects_in_a_layer(mtg_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, "order", layer="7b")
    assert _check(p, "Humility, Gideon Jura: 0") is True
    assert _check(p, "gideon.0, humility") is False


def test_bad_input_shows_a_message_and_never_raises(mtg_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, "pt", "nobody")
    assert "unknown object" in p.error.value and "⚠" in p.error.value
    q = PredictionCheck(mtg_trace, "flavour", "gideon")
    assert "kind must be one of" in q.error.value
    r = PredictionCheck(object(), "pt", "gideon")  # not a trace or a scenario at all
    assert r.error.value
    s = PredictionCheck(mtg_trace, "pt", "gideon")
    s.answer.value = ""
    s.check.click()
    assert "Type a prediction first" in s.result.value and s.correct is None
