"""PredictionCheck: right / wrong from the trace, an explanation, a reveal; never raises."""

from __future__ import annotations

import re

from rulekit.i18n import complete_languages


def _check(p, text):
    p.answer.value = text
    p.check.click()
    return p.correct


def test_pt_right_and_wrong(mtg_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, "pt", "gideon")
    assert "Gideon Jura" in p.question.value
    assert _check(p, "6/6") is False
    assert "Not right" in p.result.value
    assert "layer 7c: Night of Souls" in p.result.value  # the board's steps...
    assert "6/6 → 5/5" not in p.result.value  # ...without giving the values away
    assert _check(p, " 5 / 5 ") is True
    assert "Right" in p.result.value and "6/6 → 5/5" in p.result.value
    p.reveal.click()
    assert "Answer:</strong> 5/5" in p.result.value


def test_lesson_keywords_and_kinds(mtg_trace):
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, ask="types", object="gideon")
    assert _check(p, "Legendary Planeswalker Creature — Gideon Human Soldier") is True
    assert _check(p, "Gideon, Human, Soldier") is False  # the subtypes alone are a part of the line
    assert "Those are its subtypes" in p.result.value
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


def _bears(power, toughness, subtypes=("Bear",), colors=("green",)):
    from rulekit.mtg.trace import ObjectView, Trace

    view = ObjectView(
        id="x",
        name="X",
        owner="A",
        controller="A",
        zone="battlefield",
        types=("Creature",),
        subtypes=subtypes,
        colors=colors,
        power=power,
        toughness=toughness,
    )
    return Trace("seed", "demo", initial={"x": view}, final={"x": view})


def test_the_placeholder_never_is_the_answer(mtg_trace):
    """Learner review: "e.g. 5/5" for a 5/5 Gideon gave the answer away."""
    from rulekit.widgets import PredictionCheck

    p = PredictionCheck(mtg_trace, "pt", "gideon")
    assert p.expected() not in p.answer.placeholder and "power/toughness" in p.answer.placeholder
    for pt in ((2, 3), (3, 2), (5, 5)):
        q = PredictionCheck(_bears(*pt), "pt", "x")
        assert q.expected() not in q.answer.placeholder, q.answer.placeholder
        assert re.search(r"\d+/\d+", q.answer.placeholder)  # still shows the format by example
    for subtypes in (("Plains", "Island"), ("Island", "Plains"), ("Mountain", "Swamp")):
        s = PredictionCheck(_bears(2, 2, subtypes=subtypes), "subtypes", "x")
        assert not s._matches(s.answer.placeholder.split("like ")[-1]), s.answer.placeholder
    c = PredictionCheck(_bears(2, 2, colors=("white", "blue")), "colors", "x")
    assert not c._matches(c.answer.placeholder.split("like ")[-1])


def test_the_placeholder_on_a_blood_moon_board_is_not_the_answer():
    import pytest

    mtg = pytest.importorskip("rulekit.mtg")
    from rulekit.widgets import PredictionCheck

    trace = mtg.solve(mtg.load_scenario("classic/urborg-then-blood-moon"))
    p = PredictionCheck(trace, "subtypes", "forest")
    assert p.error.value == ""
    hint = p.answer.placeholder
    assert "Mountain" not in hint and p.expected() not in hint


def test_the_whole_placeholder_fits_in_the_answer_box():
    """Learner walkthrough (Chromium, every language): the order hint was cut off ("ids em ordem,
    separados por vírgulas (ou ne"): about 42 characters fitted in 28em beside the 80px label. The box
    is now wide enough for the whole hint at that density (in em: it grows with the text-size knob),
    never wider than the notebook, and keeps its native label."""
    import pytest

    mtg = pytest.importorskip("rulekit.mtg")
    from rulekit.widgets import PredictionCheck

    trace = mtg.solve(mtg.load_scenario("classic/urborg-then-blood-moon"))
    for lang in complete_languages():
        for kind, target in (("order", None), ("subtypes", "forest"), ("colors", "forest"), ("pt", "forest")):
            p = PredictionCheck(trace, kind, target, lang=lang)
            box = p.answer
            assert p.error.value == "" and box.placeholder and box.description, (lang, kind)
            width = box.layout.width
            assert width.endswith("em") and box.layout.max_width == "100%", width
            label_em = max(80 / 13, 0.6 * len(box.description))
            assert float(width[:-2]) - label_em >= 0.55 * len(box.placeholder), (
                lang,
                kind,
                width,
                box.placeholder,
            )
            if kind == "order":
                assert box.placeholder.startswith(
                    {"en": "ids in order", "pt-BR": "ids em ordem", "es": "ids en orden"}[lang]
                )
