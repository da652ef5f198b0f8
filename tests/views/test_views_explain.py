"""explain_step cites the rule that really puts a step where it is (learner review)."""

from __future__ import annotations

import pytest

mtg = pytest.importorskip("rulekit.mtg")
if not hasattr(mtg, "solve"):
    pytest.skip("the MTG engine is not available yet", allow_module_level=True)


def _steps(name: str, ruleset: str = "seed"):
    from rulekit.views import mtg as mv

    trace = mtg.solve(mtg.load_scenario(name), ruleset=ruleset)
    return [(s, mv.explain_step(trace, k)) for k, s in enumerate(trace.steps, 1)]


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_player_effects_come_after_the_object_layers_by_613_10(ruleset):
    (text,) = [t for s, t in _steps("seed/witchbane-orb", ruleset) if s.layer == "players"]
    assert "613.10" in text and "(613.7)" not in text
    assert "after all effects on objects" in text


@pytest.mark.parametrize("ruleset", ["seed", "current"])
def test_rules_effects_come_last_by_613_11(ruleset):
    (text,) = [t for s, t in _steps("seed/gnat-miser", ruleset) if s.layer == "rules"]
    assert "613.11" in text and "(613.7)" not in text


def test_counters_apply_in_their_sublayer_without_a_timestamp():
    (text,) = [t for s, t in _steps("classic/clone-and-anthem", "seed") if s.effect == "counters"]
    assert "613.4d" in text and "(613.7)" not in text
    assert "timestamp —" not in text and "no timestamp" in text


def test_current_counters_apply_in_7c_with_the_timestamp_they_were_put_on():
    """613.4c (current edition): counters apply with the 7c effects in timestamp order, each with
    the timestamp of the moment it was put on."""
    (text,) = [t for s, t in _steps("classic/clone-and-anthem", "current") if s.effect == "bears.counters"]
    assert "613.4c" in text and "timestamp" in text and "no timestamp" not in text


def test_object_effects_still_cite_timestamp_order():
    texts = [t for s, t in _steps("seed/witchbane-orb") if s.layer == "7c"]
    assert texts and "(613.7)" in texts[0]


def test_step_sentences_are_written_in_one_place():
    """The English step paragraph is rulekit.views.reasons's (every language's): views/mtg.py spells
    none of the reason sentences again, and its explain_step is the English of the one renderer."""
    import inspect

    from rulekit.views import mtg as mv
    from rulekit.views import reasons

    source = inspect.getsource(mv)
    for code in (
        "CDA_FIRST",
        "LOOP",
        "DEPENDS_ON",
        "WAITED_BY",
        "TIMESTAMP",
        "TIMESTAMP_AMONG",
        "PLAYERS_AFTER_OBJECTS",
        "RULES_LAST",
        "COUNTERS_SEED",
        "COUNTERS_CURRENT",
    ):
        words = reasons.REASONS[code].split("{")[0][:40] or reasons.REASONS[code].split("}")[1][:40]
        assert words.strip() and words not in source, (code, words)
    for name in ("seed/humility-then-gideon", "classic/urborg-then-blood-moon", "seed/witchbane-orb"):
        trace = mtg.solve(mtg.load_scenario(name))
        for k in range(len(trace.steps) + 1):
            assert mv.explain_step(trace, k) == reasons.explain_step(trace, k, "en")
