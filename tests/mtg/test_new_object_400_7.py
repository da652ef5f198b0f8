"""CR 400.7: "An object that moves from one zone to another becomes a new object with no memory of,
or relation to, its previous existence." A flickered creature (exiled and returned) is a new object
with a new timestamp (613.7d); effects that resolved for the old object (611.2c: they locked their
set of objects) do not apply to it; its counters are gone (122.2); static abilities apply to it as
to any object that enters. In a scenario, the returning object keeps its id: after the ``enter``
event the id names the new object. Before this, the returned card kept the old object's pumps.
"""

from __future__ import annotations

from tests.mtg_library._helpers import solve_text

FLICKER = """
game: mtg
players: [Ann]
objects:
  - {id: bears, card: Grizzly Bears, controller: Ann, counters: {+1/+1: 1}}
  - {id: growth, card: Giant Growth, controller: Ann, zone: graveyard}
  - {id: anthem, card: Glorious Anthem, controller: Ann}
events:
  - resolve: {source: growth, ability: cast, targets: [bears]}
  - resolve: {effect: {affects: targets, type: {add: [Artifact]}}, targets: [bears], id: ironize}
%s"""
RETURN = "  - leave: {object: bears, to: exile}\n  - enter: bears\n"


def _v(t: object) -> object:
    return t.final["bears"]  # type: ignore[attr-defined]


def test_without_the_flicker_the_effects_apply() -> None:
    v = _v(solve_text(FLICKER % ""))
    assert (v.power, v.toughness) == (7, 7) and "Artifact" in v.types  # 2/2 +3/+3, anthem, counter


def test_the_returned_creature_is_a_new_object() -> None:
    for ruleset in ("seed", "current"):
        t = solve_text(FLICKER % RETURN, ruleset)
        v = _v(t)
        # Giant Growth and the type change were for the old object; the counter is gone; the
        # anthem (a static ability) applies to the new object: 2/2 + 1/1
        assert (v.power, v.toughness) == (3, 3), ruleset
        assert v.types == ("Creature",) and v.counters == ()
        assert t.effect("anthem").timestamp < v.timestamp  # a new timestamp (613.7d)


def test_an_effect_that_resolves_after_the_return_applies() -> None:
    again = RETURN + "  - resolve: {source: growth, ability: cast, targets: [bears], id: growth-2}\n"
    assert (_v(solve_text(FLICKER % again)).power) == 6


def test_this_effect_of_the_source_does_not_follow_it() -> None:
    """Gideon Jura's 0 ("Until end of turn, Gideon Jura becomes a 6/6 ... creature"), then Gideon
    leaves and returns: the new Gideon is not a creature."""
    text = """
    game: mtg
    players: [Ann]
    objects:
      - {id: gideon, card: Gideon Jura, controller: Ann}
    events:
      - resolve: {source: gideon, ability: "0"}
      - leave: {object: gideon, to: exile}
      - enter: gideon
    """
    assert "Creature" not in solve_text(text).final["gideon"].types


def test_language_md_example() -> None:
    from pathlib import Path

    from rulekit import mtg

    doc = (Path(mtg.__file__).resolve().parent / "LANGUAGE.md").read_text(encoding="utf-8")
    start = doc.index("# 400.7 example")
    example = doc[start : doc.index("```", start)]
    v = solve_text(example).final["bears"]
    assert (v.power, v.toughness) == (2, 2)


def test_sower_flickered_the_stolen_creature_goes_back() -> None:
    """Sower of Temptation ("gain control of target creature for as long as Sower of Temptation
    remains on the battlefield") leaves and returns: a new Sower; the duration ended when the old
    one left and stays ended (611.2b), so the Bears go back to Bo. The Sower is on the battlefield
    from the start: its first zone change is the ``leave``."""
    text = """
    game: mtg
    players: [Ann, Bo]
    objects:
      - {id: sower, card: Sower of Temptation, controller: Ann}
      - {id: bears, card: Grizzly Bears, controller: Bo}
    events:
      - resolve: {source: sower, ability: etb, targets: [bears]}
    %s"""
    assert solve_text(text % "").final["bears"].controller == "Ann"
    t = solve_text(text % "  - leave: {object: sower, to: exile}\n      - enter: sower\n")
    assert t.final["bears"].controller == "Bo"
    assert t.final["sower"].zone == "battlefield"
    assert (t.effect("sower.etb").active, t.effect("sower.etb").note_code) == (False, "ended")
