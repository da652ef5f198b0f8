"""Reasons are data: the trace holds codes and parameters; rulekit.mtg.messages
renders the sentences (in English, the wording of the first release)."""

from __future__ import annotations

import json
import textwrap

from rulekit import mtg
from rulekit.mtg.messages import dependency_text as dependency_reason
from rulekit.mtg.messages import note_text as effect_note
from rulekit.views import mtg as mv


def test_a_dependency_is_a_code_with_parameters() -> None:
    """613.8a / rules-notes: Blood Moon removes Urborg's ability, so Urborg depends on it."""
    t = mtg.solve("classic/urborg-then-blood-moon")
    d = next(d for d in t.dependencies if d.effect == "urborg")
    assert d.code == d.kind == "existence"
    params = dict(d.params)
    assert params["by"] == "Blood Moon" and params["source"] == "Urborg, Tomb of Yawgmoth"
    assert d.reason == dependency_reason(d.kind, d.params)
    assert d.reason == (
        "Blood Moon removes Urborg, Tomb of Yawgmoth's ability, so Urborg, Tomb of Yawgmoth's "
        "effect no longer exists"
    )
    data = json.loads(t.to_json())
    assert all(x["code"] == "existence" for x in data["dependencies"])


def test_an_effect_that_went_first_because_another_waited_on_it() -> None:
    """Urborg (timestamp 2) waits on Blood Moon (timestamp 3): Blood Moon applies first, not by
    timestamp but because Urborg waited on it; the why column says so."""
    t = mtg.solve("classic/urborg-then-blood-moon")
    step = next(s for s in t.steps if s.effect == "blood-moon")
    assert step.why == "waited_on" and step.waited_by == ("urborg",)
    assert mv.why_text(t, step) == "Urborg, Tomb of Yawgmoth waited on it"
    assert "waited on it" in mv.explain_step(t, step.index + 1)


def test_the_counters_step_has_no_timestamp_and_says_so() -> None:
    """613.4d (seed 7d): +1/+1 counters apply in their own sublayer, with no timestamp."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: bears, card: Grizzly Bears, counters: {"+1/+1": 1}}
      - {id: anthem, card: Glorious Anthem}
    """
    trace = mtg.solve(mtg.scenario_from_text(textwrap.dedent(text), "c.yaml"))
    step = next(s for s in trace.steps if s.effect == "counters")
    assert step.why == "counters" and step.timestamp is None
    assert mv.why_text(trace, step) == "counters (no timestamp)"


def test_effect_notes_are_codes() -> None:
    """611.2b: "for as long as" never starts if its condition is already false (seed scenario)."""
    seen: dict[str, str] = {}
    for name in mtg.list_scenarios():
        for e in mtg.solve(name).effects:
            if e.note_code:
                seen.setdefault(e.note_code, e.note)
                assert e.note == effect_note(e.note_code, e.note_params)
    assert set(seen) <= {
        "switched_off",
        "ended",
        "never_started",
        "ability_removed",
        "illegal_target",
        "did_not_apply",
    }
    assert effect_note("switched_off", ()) == "switched off"
    assert effect_note("ability_removed", (("by", "Humility"), ("layer", "6"))) == (
        "Humility removed its ability before it applied (layer 6)"
    )


def test_illegal_target_note() -> None:
    failures = (
        (("code", "not_a"), ("name", "Rock"), ("selector", "creature"), ("where", "battlefield")),
        (
            ("code", "bad_value"),
            ("name", "Big"),
            ("characteristic", "power"),
            ("value", 5),
            ("op", "<="),
            ("bound", 3),
            ("expr", "3"),
        ),
    )
    note = effect_note("illegal_target", (("all", True), ("rule", "creature"), ("failures", failures)))
    assert note == (
        "608.2b: did nothing, every target was illegal on resolution (targets must be 'creature'): "
        "Rock is not a creature; Big has power 5, not <= 3 (3)"
    )


def test_the_engines_dependencies_read_the_reason_a_constructed_one_has() -> None:
    """The engine builds its dependencies without their English sentence, made when first read
    (a big board judges thousands nobody reads): each reads, compares and hashes as the same
    dependency constructed with its code and parameters, whose reason is filled in at once."""
    import pickle

    from rulekit.mtg.generate import board
    from rulekit.mtg.trace import Dependency

    t = mtg.solve(board(200, 30, seed=2))
    built = [d for s in t.steps for d in s.dependencies]
    assert len(built) > 20
    for d in built:
        fresh = Dependency(d.effect, d.depends_on, d.layer, kind=d.kind, params=d.params)
        again = pickle.loads(pickle.dumps(d))
        assert fresh.reason and d.reason == fresh.reason == again.reason
        assert d == fresh and hash(d) == hash(fresh) and repr(d) == repr(fresh)
    assert Dependency("a", "b", "4").reason == ""
